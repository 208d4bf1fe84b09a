"""The batch kernels order hands exactly as the readable evaluators do, hand by hand.

"Exactly" means: two hands get equal fast keys if and only if the readable
values are equal, and a larger fast key always goes with a larger readable
value.  :func:`assert_same_order` checks both over a whole run at once.

The readable side is each family's own key function (``high_key``,
``ace_to_five_key``, ``deuce_to_seven_key``, ``straights_key``), the ints from
which :class:`HandValue` keys are built; the first tests confirm that on a
sample through the registry's ``evaluate``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, pairwise

import numpy as np
import numpy.typing as npt
import pytest
from sizes import size

from straights import fast
from straights.cards import Card
from straights.errors import ConfigurationError, DuplicateCardError, HandSizeError, PackError
from straights.rankings.base import get_ranking
from straights.rankings.straights import straights_key

CARDS = [Card(i) for i in range(55)]
RANKINGS = ("ace-to-five", "deuce-to-seven", "high")


def readable(name: str) -> Callable[[Sequence[int]], int]:
    """The family's key function (imported here so one missing family fails only its tests)."""
    if name == "high":
        from straights.rankings.high import high_key

        return high_key
    from straights.rankings import low

    return {"ace-to-five": low.ace_to_five_key, "deuce-to-seven": low.deuce_to_seven_key}[name]


FAST: dict[str, Callable[[npt.NDArray[np.uint8]], npt.NDArray[np.int32]]] = {
    "high": fast.high_keys,
    "ace-to-five": fast.ace_to_five_keys,
    "deuce-to-seven": fast.deuce_to_seven_keys,
}


class OrderCheck:
    """Collects (fast key, readable value) pairs and checks they are order-isomorphic."""

    def __init__(self) -> None:
        self.pairs: dict[int, object] = {}
        self.hands = 0

    def add(self, fast_keys: Sequence[int], readable: Sequence[object]) -> None:
        for f, r in zip(fast_keys, readable, strict=True):
            seen = self.pairs.setdefault(f, r)
            assert seen == r, f"fast key {f} stands for two readable values {seen} and {r}"
        self.hands += len(readable)

    def check(self) -> None:
        values = [self.pairs[k] for k in sorted(self.pairs)]
        for lo, hi in pairwise(values):
            assert lo < hi, f"fast keys order {lo} below {hi}, the readable values disagree"  # type: ignore[operator]


def random_hands(
    n: int, size: int, pack: int, seed: int, batch: int = 100_000
) -> Iterator[npt.NDArray[np.uint8]]:
    """``n`` random hands of ``size`` distinct cards, in batches (a seeded shuffle per row)."""
    rng = np.random.default_rng(seed)
    for start in range(0, n, batch):
        rows = min(batch, n - start)
        yield np.argsort(rng.random((rows, pack)), axis=1)[:, :size].astype(np.uint8)


def run_random(name: str, n: int, seed: int) -> OrderCheck:
    check = OrderCheck()
    key = readable(name)
    for hands in random_hands(n, 7, 52, seed):
        check.add(FAST[name](hands).tolist(), [key(row) for row in hands.tolist()])
    check.check()
    return check


# --------------------------------------------------------------------------- quick


@pytest.mark.parametrize("name", RANKINGS)
def test_module_keys_are_the_registry_keys(name: str) -> None:
    """The family key functions order hands as ``evaluate(...).key`` does (5,000 hands)."""
    ranking = get_ranking(name)
    key = readable(name)
    check = OrderCheck()
    for hands in random_hands(5_000, 7, 52, seed=1):
        rows = hands.tolist()
        check.add(
            [key(r) for r in rows],
            [ranking.evaluate(tuple(CARDS[c] for c in r)).key for r in rows],
        )
    check.check()


@pytest.mark.parametrize("name", RANKINGS)
def test_random_seven_card_sample(name: str) -> None:
    assert run_random(name, 100_000, seed=2).hands == 100_000


@pytest.mark.parametrize("size", [5, 6])
def test_high_five_and_six_card_samples(size: int) -> None:
    check = OrderCheck()
    key = readable("high")
    for hands in random_hands(100_000, size, 52, seed=size):
        check.add(fast.high_keys(hands).tolist(), [key(r) for r in hands.tolist()])
    check.check()


@pytest.mark.parametrize("pack", [55, 52])
def test_straights_sample_equals_straights_key(pack: int) -> None:
    for hands in random_hands(200_000, 7, pack, seed=pack):
        got = fast.straights_keys(hands[:, :2], hands[:, 2:], pack)
        want = [straights_key(r[:2], r[2:], pack) for r in hands.tolist()]
        assert got.tolist() == want


def test_straights_every_hand_with_s_t_r() -> None:
    """S, T and R with four of 18 ranked cards (8c and 8s among them), every hole split."""
    rows = []
    for rest in combinations(range(0, 52, 3), 4):
        cards = [52, 53, 54, *rest]
        for hole in combinations(cards, 2):
            rows.append([*hole, *(c for c in cards if c not in hole)])
    hands = np.array(rows, dtype=np.uint8)
    got = fast.straights_keys(hands[:, :2], hands[:, 2:], 55)
    assert got.tolist() == [straights_key(r[:2], r[2:], 55) for r in hands.tolist()]


def test_shared_table_and_parallel_give_the_same_keys() -> None:
    hands = next(random_hands(50_000, 7, 55, seed=9))
    table = hands[0, 2:]
    holes = np.array([r[:2] for r in hands if not set(r[:2]) & set(table)], dtype=np.uint8)
    one = fast.straights_keys(holes, table, 55)
    tbl = table.tolist()
    assert one.tolist() == [straights_key(h, tbl, 55) for h in holes.tolist()]
    assert fast.straights_keys(holes, table, 55, parallel=True).tolist() == one.tolist()
    seven = next(random_hands(50_000, 7, 52, seed=10))
    assert fast.high_keys(seven, parallel=True).tolist() == fast.high_keys(seven).tolist()


def test_known_values() -> None:
    ids = [
        [c.id for c in map(Card, text.split())]
        for text in (
            "As Ks Qs Js Ts 2c 2d",
            "7c 5d 4h 3s 2c",
            "5h 4c 3d 2s Ah Kh Qh",
        )
    ]
    assert fast.high_keys(np.array(ids[0], dtype=np.uint8)).tolist() == [7462]
    assert fast.high_keys(np.array([ids[1]], dtype=np.uint8)).tolist() == [1]
    assert fast.high_category(fast.high_keys(np.array([ids[2]]))) == ["straight"]
    assert fast.ace_to_five_category(fast.ace_to_five_keys(np.array([ids[2]]))) == ["5-high"]
    assert fast.deuce_to_seven_keys(np.array([ids[1]])).tolist() == [7462]


def test_bad_input_names_the_row() -> None:
    with pytest.raises(DuplicateCardError, match="row 1"):
        fast.high_keys(np.array([[0, 1, 2, 3, 4, 5, 6], [0, 0, 2, 3, 4, 5, 6]]))
    with pytest.raises(PackError, match="S"):
        fast.high_keys(np.array([[52, 1, 2, 3, 4, 5, 6]]))
    with pytest.raises(HandSizeError, match=r"\(n, 7\)"):
        fast.ace_to_five_keys(np.zeros((3, 6), dtype=np.uint8))
    with pytest.raises(HandSizeError, match=r"\(n, 5 or 6 or 7\)"):
        fast.high_keys(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(PackError, match=r"ids 0\.\.51"):
        fast.straights_keys([[52, 1]], [[2, 3, 4, 5, 6]], pack=52)
    with pytest.raises(PackError, match="55 or 52"):
        fast.straights_keys([[0, 1]], [[2, 3, 4, 5, 6]], pack=54)
    with pytest.raises(HandSizeError, match="one table or one per row"):
        fast.straights_keys([[0, 1]] * 3, [[2, 3, 4, 5, 6]] * 2)


def test_seven_card_check_catches_every_bad_row() -> None:
    """The 7-card kernel adds the cards' bits instead of testing each card: every
    repeated card and every id past 51 (one, two, four or seven of them) still
    makes the row bad, and good rows around them keep their keys."""
    from straights.fast import kernels
    from straights.fast.lookup import high_lookup

    t = high_lookup()
    good = [0, 5, 10, 15, 20, 25, 51]
    bad = [
        [51, 51, 0, 1, 2, 3, 4],  # the carry leaves bit 52
        [0, 0, 1, 1, 2, 3, 4],
        [3, 3, 3, 3, 3, 3, 3],
        [52, 0, 1, 2, 3, 4, 5],
        [255, 0, 1, 2, 3, 4, 5],
        [52, 53, 0, 1, 2, 3, 4],
        [52, 53, 54, 200, 0, 1, 2],  # four of them wrap bit 62 to zero
        [60, 61, 62, 63, 64, 65, 66],
    ]
    rows = np.array([good, *bad, good], dtype=np.uint8)
    out = np.zeros(len(rows), dtype=np.int32)
    assert kernels.high7(rows, out, t.disp7, t.compact7, t.flush, t.flush_suit, True) == len(bad)
    keys = out.tolist()
    assert keys[1:-1] == [-1] * len(bad)
    assert keys[0] == keys[-1] == kernels.high(rows[:1], t.rank7, t.flush, t.flush_suit)[0] > 0
    # Unchecked, the same rows read inside the tables (no crash): some value each.
    assert kernels.high7(rows, out, t.disp7, t.compact7, t.flush, t.flush_suit, False) == 0
    assert out[0] == out[-1] == keys[0] and out.min() >= 0 and out.max() <= 7462


def test_unchecked_and_into_out_give_the_same_keys() -> None:
    seven = next(random_hands(100_000, 7, 52, seed=12))
    checked = fast.high_keys(seven)
    out = np.empty(len(seven), dtype=np.int32)
    assert fast.high_keys(seven, out=out, check=False) is out
    assert out.tolist() == checked.tolist()
    assert fast.high_keys(seven, out=out, parallel=True).tolist() == checked.tolist()
    five = next(random_hands(1_000, 5, 52, seed=13))
    out5 = np.empty(len(five), dtype=np.int32)
    assert fast.high_keys(five, out=out5) is out5
    assert out5.tolist() == fast.high_keys(five).tolist()
    with pytest.raises(ConfigurationError, match=r"shape \(1000,\)"):
        fast.high_keys(five, out=np.empty(3, dtype=np.int32))
    with pytest.raises(ConfigurationError, match="int32"):
        fast.high_keys(five, out=np.empty(1_000, dtype=np.int64))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- exhaustive / 10 M


def all_five_card_hands() -> Iterator[npt.NDArray[np.uint8]]:
    combos = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    yield from np.array_split(combos, 26)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["high", "deuce-to-seven"])
def test_every_five_card_hand(name: str) -> None:
    """All 2,598,960 five-card hands (ace-to-five is a 7-card kernel: see the 10 M run)."""
    check = OrderCheck()
    key = readable(name)
    for hands in all_five_card_hands():
        check.add(FAST[name](hands).tolist(), [key(r) for r in hands.tolist()])
    check.check()
    assert check.hands == 2_598_960
    assert len(check.pairs) == 7462


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_millions_of_random_seven_card_high_hands(part: int) -> None:
    """4 parts x 500,000 = 2,000,000 random 7-card hands, standard high, in CI;
    4 x 2,500,000 = 10,000,000 at full size (``tests/sizes.py``)."""
    hands = size(500_000, 2_500_000)
    assert run_random("high", hands, seed=100 + part).hands == hands


@pytest.mark.slow
@pytest.mark.parametrize("part", range(2))
@pytest.mark.parametrize("name", ["ace-to-five", "deuce-to-seven"])
def test_millions_of_random_seven_card_lows(name: str, part: int) -> None:
    """2 parts x 500,000 = 1,000,000 random 7-card hands per low ranking in CI (the
    readable lows run at 0.3-0.6 M hands a second, so CI time decides the size);
    2 x 2,500,000 = 5,000,000 at full size (``tests/sizes.py``)."""
    hands = size(500_000, 2_500_000)
    assert run_random(name, hands, seed=200 + part).hands == hands


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
@pytest.mark.parametrize("pack", [55, 52])
def test_millions_of_random_straights_hands(pack: int, part: int) -> None:
    """2 packs x 4 parts x 250,000 = 2,000,000 random Straights hands in CI;
    2 x 4 x 1,250,000 = 10,000,000 at full size (``tests/sizes.py``)."""
    for hands in random_hands(size(250_000, 1_250_000), 7, pack, seed=1000 * pack + part):
        got = fast.straights_keys(hands[:, :2], hands[:, 2:], pack)
        want = [straights_key(r[:2], r[2:], pack) for r in hands.tolist()]
        assert got.tolist() == want
