"""Running the ``straights`` command in tests: in a child process or in this one.

>>> run("--help").returncode
0
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from straights.cli.main import main


def run(
    *args: str, stdin: str = "", timeout: float = 300, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``straights *args`` in a fresh interpreter, ``stdin`` as its input, ``env`` added
    to the environment; output as text."""
    return subprocess.run(
        [sys.executable, "-m", "straights.cli.main", *args],
        input=stdin,
        env=None if env is None else os.environ | env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``straights *args`` in this process: (exit code, stdout, stderr)."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def play_script(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path, answers: list[str], *args: str
) -> str:
    """``straights play`` on ``db`` answering ``answers`` (a ``--script`` file); its output,
    asserting it exits 0."""
    script = tmp_path / "answers.txt"
    script.write_text("\n".join(answers) + "\n", encoding="utf-8")
    code, out, err = run_main(capsys, "play", "--script", str(script), "--db", str(db), *args)
    assert code == 0, out + err
    return out
