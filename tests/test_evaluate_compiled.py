"""The compiled ``evaluate`` (straights._speedups) equals the Python one.

``straights.rankings.base.evaluate`` is compiled for Card tuples and lists
under ``high``, the three lows and badugi with no options; everything else goes
to :func:`python_evaluate`.  Each value is checked whole — ranking, options,
key, source and the words computed later — against the Python value on random
hands of every size (``tests/sizes.py``: CI size; ``make test-full`` runs
more), and every input the compiled path does not take is checked to get the
Python answer or error.
"""

from __future__ import annotations

import pickle
import random

import pytest
from sizes import size

from straights.cards import Card, parse_cards
from straights.errors import DuplicateCardError, HandSizeError, RankingError
from straights.rankings import base
from straights.rankings.base import HandValue, evaluate, get_ranking, python_evaluate
from straights.rankings.compiled import speedups

needs_speedups = pytest.mark.skipif(speedups is None, reason="straights._speedups not built")

DECK = [Card(i) for i in range(52)]

#: Ranking name and the hand sizes the compiled path takes.
SIZES = {
    "high": range(1, 10),
    "ace-to-five": range(5, 11),
    "deuce-to-seven": range(5, 11),
    "ace-to-six": range(5, 11),
    "badugi": range(1, 8),
}


def _whole(value: HandValue) -> tuple[object, ...]:
    return (
        value.ranking,
        value.options,
        value.key,
        value.source,
        value.category,
        value.cards,
        value.phrase,
        value.wild,
    )


def test_evaluate_is_the_compiled_one() -> None:
    if speedups is None:
        assert evaluate is python_evaluate
    else:
        assert hasattr(speedups, "evaluate"), (
            "straights._speedups was built from an older _speedups.c: run `make` (or "
            "`pip install -e .`) again"
        )
        assert evaluate is speedups.evaluate


@needs_speedups
@pytest.mark.parametrize("ranking", ["high", "ace-to-five", "deuce-to-seven", "ace-to-six"])
def test_keys_from_the_rank_tables(ranking: str) -> None:
    """Five high cards, and lows of five to seven, take their key from the class of
    their ranks (a table filled as hands come), unless five of a suit make a flush
    that counts: many hands, half of them from two suits only (flushes in most), the
    same ranks again in other suits, against the Python keys."""
    rng = random.Random(f"tables {ranking}")
    two_suits = [c for c in DECK if c.suit >= 2]  # hearts and spades
    sizes = (5,) if ranking == "high" else (5, 6, 7)
    # the Python lows take about 0.3 ms a hand, the high key a few microseconds
    count = size(6_000, 100_000) if ranking == "high" else size(400, 10_000)
    for i in range(count):
        n = rng.choice(sizes)
        hand = tuple(rng.sample(two_suits if i % 2 else DECK, n))
        assert evaluate(hand, ranking).key == python_evaluate(hand, ranking).key, hand


@needs_speedups
@pytest.mark.parametrize("ranking", sorted(SIZES))
def test_equal_to_python_on_random_hands(ranking: str) -> None:
    rng = random.Random(ranking)
    # the Python lows take about 0.3 ms a hand: fewer of them at CI size
    count = size(600, 20_000) if ranking in ("high", "badugi") else size(60, 5_000)
    for n in SIZES[ranking]:
        for _ in range(count):
            hand = tuple(rng.sample(DECK, n))
            fast = evaluate(hand, ranking)
            slow = python_evaluate(hand, ranking)
            assert fast == slow, (hand, fast.key, slow.key)
            assert _whole(fast) == _whole(slow), hand
            # the keyword spelling and a list take the same path
            assert evaluate(list(hand), ranking=ranking).key == slow.key


@needs_speedups
def test_known_values_and_words() -> None:
    royal = parse_cards("As Ks Qs Js Ts 2c 2d")
    value = evaluate(royal)
    assert value.key == (8 << 20 | 9 << 16,)
    assert value.phrase == "Royal flush"
    assert value.category == "straight flush"
    assert value.cards == parse_cards("As Ks Qs Js Ts")
    assert str(value) == "Royal flush"
    wheel = evaluate(parse_cards("5d 4c 3h 2s Ac Kd Kh"), "ace-to-five")
    assert wheel.key == (python_evaluate(parse_cards("5d 4c 3h 2s Ac"), "ace-to-five").key)
    assert wheel.category == "5-high"
    number_one = evaluate(parse_cards("7c 5d 4h 3s 2c"), "deuce-to-seven")
    assert number_one.phrase.startswith("Seven-five")
    assert evaluate(parse_cards("Ac 2d 3h 4s"), "badugi").key == (4, -4, -3, -2, -1)


@needs_speedups
def test_values_pickle_and_hash_like_python_ones() -> None:
    hand = parse_cards("Kh Kd 5s 5c Kc 2d 3d")
    fast, slow = evaluate(hand), python_evaluate(hand)
    assert hash(fast) == hash(slow)
    again = pickle.loads(pickle.dumps(fast))
    assert _whole(again) == _whole(slow)
    assert repr(fast) == repr(slow)
    assert fast.to_dict() == slow.to_dict()
    with pytest.raises(AttributeError):
        fast.key = (0,)  # type: ignore[misc]


def test_what_python_answers() -> None:
    """Options, strings, jokers, other rankings and bad hands: Python's answer or error."""
    hand = parse_cards("Jk Th 8h 5h 4h")
    assert evaluate(hand).phrase == python_evaluate(hand).phrase
    assert evaluate("As Ks Qs Js Ts").phrase == "Royal flush"
    hand = parse_cards("Ah Kh 5h 5c 2d")
    assert evaluate(hand, wild_rank=5).key == python_evaluate(hand, wild_rank=5).key
    short = parse_cards("Ah Kh 9h 9c 6d")
    assert evaluate(short, "short").key == python_evaluate(short, "short").key
    low = evaluate(hand, "ace-to-five", qualifier=8)
    assert low.key == python_evaluate(hand, "ace-to-five", qualifier=8).key == (0,)
    with pytest.raises(DuplicateCardError):
        evaluate((Card("As"), Card("As")))
    with pytest.raises(DuplicateCardError):
        evaluate([Card("As"), Card("Kd"), Card("As")], "badugi")
    with pytest.raises(HandSizeError):
        evaluate(())
    with pytest.raises(HandSizeError):
        evaluate(parse_cards("As Kd"), "deuce-to-seven")
    with pytest.raises(HandSizeError):
        evaluate(tuple(DECK[:8]), "badugi")
    with pytest.raises(RankingError):
        evaluate(hand, "no-such-ranking")
    with pytest.raises(RankingError):
        evaluate(hand, bogus=1)
    with pytest.raises(TypeError):
        evaluate()  # type: ignore[call-arg]
    # more cards than the compiled path takes: Python's answer
    ten = tuple(DECK[::5])
    assert evaluate(ten).key == python_evaluate(ten).key


def test_a_replaced_ranking_is_used() -> None:
    """A user's ``register`` of a built-in name takes over from the compiled path."""
    original = get_ranking("badugi")
    hand = parse_cards("Ac 2d 3h 4s")
    assert evaluate(hand, "badugi").key == (4, -4, -3, -2, -1)  # the compiled path remembers it

    def always_one(cards: tuple[Card, ...]) -> HandValue:
        return HandValue("badugi", (), (1,), "x", cards, "x", source=cards)

    base.register(base.Ranking("badugi", always_one, "test", ("x",)))
    try:
        assert evaluate(hand, "badugi").key == (1,)
    finally:
        base.register(original)
        base._COMPILED["badugi"] = (base._COMPILED_KINDS["badugi"], original.defaults)
    assert evaluate(parse_cards("Ac 2d 3h 4s"), "badugi").key == (4, -4, -3, -2, -1)
