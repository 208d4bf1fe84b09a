"""One odds job and one exhaustive table spread over a local Ray instance."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from straights.distributions import seven_card_low
from straights.odds import holdem_odds, straights_odds
from straights.scale import RayExecutor


@pytest.fixture(scope="module")
def ray_executor() -> Iterator[RayExecutor]:
    with RayExecutor(num_cpus=2) as executor:
        yield executor


@pytest.mark.slow
def test_odds_on_ray_equal_local_odds(ray_executor: RayExecutor) -> None:
    remote = holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?", executor=ray_executor)
    assert remote.players == holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?").players
    sampled = straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=5, executor=ray_executor)
    assert sampled.players == straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=5).players


@pytest.mark.slow
def test_exhaustive_table_on_ray(ray_executor: RayExecutor) -> None:
    dist = seven_card_low(executor=ray_executor)
    assert dist.total == 133_784_560
    assert dict(dist.rows)["5-high"] == 781_824  # Wikipedia, "Poker probability" (7-card lowball)
