"""The bots measured: time per decision, and chips per deal in six-seat arenas.

1. **Speed.** One six-seat table seats ``equity`` and ``strength`` bots in turn
   and plays ``--timing-deals`` deals; every decision is timed on this thread's
   CPU clock (``time.thread_time``: one core, however busy the machine), so both
   bots are measured in one run over the same kind of situations.
2. **Strength.** For each structure (Limit, No Limit), pack (55, 52) and
   opponent (``random``, ``calling``, ``strength``): ``straights simulate``'s
   arena with three ``equity`` bots and three of the opponent, ``--deals``
   deals, chips per deal with the 95 % interval (mean ± 1.96·sd/√n over the
   bot's seat-deals, as ``simulate --json`` prints).

Run: ``python benchmarks/bench_bots.py [--deals N] [--timing-deals N] [--json]``.
The Numba kernels are compiled first (``straights warm-up``) so no compilation
is timed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from straights.bots.arena import play_hand, simulate
from straights.bots.base import Bot, make_bot
from straights.game import Table, TableConfig
from straights.game.hand import Action
from straights.game.view import SeatView

OPPONENTS = ("random", "calling", "strength")


class Timed:
    """A bot that records the CPU time of each of its decisions."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def act(self, view: SeatView) -> Action:
        start = time.thread_time()
        action = self.bot.act(view)
        self.times.append(time.thread_time() - start)
        return action


def decision_times(deals: int, seed: int = 1) -> dict[str, list[float]]:
    """Seconds per decision of ``equity`` and ``strength`` at one six-seat Limit table."""
    kinds = ["equity", "strength"] * 3
    times: dict[str, list[float]] = {k: [] for k in set(kinds)}
    bots: dict[int, Bot] = {
        i: Timed(make_bot(k, seed * 100 + i), times[k]) for i, k in enumerate(kinds)
    }
    names = [f"{k}{i}" for i, k in enumerate(kinds)]
    played, session = 0, 0
    while played < deals:
        table = Table(TableConfig(seats=6), names, seed=seed * 1000 + session)
        session += 1
        while not table.is_over and played < deals:
            play_hand(table, bots)
            played += 1
    return times


def arena(opponent: str, betting: str, pack: int, deals: int, seed: int) -> dict[str, Any]:
    config = TableConfig(seats=6, betting=betting, pack=pack)  # type: ignore[arg-type]
    cpu = time.process_time()
    result = simulate(config, ["equity", opponent], deals, seed=seed)
    eq, opp = result.bots["equity"], result.bots[opponent]
    return {
        "opponent": opponent,
        "betting": betting,
        "pack": pack,
        "deals": deals,
        "equity_per_deal": eq.mean,
        "equity_ci95": [eq.mean - eq.ci95, eq.mean + eq.ci95],
        "opponent_per_deal": opp.mean,
        "cpu_seconds": time.process_time() - cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000, help="deals per arena")
    parser.add_argument("--timing-deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--packs", default="55,52")
    parser.add_argument("--bettings", default="limit,no-limit")
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()

    from straights.fast.warm import STEPS

    for _, step in STEPS:
        step()
    simulate(TableConfig(seats=6), ["equity"], 5, seed=0)  # compile the bot's kernels

    times = decision_times(args.timing_deals)
    speed = {
        k: {
            "decisions": len(v),
            "median_ms": statistics.median(v) * 1e3,
            "p90_ms": statistics.quantiles(v, n=10)[-1] * 1e3,
            "mean_ms": statistics.fmean(v) * 1e3,
        }
        for k, v in sorted(times.items())
    }
    ratio = speed["strength"]["median_ms"] / speed["equity"]["median_ms"]
    if not args.json:
        print(f"per decision (CPU of one thread, {args.timing_deals} six-seat Limit deals):")
        for k, s in speed.items():
            print(
                f"  {k:9} median {s['median_ms']:.3f} ms, p90 {s['p90_ms']:.3f} ms, "
                f"mean {s['mean_ms']:.3f} ms over {s['decisions']} decisions"
            )
        print(f"  equity is {ratio:.1f}x faster than strength at the median")
        print()
        print(
            "| structure | pack | opponent | deals | equity chips/deal (95% interval) | opponent |"
        )
        print("|---|---|---|---|---|---|")
    arenas = []
    for betting in args.bettings.split(","):
        for pack in (int(p) for p in args.packs.split(",")):
            for opponent in args.opponents.split(","):
                row = arena(opponent, betting, pack, args.deals, args.seed)
                arenas.append(row)
                if not args.json:
                    lo, hi = row["equity_ci95"]
                    print(
                        f"| {betting} | {pack} | {opponent} | {args.deals:,} | "
                        f"{row['equity_per_deal']:+.2f} ({lo:+.2f} … {hi:+.2f}) | "
                        f"{row['opponent_per_deal']:+.2f} |",
                        flush=True,
                    )
    if args.json:
        print(json.dumps({"speed": speed, "speedup": ratio, "arenas": arenas}, indent=2))


if __name__ == "__main__":
    main()
