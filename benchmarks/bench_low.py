"""Seven-card low evaluation speed: the fast keys and the readable ``evaluate``.

Run: ``.venv/bin/python benchmarks/bench_low.py [hands]`` (default 200,000).
"""

from __future__ import annotations

import random
import sys
import time

from straights.cards import Card
from straights.rankings.base import evaluate
from straights.rankings.low import ace_to_five_key, ace_to_six_key, deuce_to_seven_key


def main(n: int = 200_000) -> None:
    rng = random.Random(2026)
    hands = [rng.sample(range(52), 7) for _ in range(n)]
    for name, key in (
        ("ace-to-five", ace_to_five_key),
        ("deuce-to-seven", deuce_to_seven_key),
        ("ace-to-six", ace_to_six_key),
    ):
        key(hands[0])  # build the tables outside the timing
        start = time.perf_counter()
        for hand in hands:
            key(hand)
        elapsed = time.perf_counter() - start
        print(f"{name:15} key:      {n / elapsed:12,.0f} seven-card hands/s")
    few = [[Card(i) for i in h] for h in hands[: n // 20]]
    for name in ("ace-to-five", "deuce-to-seven"):
        start = time.perf_counter()
        for cards in few:
            evaluate(cards, ranking=name)
        elapsed = time.perf_counter() - start
        print(f"{name:15} evaluate: {len(few) / elapsed:12,.0f} seven-card hands/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
