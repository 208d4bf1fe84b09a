"""The Pai Gow equity bot against the house way, on the very same deals.

    .venv/bin/python benchmarks/bench_paigow_bot.py [--deals 10000] [--players 6]
        [--bet 20] [--seed 1] [--json]

Each deal is a shuffle of the 53-card pack dealt as ``PaiGowDeal`` deals it
(dice, seven hands of seven); every player's seven cards are set twice, the
house way and by :func:`~straights.bots.paigow.estimate_settings`, and both
settings are settled against the same bank hand (set the house way): win pays
the bet less the commission, push 0, loss the bet.  Reported: each setter's
result per chip bet with its 95 % interval (over the deals: the seats of a
deal share the bank's hand, so a deal's mean over its seats is one sample), the paired
difference with its interval, how often the two settings differ, and the equity
bot's median decision on this thread's CPU clock (``time.thread_time``).  The
bank-hand pool is built (or loaded) before any decision is timed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any

from straights.bots.paigow import bank_hands, estimate_settings
from straights.cards import make_rng
from straights.paigow.deal import PaiGowDeal
from straights.paigow.house_way import house_way
from straights.paigow.rules import BANK, PaiGowRules, Setting, beats, commission


def settle(mine: Setting, bank: Setting, bet: int, rules: PaiGowRules) -> int:
    """The player's chips: both hands won pays ``bet`` less the commission, one a push."""
    back_won, front_won = beats(mine, bank)
    if back_won and front_won:
        return bet - commission(bet, rules.commission_percent)
    return 0 if back_won or front_won else -bet


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval (mean ± 1.96·sd/√n)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def run(deals: int, players: int, bet: int, seed: int) -> dict[str, Any]:
    rules = PaiGowRules()
    bank_hands()  # built or loaded before the clock runs
    rng = make_rng(seed)
    house: list[float] = []
    equity: list[float] = []
    times: list[float] = []
    differ = 0
    bets = dict.fromkeys(range(1, players + 1), bet)
    for _ in range(deals):
        deal = PaiGowDeal(bets, rng=rng)
        bank = house_way(deal.cards(BANK)).setting
        house.append(0.0)
        equity.append(0.0)
        for seat in bets:
            seven = deal.cards(seat)
            start = time.thread_time()
            chosen = estimate_settings(seven, bet, rules).best.setting
            times.append(time.thread_time() - start)
            way = house_way(seven).setting
            differ += frozenset(chosen.front) != frozenset(way.front)
            house[-1] += settle(way, bank, bet, rules) / (bet * players)
            equity[-1] += settle(chosen, bank, bet, rules) / (bet * players)
    gain = [e - h for e, h in zip(equity, house, strict=True)]
    return {
        "deals": deals,
        "players": players,
        "bet": bet,
        "seed": seed,
        "seat_deals": deals * players,
        "house_way_per_chip": interval(house),
        "equity_per_chip": interval(equity),
        "equity_minus_house_per_chip": interval(gain),
        "settings_differ": differ / (deals * players),
        "median_decision_ms": statistics.median(times) * 1e3,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--bet", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.deals, args.players, args.bet, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['deals']} deals x {result['players']} players, bet {result['bet']}:")
    for key in ("house_way_per_chip", "equity_per_chip", "equity_minus_house_per_chip"):
        mean, low, high = result[key]
        print(f"  {key:<28} {mean:+.4f}  (95% {low:+.4f} … {high:+.4f})")
    print(f"  settings differ              {result['settings_differ']:.2%}")
    print(f"  median decision              {result['median_decision_ms']:.2f} ms")


if __name__ == "__main__":
    main()
