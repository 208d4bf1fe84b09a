"""Irish, Courchevel and Big O: three games added in the engine and the catalogue alone.

Every consumer (terminal, web table, bots, RL, PHH, wording) asks the engine what may
be done now (:meth:`~straights.poker.engine.Deal.card_choice`) instead of working it
out from the variant data, so no line of ``src/`` outside the engine and the
catalogue names these games.  The rules are checked on decks laid out by hand, with
the outcome worked out by hand from the card-room rules (BARGE's rule book for
Courchevel and Big O, the common Irish rules: see ``docs/games.md``).
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from poker_random import random_deal

from straights.bots import make_bot
from straights.bots.variant_equity import _batch_shares, pot_shares
from straights.cards import Card, make_deck, parse_cards
from straights.errors import IllegalActionError
from straights.game.wording import entry_phrase, text
from straights.poker import Deal, Stakes, deal_view, get_variant, play
from straights.poker.actions import ActionLayout
from straights.poker.catalogue import find_variant, game_name, variant_codes
from straights.poker.engine import CardChoice
from straights.poker.phh import deal_to_phh, dumps, loads, replay

SRC = Path(__file__).resolve().parents[1] / "src"
NEW = {"irish": "_PIRISH", "courchevel": "_PCOURCHEVEL", "big-o": "_P5O/8"}
BLINDS = Stakes.uniform(2, blinds=(1, 2), min_bet=2)


def deck(text_: str) -> list[Card]:
    top = list(parse_cards(text_))
    return top + [c for c in make_deck() if c not in top]


def passive(deal: Deal) -> Deal:
    """Check or call to the end; at a card decision, the last cards it allows."""
    while not deal.finished:
        choice = deal.card_choice()
        if choice is not None:
            hand = deal.holes[deal.actor or 0]
            deal.discard(
                [hand[k] for k in choice.positions[len(choice.positions) - choice.least :]]
            )
            continue
        kinds = {a.kind for a in deal.legal_actions()}
        deal.act(next(k for k in ("check", "call") if k in kinds))
    return deal


def test_the_three_games_are_in_the_catalogue_by_name() -> None:
    for name, code in NEW.items():
        assert find_variant(name).code == code and game_name(code) == name
        assert code in variant_codes()


def test_no_line_outside_the_engine_and_the_catalogue_names_them() -> None:
    allowed = {SRC / "straights/poker/engine.py", SRC / "straights/poker/catalogue.py"}
    words = re.compile(r"irish|courchevel|big[ -]?o\b|_P5O|5O/8", re.IGNORECASE)
    found = []
    for path in sorted(SRC.rglob("*")):
        if not path.is_file() or path in allowed or path.suffix not in (
            ".py", ".js", ".html", ".css", ".md", ".json", ".toml", ".txt",
        ):  # fmt: skip
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if words.search(line):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert found == []


# -- the rules, on decks laid out by hand ---------------------------------------------------


def test_irish_discards_two_after_the_flop_betting_before_the_turn() -> None:
    # p1 As Ad 7c 2h, p2 Kc Kd Qs Js; burn 5c, flop Ah 8d 3s; burn, turn 9c; burn, river 4h.
    d = Deal(get_variant("_PIRISH"), BLINDS, [50, 50],
             deck("As Ad 7c 2h Kc Kd Qs Js 5c Ah 8d 3s 6c 9c 6d 4h"))  # fmt: skip
    d.act("call")
    d.act("check")
    assert (d.street_name, d.phase, d.card_choice()) == ("flop", "betting", None)
    d.act("check")
    d.act("check")
    # The flop's betting is over: the throw comes before the turn is dealt.
    assert (d.street_name, d.phase, len(d.board)) == ("turn", "discard", 3)
    assert d.card_choice() == CardChoice("discard", 2, 2, (0, 1, 2, 3))
    assert str(d.card_choice()) == "discard 2 cards"
    with pytest.raises(IllegalActionError, match="must discard 2 cards, not 1"):
        d.discard(parse_cards("7c"))
    with pytest.raises(IllegalActionError, match="must discard 2 cards, not 0"):
        d.discard([])
    d.discard(parse_cards("7c 2h"))
    assert d.actor == 1 and len(d.board) == 3 and d.holes[0] == list(parse_cards("As Ad"))
    d.discard(parse_cards("Qs Js"))
    assert d.phase == "betting" and len(d.board) == 4
    assert d.holes == [list(parse_cards("As Ad")), list(parse_cards("Kc Kd"))]
    passive(d)
    assert d.board == list(parse_cards("Ah 8d 3s 9c 4h"))
    assert d.describe(0) == "high: Three of a kind, aces"
    assert d.stacks == [52, 48]  # the pot of 4 (the blinds), checked down
    assert not [e for e in d.log if e.kind == "hole" and len(e.cards) != 4]  # none replaced


def test_irish_words_say_discards_never_draws() -> None:
    d = Deal(get_variant("_PIRISH"), BLINDS, [50, 50],
             deck("As Ad 7c 2h Kc Kd Qs Js 5c Ah 8d 3s 6c 9c 6d 4h"))  # fmt: skip
    passive(d)
    names = {0: "Ann", 1: "Bob"}.get
    throws = [k for k, e in enumerate(d.log) if e.kind == "discard"]
    assert [d.replaced(k) for k in throws] == [False, False]
    told = [text(entry_phrase(d, k, names, 0) or ()) for k in throws]
    assert told == ["You discard 7♣ 2♥", "Bob discards 2"]
    spectator = [text(entry_phrase(d, k, names, None) or ()) for k in throws]
    assert spectator == ["Ann discards 2", "Bob discards 2"]
    # A draw game still says "draws" for the same hidden move.
    draw = Deal(get_variant("_F5CD"), Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4),
                [50, 50], make_deck().shuffled(3))  # fmt: skip
    draw.act("call")
    draw.act("check")
    draw.discard(draw.holes[0][:2])
    at = max(k for k, e in enumerate(draw.log) if e.kind == "discard")
    assert draw.replaced(at) and draw.log[at + 1].kind == "hole"  # his new cards at once
    assert text(entry_phrase(draw, at, names, None) or ()) == "Ann draws 2"


def test_courchevel_deals_the_first_flop_card_with_the_hole_cards() -> None:
    # Five hole cards each, the spit card Th face up before any betting; then burn 2s,
    # flop 9h 8c; burn 2h, turn 4d; burn 3h, river 8d.
    d = Deal(get_variant("_PCOURCHEVEL"), BLINDS, [50, 50],
             deck("Ah Kh Qh Jh 2c 3c 3d 7s 7d 4c Th 2s 9h 8c 2h 4d 3h 8d"))  # fmt: skip
    assert (d.street_name, d.phase) == ("pre-flop", "betting")
    assert deal_view(d, None).board == (Card("Th"),)  # everyone sees it before betting
    assert [len(h) for h in d.holes] == [5, 5]
    d.act("call")
    d.act("check")
    assert d.board == list(parse_cards("Th 9h 8c"))  # the flop completes it: two cards
    passive(d)
    # Exactly two hole cards: Q-J with T-9-8, not the royal flush Ah Kh Qh Jh Th.
    assert d.describe(0) == "high: Straight, queen high"
    assert d.describe(1) == "high: Two pair, eights and sevens"
    assert d.winnings == [4, 0]


def test_big_o_splits_high_and_eight_or_better_low_two_from_five() -> None:
    # p1 Ac 2d Kh Ks 9c, p2 Qc Qd 3h 6s Jc; board Kd 4c 5h Td 7s (burns 2s 3s 4s).
    d = passive(Deal(get_variant("_P5O/8"), BLINDS, [50, 50],
                     deck("Ac 2d Kh Ks 9c Qc Qd 3h 6s Jc 2s Kd 4c 5h 3s Td 4s 7s")))  # fmt: skip
    # High: p2's 6-3 with 7-5-4 is a straight over p1's kings; low: p1's A-2 with
    # 7-5-4 (7-5-4-2-A) beats p2's 7-6-5-4-3.
    assert d.describe(0) == "high: Three of a kind, kings; low: Seven-five low (7-5-4-2-A)"
    assert d.describe(1) == "high: Straight, seven high; low: Seven-six low (7-6-5-4-3)"
    assert d.winnings == [2, 2]


def test_big_o_scoop_when_nobody_qualifies_for_low() -> None:
    # Board Kd Qs 9h 9c 8d: no three low cards, so the high hand takes the whole pot.
    d = passive(Deal(get_variant("_P5O/8"), BLINDS, [50, 50],
                     deck("Ac 2d 3h 4s 5c Kh Ks Jc Tc 6d 2s Kd Qs 9h 3s 9c 4c 8d")))  # fmt: skip
    assert d.describe(1) == "high: Full house, kings full of nines; low: no hand"
    assert d.winnings == [0, 4]


@pytest.mark.parametrize("code", NEW.values())
def test_the_equity_batch_scores_as_the_readable_showdown(code: str) -> None:
    # The Numba/NumPy batch keys against pot_shares (best_hand) on random completions.
    variant = get_variant(code)
    rng = np.random.default_rng(7)
    hole, board, players = variant.final_hole_count, variant.board_count, 3
    ids = np.array([rng.permutation(52)[: hole * players + board] for _ in range(150)])
    holes = ids[:, : hole * players].reshape(150, players, hole)
    boards = ids[:, hole * players :]
    got = _batch_shares(variant, holes, boards)
    assert got is not None  # every share has a batch key
    want = [
        pot_shares(variant, [[Card(int(c)) for c in h] for h in hs], [Card(int(c)) for c in b])[0]
        for hs, b in zip(holes, boards, strict=True)
    ]
    assert np.allclose(got, want)
    assert 0 < np.count_nonzero(got) < 150


def test_before_the_discard_each_hand_keeps_its_best_two_in_hindsight() -> None:
    # Irish before the throw: four cards a hand, scored as the best two kept (never
    # three or four of them in one hand), against best_hand on each pair by hand.
    from itertools import combinations

    from straights.poker.showdown import best_hand

    variant = get_variant("_PIRISH")
    rule = variant.showdown[0]
    rng = np.random.default_rng(3)
    ids = np.array([rng.permutation(52)[:17] for _ in range(60)])
    holes, boards = ids[:, :12].reshape(60, 3, 4), ids[:, 12:]
    got = _batch_shares(variant, holes, boards, keep=2)
    assert got is not None
    for row, (hs, b) in enumerate(zip(holes, boards, strict=True)):
        board = [Card(int(c)) for c in b]
        best = [
            max(best_hand(rule, [Card(int(c)) for c in pair], board) for pair in combinations(h, 2))
            for h in hs
        ]
        winners = [i for i, v in enumerate(best) if v == max(best)]
        assert got[row] == pytest.approx(1 / len(winners) if 0 in winners else 0.0)


# -- every consumer asks the engine --------------------------------------------------------


@pytest.mark.parametrize("code", NEW.values())
@pytest.mark.parametrize("kind", ["equity", "strength", "calling", "random"])
def test_every_bot_plays_only_what_the_engine_allows(code: str, kind: str) -> None:
    variant = get_variant(code)
    rng = random.Random(f"{code}/{kind}")
    bots = [make_bot(kind, rng.getrandbits(32)) for _ in range(3)]
    for _ in range(2):
        d = Deal(variant, Stakes.uniform(3, blinds=(1, 2), min_bet=2), [80] * 3,
                 make_deck().shuffled(rng.getrandbits(32)))  # fmt: skip
        while not d.finished:
            seat = d.actor
            assert seat is not None
            view = deal_view(d, seat)
            assert view.choice == d.card_choice()
            move = bots[seat].decide(view)  # type: ignore[attr-defined]
            if view.choice is not None:
                assert move.kind == view.choice.kind
                assert view.choice.least <= len(move.cards) <= view.choice.most
            play(d, move)
        assert sum(d.stacks) == 240


@pytest.mark.parametrize("code", NEW.values())
def test_phh_round_trip_replays_to_the_same_stacks(code: str) -> None:
    rng = random.Random(code)
    for _ in range(12):
        d = random_deal(get_variant(code), rng)
        history = loads(dumps(deal_to_phh(d)))[0]
        assert history["variant"] == code
        assert replay(history).deal.stacks == d.stacks


def test_rl_masks_are_the_engines_choice() -> None:
    layout = ActionLayout(get_variant("_PIRISH"))
    mask = layout.choice_mask(CardChoice("discard", 2, 2, (0, 1, 2, 3)), 4)
    assert int(mask.sum()) == 6  # C(4, 2): exactly two of four, never standing pat
    assert mask[layout.first_draw] == 0
    for code in ("_PCOURCHEVEL", "_P5O/8"):
        assert ActionLayout(get_variant(code)).size == 7  # betting only: no card actions


def test_the_web_table_deals_each_game_and_says_discards() -> None:
    from straights.web.manager import make_table
    from straights.web.protocol import parse_settings

    for name in NEW:
        settings = parse_settings(json.dumps({"games": [name], "stack": 200}).encode())
        t = make_table("tbl1", settings, 12345, "h" * 64)
        t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
        t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
        t.apply({"kind": "bot", "seat": 2, "bot": "calling"})
        rng = random.Random(name)
        saw_choice = False
        for _ in range(120):
            plan = t.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
            if plan is None:
                break
            command = plan.command
            if command is None or command["kind"] == "act":
                seat = t.game.engine.actor
                assert seat is not None
                hand = t.state_for(seat, turn_left=None)["hand"]
                if hand["card_choice"] is not None:
                    saw_choice = True
                    assert hand["card_choice"]["words"] == "discard 2 cards"
                    assert hand["phase"] == "discard"
                bot = make_bot("random", rng)
                command = t.game.move_command(seat, bot.decide(t.game.bot_view(seat)))  # type: ignore[attr-defined]
            t.apply(command)
        assert t.hand_number >= 2, name
        assert t.game.engine.hand is not None and t.game.engine.hand.variant.code == NEW[name]
        log = " ".join(t.state_for(None, turn_left=None)["follow"]["log"])
        assert "draws" not in log
        if name == "irish":
            assert saw_choice and "discards 2" in log


def test_the_terminal_asks_for_the_irish_discard_through_a_pty(tmp_path: Path) -> None:
    """``straights play --game irish`` at a real terminal: the discard prompt, a refused
    answer, the throw told as a discard."""
    import pty

    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "TERM": "dumb", "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "straights.cli.main", "play", "--game", "irish", "--seats", "3",
         "--bots", "calling", "--seed", "5", "--hands", "1", "--no-save",
         "--muck", "show"],  # (not asked to show or muck at the showdown: a discard test)
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    seen = b""

    def until(pattern: bytes, timeout: float = 60) -> None:
        nonlocal seen
        while not re.search(pattern, seen):
            ready, _, _ = select.select([master], [], [], timeout)
            assert ready, seen.decode(errors="replace")[-2000:]
            seen += os.read(master, 4096)

    try:
        for answer in (b"c", b"c"):  # pre-flop, flop: check or call
            until(rb"Your turn.*\xe2\x80\xba $", 60)
            os.write(master, answer + b"\n")
            seen = seen.replace(b"Your turn", b"Your-turn")
        until(rb"Discard which cards\? positions 1-4, exactly 2 \xe2\x80\xba ")
        os.write(master, b"1\n")
        until(rb"you may discard exactly 2 cards, not 1")
        os.write(master, b"1 2\n")
        for _ in range(2):  # turn, river
            until(rb"Your turn.*\xe2\x80\xba $", 60)
            os.write(master, b"c\n")
            seen = seen.replace(b"Your turn", b"Your-turn")
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        try:
            while select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 4096)
        except OSError:
            pass
        os.close(master)
    out = seen.decode(errors="replace")
    assert "You discard " in out
    assert re.search(r"Calling \d discards 2", out)
    assert "draw" not in out.lower()


@pytest.mark.parametrize("name", NEW)
def test_simulate_writes_the_games_code_and_history_replays_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    from clitools import run_main

    out_file = tmp_path / "deals.phhs"
    code, _out, err = run_main(
        capsys, "simulate", "--game", name, "--bots", "equity,strength,calling,random",
        "--hands", "4", "--seed", "2", "--out", str(out_file), "--json",
    )  # fmt: skip
    assert code == 0, err
    hands = loads(out_file.read_text(encoding="utf-8"))
    assert len(hands) == 4 and {h["variant"] for h in hands} == {NEW[name]}
    code, out, err = run_main(capsys, "history", "replay", str(out_file), "--json")
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["finishing_stacks"] for r in rows] == [h["finishing_stacks"] for h in hands]
