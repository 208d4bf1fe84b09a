"""How fast are standard high hands evaluated in plain Python?

Prints hands per CPU second for the low-level ``high_key`` (card ids in, one int
out) and for ``evaluate`` (cards in, an explained ``HandValue`` out), on
random 5- and 7-card hands, after the lookup tables are warm.

    python benchmarks/bench_evaluate.py [--hands 200000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from straights import evaluate
from straights.cards import Card
from straights.rankings.high import high_key


def rate(function: Callable[[Sequence[int]], object], hands: Sequence[Sequence[int]]) -> float:
    """Hands per CPU second of ``function`` over ``hands`` (best of three runs).

    CPU time, not wall time, so a busy shared machine skews the figure less.
    """
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for hand in hands:
            function(hand)
        best = min(best, time.process_time() - start)
    return len(hands) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for size in (5, 7):
        ids = [rng.sample(range(52), size) for _ in range(args.hands)]
        cold = time.process_time()
        for hand in ids:
            high_key(hand)
        cold = time.process_time() - cold
        print(
            f"{size}-card high_key (ids -> int):     {rate(high_key, ids):>12,.0f} hands/s"
            f"   (first pass, filling tables: {args.hands / cold:,.0f}/s)"
        )
        cards = [tuple(Card(i) for i in hand) for hand in ids[: args.hands // 10]]
        print(f"{size}-card evaluate (Cards -> value): {rate(evaluate, cards):>12,.0f} hands/s")
        text = [" ".join(c.ascii() for c in hand) for hand in cards]
        print(f"{size}-card evaluate (str -> value):   {rate(evaluate, text):>12,.0f} hands/s")
    jokers = [(*hand[:6], Card("Jk")) for hand in cards[: len(cards) // 10]]
    print(f"7-card evaluate, one joker:         {rate(evaluate, jokers):>12,.0f} hands/s")


if __name__ == "__main__":
    main()
