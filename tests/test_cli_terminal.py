"""Commands as a person runs them: in a pseudo-terminal, with progress drawn and Ctrl-C typed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from ptytools import TOKEN, finish, leftovers, marked, run, spawn

pytest.importorskip("numba")


def test_solve_draws_its_progress_and_finishes_in_a_terminal(tmp_path: Path) -> None:
    done = run("solve", "--game", "kuhn", "-n", "50", "-o", str(tmp_path / "kuhn.npz"))
    assert done.status == 0, done.output
    assert "Traceback" not in done.output
    assert f"average strategy written to {tmp_path / 'kuhn.npz'}" in done.output.replace("\n", "")
    assert (tmp_path / "kuhn.npz").is_file()


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


@pytest.mark.parametrize(
    "executor",
    ["serial", "threads", "processes",
     pytest.param("ray", marks=pytest.mark.skipif(not _has("ray"), reason="the ray extra "
                                                  "is not installed"))],
)  # fmt: skip
def test_ctrl_c_ends_solve_and_its_workers_within_3_s(tmp_path: Path, executor: str) -> None:
    child = spawn("solve", "-n", "1000000", "--executor", executor, "-o", str(tmp_path / "s.npz"))
    child.expect("solving", timeout=120)  # (a local Ray starts first)
    time.sleep(1.0)  # the workers are busy
    started = time.monotonic()
    child.sendintr()
    done = finish(child, timeout=10)
    assert time.monotonic() - started < 3.0
    assert done.status == 130
    assert done.output.rstrip().endswith("interrupted")
    assert "Traceback" not in done.output
    assert leftovers(child.token, wait=0.5) == []


def _free_port() -> str:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])


#: Commands that run long, each with what it draws once it is at work.
LONG = {
    "simulate": (["simulate", "-n", "10000000", "--seed", "1"], "Dealing"),
    "simulate holdem": (["simulate", "--game", "holdem", "-n", "10000000"], "Dealing"),
    "simulate pai-gow": (["simulate", "--game", "pai-gow", "-n", "10000000"], "Dealing"),
    "odds": (["odds", "Qs 9d", "Qd 3s", "--samples", "900000000000"], "sampling"),
    "stats": (["stats", "-r", "ace-to-five", "--cards", "5", "--jokers", "1"], "counting"),
    # the count of five-card hands tried, its rate and the time left (which Rich may wrap);
    # Canadian stud's ranking has no compiled key (the compiled ones rank 52 cards at once)
    "rank": (
        ["rank", "-r", "canadian", " ".join(r + s for r in "23456789TJQKA" for s in "cdhs")],
        r"(?s)/2,598,960.{1,400}?[\d,]+ five-card.{1,100}?hands/s.{1,400}?left",
    ),
    "serve": (["serve", "--port", "PORT", "--db", "DB"], "Uvicorn running"),
}


@pytest.mark.parametrize("name", list(LONG))
def test_ctrl_c_ends_every_long_command_within_3_s(tmp_path: Path, name: str) -> None:
    args, busy = LONG[name]
    args = [_free_port() if a == "PORT" else str(tmp_path / "s.db") if a == "DB" else a
            for a in args]  # fmt: skip
    child = spawn(*args, cwd=tmp_path)
    if busy:
        child.expect(busy, timeout=90)
    time.sleep(1.5)  # well at work
    assert child.isalive(), "the command ended before Ctrl-C"
    started = time.monotonic()
    child.sendintr()
    done = finish(child, timeout=10)
    assert time.monotonic() - started < 3.0
    assert done.status == 130, done.output[-500:]
    assert "Traceback" not in done.output
    assert done.output.rstrip().endswith("interrupted")
    assert leftovers(child.token, wait=0.5) == []


def test_sigint_to_solve_alone_ends_its_worker_processes(tmp_path: Path) -> None:
    """``kill -INT`` reaches the main process only: it must end the workers itself."""
    token = uuid.uuid4().hex
    child = subprocess.Popen(
        [sys.executable, "-m", "straights.cli.main", "solve", "-n", "1000000",
         "--executor", "processes", "-o", str(tmp_path / "s.npz")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=os.environ | {TOKEN: token},
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(marked(token)) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)  # the main process and its two workers
    assert len(marked(token)) >= 3
    started = time.monotonic()
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=10)
    assert time.monotonic() - started < 3.0
    assert (child.returncode, err) == (130, "interrupted\n")
    assert leftovers(token, wait=0.5) == []
