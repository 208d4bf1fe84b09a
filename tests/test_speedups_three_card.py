"""Three-card showdown keys: the compiled ``three_card_best`` equals its Python twin
and the readable evaluator, and the showdown's keyed path equals the registry's.

Mambo stud's two rules (three-card high with straights, ace-to-three six or better)
and the other three-card methods, on random hands of three to seven cards.  Sizes:
``tests/sizes.py``.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from sizes import size

from straights.cards import parse_cards
from straights.poker.showdown import best_hand, best_key
from straights.poker.variant import HandRule
from straights.rankings import three_card
from straights.rankings.base import get_ranking
from straights.rankings.compiled import speedups
from straights.rankings.high import ids_of
from straights.rankings.three_card import (
    METHODS,
    method_number,
    python_three_card_best,
    three_card_best,
)

needs_speedups = pytest.mark.skipif(speedups is None, reason="straights._speedups not built")
QUALIFIERS = (None, 6, 8)


def test_bound_to_the_compiled_function() -> None:
    if speedups is None:
        assert three_card_best is python_three_card_best
    else:
        assert three_card_best is speedups.three_card_best


@needs_speedups
@pytest.mark.parametrize("method", range(len(METHODS)))
def test_compiled_equals_python(method: int) -> None:
    rng = random.Random(25 + method)
    for _ in range(size(5_000, 500_000)):
        ids = rng.sample(range(52), rng.randint(3, 7))
        if rng.random() < 0.5:  # many low or paired ranks
            ids = rng.sample(range(24), rng.randint(3, 7))
        qualifier = rng.choice(QUALIFIERS)
        assert three_card_best(ids, method, qualifier) == python_three_card_best(
            ids, method, qualifier
        ), (ids, method, qualifier)


@pytest.mark.parametrize("method", range(len(METHODS)))
def test_python_equals_the_evaluator(method: int) -> None:
    """The best key of any three is the best registry value's key (0: no qualifying low)."""
    chosen = METHODS[method]
    ranking = get_ranking(chosen.name)
    rng = random.Random(7 + method)
    deck = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
    for _ in range(size(400, 20_000)):
        cards = rng.sample(deck, rng.randint(3, 5))
        if chosen.low:
            options: dict[str, object] = {"qualifier": rng.choice((None, 6))}
        else:
            options = {"straights": chosen.counts_straights}
        best = max(ranking.evaluate(c, **options) for c in combinations(cards, 3))
        want = 0 if best.category == "no low" else best.key[0]
        ids = [c.id for c in cards]
        assert python_three_card_best(ids, method, options.get("qualifier")) == want
        assert three_card_best(ids, method, options.get("qualifier")) == want


def test_hand_computed_keys() -> None:
    high = method_number("three-card", straights=True)
    low = method_number("ace-to-three")
    # straight, ace high (A-K-Q): category 3, ranks 14, 13, 12
    assert three_card_best(ids_of("Qs Kd Ah 2c"), high) == 3 << 12 | 14 << 8 | 13 << 4 | 12
    # A-2-3 is a straight, three high; without straights it is ace high
    assert three_card_best(ids_of("2s 3d Ah"), high) == 3 << 12 | 3 << 8 | 2 << 4 | 14
    assert three_card_best(ids_of("2s 3d Ah"), method_number("three-card")) == (
        14 << 8 | 3 << 4 | 2
    )
    # a pair is shown pair first: 5-5-K
    assert three_card_best(ids_of("5s 5d Kh"), high) == 1 << 12 | 5 << 8 | 5 << 4 | 13
    # ace-to-three: 3-2-A is the best low, 1 << 16 less its value 0x321
    assert three_card_best(ids_of("Ah Kd 2c 3s"), low, 6) == (1 << 16) - 0x321
    assert three_card_best(ids_of("Ah Kd 7c 9s"), low, 6) == 0  # no six or better
    assert three_card_best(ids_of("Ah Kd 7c 9s"), low) == (1 << 16) - (9 << 8 | 7 << 4 | 1)


def test_what_the_compiled_code_does_not_take_goes_to_python() -> None:
    assert three_card_best([0, 4], 0) == 0  # fewer than three cards
    assert three_card_best(list(range(12)), 4) == python_three_card_best(list(range(12)), 4)
    assert three_card_best((0, 4, 8), 3, None) == python_three_card_best((0, 4, 8), 3)
    with pytest.raises(IndexError):
        three_card_best([0, 4, 8], len(METHODS))


MAMBO = (
    HandRule("three-card", (("straights", True),)),
    HandRule("ace-to-three", (("qualifier", 6),)),
)


@pytest.mark.parametrize("rule", MAMBO, ids=("high", "low"))
def test_showdown_keys_equal_the_registry(rule: HandRule) -> None:
    """Mambo's rules: ``best_hand`` and ``best_key`` on the keyed path against every
    three cards through the ranking registry."""
    ranking = get_ranking(rule.ranking)
    options = dict(rule.options)
    rng = random.Random(3)
    deck = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
    for _ in range(size(300, 10_000)):
        cards = rng.sample(deck, 4)
        hole, board = cards[:3], cards[3:]
        want = max(ranking.evaluate(c, **options) for c in combinations(cards, 3))
        got = best_hand(rule, hole, board)
        if want.category == "no low":
            assert got is None and best_key(rule, hole, board) is None
            continue
        assert got == want and got.phrase == want.phrase, cards
        assert best_key(rule, hole, board) == want.key


def test_module_docstring_names_the_method_numbers() -> None:
    assert [m.name for m in METHODS[:3]] == ["ace-to-three", "deuce-to-five", "ace-to-four"]
    assert three_card.METHODS[4].counts_straights and not METHODS[3].counts_straights
