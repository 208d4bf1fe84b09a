"""Variant and dealer's-choice web tables without a server: commands, replay, hidden cards."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from straights.bots import make_bot
from straights.bots.base import answer
from straights.errors import IllegalActionError
from straights.web.manager import make_table
from straights.web.protocol import ProtocolError, TableSettings, parse_settings
from straights.web.tables import WebTable

HUMAN = "a" * 64


def new_table(seed: int = 987654321, **settings: Any) -> WebTable:
    raw = json.dumps(settings).encode()
    table = make_table("tbl1", parse_settings(raw), seed, "h" * 64)
    assert table.game.hands is not None and type(table.game).__name__ == "PokerWebGame"
    return table


def seated(seed: int = 987654321, **settings: Any) -> WebTable:
    """Ann (a person) in seat 0, bots in seats 1 and 2."""
    t = new_table(seed, **settings)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": HUMAN})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    t.apply({"kind": "bot", "seat": 2, "bot": "random"})
    return t


def step(t: WebTable, rng: random.Random) -> dict[str, Any] | None:
    """The next command as the server would make it: the table's own plan (deal, a
    default choice), a random bot's move for every seat (the person included)."""
    plan = t.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
    if plan is None:
        return None
    if plan.command is not None and plan.command["kind"] != "act":
        return plan.command
    seat = t.game.engine.actor
    assert seat is not None
    bot = make_bot("random", rng)
    return t.game.move_command(seat, answer(bot, t.game.bot_view(seat)))  # type: ignore[attr-defined]


def run(t: WebTable, commands: int, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    done = []
    for _ in range(commands):
        command = step(t, rng)
        if command is None:
            break
        t.apply(command)
        done.append(command)
    return done


SIT = [
    {"kind": "sit", "seat": 0, "name": "Ann", "token_hash": HUMAN},
    {"kind": "bot", "seat": 1, "bot": "calling"},
    {"kind": "bot", "seat": 2, "bot": "random"},
]


@pytest.mark.parametrize("game", ["omaha-hi-lo", "seven-card-stud", "five-card-draw",
                                  "mexican-stud", "straights", "razz", "badugi"])  # fmt: skip
def test_one_game_table_deals_its_game_and_replays_identically(game: str) -> None:
    t = seated(games=[game], stack=200)
    commands = SIT + run(t, 150)
    assert t.hand_number >= 2
    hand = t.game.engine.hand
    assert hand is not None and hand.variant.code == t.settings.games[0]
    again = new_table(games=[game], stack=200)
    replayed = [again.apply(c) for c in commands]
    # the events a command makes are stored as JSON and compared on every replay
    assert replayed == json.loads(json.dumps(replayed))
    for seat in (None, 0, 1, 2):
        assert again.state_for(seat, turn_left=None) == t.state_for(seat, turn_left=None)
    assert again.chips() == t.chips() == again.bank() == 600


def test_dealers_choice_rotates_the_list_and_replays() -> None:
    t = seated(dealers_choice=True, games=["holdem", "stud", "draw", "straights"], stack=300)
    commands = SIT + run(t, 400)
    games = [h.variant.code for _, h in sorted(t.game.hands.items())]
    assert len(games) >= 5
    # Nobody chose by hand: each default is the game after the last one dealt.
    assert games[:5] == ["NT", "F7S", "_F5CD", "_STR55L", "NT"]
    chooses = [c for c in commands if c["kind"] == "choose"]
    assert len(chooses) == len(games)
    again = new_table(dealers_choice=True, games=["holdem", "stud", "draw", "straights"], stack=300)
    for c in commands:
        again.apply(c)
    assert again.state_for(0, turn_left=None) == t.state_for(0, turn_left=None)


def test_the_button_chooses_and_only_he() -> None:
    t = seated(dealers_choice=True, games=["holdem", "razz"])
    chooser = t.game.chooser()
    assert chooser == 0  # the first deal's button is the lowest seat ready
    with pytest.raises(IllegalActionError, match="deals next and chooses"):
        t.apply({"kind": "choose", "seat": 1, "game": "razz"})
    with pytest.raises(IllegalActionError, match="not played here"):
        t.apply({"kind": "choose", "seat": 0, "game": "badugi"})
    with pytest.raises(IllegalActionError, match="not chosen"):
        t.apply({"kind": "deal"})
    t.apply({"kind": "choose", "seat": 0, "game": "razz"})
    state = t.state_for(0, turn_left=None)
    assert state["choice"]["chosen"] == "FR"
    t.apply({"kind": "deal"})
    hand = t.game.engine.hand
    assert hand is not None and hand.variant.code == "FR" and hand.button == 0
    assert t.state_for(None, turn_left=None)["table"]["game"] == "Fixed-limit razz"
    assert t.state_for(None, turn_left=None)["follow"]["log"][0] == "Deal 1: Fixed-limit razz"


def test_a_person_who_does_not_choose_gets_the_default_when_time_runs_out() -> None:
    t = seated(dealers_choice=True, games=["holdem", "razz"], turn_seconds=20)
    plan = t.next_auto(connected={0}, idle=5, bot_delay=0, deal_delay=0)
    assert plan is not None and plan.delay == 15
    assert plan.command == {"kind": "choose", "seat": 0, "game": "NT", "why": "timeout"}


def test_nothing_hidden_leaks_in_stud() -> None:
    t = seated(games=["seven-card-stud"], stack=500)
    t.apply({"kind": "deal"})
    hand = t.game.engine.hand
    assert hand is not None
    deal = hand.deal
    for seat in (None, 0, 1, 2):
        state = t.state_for(seat, turn_left=None)
        text = json.dumps(state)
        for other in range(3):
            if other == seat:
                continue
            i = hand.player_index(other)
            assert i is not None
            for card, up in zip(deal.holes[i], deal.up[i], strict=True):
                assert card is not None
                # A down card of another seat never reaches this viewer, in any field.
                assert (card.ascii() in text) == up or up
                if not up:
                    assert f'"{card.ascii()}"' not in text and str(card) not in text
    mine = t.state_for(0, turn_left=None)["hand"]
    i0 = hand.player_index(0)
    assert i0 is not None
    assert mine["hole"] == [c.ascii() for c in deal.holes[i0] if c is not None]
    assert mine["hole_up"] == [False, False, True]


def test_nothing_hidden_leaks_in_draw_history() -> None:
    t = seated(games=["five-card-draw"], stack=500)
    commands = run(t, 400, seed=3)
    assert commands
    for number, hand in t.game.hands.items():
        if not hand.finished:
            continue
        deal = hand.deal
        shown = {e.player for e in deal.log if e.kind == "show"}
        for seat in (None, 0, 1, 2):
            text = json.dumps(t.history_for(seat, number))
            for other in range(3):
                i = hand.player_index(other)
                if other == seat or i is None:
                    continue
                if i in shown:
                    continue
                dealt = [c for e in deal.log if e.kind == "hole" and e.player == i
                         for c in e.cards if c is not None]  # fmt: skip
                for card in dealt:
                    assert str(card) not in text and f'"{card.ascii()}"' not in text


def test_a_draw_by_cards_and_stand_pat() -> None:
    t = seated(games=["five-card-draw"], stack=500)
    t.apply({"kind": "deal"})
    hand = t.game.engine.hand
    assert hand is not None
    rng = random.Random(2)
    while hand.deal.phase != "draw":
        seat = t.game.engine.actor
        assert seat is not None
        legal = {a.kind for a in t.game.bot_view(seat).legal}
        t.apply({"kind": "act", "seat": seat, "action": "check" if "check" in legal else "call"})
    seat = t.game.engine.actor
    assert seat is not None
    state = t.state_for(seat, turn_left=None)["hand"]
    assert state["draw_limit"] == 5 and state["phase"] == "draw"
    with pytest.raises(IllegalActionError, match="cannot discard"):
        other = next(c for c in ("2c", "3d", "4h", "5s", "6c", "7d") if c not in state["hole"])
        t.apply({"kind": "act", "seat": seat, "action": "discard", "cards": [other]})
    t.apply({"kind": "act", "seat": seat, "action": "discard", "cards": state["hole"][:2]})
    i = hand.player_index(seat)
    nxt = t.game.engine.actor
    assert nxt is not None and nxt != seat
    # His replacements came at once, while the next player still draws: five cards, and
    # the two thrown are gone; the next player sees only their backs.
    mine = t.state_for(seat, turn_left=None)["hand"]
    assert hand.deal.phase == "draw" and i is not None and len(hand.deal.holes[i]) == 5
    assert len(mine["hole"]) == 5 and not set(state["hole"][:2]) & set(mine["hole"])
    theirs = t.state_for(nxt, turn_left=None)["hand"]["players"]
    assert next(p["cards"] for p in theirs if p["seat"] == seat) == [None] * 5
    t.apply({"kind": "act", "seat": nxt, "action": "discard", "cards": []})
    assert "stands pat" in " ".join(t.state_for(None, turn_left=None)["follow"]["log"])
    del rng


def test_high_low_results_name_both_hands() -> None:
    for seed in range(1, 80):
        t = seated(seed, games=["omaha-hi-lo"], stack=500)
        t.apply({"kind": "deal"})
        hand = t.game.engine.hand
        assert hand is not None
        while not hand.finished:
            seat = t.game.engine.actor
            assert seat is not None
            legal = {a.kind for a in t.game.bot_view(seat).legal}
            t.apply(
                {"kind": "act", "seat": seat, "action": "check" if "check" in legal else "call"}
            )
        results = t.state_for(None, turn_left=None)["hand"]["results"]
        paid = {p["seat"] for p in t.state_for(None, turn_left=None)["hand"]["players"]
                if p["won"]}  # fmt: skip
        if len(paid) > 1 and any("low: nobody" not in r for r in results):
            # e.g. "The pot of 6 — high: Bot 2 with …; low: Ann with … — split: Ann 3, Bot 2 3"
            assert re.search(
                r"high: .+ with .+; low: .+ with .+ — split: .+ \d+, .+ \d+", results[0]
            )
            return
    pytest.fail("no split pot in 80 deals")  # pragma: no cover


def test_settings_are_checked() -> None:
    with pytest.raises(ProtocolError, match="at most 8 players"):
        parse_settings(b'{"games": ["stud"], "seats": 9}')
    with pytest.raises(ProtocolError, match="choose one, or dealer"):
        parse_settings(b'{"games": ["stud", "razz"]}')
    with pytest.raises(ProtocolError, match="cfr"):
        parse_settings(b'{"games": ["stud"], "bot_kind": "cfr"}')
    mix = parse_settings(b'{"dealers_choice": true}').games
    assert len(mix) >= 4
    # The create form's Straights: the catalogue's Straights of its pack and betting.
    assert parse_settings(b"{}").games == ("_STR55L",)
    assert parse_settings(b'{"pack": 52, "betting": "no-limit"}').games == ("_STR52N",)
    assert parse_settings(b'{"bot_kind": "cfr"}').bot_kind == "cfr"  # cfr plays Straights


def test_a_new_straights_table_deals_at_the_one_table() -> None:
    table = make_table("tbl2", parse_settings(b"{}"), 5, "h" * 64)
    assert type(table.game).__name__ == "PokerWebGame"


def test_a_straights_table_named_by_its_pack_and_betting_deals_at_the_one_table() -> None:
    table = make_table("tbl2", TableSettings(edition=3, pack=52), 5, "h" * 64)
    assert type(table.game).__name__ == "PokerWebGame" and table.settings.games == ("_STR52L",)


def test_leaving_mid_deal_forfeits_and_chips_balance() -> None:
    t = seated(games=["holdem"], stack=100)
    t.apply({"kind": "deal"})
    t.apply({"kind": "unseat", "seat": 0})
    run(t, 50)
    assert t.seats[0] is None
    assert t.chips() == t.bank()


@pytest.mark.parametrize("game", ["triple-draw-2-7", "mexican-stud", "straights", "omaha-hi-lo"])
def test_the_history_deals_each_deal_again_to_its_end(game: str) -> None:
    t = seated(games=[game], stack=300)
    run(t, 300, seed=5)
    ended = [n for n, hand in t.game.hands.items() if hand.finished]
    assert len(ended) >= 3
    for n in ended:
        hand = t.game.hands[n]
        for seat in (None, 0, 1):
            history = t.history_for(seat, n)
            live = t.game.hand_data(hand, hand.player_index(t.owner_in_deal(seat, n)))
            del live["log"]
            assert history["frames"][-1] == live  # the replay ends where the deal ended
            assert len(history["frames"]) == len(history["events"])
            if game == "straights":  # a step per card dealt too (test_web_straights)
                assert len(history["events"]) > len(hand.moves) + 1
            else:
                assert len(history["events"]) == len(hand.moves) + 1
            assert history["events"][0]["text"].startswith(f"Deal {n}: ")
