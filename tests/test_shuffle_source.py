"""ShuffleSource: a deck shuffled card by card as it is dealt."""

from __future__ import annotations

import random

import pytest

from straights.cards import make_deck
from straights.errors import ConfigurationError
from straights.poker import Deal, Stakes, get_variant
from straights.poker.cards_source import ShuffleSource


class Scripted(random.Random):
    """A generator whose ``getrandbits`` answers from a script (the draws to test)."""

    def __init__(self, answers: list[int]) -> None:
        super().__init__(0)
        self.answers = answers

    def getrandbits(self, k: int) -> int:
        return self.answers.pop(0)


def test_every_ordered_pair_of_first_cards_comes_from_exactly_one_draw() -> None:
    deck = make_deck("standard")
    seen = set()
    for first in range(52):
        for second in range(51):
            source = ShuffleSource(deck, Scripted([first, second]))
            seen.add(tuple(source.hole(0, 2)))
    assert len(seen) == 52 * 51  # so each pair is equally likely with fair draws


def test_a_draw_too_large_is_drawn_again() -> None:
    deck = make_deck("standard")
    source = ShuffleSource(deck, Scripted([63, 52, 5]))  # 6 bits: 63 and 52 are refused
    assert source.board(1) == [deck.cards[5]]


def test_dealt_cards_are_distinct_cards_of_the_deck() -> None:
    deck = make_deck("short")
    source = ShuffleSource(deck, random.Random(3))
    dealt = source.hole(0, 2) + source.burn(1) + source.board(30)
    assert len(set(dealt)) == 33 and set(dealt) <= set(deck.cards)
    assert source.remaining == 3
    with pytest.raises(ConfigurationError, match="3 cards left, 4 are needed"):
        source.board(4)


def test_a_restock_deals_the_stock_left_before_the_discards() -> None:
    deck = make_deck("standard")
    source = ShuffleSource(deck, random.Random(7))
    dealt = source.hole(0, 47)
    left = set(deck.cards) - set(dealt)
    source.restock(dealt[:10])
    after = source.board(15)
    assert set(after[:5]) == left and set(after[5:]) == set(dealt[:10])


def test_a_deal_plays_from_it() -> None:
    rng = random.Random(11)
    stakes = Stakes.uniform(6, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [200] * 6, ShuffleSource(make_deck(), rng), rng=rng)
    while not deal.finished:
        deal.act("call" if deal.current_bet > deal.bets[deal.actor or 0] else "check")
    cards = [c for hole in deal.holes for c in hole] + deal.board
    assert len(set(cards)) == 17 and sum(deal.stacks) == 1200
