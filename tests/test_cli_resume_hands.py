"""``straights play --resume --hands N``: a deal resumed in play is the first of the N
deals, at a poker table and at Pai Gow alike (issue 19: one terminal loop)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clitools import play_script

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_resumed_poker_deal_is_the_first_of_hands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "h.db"
    start = ["--game", "holdem", "--seats", "2", "--bots", "calling", "--seed", "3"]
    first = play_script(capsys, tmp_path, db, ["q"], *start)  # he leaves at his first turn
    assert "in the middle of a deal" in first
    # Resumed with --hands 1: deal 1 is played to its end, and no deal 2 is dealt.
    second = play_script(capsys, tmp_path, db, ["c"] * 20, "--game", "holdem", "--resume",
                         "--hands", "1")  # fmt: skip
    assert "Deal 1: No-limit Texas hold'em" in second
    assert "The pot of" in second and "Deal 2" not in second
    again = play_script(capsys, tmp_path, db, ["c"] * 40, "--game", "holdem", "--resume",
                        "--hands", "2")  # fmt: skip
    assert "Resuming table 1" in again and "Deal 2:" in again and "Deal 3:" in again


def test_a_resumed_pai_gow_deal_is_the_first_of_hands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # ring_release.db's table 3 (tests/test_store_fixtures.py) is in its sixth deal,
    # waiting for the bot Bob's setting: with --hands 1 that deal is finished and no
    # seventh is dealt; with --hands 2 one more is.
    db = tmp_path / "old.db"
    shutil.copy(FIXTURES / "ring_release.db", db)
    shutil.copy(db, tmp_path / "old2.db")
    out = play_script(capsys, tmp_path, db, ["", "h"] * 3, "--game", "pai-gow", "--resume",
                      "--hands", "1")  # fmt: skip
    assert "Resuming table 3 from" in out and "Bob sets" in out and "Your chips: 70" in out
    assert "Deal 7" not in out and "in 6 deal(s)" in out
    out = play_script(capsys, tmp_path, tmp_path / "old2.db", ["", "h"] * 3, "--game", "pai-gow",
                      "--resume", "--hands", "2")  # fmt: skip
    assert "Deal 7 · your chips 70" in out and "Deal 8" not in out and "in 7 deal(s)" in out
