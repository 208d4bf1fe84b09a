"""The betting people expect at a web poker table, without a server: straddles, running
it twice, bomb pots and the time bank as table settings; bet shortcuts in the state."""

from __future__ import annotations

import json
from typing import Any

import pytest

from straights.bots import make_bot
from straights.errors import IllegalActionError
from straights.web.manager import make_table
from straights.web.protocol import ProtocolError, parse_settings
from straights.web.tables import WebTable

ANN, BOB, CY = ("a" * 64, "b" * 64, "c" * 64)


def table(people: int = 2, seed: int = 5, **settings: Any) -> WebTable:
    """People Ann, Bob, Cy in the first seats of a no-limit hold'em table."""
    raw = json.dumps({"games": ["NT"], "seats": 6} | settings).encode()
    t = make_table("tbl1", parse_settings(raw), seed, "h" * 64)
    for seat, (name, token) in enumerate(zip(["Ann", "Bob", "Cy"], [ANN, BOB, CY], strict=True)):
        if seat < people:
            t.apply({"kind": "sit", "seat": seat, "name": name, "token_hash": token})
    return t


def state(t: WebTable, seat: int | None) -> dict[str, Any]:
    return t.state_for(seat, turn_left=None)


def act(t: WebTable, action: str, to: int | None = None, **more: Any) -> None:
    seat = t.game.engine.actor  # type: ignore[attr-defined]
    t.apply({"kind": "act", "seat": seat, "action": action, "to": to} | more)


def test_a_straddle_is_posted_under_the_gun_and_shown() -> None:
    t = table(3, straddle="utg")
    t.apply({"kind": "bot", "seat": 3, "bot": "calling"})
    t.apply({"kind": "deal"})
    hand = state(t, 0)["hand"]
    # Seats 0..3, the first button is seat 0: blinds 1 (seat 1), 2 (seat 2), straddle 4 (seat 3).
    assert {p["seat"]: p["committed"] for p in hand["players"]} == {1: 1, 2: 2, 3: 4, 0: 0}
    assert hand["straddle"] == 3
    assert hand["actor"] == 0  # the button acts first after a straddle under the gun
    assert t.game.engine.hand.deal.stakes.blinds == (1, 2, 4, 0)  # type: ignore[attr-defined]


def all_in_heads_up(t: WebTable) -> None:
    t.apply({"kind": "deal"})
    act(t, "raise", 100)
    act(t, "call")


def test_running_it_twice_when_both_agree() -> None:
    t = table(2, runs=2, stack=100)
    all_in_heads_up(t)
    first = t.game.engine.actor  # type: ignore[attr-defined]
    assert state(t, first)["hand"]["runs"] == [1, 2]
    assert state(t, 1 - first)["hand"]["runs"] == []  # not his turn to say yet
    act(t, "runs", 2)
    act(t, "runs", 2)
    deal = t.game.engine.hand.deal  # type: ignore[attr-defined]
    assert deal.finished and deal.runs == 2 and len(deal.boards) == 2
    assert t.chips() == 200


def test_one_refusal_runs_it_once() -> None:
    t = table(2, runs=2, stack=100)
    all_in_heads_up(t)
    act(t, "runs", 2)
    act(t, "runs", 1)
    deal = t.game.engine.hand.deal  # type: ignore[attr-defined]
    assert deal.finished and deal.runs == 1


def test_the_turn_timer_answers_once() -> None:
    t = table(2, runs=2, stack=100)
    all_in_heads_up(t)
    seat = t.game.engine.actor  # type: ignore[attr-defined]
    command = t.game.fallback(seat, "timeout")
    assert (command["action"], command["to"]) == ("runs", 1)
    t.apply(command)
    act(t, "runs", 2)
    assert t.game.engine.hand.deal.runs == 1  # type: ignore[attr-defined]


def test_bots_answer_how_many_runs() -> None:
    t = table(1, runs=2, stack=100)
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    t.apply({"kind": "deal"})
    if t.game.engine.actor == 1:  # type: ignore[attr-defined]
        act(t, "call")
    act(t, "raise", 100)  # Ann all in; the calling bot calls, then is asked first or second
    act(t, "call")
    if t.game.engine.actor == 0:  # type: ignore[attr-defined]
        act(t, "runs", 2)
    bot = t.game.bot_move(1, lambda: make_bot("calling"))()  # type: ignore[attr-defined]
    assert (bot["action"], bot["to"]) == ("runs", 2)  # the bots agree to the most runs


def test_a_bomb_pot_has_no_betting_before_the_flop() -> None:
    t = table(3, bomb_pot_every=2, bomb_pot_ante=5, stack=100)
    t.apply({"kind": "deal"})
    assert state(t, 0)["hand"]["bomb_pot"] is False
    while t.in_hand:  # everyone checks, or folds to a bet
        kinds = [a["kind"] for a in state(t, t.game.engine.actor)["hand"]["legal"]]  # type: ignore[attr-defined]
        act(t, "check" if "check" in kinds else "fold")
    t.apply({"kind": "deal"})
    hand = state(t, 0)["hand"]
    assert hand["bomb_pot"] is True
    assert hand["street"] == "flop" and len([c for c in hand["board"] if c]) == 3
    assert hand["pot"] == 15 and all(p["committed"] == 0 for p in hand["players"])


def test_double_board_bomb_pot_deals_two_boards() -> None:
    t = table(3, bomb_pot_every=1, double_board=True)
    t.apply({"kind": "deal"})
    hand = state(t, 0)["hand"]
    assert len([c for c in hand["second_board"] if c]) == 3


def test_the_host_changes_the_betting_between_deals() -> None:
    t = table(3)
    t.apply({"kind": "change", "straddle": "button", "runs": 2, "bomb_pot_every": 3})
    house = t.game.engine.game.house  # type: ignore[attr-defined]
    assert (house.straddle, house.runs, house.bomb_pot_every) == ("button", 2, 3)
    assert t.game.public_settings()["straddle"] == "button"
    t.apply({"kind": "change", "straddle": "none", "runs": 1, "bomb_pot_every": 0})
    assert t.game.engine.game.house is None  # type: ignore[attr-defined]


def test_betting_settings_are_refused_where_they_are_not_dealt() -> None:
    with pytest.raises(ProtocolError, match="poker tables of the catalogue"):
        parse_settings(b'{"straddle": "utg"}')
    t = make_table("tbl2", parse_settings(b"{}"), 1, "h" * 64)  # Straights
    with pytest.raises(IllegalActionError, match="blinds and a board: Straights has neither"):
        t.apply({"kind": "change", "runs": 2})
    # … and not offered: the host's panel draws these settings only where the state has them.
    shown = state(t, None)["table"]
    assert not {"straddle", "runs", "bomb_pot_every", "double_board"} & set(shown), shown
    assert state(table(1), None)["table"]["straddle"] is None  # hold'em: offered, off


def test_shortcuts_come_from_the_legal_range() -> None:
    t = table(2, stack=100)
    t.apply({"kind": "deal"})
    # Heads-up the button (seat 0) posts the small blind 1 and acts first, facing 2.
    legal = {a["kind"]: a for a in state(t, 0)["hand"]["legal"]}
    raise_ = legal["raise"]
    assert (raise_["low"], raise_["high"]) == (4, 100)
    # Pot: call 1 to 2, then raise the pot of 4: to 6 (equal to 3×, so shown once).
    assert [(s["label"], s["to"]) for s in raise_["shortcuts"]] == [
        ("Min", 4),
        ("3×", 6),
        ("All-in", 100),
    ]
    assert state(t, 1)["hand"]["facing"] == 0 and state(t, 0)["hand"]["facing"] == 1


def test_the_time_bank_is_drawn_on_and_replays() -> None:
    t = table(2, turn_seconds=20, time_bank=30)
    commands: list[dict[str, Any]] = [{"kind": "deal"}]
    t.apply(commands[0])
    seat = t.game.engine.actor  # type: ignore[attr-defined]
    assert t.person_wait(seat, {0, 1}) == 50.0
    assert t.turn(seat, 42.0) == {"seat": seat, "seconds_left": 42.0, "limit": 20, "bank": 30.0}
    commands.append({"kind": "act", "seat": seat, "action": "call", "to": None, "bank": 12.5})
    t.apply(commands[-1])
    assert t.bank_left(seat) == 17.5
    other = t.game.engine.actor  # type: ignore[attr-defined]
    commands.append(t.game.fallback(other, "timeout"))
    t.apply(commands[-1])
    assert t.bank_left(other) == 0.0 and t.person_wait(other, {0, 1}) == 20.0
    again = table(2, turn_seconds=20, time_bank=30)
    for c in commands:
        again.apply(c)
    assert again.bank_used == t.bank_used


def test_the_history_deals_a_bomb_pot_and_two_runs_again() -> None:
    t = table(2, runs=2, bomb_pot_every=1, stack=100)
    t.apply({"kind": "deal"})
    act(t, "bet", 96)  # everyone antes 4, the flop is out: a bet all in and a call
    act(t, "call")
    act(t, "runs", 2)
    act(t, "runs", 2)
    history = t.history_for(0, 1)
    last = history["frames"][-1]
    assert last["finished"] and last["runs_dealt"] == 2 and last["bomb_pot"]
    assert last["results"] == state(t, 0)["hand"]["results"]


def test_a_player_who_mucks_beaten_hands_is_not_shown() -> None:
    t = table(3, seed=11, stack=100)
    t.apply({"kind": "muck", "seat": 2, "on": True})
    assert state(t, 2)["you"]["muck"] and not state(t, 1)["you"]["muck"]
    shown = []
    for _ in range(12):
        t.apply({"kind": "deal"})
        while t.in_hand:
            kinds = [a["kind"] for a in state(t, t.game.engine.actor)["hand"]["legal"]]  # type: ignore[attr-defined]
            act(t, "check" if "check" in kinds else "call")
        hand = t.game.engine.hand  # type: ignore[attr-defined]
        cy = hand.player_index(2)
        log = hand.deal.log
        shown.append([e.kind for e in log if e.kind in ("show", "muck") and e.player == cy])
        assert all(e.player == cy for e in log if e.kind == "muck")  # the others show
    assert ["muck"] in shown and ["show"] in shown  # beaten hands mucked, others shown


def test_a_person_who_asks_is_asked_to_show_or_muck_and_the_timer_mucks() -> None:
    t = table(3, seed=11, stack=100)
    t.apply({"kind": "muck", "seat": 2, "on": True, "ask": True})
    you = state(t, 2)["you"]
    assert you["ask_muck"] and not you["muck"] and not state(t, 1)["you"]["ask_muck"]
    asked = []
    for _ in range(12):
        t.apply({"kind": "deal"})
        while t.in_hand:
            seat = t.game.engine.actor  # type: ignore[attr-defined]
            h = state(t, seat)["hand"]
            if h["show_or_muck"]:  # only Cy is ever asked, and never shown as asked to others
                assert seat == 2 and h["legal"] == [] and h["phase"] == "muck"
                assert not any(state(t, other)["hand"]["show_or_muck"] for other in (None, 0, 1))
                fallback = t.game.fallback(seat, "timeout")  # type: ignore[attr-defined]
                assert fallback["action"] == "muck"
                t.apply(fallback)
                asked.append(t.game.engine.hand.number)  # type: ignore[attr-defined]
                continue
            kinds = [a["kind"] for a in h["legal"]]
            act(t, "check" if "check" in kinds else "call")
        hand = t.game.engine.hand  # type: ignore[attr-defined]
        cy = hand.player_index(2)
        if hand.number in asked:
            assert [e.kind for e in hand.deal.log if e.player == cy][-1] == "muck"
            cards = {c.ascii() for c in hand.deal.holes[cy]}
            for seat in (None, 0, 1):  # his mucked cards reach nobody, now or in the history
                text = json.dumps([state(t, seat), t.history_for(seat, hand.number)])
                assert not any(f'"{c}"' in text for c in cards), (seat, cards)
    assert asked  # a hand beaten by a shown one came up in twelve deals


def test_the_winner_of_an_uncontested_pot_is_asked_whether_to_show() -> None:
    t = table(2, stack=100)
    t.apply({"kind": "muck", "seat": 0, "on": True, "ask": True})
    t.apply({"kind": "muck", "seat": 1, "on": True, "ask": True})
    t.apply({"kind": "deal"})
    folder = t.game.engine.actor  # type: ignore[attr-defined]
    act(t, "fold")
    winner = t.game.engine.actor  # type: ignore[attr-defined]
    assert winner == 1 - folder and state(t, winner)["hand"]["show_or_muck"]
    assert not state(t, folder)["hand"]["show_or_muck"]
    act(t, "show")
    hand = t.game.engine.hand  # type: ignore[attr-defined]
    assert hand.finished
    mine = [c.ascii() for c in hand.deal.holes[hand.player_index(winner)]]
    seen = next(p for p in state(t, folder)["hand"]["players"] if p["seat"] == winner)
    assert seen["cards"] == mine and seen["shown"] == ""  # no hand to name before the flop
    with pytest.raises(IllegalActionError, match="no deal is being played"):
        t.apply({"kind": "act", "seat": winner, "action": "muck"})
