"""How often a draw runs the stock out, and whether a player ever gets back his own discards.

    .venv/bin/python benchmarks/bench_draw_stock.py [--deals 2000] [--players 8] [--json]

Every draw game of the catalogue is dealt ``--deals`` times at ``--players`` seats
with random players (``tests/poker_random.py``'s policy: random stakes, stacks from
1 chip, uniform legal actions, a uniform number of uniformly chosen discards).
For each game: the replacement cards dealt, how many of them came back from
earlier discards (a new stock was shuffled), and how many went to a player who
had thrown that very card away — the rule book says never, and the engine only
would when every card outside the hands is one of his own discards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from poker_random import random_deal

from straights.cards import Card
from straights.poker import VARIANTS


def measure(code: str, deals: int, players: int, seed: int) -> dict[str, int]:
    """Replacement cards of ``deals`` random deals of ``code``: dealt, recycled, own."""
    variant = VARIANTS[code]
    rng = random.Random(f"{seed}/{code}")
    dealt = recycled = own = 0
    for _ in range(deals):
        deal = random_deal(variant, rng, players=players)
        thrown: list[set[Card | None]] = [set() for _ in range(deal.n)]
        everyone: set[Card | None] = set()
        drawing = False
        for entry in deal.log:
            if entry.kind == "discard" and entry.player is not None:
                thrown[entry.player].update(entry.cards)
                everyone.update(entry.cards)
                drawing = True
            elif entry.kind == "hole" and drawing and entry.player is not None:
                dealt += len(entry.cards)
                recycled += sum(c in everyone for c in entry.cards)
                own += sum(c in thrown[entry.player] for c in entry.cards)
    return {"deals": deals, "replacements": dealt, "recycled": recycled, "own": own}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    codes = [c for c, v in VARIANTS.items() if v.draws]
    rows = {c: measure(c, args.deals, args.players, args.seed) for c in codes}
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<14}{'deals':>7}{'replacements':>14}{'recycled':>10}{'own':>6}")
    for code, row in rows.items():
        print(f"{code:<14}{row['deals']:>7}{row['replacements']:>14}{row['recycled']:>10}"
              f"{row['own']:>6}")  # fmt: skip


if __name__ == "__main__":
    main()
