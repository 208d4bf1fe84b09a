"""Whole Straights deals per second: 6 seats, random bots, no I/O.

Bots act through views (as everywhere else); a session restarts with full
stacks when a player goes broke.  Run: ``python benchmarks/bench_game.py``.
"""

from __future__ import annotations

import argparse
import time

from straights.bots.arena import PokerArena, simulate
from straights.poker import get_variant


def run(hands: int, betting: str, seats: int) -> tuple[float, float]:
    """Deals per second of wall-clock time and per second of this process's CPU time
    (the second is steadier on a shared machine)."""
    straights = [get_variant("_STR55L" if betting == "limit" else "_STR55N")]
    wall, cpu = time.perf_counter(), time.process_time()
    simulate(
        PokerArena(straights, ["random"], players=seats, stack=100, ante=1), hands=hands, seed=1
    )
    return hands / (time.perf_counter() - wall), hands / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seats", type=int, default=6)
    args = parser.parse_args()
    for betting in ("limit", "no-limit"):
        wall, cpu = run(args.hands, betting, args.seats)
        print(
            f"{betting:9} {args.seats} seats, random bots: {wall:,.0f} hands/s "
            f"({cpu:,.0f} per CPU second)"
        )


if __name__ == "__main__":
    main()
