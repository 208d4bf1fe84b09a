"""The event log of Straights' own table of earlier releases: one small frozen event
for every change to a table.

Tables of those releases stored these events (as dicts) with their commands; the
translator (:mod:`straights.store.legacy_straights`) replays such a log by the one
engine and tells each deal again as the same dicts, checked against these event by
event.  Events serialise to
JSON-ready dicts (cards in ASCII notation) and back.  A log holds secrets (the shuffled
deck in :class:`HandStarted`, everyone's hole cards, the key card): it is the store's
record, never a player's view.

>>> e = Acted(seat=2, kind="raise", amount=3, to=3, all_in=False)
>>> event_from_dict(e.to_dict()) == e
True
>>> e.to_dict()
{'type': 'acted', 'seat': 2, 'kind': 'raise', 'amount': 3, 'to': 3, 'all_in': False}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final

from straights.cards import Card
from straights.errors import HandHistoryError, StraightsError

__all__ = [
    "EVENT_TYPES",
    "Acted",
    "AntePosted",
    "DealerDraw",
    "Event",
    "HandEnded",
    "HandStarted",
    "HoleDealt",
    "KeyDealt",
    "KeyTurned",
    "PenaltyPaid",
    "PlayerLeft",
    "PlayerSat",
    "PotAwarded",
    "PotCarried",
    "RoundStarted",
    "ShowdownRevealed",
    "TableCardDealt",
    "TableOpened",
    "event_from_dict",
]


def _to_json(value: Any) -> Any:
    if isinstance(value, Card):
        return value.ascii()
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(name: str, value: Any) -> Any:
    if name in _CARD_FIELDS:
        return None if value is None else Card(value)
    if name in _CARDS_FIELDS:
        return tuple(Card(v) for v in value)
    if isinstance(value, list):
        return tuple(_from_json("", v) for v in value)
    return value


_CARD_FIELDS: Final = frozenset({"card"})
_CARDS_FIELDS: Final = frozenset({"cards", "deck"})


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; ``type`` names the event in its dict form."""

    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"type": ..., field: value, ...}``."""
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class TableOpened(Event):
    """A table opened with these settings (:meth:`TableConfig.to_dict`)."""

    type: ClassVar[str] = "table_opened"
    config: dict[str, Any]


@dataclass(frozen=True, slots=True)
class PlayerSat(Event):
    """A player took ``seat`` with ``stack`` chips (between deals)."""

    type: ClassVar[str] = "player_sat"
    seat: int
    name: str
    stack: int


@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    """A player left: ``reason`` is ``"broke"`` (no chips) or ``"stood"``."""

    type: ClassVar[str] = "player_left"
    seat: int
    reason: str
    stack: int


@dataclass(frozen=True, slots=True)
class DealerDraw(Event):
    """One card face up to each of ``seats``; ``winner`` takes the button or ``None`` (tie)."""

    type: ClassVar[str] = "dealer_draw"
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """Deal number ``number`` begins.

    ``seats`` are the players dealt in, left of the button first (the button
    last); ``stacks`` their chips before the ante; ``carry`` the pot carried
    over.  ``deck`` is the shuffled deck in dealing order — a secret kept for
    replay and crash recovery, removed from every view.
    """

    type: ClassVar[str] = "hand_started"
    number: int
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    carry: int
    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    type: ClassVar[str] = "ante_posted"
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleDealt(Event):
    """``seat``'s two hole cards (only that seat may see them)."""

    type: ClassVar[str] = "hole_dealt"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class KeyDealt(Event):
    """The key card, face down; ``card`` is ``None`` in every view."""

    type: ClassVar[str] = "key_dealt"
    card: Card | None


@dataclass(frozen=True, slots=True)
class TableCardDealt(Event):
    """A face-up table card; ``position`` 2..5 (the key card is position 1)."""

    type: ClassVar[str] = "table_card_dealt"
    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Betting round ``round`` (1..5) begins; ``betting`` is False when fewer than
    two players can still bet (the round is dealt but skipped)."""

    type: ClassVar[str] = "round_started"
    round: int
    betting: bool


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A player's action: ``amount`` chips put in now, ``to`` his round total after it."""

    type: ClassVar[str] = "acted"
    seat: int
    kind: str
    amount: int
    to: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class KeyTurned(Event):
    type: ClassVar[str] = "key_turned"
    card: Card


@dataclass(frozen=True, slots=True)
class ShowdownRevealed(Event):
    """A player in the showdown shows ``cards``; ``description`` is his best hand."""

    type: ClassVar[str] = "showdown_revealed"
    seat: int
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """Pot ``pot`` (0 = main) of ``amount`` chips goes to ``winner``, or carries over
    when ``winner`` is ``None`` (rule 10); ``rule``/``reason`` explain the verdict
    (rule 0: won uncontested)."""

    type: ClassVar[str] = "pot_awarded"
    pot: int
    amount: int
    winner: int | None
    eligible: tuple[int, ...]
    rule: int
    reason: str


@dataclass(frozen=True, slots=True)
class PenaltyPaid(Event):
    """Rule 10's penalty: ``seat`` pays ``amount`` into the carried pot."""

    type: ClassVar[str] = "penalty_paid"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PotCarried(Event):
    """``amount`` chips stay in the middle for the next deal (rule 10)."""

    type: ClassVar[str] = "pot_carried"
    amount: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The deal is over: each dealt-in seat's stack, and the pot carried over."""

    type: ClassVar[str] = "hand_ended"
    number: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    carry: int


#: Every event class by its ``type`` name.
EVENT_TYPES: Final[dict[str, type[Event]]] = {
    cls.type: cls
    for cls in (
        TableOpened,
        PlayerSat,
        PlayerLeft,
        DealerDraw,
        HandStarted,
        AntePosted,
        HoleDealt,
        KeyDealt,
        TableCardDealt,
        RoundStarted,
        Acted,
        KeyTurned,
        ShowdownRevealed,
        PotAwarded,
        PenaltyPaid,
        PotCarried,
        HandEnded,
    )
}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :meth:`Event.to_dict` output.

    Raises :class:`HandHistoryError` naming what is wrong.
    """
    if not isinstance(data, dict):
        raise HandHistoryError(f"an event is a mapping with a 'type', not {data!r}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise HandHistoryError(
            f"unknown event type {kind!r}: valid types are {', '.join(EVENT_TYPES)}"
        )
    names = [f.name for f in fields(cls)]
    missing = [n for n in names if n not in data]
    extra = sorted(set(data) - set(names) - {"type"})
    if missing or extra:
        raise HandHistoryError(
            f"{kind} event has missing fields {missing} / unknown fields {extra}: "
            f"expected {', '.join(names)}"
        )
    try:
        return cls(**{n: _from_json(n, data[n]) for n in names})
    except StraightsError as exc:
        raise HandHistoryError(f"{kind} event: {exc}") from exc
