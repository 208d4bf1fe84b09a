"""One odds job, one exhaustive table and one solver run spread over a local Ray instance."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_history_stats import assert_same_rows

from straights.frequencies import count
from straights.history_stats import count_files
from straights.odds import holdem_odds, straights_odds
from straights.scale import RayExecutor
from straights.solver.game import mini_straights
from straights.solver.solve import solve

#: Six Pluribus hands of the shared PHH data (``<repo>/../shared``, or $STRAIGHTS_SHARED).
PHH = (
    Path(os.environ.get("STRAIGHTS_SHARED") or Path(__file__).resolve().parents[2] / "shared")
    / "data/phh/pluribus"
)


@pytest.mark.slow
def test_odds_and_tables_on_a_local_ray_instance() -> None:
    # Local answers first: they compile the kernels into Numba's disk cache, which the
    # Ray workers then load instead of compiling again.
    exact = holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?")
    sampled = straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=5)
    low = count("ace-to-five", 7, kernel=True)
    game = mini_straights(raises=0)
    solved = solve(game, 2, parts=2)
    # One test, so that parallel test workers never start two Ray instances.
    with RayExecutor(num_cpus=2) as ray_executor:
        remote = holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?", executor=ray_executor)
        remote_sampled = straights_odds(
            ["Ah Kh", "Qs Qd"], samples=64_000, seed=5, executor=ray_executor
        )
        dist = count("ace-to-five", 7, kernel=True, executor=ray_executor)
        remote_solved = solve(game, 2, parts=2, executor=ray_executor)
        stats_files = [str(p) for p in sorted(PHH.rglob("*.phh"))[:6]]
        remote_stats = count_files(stats_files, executor="ray", workers=2)  # reuses this Ray
    assert_same_rows(remote_stats.rows(), count_files(stats_files).rows())
    assert remote_stats.hands == 6
    assert remote.players == exact.players
    assert remote_sampled.players == sampled.players
    assert dist == low
    assert dist.total == 133_784_560
    assert dist.categories["5-high"] == 781_824  # Wikipedia, "Poker probability" (7-card lowball)
    assert [c.best_responses for c in remote_solved.curve] == [
        c.best_responses for c in solved.curve
    ]
