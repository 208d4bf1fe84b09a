"""Every option of ``play``, ``simulate`` and ``serve`` applies or is refused in one line,
and every command the program suggests runs as printed from where the user is."""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from clitools import run_main

from straights.cli.game_setup import game_options
from straights.errors import ConfigurationError


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "razz", "--ante", "5"),
         "error: --ante 5: razz posts its own antes and bring-in or blinds "
         "(`straights games razz`); --ante sets Straights' ante only\n"),
        (("--game", "holdem", "--pack", "55"),
         "error: --pack 55: holdem deals from its own 52-card pack; "
         "--pack 52 or 55 chooses Straights' pack\n"),
        (("--game", "pai-gow", "--betting", "limit"),
         "error: --betting limit: Pai Gow is played against the bank with no betting rounds, "
         "one 53-card pack and a fixed bet; drop it\n"),
        (("--game", "pai-gow", "--ante", "2"),
         "error: --ante 2: Pai Gow is played against the bank with no betting rounds, "
         "one 53-card pack and a fixed bet; drop it\n"),
        (("--game", "razz", "--betting", "no-limit"),
         "error: --betting no-limit: razz is played fixed-limit only; drop --betting\n"),
        (("--game", "dealers-choice", "--pack", "52"),
         "error: --pack 52: at dealer's choice each game deals with its own pack; drop it\n"),
        (("--game", "omaha", "--betting", "doubling"),
         "error: --betting doubling: choose limit, pot-limit or no-limit\n"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_options_a_game_does_not_take_are_refused(
    capsys: pytest.CaptureFixture[str], command: str, args: tuple[str, ...], message: str
) -> None:
    code, out, err = run_main(capsys, command, *args)
    assert (code, out, err) == (2, "", message)


def test_betting_limit_at_holdem_deals_limit_holdem(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--game", "holdem", "--players", "3", "--hands", "2", "--seed", "1")
    code, out, err = run_main(capsys, *args, "--betting", "limit", "--json")
    assert code == 0, err
    assert json.loads(out)["game"] == "limit-holdem"
    code, out, err = run_main(capsys, *args, "--betting", "pot-limit", "--json")
    assert json.loads(out)["game"] == "pot-limit-holdem"
    code, out, err = run_main(capsys, *args, "--json")  # no --betting: hold'em as named
    assert json.loads(out)["game"] == "holdem"
    code, out, err = run_main(capsys, *args, "--pack", "52", "--json")  # its own pack: fine
    assert (code, json.loads(out)["game"]) == (0, "holdem")


def test_straights_takes_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "simulate", "--game", "straights", "--betting", "no-limit",
                              "--ante", "2", "--pack", "52", "--hands", "3", "--json")  # fmt: skip
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["game"], summary["ante"]) == ("straights-52-no-limit", 2)


def test_defaults_are_not_typed_options() -> None:
    # Called with the values only the defaults would give, nothing is refused.
    assert game_options("razz", {}) == "razz"
    with pytest.raises(ConfigurationError, match="--pack 55"):
        game_options("razz", {"pack": 55})


def test_seats_out_of_range_name_no_library_flag(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (("play", "--seats", "0"), ("simulate", "--players", "30")):
        code, _, err = run_main(capsys, *args)
        assert code == 2 and "allow_many_seats" not in err
        assert err.endswith("a table seats 2 to 10 players\n")


def test_games_shows_what_a_table_seats_and_how_straights_bets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run_main(capsys, "games", "straights-no-limit", "--json")
    row = json.loads(out)
    assert (row["betting"], row["max_players"]) == ("no-limit (doubling raises)", 10)
    _, out, _ = run_main(capsys, "games", "straights", "--json")
    assert json.loads(out)["betting"] == "limit (doubling raises)"


def test_one_history_is_singular(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "one.phhs"
    code, out, err = run_main(capsys, "simulate", "--hands", "1", "--players", "2",
                              "--no-progress", "--out", str(path))  # fmt: skip
    assert code == 0, err
    assert f"wrote 1 hand history to {path}\n" in out
    assert "1 deal of straights, 2 seats" in out


def test_serve_refuses_before_its_banner(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    code, out, err = run_main(capsys, "serve", "--forwarded-allow-ips", "")
    assert (code, out) == (2, "")
    assert err == "error: --forwarded-allow-ips is used with --proxy-headers only: add it\n"
    code, out, err = run_main(capsys, "serve", "--allowed-host", "")
    assert (code, out) == (2, "")
    assert err.startswith("error: --allowed-host '': give a host name like example.org")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_main(capsys, "serve", "--port", str(port), "--db", "sqlite://")
    assert (code, out) == (2, "")  # no banner
    assert err == (
        f"error: --port {port}: 127.0.0.1 port {port} is in use by another program: "
        "stop it, or choose another --port\n"
    )


def test_suggested_commands_run_as_printed(tmp_path: Path) -> None:
    """Where ``straights`` is not on the PATH (after ``make play``), the game says how to
    resume with the script's path, and that line, pasted into a shell, resumes it."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "straights").exists():
        pytest.skip("needs the straights console script beside this python (pip install -e)")
    venv = bin_dir.parent
    path = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if Path(p) != bin_dir)
    env = {**os.environ, "PATH": path}
    db = tmp_path / "mine.db"
    first = subprocess.run(
        [str(bin_dir / "straights"), "play", "--game", "razz", "--db", str(db), "--script", "-"],
        input="q\n", capture_output=True, text=True, cwd=venv, env=env, timeout=120,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    line = first.stdout.strip().splitlines()[-1]
    expected = f"`bin/straights play --game razz --resume --db {db}`"
    assert line == f"Table 1 is saved: {expected} continues it."
    again = subprocess.run(
        shlex.split(expected.strip("`")), input="q\n", capture_output=True, text=True,
        cwd=venv, env=env, timeout=120,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert "Resuming table 1" in again.stdout
    # With the script on the PATH, the short form.
    env["PATH"] = f"{bin_dir}{os.pathsep}{path}"
    shown = subprocess.run(
        [str(bin_dir / "straights"), "history", "show", "999", "--db", str(db)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert shown.stderr.endswith("see `straights history list`\n")
