"""The newcomer's path: a fresh clone, ``make play`` with scripted answers, then ``odds``.

Slow (a few minutes: it installs a virtual environment, and ``make play`` leaves
every kernel compiling in the background, which the test waits for).  It clones
the committed HEAD of this checkout and uses pip's cache; kernels, lookup tables
and the game's database go to a temporary folder.  The
time of the first ``odds`` is measured by ``benchmarks/bench_newcomer.py``;
here the proof is that it compiles nothing.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ODDS = ["odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s"]

COUNT_COMPILES = """
from straights.fast.warm import watch_compilation
compiled = []
watch_compilation(lambda: compiled.append(1), lambda: None)
from straights.cli.main import main
try:
    main(["odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s"])
except SystemExit as exit:
    assert not exit.code
print("compilations:", len(compiled))
"""


@pytest.mark.slow
def test_fresh_clone_make_play_then_odds(tmp_path: Path) -> None:
    clone = tmp_path / "straights"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.pop("NUMBA_CACHE_DIR", None)
    env |= {"STRAIGHTS_CACHE": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "data")}

    def run(*cmd: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            cmd, cwd=clone, env=env, input=stdin, capture_output=True, text=True, timeout=3600
        )
        assert done.returncode == 0, f"{cmd}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    played = run("make", "play", stdin="c\nc\nq\n")
    assert "compiling the fast kernels in the background" in played.stderr
    assert "deprecated" not in played.stdout + played.stderr  # setuptools has no complaint
    assert "Your turn" in played.stdout and "Final chips" in played.stdout
    assert "run it as .venv/bin/straights" in played.stdout
    stamp = clone / ".venv" / ".warmed-up"  # the background warm-up is done
    deadline = time.monotonic() + 1800
    while not stamp.exists() and time.monotonic() < deadline:
        time.sleep(1)
    assert stamp.exists(), (Path(env["STRAIGHTS_CACHE"]) / "warm-up.log").read_text()
    again = run("make", "play", stdin="q\n")  # installs and compiles nothing now
    assert "pip install" not in again.stdout and "background" not in again.stderr

    bin_ = clone / ".venv" / "bin"
    probe = "import importlib.util as u, sys; print(*[m for m in sys.argv[1:] if u.find_spec(m)])"
    tools = ("pytest", "hypothesis", "mypy", "ruff", "playwright", "ray")
    assert run(str(bin_ / "python"), "-c", probe, *tools).stdout.split() == []
    wanted = ("numba", "numpy", "starlette", "uvicorn", "matplotlib", "sqlalchemy", "alembic")
    assert run(str(bin_ / "python"), "-c", probe, *wanted).stdout.split() == list(wanted)

    first = run(str(bin_ / "python"), "-c", COUNT_COMPILES)  # the first odds after set-up
    assert "10.638%" in first.stdout and "89.362%" in first.stdout  # 120 and 1,008 of 1,128
    assert first.stdout.rsplit("compilations:", 1)[1].split() == ["0"]
    assert "89.362%" in run(str(bin_ / "straights"), *ODDS).stdout

    init = (ROOT / "src/straights/__init__.py").read_text()
    version = re.search(r'__version__ = "([^"]+)"', init)
    assert version is not None
    assert run(str(bin_ / "straights"), "--version").stdout.split() == ["straights", version[1]]
