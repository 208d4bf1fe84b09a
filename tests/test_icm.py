"""ICM (:mod:`straights.icm`, ``straights icm``) against values worked out by hand and
published examples."""

from __future__ import annotations

import json

import pytest
from clitools import run_main

from straights.errors import ConfigurationError
from straights.icm import icm


def test_three_players_by_hand() -> None:
    # 5000/3000/2000 chips (50 %, 30 %, 20 %), prizes 50/30/20.
    # A second: B first then A (0.3 * 5/7) + C first then A (0.2 * 5/8) = 0.2142857 + 0.125
    # A: 0.5*50 + 0.3392857*30 + 0.1607143*20 = 38.392857
    # B second: 0.5 * 3/5 + 0.2 * 3/8 = 0.375; B: 0.3*50 + 0.375*30 + 0.325*20 = 32.75
    # C second: 0.5 * 2/5 + 0.3 * 2/7 = 0.2857143; C: 0.2*50 + 0.2857143*30 + 0.5142857*20
    r = icm([5000, 3000, 2000], [50, 30, 20])
    assert r.exact
    assert r.equities == pytest.approx((38.392857, 32.75, 28.857143), abs=1e-6)
    assert r.places[0] == pytest.approx((0.5, 0.3392857, 0.1607143), abs=1e-7)
    assert r.places[1] == pytest.approx((0.3, 0.375, 0.325), abs=1e-12)


def test_wikipedia_example() -> None:
    # https://en.wikipedia.org/wiki/Independent_Chip_Model ("Model"): A, B, C hold 50 %,
    # 30 %, 20 %; prizes 70 and 30: ICM(A) ≈ 45, ICM(B) ≈ 32 (by hand: 45.1786, 32.25).
    r = icm([50, 30, 20], [70, 30])
    assert r.equities[0] == pytest.approx(45.178571, abs=1e-6)
    assert r.equities[1] == pytest.approx(32.25, abs=1e-9)
    assert round(r.equities[0]) == 45 and round(r.equities[1]) == 32


def test_published_calculator() -> None:
    # https://pailiku.com/vi/tools/icm-calculator (Malmuth–Harville): 5000/3000/2000,
    # payouts 50/30/20 → 38.39, 32.75, 28.86.
    r = icm([5000, 3000, 2000], [50, 30, 20])
    assert [round(e, 2) for e in r.equities] == [38.39, 32.75, 28.86]


def test_equal_stacks_share_equally_and_winner_takes_all_is_chip_share() -> None:
    assert icm([7, 7, 7, 7], [40, 30, 20, 10]).equities == pytest.approx((25.0,) * 4)
    assert icm([1, 2, 7], [100]).equities == pytest.approx((10.0, 20.0, 70.0))


def test_monte_carlo_agrees_with_exact_within_its_error() -> None:
    stacks, prizes = [9000, 6000, 4000, 2500, 1500, 1000], [40, 25, 15, 10, 6, 4]
    exact = icm(stacks, prizes)
    mc = icm(stacks, prizes, samples=60_000, seed=7)
    assert not mc.exact and mc.samples == 60_000
    for e, m, se in zip(exact.equities, mc.equities, mc.equities_se, strict=True):
        assert 0 < se < 0.2
        assert abs(m - e) < 5 * se
    assert sum(mc.equities) == pytest.approx(sum(prizes))


def test_large_field_samples_and_exact_refuses() -> None:
    stacks = list(range(1, 61))
    prizes = [30, 20, 15, 10, 8, 6, 5, 4, 2]
    r = icm(stacks, prizes, seed=1, samples=20_000)
    assert not r.exact
    assert sum(r.equities) == pytest.approx(100)
    assert r.equities[-1] > r.equities[0]
    with pytest.raises(ConfigurationError, match="exact recursion visits"):
        icm(stacks, prizes, exact=True)


@pytest.mark.parametrize(
    ("stacks", "prizes", "message"),
    [
        ([5, 0], [10], "stack 2 is 0"),
        ([5], [10], "at least two players"),
        ([5, 5], [10, 5, 1], "3 payouts for 2 players"),
        ([5, 5], [-1], "payout 1 is -1"),
        ([5, 5], [], "no payouts"),
    ],
)
def test_bad_input(stacks: list[float], prizes: list[float], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        icm(stacks, prizes)


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "icm", "--stacks", "5000", "3000", "2000",
                            "--payouts", "50", "30", "20", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "exact"
    assert [round(p["equity"], 4) for p in data["players"]] == [38.3929, 32.75, 28.8571]


def test_cli_table_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "icm", "--stacks", "5000", "3000", "2000",
                            "--payouts", "50", "30", "20")  # fmt: skip
    assert code == 0 and "38.3929" in out and "exact" in out
    code, _, err = run_main(capsys, "icm", "--stacks", "5", "x", "--payouts", "1")
    assert code == 2 and err == "error: 'x' is not a number\n"
    code, _, err = run_main(capsys, "icm", "--stacks", "5", "6")
    assert code == 2 and err.startswith("error: no --payouts given")
