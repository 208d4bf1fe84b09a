"""Invariants of the generic engine over random deals of every variant."""

from __future__ import annotations

import random

import pytest
from poker_random import random_deal

from straights.poker import VARIANTS, get_variant
from straights.poker.phh import deal_to_phh, dumps, loads, replay


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
