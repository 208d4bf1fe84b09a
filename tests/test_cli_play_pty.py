"""``straights play`` of a catalogue draw game and of Pai Gow at a real terminal (a
pseudo-terminal): typed answers, leaving a saved table and resuming it, for each family
of games on the one session (Straights itself: ``test_cli_table_pty.py``; a Straights
table of an earlier release: ``test_legacy_straights.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from ptytools import plain, session

pytest.importorskip("pty")  # POSIX only


def test_a_draw_is_typed_left_saved_and_resumed_at_the_throw(tmp_path: Path) -> None:
    # Seed 4, heads-up against a calling station: the player calls or checks, throws his
    # first two cards in deal 1, and leaves at the draw of deal 2, where the resumed
    # table asks again.
    db = str(tmp_path / "games.db")
    args = ("play", "--game", "five-card-draw", "--seats", "2", "--bots", "calling",
            "--seed", "4", "--db", db)  # fmt: skip
    with session(*args, timeout=60) as child:
        child.expect("Your turn")
        child.sendline("c")
        child.expect(r"Throw which cards\? positions 1-5, at most 5 \(Enter stands pat\)")
        child.sendline("9")
        child.expect("position 9 is not one of your cards: they are 1 to 5")
        child.sendline("1 2")
        child.expect("You throw")
        while child.expect(["Your turn", "next deal"]) == 0:
            child.sendline("c")
        child.sendline("")
        child.expect("Deal 2")
        while child.expect(["Your turn", r"Throw which cards\?"]) == 0:
            child.sendline("c")
        child.sendline("q")
        child.expect("You leave the table in the middle of a deal")
        child.expect(pexpect.EOF)
        told = " ".join(plain(child.before or "").split())
        assert "Table 1 is saved: `" in told, told
        assert "straights play --game five-card-draw --resume --db" in told, told
    with session("play", "--game", "five-card-draw", "--resume", "--db", db, timeout=60) as child:
        child.expect("Resuming table 1")
        child.expect("Fixed-limit five-card draw")
        child.expect(r"Throw which cards\?")  # where it stopped, mid-deal
        child.sendline("q")
        child.expect("Table 1 is saved")
        child.expect(pexpect.EOF)
        assert "Traceback" not in plain(child.before or "")


def test_pai_gow_resumed_at_a_terminal_greets_with_each_player_s_chips(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    args = ("play", "--game", "pai-gow", "--seed", "3", "--seats", "3", "--db", db)
    with session(*args, timeout=60) as child:
        child.expect("100 chips each")
        for _ in range(2):  # bet the offered 20, set the house way
            child.expect("Enter bets it")
            child.sendline("")
            child.expect("Two-card hand")
            child.sendline("h")
        child.expect("Deal 3 · your chips")
        child.sendline("q")
        child.expect("Final chips")
        child.expect("is saved")
        final = plain(child.before or "")
        child.expect(pexpect.EOF)
    chips = dict(re.findall(r"^\s*(You|Bot \d): (\d+)\s*$", final, re.MULTILINE))
    assert len(chips) == 3 and len(set(chips.values())) > 1, final
    with session("play", "--game", "pai-gow", "--resume", "--db", db, timeout=60) as child:
        child.expect("Resuming table 1")
        child.expect("your chips")  # the bet prompt: the greeting is out
        greeting = " ".join(plain(child.before or "").split())
        listed = f"chips: You {chips['You']}, Bot 2 {chips['Bot 2']}, Bot 3 {chips['Bot 3']}."
        assert listed in greeting and "chips each" not in greeting, greeting
        child.sendline("q")
        child.expect(pexpect.EOF)
