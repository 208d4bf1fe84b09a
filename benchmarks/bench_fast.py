"""Measure every target of the fast-path issue on this machine and print a table.

    .venv/bin/python benchmarks/bench_fast.py [--repeat 5] [--json]

Warm timings are the best of ``--repeat`` runs after one untimed call (the
machine may be shared: the best run is the one least disturbed).  "1 thread"
rows pin Numba to one thread; "all cores" rows use every core.  The first-call
row starts a fresh interpreter and times import + first answer with the disk
caches already warm (run the script twice on a fresh clone).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numba
import numpy as np
from timing import best_of

from straights import fast
from straights.frequencies import count
from straights.odds import holdem_odds, straights_odds


def seven_card() -> object:
    return count("high", 7, kernel=True)


def random_hands(n: int, size: int, pack: int, seed: int = 1) -> np.ndarray[Any, Any]:
    rng = np.random.default_rng(seed)
    out = np.empty((n, size), dtype=np.uint8)
    for start in range(0, n, 500_000):
        rows = min(500_000, n - start)
        out[start : start + rows] = np.argsort(rng.random((rows, pack)), axis=1)[:, :size]
    return out


def threads(n: int) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    def wrap(fn: Callable[[], Any]) -> Callable[[], Any]:
        def run() -> Any:
            before = numba.get_num_threads()
            numba.set_num_threads(n)
            try:
                return fn()
            finally:
                numba.set_num_threads(before)

        return run

    return wrap


FIRST_CALL = """
import time
start = time.perf_counter()
from straights.odds import holdem_odds
r = holdem_odds(["Ah Kh", "Qs Qd"], "Jh Th 2c ? ?")
mid = time.perf_counter()
import numpy as np
from straights import fast
fast.high_keys(np.array([[0, 4, 8, 12, 17, 21, 25]], dtype=np.uint8))
hole = np.array([[0, 4]], dtype=np.uint8)
fast.straights_keys(hole, np.array([[8, 12, 17, 52, 53]], dtype=np.uint8))
print(mid - start, time.perf_counter() - start)
"""


def first_call() -> tuple[float, float]:
    subprocess.run([sys.executable, "-c", FIRST_CALL], check=True, capture_output=True)  # warm
    best = (1e9, 1e9)
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", FIRST_CALL], check=True, capture_output=True, text=True
        )
        a, b = (float(x) for x in out.stdout.split())
        best = min(best, (a, b))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cores = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    rows: list[tuple[str, str, float, str, bool]] = []

    def add(work: str, target: str, value: float, unit: str, met: bool) -> None:
        rows.append((work, target, value, unit, met))
        if not args.json:
            print(f"  {work}: {value:,.3f} {unit}", file=sys.stderr)

    seven = random_hands(10_000_000, 7, 52)
    t = best_of(threads(1)(lambda: fast.high_keys(seven)), args.repeat)
    add("random 7-card standard hands, batch, 1 thread", ">= 100 M/s", 10 / t, "M hands/s",
        10 / t >= 100)  # fmt: skip
    t = best_of(lambda: fast.high_keys(seven, parallel=True), args.repeat)
    add(f"random 7-card standard hands, batch, {cores} cores", "-", 10 / t, "M hands/s", True)

    t = best_of(threads(1)(seven_card), max(1, args.repeat // 2))
    add("all 133,784,560 seven-card hands with category counts, 1 thread", "<= 3 s", t, "s",
        t <= 3)  # fmt: skip
    t = best_of(seven_card, max(1, args.repeat // 2))
    add(f"all 133,784,560 seven-card hands, {cores} cores", "<= 3 s", t, "s", t <= 3)

    job = threads(1)(lambda: holdem_odds(["Ah Kh", "Qs Qd"], exact=True))
    t = best_of(job, args.repeat)
    add("exact AhKh vs QsQd, all 1,712,304 boards, warm, 1 thread", "<= 50 ms", 1000 * t, "ms",
        t <= 0.05)  # fmt: skip
    t = best_of(lambda: holdem_odds(["Ah Kh", "Qs Qd"], exact=True), args.repeat)
    add(f"exact AhKh vs QsQd, warm, {cores} cores", "<= 50 ms", 1000 * t, "ms", t <= 0.05)

    hands = random_hands(10_000_000, 7, 55, seed=2)
    hole, table = np.ascontiguousarray(hands[:, :2]), np.ascontiguousarray(hands[:, 2:])
    t = best_of(threads(1)(lambda: fast.straights_keys(hole, table)), args.repeat)
    add("Straights player-hands, batch, 1 thread", ">= 50 M/s", 10 / t, "M hands/s", 10 / t >= 50)
    t = best_of(lambda: fast.straights_keys(hole, table, parallel=True), args.repeat)
    add(f"Straights player-hands, batch, {cores} cores", "-", 10 / t, "M hands/s", True)

    job = threads(1)(lambda: straights_odds(["Ah Kh", "Qs Qd"], exact=True))
    t = best_of(job, args.repeat)
    add("Straights heads-up exact, all 2,349,060 completions, warm, 1 thread", "<= 200 ms",
        1000 * t, "ms", t <= 0.2)  # fmt: skip
    t = best_of(lambda: straights_odds(["Ah Kh", "Qs Qd"], exact=True), args.repeat)
    add(f"Straights heads-up exact, warm, {cores} cores", "<= 200 ms", 1000 * t, "ms", t <= 0.2)

    odds_first, all_first = first_call()
    add("first call incl. JIT, warm disk cache: import + first odds", "<= 1 s", odds_first, "s",
        odds_first <= 1)  # fmt: skip
    add("first call incl. JIT, warm disk cache: + first batch kernels", "<= 1 s", all_first, "s",
        all_first <= 1)  # fmt: skip

    if args.json:
        print(json.dumps([dict(zip(("work", "target", "value", "unit", "met"), r, strict=True))
                          for r in rows], indent=2))  # fmt: skip
        return
    print(f"\nmachine: {os.cpu_count()} cores, numba {numba.__version__}, numpy {np.__version__}\n")
    print("| work | target | measured | met |")
    print("|---|---|---|---|")
    for work, target, value, unit, met in rows:
        print(f"| {work} | {target} | {value:,.3f} {unit} | {'yes' if met else 'NO'} |")


if __name__ == "__main__":
    main()
