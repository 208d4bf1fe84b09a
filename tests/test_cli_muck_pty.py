"""``straights play`` at a real terminal (a pseudo-terminal) asks the player to show or
muck: when a shown hand beats his at the showdown, and when he wins uncontested."""

from __future__ import annotations

import pexpect
import pytest

from tests.ptytools import plain, spawn

pytest.importorskip("pty")  # POSIX only


def test_a_beaten_hand_is_asked_show_or_muck_and_enter_mucks() -> None:
    # Seed 4, heads-up against a calling station: all check to the river; the bot, first
    # to act, shows a pair of eights, which beats the player's 6♣ 3♣.
    child = spawn("play", "--game", "holdem", "--seats", "2", "--bots", "calling",
                  "--seed", "4", "--no-save")  # fmt: skip
    for _ in range(4):  # call before the flop, check on the flop, turn and river
        child.expect("Your turn")
        child.sendline("c")
    child.expect("A shown hand beats yours: show it or muck it\\?")
    assert "Calling 1 shows T♥ Q♣" in plain(child.before)
    child.sendline("x")
    child.expect("'x': s shows your hand, m \\(or Enter\\) mucks it")
    child.sendline("")
    child.expect("next deal")
    told = plain(child.before)
    assert "You muck" in told and "The pot of 4 to Calling 1" in told
    assert "You show" not in told
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_the_winner_of_an_uncontested_pot_may_show() -> None:
    # Seed 2: the player goes all in before the flop and the random bot folds.
    child = spawn("play", "--game", "holdem", "--seats", "2", "--bots", "random",
                  "--seed", "2", "--no-save")  # fmt: skip
    child.expect("Your turn")
    child.sendline("a")
    child.expect("Random 1 folds")
    child.expect("You win uncontested: show your hand\\?")
    child.sendline("s")
    child.expect("next deal")
    told = plain(child.before)
    assert "You show J♣ J♥" in told and "The pot of 4 to you: all others folded" in told
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_scripted_answers_are_not_asked_unless_muck_ask() -> None:
    # Piped answers written before the question keep working: every hand is shown.
    from tests.ptytools import run

    done = run("play", "--game", "holdem", "--seats", "2", "--bots", "calling", "--seed", "4",
               "--no-save", "--hands", "1", "--script", "/dev/null")  # fmt: skip
    assert done.status == 0 and "show it or muck it" not in done.output
