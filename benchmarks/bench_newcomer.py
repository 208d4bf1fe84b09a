"""A newcomer's first minutes: fresh clone, ``make play``, the first ``straights odds``.

Clones this repository (its committed HEAD) into a temporary folder, runs
``make play`` with a scripted game (two calls, then ``q``), and prints the
set-up time, the size of ``.venv`` and the wall time of the first
``straights odds --table "5c 4d 3d ? ?" "Qs 9d" "Qd 3s"`` and of two more.
``--test`` measures ``make test``'s set-up instead (the ``dev`` extra and the
warm-up, not the suite).

Pip's own cache is used (a newcomer's second clone is the common case; the
first download depends on the network), but the kernels and lookup tables
start from nothing: ``STRAIGHTS_CACHE`` points into the temporary folder, and
the game's database too (``XDG_DATA_HOME``).  The machine's load average is
printed alongside: on a shared machine every figure moves with it.

Run: ``python benchmarks/bench_newcomer.py`` (a few minutes; ``--keep`` keeps the clone).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ODDS = ["odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s"]
SCRIPT = "c\nc\nq\n"  # call, call, quit: enough to see a deal run
LAST_CPU = 0.0


def environment(home: Path) -> dict[str, str]:
    """The caller's environment without its Python set-up, with caches under ``home``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["STRAIGHTS_CACHE"] = str(home / "cache")
    env["XDG_DATA_HOME"] = str(home / "data")
    env.pop("NUMBA_CACHE_DIR", None)
    return env


def clone(dest: Path) -> None:
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(dest)], check=True)


def timed(cmd: list[str], cwd: Path, env: dict[str, str], stdin: str = "") -> tuple[float, str]:
    """Wall seconds and combined output of ``cmd``; raises if it fails.

    The CPU seconds it used (all threads, children included) are in :data:`LAST_CPU`:
    unlike wall time they barely move with other programs' load.
    """
    global LAST_CPU
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        cmd, cwd=cwd, env=env, input=stdin, text=True, capture_output=True, check=False
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    LAST_CPU = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return seconds, done.stdout + done.stderr


def size_mb(path: Path) -> float:
    total = sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())
    return total / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--test", action="store_true", help="measure make test's set-up")
    parser.add_argument("--keep", action="store_true", help="keep the clone")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="straights-newcomer-"))
    work = home / "straights"
    env = environment(home)
    try:
        clone(work)
        print(f"fresh clone of {REPO} in {work}")
        print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if args.test:
            seconds, out = timed(["make", "setup-dev"], work, env)
            print(
                f"make setup-dev (make test's set-up: dev extra, warm-up): {seconds:.0f} s "
                f"(CPU {LAST_CPU:.0f} s)"
            )
        else:
            seconds, out = timed(["make", "play"], work, env, SCRIPT)
            if "Final chips" not in out:
                sys.exit(f"make play did not run a game:\n{out}")
            print(
                f"make play (install, warm-up, a scripted game): {seconds:.0f} s "
                f"(CPU {LAST_CPU:.0f} s)"
            )
        for line in out.splitlines():  # the warm-up's steps
            if line.startswith(("✓", "fast kernels ready")):
                print(f"  {line}")
        print(f".venv: {size_mb(work / '.venv'):.0f} MB")
        straights = str(work / ".venv" / "bin" / "straights")
        for run in ("first", "second", "third"):
            seconds, out = timed([straights, *ODDS], work, env)
            assert "89.362%" in out, out
            print(f"{run} straights odds: {seconds:.2f} s (CPU {LAST_CPU:.2f} s)")
        print(f"load average after: {os.getloadavg()[0]:.1f}")
    finally:
        if args.keep:
            print(f"kept {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
