"""The player's edge at Pai Gow poker, the house way on both sides, over many deals.

    .venv/bin/python benchmarks/bench_paigow_edge.py [--deals 1000000] [--seed 2026]
        [--jobs 1] [--players 1] [--json] [--out benchmarks/results/paigow-edge.jsonl]

Each deal is a whole :class:`~straights.paigow.deal.PaiGowDeal` of the engine —
shuffle, dice, seven cards to each spot, the player's hand set the house way
(:func:`~straights.paigow.house_way.house_way`, Foxwoods' published way), the
bank's too, and the settlement with the exact 5 % commission — betting 20 (a
win pays 19).  With ``--players`` above 1 each deal has that many players
against one bank and the deal's mean is one sample (the bets of a deal share
the bank's hand).  The figure is the player's result per chip bet (negative:
the house's edge) with its 95 % interval, from the counts of wins, pushes and
losses, which are whole numbers and so the same for any ``--jobs``.

The deals are cut into chunks of ``--chunk`` deals, each dealt from its own
seed (``seed``, chunk number), so a run is the same whatever ``--jobs``; the
chunks go to ``--jobs`` processes (the machine's cores: each process deals
about 3,500 one-player deals a CPU second).  Progress is drawn on standard
error, a bar on a terminal and a line per tenth otherwise.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

from straights.paigow.deal import PaiGowDeal

BET = 20


@dataclass
class Tally:
    """Counts over deals: ``outcomes`` of the bets, and per deal the sum of the players'
    nets in chips (``total``) and of its square (``squares``) for the interval."""

    deals: int = 0
    bets: int = 0
    win: int = 0
    push: int = 0
    lose: int = 0
    copies: int = 0
    total: int = 0
    squares: int = 0
    rules: dict[str, int] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        for name in ("deals", "bets", "win", "push", "lose", "copies", "total", "squares"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for rule, n in other.rules.items():
            self.rules[rule] = self.rules.get(rule, 0) + n

    def edge(self, players: int) -> tuple[float, float, float]:
        """The player's mean result per chip bet and its 95 % interval (deals as samples)."""
        unit = BET * players
        mean = self.total / self.deals / unit
        var = (self.squares / self.deals / unit**2 - mean**2) * self.deals / (self.deals - 1)
        half = 1.96 * math.sqrt(max(var, 0.0) / self.deals)
        return mean, mean - half, mean + half


def deal_chunk(seed: int, chunk: int, deals: int, players: int) -> Tally:
    """``deals`` deals from the seed (``seed``, ``chunk``), every hand set the house way."""
    rng = random.Random(f"{seed}:{chunk}")
    bets = dict.fromkeys(range(1, players + 1), BET)
    tally = Tally()
    for _ in range(deals):
        deal = PaiGowDeal(bets, rng=rng)
        for seat in bets:
            way = deal.house_way(seat)
            tally.rules[way.rule] = tally.rules.get(way.rule, 0) + 1
            deal.set(seat, way.setting.front)  # the house way's setting, found once
        net = 0
        for result in deal.results.values():
            setattr(tally, result.outcome, getattr(tally, result.outcome) + 1)
            tally.copies += result.back_copy + result.front_copy
            net += result.net
        tally.deals += 1
        tally.bets += players
        tally.total += net
        tally.squares += net * net
    return tally


def _chunks(deals: int, size: int) -> Iterator[tuple[int, int]]:
    for number, start in enumerate(range(0, deals, size)):
        yield number, min(size, deals - start)


class _Progress:
    """A bar on a terminal (rich), else a plain line at each tenth; both on stderr."""

    def __init__(self, total: int) -> None:
        self.total, self.done, self.shown = total, 0, 0
        self.bar = None
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("deals"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
            )
            self.task = self.bar.add_task("deals", total=total)
            self.bar.start()

    def advance(self, deals: int) -> None:
        self.done += deals
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done)
            return
        tenths = self.done * 10 // self.total
        if tenths > self.shown:
            self.shown = tenths
            print(f"{self.done:,} of {self.total:,} deals", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def measure(deals: int, seed: int, jobs: int, players: int, chunk: int) -> Tally:
    """Every chunk dealt (in ``jobs`` processes), with progress, summed."""
    total = Tally()
    progress = _Progress(deals)
    try:
        if jobs == 1:
            for number, size in _chunks(deals, chunk):
                total.add(deal_chunk(seed, number, size, players))
                progress.advance(size)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                futures = [
                    pool.submit(deal_chunk, seed, number, size, players)
                    for number, size in _chunks(deals, chunk)
                ]
                for future in futures:
                    part = future.result()
                    total.add(part)
                    progress.advance(part.deals)
    finally:
        progress.close()
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", type=int, default=1, choices=range(1, 7))
    parser.add_argument("--chunk", type=int, default=10_000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--out", help="append the JSON object to this .jsonl file")
    args = parser.parse_args()
    if args.deals < 2 or args.jobs < 1 or args.chunk < 1:
        parser.error("--deals must be at least 2, --jobs and --chunk at least 1")
    start, cpu = time.perf_counter(), time.process_time()
    tally = measure(args.deals, args.seed, args.jobs, args.players, args.chunk)
    seconds = time.perf_counter() - start
    mean, low, high = tally.edge(args.players)
    row = {
        "deals": tally.deals,
        "players": args.players,
        "bet": BET,
        "seed": args.seed,
        "player_edge": mean,
        "player_edge_ci95": [low, high],
        "outcomes": {k: getattr(tally, k) / tally.bets for k in ("win", "push", "lose")},
        "counts": {k: v for k, v in asdict(tally).items() if k != "rules"},
        "house_way_rules": dict(sorted(tally.rules.items(), key=lambda kv: -kv[1])),
        "seconds": round(seconds, 1),
        "cpu_seconds_main": round(time.process_time() - cpu, 1),
        "jobs": args.jobs,
    }
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
    if args.json:
        print(json.dumps(row))
        return
    share = row["outcomes"]
    print(f"{tally.deals:,} deals, {tally.bets:,} bets of {BET}, house way against house way")
    print(
        f"win {share['win']:.2%} · push {share['push']:.2%} · lose {share['lose']:.2%} · "
        f"copies {tally.copies:,}"
    )
    print(f"player's edge {mean:+.3%} per chip bet (95 % interval {low:+.3%} to {high:+.3%})")
    print(f"{seconds:.0f} s, {tally.deals / seconds:,.0f} deals a second with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
