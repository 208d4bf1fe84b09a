"""Two source trees on ``bench_game.py``'s workload, in turns: the ratio of their speeds.

Each tree runs in its own long-lived process (its own ``PYTHONPATH``), warmed up
first; then both play the same chunks of deals (6 seats, random bots through
views, one seed per chunk), taking turns chunk by chunk and swapping who goes
first, so both see the same load.  Reported per structure: the median and range
of the per-chunk ratios (after / before: above 1 when ``--after`` is faster) and
the median deals per CPU second of each.  On a shared machine a single run
swings by 15 %; ratios of neighbouring chunks do not.

    python benchmarks/bench_game_pair.py --before /tmp/preport --after . --chunks 30

(``git archive a18d1b0 | tar -x -C /tmp/preport`` gives the code before the port.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

#: What each process runs: a line ``betting deals seed`` in, its CPU seconds out.
WORKER = """
import sys, time
from straights.bots.arena import PokerArena, simulate
from straights.poker import get_variant
games = {b: [get_variant(c)] for b, c in (("limit", "_STR55L"), ("no-limit", "_STR55N"))}
def run(betting, deals, seed):
    simulate(PokerArena(games[betting], ["random"], players=6, stack=100, ante=1), hands=deals,
             seed=seed)
for betting in games:
    run(betting, 300, 99)
for line in sys.stdin:
    betting, deals, seed = line.split()
    cpu = time.process_time()
    run(betting, int(deals), int(seed))
    print(time.process_time() - cpu, flush=True)
"""


def spawn(tree: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    return subprocess.Popen(
        [sys.executable, "-c", WORKER],
        cwd=tree,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="a source tree (has src/)")
    parser.add_argument("--after", type=Path, required=True, help="another source tree")
    parser.add_argument("--chunks", type=int, default=30, help="chunks per structure")
    parser.add_argument("--deals", type=int, default=400, help="deals per chunk")
    args = parser.parse_args()
    workers = {"before": spawn(args.before.resolve()), "after": spawn(args.after.resolve())}

    def cpu(side: str, betting: str, seed: int) -> float:
        worker = workers[side]
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write(f"{betting} {args.deals} {seed}\n")
        worker.stdin.flush()
        return float(worker.stdout.readline())

    for betting in ("limit", "no-limit"):
        ratios, before, after = [], [], []
        for chunk in range(args.chunks):
            order = ("before", "after") if chunk % 2 == 0 else ("after", "before")
            took = {side: cpu(side, betting, chunk + 1) for side in order}
            ratios.append(took["before"] / took["after"])
            before.append(args.deals / took["before"])
            after.append(args.deals / took["after"])
        print(
            f"{betting:8} after/before {statistics.median(ratios):.3f} "
            f"(chunks {min(ratios):.2f}-{max(ratios):.2f}); deals per CPU second: "
            f"before {statistics.median(before):,.0f}, after {statistics.median(after):,.0f}"
        )
    for worker in workers.values():
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()


if __name__ == "__main__":
    main()
