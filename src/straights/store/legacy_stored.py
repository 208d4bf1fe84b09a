"""Straights tables stored by earlier releases, read from the store by the one engine.

* :func:`replay_stored` replays a stored table's events and compares them;
* :func:`load_terminal` replays a terminal table's commands and carries it over to the
  one table (:data:`~straights.store.legacy_straights.SWITCH`).

Both replay through :class:`~straights.store.legacy_straights.LegacyTable`.
"""

from __future__ import annotations

from typing import Any

from straights.errors import HandHistoryError
from straights.poker.engine import Deal
from straights.poker.variant import Variant
from straights.store.database import Store
from straights.store.legacy_straights import (
    SWITCH,
    LegacyTable,
    Replayed,
    one_table,
    replay_log,
)
from straights.store.table import POKER, Replaying, StoredTable

__all__ = ["load_terminal", "replay_stored"]


def replay_stored(store: Store, table_id: int) -> Replayed:
    """Replay a stored Straights table of an earlier release from the events stored with
    its commands (a terminal table's, 0.1.0's, or a web table's of settings editions 1
    to 3, whose host's ``change`` commands of the ante or the betting are the settings
    changes its events do not tell) and compare, as :func:`replay_log` does.

    >>> from straights.game.config import TableConfig
    >>> store = Store("sqlite://")  # a log as an earlier release wrote it
    >>> record = store.create_table("terminal", TableConfig(seats=2), seed=5)
    >>> old = LegacyTable(TableConfig(seats=2), seed=5)
    >>> for seq, command in enumerate([{"kind": "sit", "seat": 0, "name": "Ann"},
    ...         {"kind": "sit", "seat": 1, "name": "Bob"}, {"kind": "deal"},
    ...         {"kind": "act", "seat": 0, "action": "bet"}], start=1):  # mid-deal
    ...     told = [e.to_dict() for e in old.apply(command)]
    ...     store.append(record.id, seq, command, told)
    >>> replayed = replay_stored(store, record.id)
    >>> replayed.difference, replayed.table.stacks() == old.stacks()
    (None, True)
    """
    events: list[dict[str, Any]] = []
    changes: dict[int, dict[str, Any]] = {}
    for entry in store.log(table_id):
        if entry.command.get("kind") == "change":
            keep: dict[str, Any] = {
                k: entry.command[k] for k in ("ante", "betting") if k in entry.command
            }
            changes[len(events)] = keep
        events.extend(entry.events)
    return replay_log(store.table(table_id).config, events, changes)


def load_terminal(
    store: Store, table_id: int, on_replay: Replaying | None = None
) -> StoredTable[Deal, Variant]:
    """A terminal Straights table of an earlier release (its log Straights' own table's
    commands), replayed by the one engine and checked command by command against the
    events stored with each, then carried over to the one table: its later commands are
    the one table's (:data:`~straights.store.table.POKER`), after :data:`SWITCH`,
    which is stored now if it was not yet. ``on_replay`` is called before each of those
    later commands, as :meth:`StoredTable.load` calls it.
    """
    record = store.table(table_id)
    if record.seed is None:
        raise HandHistoryError(
            f"table {record.id} was saved by straights 0.1.0, which kept no seed for "
            "its next deals: it cannot be continued (its deals are in `straights history`)"
        )
    legacy = LegacyTable(record.config, seed=record.seed)
    log = store.log(table_id)
    before = next((k for k, e in enumerate(log) if e.command == SWITCH), len(log))
    for entry in log[:before]:
        entry.check(table_id, [e.to_dict() for e in legacy.apply(entry.command)])
    stored = StoredTable(store, record, POKER, one_table(legacy))
    stored.deal = None if legacy.live is None else legacy.live.deal
    stored.seq = before + 1
    if before == len(log):
        store.append(table_id, stored.seq, dict(SWITCH), [])
    for entry in log[before + 1 :]:
        if on_replay is not None:
            on_replay(entry.command, stored.table, stored.deal)
        entry.check(table_id, stored.apply(entry.command))
    return stored
