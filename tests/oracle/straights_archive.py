"""Archive entries of Straights' own engine of releases up to 0.x (``STR`` histories):
the oracle's deals archived as earlier releases archived them, so that tests can write
the databases those releases wrote.

>>> from straights.game.config import TableConfig
>>> from oracle.straights_table import Table
>>> t = Table(TableConfig(seats=2), ["ann", "bob"], seed=3)
>>> hand = t.start_hand()
>>> while not hand.finished:
...     _ = t.act(hand.actor, "call" if hand.can_call(hand.actor) else "check")
>>> deals = deals_from_events(t.config, [e.to_dict() for e in t.events])
>>> [d.hand.number for d in deals], sorted(deals[0].names)
([1], ['ann', 'bob'])
>>> deals[0].hand.stacks == hand.stacks
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.events import (
    HandStarted,
    PlayerSat,
    PotAwarded,
    TableOpened,
    event_from_dict,
)
from oracle.straights_hand import Hand
from oracle.straights_phh import hand_to_phh
from oracle.straights_table import Table
from straights.game.config import TableConfig
from straights.game.wording import seat_label
from straights.poker.phh_text import dumps_phh
from straights.store.archive import now

__all__ = ["FinishedDeal", "deals_from_events", "summary"]


@dataclass(frozen=True)
class FinishedDeal:
    """A Straights deal that is over, and the names of its players (in ``hand.seats`` order)."""

    hand: Hand
    names: tuple[str, ...]

    @property
    def number(self) -> int:
        """The deal's number at its table."""
        return self.hand.number

    def row(self, table_id: int) -> dict[str, Any]:
        """Its ``hands`` row."""
        hand = self.hand
        return {
            "table_id": table_id,
            "number": hand.number,
            "players": json.dumps(list(self.names)),
            "pot": hand.pot,
            "carried": hand.carry_out,
            "summary": summary(hand, self.names),
            "phh": dumps_phh(hand_to_phh(hand, self.names)),
            "created": now(),
        }


def summary(hand: Hand, names: Sequence[str]) -> str:
    """Who won what, in one line."""
    by_seat = dict(zip(hand.seats, names, strict=True))
    parts = []
    for e in hand.events:
        if isinstance(e, PotAwarded):
            who = "carried over" if e.winner is None else f"to {by_seat.get(e.winner, '?')}"
            parts.append(f"{e.amount} {who} ({e.reason})")
    return "; ".join(parts)


def deals_from_events(config: TableConfig, events: Iterable[dict[str, Any]]) -> list[FinishedDeal]:
    """Every finished deal of a table, replayed from its stored events.

    The log may start with the table's ``table_opened`` event or without it
    (then ``config`` opens the table).  Names are those seated when each deal began.
    """
    log = [event_from_dict(e) for e in events]
    if not log or not isinstance(log[0], TableOpened):
        log.insert(0, TableOpened(config.to_dict()))
    names: dict[int, str] = {}
    dealt: dict[int, tuple[str, ...]] = {}
    for event in log:
        if isinstance(event, PlayerSat):
            names[event.seat] = event.name
        elif isinstance(event, HandStarted):
            dealt[event.number] = tuple(names.get(s, seat_label(s)) for s in event.seats)
    table = Table.from_events(log)
    return [FinishedDeal(h, dealt[h.number]) for h in table.hands if h.finished]
