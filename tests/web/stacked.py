"""A stand-in loaded into a test server's process (``webtools.Server(before=...)``):
the variant tables deal a stacked deck — the cards a test names on top, the rest of the
deck after them in its usual order — and may start some seats with fewer chips, so a
browser test meets the showdown, the side pots or the all-in it is about at once
rather than by chance.

>>> before("{1: 'As Ad'}", "{2: 20}").splitlines()[0]
'import stacked'
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from straights.cards import Card, parse_cards
from straights.web import poker_game


def before(decks: str, stacks: str = "{}") -> str:
    """The ``before`` code of a server whose deal ``n`` starts with ``decks[n]``'s cards
    (a dict literal of text) and whose seats start deal 1 with ``stacks[seat]`` chips."""
    return f"import stacked\nstacked.install({decks}, {stacks})"


class _Stacked:
    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards

    def shuffled(self, rng: Any = None) -> list[Card]:
        return list(self.cards)


def install(decks: dict[int, str], stacks: dict[int, int]) -> None:
    """Deal ``decks[n]`` on top at deal ``n``; seat ``s`` has ``stacks[s]`` chips at deal 1."""
    start = poker_game.PokerSeats.start_hand
    usual = poker_game.make_deck

    def start_hand(
        self: Any, variant: Any, muckers: Collection[int] = (), asked: Collection[int] = ()
    ) -> Any:
        number = self.hand_number + 1
        if number == 1:
            for seat, chips in stacks.items():
                if self.seats[seat] is not None:
                    self.seats[seat].stack = chips
        top = list(parse_cards(decks[number])) if number in decks else []

        def make(name: str = "standard", *, jokers: int = 0) -> Any:
            deck = usual(name, jokers=jokers)
            if not top:
                return deck
            return _Stacked(top + [c for c in deck if c not in top])

        poker_game.make_deck = make  # type: ignore[assignment]
        try:
            return start(self, variant, muckers, asked)
        finally:
            poker_game.make_deck = usual

    poker_game.PokerSeats.start_hand = start_hand  # type: ignore[method-assign]
