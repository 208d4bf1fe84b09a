"""The compiled key functions (straights._speedups) equal their Python twins.

Every compiled function is checked against the Python function it replaces on
random hands of every size it takes (and on sizes it hands back to Python), and
the high key also against the readable definition (:func:`natural_value` of
every five cards).  Sizes: ``tests/sizes.py`` (CI size; ``make test-full`` runs
millions).
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable

import pytest
from sizes import size

from straights.rankings import badugi, high, low
from straights.rankings.compiled import speedups
from straights.rankings.high import (
    STANDARD,
    natural_value,
    python_high_key,
    python_split_high_key,
    standard_order,
)


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def test_built_where_a_compiler_is() -> None:
    """With a C compiler on the machine the install must have built the module."""
    if os.environ.get("STRAIGHTS_PURE_PYTHON"):
        assert speedups is None
        return
    if _compiler() is None:
        assert high.high_key is python_high_key  # no compiler: the Python path, unchanged
        return
    assert speedups is not None, (
        "a C compiler is here but straights._speedups is not built: "
        "run `pip install -e .` again (make setup) and read its output"
    )
    assert high.high_key is speedups.high_key
    assert low.ace_to_five_key is speedups.ace_to_five_key
    assert badugi.badugi_key is speedups.badugi_key


needs_speedups = pytest.mark.skipif(speedups is None, reason="straights._speedups not built")


def _hands(rng: random.Random, n: int, count: int) -> list[list[int]]:
    deck = list(range(52))
    return [rng.sample(deck, n) for _ in range(count)]


@needs_speedups
@pytest.mark.parametrize("n", range(0, 10))
def test_high_key_equals_python(n: int) -> None:
    assert speedups is not None
    rng = random.Random(n)
    count = size(60_000, 2_000_000) if n in (5, 6, 7) else size(5_000, 100_000)
    for ids in _hands(rng, n, count):
        assert speedups.high_key(ids) == python_high_key(ids), ids


@needs_speedups
def test_high_key_equals_the_readable_definition() -> None:
    """The best natural value over every five cards, with flushes from suits."""
    assert speedups is not None
    order = standard_order()
    rng = random.Random(7)
    for ids in _hands(rng, 7, size(2_000, 50_000)):
        best = max(
            natural_value(
                STANDARD, order, [(i >> 2) + 2 for i in five], len({i & 3 for i in five}) == 1
            )
            for five in itertools.combinations(ids, 5)
        )
        assert speedups.high_key(ids) == best, ids


@needs_speedups
@pytest.mark.slow
def test_high_key_every_five_card_hand() -> None:
    assert speedups is not None
    for five in itertools.combinations(range(52), 5):
        assert speedups.high_key(five) == python_high_key(five), five


def _outcome(fn: Callable[..., object], args: tuple[object, ...]) -> object:
    """``fn(*args)``, or the type of the error it raises."""
    try:
        return fn(*args)
    except Exception as error:  # the type is the answer
        return type(error)


@needs_speedups
@pytest.mark.parametrize("name", ["ace_to_five_key", "deuce_to_seven_key", "ace_to_six_key"])
def test_low_keys_equal_python(name: str) -> None:
    fast, slow = getattr(speedups, name), getattr(low, f"python_{name}")
    rng = random.Random(name)
    for n in range(5, 12):  # 11 cards: handed back to Python
        for ids in _hands(rng, n, size(4_000, 300_000) if n <= 7 else 30):
            qualifier = rng.choice((None, 8, 7, 9))
            assert fast(ids, qualifier) == slow(ids, qualifier), (ids, qualifier)
            assert fast(ids) == slow(ids), ids
    ids = [0, 4, 9, 14, 18, 30, 51]
    assert fast(ids, qualifier=8) == slow(ids, qualifier=8)  # a keyword: the Python twin's
    # what the C does not take: the Python twin's answer, or its error
    for odd in ((), (ids, 8, 1), (ids, "8"), ([0, 0, 4, 8, 12],), ([0, 4, 8, 12],), ([60] * 5,)):
        assert _outcome(fast, odd) == _outcome(slow, odd), odd


@needs_speedups
@pytest.mark.parametrize("name", ["ace_to_five_key", "deuce_to_seven_key", "ace_to_six_key"])
def test_low_memo_keeps_suits_apart(name: str) -> None:
    """The compiled lows remember answers by ranks alone, for hands that cannot hold a
    flush: the same ranks dealt again in other suits (flushes among them) still get
    the Python answer."""
    fast, slow = getattr(speedups, name), getattr(low, f"python_{name}")
    rng = random.Random(11)
    patterns = [rng.sample(range(13), 7) for _ in range(30)] + [[0, 1, 2, 3, 5, 7, 11]]
    for _ in range(size(40, 400)):
        for ranks in patterns:
            suits = [rng.choice((0, 0, 1, 2, 3)) for _ in ranks]  # often five of a suit
            ids = [4 * r + s for r, s in zip(ranks, suits, strict=True)]
            assert fast(ids) == slow(ids), ids
            assert fast(ids[:6], 8) == slow(ids[:6], 8), ids


@needs_speedups
def test_low_keys_with_jokers_go_to_python() -> None:
    assert speedups is not None
    joker = 55  # the first joker id (straights.cards.JOKER_BASE)
    hand = [0, 4, 8, 13, joker]
    assert speedups.ace_to_five_key(hand) == low.python_ace_to_five_key(hand)
    assert speedups.deuce_to_seven_key(hand, 8) == low.python_deuce_to_seven_key(hand, 8)


@needs_speedups
def test_badugi_key_equals_python() -> None:
    assert speedups is not None
    rng = random.Random(4)
    for n in range(1, 9):
        for ids in _hands(rng, n, size(6_000, 200_000) if n == 4 else 1_000):
            assert speedups.badugi_key(tuple(ids)) == badugi.python_badugi_key(tuple(ids)), ids


@needs_speedups
def test_split_high_key_equals_python() -> None:
    assert speedups is not None
    rng = random.Random(3)
    for hole_size, board_size in [(4, 5), (5, 5), (6, 5), (4, 3), (4, 4), (1, 5), (4, 2), (7, 5)]:
        for ids in _hands(rng, hole_size + board_size, size(1_500, 50_000)):
            hole, board = ids[:hole_size], ids[hole_size:]
            assert speedups.split_high_key(hole, board) == python_split_high_key(hole, board)
    hole, board = [0, 1, 2, 3], [4, 5, 6, 7, 8]
    assert speedups.split_high_key(hole, board, 1, 4) == python_split_high_key(hole, board, 1, 4)
    # two suits only: flushes and straight flushes in most hands
    two_suits = [c for c in range(52) if c & 3 in (2, 3)]
    for _ in range(size(1_500, 50_000)):
        ids = rng.sample(two_suits, 9)
        hole, board = ids[:4], ids[4:]
        assert speedups.split_high_key(hole, board) == python_split_high_key(hole, board)
    royal = speedups.split_high_key(high.ids_of("As Ks 2c 3d"), high.ids_of("Qs Js Ts 9h 8h"))
    assert royal == 8 << 20 | 9 << 16  # the straight flush, ace high
    # four spades in the hole, three on the board, two hole cards play: A-K-4-3-2 of spades
    flush = speedups.split_high_key(high.ids_of("As Ks Qs Js"), high.ids_of("2s 3s 4s 9d 9c"))
    assert flush == 5 << 20 | 14 << 16 | 13 << 12 | 4 << 8 | 3 << 4 | 2


@needs_speedups
def test_split_high_key_remembered_boards() -> None:
    """The compiled Omaha key remembers each hole pair's best non-flush value by the
    board's ranks: the same board ranks dealt again in other suits (three or more of
    one suit among them, so flushes too), with other hole cards, still get the
    Python answer."""
    assert speedups is not None
    rng = random.Random(12)
    boards = [rng.sample(range(13), 5) for _ in range(8)] + [[0, 0, 5, 5, 12], [3, 3, 3, 9, 9]]
    for _ in range(size(60, 600)):
        for ranks in boards:
            suits = rng.sample(range(4), 4)
            board = [4 * r + rng.choice((suits[0], suits[0], suits[1])) for r in ranks]
            if len(set(board)) < 5:  # a pair on the board needs two suits
                board = [4 * r + s for r, s in zip(ranks, (0, 1, 2, 3, 0), strict=True)]
            if len(set(board)) < 5:
                continue
            hole = rng.sample([c for c in range(52) if c not in board], 4)
            assert speedups.split_high_key(hole, board) == python_split_high_key(hole, board)


@needs_speedups
def test_split_high_key_hands_the_rest_to_python() -> None:
    """Keywords, other counts, a card in both hole and board, more than six hole or
    five board cards, non-int counts: the Python twin's answer or error."""
    assert speedups is not None
    hole, board = [0, 5, 10, 15], [20, 25, 30, 35, 40]
    for args, kwargs in [
        ((hole, board), {"hole_cards": 2}),
        ((hole, board, 2, 3), {}),
        ((hole, board, 1, 4), {}),
        ((hole, board, True, 3), {}),
        ((hole, board, 2.0), {}),
        ((hole, [0, 25, 30, 35, 40]), {}),
        ((hole, [20, 20, 30]), {}),
        (([0, 1, 2, 3, 4, 5, 6], board), {}),
        ((hole, [*board, 45]), {}),
        ((hole, [20, 25, 60]), {}),
        ((tuple(hole), (i for i in board)), {}),
        ((hole,), {}),
    ]:
        got = _outcome(functools.partial(speedups.split_high_key, **kwargs), args)
        want = _outcome(functools.partial(python_split_high_key, **kwargs), args)
        assert got == want, (args, kwargs)


@needs_speedups
def test_input_it_does_not_take_gets_the_python_error() -> None:
    assert speedups is not None
    for bad in ([52], ["As"], 7):
        with pytest.raises(Exception) as compiled:
            speedups.high_key(bad)
        with pytest.raises(Exception) as python:
            python_high_key(bad)  # type: ignore[arg-type]
        assert type(compiled.value) is type(python.value)
    assert speedups.high_key(i for i in (0, 4, 8, 12, 16)) == python_high_key([0, 4, 8, 12, 16])


def test_pure_python_switch() -> None:
    code = (
        "from straights.rankings import high, low, badugi\n"
        "assert high.high_key is high.python_high_key\n"
        "assert low.ace_to_five_key is low.python_ace_to_five_key\n"
        "assert badugi.badugi_key is badugi.python_badugi_key\n"
    )
    env = {**os.environ, "STRAIGHTS_PURE_PYTHON": "1"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
