"""``straights play --game pai-gow`` at a real terminal (a pseudo-terminal): the bet and
a two-card hand typed at the prompts of the one terminal loop, then ``q``."""

from __future__ import annotations

import pexpect
from ptytools import plain, session


def test_a_hand_set_by_typed_positions_at_a_terminal() -> None:
    # Seed 3, two seats: your cards are A♣ Q♦ J♠ J♣ 8♠ 7♦ 2♥ (tests/test_cli_paigow.py).
    seen: list[str] = []

    def until(pattern: str) -> str:  # what was shown up to ``pattern``, wrapping undone
        child.expect(pattern)
        seen.append(" ".join(plain(str(child.before) + str(child.after)).split()))
        return seen[-1]

    with session("play", "--no-save", "--game", "pai-gow", "--seed", "3", "--seats", "2",
                 timeout=60) as child:  # fmt: skip
        assert "bet 20?" in until("leaves\\)\\s*› ")
        child.sendline("")  # Enter bets the offered 20
        assert "Your cards: 1:A♣ 2:Q♦ 3:J♠ 4:J♣ 5:8♠ 6:7♦ 7:2♥" in until("leave\\s*› ")
        child.sendline("9 9")  # refused in one line, and asked again
        assert "position 9 is not one of your cards: they are 1 to 7" in until("leave\\s*› ")
        child.sendline("2 5")  # Q♦ 8♠ in front of the pair of jacks
        shown = until("leaves\\)\\s*› ")
        child.sendline("q")
        until(pexpect.EOF)
        child.close()
    assert child.exitstatus == 0
    assert "You set Q♦ 8♠ |" in shown and "five-card pair of jacks" in shown
    assert "The bank sets" in shown and "Deal 2 · your chips" in shown
    assert "The house" in seen[-1] and "in 1 deal(s)" in seen[-1]
    assert "Traceback" not in "".join(seen)
