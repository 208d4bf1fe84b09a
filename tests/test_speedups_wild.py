"""Wild-card showdown keys: the compiled ``wild_key`` equals its Python twin and the
readable evaluator, and the showdown's keyed path equals the registry's.

Five-card draw with the bug (a joker) and deuces wild, on random five-card hands
(many with wild cards, many from one suit); other sizes go to Python.  Sizes:
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
from straights.rankings.high_family import python_wild_key, wild_key

needs_speedups = pytest.mark.skipif(speedups is None, reason="straights._speedups not built")
DECK = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs") + " Jk Jk2")
JOKERS = [c.id for c in DECK[52:]]
#: (options, wild_key's arguments): the bug, deuces wild, and aces fully wild with jokers.
RULES = [
    ({"wild": "bug"}, (None, True)),
    ({"wild_rank": 2}, (2, False)),
    ({"wild_rank": 14}, (14, False)),
    ({"wild": "fully"}, (None, False)),
]


def _ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def _hand(rng: random.Random) -> list[int]:
    pick = rng.random()
    if pick < 0.3:  # one suit, wild cards among it
        return rng.sample([*range(0, 52, 4), 1, 2, 3, *JOKERS], 5)
    if pick < 0.6:  # few ranks: sets
        return rng.sample([*range(0, 4), *range(36, 52), *JOKERS], 5)
    return rng.sample([*range(52), *JOKERS], 5)


def test_bound_to_the_compiled_function() -> None:
    assert wild_key is (python_wild_key if speedups is None else speedups.wild_key)


@needs_speedups
@pytest.mark.parametrize("args", [a for _, a in RULES], ids=["bug", "deuces", "aces", "fully"])
def test_compiled_equals_python(args: tuple[int | None, bool]) -> None:
    rng = random.Random(repr(args))  # a str seed: the same hands every run
    for _ in range(size(5_000, 500_000)):
        ids = _hand(rng)
        assert wild_key(ids, *args) == python_wild_key(ids, *args), (ids, args)


@pytest.mark.parametrize(("options", "args"), RULES[:2], ids=["bug", "deuces"])
def test_equals_the_evaluator(options: dict[str, object], args: tuple[int | None, bool]) -> None:
    ranking = get_ranking("high")
    rng = random.Random(11)
    for _ in range(size(500, 20_000)):
        cards = [DECK[i if i < 52 else 52 + JOKERS.index(i)] for i in _hand(rng)]
        want = ranking.evaluate(tuple(cards), **options).key
        assert (wild_key([c.id for c in cards], *args),) == want, cards


def test_hand_computed_keys() -> None:
    # the bug completes a flush as the ace: A-T-8-5-4 of hearts (flush: position 5)
    flush = 5 << 20 | 14 << 16 | 10 << 12 | 8 << 8 | 5 << 4 | 4
    assert wild_key(_ids("Jk Th 8h 5h 4h"), None, True) == flush
    # ... a straight, ten high (strength 5: 6 to 10), or else an ace: ace-king high
    assert wild_key(_ids("Jk 9s 8d 7c 6h"), None, True) == 4 << 20 | 5 << 16
    assert wild_key(_ids("Jk Ks 8d 7c 3h"), None, True) == 14 << 16 | 13 << 12 | 8 << 8 | 7 << 4 | 3
    assert (
        wild_key(_ids("Jk Ks Ad 7c 3h"), None, True)
        == 1 << 20 | 14 << 16 | 13 << 12 | 7 << 8 | 3 << 4
    )
    # five of a kind (position 9): aces with the bug, kings with two deuces
    assert wild_key(_ids("Jk Ah Ad Ac As"), None, True) == 9 << 20 | 14 << 16
    assert wild_key(_ids("2c 2d Ks Kh Kd"), 2) == 9 << 20 | 13 << 16
    # a deuce with two pair: kings full of nines (position 6)
    assert wild_key(_ids("2c Ks Kd 9h 9c"), 2) == 6 << 20 | 13 << 16 | 9 << 12
    # no wild card: the natural key
    assert wild_key(_ids("3c Ks Kd 9h 9c"), 2) == 2 << 20 | 13 << 16 | 9 << 12 | 3 << 8


def test_what_the_compiled_code_does_not_take_goes_to_python() -> None:
    for text in ("Jk Ah Kd", "Jk Ah Kd Qs Js Ts 9c", "Ah Kd Qs Js Ts 9c"):
        assert wild_key(_ids(text), None, True) == python_wild_key(_ids(text), None, True)
    with pytest.raises(TypeError):
        wild_key(_ids("Jk Ah Kd Qs Js"), bogus=True)


@pytest.mark.parametrize(("options", "args"), RULES[:2], ids=["bug", "deuces"])
def test_showdown_keys_equal_the_registry(
    options: dict[str, object], args: tuple[int | None, bool]
) -> None:
    """The draws' rules: ``best_hand`` and ``best_key`` against the registry."""
    rule = HandRule("high", tuple(options.items()))
    ranking = get_ranking("high")
    rng = random.Random(4)
    for _ in range(size(300, 10_000)):
        cards = rng.sample(DECK[:53], 5)
        want = ranking.evaluate(tuple(cards), **options)
        got = best_hand(rule, cards, [])
        assert got is not None and (got.key, got.phrase) == (want.key, want.phrase), cards
        assert best_key(rule, cards, []) == want.key
