"""Pai Gow speed: house-way settings and whole deals per CPU second.

    .venv/bin/python benchmarks/bench_paigow.py [--hands 5000] [--deals 1000] [--json]

A house-way setting is one call of ``house_way`` on seven random cards of the
53-card pack; a deal is ``PaiGowDeal`` at 1 and at 6 players, every player
setting the house way, the bank too, then the settlement.  No target: the
figures say how long ``straights simulate --game pai-gow`` takes.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from straights.paigow.deal import PaiGowDeal
from straights.paigow.house_way import house_way
from straights.paigow.rules import pack


def settings_per_second(hands: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    cards = pack().cards
    sevens = [rng.sample(cards, 7) for _ in range(hands)]
    start = time.process_time()
    for seven in sevens:
        house_way(seven)
    return hands / (time.process_time() - start)


def deals_per_second(players: int, deals: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    bets = dict.fromkeys(range(1, players + 1), 20)
    start = time.process_time()
    for _ in range(deals):
        deal = PaiGowDeal(bets, rng=rng)
        for seat in deal.waiting:
            deal.set_house_way(seat)
    return deals / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = {
        "house_way_per_s": settings_per_second(args.hands),
        "deals_per_s_1_player": deals_per_second(1, args.deals),
        "deals_per_s_6_players": deals_per_second(6, args.deals),
    }
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:<24} {value:>10,.0f}")


if __name__ == "__main__":
    main()
