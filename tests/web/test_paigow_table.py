"""The Pai Gow web table without a server: settling against the bank, chips, replay,
hidden cards, the timer and the house way."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from webtools import cards_in

from straights.errors import IllegalActionError, StraightsError
from straights.paigow import deal as paigow_deal
from straights.paigow.rules import JOKER
from straights.table import paigow as paigow_table
from straights.web.paigow_game import HOUSE
from straights.web.protocol import ProtocolError, TableSettings, parse_settings
from straights.web.tables import WebTable

ANN, BOB = "a" * 64, "b" * 64


def new_table(**settings: Any) -> WebTable:
    base: dict[str, Any] = {
        "game": "pai-gow", "edition": 2, "stack": 100, "seats": 4, "commission": "exact"
    }  # fmt: skip
    return WebTable("pg1", TableSettings(**(base | settings)), seed=777, host_hash="h" * 64)


def seated(**settings: Any) -> WebTable:
    t = new_table(**settings)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN})
    t.apply({"kind": "bot", "seat": 1, "bot": "strength"})
    t.apply({"kind": "sit", "seat": 2, "name": "Bob", "token_hash": BOB})
    return t


def _no_bot() -> Any:
    raise AssertionError("a Pai Gow bot is made by its kind, not as a poker bot")


def rigged(monkeypatch: pytest.MonkeyPatch, hands: dict[int, str]) -> None:
    """Deal ``hands`` (Pai Gow seat -> seven cards, 0 the bank) instead of a shuffle."""
    real = paigow_deal.PaiGowDeal

    def deal(bets: dict[int, int], **kw: Any) -> paigow_deal.PaiGowDeal:
        kw.pop("rng")
        return real(bets, hands={s: hands[s] for s in (0, *bets)}, **kw)

    monkeypatch.setattr(paigow_table, "PaiGowDeal", deal)


def test_a_deal_settles_against_the_bank_with_the_commission(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Worked by hand: the bank sets K-Q | A-A-9-5-2 (one pair: the pair behind).
    # Ann (seat 1) sets Kh Jk (the joker as an ace) in front of Q-Q-8-6-3: her pair
    # of queens loses to the aces, her ace-king beats king-queen: a push. The bot
    # (seat 2) has no pair: the house way sets 10-8 | J-7-5-4-3, losing both (-20).
    # Bob (seat 3) may not set 2-2 in front of 10-9-8-7-4 (a foul); he sets 10-9 in
    # front of 2-2-8-7-4 and loses both (-40).
    rigged(
        monkeypatch,
        {
            0: "As Ad Kc Qd 9h 5s 2c",
            1: "Qs Qh Jk Kh 8c 6d 3s",
            2: "Jc Td 8h 7c 5d 4h 3c",
            3: "Th 9s 8d 7s 4s 2h 2d",
        },
    )
    t = seated(bet=20)
    t.apply({"kind": "wager", "seat": 2, "chips": 40})
    t.apply({"kind": "deal"})
    assert t.in_hand and t.game.bets_in_play() == 80
    assert t.game.deal_now is not None and t.game.deal_now.waiting == [1, 3]  # the bot set as dealt
    t.apply({"kind": "set", "seat": 0, "front": ["Kh", "Jk"]})
    with pytest.raises(IllegalActionError, match="beats the five-card hand"):
        t.apply({"kind": "set", "seat": 2, "front": ["2h", "2d"]})  # a foul is refused
    assert t.game.deal_now.waiting == [3]
    t.apply({"kind": "set", "seat": 2, "front": ["Th", "9s"]})
    assert not t.in_hand
    results = t.state_for(0, turn_left=None)["hand"]["deal"]["results"]
    assert [(r["outcome"], r["net"]) for r in results.values()] == [
        ("push", 0),
        ("lose", -20),
        ("lose", -40),
    ]
    assert [s["chips"] for s in t.public_state()["seats"][:3]] == [100, 80, 60]
    assert t.house == 60
    assert t.chips() + t.house == t.bank() == 300


def test_a_win_pays_the_bet_less_exactly_five_percent(monkeypatch: pytest.MonkeyPatch) -> None:
    rigged(
        monkeypatch,
        {0: "9h 9c 7d 5s 3h Qh Jd", 1: "Ks Kd 8h 6c 4s Jk 2h", 2: "2s 3d 4c 6h 7s 8s Tc"},
    )
    t = seated(bet=60)
    assert t.game.public_settings()["bet_unit"] == 20
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "deal"})
    t.apply({"kind": "set", "seat": 0, "front": ["Jk", "8h"]})
    result = t.state_for(0, turn_left=None)["hand"]["deal"]["results"]["1"]
    assert (result["outcome"], result["commission"], result["net"]) == ("win", 3, 57)
    assert t.public_state()["seats"][0]["chips"] == 157
    assert t.house == 60 - 57  # the bot lost its 60


def test_a_table_stored_before_the_exact_commission_rounds_it_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rigged(
        monkeypatch,
        {0: "9h 9c 7d 5s 3h Qh Jd", 1: "Ks Kd 8h 6c 4s Jk 2h", 2: "2s 3d 4c 6h 7s 8s Tc"},
    )
    t = seated(bet=25, min_bet=2, commission="rounded-up")  # as stored then
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "deal"})
    t.apply({"kind": "set", "seat": 0, "front": ["Jk", "8h"]})
    # Ann's K-K beats the bank's 9-9, her A-8 (the joker as an ace) beats its Q-J.
    result = t.state_for(0, turn_left=None)["hand"]["deal"]["results"]["1"]
    assert (result["outcome"], result["commission"], result["net"]) == ("win", 2, 23)
    assert t.public_state()["seats"][0]["chips"] == 123
    assert t.house == 25 - 23  # the bot lost its 25


def test_copies_go_to_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    rigged(
        monkeypatch,
        {0: "Ah Kd Qs Qh 9c 4d 2s", 1: "Ac Ks Qd Qc 9h 4c 2d", 2: "2h 3c 5d 7h 8d Tc Js"},
    )
    t = seated()
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "deal"})
    t.apply({"kind": "set", "seat": 0, "front": ["Ac", "Ks"]})
    result = t.state_for(0, turn_left=None)["hand"]["deal"]["results"]["1"]
    assert result["copies"] == [True, True] and result["outcome"] == "lose"
    assert "Ann: five-card copies, two-card copies: loses 20" in t.public_state()["follow"]["log"]


def test_the_page_is_offered_the_house_ways_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    rigged(
        monkeypatch,
        {0: "As Ad Kc Qd 9h 5s 2c", 1: "Ks Kd 8h 6c 4s Jk 2h", 2: "2s 3d 4c 6h 7s 8s Tc"},
    )
    t = seated()
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "deal"})
    way = t.state_for(0, turn_left=None)["hand"]["house_way"]
    # One pair: the pair behind, the two highest other cards (the joker as an ace, 8) in front.
    assert (way["front"], way["back"], way["rule"]) == (
        ["Jk", "8h"],
        ["Ks", "Kd", "6c", "4s", "2h"],
        "one pair",
    )
    assert way["back_hand"] == "pair of kings"
    t.apply({"kind": "set", "seat": 0, "front": None})
    assert t.state_for(0, turn_left=None)["hand"]["deal"]["settings"]["1"]["front"] == way["front"]
    assert "house_way" not in t.state_for(0, turn_left=None)["hand"]


def _drive(
    t: WebTable, rng: random.Random, steps: int, closing: float = 0.0
) -> list[dict[str, Any]]:
    """Random commands, legal or not (``closing``: the chance a ``close`` is tried);
    returns the ones the table took."""
    taken: list[dict[str, Any]] = []
    tokens = [ANN, BOB, "c" * 64]
    for _ in range(steps):
        seat = rng.randrange(len(t.seats) + 1)
        pick = rng.random()
        command: dict[str, Any]
        if t.in_hand and t.game.deal_now is not None and pick < 0.5 and t.game.deal_now.waiting:
            pseat = rng.choice(t.game.deal_now.waiting)
            cards = [c.ascii() for c in t.game.deal_now.cards(pseat)]
            front = None if rng.random() < 0.3 else rng.sample(cards, 2)
            command = {"kind": "set", "seat": pseat - 1, "front": front}
            if rng.random() < 0.2:
                command["why"] = "timeout"
        else:
            kind = rng.choice(
                ["deal", "deal", "deal", "sit", "bot", "unseat", "wager", "rebuy", "sitout",
                 "back", "answer", "pause", "close", "set", "change"]
            )  # fmt: skip
            command = {"kind": kind, "seat": seat}
            if kind == "sit":
                command |= {
                    "name": rng.choice(["Ann", "Bob", "Cy"]),
                    "token_hash": rng.choice(tokens),
                }
            elif kind == "bot":
                command["bot"] = "random"
            elif kind == "wager":
                command["chips"] = rng.choice([1, 2, 5, 30, 200, 20000])
            elif kind == "answer":
                command = {
                    "kind": kind,
                    "player": rng.randrange(1, 8),
                    "accept": rng.random() < 0.7,
                }
            elif kind == "pause":
                command = {"kind": kind, "on": rng.random() < 0.3}
            elif kind == "close" and rng.random() >= closing:
                continue
            elif kind == "change":
                command = {"kind": kind, "turn_seconds": rng.choice([0, 5, 30])}
            elif kind == "set":
                command["front"] = ["As", "Kd"]
        try:
            t.apply(command)
        except StraightsError:
            continue
        taken.append(command)
    return taken


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 130))
def test_chips_are_conserved_counting_the_house(seed: int, stack: int) -> None:
    t = new_table(stack=stack, bet=20, auto_limit=stack * 2)
    rng = random.Random(seed)
    for _ in range(120):
        before = [t.state_for(s, turn_left=None) for s in (None, *range(len(t.seats)))]
        if not _drive(t, rng, 1, closing=0.05):  # refused: nothing changed
            assert before == [t.state_for(s, turn_left=None) for s in (None, *range(4))]
        ledger = t.public_state()["ledger"]
        in_front = sum(s["chips"] for s in t.public_state()["seats"] if s is not None)
        assert in_front + ledger["in_middle"] + t.house == t.bank()
        assert all(s is None or s["chips"] >= 0 for s in t.public_state()["seats"])
        if t.transfers() is not None:
            assert sum(r["net"] for r in ledger["rows"]) + t.house == 0


def test_replaying_the_commands_rebuilds_the_same_table() -> None:
    t = new_table(stack=40, auto_limit=400)
    commands = _drive(t, random.Random(11), 600)
    assert t.game.number >= 5
    again = new_table(stack=40, auto_limit=400)
    events = []
    for c in commands:
        events.append(again.apply(c))
    assert again.seq == t.seq == len(commands)
    for seat in (None, *range(len(t.seats))):
        assert again.state_for(seat, turn_left=None) == t.state_for(seat, turn_left=None)
    assert again.house == t.house and again.entries == t.entries


def test_nobody_sees_another_seats_cards_before_the_bank_shows() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    deal = t.game.deal_now
    assert deal is not None
    own = {s: set(deal.cards(s + 1)) for s in (0, 1, 2)}
    bank = set(deal.cards(0))
    everything = set().union(*own.values(), bank)
    for viewer in (None, 0, 1, 2, 3):
        seen = cards_in(t.state_for(viewer, turn_left=None))
        allowed = own.get(viewer, set()) if viewer is not None else set()
        assert seen <= allowed, (viewer, seen - allowed)
        assert not seen & bank
        if JOKER in everything - allowed:  # cards_in reads ranks and suits, not the joker
            assert '"Jk"' not in json.dumps(t.state_for(viewer, turn_left=None))
    t.apply({"kind": "set", "seat": 0, "front": None})
    seen = cards_in(t.state_for(2, turn_left=None))
    assert seen <= own[2]  # Ann has set: Bob still sees none of her cards
    assert "Ann has set (house way)" in t.public_state()["follow"]["log"]
    t.apply({"kind": "set", "seat": 2, "front": None})
    shown = cards_in(t.state_for(None, turn_left=None))
    assert shown == everything - {JOKER}  # all turned up


def test_a_player_who_takes_a_seat_mid_deal_sees_no_cards() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    t.apply({"kind": "sit", "seat": 3, "name": "Cy", "token_hash": "c" * 64})
    assert cards_in(t.state_for(3, turn_left=None)) == set()
    with pytest.raises(IllegalActionError, match="not playing a deal"):
        t.apply({"kind": "set", "seat": 3, "front": None})


def test_the_timer_sets_the_house_way_and_bots_set_at_the_deal() -> None:
    t = seated(turn_seconds=20)
    plan = t.next_auto(connected={0, 2}, idle=0.0, bot_delay=1.0, deal_delay=2.0)
    assert plan is not None and plan.command == {"kind": "deal"} and plan.delay == 2.0
    t.apply({"kind": "deal"})
    assert t.game.deal_now is not None and 2 in t.game.deal_now.settings  # the bot (web seat 1)
    plan = t.next_auto(connected={0, 2}, idle=0.0, bot_delay=1.0, deal_delay=2.0)
    assert plan is not None and 19 < plan.delay <= 20
    assert plan.command == {"kind": "set", "seat": 0, "front": None, "why": "timeout"}
    t.game.deal_clock = time.monotonic() - 21  # as if 21 seconds had passed
    plan = t.next_auto(connected={0, 2}, idle=0.0, bot_delay=1.0, deal_delay=2.0)
    assert plan is not None and plan.delay == 0.0 and plan.command is not None
    t.apply(plan.command)
    assert "Ann has set (house way) (timed out)" in t.public_state()["follow"]["log"]
    assert t.seats[0] is not None and t.seats[0].misses == 1
    assert t.state_for(2, turn_left=12.3)["turn"] == {"seat": 2, "seconds_left": 12.3, "limit": 20}
    assert t.state_for(0, turn_left=12.3)["turn"] is None  # Ann has set


def test_a_player_who_leaves_mid_deal_plays_the_house_way_and_is_cashed_out() -> None:
    t = seated(bet=20)
    t.apply({"kind": "deal"})
    t.apply({"kind": "unseat", "seat": 0})
    assert t.seats[0] is not None and t.seats[0].leaving
    assert t.game.deal_now is not None and 1 in t.game.deal_now.settings
    t.apply({"kind": "set", "seat": 2, "front": None})
    assert t.seats[0] is None
    net = t.game.deal_now.results[1].net
    out = [e for e in t.entries if e.kind == "cash-out"]
    assert out[-1].amount == 100 + net and out[-1].note == "left"


def test_bets_stay_within_the_limits_and_the_stack() -> None:
    t = seated(min_bet=20, max_bet=100, bet=20, stack=50)
    with pytest.raises(StraightsError, match="a bet of 10 is not a multiple of 20"):
        t.apply({"kind": "wager", "seat": 0, "chips": 10})
    with pytest.raises(StraightsError, match="a bet of 30 is not a multiple of 20"):
        t.apply({"kind": "wager", "seat": 0, "chips": 30})
    with pytest.raises(StraightsError, match="20 to 100"):
        t.apply({"kind": "wager", "seat": 0, "chips": 120})
    t.apply({"kind": "wager", "seat": 0, "chips": 100})
    t.apply({"kind": "deal"})
    deal = t.game.deal_now
    assert deal is not None and deal.bets == {1: 40, 2: 20, 3: 20}  # the most 50 covers


def test_the_settle_up_counts_the_house(monkeypatch: pytest.MonkeyPatch) -> None:
    rigged(
        monkeypatch,
        {0: "As Ad Kc Qd 9h 5s 2c", 1: "2s 3d 4c 6h 7s 8s Tc", 2: "Jc Td 8h 7c 5d 4h 3c"},
    )
    t = seated()
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "deal"})
    t.apply({"kind": "set", "seat": 0, "front": None})
    assert t.house == 40  # Ann and the bot lost 20 each
    transfers = t.transfers()
    assert transfers is not None
    # The bot's loss is the house's own (it funds the bots): people only pay.
    assert {(x.payer, x.payee, x.amount) for x in transfers} == {
        ("Ann", HOUSE, 20),
    }


def test_the_house_is_no_players_name() -> None:
    t = new_table()
    with pytest.raises(IllegalActionError, match="house"):
        t.check_new_name("The House")


def test_a_pai_gow_table_is_checked_in_plain_words() -> None:
    with pytest.raises(ProtocolError, match="at most 6"):
        parse_settings(b'{"game": "pai-gow", "seats": 7}')
    with pytest.raises(ProtocolError, match="within the limits, 5 to 50"):
        parse_settings(b'{"game": "pai-gow", "min_bet": 5, "max_bet": 50, "bet": 60}')
    with pytest.raises(ProtocolError, match="the game must be"):
        parse_settings(b'{"game": "blackjack"}')
    with pytest.raises(ProtocolError, match="a minimum bet of 10 is not a multiple of 20"):
        parse_settings(b'{"game": "pai-gow", "min_bet": 10, "bet": 20}')
    with pytest.raises(ProtocolError, match="a bet of 30 is not a multiple of 20"):
        parse_settings(b'{"game": "pai-gow", "bet": 30}')
    made = parse_settings(b'{"game": "pai-gow", "seats": 6}')
    assert (made.game, made.commission, made.min_bet, made.bet) == ("pai-gow", "exact", 20, 20)
    stored = TableSettings.model_validate({"game": "pai-gow", "min_bet": 2, "bet": 10})
    assert stored.commission == "rounded-up"  # a table stored before it keeps the old rule


def test_a_settled_deal_is_told_in_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    rigged(
        monkeypatch,
        {0: "9h 9c 7d 5s 3h Qh Jd", 1: "Ks Kd 8h 6c 4s Jk 2h", 2: "2s 3d 4c 6h 7s 8s Tc"},
    )
    t = seated()
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "deal"})
    with pytest.raises(IllegalActionError, match="still being played"):
        t.history_for(0, 1)
    t.apply({"kind": "set", "seat": 0, "front": ["Jk", "8h"]})
    told = t.history_for(None, 1)
    assert told["names"] == {"0": "Ann", "1": "Bot 2"}
    assert "Ann: five-card wins, two-card wins: wins 19 (bet 20, commission 1)" in told["lines"]
    assert told["lines"][-1] == "The house wins 1."  # the bot lost 20, Ann won 19


def test_an_equity_bot_sets_by_its_estimate_with_a_stored_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = {
        0: "9h 9c 7d 5s 3h Jc Td",
        1: "Ks Kd 8h 6c 4s Jk 2h",
        2: "Qs Qh Ad Kc 8d 5h 2c",  # the bot: queens behind, ace-king in front
    }
    rigged(monkeypatch, hands)
    t = new_table(bot_seconds=1.0)
    log: list[dict[str, Any]] = [
        {"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN},
        {"kind": "bot", "seat": 1, "bot": "equity"},
    ]
    for command in log:
        t.apply(command)
    plan = t.next_auto(connected={0}, idle=10.0, bot_delay=0.5, deal_delay=2.0)
    assert plan is not None and plan.command == {"kind": "deal", "estimates": True}
    t.apply(plan.command)
    log.append(plan.command)
    deal = t.game.deal_now
    assert deal is not None and deal.waiting == [1, 2]  # the bot has not set yet
    plan = t.next_auto(connected={0}, idle=0.0, bot_delay=0.5, deal_delay=2.0)
    assert plan is not None and plan.bot_seat == 1 and plan.command is None
    assert 0.0 < plan.delay <= 1.0  # the table's bot delay, not the server's
    bot_set = t.game.bot_move(1, _no_bot)()
    assert bot_set == {"kind": "set", "seat": 1, "front": ["Ad", "Kc"], "why": "bot"}
    for command in (bot_set, {"kind": "set", "seat": 0, "front": None}):
        t.apply(command)
        log.append(command)
    assert not t.in_hand
    again = new_table(bot_seconds=1.0)
    for command in log:
        again.apply(command)
    assert again.house == t.house and again.public_state() == t.public_state()
    # A deal stored before the equity bots set by estimate: every bot sets the house way.
    old = new_table()
    for command in [*log[:2], {"kind": "deal"}]:
        old.apply(command)
    assert old.game.deal_now is not None and old.game.deal_now.waiting == [1]
    with pytest.raises(IllegalActionError, match="no bot has hands to set"):
        old.game.bot_move(1, _no_bot)


def test_a_player_who_can_bet_is_offered_no_top_up_and_the_server_takes_none() -> None:
    # The page never offers a Pai Gow top-up (the bank covers any bet: no table stakes);
    # the server agrees: a player with the minimum bet or more is refused in one line.
    t = seated(min_bet=20, bet=20, stack=100)
    t.apply({"kind": "adjust", "seat": 0, "chips": 60})
    assert t.state_for(0, turn_left=None)["you"]["top_up"] is False
    refused = r"^you have 60 chips, enough to bet: .* short of the minimum bet \(20\)$"
    with pytest.raises(IllegalActionError, match=refused):
        t.apply({"kind": "rebuy", "seat": 0})
    assert t.seats[0] is not None and t.seats[0].stack == 60
    # Short of the minimum bet he rebuys one buy-in of the table's stack, as before.
    t.apply({"kind": "adjust", "seat": 0, "chips": 19})
    t.apply({"kind": "rebuy", "seat": 0})
    assert t.seats[0].stack == 19 + 100 and t.entries[-1].note == "rebuys"
