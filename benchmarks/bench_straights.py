"""Player-hand evaluations per second of the readable Straights evaluator.

Run: ``.venv/bin/python benchmarks/bench_straights.py [--hands N]``.
Three levels are timed on the same random deals (55-card pack):

* ``straights_key`` — card ids in, integer key out (the core of the rules);
* ``make_hand`` — ``Card`` objects in, a ``StraightsHand`` value out;
* ``evaluate_straights`` — strings in: parsing and validation included.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from straights.cards import format_cards, make_deck
from straights.rankings.straights import evaluate_straights, make_hand, straights_key


def _rate(fn: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    fn()
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deck = make_deck("straights")
    deals = []
    for _ in range(args.hands):
        cards = rng.sample(deck.cards, 7)
        deals.append((tuple(cards[:2]), tuple(cards[2:])))
    ids = [((h[0].id, h[1].id), [c.id for c in t]) for h, t in deals]
    strings = [(format_cards(h, unicode=False), format_cards(t, unicode=False)) for h, t in deals]
    n = args.hands

    def keys() -> None:
        for hole, table in ids:
            straights_key(hole, table, 55)

    def hands() -> None:
        for hole, table in deals:
            make_hand(hole, table, 55)

    def parsed() -> None:
        for hole, table in strings[: n // 4]:
            evaluate_straights(hole, table)

    print(f"{n:,} random 7-card Straights player hands (55-card pack), one core")
    print(f"straights_key        {_rate(keys, n):>12,.0f} hands/s")
    print(f"make_hand            {_rate(hands, n):>12,.0f} hands/s")
    print(f"evaluate_straights   {_rate(parsed, n // 4):>12,.0f} hands/s (parsing strings)")


if __name__ == "__main__":
    main()
