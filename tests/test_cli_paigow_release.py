"""Terminal Pai Gow tables stored by earlier releases resume with ``straights play --game
pai-gow --resume`` on the one table and its one terminal loop, as the unbroken game.

``tests/fixtures/paigow_terminal_release.db`` was written by the three-stack release's own
terminal (26d64c1, before the one table): ``straights play --game pai-gow --seats 3 --bots
equity,house --seed 12`` answered Enter, ``h``, ``30``, ``h``, ``q`` (two deals, the second
bet 30, under that release's commission rounded up to a chip).  The same release, answering
on with Enter and ``h`` for four more deals in one unbroken session, ended with You 173,
Bot 2 118, Bot 3 80 and "The house lost 71 in 6 deal(s)." — the figures asserted here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clitools import run_main

FIXTURES = Path(__file__).parent / "fixtures"


def _resume(capsys: pytest.CaptureFixture[str], tmp_path: Path, fixture: str,
            answers: list[str]) -> str:  # fmt: skip
    db = tmp_path / "old.db"
    shutil.copy(FIXTURES / fixture, db)
    script = tmp_path / "answers.txt"
    script.write_text("\n".join(answers) + "\n", encoding="utf-8")
    code, out, err = run_main(capsys, "play", "--game", "pai-gow", "--resume", "--db", str(db),
                              "--script", str(script))  # fmt: skip
    assert code == 0, out + err
    return out


def test_a_terminal_table_of_the_three_stack_release_plays_on_as_the_unbroken_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = _resume(capsys, tmp_path, "paigow_terminal_release.db", ["", "h"] * 4 + ["q"])
    assert "Resuming table 1 from" in out
    assert "Deal 3 · your chips 119 · bet 30?" in out  # the last bet, kept
    assert out.count("wins 28 (bet 30, commission 2)") == 3  # the old rule: rounded up
    assert "  You: 173" in out and "  Bot 2: 118" in out and "  Bot 3: 80" in out
    assert "The house lost 71 in 6 deal(s)." in out


def test_a_table_stored_without_a_bet_resumes_in_its_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # ring_release.db's table 3 (tests/test_store_fixtures.py) waits for Bob's setting
    # and stored no bet: the deal is finished, then a new one is dealt at your last bet.
    out = _resume(capsys, tmp_path, "ring_release.db", ["", "h", "q"])
    assert "Resuming table 3 from" in out
    first, second = out.split("Deal 7 · ")
    assert "Bob sets" in first and "The house" in first and "Your chips: 70" in first
    assert second.startswith("your chips 70 · bet 10?")
    assert "in 7 deal(s)" in out and "Traceback" not in out
