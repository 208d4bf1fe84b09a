"""What happens in a deal of Pai Gow poker, as frozen events (seat 0 is the bank), and
each told in words, the same at the terminal, at the web table and for a history.

Every change of a :class:`~straights.paigow.deal.PaiGowDeal` is one of these, in
order; the history is written from them.

>>> from straights.paigow.deal import PaiGowDeal
>>> deal = PaiGowDeal({1: 20}, hands={0: "As Ad Kc Qd 9h 5s 2c", 1: "Ks Kd Jk 8c 7h 4d 3s"})
>>> deal.set(1, "Jk 8c")
>>> for line in tell(deal.events[2:], {1: "Ann"}.get, unicode=False):
...     print(line)
Ann sets Jk 8c | Ks Kd 7h 4d 3s: two-card ace high (joker as As), five-card pair of kings
The bank sets Kc Qd | As Ad 9h 5s 2c (house way): two-card king high, five-card pair of aces
Ann: five-card loses, two-card wins: a push (bet 20)
The house wins 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any, Literal

from straights.cards import Card, format_cards
from straights.paigow.rules import BANK, describe, hand_value, in_order

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
    "phrase",
    "tell",
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


#: A seat's name (``None``: "Seat N").
Names = Callable[[int], str | None]


def _name(seat: int, names: Names) -> str:
    return "The bank" if seat == BANK else names(seat) or f"Seat {seat}"


_ASCII_SUITS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})


def _hand(cards: tuple[Card, ...], unicode: bool) -> str:
    """A hand's phrase inside a sentence: 'pair of kings', 'ace high (joker as A♠)'."""
    text = describe(hand_value(cards))
    return text if unicode else text.translate(_ASCII_SUITS)


def _verb(who: str, verb: str) -> str:
    """``'Ann sets'``, but ``'You set'``."""
    return f"{who} {verb.removesuffix('s')}" if who == "You" else f"{who} {verb}"


def phrase(event: Event, names: Names, *, unicode: bool = True) -> str | None:
    """One event as a sentence (``None`` for the dealing, which fronts end show their way)."""
    if isinstance(event, DiceRolled):
        a, b, c = event.dice
        spot = "the bank's" if event.first_spot == 1 else f"spot {event.first_spot}"
        return f"Dice {a} {b} {c} ({a + b + c}): the first hand goes to {spot}."
    if isinstance(event, Dealt):
        return None
    if isinstance(event, Fouled):
        then = (
            "the dealer sets the hand the house way"
            if event.consequence == "house-way"
            else "the bet is lost"
        )
        return f"{_verb(_name(event.seat, names), 'fouls')}: {event.reason}; {then}."
    if isinstance(event, HandSet):
        how = "" if event.how == "player" else f" ({event.how})"
        who = _verb(_name(event.seat, names), "sets")
        front, back = (
            format_cards(in_order(event.front), unicode=unicode),
            format_cards(in_order(event.back), unicode=unicode),
        )
        return (
            f"{who} {front} | {back}{how}: two-card {_hand(event.front, unicode)}, "
            f"five-card {_hand(event.back, unicode)}"
        )
    if isinstance(event, Settlement):
        return _settlement(event, names)
    if isinstance(event, Settled):
        verb = "wins" if event.house >= 0 else "loses"
        return f"The house {verb} {abs(event.house)}."
    raise TypeError(f"not a Pai Gow event: {event!r}")


def _settlement(event: Settlement, names: Names) -> str:
    who = _name(event.seat, names)
    if event.fouled:
        return f"{who}: a foul loses the bet of {event.bet}"
    five = "wins" if event.back_won else "copies" if event.back_copy else "loses"
    two = "wins" if event.front_won else "copies" if event.front_copy else "loses"
    head = f"{who}: five-card {five}, two-card {two}"
    if event.outcome == "win":
        return f"{head}: wins {event.net} (bet {event.bet}, commission {event.commission})"
    if event.outcome == "push":
        return f"{head}: a push (bet {event.bet})"
    return f"{head}: loses {event.bet}"


def tell(events: Iterable[Event], names: Names, *, unicode: bool = True) -> list[str]:
    """The sentences of ``events`` (the dealing left out)."""
    lines = (phrase(e, names, unicode=unicode) for e in events)
    return [line for line in lines if line is not None]
