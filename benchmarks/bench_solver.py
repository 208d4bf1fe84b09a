"""The solver's figures: tree sizes, iterations a second, exploitability after N iterations.

Solves Kuhn poker and Mini Straights (0, 1 and 2 raises a round) serially, prints
a Markdown table for ``docs/solver.md`` and saves the curves as
``docs/img/exploitability.png``.  Run: ``python benchmarks/bench_solver.py``
(about five minutes on one core; ``--iterations`` for the Mini Straights runs).
"""

from __future__ import annotations

import argparse
import time

from straights.solver.game import kuhn, mini_straights
from straights.solver.plot import label, plot_curve
from straights.solver.solve import Solution, solve
from straights.solver.tree import build_tree


def run(name: str, game_iterations: int, raises: int | None) -> tuple[str, Solution, float]:
    game = kuhn() if raises is None else mini_straights(raises=raises)
    start = time.perf_counter()
    build_tree(game)
    built = time.perf_counter() - start
    cpu = time.process_time()
    solution = solve(game, game_iterations)
    print(f"  {name}: {time.process_time() - cpu:.1f} CPU s", flush=True)
    return name, solution, built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--plot", default="docs/img/exploitability.png")
    args = parser.parse_args()
    runs = [
        run("Kuhn poker", 10_000, None),
        run("Mini Straights, no raise", args.iterations, 0),
        run("Mini Straights, 1 raise", args.iterations, 1),
        run("Mini Straights, 2 raises", args.iterations, 2),
    ]
    print()
    print(
        "| game | betting nodes | information sets | nodes | tree built | iterations/s "
        "| iterations | exploitability (mA/hand) | player 1 (mA/hand) | wall |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, s, built in runs:
        last = s.curve[-1]
        print(
            f"| {name} | {len(s.tree.decisions):,} | {s.tree.info_sets:,} | {s.tree.nodes:,} "
            f"| {built:.2f} s | {s.iterations_per_second:,.1f} | {s.iterations:,} "
            f"| {last.milli_antes:.3g} | {1000 * s.value:+.2f} | {s.seconds:.0f} s |"
        )
    print()
    for name, s, _ in runs:
        points = ", ".join(f"{c.iteration}: {c.milli_antes:.3g}" for c in s.curve)
        print(f"{name}: {points}")
    plot_curve([(label(s), s.curve) for _, s, _ in runs], args.plot)
    print(f"\nsaved {args.plot}")


if __name__ == "__main__":
    main()
