"""The showdown's shortcut for Omaha's and big O's qualified low (one card per low rank)
finds the same key as trying every choice of two hole and three board cards."""

from __future__ import annotations

from itertools import combinations
from random import Random

import pytest

from straights.cards import make_deck
from straights.poker.showdown import best_hand, best_key, hand_key
from straights.poker.variant import HandRule
from straights.rankings.low import python_ace_to_five_key

EIGHT = HandRule("ace-to-five", (("qualifier", 8),), hole_cards=2, board_cards=3)


def every_choice(hole: list[int], board: list[int], qualifier: int) -> int:
    """The best key over every two hole and three board cards, the plain way."""
    return max(
        python_ace_to_five_key([*m, *t], qualifier)
        for m in combinations(hole, 2)
        for t in combinations(board, 3)
    )


@pytest.mark.parametrize("hole_count", [4, 5])
def test_the_shortcut_finds_the_best_low_of_every_choice(hole_count: int) -> None:
    deck = make_deck("standard").cards
    low_cards = [c for c in deck if c.ascii()[0] in "A2345678"]
    high_cards = [c for c in deck if c not in low_cards]
    rng = Random(f"qualified-low/{hole_count}")
    low = hand_key(EIGHT)
    assert low is not None
    made = 0
    for k in range(1500):
        # Half the deals mostly low cards, so that many make a low.
        if k % 2:
            cards = rng.sample(low_cards, 7) + rng.sample(high_cards, 6)
        else:
            cards = rng.sample(deck, 13)
        rng.shuffle(cards)
        hole, board = cards[:hole_count], cards[hole_count : hole_count + 5]
        ids_hole, ids_board = [c.id for c in hole], [c.id for c in board]
        expected = every_choice(ids_hole, ids_board, 8)
        assert low(ids_hole, ids_board) == expected, (hole, board)
        value = best_hand(EIGHT, hole, board)
        assert best_key(EIGHT, hole, board) == (None if value is None else value.key)
        made += expected > 0
    assert 250 < made < 1450  # both kinds of deal were met


def test_too_few_cards_make_no_low() -> None:
    deck = make_deck("standard").cards
    low = hand_key(EIGHT)
    assert low is not None
    aces_to_eights = [c.id for c in deck if c.ascii()[0] in "A2345678"]
    assert low(aces_to_eights[:1], aces_to_eights[8:13]) == 0
    assert low(aces_to_eights[:2], aces_to_eights[8:10]) == 0
