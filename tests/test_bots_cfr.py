"""The cfr bot in a deal of the engine reads the very situation it reads at Straights'
own table, and plays the catalogue's Straights (`straights simulate --game
straights-no-limit --bots cfr,random`)."""

from __future__ import annotations

import random

import pytest
from oracle.straights_table import Table
from oracle.straights_view import SeatView

from straights.bots.arena import PokerArena, simulate
from straights.bots.cfr import CfrBot, deal_situation
from straights.cards import make_deck
from straights.errors import ConfigurationError
from straights.game import TableConfig
from straights.poker import Deal, Stakes, deal_view, get_variant
from straights.poker.view import Move, play


def situation(view: SeatView) -> tuple[int, int, int] | None:
    """What the solved game is asked, read off Straights' own table's view: the round
    from 0, the bets of the round (a bet, then each raise), 1 on the button."""
    if view.betting != "limit" or view.hole is None:
        return None
    bets = 0 if view.current_bet == 0 else view.raises + 1
    return view.round - 1, bets, 1 if view.seat == view.button else 0


@pytest.mark.parametrize(("seats", "pack"), [(2, 55), (3, 55), (4, 52)])
def test_deal_situation_is_the_seat_views(seats: int, pack: int) -> None:
    # Straights' Hand plays an engine Deal: at every decision both views of it must name
    # the same (round, bets, button) — bets up to the cap, rounds 1 to 5.
    rng = random.Random(seats * pack)
    seen: set[tuple[int, int, int]] = set()
    for number in range(12):
        names = [f"p{i}" for i in range(seats)]
        table = Table(TableConfig(seats=seats, pack=pack), names, seed=number)
        hand = table.start_hand()
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            view = table.view(seat)
            deal = hand._deal
            assert deal is not None
            spot = situation(view)
            assert spot is not None
            assert deal_situation(deal_view(deal, hand.player_index(seat))) == spot
            seen.add(spot)
            kinds = [a.kind for a in view.legal]
            kind = rng.choice([k for k in kinds if k != "fold"] * 3 + kinds)
            action = next(a for a in view.legal if a.kind == kind)
            table.act(seat, action.kind, action.to)
    assert {s[1] for s in seen} == {0, 1, 2, 3}  # every rung of the ladder was met
    assert {s[0] for s in seen} >= {0, 1}
    assert {s[2] for s in seen} == {0, 1}


def test_no_situation_outside_limit_straights() -> None:
    for code in ("_STR55N", "NT", "PO", "F7S"):
        variant = get_variant(code)
        deck = make_deck("straights" if code.startswith("_STR") else "standard")
        stakes = Stakes.uniform(2, ante=1, blinds=(1, 2), min_bet=2, bring_in=1, small_bet=2,
                                big_bet=4)  # fmt: skip
        deal = Deal(variant, stakes, [100, 100], deck.shuffled(1))
        assert deal.actor is not None
        assert deal_situation(deal_view(deal, deal.actor)) is None, code


def test_cfr_decides_a_straights_deal_from_the_solved_frequencies() -> None:
    deal = Deal(get_variant("_STR55L"), Stakes.uniform(2, ante=1, min_bet=1), [50, 50],
                make_deck("straights").shuffled(3))  # fmt: skip
    bot = CfrBot(rng=1)
    assert deal.actor is not None
    probs = bot.deal_probabilities(deal_view(deal, deal.actor))
    assert set(probs) == {"f", "c", "r"} and sum(probs.values()) == pytest.approx(1.0)
    moves: list[Move] = []
    while not deal.finished:
        assert deal.actor is not None
        moves.append(bot.decide(deal_view(deal, deal.actor)))
        play(deal, moves[-1])
    assert moves and {m.kind for m in moves} <= {"fold", "check", "call", "bet", "raise"}


def test_cfr_plays_straights_in_the_arena_and_is_refused_elsewhere() -> None:
    for code in ("_STR55L", "_STR55N", "_STR52L"):
        result = simulate(
            PokerArena([get_variant(code)], ["cfr", "random"], players=2), hands=3, seed=4
        )
        assert result.hands == 3 and set(result.bots) == {"cfr", "random"}
    with pytest.raises(ConfigurationError, match=r"cfr bot plays only Straights.*for razz"):
        simulate(
            PokerArena([get_variant("_STR55L"), get_variant("FR")], ["cfr"], players=2), hands=1
        )
