"""Short-deck showdown keys: the compiled ``short_key`` equals its Python twin and
the readable evaluator, and the showdown's keyed path equals the registry's.

Random hands of one to seven cards of the 36-card deck (half of them from two
suits, for flushes), three of a kind below and above a straight.  Sizes:
``tests/sizes.py``.
"""

from __future__ import annotations

import random

import pytest
from sizes import size

from straights.cards import parse_cards
from straights.poker.showdown import best_hand, best_key
from straights.poker.variant import HandRule
from straights.rankings.base import get_ranking
from straights.rankings.compiled import speedups
from straights.rankings.high import ids_of
from straights.rankings.high_family import key_function, python_short_key, short_key

needs_speedups = pytest.mark.skipif(speedups is None, reason="straights._speedups not built")
SHORT_IDS = range(16, 52)  # six to ace
DECK = parse_cards(" ".join(f"{r}{s}" for r in "6789TJQKA" for s in "cdhs"))


def _hand(rng: random.Random, n: int) -> list[int]:
    if rng.random() < 0.5:
        return rng.sample([i for i in SHORT_IDS if i & 3 < 2], n)
    return rng.sample(SHORT_IDS, n)


def test_bound_to_the_compiled_function() -> None:
    assert short_key is (python_short_key if speedups is None else speedups.short_key)
    assert key_function("short", trips="below-straight") is short_key


@needs_speedups
@pytest.mark.parametrize("above", [False, True])
def test_compiled_equals_python(above: bool) -> None:
    rng = random.Random(36 + above)
    for _ in range(size(10_000, 1_000_000)):
        ids = _hand(rng, rng.randint(1, 7))
        assert short_key(ids, above) == python_short_key(ids, above), (ids, above)
        assert short_key(ids, trips_above=above) == python_short_key(ids, above)


@pytest.mark.parametrize("trips", ["below-straight", "above-straight"])
def test_equals_the_evaluator(trips: str) -> None:
    ranking = get_ranking("short")
    rng = random.Random(9)
    for _ in range(size(300, 20_000)):
        cards = rng.sample(DECK, rng.choice((5, 6, 7)))
        want = ranking.evaluate(tuple(cards), trips=trips).key
        ids = [c.id for c in cards]
        assert (short_key(ids, trips == "above-straight"),) == want, cards


def test_hand_computed_keys() -> None:
    # A-6-7-8-9 is the lowest straight: strength 0; trips below it: position 4
    assert short_key(ids_of("Ah 6d 7c 8s 9h Kd Kc")) == 4 << 20
    assert short_key(ids_of("Ah 6d 7c 8s 9h Kd Kc"), True) == 3 << 20
    # ace-high straight: strength 5
    assert short_key(ids_of("Ah Kd Qc Js Th")) == 4 << 20 | 5 << 16
    # a flush (position 6) beats a full house (position 5)
    flush = short_key(ids_of("Ah Jh 9h 8h 6h"))
    assert flush == 6 << 20 | 14 << 16 | 11 << 12 | 9 << 8 | 8 << 4 | 6
    assert short_key(ids_of("As Ad Ac Kd Kc")) == 5 << 20 | 14 << 16 | 13 << 12
    # two pairs of three: the best two and the best kicker (the third pair's rank)
    assert short_key(ids_of("Ah Ad Kc Ks Qh Qd 6c")) == 2 << 20 | 14 << 16 | 13 << 12 | 12 << 8
    # straight flush 6-7-8-9-T: strength 1, position 8
    assert short_key(ids_of("6s 7s 8s 9s Ts Ad")) == 8 << 20 | 1 << 16


def test_what_the_compiled_code_does_not_take_goes_to_python() -> None:
    low = ids_of("2c 3d 4h 5s 6c Ah")  # ranks below six are not in the short deck
    assert short_key(low) == python_short_key(low)
    assert short_key([]) == python_short_key([])
    with pytest.raises(TypeError):
        short_key(low, bogus=True)


@pytest.mark.parametrize("trips", ["below-straight", "above-straight"])
def test_showdown_keys_equal_the_registry(trips: str) -> None:
    """Short-deck hold'em's rule: ``best_hand`` and ``best_key`` against the registry."""
    rule = HandRule("short", (("trips", trips),))
    ranking = get_ranking("short")
    rng = random.Random(5)
    for _ in range(size(300, 10_000)):
        cards = rng.sample(DECK, 7)
        hole, board = cards[:2], cards[2:]
        want = ranking.evaluate(tuple(cards), trips=trips)
        got = best_hand(rule, hole, board)
        assert got is not None and (got.key, got.phrase) == (want.key, want.phrase), cards
        assert best_key(rule, hole, board) == want.key
