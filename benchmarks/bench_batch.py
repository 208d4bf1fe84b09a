"""Steps a second of the batch environment on one core, random legal actions from the masks.

    .venv/bin/python benchmarks/bench_batch.py [--players 2 6] [--betting limit] [--json]

A step is one action at one table, so one call of ``step`` with N tables is N
steps.  The time counts everything a self-play loop pays: drawing a uniformly
random legal action per table from :attr:`StraightsBatch.mask` with NumPy, the
legality check, the kernel, the showdowns and the new deals.  Each figure is
the best of three runs of about ``--seconds`` each after one warm-up run (the
machine may be shared).  The kernels are serial, so this is one core.
The issue's target: 1,000,000 steps a second.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from straights.batch import StraightsBatch

TARGET = 1_000_000


def steps_per_second(
    tables: int, players: int, seconds: float, betting: str = "limit"
) -> tuple[float, float]:
    """(steps/s, deals/s): the best of three timed runs after a warm-up."""
    env = StraightsBatch(tables=tables, players=players, seed=1, betting=betting)  # type: ignore[arg-type]
    rng = np.random.default_rng(1)
    calls = max(1, int(seconds * 2_000_000 / tables))  # about ``seconds`` at 2 M steps/s

    def run(count: int) -> tuple[float, int]:
        deals = 0
        start = time.perf_counter()
        for _ in range(count):
            actions = np.where(env.mask, rng.random((tables, 3)), -1.0).argmax(axis=1)
            _, done = env.step(actions)
            deals += int(done.sum())
        return time.perf_counter() - start, deals

    run(min(calls, 100))
    best = min(run(calls) for _ in range(3))
    return calls * tables / best[0], best[1] / best[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 64, 1024])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows = []
    for players in args.players:
        for tables in args.tables:
            steps, deals = steps_per_second(tables, players, args.seconds, args.betting)
            rows.append(
                {
                    "players": players,
                    "tables": tables,
                    "steps_per_s": steps,
                    "deals_per_s": deals,
                    "target_met": steps >= TARGET,
                }
            )
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| players | tables N | steps/s | deals/s | ≥ 1,000,000 steps/s |")
    print("|---:|---:|---:|---:|:---:|")
    for r in rows:
        print(
            f"| {r['players']} | {r['tables']:,} | {r['steps_per_s']:,.0f} "
            f"| {r['deals_per_s']:,.0f} | {'yes' if r['target_met'] else 'no'} |"
        )


if __name__ == "__main__":
    main()
