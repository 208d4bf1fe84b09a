"""The equity bot's narrowing in a deal of any variant: one quantile for every share of a
high-low pot, scaled down rather than dropped when it leaves too little, and growing
street by street."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest

from straights.bots.equity import STYLES, Style
from straights.bots.equity_moves import Memory, bet_quantile
from straights.bots.variant_equity import Spot, equity, pot_shares
from straights.cards import Card, make_deck, parse_cards
from straights.poker import get_variant
from straights.poker.engine import Legal
from straights.poker.showdown import best_hand
from straights.poker.view import DealView, PlayerView


def places(values: Sequence[Any]) -> list[float]:
    """Each value's share of the values below it (a referee for the bot's standing)."""
    return [sum(1 for w in values if w < v) / len(values) for v in values]


def referee(
    code: str,
    mine: Sequence[Card],
    board: Sequence[Card],
    q: float,
    up: Sequence[Card] = (),
) -> tuple[float, int]:
    """(share, deals) over the opponent's pairs of unseen cards (with its ``up`` cards)
    standing at least at ``q``: its best place in any share of the pot, ranked again among
    its pairs (``None``, no hand, lowest)."""
    variant = get_variant(code)
    unseen = [c for c in make_deck("standard") if c not in {*mine, *board, *up}]
    pairs = [[*up, *p] for p in combinations(unseen, 2)]
    best = [0.0] * len(pairs)
    for rule in variant.showdown:
        values = [best_hand(rule, p, board) for p in pairs]
        low = min(v for v in values if v is not None)
        keyed = [(0, low) if v is None else (1, v) for v in values]
        best = [max(b, s) for b, s in zip(best, places(keyed), strict=True)]
    standing = places(best)
    kept = [p for p, s in zip(pairs, standing, strict=True) if s >= q]
    share = sum(pot_shares(variant, [list(mine), p], board)[0] for p in kept)
    return share, len(kept)


def test_a_high_low_quantile_leaves_out_that_share_of_the_opponents_hands() -> None:
    # Stud hi-lo (the low half needs eight or better), the opponent's last two cards to
    # come: its hand is placed by the better of its high and low places, ranked again, so
    # a quantile of 0.5 leaves out half its pairs (the better place alone would leave out
    # far fewer).
    mine, up = parse_cards("Ah Kd 2c 3s Qh Qd 9c"), parse_cards("4h 6d Jc Js 8s")
    got = equity(Spot(get_variant("F7S/8"), mine, [], (up,)), narrow=(0.5,))
    share, deals = referee("F7S/8", mine, [], 0.5, up)
    assert got.exact and got.deals == deals
    assert got.share == pytest.approx(share, abs=1e-9)
    assert 0.4 < deals / 820 <= 0.5


def test_narrowing_that_leaves_too_little_is_scaled_down() -> None:
    variant = get_variant("NT")
    mine, board = parse_cards("Ah Kd"), parse_cards("Qs Jh 2c 7d 3s")
    got = equity(Spot(variant, mine, board, ((),)), narrow=(0.9,))
    # 0.9 keeps under a quarter of the pairs; 0.9 x 0.8 = 0.72 keeps more than a quarter.
    assert referee("NT", mine, board, 0.9)[1] * 4 < 990
    share, deals = referee("NT", mine, board, 0.72)
    assert deals * 4 >= 990
    assert got.deals == deals
    assert got.share == pytest.approx(share, abs=1e-9)


def view_on(street: str, variant: str = "F7S/8") -> DealView:
    """Seat 0 facing player 1's bet of 4 on ``street``; player 2 still in, not betting."""
    players = (
        PlayerView(0, 90, 0, False, ()),
        PlayerView(1, 86, 4, False, ()),
        PlayerView(2, 90, 0, False, ()),
    )
    legal = (Legal("fold"), Legal("call", 4), Legal("raise", 0, 8, 8))
    return DealView(variant, street, 0, players, (), 20, 0, legal)


@pytest.mark.parametrize(
    ("street", "share"),
    [("third street", 0.0), ("fifth street", 0.5), ("seventh street", 1.0)],
)
def test_a_bet_narrows_more_street_by_street(street: str, share: float) -> None:
    style = Style("test", narrow_bet=0.2, narrow_last=0.6)
    assert bet_quantile(view_on(street), style) == pytest.approx(0.2 + 0.4 * share)
    if street == "third street":
        return  # a bet of 4 on the first street is no raise of the bring-in: forced
    # … and the memory gives it to the bettor, nothing to the player who has not bet.
    bettor, other = Memory().narrowing(view_on(street), style)
    assert bettor == pytest.approx(0.2 + 0.4 * share)
    assert other == 0.0


def test_hold_em_streets_run_from_the_first_bet_to_the_river() -> None:
    balanced = STYLES["balanced"]
    assert bet_quantile(view_on("pre-flop", "NT"), balanced) == balanced.narrow_bet
    assert bet_quantile(view_on("river", "NT"), balanced) == balanced.narrow_last
    assert (
        balanced.narrow_bet < bet_quantile(view_on("flop", "NT"), balanced) < balanced.narrow_last
    )
