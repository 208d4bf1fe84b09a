"""The `straights showdown` and `straights deal` commands, run as a user would."""

from __future__ import annotations

import json

import pytest
from clitools import run

from straights.cli.main import main


def test_showdown_prints_the_verdict() -> None:
    out = run("showdown", "--table", "5c 4d 3d 2h Jh", "Qs 9d", "Qd 3s")
    assert out.returncode == 0, out.stderr
    # People count from 1: the second hand given (index 1 in JSON) is "Player 2".
    assert "Player 2 wins: priority card 3♠ (rule 7)" in out.stdout
    assert "Player 0" not in out.stdout
    assert "5♣-4♦-3♠-2♥" in out.stdout


def test_showdown_json() -> None:
    out = run("showdown", "--table", "5c 4d 3d 2h Jh", "Qs 9d", "Qd 3s", "--json")
    data = json.loads(out.stdout)
    assert data["winner"] == 1 and data["rule"] == 7
    assert data["players"][1]["priority"] == "3s"


def test_showdown_pack_52_and_rule_10() -> None:
    out = run("showdown", "--table", "S T R 8h 4d", "8d 2c", "Kd Qd", "--json")
    assert json.loads(out.stdout)["winner"] is None
    out = run("showdown", "--pack", "52", "--table", "5c 4d 3d 2h Jh", "Qs 9d", "Qd 3s", "--json")
    assert json.loads(out.stdout)["pack"] == 52


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--table", "5c 4d 3d 2h Jh", "Xx 9d", "Qd 3s"], "'Xx' is not a card"),
        (["--table", "5c 4d 3d 2h Jh", "1h 9d", "Qd 3s"], "'1h' is not a card"),
        (["--table", "5c 4d 3d 2h Jh", "5c 9d", "Qd 3s"], "5c appears twice"),
        (["--table", "5c 4d 3d 2h", "Qs 9d", "Qd 3s"], "holds 4 cards"),
        (["--table", "5c 4d 3d 2h Jh", "Qs", "Qd 3s"], "hold 1 card"),
        (["--pack", "52", "--table", "5c 4d 3d 2h S", "Qs 9d", "Qd 3s"], "S in the table"),
        (["--table", "", "Qs 9d", "Qd 3s"], "holds no cards"),
    ],
)
def test_bad_input_is_one_clear_line(args: list[str], message: str) -> None:
    out = run("showdown", *args)
    assert out.returncode == 2
    assert out.stderr.startswith("error: ") and message in out.stderr
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1


def call(*args: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    assert info.value.code in (0, None)


def test_deal_is_repeatable_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    call("deal", "--seed", "11", "--players", "5", "--json")
    first = json.loads(capsys.readouterr().out)
    call("deal", "--seed", "11", "--players", "5", "--json")
    assert json.loads(capsys.readouterr().out) == first
    assert len(first["players"]) == 5
