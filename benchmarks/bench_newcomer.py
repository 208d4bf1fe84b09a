"""A newcomer's first minutes: fresh clone, ``make play``, the first ``straights odds``.

Clones this repository (its committed HEAD) into a temporary folder, runs
``make play`` in a pseudo-terminal, as a person does, and prints the time to
the game's first prompt (``Your turn``), answered with ``q``; then waits for
the warm-up that ``make play`` left compiling in the background, and prints
its time, the size of ``.venv`` and the wall time of the first
``straights odds --table "5c 4d 3d ? ?" "Qs 9d" "Qd 3s"`` and of two more, and
of a second ``make play`` (which must install and compile nothing).
``--load N`` keeps N busy processes running meanwhile (a loaded machine).
``--test`` measures ``make test``'s set-up instead (the ``dev`` extra and the
warm-up, not the suite).

Pip's own cache is used (a newcomer's second clone is the common case; the
first download depends on the network), but the kernels and lookup tables
start from nothing: ``STRAIGHTS_CACHE`` points into the temporary folder, and
the game's database too (``XDG_DATA_HOME``).  The machine's load average is
printed alongside: on a shared machine every figure moves with it.

Run: ``python benchmarks/bench_newcomer.py`` (a few minutes; ``--keep`` keeps the clone;
``--load 2`` for a loaded machine).
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
#: The game's first prompt.
PROMPT = "Your turn"


def first_prompt(cwd: Path, env: dict[str, str], limit: float = 1800.0) -> tuple[float, str]:
    """Seconds from starting ``make play`` in a pseudo-terminal to the game's first
    prompt; answers ``q`` and returns them with everything printed."""
    import pexpect

    start = time.perf_counter()
    child = pexpect.spawn("make", ["play"], cwd=str(cwd), env=env, encoding="utf-8",
                          timeout=limit, dimensions=(50, 120))  # fmt: skip
    child.expect(PROMPT)
    seconds = time.perf_counter() - start
    seen = (child.before or "") + PROMPT
    child.sendline("q")
    child.expect(pexpect.EOF)
    seen += child.before or ""
    child.close()
    if child.exitstatus:
        sys.exit(f"make play failed ({child.exitstatus}):\n{seen}")
    return seconds, seen


def busy(workers: int) -> list[subprocess.Popen[bytes]]:
    """``workers`` processes spinning a core each (an engineer's test run, say)."""
    spin = "while True: pass"
    return [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(workers)]


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
    parser.add_argument("--load", type=int, default=0, metavar="N", help="N busy processes")
    args = parser.parse_args()
    load = busy(args.load)
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
            started = time.perf_counter()
            seconds, out = first_prompt(work, env)
            print(f"make play, to the first prompt (in a terminal): {seconds:.0f} s")
            if "deprecated" in out:
                print("  (setuptools warned of a deprecation)")
            stamp = work / ".venv" / ".warmed-up"
            while not stamp.exists():
                time.sleep(1)
            print(f"  the background warm-up was done {time.perf_counter() - started:.0f} s "
                  "after the start")  # fmt: skip
            again, out = first_prompt(work, env)
            print(f"make play again, to the first prompt: {again:.1f} s")
        print(f".venv: {size_mb(work / '.venv'):.0f} MB")
        straights = str(work / ".venv" / "bin" / "straights")
        for run in ("first", "second", "third"):
            seconds, out = timed([straights, *ODDS], work, env)
            assert "89.362%" in out, out
            print(f"{run} straights odds: {seconds:.2f} s (CPU {LAST_CPU:.2f} s)")
        print(f"load average after: {os.getloadavg()[0]:.1f}")
    finally:
        for process in load:
            process.kill()
        if args.keep:
            print(f"kept {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
