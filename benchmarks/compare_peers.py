"""Side by side: this project's batch kernels against treys, phevaluator, eval7 and PokerKit.

    .venv/bin/python benchmarks/compare_peers.py [--limit 20000] [--no-install]

The peers live in their own virtualenv, ``benchmarks/.peers-venv`` (created and
filled from PyPI on the first run), so they never touch the project's
environment.  Every library does the same three jobs:

1. 1,000,000 random 7-card hands (the same hands for everyone);
2. all 2,598,960 five-card hands;
3. exact equity of A♥K♥ against Q♠Q♦ over all 1,712,304 boards.

Peers are called hand by hand from Python, which is how their Python APIs are
used; this project hands a NumPy array to one kernel call.  PokerKit
evaluates about 10^4 hands a second, so it is timed on ``--limit`` hands (and
boards) and scaled up; those rows are marked ``~``.  This project's rows are
single-threaded unless marked.  Ratios are peer time / our time.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numba
import numpy as np
from peer_venv import ensure_venv
from timing import best_of

from straights import fast
from straights.odds import holdem_odds

HERE = Path(__file__).resolve().parent
VENV = HERE / ".peers-venv"
PEERS = ["treys", "phevaluator", "eval7", "pokerkit"]


def ensure_peers(install: bool) -> Path:
    """The interpreter of ``benchmarks/.peers-venv`` (bench_games.py shares it)."""
    return ensure_venv(VENV, PEERS, install)


def ours(hands: np.ndarray[Any, Any]) -> dict[str, float]:
    fives = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    cores = numba.get_num_threads()
    numba.set_num_threads(1)
    out = {
        "seven": best_of(lambda: fast.high_keys(hands)),
        "five": best_of(lambda: fast.high_keys(fives)),
        "equity": best_of(lambda: holdem_odds(["Ah Kh", "Qs Qd"], exact=True)),
    }
    numba.set_num_threads(cores)
    out["seven_all_cores"] = best_of(lambda: fast.high_keys(hands, parallel=True))
    r = holdem_odds(["Ah Kh", "Qs Qd"], exact=True)
    out["equity_counts"] = [  # type: ignore[assignment]
        round(p.win * r.completions) for p in r.players
    ] + [round(r.players[0].tie * r.completions)]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=20_000, help="PokerKit's sample size")
    parser.add_argument("--no-install", action="store_true", help="never create the peer venv")
    parser.add_argument("--json", action="store_true", help="print raw timings as JSON")
    args = parser.parse_args()
    python = ensure_peers(not args.no_install)

    rng = np.random.default_rng(2024)
    hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.bin"
        path.write_bytes(hands.tobytes())
        print("timing the peers (a few minutes) …", file=sys.stderr)
        run = subprocess.run(
            [str(python), str(HERE / "_peers_worker.py"), str(path), str(args.limit)],
            check=True,
            capture_output=True,
            text=True,
        )
    peers: dict[str, dict[str, Any]] = json.loads(run.stdout)
    print("timing this project …", file=sys.stderr)
    me = ours(hands)
    if args.json:
        print(json.dumps({"straights": me, **peers}, indent=2))
        return

    def cell(row: dict[str, Any], key: str) -> str:
        if key not in row:
            return "—"
        mark = "~" if row.get(f"{key}_scaled") else ""
        ratio = row[key] / me[key]
        return f"{mark}{row[key]:.3f} s ({ratio:,.0f}×)"

    print("\n| library | 1 M random 7-card hands | all 2,598,960 5-card hands "
          "| AhKh vs QsQd, 1,712,304 boards |")  # fmt: skip
    print("|---|---|---|---|")
    print(f"| straights (1 thread) | {me['seven']:.4f} s | {me['five']:.4f} s "
          f"| {me['equity']:.4f} s |")  # fmt: skip
    print(f"| straights (all {numba.get_num_threads()} cores) | {me['seven_all_cores']:.4f} s "
          "| | |")  # fmt: skip
    for name, row in peers.items():
        if "error" in row:
            print(f"| {name} | | | failed: {row['error']} |")
            continue
        print(f"| {name} | {cell(row, 'seven')} | {cell(row, 'five')} | {cell(row, 'equity')} |")
    print("\n(×: peer time / straights single-thread time; ~: timed on "
          f"{args.limit:,} and scaled up)")  # fmt: skip
    print("\nAhKh vs QsQd, wins / losses / ties (a check that everyone did the same work):")
    print(f"  straights: {me['equity_counts']} over 1,712,304 boards")
    for name, row in peers.items():
        if "equity_counts" in row:
            print(f"  {name}: {row['equity_counts']} over {row['equity_boards']:,} boards")
    print("(eval7's own py_hand_vs_range_exact answers 0.0 at once for an empty board: it only")
    print(" enumerates from the flop on, so it cannot do this job and is not listed.)")


if __name__ == "__main__":
    main()
