"""straights.fast.more_keys against the readable rankings: the batch key of every row
equals the readable key (so any two hands compare alike, ties included), on random
hands (a few thousand here, 100,000 per ranking in the slow test) and on worked
examples of rankings.md whose values are written out by hand."""

from __future__ import annotations

import random
from itertools import combinations, pairwise
from typing import Any

import numpy as np
import pytest

from straights.bots.variant_equity import (
    Spot,
    _batch_shares,
    _batchable,
    equity,
    final_counts,
    pot_shares,
)
from straights.cards import Card, make_deck, parse_cards
from straights.fast.more_keys import batch_key
from straights.poker.catalogue import get_variant
from straights.poker.variant import HandRule
from straights.rankings.base import evaluate

JOKER = 55
THREE = ("three-card", "ace-to-three", "deuce-to-five", "ace-to-four")

#: (ranking, options, cards per hand, jokers in the pack, wild rank)
CASES: list[tuple[str, tuple[tuple[str, Any], ...], int, int, int | None]] = [
    ("ace-to-six", (), 5, 0, None),
    ("ace-to-six", (), 7, 0, None),  # London lowball
    ("ace-to-six", (), 5, 1, None),
    ("ace-to-six", (), 7, 2, None),
    ("ace-to-five", (), 5, 1, None),  # California lowball
    ("ace-to-five", (), 7, 1, None),
    ("ace-to-five", (("qualifier", 8),), 5, 1, None),
    ("deuce-to-seven", (), 5, 1, None),
    ("deuce-to-seven", (("qualifier", 8),), 7, 1, None),
    ("high", (("wild", "bug"),), 5, 1, None),  # draw with the bug
    ("high", (("wild", "bug"),), 7, 2, None),
    ("high", (("wild_rank", 2),), 5, 0, 2),  # deuces wild
    ("high", (("wild_rank", 2),), 7, 0, 2),
    ("high", (("wild", "bug"), ("wild_rank", 9)), 5, 1, 9),
    ("high", (), 5, 2, None),  # jokers fully wild
    ("three-card", (("straights", True),), 4, 0, None),  # Mambo's high: best 3 of 4
    ("three-card", (("straights", True),), 3, 0, None),
    ("three-card", (), 4, 0, None),
    ("ace-to-three", (("qualifier", 6),), 4, 0, None),  # Mambo's low
    ("ace-to-three", (), 3, 0, None),
    ("deuce-to-five", (("qualifier", 6),), 4, 0, None),
    ("ace-to-four", (), 4, 0, None),
]


def readable(ranking: str, options: tuple[tuple[str, Any], ...], ids: list[int]) -> int:
    """The readable ranking's key of the best hand of ``ids`` (0: no qualifying low)."""
    cards = [Card(i) for i in ids]
    if ranking in THREE:
        return max(evaluate(c, ranking, **dict(options)).key[0] for c in combinations(cards, 3))
    (key,) = evaluate(cards, ranking, **dict(options)).key
    return key


def random_rows(
    rng: random.Random, n: int, size: int, jokers: int, wild_rank: int | None
) -> list[list[int]]:
    """Random hands; half of them hold as many wild cards as they can (every count met)."""
    deck = list(range(52)) + [JOKER + j for j in range(jokers)]
    wild = [c for c in deck if c >= JOKER or (c >> 2) + 2 == wild_rank]
    rows = []
    for k in range(n):
        if k % 2 and wild:
            w = rng.randint(1, min(len(wild), size))
            picked = rng.sample(wild, w)
            rows.append(picked + rng.sample([c for c in deck if c not in wild], size - w))
            rng.shuffle(rows[-1])
        else:
            rows.append(rng.sample(deck, size))
    return rows


def check(case: tuple[str, tuple[tuple[str, Any], ...], int, int, int | None], n: int) -> None:
    ranking, options, size, jokers, wild_rank = case
    rows = random_rows(random.Random(repr(case)), n, size, jokers, wild_rank)
    key = batch_key(HandRule(ranking, options), size)
    assert key is not None
    got = key(np.array(rows, dtype=np.int64)).tolist()
    want = [readable(ranking, options, r) for r in rows]
    assert got == want
    # hence every comparison agrees, ties included (and the hands are not all alike)
    signs = [np.sign(a - b) for a, b in pairwise(want)]
    assert signs == [np.sign(a - b) for a, b in pairwise(got)]
    assert len(set(want)) > 5


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}{dict(c[1])}-{c[2]}-{c[3]}j")
def test_batch_keys_equal_the_readable_keys(case: Any) -> None:
    check(case, 1_500)


#: The rankings of the catalogue's variants (London, California, the bug, deuces wild, Mambo).
PLAYED = [CASES[i] for i in (1, 4, 9, 11, 15, 18)]


@pytest.mark.slow
@pytest.mark.parametrize("case", PLAYED, ids=lambda c: f"{c[0]}{dict(c[1])}-{c[2]}-{c[3]}j")
def test_batch_keys_equal_the_readable_keys_on_100000_hands(case: Any) -> None:
    check(case, 100_000)


def key_of(ranking: str, text: str, **options: Any) -> int:
    ids = [c.id for c in parse_cards(text)]
    key = batch_key(HandRule(ranking, tuple(options.items())), len(ids))
    assert key is not None
    return int(key(np.array([ids], dtype=np.int64))[0])


LOW = 1 << 24  # a low's key is LOW - badness: category, then the ranks high to low


@pytest.mark.parametrize(
    ("ranking", "hand", "options", "want"),
    [
        # ace-to-six: best 6-4-3-2-A; the ace is low; straights and flushes count
        ("ace-to-six", "6h 4s 3c 2d Ac", {}, LOW - 0x0_64321),
        ("ace-to-six", "5h 4s 3c 2d Ac", {}, LOW - 0x4_54321),  # a straight, five high
        ("ace-to-six", "Kh Qs Jc Td Ac", {}, LOW - 0x0_DCBA1),  # no straight: king high
        ("ace-to-six", "8h 6h 4h 3h 2h", {}, LOW - 0x5_86432),  # a flush
        ("ace-to-six", "Ah 2h 3h 4h 5h 6c 7d", {}, LOW - 0x0_64321),  # London's best five
        ("ace-to-six", "Ah Ad 2c 2s 3h 3d Kc", {}, LOW - 0x1_1D320),  # aces: the best pair
        # ace-to-five with a joker: the lowest rank absent, never a pair
        ("ace-to-five", "Jk 7h 5s 4h Ad", {}, LOW - 0x0_75421),
        ("ace-to-five", "Jk 5h 4s 3h 2d", {}, LOW - 0x0_54321),
        ("ace-to-five", "Jk Ah 2s 3h 4d", {}, LOW - 0x0_54321),
        ("ace-to-five", "Jk 9h 9s Kh Kd", {}, LOW - 0x2_D9100),  # two pair, kings, nines
        ("ace-to-five", "Jk 9h 9s 8h Kd", {"qualifier": 8}, 0),  # nines: no low
        ("ace-to-five", "Jk 8h 7s 6h 5d", {"qualifier": 8}, LOW - 0x0_87651),
        ("ace-to-six", "Jk 5h 4s 3h 2d", {}, LOW - 0x0_75432),  # A or 6 makes a straight
    ],
)
def test_worked_lows(ranking: str, hand: str, options: dict[str, Any], want: int) -> None:
    assert key_of(ranking, hand, **options) == want


def high(category: int, *ranks: int) -> int:
    """The packed high value: category << 20, then five rank nibbles."""
    value = category
    for r in (*ranks, 0, 0, 0, 0, 0)[:5]:
        value = value << 4 | r
    return value


PAIR, STRAIGHT, FLUSH, TRIPS, SFLUSH, FIVE = 1, 4, 5, 3, 8, 9


@pytest.mark.parametrize(
    ("hand", "options", "want"),
    [
        # the bug: an ace, or what completes a straight or flush
        ("Jk Th 8h 5h 4h", {"wild": "bug"}, high(FLUSH, 14, 10, 8, 5, 4)),
        ("Jk Ah Th 8h 5h", {"wild": "bug"}, high(FLUSH, 14, 13, 10, 8, 5)),  # K: no pair
        ("Jk 9s 8d 7c 6h", {"wild": "bug"}, high(STRAIGHT, 10 - 5)),  # ten high
        ("Jk Ks Kd 7c 2h", {"wild": "bug"}, high(PAIR, 13, 14, 7, 2)),  # ace kicker
        ("Jk 9s 9d 5c 2h", {"wild": "bug"}, high(PAIR, 9, 14, 5, 2)),  # not trip nines
        ("Jk As Ad Ac Ah", {"wild": "bug"}, high(FIVE, 14)),
        ("Jk 5s 4d 3c 2h", {"wild": "bug"}, high(STRAIGHT, 6 - 5)),  # six high, not wheel
        # deuces wild: fully wild
        ("Jh Td 9h 2c 7h", {"wild_rank": 2}, high(STRAIGHT, 11 - 5)),  # J T 9 W 7: W is 8
        ("Jh Th 9h 2c 7h", {"wild_rank": 2}, high(SFLUSH, 11 - 5)),
        ("2c 6d 5h 4s 3c", {"wild_rank": 2}, high(STRAIGHT, 7 - 5)),  # W 6 5 4 3: W is 7
        ("2c Th 8h 5h 4h", {"wild_rank": 2}, high(FLUSH, 14, 10, 8, 5, 4)),
        ("2c 2d Ah As Ad", {"wild_rank": 2}, high(FIVE, 14)),
        ("2c 9s 9d 5c 3h", {"wild_rank": 2}, high(TRIPS, 9, 5, 3)),
        ("2c 2s 2d 2h 3h", {"wild_rank": 2}, high(FIVE, 3)),
        ("2c Ks Qd 7c 4h", {"wild_rank": 2}, high(PAIR, 13, 12, 7, 4)),
    ],
)
def test_worked_wild_hands(hand: str, options: dict[str, Any], want: int) -> None:
    assert key_of("high", hand, **options) == want


@pytest.mark.parametrize(
    ("ranking", "hand", "options", "want"),
    [
        # three-card high with straights: pair < flush < straight < trips < straight flush
        ("three-card", "Qs Kd Ah", {"straights": True}, 3 << 12 | 14 << 8 | 13 << 4 | 12),
        ("three-card", "Qs Kd Ah", {}, 14 << 8 | 13 << 4 | 12),
        ("three-card", "As 2d 3c", {"straights": True}, 3 << 12 | 3 << 8 | 2 << 4 | 14),
        ("three-card", "Ks Ad 2c", {"straights": True}, 14 << 8 | 13 << 4 | 2),  # no straight
        ("three-card", "Ah 2h 3h Kd", {"straights": True}, 5 << 12 | 3 << 8 | 2 << 4 | 14),
        ("three-card", "9h 9d 4h Kd", {"straights": True}, 1 << 12 | 9 << 8 | 9 << 4 | 13),
        ("three-card", "9h 5h 4h 9d", {"straights": True}, 2 << 12 | 9 << 8 | 5 << 4 | 4),
        # ace-to-three, six or better: 1 << 16 less the hand's high strength
        ("ace-to-three", "3c 2d Ah", {"qualifier": 6}, (1 << 16) - (3 << 8 | 2 << 4 | 1)),
        ("ace-to-three", "7c 2d Ah", {"qualifier": 6}, 0),
        ("ace-to-three", "7c 2d Ah 4s", {"qualifier": 6}, (1 << 16) - (4 << 8 | 2 << 4 | 1)),
        ("ace-to-four", "3c 2d Ah", {}, (1 << 16) - (3 << 12 | 3 << 8 | 2 << 4 | 1)),
    ],
)
def test_worked_three_card_hands(
    ranking: str, hand: str, options: dict[str, Any], want: int
) -> None:
    assert key_of(ranking, hand, **options) == want


def test_rules_without_a_key() -> None:
    assert batch_key(HandRule("ace-to-five", (("joker", "must-pair"),)), 5) is None
    assert batch_key(HandRule("high", (("natural", "fewer-wilds"),)), 5) is None
    assert batch_key(HandRule("badugi"), 4) is None
    assert batch_key(HandRule("ace-to-six"), 4) is None
    # Omaha's two plus three takes natural cards only
    assert not _batchable(get_variant("FO/8"), 4, 5, jokers=True)
    assert _batchable(get_variant("FO/8"), 4, 5)


VARIANTS = ["_FLONDON", "_FCALIFORNIA", "_F5CDJ", "_F5CDW", "_FMAMBO"]


@pytest.mark.parametrize("code", VARIANTS)
def test_these_variants_score_in_batches_as_the_readable_showdown(code: str) -> None:
    variant = get_variant(code)
    hole_n, board_n = final_counts(variant)
    assert _batchable(variant, hole_n, board_n, jokers=variant.jokers > 0)
    rng = random.Random(code)
    deck = [c.id for c in make_deck(variant.deck, jokers=variant.jokers).cards]
    players, n = 3, 400
    deals = [rng.sample(deck, players * hole_n + board_n) for _ in range(n)]
    holes = np.array([d[: players * hole_n] for d in deals]).reshape(n, players, hole_n)
    boards = np.array([d[players * hole_n :] for d in deals]).reshape(n, board_n)
    got = _batch_shares(variant, holes, boards)
    assert got is not None
    want = [
        pot_shares(variant, [[Card(int(c)) for c in h] for h in hs], [Card(int(c)) for c in b])[0]
        for hs, b in zip(holes, boards, strict=True)
    ]
    assert got.tolist() == pytest.approx(want, abs=1e-12)
    assert len({round(w, 3) for w in want}) > 1
    if variant.jokers:
        assert (holes >= JOKER).any()


def test_narrowing_now_applies_to_london_lowball() -> None:
    spot = Spot(get_variant("_FLONDON"), parse_cards("Ah 2d 3c"), (), [parse_cards("Kd")])
    plain = equity(spot, seed=1)
    narrowed = equity(spot, seed=1, narrow=(0.3,))
    assert plain.deals == 160 and not plain.exact  # the batch path's sample
    assert narrowed.deals < plain.deals
