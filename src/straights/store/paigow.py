"""A Pai Gow table that is its log: :class:`RecordedPaiGow`.

The commands are ``{"kind": "deal", "bets": {seat: chips}}``, ``{"kind": "set",
"seat": s, "front": "As Kd"}`` (a two-card hand chosen) and ``{"kind": "house",
"seat": s}`` (a hand set the house way).  Each is stored with the deal's events
it caused (:func:`~straights.paigow.events.event_dict`) and, when it settles the
deal, a ``hand_ended`` event — in the transaction that archives the deal as its
PHH-style history (:class:`~straights.store.archive.PaiGowEntry`).  The shuffles
come from the seed kept in the store, so :meth:`RecordedPaiGow.load` replays the
table exactly, an unsettled deal included.

The table's ``settings`` hold ``game`` (``pai-gow``), ``names``, ``stack`` and
``commission`` (``exact``; a table stored without it was played under the old
``rounded-up`` rule and goes on under it, so that it replays as it was played).

>>> from straights.store import Store
>>> store = Store("sqlite://")
>>> table = RecordedPaiGow.create(store, ["Ann", "Bob"], 100, seed=3)
>>> deal = table.start_deal({1: 20, 2: 40})
>>> table.set_house_way(1)
>>> again = RecordedPaiGow.load(store, table.record.id)
>>> again.deal.waiting, again.stacks == table.stacks
([2], True)
>>> table.set_house_way(2)
>>> [(h.number, h.game) for h in store.hands()]
[(1, '_PAIGOW')]
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from straights.cards import CardsLike, parse_cards
from straights.errors import HandHistoryError, IllegalActionError
from straights.game.config import TableConfig
from straights.paigow.deal import PaiGowDeal
from straights.paigow.events import event_dict
from straights.paigow.rules import PaiGowRules
from straights.paigow.table import PaiGowTable
from straights.store.archive import PaiGowEntry
from straights.store.database import Store, TableRecord

__all__ = ["RecordedPaiGow"]


class RecordedPaiGow(PaiGowTable):
    """A :class:`~straights.paigow.table.PaiGowTable` stored command by command (see the
    module docstring); make one with :meth:`create` or :meth:`load`."""

    def __init__(self, store: Store, record: TableRecord) -> None:
        if record.seed is None:
            raise HandHistoryError(f"table {record.id} has no seed: it cannot be continued")
        counted = record.settings.get("commission", "rounded-up")  # (none before 0.2)
        rules = PaiGowRules() if counted == "exact" else PaiGowRules(min_bet=2, commission=counted)
        super().__init__(list(record.settings["names"]), record.settings["stack"],
                         rules=rules, rng=record.seed)  # fmt: skip
        self.store = store
        self.record = record
        #: Commands applied so far (the ``seq`` of the last one).
        self.seq = 0

    @classmethod
    def create(
        cls,
        store: Store,
        names: Sequence[str],
        stack: int,
        *,
        kind: str = "terminal",
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> RecordedPaiGow:
        """A new stored table of ``names`` (seats 1, 2 ...) with ``stack`` chips each."""
        PaiGowTable(names, stack)  # bad names or stacks: refused before anything is stored
        values = dict(settings or {})
        values.update(game="pai-gow", names=list(names), stack=stack, commission="exact")
        record = store.create_table(
            kind,
            TableConfig(),  # (Straights' settings; unused here)
            seed=secrets.randbits(63) if seed is None else seed,
            name="pai-gow",
            settings=values,
        )
        return cls(store, record)

    @classmethod
    def load(cls, store: Store, table_id: int) -> RecordedPaiGow:
        """The stored table, replayed and checked against the stored events."""
        table = cls(store, store.table(table_id))
        for entry in store.log(table_id):
            entry.check(table_id, table.apply(entry.command))
        return table

    # -- commands ---------------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one command without storing it; returns the events it caused."""
        events, _ = self._apply(command)
        return events

    def _apply(self, command: dict[str, Any]) -> tuple[list[dict[str, Any]], PaiGowEntry | None]:
        kind = command.get("kind")
        before = self.deal
        start = 0 if before is None or before.finished else len(before.events)
        if kind == "deal":
            super().start_deal({int(s): int(b) for s, b in dict(command["bets"]).items()})
            start = 0
        elif kind == "set":
            super().set(int(command["seat"]), str(command["front"]))
        elif kind == "house":
            super().set_house_way(int(command["seat"]))
        else:
            raise IllegalActionError(f"unknown Pai Gow table command {kind!r}")
        self.seq += 1
        deal = self.deal
        assert deal is not None
        events = [event_dict(e) for e in deal.events[start:]]
        if not deal.finished:
            return events, None
        events.append({"type": "hand_ended", "number": self.deals})
        return events, PaiGowEntry(deal, dict(self.names), self.starting_stacks(), self.deals)

    def _record(self, command: dict[str, Any]) -> None:
        events, finished = self._apply(command)
        self.store.append(self.record.id, self.seq, command, events, finished)

    def start_deal(self, bets: Mapping[int, int]) -> PaiGowDeal:
        self._record({"kind": "deal", "bets": {str(s): b for s, b in bets.items()}})
        assert self.deal is not None
        return self.deal

    def set(self, seat: int, front: CardsLike) -> None:
        cards = " ".join(c.ascii() for c in parse_cards(front))
        self._record({"kind": "set", "seat": seat, "front": cards})

    def set_house_way(self, seat: int) -> None:
        self._record({"kind": "house", "seat": seat})
