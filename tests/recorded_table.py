"""Straights' own terminal table as earlier releases stored it: a writer of old logs for tests.

Releases before the one table stored ``straights play``'s Straights table as
:class:`RecordedTable`: a :class:`~oracle.straights_table.Table` whose ``sit``,
``stand``, ``start_hand`` and ``act`` were written to the store as commands, each
with the events it caused, in one transaction (with the archive entry of a deal it
finished), its shuffles from a seed kept in the store.  The package no longer
writes such tables: it replays them by the one engine and carries them over to the
one table (:meth:`straights.store.table.StoredTable.load`); :func:`replay_stored` checks
the translator against a stored table's events.  The tests keep
this writer to make such logs (as ``tests/fixtures/terminal_release.db`` was made)
and as the oracle that replays them on Straights' own table.

>>> from straights.game import TableConfig
>>> from straights.store import Store
>>> store = Store("sqlite://")
>>> t = RecordedTable.create(store, TableConfig(seats=2), ["ann", "bob"], seed=5)
>>> hand = t.start_hand()
>>> _ = t.act(hand.actor, "bet", 1)
>>> _ = t.act(hand.actor, "fold")
>>> again = RecordedTable.load(store, t.record.id)
>>> again.events == t.events, again.stacks() == t.stacks()
(True, True)
>>> [h.number for h in store.hands()]
[1]
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from oracle.events import Event
from oracle.straights_archive import FinishedDeal
from oracle.straights_hand import Hand
from oracle.straights_table import Table

from straights.cards import CardsLike, parse_cards
from straights.errors import HandHistoryError, IllegalActionError
from straights.game.config import TableConfig
from straights.store.database import Store, TableRecord
from straights.store.legacy_straights import Replayed, replay_log

__all__ = ["RecordedTable", "replay_stored"]


def replay_stored(store: Store, table_id: int) -> Replayed:
    """Replay a stored Straights table of an earlier release from the events stored with
    its commands (a terminal table's, 0.1.0's, or a web table's of settings editions 1
    to 3, whose host's ``change`` commands of the ante or the betting are the settings
    changes its events do not tell) by the translator, and compare, as
    :func:`~straights.store.legacy_straights.replay_log` does."""
    events: list[dict[str, Any]] = []
    changes: dict[int, dict[str, Any]] = {}
    for entry in store.log(table_id):
        if entry.command.get("kind") == "change":
            keep = {k: entry.command[k] for k in ("ante", "betting") if k in entry.command}
            changes[len(events)] = keep
        events.extend(entry.events)
    return replay_log(store.table(table_id).config, events, changes)


class RecordedTable(Table):
    """A :class:`Table` stored command by command (see the module docstring).

    Make one with :meth:`create` or :meth:`load`.  A command the rules refuse
    raises and stores nothing; a store that fails raises
    :class:`~straights.errors.StoreError` and the table must be loaded again.
    """

    def __init__(self, store: Store, record: TableRecord) -> None:
        if record.seed is None:
            raise HandHistoryError(
                f"table {record.id} was saved by straights 0.1.0, which kept no seed for "
                "its next deals: it cannot be continued (its deals are in `straights history`)"
            )
        super().__init__(record.config, seed=random.Random(record.seed))
        self.store = store
        self.record = record
        #: Commands applied so far (the ``seq`` of the last one).
        self.seq = 0

    @classmethod
    def create(
        cls,
        store: Store,
        config: TableConfig,
        names: Sequence[str | None] = (),
        *,
        kind: str = "terminal",
        name: str = "",
        settings: dict[str, Any] | None = None,
        seed: int | None = None,
        stacks: Sequence[int] | None = None,
    ) -> RecordedTable:
        """A new stored table with ``names`` seated (``seed``: a random one if ``None``)."""
        record = store.create_table(
            kind,
            config,
            seed=secrets.randbits(63) if seed is None else seed,
            name=name,
            settings=settings,
        )
        table = cls(store, record)
        for seat, player in enumerate(names):
            if player is not None:
                table.sit(seat, player, None if stacks is None else stacks[seat])
        return table

    @classmethod
    def load(cls, store: Store, table_id: int) -> RecordedTable:
        """The stored table, replayed command by command and checked against the events
        stored with each; it goes on recording."""
        table = cls(store, store.table(table_id))
        for entry in store.log(table_id):
            entry.check(table_id, table.apply(entry.command))
        return table

    # -- commands ---------------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one command without storing it; returns the events it caused (as dicts)."""
        start = len(self.events)
        kind = command.get("kind")
        if kind == "sit":
            super().sit(int(command["seat"]), str(command["name"]), command.get("stack"))
        elif kind == "stand":
            super().stand(int(command["seat"]))
        elif kind == "deal":
            super().start_hand(command.get("deck"))
        elif kind == "act":
            to = command.get("to")
            super().act(
                int(command["seat"]), str(command["action"]), None if to is None else int(to)
            )
        else:
            raise IllegalActionError(f"unknown table command {kind!r}")
        self.seq += 1
        return [e.to_dict() for e in self.events[start:]]

    def _record(self, command: dict[str, Any]) -> list[Event]:
        start = len(self.events)
        events = self.apply(command)
        deal = None
        hand = self.hand
        if hand is not None and any(e["type"] == "hand_ended" for e in events):
            deal = FinishedDeal(hand, tuple(self.names[s] for s in hand.seats))
        self.store.append(self.record.id, self.seq, command, events, deal)
        return self.events[start:]

    def sit(self, seat: int, name: str, stack: int | None = None) -> list[Event]:
        return self._record({"kind": "sit", "seat": seat, "name": name, "stack": stack})

    def stand(self, seat: int) -> list[Event]:
        return self._record({"kind": "stand", "seat": seat})

    def start_hand(self, deck: CardsLike | None = None) -> Hand:
        command: dict[str, Any] = {"kind": "deal"}
        if deck is not None:
            command["deck"] = " ".join(str(c) for c in parse_cards(deck))
        self._record(command)
        assert self.hand is not None
        return self.hand

    def act(self, seat: int, kind: str, to: int | None = None) -> list[Event]:
        return self._record({"kind": "act", "seat": seat, "action": kind, "to": to})
