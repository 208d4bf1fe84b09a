"""``straights warm-up --background`` (what ``make play`` runs): it returns at once, one
warm-up runs at a time, and the stamp appears when the work is done; the equity bots
announce a compilation."""

from __future__ import annotations

import fcntl
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from numba import njit
from rich.console import Console

from straights.cli import fast as cli_fast
from straights.cli.game_setup import seat_bots
from straights.fast.lookup import cache_dir


def warm_up(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "straights.cli.main", "warm-up", *args],
                          capture_output=True, text=True, env=env, timeout=120)  # fmt: skip


def test_a_second_background_warm_up_leaves_the_first_be(tmp_path: Path) -> None:
    env = {**os.environ, "STRAIGHTS_CACHE": str(tmp_path)}
    stamp = tmp_path / "stamp"
    with (tmp_path / "warm-up.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # as a warm-up running in the background holds it
        out = warm_up("--background", "--stamp", str(stamp), env=env)
    assert out.returncode == 0, out.stderr
    assert out.stderr.startswith("the fast kernels are being compiled in the background")
    time.sleep(1)
    assert not stamp.exists() and not (tmp_path / "warm-up.log").exists()  # nothing started


@pytest.mark.slow
def test_background_warm_up_returns_at_once_and_stamps_when_done(tmp_path: Path) -> None:
    # The kernel cache of this environment (warm in `make test`): the work is some seconds.
    # Other tests warm the same cache (in the foreground), and one may take the lock
    # between our wait and our start: then ours rightly only says so, and we try again.
    stamp = tmp_path / "stamp"
    for _attempt in range(20):
        _no_other_warm_up(cache_dir() / "warm-up.lock")
        began = time.perf_counter()
        out = warm_up("--background", "--stamp", str(stamp), env=dict(os.environ))
        assert out.returncode == 0, out.stderr
        if not out.stderr.startswith("the fast kernels are being compiled in the background"):
            break
    assert "compiling the fast kernels in the background" in out.stderr
    assert time.perf_counter() - began < 30  # the interpreter's start, not the warm-up
    deadline = time.monotonic() + 600
    while not stamp.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert stamp.exists()
    log = out.stderr.rsplit("log: ", 1)[1].rstrip(")\n")
    assert "Traceback" not in Path(log).read_text()


def _no_other_warm_up(lock: Path) -> None:
    """Wait until no warm-up holds ``lock``: a command another test ran (or one left
    running on this machine) may be warming the same cache, and then a new one rightly
    only says so."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + 600
    with lock.open("a") as handle:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                assert time.monotonic() < deadline, "another warm-up held the lock for 600 s"
                time.sleep(0.5)
                continue
            fcntl.flock(handle, fcntl.LOCK_UN)
            return


@pytest.mark.parametrize("setup", ["ring", "paigow"])
def test_equity_bots_show_the_spinner_while_a_kernel_compiles(
    monkeypatch: pytest.MonkeyPatch, setup: str
) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(cli_fast, "_err", Console(file=screen, force_terminal=True, width=80))
    monkeypatch.setattr(cli_fast, "_stop_watching", [])
    if setup == "ring":
        seat_bots("strength", 2)
        assert cli_fast._stop_watching == []  # no equity bot: nothing to announce
        seat_bots("equity:tight", 2)
    else:
        seat_bots("equity", 2, pai_gow=True)
    try:
        fresh = njit(lambda x: x + 2)  # never cached: its first call compiles
        assert fresh(1) == 3
    finally:
        cli_fast._stop_watching.pop()()
    assert cli_fast.COMPILING in screen.getvalue()


def test_a_background_warm_up_that_cannot_start_does_not_stop_make_play(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {**os.environ, "STRAIGHTS_CACHE": str(blocker / "cache")}  # cannot be made
    out = warm_up("--background", "--stamp", str(tmp_path / "stamp"), env=env)
    assert out.returncode == 0  # make goes on to the game
    assert out.stderr.startswith("no warm-up in the background (")
    assert "kernels compile on first use" in " ".join(out.stderr.split())
