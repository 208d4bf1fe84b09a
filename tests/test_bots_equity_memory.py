"""The equity bot in every variant: what it remembers of a deal, and the opponents it narrows."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from straights.bots.equity import STYLES
from straights.bots.equity_moves import Memory, bet_quantile, facing, spot
from straights.bots.variant_equity import Spot, _standing, equity, pot_shares
from straights.cards import make_deck, parse_cards
from straights.poker import Deal, get_variant
from straights.poker.engine import Legal
from straights.poker.showdown import best_hand
from straights.poker.stakes import default_stakes
from straights.poker.view import DealView, Move, PlayerView, deal_view, play


def test_standing_is_the_share_of_lower_keys_in_the_players_column() -> None:
    keys = np.array([[5, 1], [3, 1], [5, 2]])
    # Column 0 sorted 3 5 5: a 5 has one lower key of three, the 3 none; column 1: 1 1 2.
    expected = [[1 / 3, 0.0], [0.0, 0.0], [1 / 3, 2 / 3]]
    assert np.allclose(_standing(keys), expected)


def test_narrowed_river_is_counted_over_the_opponents_stronger_hands() -> None:
    variant = get_variant("NT")
    mine, board = parse_cards("Ah Kd"), parse_cards("Qs Jh 2c 7d 3s")
    got = equity(Spot(variant, mine, board, ((),)), narrow=(0.5,))
    # The referee: every pair the opponent may hold, valued by the engine's best_hand; those
    # with fewer than half of the pairs valued below them are left out.
    unseen = [c for c in make_deck("standard") if c not in {*mine, *board}]
    pairs = list(combinations(unseen, 2))
    rule = variant.showdown[0]
    values = [best_hand(rule, p, board) for p in pairs]
    ordered = sorted(values)
    kept = [
        p
        for p, v in zip(pairs, values, strict=True)
        if sum(1 for w in ordered if w < v) / len(pairs) >= 0.5
    ]
    share = sum(pot_shares(variant, [mine, p], board)[0] for p in kept)
    assert got.exact and got.deals == len(kept) < len(pairs)
    assert abs(got.share - share) < 1e-9
    plain = equity(Spot(variant, mine, board, ((),)))
    assert got.equity < plain.equity  # ace-king high loses more to the stronger half


def razz_deal() -> Deal:
    variant = get_variant("FR")
    return Deal(variant, default_stakes(variant, 3), [100] * 3, make_deck().shuffled(5))


def test_a_folded_stud_hands_up_cards_stay_out_of_play() -> None:
    deal = razz_deal()  # seat 1 brings it in, seat 2 and seat 0 call
    memory = Memory()
    for move in ("bring-in", "call"):
        play(deal, Move(move))
    memory.update(deal_view(deal, 0))
    play(deal, Move("call"))
    view = deal_view(deal, 0)  # fourth street: seat 0 bets, seat 1 folds, seat 2 calls
    assert view.street == "fourth street"
    memory.update(view)
    ups = [c for c, up in zip(view.players[1].cards, view.players[1].up, strict=True) if up]
    assert len(ups) == 2
    play(deal, Move("bet", 2))
    play(deal, Move("fold"))
    play(deal, Move("call"))
    view = deal_view(deal, 0)
    assert view.street == "fifth street"
    assert view.players[1].cards == ()  # the view no longer shows the folded hand
    gone = memory.update(view)
    assert gone == frozenset(ups)
    pool = spot(view, get_variant("FR"), gone=gone).pool()
    assert not set(ups) & set(pool)
    assert len(pool) == 52 - 5 - 3 - 2  # less seat 0's five cards, seat 2's three up, these


def test_memory_forgets_a_finished_deal() -> None:
    memory = Memory()
    first, second = razz_deal(), Deal(
        get_variant("FR"), default_stakes(get_variant("FR"), 3), [100] * 3,
        make_deck().shuffled(6),
    )  # fmt: skip
    memory.update(deal_view(first, first.actor))  # type: ignore[arg-type]
    view = deal_view(second, second.actor)  # type: ignore[arg-type]
    assert memory.update(view) == frozenset()
    me = view.me
    assert me is not None
    assert memory.mine == {c for c in me.cards if c is not None}


def betting_view(street: str, bets: tuple[int, int, int], legal: tuple[Legal, ...]) -> DealView:
    players = tuple(PlayerView(i, 90, b, False, ()) for i, b in enumerate(bets))
    return DealView("FT", street, 0, players, (), 20, 0, legal)


def test_facing_counts_bets_by_choice_only() -> None:
    # A later street: player 1 bet 2 and player 2 called it; seat 0 has not acted.
    turn = betting_view(
        "turn", (0, 2, 2), (Legal("fold"), Legal("call", 2), Legal("raise", 0, 4, 4))
    )
    assert facing(turn) == {1, 2}
    # The first street with only the blinds in (1 and 2, the raise to 4 a step of 2): forced.
    blinds = betting_view(
        "pre-flop", (0, 1, 2), (Legal("fold"), Legal("call", 2), Legal("raise", 0, 4, 4))
    )
    assert facing(blinds) == set()
    # … and after a raise to 4 (the next raise to 6): player 2 raised by choice.
    raised = betting_view(
        "pre-flop", (0, 2, 4), (Legal("fold"), Legal("call", 4), Legal("raise", 0, 6, 6))
    )
    assert facing(raised) == {2}
    bet = bet_quantile(turn, STYLES["balanced"])
    assert bet > 0 and Memory().narrowing(turn, STYLES["balanced"]) == (bet, bet)
