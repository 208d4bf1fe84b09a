"""Jokers in the compiled low keys (California lowball): five cards with one or two
jokers are keyed in C, equal to the Python twins and to the readable evaluator, and
the showdown keys them without the registry.  Sizes: ``tests/sizes.py``.
"""

from __future__ import annotations

import random

import pytest
from sizes import size

from straights.cards import parse_cards
from straights.poker.showdown import best_hand, best_key
from straights.poker.variant import HandRule
from straights.rankings import low
from straights.rankings.base import get_ranking
from straights.rankings.compiled import speedups

needs_speedups = pytest.mark.skipif(speedups is None, reason="straights._speedups not built")
DECK = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs") + " Jk Jk2")
JOKERS = [c.id for c in DECK[52:]]
NAMES = ("ace_to_five", "deuce_to_seven", "ace_to_six")


def _ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


@needs_speedups
@pytest.mark.parametrize("name", NAMES)
def test_compiled_equals_python(name: str) -> None:
    compiled, python = getattr(low, f"{name}_key"), getattr(low, f"python_{name}_key")
    rng = random.Random(len(name))
    for _ in range(size(300, 30_000)):  # the Python twin tries every joker rank: slow
        pool = [*range(24), *JOKERS] if rng.random() < 0.5 else [*range(52), *JOKERS]
        ids = rng.sample(pool, 4)
        ids.append(next(c for c in (*JOKERS, *range(52)) if c not in ids))  # a joker if free
        rng.shuffle(ids)
        qualifier = rng.choice((None, 7, 8))
        assert compiled(ids, qualifier) == python(ids, qualifier), (ids, qualifier)


def test_hand_computed_keys() -> None:
    base = 1 << 24  # a low key is 1 << 24 less the badness (smaller is a better low)
    # ace-to-five: the joker plays as the ace (one joker) or as the ace and deuce
    wheel = 5 << 16 | 4 << 12 | 3 << 8 | 2 << 4 | 1
    assert low.ace_to_five_key(_ids("Jk 2c 3d 4h 5s")) == base - wheel
    assert low.ace_to_five_key(_ids("Jk Jk2 3d 4h 5s")) == base - wheel
    # deuce-to-seven: not a six (a straight), so a seven: 7-5-4-3-2
    seven = 7 << 16 | 5 << 12 | 4 << 8 | 3 << 4 | 2
    assert low.deuce_to_seven_key(_ids("Jk 2c 3d 4h 5s")) == base - seven
    # a joker never makes a flush: 8-6-4-3-2 of clubs with a joker is no flush
    assert low.deuce_to_seven_key(_ids("Jk 2c 3c 4c 6c")) == base - (
        7 << 16 | 6 << 12 | 4 << 8 | 3 << 4 | 2
    )
    assert low.ace_to_five_key(_ids("Jk Kc Kd Ks Kh"), 8) == 0  # four kings: no low


@pytest.mark.parametrize("qualifier", [None, 8])
def test_showdown_keys_equal_the_registry(qualifier: int | None) -> None:
    """California lowball's rule (and one with a qualifier) against the registry."""
    options = () if qualifier is None else (("qualifier", qualifier),)
    rule = HandRule("ace-to-five", options)
    ranking = get_ranking("ace-to-five")
    rng = random.Random(6)
    for _ in range(size(300, 10_000)):
        cards = [*rng.sample(DECK[:52], 4), DECK[52]]
        rng.shuffle(cards)
        want = ranking.evaluate(tuple(cards), **dict(options))
        got = best_hand(rule, cards, [])
        if want.category == "no low":
            assert got is None and best_key(rule, cards, []) is None
            continue
        assert got is not None and (got.key, got.phrase) == (want.key, want.phrase), cards
        assert best_key(rule, cards, []) == want.key
