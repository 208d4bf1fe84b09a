"""The rank, compare and stats commands."""

from __future__ import annotations

import json

import pytest
from clitools import run_main

# seeds/003_*.txt, exactly as `stats --json` must print it.
SEED_003_JSON = (
    '{"total": 2598960, "categories": {"straight flush": 40, "four of a kind": 624, '
    '"full house": 3744, "flush": 5108, "straight": 10200, "three of a kind": 54912, '
    '"two pair": 123552, "one pair": 1098240, "high card": 1302540}}'
)


def test_stats_json_is_exactly_the_seed_003_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "stats", "--ranking", "high", "--cards", "5", "--json")
    assert code == 0
    assert out.strip() == SEED_003_JSON


def test_stats_table_with_jokers_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "stats", "--cards", "5", "--jokers", "1")
    assert code == 0
    assert "five of a kind" in out and "2,869,685" in out and "13" in out
    code, out, _ = run_main(capsys, "stats", "-r", "manila", "-n", "5", "--json")
    assert json.loads(out)["total"] == 201376
    code, out, _ = run_main(capsys, "stats", "-n", "5", "--wild-rank", "2", "--bug", "--json")
    assert code == 0 and json.loads(out)["total"] == 2598960
    code, out, _ = run_main(capsys, "stats", "-r", "short", "-n", "5", "-o", "trips=below-straight")
    assert code == 0 and "three of a kind" in out


def test_rank_explains_a_wild_flush(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "rank", "Jk Th 8h 5h 4h", "--ranking", "high")
    assert code == 0
    assert "Flush, ace high" in out and "plays as" in out
    code, out, _ = run_main(capsys, "rank", "Jk Th 8h 5h 4h", "--json")
    data = json.loads(out)
    assert data["category"] == "flush" and data["wild"] == {"Jk": "Ah"}


def test_compare_says_who_wins_or_splits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "compare", "As Ah Kd Kc 2s", "Qs Qh Qd 3c 4s", "--json")
    data = json.loads(out)
    assert code == 0 and data["winners"] == [1] and not data["split"]
    code, out, _ = run_main(capsys, "compare", "8s 7s", "8h 7d", "--table", "6c 5c 4h Kd 2s")
    assert "Split between hands 1, 2" in out  # people count from 1; JSON keeps 0-based
    hands = ("9s Jk Jk 5d 3c", "9c 9d 9h 4h 2h")  # seed 003: natural nines win on fewer wilds
    code, out, _ = run_main(capsys, "compare", *hands)
    assert "Hand 1 wins" in out and "hand 0" not in out
    code, out, _ = run_main(capsys, "compare", *hands, "--natural", "fewer-wilds")
    assert "Hand 2 wins" in out


def test_cli_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "rank", "2c 3d", "--ranking", "manila")
    assert code == 2 and err.startswith("error: 2c is not in the manila deck")
    code, _, err = run_main(capsys, "rank", "As", "-o", "nonsense")
    assert code == 2 and "name=value" in err
    code, _, err = run_main(capsys, "compare", "As Ks", "As Qd")
    assert code == 2 and "As appears twice" in err
    code, _, err = run_main(capsys, "stats", "--ranking", "nope")
    assert code == 2 and "'nope' is not a ranking" in err
