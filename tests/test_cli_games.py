"""``straights games``: every catalogue variant listed, in a table and as JSON; names looked up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import run, run_main

from straights.paigow import about as paigow
from straights.poker.catalogue import GAME_NAMES, variant_codes
from straights.poker.phh import loads


def test_the_table_lists_every_game_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "games")
    assert code == 0 and err == ""
    # The catalogue, and Pai Gow.
    assert f"{len(variant_codes()) + 1} games" in out and len(variant_codes()) >= 28
    for name in ("holdem", "razz", "omaha-hi-lo", "seven-card-stud", "badugi", "straights"):
        assert f" {name} " in out
    assert "FO/8" in out and "_STR55L" in out


def test_json_covers_every_catalogue_code() -> None:
    result = run("games", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    # The catalogue in its order, then Pai Gow (a banked game outside the catalogue).
    codes = sorted(variant_codes(), key=list(GAME_NAMES).index)
    assert [r["code"] for r in rows] == [*codes, "_PAIGOW"]
    by_code = {r["code"]: r for r in rows}
    assert by_code["NT"]["game"] == "holdem"
    assert by_code["NT"]["deck_size"] == 52 and by_code["NS"]["deck_size"] == 36
    assert by_code["_STR55L"]["deck_size"] == 55
    assert by_code["PO"]["betting"] == "pot-limit"
    assert by_code["FO/8"]["showdown"] == [
        "high (2 hole + 3 board)",
        "ace-to-five low (8 or better, 2 hole + 3 board)",
    ]
    assert by_code["FR"]["showdown"] == ["ace-to-five low"]
    assert all(r["description"] and r["name"] for r in rows)


def test_game_names_are_unique_and_not_codes() -> None:
    names = [n for names in GAME_NAMES.values() for n in names] + list(paigow.GAME_NAMES)
    assert len(names) == len(set(names))
    assert not {n.upper() for n in names} & set(variant_codes())


@pytest.mark.parametrize(
    ("typed", "code"),
    [("razz", "FR"), ("Seven-Card-Stud", "F7S"), ("omaha hi-lo", "FO/8"), ("F2L3D", "F2L3D"),
     ("fo/8", "FO/8"), ("straights", "_STR55L"), ("Hold'em", "NT")],
)  # fmt: skip
def test_a_name_or_code_shows_that_game(
    capsys: pytest.CaptureFixture[str], typed: str, code: str
) -> None:
    status, out, _ = run_main(capsys, "games", typed, "--json")
    assert status == 0
    assert json.loads(out)["code"] == code


def test_one_game_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "games", "razz")
    assert status == 0
    assert "1 game" in out and "Fixed-limit razz" in out
    assert "Streets: third street, fourth street" in out


def test_an_unknown_game_is_one_line_naming_the_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_main(capsys, "games", "[bold]pinochle")
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: '[bold]pinochle' is not a game")
    assert "holdem" in lines[0] and "razz" in lines[0] and "badugi" in lines[0]


@pytest.mark.parametrize(
    ("game", "code"),
    [("straights-no-limit", "_STR55N"), ("straights-52", "_STR52L"),
     ("straights-52-no-limit", "_STR52N")],
)  # fmt: skip
def test_every_straights_game_simulates_in_its_own_code_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, code: str
) -> None:
    out_file = tmp_path / "deals.phhs"
    status, out, err = run_main(capsys, "simulate", "--game", game, "--hands", "4",
                                "--players", "3", "--seed", "2", "--out", str(out_file),
                                "--no-progress")  # fmt: skip
    assert status == 0, out + err
    assert "wrote 4 hand histories" in out
    histories = loads(out_file.read_text(encoding="utf-8"))
    assert [h["variant"] for h in histories] == [code] * 4
    status, out, err = run_main(capsys, "history", "replay", str(out_file), "--json")
    assert status == 0, out + err
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["variant"] for r in rows] == [code] * 4
    assert [r["finishing_stacks"] for r in rows] == [h["finishing_stacks"] for h in histories]


def test_straights_no_limit_plays_in_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("f\n" * 5 + "q\n", encoding="utf-8")
    status, out, err = run_main(capsys, "play", "--game", "straights-no-limit", "--seats", "3",
                                "--seed", "4", "--hands", "2", "--script", str(script))  # fmt: skip
    assert status == 0, out + err
    assert "Straights, No Limit, 55 cards" in out
