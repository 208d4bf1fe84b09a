"""Whole tournaments played by bots on one core: seconds, deals a second, and the share
of the time spent outside the deals (seating, balancing, breaking, bookkeeping).

    .venv/bin/python benchmarks/bench_tournament.py [--fields 18 90 450] [--json]

Each field plays a turbo no-limit hold'em tournament at tables of nine with the
``strength``, ``calling`` and ``random`` bots in turn, seed 1; the figure is the
best of ``--repeat`` runs (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence

import straights.tournament.bots as driver
from straights.bots import arena
from straights.bots.base import Bot
from straights.poker.engine import Deal
from straights.poker.view import Move
from straights.tournament import Tournament, TournamentConfig, play_bots, preset


def run_once(players: int) -> dict[str, float]:
    """One ``players`` tournament, timed, with the time inside the deals apart."""
    play = arena.play_deal
    in_deals = 0.0

    def timed(
        deal: Deal, bots: Sequence[Bot], apply: Callable[[Move], object] | None = None
    ) -> None:
        nonlocal in_deals
        start = time.perf_counter()
        play(deal, bots, apply)
        in_deals += time.perf_counter() - start

    driver.play_deal = timed
    config = TournamentConfig(table_size=9, schedule=preset("turbo"))
    t = Tournament(config, [f"P{i}" for i in range(players)], seed=1)
    start = time.perf_counter()
    try:
        play_bots(t, ["strength", "calling", "random"], seed=1)
    finally:
        driver.play_deal = play
    seconds = time.perf_counter() - start
    return {"players": players, "seconds": seconds, "deals": t.deals,
            "deals_per_second": t.deals / seconds,
            "outside_deals": (seconds - in_deals) / seconds}  # fmt: skip


def measure(players: int, repeat: int) -> dict[str, float]:
    """The best of ``repeat`` runs of a ``players`` tournament."""
    return min((run_once(players) for _ in range(repeat)), key=lambda r: r["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fields", type=int, nargs="+", default=[18, 90, 450])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(n, args.repeat) for n in args.fields]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'players':>8} {'deals':>6} {'seconds':>8} {'deals/s':>8} {'outside deals':>14}")
    for r in rows:
        print(f"{r['players']:>8} {r['deals']:>6} {r['seconds']:>8.2f} "
              f"{r['deals_per_second']:>8.0f} {100 * r['outside_deals']:>13.1f}%")  # fmt: skip


if __name__ == "__main__":
    main()
