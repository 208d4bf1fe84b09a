"""``straights simulate`` and ``straights play`` with straddles, runs of the board and bomb
pots: the histories they write replay, and options a game cannot have are refused."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from clitools import run_main
from ptytools import spawn

from straights.poker.phh import loads, replay


def test_simulate_writes_straddles_runs_and_bomb_pots_that_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "night.phhs"
    code, _, err = run_main(capsys, "simulate", "--game", "holdem", "--straddle",
                            "--run-it-twice", "--bomb-pot-every", "5", "--out", str(out),
                            "--hands", "40", "--seed", "3", "--no-progress", "--stack", "400",
                            "--bots", "random,calling")  # fmt: skip
    assert code == 0, err
    hands = loads(out.read_text(encoding="utf-8"))
    assert len(hands) == 40
    bombs = [h for h in hands if h.get("_bomb_pot")]
    assert bombs and bombs == [h for h in hands if h["hand"] % 5 == 0]  # a table's 5th, 10th …
    assert all(h["antes"] == [4] * 6 and not any(h["blinds_or_straddles"]) for h in bombs)
    straddled = [h for h in hands if not h.get("_bomb_pot")]
    assert all(h["blinds_or_straddles"][:3] == [1, 2, 4] for h in straddled)
    assert all(h["_runs"] == 2 for h in hands)
    assert any("# run 2" in h["actions"] for h in hands)  # seed 3 runs a board twice
    for h in hands:
        assert replay(h).deal.stacks == h["finishing_stacks"]
    code, text, err = run_main(capsys, "history", "replay", str(out))
    assert code == 0 and text.count(" NT: ") == 40, err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "razz", "--straddle"], "--straddle: razz has no blinds and board"),
        (["--game", "2-7-triple-draw", "--run-it-twice"], "has no board to run again"),
        (["--bomb-pot-every", "3"], "Straights has no flop for a bomb pot"),
        (["--game", "pai-gow", "--button-straddle"], "Pai Gow has no blinds"),
        (["--game", "holdem", "--straddle", "--button-straddle"], "choose one straddle"),
        (["--game", "holdem", "--bomb-pot-ante", "5"], "add --bomb-pot-every N"),
        (["--game", "holdem", "--double-board"], "add --bomb-pot-every N"),
        (["--game", "razz", "--bomb-pot-every", "2", "--double-board"], "razz has no flop"),
    ],
)
def test_options_a_game_cannot_have_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    code, out, err = run_main(capsys, "simulate", *args, "--hands", "2", "--no-progress")
    assert code != 0
    lines = [line for line in (out + err).splitlines() if line.strip()]
    assert len(lines) == 1 and said in lines[0], lines


def test_double_board_bomb_pots_write_both_boards_that_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "double.phhs"
    code, _, err = run_main(capsys, "simulate", "--game", "omaha", "--bomb-pot-every", "2",
                            "--double-board", "--out", str(out), "--hands", "12", "--seed",
                            "2", "--no-progress", "--bots", "random,calling")  # fmt: skip
    assert code == 0, err
    hands = loads(out.read_text(encoding="utf-8"))
    doubles = [h for h in hands if h.get("_double_board")]
    assert doubles and doubles == [h for h in hands if h["hand"] % 2 == 0]  # every 2nd deal
    assert all(h.get("_bomb_pot") for h in doubles)
    for h in doubles:  # two flops of three cards, one after the other
        flops = [a for a in h["actions"] if a.startswith("d db") and len(a.split()[2]) == 6]
        assert len(flops) == 2
    for h in hands:
        assert replay(h).deal.stacks == h["finishing_stacks"]


def test_a_stored_simulation_deals_what_the_unstored_one_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Bomb pots count each table's deals, stored or not (a bust starts a new table)."""
    texts = []
    for stored in (False, True):
        out = tmp_path / f"{stored}.phhs"
        db = ["--db", str(tmp_path / "night.db")] if stored else []
        code, _, err = run_main(capsys, "simulate", "--game", "holdem", "--straddle",
                                "--run-it-twice", "--bomb-pot-every", "3", "--double-board",
                                "--hands", "40", "--seed", "5", "--stack", "30", "--no-progress",
                                "--bots", "random,calling", "--out", str(out), *db)  # fmt: skip
        assert code == 0, err
        texts.append(out.read_text(encoding="utf-8"))
    assert texts[0] == texts[1]
    hands = loads(texts[0])
    firsts = [k for k, h in enumerate(hands) if h.get("hand") == 1]
    assert len(firsts) > 3  # short stacks: many tables
    for start in firsts:  # each table's third deal is a bomb pot on two boards
        if start + 2 < len(hands) and hands[start + 2]["hand"] == 3:
            assert hands[start + 2].get("_double_board") and hands[start + 2].get("_bomb_pot")


def test_play_asks_how_many_runs_and_deals_the_second_board(tmp_path: Path) -> None:
    """At a terminal: all in against calling stations, the player is asked, agrees,
    and sees run 2's board and the pot's share of each run."""
    child = spawn("play", "--game", "holdem", "--run-it-twice", "--no-save", "--seed", "4",
                  "--hands", "1", "--bots", "calling")  # fmt: skip
    child.expect("raise to")
    child.sendline("a")
    child.expect("run the rest of the board how many times\\? 1 to 2")
    child.sendline("y")
    child.expect("You ask to run it twice")
    child.expect("Run 2: ")
    child.expect("run 2 of 2")
    child.sendline("q")
    child.expect(pexpect.EOF)
