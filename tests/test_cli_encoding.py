"""A terminal that cannot encode the game's symbols still gets a game, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys


def test_play_on_an_ascii_terminal_plays_and_leaves_cleanly() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "straights.cli.main", "play", "--seats", "2", "--seed", "3"],
        input=b"q\n",
        capture_output=True,
        env=env,
        timeout=120,
    )
    out, err = done.stdout.decode("ascii"), done.stderr.decode("ascii")
    assert done.returncode == 0, err
    assert "Traceback" not in err and "UnicodeEncodeError" not in err
    assert "Final chips" in out
