"""The high rankings against independent references.

* treys (an established evaluator) orders random 5-, 6- and 7-card hands;
* a deliberately naive oracle, written here, tries every substitution of every
  wild card (any of the 52 cards) and keeps the best hand — the analytic wild
  evaluator must find exactly that value.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from straights import evaluate
from straights.cards import Card
from straights.rankings.high import STANDARD, high_key, key_ranks

_TREYS = Evaluator()
_TREYS_CLASS = {
    1: "straight flush",
    2: "four of a kind",
    3: "full house",
    4: "flush",
    5: "straight",
    6: "three of a kind",
    7: "two pair",
    8: "one pair",
    9: "high card",
}


def _treys(ids: list[int]) -> int:
    cards = [TreysCard.new(Card(i).ascii()) for i in ids]
    return _TREYS.evaluate(cards[:2], cards[2:])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_orders_random_hands_exactly_as_treys(size: int) -> None:
    rng = random.Random(size)
    for _ in range(1500):
        a, b = rng.sample(range(52), size), rng.sample(range(52), size)
        mine = (high_key(a) > high_key(b)) - (high_key(a) < high_key(b))
        theirs = (_treys(a) < _treys(b)) - (_treys(a) > _treys(b))
        assert mine == theirs, (a, b)
        hand = " ".join(Card(i).ascii() for i in a)
        expected = _TREYS_CLASS[_TREYS.get_rank_class(_treys(a))]
        value = evaluate(hand)
        assert value.category == expected, hand
        other = evaluate([Card(i) for i in b])
        assert (value > other) - (value < other) == theirs, (hand, b)


# ----------------------------------------------------------------- the oracle

_ORDER = [
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
]


def _naive(cards: list[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """Category index and tie-break ranks of five (rank, suit) cards, by the book."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    ties = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    distinct = len(set(cards)) == 5
    flush = distinct and len({s for _, s in cards}) == 1
    straight_top = 0
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_top = 5
    if shape[0] == 5:
        return 9, ties
    if straight_top and flush:
        return 8, (straight_top,)
    if shape[0] == 4:
        return 7, ties
    if shape == [3, 2]:
        return 6, ties
    if flush:
        return 5, tuple(ranks)
    if straight_top:
        return 4, (straight_top,)
    if shape[0] == 3:
        return 3, ties
    if shape[:2] == [2, 2]:
        return 2, ties
    if shape[0] == 2:
        return 1, ties
    return 0, ties


_ALL = [(r, s) for r in range(2, 15) for s in range(4)]


def _oracle(naturals: list[tuple[int, int]], wilds: int, bug: bool) -> tuple[int, tuple[int, ...]]:
    best = (-1, ())
    for subs in itertools.product(_ALL, repeat=wilds):
        value = _naive([*naturals, *subs])
        if bug and not (all(r == 14 for r, _ in subs) or value[0] in (4, 5, 8)):
            continue  # a bug is an ace unless it completes a straight or flush
        best = max(best, value)
    return best


def _mine(hand: str, bug: bool) -> tuple[int, tuple[int, ...]]:
    value = evaluate(hand, wild="bug" if bug else "fully")
    category = _ORDER.index(value.category)
    ranks = key_ranks(value.key[0])
    if value.category in ("straight", "straight flush"):
        return category, (STANDARD.top_of(ranks[0]),)
    return category, tuple(r for r in ranks if r)


@pytest.mark.parametrize("bug", [False, True])
def test_one_wild_card_matches_trying_every_substitution(bug: bool) -> None:
    rng = random.Random(11 + bug)
    hands = [rng.sample(range(52), 4) for _ in range(400)]
    # and the hands where wild cards matter most: four to a straight flush or quads
    hands += [[0, 4, 8, 12], [36, 40, 44, 48], [48, 49, 50, 51], [0, 8, 12, 16], [51, 47, 43, 35]]
    for ids in hands:
        naturals = [((i >> 2) + 2, i & 3) for i in ids]
        hand = " ".join(Card(i).ascii() for i in ids) + " Jk"
        assert _mine(hand, bug) == _oracle(naturals, 1, bug), hand


@pytest.mark.parametrize("bug", [False, True])
def test_two_wild_cards_match_trying_every_substitution(bug: bool) -> None:
    rng = random.Random(21 + bug)
    hands = [rng.sample(range(52), 3) for _ in range(40)] + [[48, 44, 40], [0, 4, 12], [51, 50, 49]]
    for ids in hands:
        naturals = [((i >> 2) + 2, i & 3) for i in ids]
        hand = " ".join(Card(i).ascii() for i in ids) + " Jk Jk"
        assert _mine(hand, bug) == _oracle(naturals, 2, bug), hand


def test_deuces_wild_seven_cards_match_the_oracle_on_best_five() -> None:
    rng = random.Random(5)
    for _ in range(25):
        ids = rng.sample(range(4, 52), 6)  # no deuces among these six
        naturals = [((i >> 2) + 2, i & 3) for i in ids]
        best = max(_oracle(list(four), 1, False) for four in itertools.combinations(naturals, 4))
        best = max([best, *(_naive(list(five)) for five in itertools.combinations(naturals, 5))])
        hand = " ".join(Card(i).ascii() for i in ids) + " 2c"
        value = evaluate(hand, wild_rank=2)
        assert _mine_from(value) == best, hand


def _mine_from(value: object) -> tuple[int, tuple[int, ...]]:
    from straights.rankings.base import HandValue

    assert isinstance(value, HandValue)
    ranks = key_ranks(value.key[0])
    category = _ORDER.index(value.category)
    if value.category in ("straight", "straight flush"):
        return category, (STANDARD.top_of(ranks[0]),)
    return category, tuple(r for r in ranks if r)
