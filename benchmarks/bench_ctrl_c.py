"""Ctrl-C on ``straights solve``, as a person types it: the time to exit, and what is left.

Runs ``straights solve -n 1000000 --executor EXECUTOR`` in a pseudo-terminal (the
tests' ``tests/ptytools.py``), waits until it is solving, lets it work for a
second, types Ctrl-C and times how long the command takes to end; then checks
that no process of the run (the workers included: each carries the run's token
in its environment) is still alive.  Prints one line per run and the min /
median / max; the issue asks for every command to end within 3 s.

Run: ``python benchmarks/bench_ctrl_c.py --executor ray --runs 10`` (needs the
``ray`` extra for ``ray``; ``processes`` needs nothing more).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from ptytools import finish, leftovers, spawn


def one(executor: str, folder: Path) -> tuple[float, int, int]:
    """One run: seconds from Ctrl-C to the end, the exit status, processes left."""
    child = spawn("solve", "-n", "1000000", "--executor", executor,
                  "-o", str(folder / "s.npz"))  # fmt: skip
    child.expect("solving", timeout=180)
    time.sleep(1.0)  # at work
    started = time.monotonic()
    child.sendintr()
    done = finish(child, timeout=30)
    took = time.monotonic() - started
    return took, done.status, len(leftovers(child.token, wait=0.0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--executor", default="ray")
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for k in range(args.runs):
            took, status, left = one(args.executor, Path(folder))
            times.append(took)
            print(f"run {k + 1}: {took:.2f} s, status {status}, {left} processes left",
                  flush=True)  # fmt: skip
    print(f"{args.executor}: min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s over {len(times)} runs")  # fmt: skip


if __name__ == "__main__":
    main()
