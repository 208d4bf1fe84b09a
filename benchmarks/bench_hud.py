"""The web table's heads-up display: what it costs per deal, over 1,000 deals at one table.

    .venv/bin/python benchmarks/bench_hud.py [--deals 1000] [--seats 6] [--json]

A dealer's-choice table (hold'em, Omaha hi-lo, stud, draw) with a person and
bots plays ``--deals`` deals through :meth:`WebTable.apply`, random moves for
everyone. Timed in CPU seconds of this process:

* ``note``: :meth:`straights.web.hud.Hud.note`, the display's whole work when a
  deal ends (one pass over the ending deal's log, its players' rows refreshed);
  the mean over the first and the last 100 deals shows it does not grow;
* ``public``: :meth:`Hud.public`, what each update adds to the shared state;
* ``recount``: for comparison, what counting every past deal again would cost at
  the last deal (``Stats.add_history`` of each of the table's archived PHH deals),
  which the display never does;
* ``deal``: a whole deal through the table (every command), for scale.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from straights.bots import make_bot
from straights.history_stats import Stats
from straights.poker.phh import loads
from straights.web.hud import Hud
from straights.web.manager import make_table
from straights.web.protocol import parse_settings


def refill(table: Any) -> None:
    """Someone is broke or gone: he buys in again, a bot takes an empty seat."""
    for seat, meta in enumerate(table.seats):
        if meta is None:
            table.apply({"kind": "bot", "seat": seat, "bot": "random"})
        elif not table.game.has_chips(seat, meta):
            table.apply({"kind": "rebuy", "seat": seat})
        elif meta.sat_out:
            table.apply({"kind": "back", "seat": seat})


def run(deals: int, seats: int) -> dict[str, Any]:
    settings = {"dealers_choice": True, "games": ["holdem", "omaha-hi-lo", "stud", "draw"],
                "stack": 1000, "seats": seats, "auto_limit": 10**9}  # fmt: skip
    table = make_table("bench", parse_settings(json.dumps(settings).encode()), 11, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    for seat in range(1, seats):
        table.apply({"kind": "bot", "seat": seat, "bot": "random"})
    notes: list[float] = []
    hud = table.hud
    original = Hud.note

    def timed(self: Hud, entry: Any) -> bool:
        start = time.process_time()
        counted = original(self, entry)
        if counted:
            notes.append(time.process_time() - start)
        return counted

    Hud.note = timed  # type: ignore[method-assign]
    rng = random.Random(5)
    texts: list[str] = []
    start = time.process_time()
    try:
        while len(texts) < deals:
            plan = table.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
            if plan is None:
                refill(table)
                continue
            command = plan.command
            if command is None or command["kind"] == "act":
                seat = table.game.engine.actor  # type: ignore[attr-defined]
                move = make_bot("random", rng).decide(table.game.bot_view(seat))  # type: ignore[attr-defined]
                command = table.game.move_command(seat, move)  # type: ignore[attr-defined]
            entry = table.game.archive_entry(table.apply(command))
            if entry is not None:
                texts.append(entry.row(1)["phh"])
    finally:
        Hud.note = original  # type: ignore[method-assign]
    total = time.process_time() - start
    hud.on = True
    names = [None if m is None else m.name for m in table.seats]
    start = time.process_time()
    for _ in range(1000):
        hud.public(names)
    public = (time.process_time() - start) / 1000
    start = time.process_time()
    again = Stats()
    for text in texts:
        again.add_history(loads(text)[0])
    recount = time.process_time() - start
    assert {r["player"]: r for r in again.rows()} == hud.rows
    ms = 1000.0
    return {
        "deals": len(notes),
        "note_ms_mean": ms * sum(notes) / len(notes),
        "note_ms_first_100": ms * sum(notes[:100]) / 100,
        "note_ms_last_100": ms * sum(notes[-100:]) / 100,
        "public_us": 1e6 * public,
        "recount_ms_at_last_deal": ms * recount,
        "deal_ms_mean": ms * total / len(notes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.deals, args.seats)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"{result['deals']} deals, {args.seats} seats (CPU time of this process)")
    print(
        f"  display per deal (note):   {result['note_ms_mean']:.3f} ms "
        f"(first 100: {result['note_ms_first_100']:.3f}, "
        f"last 100: {result['note_ms_last_100']:.3f})"
    )
    print(f"  shared state per update:   {result['public_us']:.1f} µs")
    print(f"  a whole deal at the table: {result['deal_ms_mean']:.2f} ms")
    print(
        "  recounting every deal at the last one (never done): "
        f"{result['recount_ms_at_last_deal']:.0f} ms"
    )


if __name__ == "__main__":
    main()
