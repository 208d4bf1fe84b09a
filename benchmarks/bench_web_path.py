"""The web table's command path in one process, without sockets: per command, the CPU
time to apply and commit it (SQLite, one transaction: the group commit of a single
table's command) and to build and serialise every seat's update
(``TableManager.broadcast`` into six connections' queues).

What ``make bench-web`` measures end to end also includes the WebSocket layer and
the clients; this isolates the server's own work, and so is steadier on a shared
machine.

``--tables N`` plays N tables at once instead, one command each per round, all
started together (``asyncio.gather``), so that the group commit stores each round
in one transaction, and reports the CPU time per command of the whole path.

Run: ``python benchmarks/bench_web_path.py [--commands 3000] [--tables 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from straights.store import Store
from straights.web.manager import Connection, LiveTable, TableManager
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable


async def _ignore(text: str) -> None:
    """Where a connection's writer would send: nothing here."""


async def _table(manager: TableManager, seats: int) -> tuple[LiveTable, list[Connection]]:
    """A new table with a player in every seat and a connection for each."""
    table_id, _ = await manager.create(TableSettings(seats=seats, stack=10**6))
    live = manager.tables[table_id]
    assert live.task is not None
    live.task.cancel()  # no bots or timers: the benchmark drives the table
    conns = []
    for seat in range(seats):
        sit = {"kind": "sit", "seat": seat, "name": f"p{seat}", "token_hash": f"{seat:064d}"}
        await manager.run(live, sit)
        conn = Connection(_ignore)
        conn.live, conn.seat = live, seat
        conn.owner = live.table.seats[seat].owner  # type: ignore[union-attr]
        live.conns.add(conn)
        conns.append(conn)
    return live, conns


def _next(table: WebTable) -> dict[str, Any]:
    """A deal, or the actor's check or call."""
    if not table.in_hand:
        return {"kind": "deal"}
    actor = table.game.engine.actor
    assert actor is not None
    kinds = {a.kind: a for a in table.game.engine.legal_actions(actor)}
    action = kinds.get("check") or kinds["call"]
    return {"kind": "act", "seat": actor, "action": action.kind, "to": action.to}


def _drain(conns: list[Connection]) -> None:
    for conn in conns:
        while not conn.queue.empty():
            conn.queue.get_nowait()


async def measure(commands: int, seats: int) -> tuple[float, float]:
    """Mean CPU seconds per command: (apply and commit, broadcast)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'path.db'}")
        manager = TableManager(store, bot_delay=0, deal_delay=0)
        live, conns = await _table(manager, seats)
        commit = broadcast = 0.0
        for _ in range(commands):
            command = _next(live.table)
            start = time.process_time()
            await manager._commit(live, command)
            middle = time.process_time()
            manager.broadcast(live)
            broadcast += time.process_time() - middle
            commit += middle - start
            _drain(conns)
        store.close()
    return commit / commands, broadcast / commands


async def measure_tables(commands: int, seats: int, tables: int) -> float:
    """Mean CPU seconds per command of ``manager.run`` with ``tables`` tables at once."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'path.db'}")
        manager = TableManager(store, bot_delay=0, deal_delay=0)
        played = [await _table(manager, seats) for _ in range(tables)]
        rounds = max(1, commands // tables)
        used = 0.0
        for _ in range(rounds):
            todo = [(live, _next(live.table)) for live, _ in played]
            start = time.process_time()
            await asyncio.gather(*(manager.run(live, command) for live, command in todo))
            used += time.process_time() - start
            for _, conns in played:
                _drain(conns)
        store.close()
    return used / (rounds * tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=3000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--tables", type=int, default=1, help="tables playing at once")
    args = parser.parse_args()
    if args.tables > 1:
        used = asyncio.run(measure_tables(args.commands, args.seats, args.tables))
        print(
            f"{args.commands} commands at {args.tables} {args.seats}-seat tables at once: "
            f"{used * 1e3:.3f} ms of CPU each ({1 / used:,.0f}/s on one core)"
        )
        return
    commit, broadcast = asyncio.run(measure(args.commands, args.seats))
    total = commit + broadcast
    print(
        f"{args.commands} commands at a {args.seats}-seat table: "
        f"{total * 1e3:.2f} ms each ({1 / total:,.0f}/s on one core): "
        f"apply and commit {commit * 1e3:.2f} ms, broadcast {broadcast * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
