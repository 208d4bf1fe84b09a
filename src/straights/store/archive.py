"""The hand archive: one entry per finished deal, with its PHH history and who won what.

Entries are derived from a table's log — live from the deal the engine just
finished (:class:`FinishedDeal`), or again from the stored events by
:func:`deals_from_events` when an entry is missing.

>>> from straights.game import Table, TableConfig
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
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from straights.game.config import TableConfig
from straights.game.events import (
    HandStarted,
    PlayerSat,
    PotAwarded,
    TableOpened,
    event_from_dict,
)
from straights.game.hand import Hand
from straights.game.phh import dumps_phh, hand_to_phh
from straights.game.table import Table
from straights.game.wording import seat_label

if TYPE_CHECKING:
    from straights.paigow.deal import PaiGowDeal
    from straights.poker.engine import Deal

__all__ = [
    "ArchiveEntry",
    "FinishedDeal",
    "HandRecord",
    "PaiGowEntry",
    "PokerEntry",
    "deals_from_events",
    "game_of",
    "summary",
]


def now() -> str:
    """The time stamps the store writes (UTC, ISO 8601, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class ArchiveEntry(Protocol):
    """A finished deal of any game, as the archive stores it."""

    @property
    def number(self) -> int:
        """The deal's number at its table (1, 2, 3 ...)."""
        ...

    def row(self, table_id: int) -> dict[str, Any]:
        """Its ``hands`` row."""
        ...


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


@dataclass(frozen=True)
class PokerEntry:
    """A finished deal of any poker variant (:class:`~straights.poker.engine.Deal`), its
    players' names in the deal's order, and its number at the table; archived as PHH
    with the variant's code.

    A table of any front end archives a deal by passing this to
    :meth:`~straights.store.Store.append` with the command that finished it (its events
    then carry ``{"type": "hand_ended", "number": number}``, or no ``hand_ended`` at all):

    >>> from straights.game import TableConfig
    >>> from straights.poker.catalogue import get_variant
    >>> from straights.store import Store
    >>> from straights.table import PokerGame, Table
    >>> store = Store("sqlite://")
    >>> row = store.create_table("web", TableConfig(), seed=1, settings={"game": "NT"})
    >>> ring = Table(PokerGame(), ["Ann", "Bob"], 20, seed=1)
    >>> deal = ring.start(get_variant("NT"))
    >>> _ = deal.act("fold")
    >>> entry = PokerEntry(deal, ("Ann", "Bob"), 1)
    >>> store.append(row.id, 1, {"kind": "act"}, [{"type": "hand_ended", "number": 1}], entry)
    >>> [(h.number, h.game, h.pot) for h in store.hands()]
    [(1, 'NT', 2)]
    """

    deal: Deal
    names: tuple[str, ...]
    number: int

    def row(self, table_id: int) -> dict[str, Any]:
        """Its ``hands`` row."""
        from straights.poker.phh import deal_to_phh, dumps

        deal = self.deal
        history = deal_to_phh(deal)
        history["hand"] = self.number
        history["players"] = list(self.names)
        wins = [(e.player, e.amount) for e in deal.log if e.kind == "win"]
        parts = [f"{a} to {self.names[p] if p is not None else '?'}" for p, a in wins]
        if deal.carry_out:
            parts.append(f"{deal.carry_out} carried over")
        return {
            "table_id": table_id,
            "number": self.number,
            "players": json.dumps(list(self.names)),
            "pot": sum(a for _, a in wins) + deal.carry_out,
            "carried": deal.carry_out,
            "summary": "; ".join(parts),
            "phh": dumps(history),
            "created": now(),
        }


@dataclass(frozen=True)
class PaiGowEntry:
    """A finished Pai Gow deal with its players' names and stacks before it (by seat),
    archived as its PHH-style history (variant ``_PAIGOW``, :mod:`straights.paigow.history`)."""

    deal: PaiGowDeal
    names: dict[int, str]
    stacks: dict[int, int]
    number: int

    def row(self, table_id: int) -> dict[str, Any]:
        """Its ``hands`` row: ``pot`` is the chips bet, ``summary`` each player's result."""
        from straights.paigow.history import deal_to_history, dumps

        deal = self.deal
        seats = list(deal.bets)
        names = [self.names.get(s, f"Seat {s}") for s in seats]
        parts = [f"{n} {deal.results[s].net:+d}" for n, s in zip(names, seats, strict=True)]
        parts.append(f"house {deal.house:+d}")
        return {
            "table_id": table_id,
            "number": self.number,
            "players": json.dumps(names),
            "pot": sum(deal.bets.values()),
            "carried": 0,
            "summary": "; ".join(parts),
            "phh": dumps(deal_to_history(deal, self.names, self.stacks, self.number)),
            "created": now(),
        }


def game_of(phh: str) -> str:
    """The variant code an archived history names (``NT``, ``_PAIGOW`` ...; Straights' own
    histories name theirs too).

    >>> game_of("variant = 'FT'\\nantes = [1]\\n")
    'FT'
    """
    for line in phh.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == "variant":
            return value.strip().strip("'\"")
    return "?"


@dataclass(frozen=True)
class HandRecord:
    """An archived deal: ``phh`` is its hand history text; ``summary`` says who won what."""

    id: int
    table_id: int
    number: int
    players: list[str]
    pot: int
    carried: int
    summary: str
    phh: str
    created: str

    @property
    def game(self) -> str:
        """The variant code its history names (:func:`game_of`)."""
        return game_of(self.phh)


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
