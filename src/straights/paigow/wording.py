"""Pai Gow events told in words, the same at the terminal and for a history.

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

from straights.cards import Card, format_cards
from straights.paigow.events import (
    Dealt,
    DiceRolled,
    Event,
    Fouled,
    HandSet,
    Settled,
    Settlement,
)
from straights.paigow.rules import BANK, describe, hand_value, in_order

__all__ = ["phrase", "tell"]

Names = Callable[[int], str | None]


def _name(seat: int, names: Names) -> str:
    return "The bank" if seat == BANK else names(seat) or f"Seat {seat}"


def _cards(cards: Iterable[Card], unicode: bool) -> str:
    return format_cards(cards, unicode=unicode)


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
        front, back = _cards(in_order(event.front), unicode), _cards(in_order(event.back), unicode)
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
