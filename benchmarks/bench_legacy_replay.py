"""Replaying Straights tables of earlier releases: the one engine against Straights' own table.

Run: ``.venv/bin/python benchmarks/bench_legacy_replay.py [--tables N] [--deals D]``.
Bots at Straights' own table (the tests' oracle, ``tests/oracle``: random and calling, 55 and 52
cards, Limit and No Limit) write event logs; each log is then replayed, taking
turns, by Straights' own table (``Table.from_events``) and by the one engine
(``store.legacy_straights.replay_log``, which also compares every event). The
two replays must agree; the figures are CPU seconds and deals per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from straights.game.config import TableConfig
from straights.store.legacy_straights import replay_log

# Straights' own table of earlier releases is the tests' oracle (tests/oracle/).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracle.events import event_from_dict
from oracle.straights_table import Table


def _log(rng: random.Random, deals: int) -> tuple[TableConfig, list[dict[str, Any]]]:
    seats = rng.randint(2, 6)
    config = TableConfig(pack=rng.choice((55, 52)), betting=rng.choice(("limit", "no-limit")),
                         seats=seats, starting_stack=20)  # fmt: skip
    table = Table(config, [f"P{s}" for s in range(seats)], seed=rng.getrandbits(32))
    for _ in range(deals):
        if table.is_over:
            break
        hand = table.start_hand()
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions(seat)
            calls = [a for a in legal if a.kind in ("check", "call")]
            action = calls[0] if calls and rng.random() < 0.6 else rng.choice(legal)
            table.act(seat, action.kind, action.to)
    return config, [e.to_dict() for e in table.events]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    logs = [_log(rng, args.deals) for _ in range(args.tables)]
    deals = sum(sum(1 for e in log if e["type"] == "hand_started") for _, log in logs)
    old = new = 0.0
    for config, log in logs:
        start = time.process_time()
        Table.from_events(event_from_dict(e) for e in log)
        middle = time.process_time()
        replayed = replay_log(config, log)
        end = time.process_time()
        assert replayed.difference is None, replayed.difference
        old += middle - start
        new += end - middle
    print(f"{args.tables} tables, {deals:,} deals, every event equal")
    print(f"Straights' own table  {old:7.2f} s  {deals / old:9,.0f} deals/s")
    print(f"the one engine        {new:7.2f} s  {deals / new:9,.0f} deals/s (comparing included)")


if __name__ == "__main__":
    main()
