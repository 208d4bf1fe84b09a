"""The solver against OpenSpiel's C++ CFR+ on Kuhn poker and Leduc hold'em, in one run.

    .venv/bin/python benchmarks/bench_solver.py [--rounds 3] [--budget 3] [--mini] [--no-install]

OpenSpiel lives in its own virtualenv, ``benchmarks/.openspiel-venv`` (created
and filled from PyPI on the first run).  For each game, in each round, the two
engines take turns (straights in this process, OpenSpiel in a worker process)
and each gets the same CPU budget: how many CFR+ iterations it runs in
``--budget`` CPU seconds from a fresh start.  Then both run the same
checkpoints (1, 2, 5 … 10,000 iterations) and the exploitability of their
average strategies is printed side by side; exploitability is not timed.
Ratios are straights ÷ OpenSpiel, per round (min–max).

Also written: ``docs/img/solver_vs_openspiel.png`` (the curves, and this
project's DCFR and predictive CFR+), and OpenSpiel's measured curves to
``src/straights/solver/openspiel_curves.json`` for ``straights solve --plot``.
``--mini`` adds the Mini Straights table of ``docs/solver.md`` (minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from peer_venv import ensure_venv

from straights.solver.game import SmallGame, kuhn, leduc, mini_straights
from straights.solver.kernel import FastSolver
from straights.solver.plot import plot_curve
from straights.solver.solve import Checkpoint, schedule, solve
from straights.solver.tree import build_tree

HERE = Path(__file__).resolve().parent
VENV = HERE / ".openspiel-venv"
WORKER = HERE / "_solver_peers_worker.py"
CURVES = HERE.parent / "src" / "straights" / "solver" / "openspiel_curves.json"
GAMES: dict[str, tuple[str, SmallGame]] = {
    "Kuhn poker": ("kuhn_poker", kuhn()),
    "Leduc hold'em": ("leduc_poker", leduc()),
}


def ours_budget(game: SmallGame, seconds: float) -> float:
    """CFR+ iterations per CPU second, compiled, from a fresh start (compiling excluded)."""
    solver = FastSolver(build_tree(game))
    solver.run(0)
    chunk, start = 1, time.process_time()
    while time.process_time() - start < seconds:
        solver.run(chunk)
        chunk = min(chunk * 2, 4096)
    return solver.iterations / (time.process_time() - start)


def theirs(python: Path, name: str, iterations: int, seconds: float) -> dict[str, Any]:
    points = ",".join(str(p) for p in schedule(iterations))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(python), str(WORKER), name, str(iterations), points, str(seconds)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def budget_rounds(
    python: Path, rounds: int, budget: float, iterations: int = 0
) -> tuple[dict[str, list[tuple[float, float]]], dict[str, dict[str, Any]]]:
    """Per game of :data:`GAMES`, (straights, OpenSpiel) CFR+ iterations per CPU second a
    round, the two taking turns; and OpenSpiel's last answer per game, with its curve to
    ``iterations`` (run once, in the last round; none for 0)."""
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in GAMES}
    peer: dict[str, dict[str, Any]] = {}
    for r in range(rounds):
        for name, (spiel, game) in GAMES.items():
            mine = ours_budget(game, budget)
            last = r == rounds - 1  # the curve once, in the last round
            peer[name] = theirs(python, spiel, iterations if last else 0, budget)
            done, cpu = peer[name]["budget"]
            rates[name].append((mine, done / cpu))
            say = f"straights {mine:,.0f}, OpenSpiel {done / cpu:,.1f} it/CPU s"
            print(f"round {r + 1} {name}: {say}", file=sys.stderr)
    return rates, peer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--budget", type=float, default=3.0, help="CPU seconds a turn")
    parser.add_argument("--iterations", type=int, default=10_000, help="the curves' length")
    parser.add_argument(
        "--plot", default=str(HERE.parent / "docs" / "img" / "solver_vs_openspiel.png")
    )
    parser.add_argument("--mini", action="store_true", help="also the Mini Straights table")
    parser.add_argument("--no-install", action="store_true")
    args = parser.parse_args()
    python = ensure_venv(VENV, ["open_spiel"], not args.no_install)
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} (1 min)")
    rates, peer = budget_rounds(python, args.rounds, args.budget, args.iterations)
    version = next(iter(peer.values()))["version"]
    print()
    print(
        f"| game | straights CFR+ (it/CPU s) | OpenSpiel {version} C++ CFR+ (it/CPU s) "
        "| straights ÷ OpenSpiel (per round) | met |"
    )
    print("|---|---:|---:|---:|---|")
    for name, pairs in rates.items():
        ratios = [a / b for a, b in pairs]
        ours_mid = sorted(a for a, _ in pairs)[len(pairs) // 2]
        theirs_mid = sorted(b for _, b in pairs)[len(pairs) // 2]
        print(
            f"| {name} | {ours_mid:,.0f} | {theirs_mid:,.1f} "
            f"| {min(ratios):,.0f}–{max(ratios):,.0f}× "
            f"| {'yes' if min(ratios) >= 1 else 'no'} |"
        )
    series: list[tuple[str, list[Checkpoint]]] = []
    saved: dict[str, Any] = {"version": version, "algorithm": "CFRPlusSolver", "curves": {}}
    for name, (spiel, game) in GAMES.items():
        print(f"\n{name}: exploitability (chips a hand) at the same iterations")
        print("| iterations | straights CFR+ | OpenSpiel CFR+ | straights DCFR | straights PCFR+ |")
        print("|---:|---:|---:|---:|---:|")
        runs = {a: solve(game, args.iterations, algorithm=a) for a in ("cfr+", "dcfr", "pcfr+")}
        spiel_curve = peer[name]["curve"]
        saved["curves"][spiel] = [[int(t), e] for t, e, _ in spiel_curve]
        for k, (t, e, _) in enumerate(spiel_curve):
            row = [runs[a].curve[k] for a in ("cfr+", "dcfr", "pcfr+")]
            assert all(c.iteration == t for c in row)
            print(
                f"| {t:,} | {row[0].exploitability:.3g} | {e:.3g} | "
                f"{row[1].exploitability:.3g} | {row[2].exploitability:.3g} |"
            )
        print(
            f"{name}: player 1's value under straights CFR+ after {args.iterations:,}: "
            f"{runs['cfr+'].value:+.6f}"
        )
        for a, run in runs.items():
            series.append((f"{name}, straights {a}", run.curve))
        series.append(
            (
                f"{name}, OpenSpiel {version} CFR+",
                [Checkpoint(int(t), (e, e), 0.0, 0.0) for t, e, _ in spiel_curve],
            )
        )
    CURVES.write_text(json.dumps(saved, indent=1) + "\n")
    plot_curve(series, args.plot)
    print(f"\nsaved {args.plot} and {CURVES.relative_to(HERE.parent)}")
    if args.mini:
        mini()


def mini() -> None:
    """The Mini Straights table of docs/solver.md (0, 1 and 2 raises, 1,000 iterations)."""
    print(
        "\n| game | information sets | iterations/CPU s | iterations/s | iterations "
        "| exploitability (mA/hand) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for raises in (0, 1, 2):
        s = solve(mini_straights(raises=raises), 1000)
        print(
            f"| Mini Straights, {raises} raise{'s' * (raises != 1)} | {s.tree.info_sets:,} "
            f"| {s.iterations_per_cpu_second:,.1f} | {s.iterations_per_second:,.1f} "
            f"| {s.iterations:,} | {s.curve[-1].milli_antes:.3g} |"
        )


if __name__ == "__main__":
    main()
