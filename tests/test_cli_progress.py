"""Long work is never silent when piped: a progress line a minute on stderr.

``$STRAIGHTS_PROGRESS_EVERY`` shortens the minute so the tests see the lines at once;
on a terminal the same work draws a bar instead (tests/test_cli_terminal.py).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("numba")

DECK = " ".join(r + s for r in "23456789TJQKA" for s in "cdhs")
#: The time spent, and the rate and the time left once some work is done.
TIMES = r", (\d+ h )?(\d+ min )?\d+ (s|min)(, [\d,.]+(e[-+]\d+)? [\w -]+/s)?(, about .+ left)?"
#: Each long command, and the progress line it must print when piped.
LONG = {
    "solve": (["solve", "-n", "1000000", "-o", "S.npz"],
              r"solving: [\d,]+(/[\d,]+ iterations \(\d+%\)| iterations)" + TIMES),
    "simulate": (["simulate", "-n", "10000000", "--seed", "1"],
                 r"Dealing: [\d,]+/10,000,000 deals \(\d+%\)" + TIMES),
    "odds": (["odds", "Qs 9d", "Qd 3s", "--samples", "900000000000"],
             r"sampling: [\d,]+(/16 parts \(\d+%\)| parts)" + TIMES),
    "stats": (["stats", "-r", "ace-to-five", "--cards", "5", "--jokers", "1"],
              r"counting: [\d,]+/2,869,685 hands \(\d+%\)" + TIMES),
    "rank": (["rank", "-r", "canadian", DECK],  # no compiled key: minutes of Python
             r"ranking 52 cards: [\d,]+/2,598,960 five-card hands \(\d+%\)" + TIMES),
}  # fmt: skip


@pytest.mark.parametrize("name", list(LONG))
def test_long_work_prints_a_progress_line_when_piped(tmp_path: Path, name: str) -> None:
    args, line = LONG[name]
    args = [str(tmp_path / a) if a == "S.npz" else a for a in args]
    env = os.environ | {"STRAIGHTS_PROGRESS_EVERY": "0.5"}
    child = subprocess.Popen(
        [sys.executable, "-m", "straights.cli.main", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert child.stderr is not None
    give_up = threading.Timer(60, child.send_signal, [signal.SIGINT])  # silent: stop it
    give_up.start()
    seen = [""]
    try:
        while True:
            text = child.stderr.readline()
            if not text:
                break
            seen.append(text)
            if re.fullmatch(line, text.rstrip("\n")):
                break
    finally:
        give_up.cancel()
        child.send_signal(signal.SIGINT)
        child.communicate(timeout=10)
    assert re.fullmatch(line, seen[-1].rstrip("\n")), seen[-5:]
