"""Invariants of the generic engine over random deals of every variant."""

from __future__ import annotations

import random

import pytest
from poker_random import random_deal

from straights.poker import VARIANTS, Deal, get_variant
from straights.poker.phh import deal_to_phh, dumps, loads, replay
from straights.poker.straights_rules import straights_variant


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_chips_are_conserved_and_export_then_import_gives_the_same_deal(code: str) -> None:
    variant = get_variant(code)
    rng = random.Random(code)
    for _ in range(120):
        deal = random_deal(variant, rng)
        assert sum(deal.stacks) == sum(deal.starting_stacks)
        assert all(s >= 0 for s in deal.stacks)
        history = deal_to_phh(deal)
        again = replay(loads(dumps(history))[0])
        assert again.deal.stacks == deal.stacks
        assert again.deal.board == deal.board
        before, after = history["actions"], deal_to_phh(again.deal)["actions"]
        # A replay shows the hands after the run-out; the original before it.
        assert [a for a in after if " sm" not in a] == [a for a in before if " sm" not in a]
        assert _last_shows(after) == _last_shows(before)


def _last_shows(actions: list[str]) -> dict[str, str]:
    return {a.split()[0]: a for a in actions if " sm" in a}


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_the_largest_bet_kept_by_the_deal_is_the_largest_of_its_bets(code: str) -> None:
    def check(deal: Deal) -> None:
        assert deal.current_bet == max(deal.bets)

    variant = get_variant(code)
    rng = random.Random(f"top {code}")
    for _ in range(60):
        random_deal(variant, rng, check=check)
    for pack, betting in ((55, "limit"), (52, "no-limit")):
        for _ in range(60):
            random_deal(straights_variant(pack, betting), rng, check=check)  # type: ignore[arg-type]
