"""A straights tournament's hand histories (with their table and level) through
``history stats``, ``history export`` and back through ``history import``."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from clitools import run_main

from straights.cli.main import main
from straights.poker.phh import loads, replay


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tournament") / "t.phhs"
    try:  # 6 players, tables of 3, turbo levels: 14 deals over 3 levels and 2 tables
        main(["tournament", "--players", "6", "--table-size", "3", "--seed", "2",
              "--schedule", "turbo", "--out", str(out), "--no-progress"])  # fmt: skip
    except SystemExit as exc:
        assert not exc.code
    return out


def load_file(path: str) -> list[dict[str, Any]]:
    return loads(Path(path).read_text())


def test_stats_count_every_tournament_hand(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    hands = load_file(str(played))
    code, out, err = run_main(capsys, "history", "stats", str(played), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["hands"] == len(hands) and not data["errors"]
    seen = {name for h in hands for name in h["players"]}
    assert {p["player"] for p in data["players"]} == seen
    # Every chip is someone's: the players' winnings add up to nothing (no rake).
    dealt = {name: 0 for name in seen}
    for h in hands:
        for name, a, b in zip(h["players"], h["starting_stacks"], h["finishing_stacks"],
                              strict=True):  # fmt: skip
            dealt[name] += b - a
    assert sum(dealt.values()) == 0


def test_export_keeps_table_and_level_and_imports_back(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, back = tmp_path / "t.txt", tmp_path / "back.phhs"
    code, _, err = run_main(capsys, "history", "export", str(played), "--to", "pokerstars",
                            "--out", str(text))  # fmt: skip
    assert code == 0, err
    first = text.read_text().splitlines()[0]
    assert first.startswith('PokerStars Hand #1: Tournament "straights", Hold\'em No Limit')
    assert " - Level I (" in first
    code, out, err = run_main(capsys, "history", "import", str(text), "--out", str(back))
    assert code == 0 and "error" not in out.lower(), out + err
    original, again = load_file(str(played)), load_file(str(back))
    assert len(again) == len(original)
    assert [h["level"] for h in again] == [h["level"] for h in original]
    assert [str(h["table"]) for h in again] == [str(h["table"]) for h in original]
    assert max(h["level"] for h in again) > 1  # the levels went up during the tournament
    for a, b in zip(original, again, strict=True):
        assert [Decimal(s) for s in replay(b).finishing_stacks] == [
            Decimal(s) for s in a["finishing_stacks"]
        ]


def test_ohh_marks_the_tournament_and_its_level(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.ohh"
    code, _, err = run_main(capsys, "history", "export", str(played), "--to", "ohh",
                            "--out", str(out))  # fmt: skip
    assert code == 0, err
    text, rows, at = out.read_text(), [], 0
    decoder = json.JSONDecoder()
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        row, at = decoder.raw_decode(text, at)
        rows.append(row["ohh"])
    assert rows and all(r["tournament"] for r in rows)
    assert rows[-1]["tournament_info"]["level"] == load_file(str(played))[-1]["level"]
