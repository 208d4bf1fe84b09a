"""`straights odds` and `straights distribution`, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from clitools import run


def test_odds_prints_each_players_chance() -> None:
    out = run("odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s")
    assert out.returncode == 0, out.stderr
    assert "10.638%" in out.stdout and "89.362%" in out.stdout  # 120 and 1,008 of 1,128 deals
    assert "no winner (rule 10" in out.stdout
    assert "exact: 1,128 deals" in out.stdout


def test_odds_json_shape() -> None:
    out = run("odds", "--json", "--exact", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["exact"] is True and data["no_winner"] == 0.0
    assert [p["cards"] for p in data["players"]] == ["Qs 9d", "Qd 3s"]
    assert data["players"][1]["win"] == pytest.approx(1008 / 1128)


def test_odds_holdem_and_samples() -> None:
    out = run("odds", "--json", "--game", "holdem", "--samples", "20000", "--seed", "1",
              "Ah Kh", "Qs Qd")  # fmt: skip
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["exact"] is False and data["completions"] >= 20_000
    assert abs(data["players"][0]["equity"] - 0.4621) < 5 * data["players"][0]["equity_se"]
    text = run("odds", "--game", "holdem", "--table", "Jh Th 2c", "Ah Kh", "Qs Qd")
    assert "equity" in text.stdout and "tie" in text.stdout


def test_odds_errors_are_one_line() -> None:
    for args, message in [
        (("odds", "Qs 9d", "Qs 3s"), "Qs appears twice"),
        (("odds", "--exact", "? ?", "? ?", "? ?", "? ?"), "too many unknown cards"),
        (("odds", "--game", "poker", "Qs 9d"), "'poker' is not known"),
        (("odds", "--game", "holdem", "S 2c", "Qs 3s"), "S, T and R"),
    ]:
        out = run(*args)
        assert out.returncode == 2, (args, out.stdout)
        assert out.stderr.startswith("error: ") and message in out.stderr
        assert "Traceback" not in out.stderr


def test_distribution_json_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "low.png"
    out = run("distribution", "seven-card-low", "--json", "--plot", str(png))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["total"] == 133_784_560
    assert next(iter(data["categories"].items())) == ("5-high", 781_824)
    assert png.read_bytes()[:4] == b"\x89PNG"
    # The alias and the stats command print the same table.
    same = run("stats", "--ranking", "ace-to-five", "--cards", "7", "--json")
    assert json.loads(same.stdout) == data
    bad = run("distribution", "nine-card")
    assert bad.returncode == 2 and "is not a distribution" in bad.stderr


def test_stats_tables_read_as_text() -> None:
    seven = run("distribution", "seven-card")
    assert seven.returncode == 0, seven.stderr
    assert "133,784,560" in seven.stdout and "4,824 distinct hand values" in seven.stdout
    straights = run("stats", "--ranking", "straights")
    assert "S-T-R-8" in straights.stdout and "202,927,725" in straights.stdout
    assert "{" not in straights.stdout  # no Python dicts: one line per number of players
    assert "rule 10, no winner" in straights.stdout and "  2: 0.0" in straights.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stats", "--cards", "-3"], "cannot deal -3 cards from the standard deck"),
        (["stats", "--jokers", "-1"], "jokers=-1"),
        (["stats", "-n", "7", "--plot", "/nonexistent/x.png"], "no folder /nonexistent"),
        (["distribution", "straights", "--plot", "/nonexistent/x.png"], "no folder"),
        (["stats", "--plot", "chart.jpg"], "must end in .png"),
    ],
)
def test_stats_bad_input_is_one_line_before_any_counting(args: list[str], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2, out.stdout
    assert out.stderr.startswith("error: ") and message in out.stderr
    assert out.stderr.count("\n") == 1 and out.stdout == ""


def test_cli_start_does_not_import_numba() -> None:
    code = "import sys, straights.cli.main; print('numba' in sys.modules, 'numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["False", "False"]
