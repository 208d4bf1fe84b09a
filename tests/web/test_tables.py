"""The web table model without a server: replay, seat ownership, timers, bots."""

from __future__ import annotations

import random
from typing import Any

import pytest
from webtools import cards_in, hole, legal_actions

from straights.cards import Card
from straights.errors import IllegalActionError
from straights.web.protocol import TableSettings
from straights.web.seats import AWAY_DEALS
from straights.web.tables import WebTable


def new_table(**settings: Any) -> WebTable:
    return WebTable("tbl1", TableSettings(**settings), seed=12345, host_hash="h" * 64)


def play_randomly(table: WebTable, steps: int, rng: random.Random) -> list[dict[str, Any]]:
    """Deal and act (random legal actions) for ``steps`` commands; returns them."""
    done: list[dict[str, Any]] = []
    for _ in range(steps):
        if not table.in_hand:
            if not table.can_deal():
                break
            command: dict[str, Any] = {"kind": "deal"}
        else:
            seat = table.game.engine.actor
            assert seat is not None
            action = rng.choice(legal_actions(table, seat))
            command = {"kind": "act", "seat": seat, "action": action.kind, "to": action.to}
        table.apply(command)
        done.append(command)
    return done


def seated(**settings: Any) -> WebTable:
    t = new_table(**settings)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    t.apply({"kind": "sit", "seat": 2, "name": "Bob", "token_hash": "b" * 64})
    return t


def test_replaying_the_commands_rebuilds_the_same_table() -> None:
    t = seated(stack=60, betting="no-limit")
    commands = [
        {"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64},
        {"kind": "bot", "seat": 1, "bot": "calling"},
        {"kind": "sit", "seat": 2, "name": "Bob", "token_hash": "b" * 64},
        *play_randomly(t, 120, random.Random(4)),
    ]
    again = new_table(stack=60, betting="no-limit")
    for c in commands:
        again.apply(c)
    assert again.seq == t.seq == len(commands)
    for seat in (None, 0, 1, 2):
        assert again.state_for(seat, turn_left=None) == t.state_for(seat, turn_left=None)
    assert again.chips() == t.chips() == 3 * 60  # no chip created or lost


def test_illegal_commands_change_nothing() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    before = (t.seq, t.state_for(None, turn_left=None))
    actor = t.game.engine.actor
    other = next(s for s in (0, 1, 2) if s != actor)
    bad = [
        {"kind": "sit", "seat": 0, "name": "Eve", "token_hash": "e" * 64},
        {"kind": "sit", "seat": 9, "name": "Eve", "token_hash": "e" * 64},
        {"kind": "act", "seat": other, "action": "check"},
        {"kind": "act", "seat": actor, "action": "raise", "to": 999},
        {"kind": "deal"},
        {"kind": "unseat", "seat": 5},
        {"kind": "steal"},
    ]
    for command in bad:
        with pytest.raises(IllegalActionError):
            t.apply(command)
        assert (t.seq, t.state_for(None, turn_left=None)) == before


def test_a_new_owner_of_a_seat_never_sees_the_previous_owners_cards() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    ann_hole = hole(t, 0)
    while t.in_hand:  # everyone checks or calls to the showdown
        seat = t.game.engine.actor
        assert seat is not None
        kinds = {a.kind for a in legal_actions(t, seat)}
        t.apply({"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"})
    assert ann_hole <= cards_in(t.state_for(0, turn_left=None))
    t.apply({"kind": "unseat", "seat": 0})  # Ann leaves after deal 1 ...
    t.apply({"kind": "deal"})  # ... stands up as deal 2 starts ...
    assert t.seats[0] is None
    t.apply({"kind": "sit", "seat": 0, "name": "Mallory", "token_hash": "m" * 64})
    history = t.history_for(0, 1)  # ... and Mallory asks for deal 1 from seat 0
    assert history["you"] is None
    before_showdown = history["frames"][:-1]
    assert not ann_hole & cards_in(before_showdown), "no hole card for someone not dealt in"
    assert not ann_hole & cards_in(history["events"][:-1])
    # Ann's cards were shown at the showdown, so they are public
    assert ann_hole <= cards_in(history["frames"][-1]["players"])
    state = t.state_for(0, turn_left=None)
    assert state["hand"]["hole"] == []  # Mallory waits for deal 3
    assert state["hand"]["legal"] == []


def test_folded_hands_stay_hidden_in_history() -> None:
    t = seated()
    t.apply({"kind": "deal"})
    folder = t.game.engine.actor
    assert folder is not None
    t.apply({"kind": "act", "seat": folder, "action": "bet"})
    nxt = t.game.engine.actor
    assert nxt is not None
    t.apply({"kind": "act", "seat": nxt, "action": "fold"})
    folded_hole = hole(t, nxt)
    watcher_history = cards_in(t.history_for(None, 1)) if not t.in_hand else set()
    assert not folded_hole & cards_in(t.state_for(None, turn_left=None))
    assert not folded_hole & watcher_history


def test_a_player_who_does_not_act_is_checked_or_folded_then_sat_out_then_removed() -> None:
    t = seated(turn_seconds=20)
    t.apply({"kind": "deal"})
    while t.game.engine.actor != 0:
        seat = t.game.engine.actor
        assert seat is not None
        kinds = {a.kind for a in legal_actions(t, seat)}
        t.apply({"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"})
    wait = t.next_auto(connected={0, 2}, idle=5.0, bot_delay=1, deal_delay=1)
    assert wait is not None and wait.delay == pytest.approx(15.0)
    assert wait.command is not None and wait.command["why"] == "timeout"
    assert wait.command["action"] in ("check", "fold")
    t.apply(wait.command)
    # connected and a first miss: still seated; away (no connection): sat out
    assert t.after_timeout(0, connected=True) is None
    sit_out = t.after_timeout(0, connected=False)
    assert sit_out == {"kind": "sitout", "seat": 0, "why": "timeout"}
    t.apply(sit_out)
    assert t.state_for(0, turn_left=None)["you"]["sat_out"]
    for _ in range(AWAY_DEALS):
        while t.in_hand:
            plan = t.next_auto(connected={2}, idle=100.0, bot_delay=0, deal_delay=0)
            assert plan is not None
            if plan.command is None:  # the bot's turn
                assert plan.bot_seat is not None
                seat = plan.bot_seat
                kinds = {a.kind for a in legal_actions(t, seat)}
                plan_cmd = {
                    "kind": "act",
                    "seat": seat,
                    "action": "check" if "check" in kinds else "call",
                }
                t.apply(plan_cmd)
            else:
                t.apply(plan.command)
        assert 0 not in (
            t.game.engine.hand.seats if t.game.engine.hand and t.hand_number > 1 else ()
        )
        t.apply({"kind": "deal"})
        assert 0 not in t.game.engine.hand.seats  # type: ignore[union-attr]
    while t.in_hand:
        seat = t.game.engine.actor
        assert seat is not None
        kinds = {a.kind for a in legal_actions(t, seat)}
        t.apply({"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"})
    removal = t.next_auto(connected={2}, idle=100.0, bot_delay=0, deal_delay=0)
    assert removal is not None and removal.command == {"kind": "unseat", "seat": 0, "why": "away"}
    chips_before = t.chips()
    t.apply(removal.command)
    assert t.seats[0] is None
    assert chips_before - t.chips() > 0  # his chips left with him


def test_a_player_leaving_mid_hand_is_folded_at_once_if_it_is_his_turn() -> None:
    t = seated(edition=2)  # tables with a ledger (edition 1 folded him at his turn)
    t.apply({"kind": "deal"})
    actor = t.game.engine.actor
    assert actor is not None and actor != 1
    t.apply({"kind": "unseat", "seat": actor})
    hand = t.game.engine.hand
    assert hand is not None and hand.deal.folded[hand.player_index(actor)]
    assert t.game.engine.actor != actor


def test_bots_never_play_alone_and_tables_wait_for_two() -> None:
    t = new_table()
    t.apply({"kind": "bot", "seat": 0, "bot": "calling"})
    t.apply({"kind": "bot", "seat": 1, "bot": "random"})
    assert not t.can_deal()
    assert t.next_auto(connected=set(), idle=99, bot_delay=0, deal_delay=0) is None
    t.apply({"kind": "sit", "seat": 2, "name": "Ann", "token_hash": "a" * 64})
    plan = t.next_auto(connected={2}, idle=0.5, bot_delay=0, deal_delay=2)
    assert plan is not None and plan.command == {"kind": "deal"} and plan.delay == 1.5


def test_the_leak_checker_finds_cards_in_every_notation() -> None:
    msg = {"hole": "S Td", "text": "straight T♠-9♥ and 10c", "table": [None, "R"], "name": "Ace"}
    assert cards_in(msg) == {Card("S"), Card("Td"), Card("Ts"), Card("9h"), Card("Tc"), Card("R")}


def test_the_leak_checker_does_not_read_cards_in_tokens_and_table_ids() -> None:
    # URL-safe base64 ids happen to hold "_Kd-" about once in a thousand; that is no card.
    msg = {"type": "seated", "table": "x_Kd-9sQ", "token": "Ah_tT9-5s", "url": "/t/ab-2c_z"}
    assert cards_in(msg) == set()
    assert cards_in({"text": "Ann shows Kd, 5s."}) == {Card("Kd"), Card("5s")}


def check_down(t: WebTable) -> None:
    while t.in_hand:
        seat = t.game.engine.actor
        assert seat is not None
        kinds = {a.kind for a in legal_actions(t, seat)}
        t.apply({"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"})


def test_a_player_sat_out_keeps_his_chips_and_comes_back() -> None:
    t = seated(stack=80)
    t.apply({"kind": "deal"})
    check_down(t)
    chips = t.game.engine.live_stacks()[2]
    t.apply({"kind": "sitout", "seat": 2})  # between deals: he stands up at once
    assert 2 not in t.game.engine.live_stacks()
    assert t.state_for(None, turn_left=None)["seats"][2] == {
        "seat": 2,
        "name": "Bob",
        "bot": None,
        "status": "sat out",
        "chips": chips,
        "player": 3,
        "host": False,
    }
    t.apply({"kind": "deal"})
    assert 2 not in t.game.engine.hand.seats  # type: ignore[union-attr]
    check_down(t)
    t.apply({"kind": "back", "seat": 2})
    t.apply({"kind": "deal"})
    assert 2 in t.game.engine.hand.seats  # type: ignore[union-attr]
    assert t.chips() == 3 * 80


def test_a_seat_sat_out_by_the_timer_says_why_until_he_is_back() -> None:
    t = seated(stack=80)
    t.apply({"kind": "sitout", "seat": 2, "why": "timeout", "at": 1000.0})
    seat = t.state_for(None, turn_left=None)["seats"][2]
    assert (seat["status"], seat["away_at"], seat["away_why"]) == ("sat out", 1000.0, "timeout")
    t.apply({"kind": "back", "seat": 2})
    assert "away_why" not in t.state_for(None, turn_left=None)["seats"][2]
    t.apply({"kind": "sitout", "seat": 2, "why": "asked", "at": 1000.0})  # himself: no why
    assert "away_why" not in t.state_for(None, turn_left=None)["seats"][2]


def test_an_away_seat_is_kept_the_hosts_minutes_however_many_deals_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 22: a player sat out while away was unseated after three deals, within a
    # minute at a short-handed table; his seat is kept the host's away_minutes instead.
    now = 10_000.0
    monkeypatch.setattr("straights.web.tables.time.time", lambda: now)
    t = seated(stack=80)
    t.apply({"kind": "sitout", "seat": 2, "why": "timeout", "at": now})
    for _ in range(AWAY_DEALS + 2):  # Ann and the bot deal on without him
        t.apply({"kind": "deal"})
        check_down(t)
    wait = t.next_auto(connected={0}, idle=0.0, bot_delay=0, deal_delay=0)
    unseat = {"kind": "unseat", "seat": 2, "why": "away"}
    kept = t.away_unseat(lambda s, m: False)  # the default ten minutes, not yet begun to run
    assert t.seats[2] is not None and kept is not None and kept.command == unseat
    assert kept.delay == pytest.approx(600.0)
    assert wait is not None and wait.command is not None and wait.command["kind"] == "deal"
    t.apply({"kind": "change", "away_minutes": 2})  # the host's time, at once
    now += 119.0
    later = t.away_unseat(lambda s, m: False)
    assert later is not None and later.command == unseat and later.delay == pytest.approx(1.0)
    now += 1.0
    gone = t.away_unseat(lambda s, m: False)
    assert gone is not None and gone.command == unseat and gone.delay == 0
    due = t.next_auto(connected={0}, idle=0.0, bot_delay=0, deal_delay=0)
    assert due is not None and due.command == unseat


def test_a_broken_bot_cannot_stall_a_table() -> None:
    import asyncio

    from straights.store import Store
    from straights.web.manager import LiveTable, TableManager

    class Broken:
        def act(self, view: Any) -> Any:
            raise RuntimeError("bot bug")

    async def scenario() -> WebTable:
        store = Store("sqlite://")
        manager = TableManager(store, bot_delay=0, deal_delay=0)
        t = seated()
        row = store.create_table("web", t.game.config, seed=t.seed, key=t.id, host_hash=t.host_hash)
        manager.row_ids[t.id] = row.id
        live = LiveTable(t)
        live.bots[1] = (t.seats[1].owner, Broken())  # type: ignore[union-attr]
        await manager.run(live, {"kind": "deal"})
        for _ in range(40):  # people check or call; the broken bot is checked or folded
            actor = t.game.engine.actor
            if actor is None:
                break
            if actor == 1:
                await manager._step(live)
            else:
                kinds = {a.kind for a in legal_actions(t, actor)}
                action = "check" if "check" in kinds else "call"
                await manager.run(live, {"kind": "act", "seat": actor, "action": action})
        store.close()
        return t

    t = asyncio.run(scenario())
    assert not t.in_hand, "the deal finished despite the bot"


@pytest.mark.parametrize(
    ("settings", "command", "line"),
    [
        ({}, {"kind": "wager", "seat": 0, "chips": 20},
         "Straights has no wagers: the stakes are the table's"),
        ({}, {"kind": "set", "seat": 0, "front": None},
         "this table deals Straights: there are no hands to set"),
        ({}, {"kind": "choose", "seat": 0, "game": "razz"},
         "this table deals one game: there is nothing to choose"),
        ({"games": ("FR",)}, {"kind": "wager", "seat": 0, "chips": 20},
         "poker has no wagers: the stakes are the table's"),
        ({"games": ("FR",)}, {"kind": "set", "seat": 0, "front": None},
         "this table deals poker: there are no hands to set"),
        ({"game": "pai-gow"}, {"kind": "act", "seat": 0, "action": "check"},
         "Pai Gow has no betting rounds: set your two hands"),
        ({"game": "pai-gow"}, {"kind": "choose", "seat": 0, "game": "razz"},
         "this table deals Pai Gow: there is no game to choose"),
        ({"game": "pai-gow"}, {"kind": "forfeit", "seat": 0},
         "in Pai Gow a player who leaves plays his hands the house way"),
    ],
)  # fmt: skip
def test_a_command_another_game_has_is_refused_by_the_game_in_one_line(
    settings: dict[str, Any], command: dict[str, Any], line: str
) -> None:
    t = new_table(seats=3, **settings)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    before = (t.seq, t.state_for(0, turn_left=None))
    with pytest.raises(IllegalActionError) as refused:
        t.apply(command)
    assert str(refused.value) == line
    assert (t.seq, t.state_for(0, turn_left=None)) == before


def test_the_game_hook_is_chosen_by_the_settings() -> None:
    kinds = {
        type(new_table(**s).game).__name__
        for s in ({}, {"pack": 52}, {"games": ("FR",)}, {"games": ("_STR55L",)},
                  {"game": "pai-gow"})
    }  # fmt: skip
    assert kinds == {"PokerWebGame", "PaiGowWebGame"}  # Straights is a game of the catalogue
    assert type(new_table(games=("_STR55L",)).game).__name__ == "PokerWebGame"


@pytest.mark.parametrize(
    ("game", "refused"),
    [
        ("straights", {"betting": "no-limit", "games": ["NT"]}),  # refused by the hook
        ("straights", {"house_way": "simple"}),
        ("pai-gow", {"straddle": "utg"}),
    ],
)
def test_a_change_the_game_refuses_changes_nothing(game: str, refused: dict[str, Any]) -> None:
    t = WebTable("t", TableSettings(seats=2, game=game), 1, "h" * 64)
    with pytest.raises(IllegalActionError):
        t.apply({"kind": "change", "away_minutes": 30, "time_bank": 20, **refused})
    assert (t.settings.away_minutes, t.settings.time_bank, t.seq) == (10, 0, 0)
    t.apply({"kind": "change", "away_minutes": 30})  # the table's own, alone: at once
    assert t.settings.away_minutes == 30
