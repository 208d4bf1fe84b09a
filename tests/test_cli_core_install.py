"""A core install (``pip install straights``, no NumPy or Numba): what needs no arrays
works, and what does says which extra to install before it starts — never a traceback
mid-game.  NumPy and Numba are hidden by modules of those names, first on the path,
that fail to import as a missing package does."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
MISSING = "raise ModuleNotFoundError(\"No module named '{0}'\", name='{0}')\n"
ACTED = re.compile(r"Equity \d (checks|calls|bets|raises|folds)")
NEEDS_FAST = "needs numpy, which is not installed: pip install 'straights[fast]'\n"


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that hides numpy and numba from a child interpreter."""
    shim = tmp_path_factory.mktemp("core-install")
    for name in ("numpy", "numba"):
        (shim / name).mkdir()
        (shim / name / "__init__.py").write_text(MISSING.format(name), encoding="utf-8")
    return shim


def straights(core: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(core), str(SRC)])}
    return subprocess.run(
        [sys.executable, "-m", "straights.cli.main", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=env, timeout=120,
    )  # fmt: skip


def test_the_shim_hides_numpy(core: Path) -> None:
    done = straights(core, "odds", "Qs 9d", "Qd 3s")
    assert done.returncode == 2
    assert done.stderr == f"error: straights odds {NEEDS_FAST}"


def test_pai_gow_plays_the_house_way_without_numpy(core: Path) -> None:
    done = straights(core, "play", "--game", "pai-gow", "--seed", "1", "--hands", "1",
                     "--no-save", "--script", "-", stdin="\nh\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "in 1 deal(s)" in done.stdout and "Final chips" in done.stdout


def test_pai_gow_simulates_without_numpy(core: Path) -> None:
    done = straights(core, "simulate", "--game", "pai-gow", "-n", "5", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and "house way" in done.stdout


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_pai_gow_equity_bot_is_refused_up_front(core: Path, command: str) -> None:
    args = ["--no-save", "--script", "-"] if command == "play" else ["-n", "5"]
    done = straights(core, command, "--game", "pai-gow", "--bots", "equity", *args)
    assert (done.returncode, done.stdout.strip()) == (2, "")
    assert done.stderr == f"error: --bots: the Pai Gow equity bot {NEEDS_FAST}"


def test_the_equity_bot_plays_straights_and_resumes_without_numpy(
    core: Path, tmp_path: Path
) -> None:
    db = str(tmp_path / "s.db")
    calls = "c\n" * 30 + "q\n"
    first = straights(core, "play", "--bots", "equity", "--seed", "3", "--db", db,
                      "--script", "-", stdin=calls)  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert "error" not in first.stderr and "Traceback" not in first.stderr
    assert ACTED.search(first.stdout) and "is saved" in first.stdout
    again = straights(core, "play", "--resume", "--db", db, "--script", "-", stdin=calls)
    assert again.returncode == 0, again.stderr
    assert "error" not in again.stderr and "Traceback" not in again.stderr
    assert "Resuming table 1" in again.stdout and ACTED.search(again.stdout)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_equity_bot_at_other_games_is_refused_up_front(core: Path, command: str) -> None:
    args = ["--no-save", "--script", "-"] if command == "play" else ["-n", "3"]
    done = straights(core, command, "--game", "holdem", "--bots", "equity", *args)
    assert (done.returncode, done.stdout.strip()) == (2, "")
    assert done.stderr == f"error: the equity bot (--bots equity) {NEEDS_FAST}"
