"""Bots: the interface, the simple bots, and the strength bot's judgement."""

from __future__ import annotations

import pytest

from straights.bots import Bot, CallingBot, RandomBot, StrengthBot, make_bot
from straights.bots.arena import play_hand, simulate
from straights.cards import parse_cards
from straights.errors import ConfigurationError
from straights.game import Action, Hand, SeatView, Table, TableConfig, hand_view


def deal(holes: list[str], table: str) -> list:
    pairs = [parse_cards(h) for h in holes]
    return [*[p[0] for p in pairs], *[p[1] for p in pairs], *parse_cards(table)]


class Spy:
    """A user-written bot: records what it is given and checks or calls."""

    def __init__(self) -> None:
        self.name = "spy"
        self.views: list[SeatView] = []

    def act(self, view: SeatView) -> Action:
        self.views.append(view)
        return next(a for a in view.legal if a.kind in ("check", "call"))


def test_a_user_bot_gets_only_its_own_view() -> None:
    spy = Spy()
    assert isinstance(spy, Bot)
    t = Table(TableConfig(seats=3), ["spy", "a", "b"], seed=3)
    hand = play_hand(t, {0: spy, 1: CallingBot(), 2: RandomBot(1)})
    assert spy.views and all(v.seat == 0 and v.actor == 0 for v in spy.views)
    for v in spy.views:
        assert v.hole == hand.hole(0)
        others = [p for p in v.players if p.seat != 0]
        assert all(p.cards is None for p in others)  # no hole card of another seat mid-deal


def test_calling_bot_never_bets_or_folds() -> None:
    r = simulate(TableConfig(seats=2), ["calling"], hands=30, seed=2)
    assert r.hands == 30 and r.showdowns + r.carry_overs >= 30


def test_make_bot_names() -> None:
    assert isinstance(make_bot("Strength"), StrengthBot)
    with pytest.raises(ConfigurationError, match="'shark' is not a bot: choose one of"):
        make_bot("shark")
    with pytest.raises(ConfigurationError, match="samples=0"):
        StrengthBot(samples=0)


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
    view = hand_view(h, 0)
    assert bot.equity(view) == 1.0
    assert bot.act(view).kind == "raise"


def test_strength_bot_folds_a_hopeless_hand_to_a_bet() -> None:
    # Seat 0: 7c 7d with Kd Jh 9s 4c 2h — no straight; nearly any hand beats it.
    h = _final_round(["7c 7d", "Ac 5d"], "Kd Jh 9s 4c 2h", bet=True)
    view = hand_view(h, 0)
    bot = StrengthBot(rng=2)
    assert bot.equity(view) < 0.3
    assert bot.act(view).kind == "fold"


def test_strength_bot_checks_a_weak_hand_when_it_is_free() -> None:
    h = Hand(TableConfig(seats=2), (0, 1), (100, 100), deal(["7c 7d", "Ac 5d"], "Kd Jh 9s 4c 2h"))
    while h.round < 5:
        h.check(h.actor)  # type: ignore[arg-type]
    assert StrengthBot(rng=3).act(hand_view(h, 0)).kind == "check"


def test_strength_bot_beats_random_bots_over_many_deals() -> None:
    r = simulate(TableConfig(seats=4), ["strength", "random"], hands=400, seed=11)
    strength, random_ = r.bots["strength"], r.bots["random"]
    assert strength.mean > random_.mean
    assert strength.total + random_.total + r.carried_at_end == 0
