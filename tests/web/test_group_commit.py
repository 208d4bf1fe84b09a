"""The group commit: many tables' commands in one transaction, nothing sent before it
is stored, and a command that cannot be stored undone on its own table only."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from straights.errors import StoreError
from straights.store import LogWrite, Store
from straights.web.manager import Connection, LiveTable, TableManager, TableWaiting
from straights.web.protocol import TableSettings


async def _tables(store: Store, count: int) -> tuple[TableManager, list[LiveTable]]:
    """A manager with ``count`` tables of two people each, no driver tasks (the test
    runs every command), and one watching connection per table."""
    manager = TableManager(store, bot_delay=0, deal_delay=0)
    tables = []
    for _ in range(count):
        table_id, _ = await manager.create(TableSettings(seats=2, bots=0, stack=100))
        live = manager.tables[table_id]
        assert live.task is not None
        live.task.cancel()
        for seat in (0, 1):
            sit = {"kind": "sit", "seat": seat, "name": f"P{seat}", "token_hash": f"{seat:064}"}
            await manager.run(live, sit)
        tables.append(live)
    return manager, tables


def _watch(manager: TableManager, live: LiveTable, sent: list[tuple[int, int]]) -> None:
    """A spectator of ``live`` that records, for each state it is handed, its version
    and how many of the table's commands the database held at that moment."""
    row_id = manager.row_ids[live.table.id]

    async def nowhere(text: str) -> None:
        pass

    conn = Connection(nowhere)

    def send(message: dict[str, Any] | str) -> None:
        state = json.loads(message) if isinstance(message, str) else message
        if state["type"] == "state":
            sent.append((state["version"], len(manager.store.log(row_id))))

    conn.send = send  # type: ignore[method-assign]
    conn.live = live
    live.conns.add(conn)


def test_commands_of_many_tables_share_one_transaction_and_are_shown_once_stored(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 'group.db'}")
        manager, tables = await _tables(store, 5)
        sent: list[tuple[int, int]] = []
        for live in tables:
            _watch(manager, live, sent)
        before = manager.commits.transactions, manager.commits.commands
        await asyncio.gather(*(manager.run(live, {"kind": "deal"}) for live in tables))
        assert manager.commits.transactions == before[0] + 1
        assert manager.commits.commands == before[1] + 5
        # Each table's deal is its third command (after the two sits).
        assert [live.table.seq for live in tables] == [3] * 5
        for live in tables:
            assert len(store.log(manager.row_ids[live.table.id])) == 3
        # Every state went out after its command was in the database, never before.
        assert len(sent) == 5
        assert all(version <= stored for version, stored in sent)
        store.close()

    asyncio.run(main())


def test_a_command_that_cannot_be_stored_pauses_its_table_alone(tmp_path: Path) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 'group.db'}")
        manager, (a, b) = await _tables(store, 2)
        sent: list[tuple[int, int]] = []
        _watch(manager, a, sent)
        # The database refuses whatever holds a command of table a.
        append_many = store.append_many
        refused = manager.row_ids[a.table.id]

        def failing(writes: Sequence[LogWrite]) -> None:
            if any(w.table_id == refused for w in writes):
                raise StoreError("the disk is full")
            append_many(writes)

        store.append_many = failing  # type: ignore[method-assign]
        before = manager.commits.transactions
        results = await asyncio.gather(
            manager.run(a, {"kind": "deal"}),
            manager.run(b, {"kind": "deal"}),
            return_exceptions=True,
        )
        assert isinstance(results[0], TableWaiting) and results[1] is None
        # One transaction for both failed; then each alone: b's stored, a's refused.
        assert manager.commits.transactions == before + 3
        assert b.table.in_hand and b.table.seq == 3
        assert len(store.log(manager.row_ids[b.table.id])) == 3
        # a waits for its database, nothing sent; then it is rebuilt from what is
        # stored (the database reads again): no deal, and the stored state is sent.
        assert a.waiting and sent == []
        with pytest.raises(TableWaiting):
            await manager.run(a, {"kind": "deal"})
        await asyncio.sleep(0.6)
        assert not a.waiting and not a.table.in_hand and a.table.seq == 2
        assert sent and all(version <= 2 for version, _ in sent)
        store.close()

    asyncio.run(main())


def test_one_command_alone_has_a_transaction_of_its_own() -> None:
    async def main() -> None:
        store = Store("sqlite://")
        manager, (live,) = await _tables(store, 1)
        before = manager.commits.transactions, manager.commits.commands
        await manager.run(live, {"kind": "deal"})
        assert live.table.in_hand
        assert len(store.log(manager.row_ids[live.table.id])) == 3
        assert (manager.commits.transactions, manager.commits.commands) == (
            before[0] + 1,
            before[1] + 1,
        )
        store.close()

    asyncio.run(main())


@pytest.mark.parametrize("cancel_first", [True, False])
def test_a_cancelled_caller_leaves_its_command_to_the_batch(cancel_first: bool) -> None:
    """A caller cancelled while waiting (the server stopping) does not take its command
    out of the batch: it is stored, and the table in memory agrees."""

    async def main() -> None:
        store = Store("sqlite://")
        manager, (live,) = await _tables(store, 1)
        task = asyncio.ensure_future(manager.run(live, {"kind": "deal"}))
        await asyncio.sleep(0)  # the command is applied and waits for the flush
        if cancel_first:
            task.cancel()
        await asyncio.sleep(0.01)
        assert len(store.log(manager.row_ids[live.table.id])) == live.table.seq == 3
        if cancel_first:
            with contextlib.suppress(asyncio.CancelledError):
                await task
            assert task.cancelled()
        else:
            await task
        store.close()

    asyncio.run(main())
