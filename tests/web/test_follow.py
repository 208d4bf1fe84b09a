"""What helps a player follow the table (issue 11), at the one table: the replay frames,
each seat's last action and the deal's log, the best hand, the timer's moves and the
card notation — checked against the engine's own records and against what each viewer
may see."""

from __future__ import annotations

import random

from test_tables import new_table, play_randomly, seated
from webtools import cards_in, legal_actions

from straights.cards import Card
from straights.rankings.straights import evaluate_straights
from straights.web.follow import best_words, tens


def test_replay_frames_conserve_chips_and_show_only_what_the_viewer_may_see() -> None:
    """At every step of a replayed deal, chips behind plus the pot are what the deal
    started with (its stacks and the carried pot), and no frame shows a card its
    viewer may not see."""
    t = seated(stack=200, betting="no-limit")
    play_randomly(t, 400, random.Random(11))
    checked = 0
    for number, hand in t.game.hands.items():  # type: ignore[attr-defined]
        if not hand.finished:
            continue
        total = sum(hand.deal.starting_stacks) + hand.deal.carry_in
        for viewer in (None, 0, 2):
            history = t.history_for(viewer, number)
            frames = history["frames"]
            assert len(frames) == len(history["events"])
            for f in frames:
                assert sum(p["stack"] for p in f["players"]) + f["pot"] == total
            assert [p["stack"] for p in frames[-1]["players"]] == list(hand.deal.stacks)
            me = hand.player_index(t.owner_in_deal(viewer, number))
            mine = set() if me is None else set(hand.deal.holes[me])
            showed = {e.player for e in hand.deal.log if e.kind == "show"}
            shown = {c for i in showed if i is not None for c in hand.deal.holes[i]}
            board = {c for c in hand.deal.board if c is not None}
            assert cards_in(frames) <= mine | shown | board
            checked += 1
    assert checked >= 15


def test_each_seat_shows_its_last_action_and_the_log_every_action() -> None:
    t = seated(stack=100)
    t.apply({"kind": "deal"})
    names = {0: "Ann", 1: "Bot 2", 2: "Bob"}
    acted: list[tuple[int, str]] = []
    for _ in range(3):
        seat = t.game.engine.actor  # type: ignore[attr-defined]
        legal = {a.kind: a for a in legal_actions(t, seat)}
        action = legal.get("raise") or legal.get("bet") or legal["call"]
        t.apply({"kind": "act", "seat": seat, "action": action.kind, "to": action.to})
        acted.append((seat, action.kind))
    state = t.state_for(None, turn_left=None)
    last = state["follow"]["last"]
    verbs = {"bet": "bets ", "raise": "raises to ", "call": "calls "}
    for seat, kind in acted[-2:]:
        assert last[str(seat)].startswith(verbs[kind])
    log = state["hand"]["log"]
    for seat, kind in acted:
        assert any(line.startswith(f"{names[seat]} {verbs[kind].split()[0]}") for line in log)
    # the log a spectator reads has no hole card in it
    hand = t.game.engine.hand  # type: ignore[attr-defined]
    holes = {c for cards in hand.deal.holes for c in cards}
    assert not cards_in(log) & holes


def test_a_timed_out_check_is_said_so() -> None:
    t = seated(stack=100)
    t.apply({"kind": "deal"})
    seat = t.game.engine.actor  # type: ignore[attr-defined]
    command = t.game.fallback(seat, "timeout")
    assert command["action"] in ("check", "fold")
    t.apply(command)
    log = t.state_for(None, turn_left=None)["hand"]["log"]
    assert log[-1].endswith("(time ran out)")
    # and a replay of the commands says the same
    again = new_table(stack=100)
    again.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    again.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    again.apply({"kind": "sit", "seat": 2, "name": "Bob", "token_hash": "b" * 64})
    again.apply({"kind": "deal"})
    again.apply(command)
    assert again.state_for(None, turn_left=None)["hand"]["log"] == log


def test_your_best_hand_comes_from_your_view_only() -> None:
    t = seated(stack=300)
    rng = random.Random(8)
    seen = 0
    for _ in range(300):
        play_randomly(t, 1, rng)
        hand = t.game.engine.hand  # type: ignore[attr-defined]
        if hand is None or hand.finished:
            continue
        for seat in hand.seats:
            h = t.state_for(seat, turn_left=None)["hand"]
            visible = {Card(c) for c in h["board"] if c is not None}
            if h["best"] is None:  # no hand to tell (he folded)
                continue
            assert cards_in(h["best"]) <= {Card(c) for c in h["hole"]} | visible
            seen += 1
        assert t.state_for(None, turn_left=None)["hand"]["best"] is None
    assert seen > 50


def test_best_hand_wording() -> None:
    """Worked examples, checked by the rule book's evaluator."""

    def best(hole: str, table: str) -> str:
        first, second = (Card(c) for c in hole.split())
        return best_words(first, second, tuple(Card(c) for c in table.split()), 55)

    assert best("9d 6h", "8c 7h 2s") == "4-card straight 9♦–6♥"
    assert evaluate_straights("9d 6h", "8c 7h 2s Kc Qd").length == 4
    assert best("Th 9h", "Jh 2c 3d") == "3-card straight flush J♥–9♥"
    assert best("S 8h", "T R 2c") == "S-T-R-8 with 8♥"
    assert best("Kh 2c", "9s") == "no straight; high card K♥"


def test_showdown_words_write_tens_as_the_cards_do() -> None:
    assert tens("straight T♣-9♦-8♥ (3 cards, top T♣)") == "straight 10♣-9♦-8♥ (3 cards, top 10♣)"
    assert tens("S-T-R-8 with 8♠; T♥") == "S-T-R-8 with 8♠; 10♥"
    t = seated(stack=300)
    play_randomly(t, 600, random.Random(5))
    texts = [
        [e["text"] for e in t.history_for(0, number)["events"]]
        for number, hand in t.game.hands.items()  # type: ignore[attr-defined]
        if hand.finished
    ]
    joined = repr(texts)
    assert "10" in joined
    assert "T♣" not in joined and "T♦" not in joined and "T♥" not in joined and "T♠" not in joined
