"""Three-card hands: high with and without straights and flushes, and three lows.

Sources:

* [ALSPACH] Brian Alspach, "3-Card Poker Hands" (13 January 2000,
  www.math.sfu.ca/~alspach/comp16): of C(52, 3) = 22,100 hands, straight flush
  48, three of a kind 52, straight 720, flush 1,096, pair 3,744, high card 16,440.
  The same table is printed by the Wizard of Odds (Three Card Poker).
* [004] ``shared/seeds/004_*.txt``: the three-card orders and the three lows.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from straights.cards import Card
from straights.errors import DuplicateCardError, HandSizeError, PackError, RankingError
from straights.rankings.base import evaluate
from straights.rankings.three_card import ACE_TO_THREE, three_card_key

DECK = [Card(i) for i in range(52)]
THREE_LOWS = ("ace-to-three", "deuce-to-five", "ace-to-four")

# [ALSPACH]
WITH_STRAIGHTS = {
    "straight flush": 48,
    "three of a kind": 52,
    "straight": 720,
    "flush": 1_096,
    "one pair": 3_744,
    "high card": 16_440,
}


def table(ranking: str, **options: object) -> tuple[Counter[str], int]:
    counts: Counter[str] = Counter()
    keys = set()
    for hand in combinations(DECK, 3):
        value = evaluate(hand, ranking=ranking, **options)
        counts[value.category] += 1
        keys.add(value.key)
    return counts, len(keys)


def test_three_card_table_with_straights() -> None:
    counts, distinct = table("three-card", straights=True)
    assert counts == WITH_STRAIGHTS
    assert sum(counts.values()) == 22_100
    # 286 rank sets: 12 straights and 274 others, each suited or not, + 156 pairs + 13 trips
    assert distinct == 2 * 286 + 13 * 12 + 13 == 741


def test_three_card_table_without_straights() -> None:
    counts, distinct = table("three-card")
    # [ALSPACH] with straights and flushes folded back into high card
    assert counts == {
        "three of a kind": 52,
        "one pair": 3_744,
        "high card": 16_440 + 1_096 + 720 + 48,
    }
    assert distinct == 286 + 156 + 13 == 455


def test_three_card_low_tables() -> None:
    # ace-to-three ignores suits: a t-high (ace = 1) has C(t-1, 2) rank sets, 4**3 suits each
    counts, distinct = table("ace-to-three")
    assert distinct == 455
    assert counts["3-high"] == 64
    for t in range(4, 14):
        name = f"{t}-high" if t <= 10 else {11: "jack", 12: "queen", 13: "king"}[t] + "-high"
        assert counts[name] == comb(t - 1, 2) * 64
    assert (counts["one pair"], counts["three of a kind"]) == (3_744, 52)
    # deuce-to-five and ace-to-four count straights and flushes: one straight rank set
    # (A-2-3 or Q-K-A) fewer than the high table, so 4 straight flushes and 60
    # straights move to flush and no pair
    for name in ("deuce-to-five", "ace-to-four"):
        counts, distinct = table(name)
        assert distinct == 741
        assert counts["straight flush"] == 48 - 4
        assert counts["straight"] == 720 - 60
        assert counts["flush"] == 1_096 + 4
        no_pair = sum(n for cat, n in counts.items() if cat.endswith("-high"))
        assert no_pair == 16_440 + 60


def test_004_orders() -> None:
    high = evaluate("Ah Kd 9c", ranking="three-card", straights=True)
    pair = evaluate("2h 2d 3c", ranking="three-card", straights=True)
    flush = evaluate("2h 5h 9h", ranking="three-card", straights=True)
    straight = evaluate("2h 3d 4c", ranking="three-card", straights=True)
    trips = evaluate("2h 2d 2c", ranking="three-card", straights=True)
    sflush = evaluate("2h 3h 4h", ranking="three-card", straights=True)
    assert high < pair < flush < straight < trips < sflush
    # without straights and flushes: no pair, one pair, three of a kind
    plain = [evaluate(h, ranking="three-card") for h in ("2h 3h 4h", "2h 2d 3c", "2h 2d 2c")]
    assert plain[0].category == "high card"
    assert plain[0] < plain[1] < plain[2]


def test_ace_straights() -> None:
    a23 = evaluate("Ah 2d 3c", ranking="three-card", straights=True)
    qka = evaluate("Qh Kd Ac", ranking="three-card", straights=True)
    ka2 = evaluate("Kh Ad 2c", ranking="three-card", straights=True)
    assert a23.category == qka.category == "straight"
    assert ka2.category == "high card"
    assert a23.phrase == "Straight, three high (3-2-A)"
    assert a23 < evaluate("2h 3d 4c", ranking="three-card", straights=True) < qka


def test_004_three_card_lows() -> None:
    # "ace-to-three (rather than ace-to-five), deuce-to-five, and ace-to-four"
    best = {
        "ace-to-three": "3c 2d Ah",
        "deuce-to-five": "5c 3d 2h",
        "ace-to-four": "4c 2d Ah",
    }
    for name, hand in best.items():
        value = evaluate(hand, ranking=name)
        assert all(value >= evaluate(h, ranking=name) for h in combinations(DECK, 3))
    assert evaluate("4c 3d 2h", ranking="deuce-to-five").category == "straight"
    assert evaluate("Ac 2d 3h", ranking="deuce-to-five").category == "ace-high"
    assert evaluate("Ac 2d 3h", ranking="ace-to-four").category == "straight"
    assert evaluate("Qc Kd Ah", ranking="ace-to-four").category == "king-high"
    assert evaluate("Qc Kd Ah", ranking="deuce-to-five").category == "straight"
    assert evaluate("3c 2c Ac", ranking="ace-to-three").phrase == "Three-deuce low (3-2-A)"


def test_six_or_better() -> None:
    # 004: "the rough equivalent three-card low is a 6-high"
    assert evaluate("6c 4d Ah", ranking="ace-to-three", qualifier=6).category == "6-high"
    seven = evaluate("7c 4d Ah", ranking="ace-to-three", qualifier=6)
    assert seven.category == "no low" and seven.key == (0,)
    assert "does not qualify" in seven.phrase


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True),
    st.sampled_from(("three-card", *THREE_LOWS)),
    st.randoms(use_true_random=False),
)
def test_order_irrelevant_and_cards_real(hand: list[int], name: str, rnd: random.Random) -> None:
    cards = [Card(i) for i in hand]
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    value = evaluate(cards, ranking=name)
    assert value == evaluate(shuffled, ranking=name)
    assert sorted(value.cards) == sorted(cards)


def test_fast_key_matches() -> None:
    for hand in combinations(range(0, 52, 3), 3):
        value = evaluate([Card(i) for i in hand], ranking="ace-to-three")
        assert value.key == (three_card_key(hand, ACE_TO_THREE),)


def test_bad_input() -> None:
    with pytest.raises(HandSizeError, match="exactly 3 cards, not 4"):
        evaluate("Ah Kd 9c 2s", ranking="three-card")
    with pytest.raises(DuplicateCardError):
        evaluate("Ah Ah 9c", ranking="ace-to-three")
    with pytest.raises(PackError, match="Jk is not in the 52-card pack"):
        evaluate("Ah Jk 9c", ranking="ace-to-four")
    with pytest.raises(RankingError, match="straights='yes' is not allowed"):
        evaluate("Ah Kd 9c", ranking="three-card", straights="yes")
    with pytest.raises(RankingError, match="'straights' is not an option"):
        evaluate("Ah Kd 9c", ranking="ace-to-three", straights=True)
    with pytest.raises(RankingError, match="cannot compare"):
        assert evaluate("Ah Kd 9c", ranking="three-card") < evaluate(
            "Ah Kd 9c", ranking="three-card", straights=True
        )
