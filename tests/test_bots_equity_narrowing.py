"""Narrowing: opponents' weakest holdings left out by what they did, counted exactly and
sampled, against a referee that sorts every pair by the readable ranking."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from straights.bots.equity import StraightsShowdown, estimate
from straights.cards import parse_cards
from straights.rankings.straights import straights_key


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def narrowed_referee(
    mine: list[int], table: list[int], unseen: list[int], floor: int, pack: int
) -> tuple[int, int]:
    """(wins, deals) against the opponent pairs keyed at or above ``floor``."""
    pairs = list(combinations(unseen, 2))
    kept = [p for p in pairs if straights_key(p, table, pack) >= floor]
    mine_key = straights_key(mine, table, pack)
    return sum(straights_key(p, table, pack) < mine_key for p in kept), len(kept)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("q", [0.25, 0.5])
def test_narrowed_last_round_is_exact(fast: bool, q: float) -> None:
    mine, table = ids("Qs 9d"), ids("5c 4d 3d 2h Jh")
    unseen = [c for c in range(55) if c not in mine + table]
    show = StraightsShowdown(55, fast=fast)
    got = estimate(mine, table, unseen, 1, show, narrow=(q,))
    (floor,) = show.floors(table, 1, (q,))
    wins, deals = narrowed_referee(mine, table, unseen, floor, 55)
    assert got.exact
    assert (got.wins, got.deals) == (wins, deals)
    assert deals < math.comb(len(unseen), 2)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("table", ["5c 4d 3d 2h Jh", "S 9h"])
def test_floors_leave_out_about_the_asked_share(fast: bool, table: str) -> None:
    places = ids(table)
    show = StraightsShowdown(55, fast=fast)
    # The floors are quantiles of the pairs an opponent weighs itself against: every pair
    # of cards not on the table (this seat's own cards too).
    others = [c for c in range(55) if c not in places]
    keys = [straights_key(p, places, 55) for p in combinations(others, 2)]
    for q, floor in zip((0.35, 0.6), show.floors(places, 2, (0.35, 0.6)), strict=True):
        below = sum(k < floor for k in keys) / len(keys)
        # The fast path places the floor from 512 random pairs: an error of about 2 points.
        assert below <= q + 1e-9 if not fast else abs(below - q) < 0.1
        assert below > q - 0.1


def test_narrowing_lowers_a_middling_hands_equity() -> None:
    mine, table = ids("Qs 9d"), [None, *ids("5c 4d 3d"), None]
    unseen = [c for c in range(55) if c not in mine + ids("5c 4d 3d")]
    show = StraightsShowdown(55, fast=True)
    plain = estimate(mine, table, unseen, 2, show, samples=20_000, seed=3)
    narrowed = estimate(mine, table, unseen, 2, show, samples=20_000, seed=3, narrow=(0.5, 0.25))
    assert not narrowed.exact
    # 20,000 draws each: standard errors near 0.35 points; the gap is several points.
    assert narrowed.equity < plain.equity - 0.03


def test_fast_and_readable_sampling_narrow_alike() -> None:
    mine, table = ids("7h 6h"), [None, *ids("5c 4d"), None, None]
    unseen = [c for c in range(55) if c not in mine + ids("5c 4d")]
    fast = estimate(
        mine,
        table,
        unseen,
        2,
        StraightsShowdown(55, fast=True),
        samples=20_000,
        seed=1,
        narrow=(0.5, 0.5),
    )
    slow = estimate(
        mine,
        table,
        unseen,
        2,
        StraightsShowdown(55, fast=False),
        samples=2_000,
        seed=1,
        narrow=(0.5, 0.5),
    )
    se = math.sqrt(0.25 / 2_000) + math.sqrt(0.25 / 20_000)
    # The fast floors come from a sample of pairs: allow their few points of play too.
    assert abs(fast.equity - slow.equity) < 4 * se + 0.02


def test_the_readable_path_redraws_as_often_as_the_kernels() -> None:
    pytest.importorskip("numba")
    from straights.bots.equity import REDRAW_TRIES
    from straights.fast.equity import TRIES

    assert REDRAW_TRIES == TRIES == 32
