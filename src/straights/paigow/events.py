"""What happens in a deal of Pai Gow poker, as frozen events (seat 0 is the bank).

Every change of a :class:`~straights.paigow.deal.PaiGowDeal` is one of these, in
order; the terminal tells them and the history is written from them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from straights.cards import Card

__all__ = [
    "Dealt",
    "DiceRolled",
    "Event",
    "Fouled",
    "HandSet",
    "Outcome",
    "Settled",
    "Settlement",
    "event_dict",
]

#: How a seat's hand came to be set.
How = Literal["player", "house way", "house way after a foul"]
#: A player's result against the bank.
Outcome = Literal["win", "push", "lose"]


@dataclass(frozen=True)
class DiceRolled:
    """Three dice decide which spot gets the first hand: their total counted around
    the seven spots from the bank's (spot 1)."""

    dice: tuple[int, int, int]
    first_spot: int


@dataclass(frozen=True)
class Dealt:
    """Seven cards dealt face down to ``seat`` (0: the bank)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Fouled:
    """A foul: the two-card hand ``front`` beat the five-card hand; ``consequence`` is
    ``'house-way'`` (set again by the dealer) or ``'forfeit'`` (the bet is lost)."""

    seat: int
    front: tuple[Card, Card]
    reason: str
    consequence: str


@dataclass(frozen=True)
class HandSet:
    """``seat`` set its two-card hand ``front`` and five-card hand ``back``."""

    seat: int
    front: tuple[Card, Card]
    back: tuple[Card, Card, Card, Card, Card]
    how: How


@dataclass(frozen=True)
class Settlement:
    """One player's result against the bank.

    ``back_won``/``front_won``: whether the player's five-card and two-card hands
    beat the bank's; ``back_copy``/``front_copy``: whether it was a copy (equal
    hands, which go to the bank); ``net`` is the chips the player
    gains (negative: loses) after the ``commission`` the house takes.
    """

    seat: int
    bet: int
    back_won: bool
    front_won: bool
    back_copy: bool
    front_copy: bool
    fouled: bool
    outcome: Outcome
    commission: int
    net: int


@dataclass(frozen=True)
class Settled:
    """Every bet is settled; ``house`` is the house's result (minus the players' nets)."""

    house: int


Event = DiceRolled | Dealt | Fouled | HandSet | Settlement | Settled


def event_dict(event: Event) -> dict[str, Any]:
    """A Pai Gow event as JSON-ready data (cards as in histories: ``"As"``, ``"Jk"``).

    >>> from straights.paigow.events import DiceRolled
    >>> event_dict(DiceRolled((1, 2, 4), 7))
    {'type': 'dice_rolled', 'dice': [1, 2, 4], 'first_spot': 7}
    """
    name = "".join(f"_{c.lower()}" if c.isupper() else c for c in type(event).__name__)
    data: dict[str, Any] = {"type": name.lstrip("_")}
    for key, value in asdict(event).items():
        if isinstance(value, tuple):
            value = [v.ascii() if isinstance(v, Card) else v for v in value]
        data[key] = value
    return data
