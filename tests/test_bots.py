"""Bots: the interface, the simple bots, and the strength bot's judgement."""

from __future__ import annotations

import pytest
from oracle.straights_hand import Hand

from straights.bots import Bot, CallingBot, RandomBot, StrengthBot, make_bot
from straights.bots.arena import PokerArena, play_deal, simulate
from straights.cards import make_deck, parse_cards
from straights.errors import ConfigurationError
from straights.game import TableConfig
from straights.poker import Deal, DealView, Move, Stakes, deal_view, get_variant

STRAIGHTS = get_variant("_STR55L")


def deal(holes: list[str], table: str) -> list:
    pairs = [parse_cards(h) for h in holes]
    return [*[p[0] for p in pairs], *[p[1] for p in pairs], *parse_cards(table)]


class Spy:
    """A user-written bot: records what it is given and checks or calls."""

    def __init__(self) -> None:
        self.name = "spy"
        self.views: list[DealView] = []

    def decide(self, view: DealView) -> Move:
        self.views.append(view)
        return Move(next(a.kind for a in view.legal if a.kind in ("check", "call")))


def test_a_user_bot_gets_only_its_own_view() -> None:
    spy = Spy()
    assert isinstance(spy, Bot)
    cards = make_deck("straights").shuffled(3)
    deal = Deal(STRAIGHTS, Stakes.uniform(3, ante=1, min_bet=1), [100] * 3, cards)
    play_deal(deal, [spy, CallingBot(), RandomBot(1)])
    assert spy.views and all(v.seat == 0 and v.actor == 0 for v in spy.views)
    for v in spy.views:
        assert v.players[0].cards == (cards[0], cards[1])  # the first two cards are its own
        others = v.players[1:]
        assert all(c is None for p in others for c in p.cards)  # no card of another seat


def test_calling_bot_never_bets_or_folds() -> None:
    r = simulate(PokerArena([STRAIGHTS], ["calling"], players=2, ante=1), hands=30, seed=2)
    assert r.hands == 30 and r.showdowns + r.carry_overs >= 30


def test_make_bot_names() -> None:
    assert isinstance(make_bot("Strength"), StrengthBot)
    with pytest.raises(ConfigurationError, match="'shark' is not a bot: choose one of"):
        make_bot("shark")
    with pytest.raises(ConfigurationError, match="samples=0"):
        StrengthBot(samples=0)
    assert not hasattr(make_bot("calling"), "act")  # one interface: decide


def _final_round(holes: list[str], table: str, *, bet: bool) -> Hand:
    h = Hand(TableConfig(seats=2, betting="no-limit"), (0, 1), (100, 100), deal(holes, table))
    while h.round < 5:
        h.check(h.actor)  # type: ignore[arg-type]
    h.check(0)
    if bet:
        h.bet(1)
    return h


def test_strength_bot_raises_with_str8() -> None:
    # Seat 0 holds S and 8h; T and R are on the table: the best hand there is.
    h = _final_round(["S 8h", "4c 4d"], "T Kd R 2c 9s", bet=True)
    bot = StrengthBot(rng=1)
    view = deal_view(h.live, 0)
    assert bot.deal_equity(view) == 1.0
    assert bot.decide(view).kind == "raise"


def test_strength_bot_folds_a_hopeless_hand_to_a_bet() -> None:
    # Seat 0: 7c 7d with Kd Jh 9s 4c 2h — no straight; nearly any hand beats it.
    h = _final_round(["7c 7d", "Ac 5d"], "Kd Jh 9s 4c 2h", bet=True)
    view = deal_view(h.live, 0)
    bot = StrengthBot(rng=2)
    assert bot.deal_equity(view) < 0.3
    assert bot.decide(view).kind == "fold"


def test_strength_bot_checks_a_weak_hand_when_it_is_free() -> None:
    h = Hand(TableConfig(seats=2), (0, 1), (100, 100), deal(["7c 7d", "Ac 5d"], "Kd Jh 9s 4c 2h"))
    while h.round < 5:
        h.check(h.actor)  # type: ignore[arg-type]
    assert StrengthBot(rng=3).decide(deal_view(h.live, 0)).kind == "check"


def test_strength_bot_beats_random_bots_over_many_deals() -> None:
    r = simulate(
        PokerArena([STRAIGHTS], ["strength", "random"], players=4, ante=1), hands=400, seed=11
    )
    strength, random_ = r.bots["strength"], r.bots["random"]
    assert strength.mean > random_.mean
    assert strength.total + random_.total + r.carried_at_end == 0


def test_a_carried_pot_costs_every_dealt_player_his_penalty() -> None:
    # Seed 0 carries one pot in 200 deals; rule 10's penalty is 1 chip from each of 6.
    r = simulate(PokerArena([STRAIGHTS], ["calling"], players=6, ante=1), hands=200, seed=0)
    assert (r.carry_overs, r.penalties) == (1, 6)
