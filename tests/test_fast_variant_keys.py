"""The batch keys of short deck, Manila, Mexican and Canadian stud
(:mod:`straights.fast.variant_keys`) against the readable rankings: worked examples of
the rules with values written by hand, random hands ordered exactly alike (ties
included), and every five-card hand up to the renaming of suits."""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

from straights.bots.variant_equity import _HIGH_FAMILY
from straights.cards import Card, parse_cards
from straights.errors import HandSizeError, RankingError
from straights.fast.variant_keys import RANKINGS, keys_for
from straights.rankings.base import HandValue, evaluate

#: (ranking, options) as the catalogue's variants use them, and short deck's default.
SETTINGS: list[tuple[str, dict[str, Any]]] = [
    ("short", {"trips": "below-straight"}),
    ("short", {}),
    ("manila", {}),
    ("mexican", {}),
    ("canadian", {}),
]
RANKS = {"short": "6789TJQKA", "manila": "789TJQKA", "mexican": "234567JQKA"}


def ranks(ranking: str) -> list[int]:
    return [2 + "23456789TJQKA".index(r) for r in RANKS.get(ranking, "23456789TJQKA")]


def deck(ranking: str) -> list[int]:
    return [(r - 2) * 4 + s for r in ranks(ranking) for s in range(4)]


def key(ranking: str, options: dict[str, Any], hand: str) -> int:
    row = np.array([[c.id for c in parse_cards(hand)]], dtype=np.uint8)
    return int(keys_for(ranking, options)(row)[0])


# Values by hand: the category's place in the order (rankings.md, low to high) << 20,
# then the tie-break ranks (2..14, A = 0xE) or a straight's strength (weakest 0).
# Short deck, trips below a straight: high 0, pair 1, two pair 2, trips 3, straight 4,
# full house 5, flush 6, quads 7, straight flush 8; straights A6789 (0) … TJQKA (5).
# Short deck by default (trips above a straight): straight 3, trips 4.
# Manila: as short deck below; straights 7-J (0) … T-A (3), no A-7-8-9-T.
# Mexican: as Manila; straights A2345 (0), 23456, 34567, 4567J, 567JQ, 67JQK (5), 7JQKA (6).
# Canadian: high 0, pair 1, four-card straight 2, four-card flush 3, two pair 4, trips 5,
# straight 6, flush 7, full house 8, quads 9, straight flush 10; four-card straights
# A234 (0), 2345 (1) … JQKA (10), then the odd card.
WORKED = [
    ("short", {"trips": "below-straight"}, "Ah 6d 7c 8s 9h", 0x400000),  # the lowest straight
    ("short", {"trips": "below-straight"}, "Ah Kd Qc Js Th", 0x450000),
    ("short", {"trips": "below-straight"}, "Kh Kd Kc 7s 6h", 0x3D7600),
    ("short", {}, "Kh Kd Kc 7s 6h", 0x4D7600),  # trips above a straight
    ("short", {}, "Ah 6d 7c 8s 9h", 0x300000),
    ("short", {"trips": "below-straight"}, "Ah Jh 9h 7h 6h", 0x6EB976),  # flush over full house
    ("short", {"trips": "below-straight"}, "Kh Kd Kc 7s 7h", 0x5D7000),
    ("short", {"trips": "below-straight"}, "9h 8h 7h 6h Ah Kd Ks", 0x800000),  # best of seven
    ("short", {"trips": "below-straight"}, "Qh Qd 9c 9s 7h 7d As", 0x2C9E00),
    ("manila", {}, "Ah 7d 8c 9s Th", 0x0EA987),  # the ace is high only: no straight
    ("manila", {}, "Ah Kd Qc Js Th", 0x430000),
    ("manila", {}, "Jh Td 9c 8s 7h", 0x400000),
    ("manila", {}, "Ah Jh 9h 8h 7h", 0x6EB987),
    ("manila", {}, "Ah Ad As Kc Kd", 0x5ED000),
    ("mexican", {}, "6h 7d Jc Qc Ks", 0x450000),  # across the gap
    ("mexican", {}, "5h 4d 3c 2c As", 0x400000),  # the wheel counts
    ("mexican", {}, "7h Jd Qc Kc As", 0x460000),
    ("mexican", {}, "Kh Qh 7h 5h 2h", 0x6DC752),
    ("mexican", {}, "Qh Qd Qs 2c 2d", 0x5C2000),
    ("canadian", {}, "9h 8d 7c 6s 2h", 0x252000),  # four-card straight, the deuce odd
    ("canadian", {}, "Ah 2d 3c 4s 9h", 0x209000),
    ("canadian", {}, "Kh Th 7h 3h Ks", 0x3DA73D),  # a four-card flush over the kings
    ("canadian", {}, "Kh Kd 3h 3c 2s", 0x4D3200),  # two pair over both
    ("canadian", {}, "Kh Kd 9c 7s 2h", 0x1D9720),
    ("canadian", {}, "5h 4d 3c 2c As", 0x600000),  # the wheel: a five-card straight
]


@pytest.mark.parametrize(("ranking", "options", "hand", "want"), WORKED)
def test_worked_examples_of_the_rules(
    ranking: str, options: dict[str, Any], hand: str, want: int
) -> None:
    assert key(ranking, options, hand) == want
    assert evaluate(hand, ranking=ranking, **options).key == (want,)


def test_the_orders_the_rules_name() -> None:
    below = {"trips": "below-straight"}
    assert key("short", below, "Ah Jh 9h 7h 6h") > key("short", below, "Ah Ad Ac Kd Kc")
    assert key("short", below, "6h 7d 8c 9s Th") > key("short", below, "Ah 6d 7c 8s 9h")
    assert key("short", {}, "Kh Kd Kc 7s 6h") > key("short", {}, "Ah Kd Qc Js Th")
    assert key("manila", {}, "Ah 7d 8c 9s Th") < key("manila", {}, "7h 7d 8c 9s Th")
    assert key("mexican", {}, "6h 7d Jc Qc Ks") > key("mexican", {}, "Ah Ad Ac Kd Qs")
    assert key("canadian", {}, "Ah Ad Kc Qs 9h") < key("canadian", {}, "Ah 2d 3c 4s 9h")
    assert key("canadian", {}, "Ah 2h 3h 4h 9s") < key("canadian", {}, "Kh Ks 3h 3c 2d")
    # Equal ranks tie whatever the suits.
    assert key("mexican", {}, "Ah Kd Qc 7s 5h") == key("mexican", {}, "As Kc Qd 7h 5s")


def assert_same_order(ranking: str, options: dict[str, Any], rows: list[list[int]]) -> None:
    """The kernel's keys order ``rows`` exactly as the readable ranking does, ties included
    (checked along the readable order, which settles every pair), and equal its values."""
    got = keys_for(ranking, options)(np.array(rows, dtype=np.uint8)).tolist()
    values = [evaluate([Card(i) for i in row], ranking=ranking, **options) for row in rows]
    order = sorted(range(len(rows)), key=lambda i: values[i])
    for a, b in itertools.pairwise(order):
        va: HandValue = values[a]
        vb: HandValue = values[b]
        assert (got[a] < got[b]) == (va < vb) and (got[a] == got[b]) == (va == vb), (
            [str(Card(i)) for i in rows[a]],
            [str(Card(i)) for i in rows[b]],
        )
    assert got == [v.key[0] for v in values]


def random_order(ranking: str, options: dict[str, Any], hands: int) -> None:
    """:func:`assert_same_order` on ``hands`` random hands of each width."""
    for width in (5,) if ranking == "canadian" else (5, 6, 7):
        rng = random.Random(f"{ranking}{options}{width}")
        rows = [rng.sample(deck(ranking), width) for _ in range(hands)]
        assert_same_order(ranking, options, rows)


@pytest.mark.parametrize(("ranking", "options"), SETTINGS)
def test_random_hands_order_as_the_readable_ranking(ranking: str, options: dict[str, Any]) -> None:
    random_order(ranking, options, 4_000)


@pytest.mark.slow
@pytest.mark.parametrize(("ranking", "options"), SETTINGS)
def test_many_random_hands_order_as_the_readable_ranking(
    ranking: str, options: dict[str, Any]
) -> None:
    random_order(ranking, options, 100_000)


def every_five(ranking: str) -> list[list[int]]:
    """One hand of each class of the deck's five-card hands under the renaming of suits
    (the class's least hand, ids sorted, over the 24 renamings)."""
    rows = np.array(list(itertools.combinations(deck(ranking), 5)), dtype=np.int64)
    least = None
    for perm in itertools.permutations(range(4)):
        renamed = np.sort(rows & ~3 | np.array(perm)[rows & 3], axis=1)
        code = renamed @ (64 ** np.arange(4, -1, -1))
        least = code if least is None else np.minimum(least, code)
    assert least is not None
    codes = np.unique(least)
    return [[int(code) >> (6 * k) & 63 for k in range(4, -1, -1)] for code in codes]


@pytest.mark.slow
@pytest.mark.parametrize(("ranking", "options"), SETTINGS)
def test_every_five_card_hand_up_to_suits(ranking: str, options: dict[str, Any]) -> None:
    assert_same_order(ranking, options, every_five(ranking))


CATEGORY_COUNTS = {
    # Every five-card hand by category, in closed form (R ranks, s straights): flushes
    # 4·C(R,5) − 4s, straights s·(4⁵ − 4), full houses R·4·(R−1)·6, quads R·(R−1)·4.
    "short": {4: 6 * (4**5 - 4), 6: 4 * 126 - 24, 5: 9 * 4 * 8 * 6, 7: 9 * 8 * 4, 8: 24},
    "manila": {4: 4 * (4**5 - 4), 6: 4 * 56 - 16, 5: 8 * 4 * 7 * 6, 7: 8 * 7 * 4, 8: 16},
    "mexican": {4: 7 * (4**5 - 4), 6: 4 * 252 - 28, 5: 10 * 4 * 9 * 6, 7: 10 * 9 * 4, 8: 28},
    # Canadian: four-card flushes 4·C(13,4)·39 − 10·5·4·3, two pair 123,552, flushes 5,108.
    "canadian": {3: 4 * 715 * 39 - 600, 4: 123_552, 7: 5_108, 9: 624, 10: 40},
}


@pytest.mark.parametrize("ranking", CATEGORY_COUNTS)
def test_every_five_card_hand_by_category(ranking: str) -> None:
    """All the five-card hands of the deck through the kernel, counted by category."""
    options = {"trips": "below-straight"} if ranking == "short" else {}
    rows = np.array(list(itertools.combinations(deck(ranking), 5)), dtype=np.uint8)
    keys = keys_for(ranking, options)(rows)
    places = np.bincount(keys >> 20)
    assert keys.min() > 0
    for place, count in CATEGORY_COUNTS[ranking].items():
        assert places[place] == count, place


def test_bad_rows_and_rankings() -> None:
    manila = keys_for("manila", {})
    ace, king, queen, jack, ten, deuce = (c.id for c in parse_cards("Ah Kh Qh Jh Th 2h"))
    rows = np.array([[ace, king, queen, jack, deuce], [ace, ace, queen, jack, ten]])
    assert manila(rows).tolist() == [-1, -1]  # a deuce is no Manila card; a card twice
    with pytest.raises(HandSizeError, match="expected"):
        keys_for("canadian", {})(np.zeros((1, 7), dtype=np.uint8))
    with pytest.raises(RankingError, match="no batch key"):
        keys_for("high", {})
    with pytest.raises(RankingError, match="no batch key"):
        keys_for("manila", {"wild_rank": 14})
    with pytest.raises(RankingError, match="not allowed"):
        keys_for("short", {"trips": "sideways"})


def test_the_equity_estimate_names_the_same_rankings() -> None:
    assert {k: set(v) for k, v in RANKINGS.items()} == _HIGH_FAMILY
