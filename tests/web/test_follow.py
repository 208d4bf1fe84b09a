"""What helps a player follow the table (issue 11): last actions, the deal's log, the
best hand, the replay frames, the carry-over and the card notation — checked against
the engine's own records and against what each viewer may see."""

from __future__ import annotations

import random
from typing import Any

from test_tables import new_table, play_randomly, seated
from webtools import cards_in

from straights.cards import Card
from straights.game.events import HandEnded, HandStarted
from straights.rankings.straights import evaluate_straights
from straights.web.follow import best_hand, tens


def test_replay_frames_end_on_the_engines_stacks_and_conserve_chips() -> None:
    """Folding the events into frames gives, at every step, chips behind plus the pot
    equal to what the deal started with, and ends on the stacks HandEnded records."""
    t = seated(stack=200, betting="no-limit")
    play_randomly(t, 400, random.Random(11))
    checked = 0
    for number, hand in t.game.hands.items():
        if not hand.finished:
            continue
        for viewer in (None, 0, 2):
            history = t.history_for(viewer, number)
            frames = history["frames"]
            assert len(frames) == len(history["events"])
            start = next(e for e in hand.events if isinstance(e, HandStarted))
            end = next(e for e in hand.events if isinstance(e, HandEnded))
            total = sum(start.stacks) + start.carry
            for f in frames[1:]:
                assert sum(s["stack"] for s in f["seats"].values()) + f["pot"] == total
            last = frames[-1]
            assert [last["seats"][str(s)]["stack"] for s in end.seats] == list(end.stacks)
            assert last["pot"] == end.carry
            # nothing in the frames that this viewer may not see in the history
            allowed = cards_in(history["events"])
            assert cards_in(frames) <= allowed
            checked += 1
    assert checked >= 15


def test_the_replay_never_shows_the_key_card_before_it_is_turned() -> None:
    t = seated(stack=200)
    play_randomly(t, 200, random.Random(3))
    number = next(
        n
        for n, h in t.game.hands.items()
        if h.finished and any(e.type == "key_turned" for e in h.events)
    )
    history = t.history_for(0, number)
    turned_at = next(i for i, e in enumerate(history["events"]) if e["type"] == "key_turned")
    dealt_at = next(i for i, e in enumerate(history["events"]) if e["type"] == "key_dealt")
    for i, frame in enumerate(history["frames"]):
        key = frame["table"][0]
        if i < dealt_at:
            assert key is None
        elif i < turned_at:
            assert key == "down"
        else:
            assert key == history["events"][turned_at]["card"]


def test_each_seat_shows_its_last_action_and_the_log_every_action() -> None:
    t = seated(stack=100)
    t.apply({"kind": "deal"})
    said: list[str] = []
    for _ in range(3):
        seat = t.game.engine.actor
        assert seat is not None
        kinds = {a.kind: a for a in t.game.engine.legal_actions(seat)}
        action = kinds.get("raise") or kinds.get("bet") or kinds["call"]
        t.apply({"kind": "act", "seat": seat, "action": action.kind, "to": action.to})
        said.append(action.kind)
    state = t.state_for(None, turn_left=None)
    last = state["follow"]["last"]
    acts = [e for e in t.game.engine.hand.actions()] if t.game.engine.hand else []
    for a in acts[-2:]:
        word = {"bet": f"bets {a.to}", "raise": f"raises to {a.to}", "call": f"calls {a.amount}"}
        assert last[str(a.seat)].startswith(word[a.kind])
    log = state["follow"]["log"]
    names = {0: "Ann", 1: "Bot 2", 2: "Bob"}
    for a in acts:
        assert any(line.startswith(names[a.seat]) for line in log)
    assert sum(1 for line in log if " antes " in line) == 3
    # the log is public: the same for every viewer, with no hole card in it
    assert t.state_for(0, turn_left=None)["follow"]["log"] == log
    hand = t.game.engine.hand
    assert hand is not None
    holes = {c for s in hand.seats for c in hand.hole(s)}
    assert not cards_in(log) & holes


def test_a_timed_out_check_is_said_so() -> None:
    t = seated(stack=100)
    t.apply({"kind": "deal"})
    seat = t.game.engine.actor
    assert seat is not None
    command = t.fallback(seat, "timeout")
    t.apply(command)
    state = t.state_for(None, turn_left=None)
    assert state["follow"]["last"][str(seat)] in ("checks (timed out)", "folds (timed out)")
    assert state["follow"]["log"][-1].endswith("(timed out).")
    # and a replay of the commands says the same
    again = new_table(stack=100)
    again.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    again.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    again.apply({"kind": "sit", "seat": 2, "name": "Bob", "token_hash": "b" * 64})
    again.apply({"kind": "deal"})
    again.apply(command)
    assert again.state_for(None, turn_left=None)["follow"]["log"] == state["follow"]["log"]


def test_your_best_hand_comes_from_your_view_only() -> None:
    t = seated(stack=300)
    rng = random.Random(8)
    seen = 0
    for _ in range(300):
        play_randomly(t, 1, rng)
        hand = t.game.engine.hand
        if hand is None or hand.finished:
            continue
        for seat in hand.seats:
            view = t.game.view(seat)
            best = t.state_for(seat, turn_left=None)["hand"]["best"]
            assert best == best_hand(view)
            # an independent evaluation with the face-down positions filled by cards
            # nobody holds gives a hand at least as long: the text describes the
            # visible cards only
            assert view.hole is not None
            visible = [c for c in view.table if c is not None]
            assert cards_in(best) <= set(view.hole) | set(visible)
            seen += 1
        assert t.state_for(None, turn_left=None)["hand"]["best"] is None
    assert seen > 50


def test_best_hand_wording() -> None:
    """Worked examples, checked by the rule book's evaluator."""
    from straights.game.view import SeatView

    def view(hole: str, table: list[str | None]) -> SeatView:
        t = new_table()
        base = t.game.view(None)
        cards = tuple(None if c is None else Card(c) for c in table)
        return base._replace(hole=tuple(Card(c) for c in hole.split()), table=cards)

    v = view("9d 6h", [None, "8c", "7h", "2s", None])
    assert best_hand(v) == "4-card straight 9♦–6♥"
    assert evaluate_straights("9d 6h", "8c 7h 2s Kc Qd").length == 4
    assert best_hand(view("Th 9h", [None, "Jh", "2c", "3d", None])) == (
        "3-card straight flush J♥–9♥"
    )
    assert best_hand(view("S 8h", ["T", "R", "2c", None, None])) == "S-T-R-8 with 8♥"
    assert best_hand(view("Kh 2c", [None, "9s", None, None, None])) == "no straight; high card K♥"


def test_showdown_words_write_tens_as_the_cards_do() -> None:
    assert tens("straight T♣-9♦-8♥ (3 cards, top T♣)") == "straight 10♣-9♦-8♥ (3 cards, top 10♣)"
    assert tens("S-T-R-8 with 8♠; T♥") == "S-T-R-8 with 8♠; 10♥"
    t = seated(stack=300)
    play_randomly(t, 600, random.Random(5))
    texts: list[Any] = []
    for number, hand in t.game.hands.items():
        if hand.finished:
            texts.append([e["text"] for e in t.history_for(0, number)["events"]])
    state = t.state_for(0, turn_left=None)
    texts.append(state["hand"]["awards"])
    texts.append(state["hand"]["shown"])
    joined = repr(texts)
    assert "10" in joined
    for suit in "♣♦♥♠":
        assert f"T{suit}" not in joined
