"""The dealer draw (rule 1): who takes the button for a table's first deal.

Every table that draws for the button (the terminal's, the web's, the arenas') asks
:func:`draw_button` (:func:`first_button`: its winner alone); :func:`dealer_draw`
deals the draw from a given pack.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from straights.cards import STRAIGHTS_SUIT_ORDER, Card, make_deck
from straights.errors import ConfigurationError

__all__ = ["DealerDraw", "dealer_draw", "draw_button", "draw_strength", "first_button"]


class DealerDraw(NamedTuple):
    """One round of the draw: a card face up to each of ``seats``; ``winner`` takes the
    button, or ``None`` (a tie on special cards: those tied draw again)."""

    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int | None


def draw_strength(card: Card) -> int:
    """Order of cards in the dealer draw: rank, then suit h > s > d > c; S, T, R lowest (0).

    >>> draw_strength(Card('As')) > draw_strength(Card('Ad')) > draw_strength(Card('2h'))
    True
    >>> draw_strength(Card('S')) == draw_strength(Card('R')) == 0
    True
    """
    if not card.is_ranked:
        return 0
    assert card.rank is not None and card.suit is not None
    return (card.rank - 1) * 4 + STRAIGHTS_SUIT_ORDER[card.suit] - 3


def dealer_draw(seats: Sequence[int], pack: Sequence[Card]) -> list[DealerDraw]:
    """Deal one card face up to each seat from ``pack`` (in order) until one card is highest.

    Players tied at the top (all on special cards) draw again among themselves
    from the rest of the pack; the last event names the winner.

    >>> from straights.cards import parse_cards
    >>> [e.winner for e in dealer_draw([0, 1, 2], parse_cards('S T R 9s 9h 2c'))]
    [None, 1]
    """
    cards_left = list(pack)
    contenders = list(seats)
    out: list[DealerDraw] = []
    while True:
        if len(cards_left) < len(contenders):
            raise ConfigurationError("the pack ran out during the dealer draw")
        cards = tuple(cards_left[: len(contenders)])
        del cards_left[: len(contenders)]
        best = max(draw_strength(c) for c in cards)
        top = [s for s, c in zip(contenders, cards, strict=True) if draw_strength(c) == best]
        winner = top[0] if len(top) == 1 else None
        out.append(DealerDraw(tuple(contenders), cards, winner))
        if winner is not None:
            return out
        contenders = top


def draw_button(players: int, pack: int, seed: int) -> list[DealerDraw]:
    """The dealer draw (rule 1) among seats ``0 .. players - 1`` from a ``pack`` (55 or
    52) shuffled from a table's ``seed`` (a shuffle of its own, not the deals' first);
    the last draw's ``winner`` takes the button for the first deal.

    >>> draws = draw_button(3, 55, 7)
    >>> draws == draw_button(3, 55, 7), draws[-1].winner in (0, 1, 2)
    (True, True)
    """
    rng = random.Random(f"dealer draw {seed}")
    cards = make_deck("straights" if pack == 55 else "standard").shuffled(rng)
    return dealer_draw(list(range(players)), cards)


def first_button(players: int, pack: int, seed: int) -> int:
    """Which of ``players`` (counted from 0, in seat order) deals first: the winner of
    :func:`draw_button`.

    >>> first_button(3, 55, 7) == draw_button(3, 55, 7)[-1].winner
    True
    """
    winner = draw_button(players, pack, seed)[-1].winner
    assert winner is not None  # the draw goes on until one card is highest
    return winner
