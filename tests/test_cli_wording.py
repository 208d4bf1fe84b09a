"""What the terminal says: a catalogue deal in ``history show``, an all-in's board,
Mexican stud's question — run as a person runs them, in a pseudo-terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
from clitools import run
from ptytools import plain, session


def test_history_show_tells_amounts_and_the_winning_hand(tmp_path: Path) -> None:
    db = str(tmp_path / "razz.db")
    played = run("play", "--game", "razz", "--db", db, "--seed", "3", "--hands", "1",
                 "--script", "-", stdin="c\n" * 12)  # fmt: skip
    assert played.returncode == 0, played.stderr
    shown = run("history", "show", "1", "--db", db)
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout
    for vague in ("checks or calls", "bets or raises", "brings in\n"):
        assert vague not in text
    assert re.search(r"^\S+( \d)? brings in for 1$", text, re.M), text  # razz: bring-in 1
    assert re.search(r"^\S+( \d)? (calls|bets|completes to|raises to) \d+$", text, re.M)
    # The last deal of the game is won by a hand named in words, or by the folds.
    assert re.search(r"^The pot of \d+ to .+ (with .+ low \(.+\)|: all others folded)$",
                     text, re.M), text  # fmt: skip
    assert text.rstrip().splitlines()[-1].startswith("Stacks after: ")


def test_all_in_before_the_flop_draws_the_board_then_names_the_hands() -> None:
    args = ("play", "--game", "holdem", "--no-save", "--seats", "2", "--bots", "calling",
            "--seed", "5", "--hands", "1")  # fmt: skip
    with session(*args) as child:
        child.expect("Your turn")
        child.sendline("a")  # all in: the calling bot calls, both show, the board runs out
        child.expect(pexpect.EOF)
        lines = [" ".join(plain(line).split()) for line in (child.before or "").splitlines()]
    shows = [k for k, line in enumerate(lines) if " show" in line]
    board = next(k for k, line in enumerate(lines) if line.startswith("Board: "))
    assert len(shows) == 2 and all(k < board for k in shows)
    assert all("—" not in lines[k] for k in shows)  # no hand named before the board is out
    assert len(lines[board].split()) == 1 + 5  # "Board:" and the five cards
    named = lines[board + 1 : board + 3]
    assert [line.split(":")[0] for line in named] == ["Calling 1", "You"]
    assert lines[board + 3].startswith("The pot of 200 to ")


def test_mexican_stud_names_the_face_down_positions() -> None:
    args = ("play", "--game", "mexican-stud", "--no-save", "--seats", "2", "--bots", "calling",
            "--seed", "5", "--hands", "1")  # fmt: skip
    with session(*args) as child:
        child.expect(r"Turn up which face-down card\? one of 1 2 › ")
        child.sendline("3")  # not face down: refused, asked again
        child.expect("position 3 is not one of your cards|already face up")
        child.expect(r"Turn up which face-down card\? one of 1 2 › ")
        child.sendline("1")
        child.expect(r"Your turn|Turn up which face-down card\? one of \d \d › ")
        child.sendline("q")
        child.expect(pexpect.EOF)
