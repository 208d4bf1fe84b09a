"""``straights history replay``: every hand's variant and finishing stacks, or its error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from straights.cli.main import app, main

HAND = """variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [10, 10.5]
actions = ["d dh p1 AsAd", "d dh p2 KcKd", "p2 cc", "p1 cc",
           "d db 2c3d9h", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc",
           "d db Jh", "p1 cc", "p2 cc", "p1 sm AsAd", "p2 sm KcKd"]
"""


def test_replay_prints_each_hand_as_json(tmp_path: Path) -> None:
    good = tmp_path / "one.phh"
    good.write_text(HAND, encoding="utf-8")
    bad = tmp_path / "two.phhs"
    bad.write_text("[1]\n" + HAND.replace('"FT"', '"XYZ"'), encoding="utf-8")
    broken = tmp_path / "three.phh"
    broken.write_text("variant = ", encoding="utf-8")
    files = [str(good), str(bad), str(broken)]
    result = CliRunner().invoke(app, ["history", "replay", *files, "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    # heads-up p1 posts the big blind 2, p2 the small blind 1; p1's aces win 2 from p2
    assert rows[0] == {"file": str(good), "index": 0, "variant": "FT",
                       "finishing_stacks": [12, 8.5]}  # fmt: skip
    assert rows[1]["variant"] == "XYZ" and "is not a variant" in rows[1]["error"]
    assert rows[2]["index"] == 0 and rows[2]["error"].startswith("not a PHH (TOML) text")


def test_replay_reads_the_straights_tables_own_histories(tmp_path: Path) -> None:
    from straights.game import Table, TableConfig
    from straights.game.phh import dumps_phh, hand_to_phh

    table = Table(TableConfig(seats=2), ["ann", "bob"], seed=4)
    hand = table.start_hand()
    while not hand.finished:
        table.act(hand.actor, "check" if hand.can_check(hand.actor) else "call")
    path = tmp_path / "str.phh"
    path.write_text(dumps_phh(hand_to_phh(hand)), encoding="utf-8")
    result = CliRunner().invoke(app, ["history", "replay", str(path), "--json"])
    row = json.loads(result.output)
    assert row["variant"] == "STR" and row["finishing_stacks"] == list(hand.stacks)


def test_replay_names_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["history", "replay", "no-such-file.phh"])
    assert stop.value.code == 2
    assert "error: cannot read 'no-such-file.phh'" in capsys.readouterr().err
