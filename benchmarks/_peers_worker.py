"""Runs inside benchmarks/.peers-venv: times each peer library on the shared work.

Invoked by compare_peers.py as ``python _peers_worker.py HANDS_FILE LIMIT``; prints
JSON.  Card ids are this project's (rank - 2) * 4 + suit, suits c d h s; each
peer's card objects are built before any timing starts.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = [r + s for r in RANKS for s in SUITS]
HERO, VILLAIN = ["Ah", "Kh"], ["Qs", "Qd"]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def peers() -> dict[str, tuple[Callable[[Sequence[int]], Any], bool]]:
    """name -> (evaluate(card ids) prepared for speed, larger-is-better?)."""
    out: dict[str, tuple[Callable[[Sequence[int]], Any], bool]] = {}
    from phevaluator import evaluate_cards

    out["phevaluator"] = (lambda ids: evaluate_cards(*ids), False)
    import eval7

    e7 = [eval7.Card(n) for n in NAMES]
    ev7 = eval7.evaluate
    out["eval7"] = (lambda ids: ev7([e7[i] for i in ids]), True)
    from treys import Card as TCard
    from treys import Evaluator

    tc = [TCard.new(n) for n in NAMES]
    tev = Evaluator()
    out["treys"] = (
        lambda ids: tev.evaluate([tc[i] for i in ids[:2]], [tc[i] for i in ids[2:]]),
        False,
    )
    from pokerkit import Card as PCard
    from pokerkit import StandardHighHand

    pc = [next(iter(PCard.parse(n))) for n in NAMES]
    out["pokerkit"] = (
        lambda ids: StandardHighHand.from_game([pc[i] for i in ids[:2]], [pc[i] for i in ids[2:]]),
        True,
    )
    return out


def main() -> None:
    hands_file, limit = sys.argv[1], int(sys.argv[2])
    raw = Path(hands_file).read_bytes()
    hands = [list(raw[i : i + 7]) for i in range(0, len(raw), 7)]
    fives = list(itertools.combinations(range(52), 5))
    hero = [NAMES.index(n) for n in HERO]
    villain = [NAMES.index(n) for n in VILLAIN]
    rest = [c for c in range(52) if c not in hero + villain]
    boards = list(itertools.combinations(rest, 5))
    results: dict[str, Any] = {}
    for name, (evaluate, larger_better) in peers().items():
        # pokerkit evaluates ~10^4 hands a second: time a slice and scale it up.
        cap = limit if name == "pokerkit" else None
        row: dict[str, Any] = {}
        work7 = hands[:cap] if cap else hands
        t, _ = timed(lambda: [evaluate(h) for h in work7])  # noqa: B023
        row["seven"] = t * len(hands) / len(work7)
        row["seven_scaled"] = cap is not None and cap < len(hands)
        work5 = fives[:cap] if cap else fives
        t, _ = timed(lambda: [evaluate(h) for h in work5])  # noqa: B023
        row["five"] = t * len(fives) / len(work5)
        row["five_scaled"] = cap is not None and cap < len(fives)
        work_b = boards[:cap] if cap else boards

        def equity() -> tuple[int, int, int]:
            win = lose = tie = 0
            for b in work_b:  # noqa: B023
                a = evaluate(hero + list(b))  # noqa: B023
                v = evaluate(villain + list(b))  # noqa: B023
                if a == v:
                    tie += 1
                elif (a > v) == larger_better:  # noqa: B023
                    win += 1
                else:
                    lose += 1
            return win, lose, tie

        t, (win, lose, tie) = timed(equity)
        row["equity"] = t * len(boards) / len(work_b)
        row["equity_scaled"] = cap is not None and cap < len(boards)
        row["equity_counts"] = [win, lose, tie]
        row["equity_boards"] = len(work_b)
        results[name] = row
        print(f"  {name}: done", file=sys.stderr, flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
