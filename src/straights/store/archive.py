"""The hand archive: one entry per finished deal, with its PHH history and who won what.

A table archives each deal as it finishes: a poker deal of any variant, Straights
included, as :class:`PokerEntry` (its history under the catalogue's code), a Pai Gow
deal as :class:`PaiGowEntry`.  Deals that a log of an earlier Straights release
finished but did not archive are archived again from its events by
:func:`straights.store.legacy_straights.deals_from_events`.

>>> game_of("variant = '_STR55L'")
'_STR55L'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from straights.paigow.deal import PaiGowDeal
    from straights.poker.engine import Deal

__all__ = [
    "ArchiveEntry",
    "HandRecord",
    "PaiGowEntry",
    "PokerEntry",
    "game_of",
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

    @property
    def betting(self) -> PokerEntry | None:
        """This entry if its deal had betting rounds to count (statistics), else None."""
        ...


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

    @property
    def betting(self) -> PokerEntry:
        """A poker deal had betting rounds."""
        return self

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
    #: Pai Gow has no betting rounds (each bet is against the bank).
    betting: ClassVar[None] = None

    def row(self, table_id: int) -> dict[str, Any]:
        """Its ``hands`` row: ``pot`` is the chips bet, ``summary`` each player's result."""
        from straights.paigow.history import deal_to_history
        from straights.poker.phh import dumps

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
