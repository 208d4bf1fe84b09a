"""Runs inside benchmarks/.openspiel-venv: OpenSpiel's C++ CFR+ on Kuhn or Leduc.

Invoked by bench_solver.py as ``python _solver_peers_worker.py GAME ITERATIONS
CHECKPOINTS BUDGET`` (GAME ``kuhn_poker`` or ``leduc_poker``, CHECKPOINTS comma
separated); prints JSON: the exploitability at each checkpoint with the CPU
seconds of iterating so far (exploitability not timed), and how many
iterations a fresh solver runs in BUDGET CPU seconds.
"""

from __future__ import annotations

import json
import sys
import time
from importlib.metadata import version

import pyspiel


def curve(name: str, iterations: int, checkpoints: set[int]) -> list[list[float]]:
    game = pyspiel.load_game(name)
    solver = pyspiel.CFRPlusSolver(game)
    rows: list[list[float]] = []
    cpu = 0.0
    for t in range(1, iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        cpu += time.process_time() - start
        if t in checkpoints:
            rows.append([t, pyspiel.exploitability(game, solver.average_policy()), cpu])
    return rows


def budget(name: str, seconds: float) -> list[float]:
    game = pyspiel.load_game(name)
    solver = pyspiel.CFRPlusSolver(game)
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        solver.evaluate_and_update_policy()
        done += 1
    return [done, time.process_time() - start]


def main() -> None:
    name, iterations, points, seconds = sys.argv[1:5]
    checkpoints = {int(p) for p in points.split(",")}
    out = {
        "version": version("open_spiel"),
        "curve": curve(name, int(iterations), checkpoints),
        "budget": budget(name, float(seconds)),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
