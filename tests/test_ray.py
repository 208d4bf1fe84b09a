"""One odds job and one exhaustive table spread over a local Ray instance."""

from __future__ import annotations

import pytest

from straights.distributions import seven_card_low
from straights.odds import holdem_odds, straights_odds
from straights.scale import RayExecutor


@pytest.mark.slow
def test_odds_and_tables_on_a_local_ray_instance() -> None:
    # One test, so that parallel test workers never start two Ray instances.
    with RayExecutor(num_cpus=2) as ray_executor:
        remote = holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?", executor=ray_executor)
        sampled = straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=5, executor=ray_executor)
        dist = seven_card_low(executor=ray_executor)
    assert remote.players == holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?").players
    assert sampled.players == straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=5).players
    assert dist.total == 133_784_560
    assert dict(dist.rows)["5-high"] == 781_824  # Wikipedia, "Poker probability" (7-card lowball)
