"""The bots measured: time per decision, and chips per deal in six-seat arenas.

1. **Speed.** One six-seat table plays ``--timing-deals`` deals; at every decision
   both an ``equity`` and a ``strength`` bot of that seat decide (the seats play
   their answers in turn), each timed on this thread's CPU clock
   (``time.thread_time``: one core, however busy the machine), so both bots are
   measured in one run on the very same spots.
2. **Strength.** For each structure (Limit, No Limit), pack (55, 52) and
   opponent (``random``, ``calling``, ``strength``): ``straights simulate``'s
   arena with three ``equity`` bots and three of the opponent, ``--deals``
   deals, chips per deal with the 95 % interval (mean ± 1.96·sd/√n over the
   bot's seat-deals, as ``simulate --json`` prints).

3. **Every variant.** For each of ``--variants`` (6 seats, the default stakes of
   :mod:`straights.rl`, 100 chips each at the start of every deal, the seats
   rotating each deal so every bot sits in every position): three ``equity`` bots
   against three of each opponent through ``decide``, ``--variant-deals`` deals,
   chips per deal with the same interval, and the equity bot's decision times.

Run: ``python benchmarks/bench_bots.py [--deals N] [--timing-deals N] [--variant-deals N]
[--variants NT,PO/8,…|all] [--out rows.jsonl] [--skip-straights] [--json]``; ``--out``
appends each variant arena as it ends, so a long run keeps what it measured.
The Numba kernels are compiled first (``straights warm-up``) so no compilation
is timed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from functools import partial
from typing import Any

from straights.bots.arena import PokerArena, play_deal, simulate
from straights.bots.registry import make_bot
from straights.poker import DealView, Move, get_variant
from straights.table import PokerGame, Table, straights_stakes

OPPONENTS = ("random", "calling", "strength")


class Timed:
    """A seat that asks both an ``equity`` and a ``strength`` bot at each of its decisions,
    records the CPU time of each, and plays the answer of the one named ``plays``."""

    def __init__(self, plays: str, seed: int, times: dict[str, list[float]]) -> None:
        self.bots = {k: make_bot(k, seed) for k in times}
        self.times, self.name = times, plays

    def decide(self, view: DealView) -> Move:
        actions = {}
        for kind, bot in self.bots.items():
            start = time.thread_time()
            actions[kind] = bot.decide(view)
            self.times[kind].append(time.thread_time() - start)
        return actions[self.name]


def decision_times(deals: int, seed: int = 1) -> dict[str, list[float]]:
    """Seconds per decision of ``equity`` and ``strength`` at one six-seat Limit table where
    both decide every spot (the seats play the equity and strength answers in turn)."""
    kinds = ["equity", "strength"] * 3
    times: dict[str, list[float]] = {"equity": [], "strength": []}
    bots = {i: Timed(k, seed * 100 + i, times) for i, k in enumerate(kinds)}
    names = [f"{k}{i}" for i, k in enumerate(kinds)]
    straights, game = get_variant("_STR55L"), PokerGame(partial(straights_stakes, ante=1))
    played, session = 0, 0
    while played < deals:
        table = Table(game, names, 100, seed=seed * 1000 + session)
        session += 1
        while not table.over and played < deals:
            deal = table.start(straights)
            play_deal(deal, [bots[s] for s in table.players])
            table.finish(deal)
            played += 1
    return times


def arena(opponent: str, betting: str, pack: int, deals: int, seed: int) -> dict[str, Any]:
    straights = [get_variant(f"_STR{pack}{'L' if betting == 'limit' else 'N'}")]
    cpu = time.process_time()
    result = simulate(
        PokerArena(straights, ["equity", opponent], players=6, stack=100, ante=1),
        hands=deals,
        seed=seed,
    )
    eq, opp = result.bots["equity"], result.bots[opponent]
    return {
        "opponent": opponent,
        "betting": betting,
        "pack": pack,
        "deals": deals,
        "equity_per_deal": eq.mean,
        "equity_ci95": [eq.mean - eq.ci95, eq.mean + eq.ci95],
        "opponent_per_deal": opp.mean,
        "cpu_seconds": time.process_time() - cpu,
    }


VARIANTS = ("NT", "FO/8", "F7S/8", "FR", "F2L3D", "_FMEXICAN")


def variant_table(code: str, kinds: list[str], deals: int, seed: int) -> dict[str, Any]:
    """Six seats of ``code`` filled in turn from ``kinds``, ``deals`` deals through ``decide``
    (100 chips each at the start of every deal; the seats rotate each deal): chips per
    deal with the 95 % interval for each kind, and the equity bot's decision times."""
    import random

    from straights.bots.arena import BotStats
    from straights.cards import make_deck
    from straights.poker import Deal, get_variant
    from straights.poker.stakes import default_stakes
    from straights.poker.view import deal_view, play

    variant = get_variant(code)
    stakes = default_stakes(variant, 6)
    rng = random.Random(seed)
    seated = [kinds[i % len(kinds)] for i in range(6)]
    bots = [make_bot(k, rng.getrandbits(64)) for k in seated]
    stats = {k: BotStats(k) for k in seated}
    times: list[float] = []
    deck = make_deck(variant.deck, jokers=variant.jokers)
    cpu = time.process_time()
    for n in range(deals):
        order = [(n + i) % 6 for i in range(6)]  # seat i holds bot order[i]
        deal = Deal(variant, stakes, [100] * 6, deck.shuffled(rng.getrandbits(64)))
        while not deal.finished:
            seat = deal.actor
            assert seat is not None
            bot = bots[order[seat]]
            start = time.thread_time()
            move = bot.decide(deal_view(deal, seat))  # type: ignore[attr-defined]
            if seated[order[seat]].startswith("equity"):
                times.append(time.thread_time() - start)
            play(deal, move)
        for seat, b in enumerate(order):
            stats[seated[b]].add(deal.stacks[seat] - deal.starting_stacks[seat])
    return {
        "variant": code,
        "deals": deals,
        "bots": {
            k: {"per_deal": v.mean, "ci95": [v.mean - v.ci95, v.mean + v.ci95]}
            for k, v in stats.items()
        },
        "decisions": len(times),
        "median_ms": statistics.median(times) * 1e3 if times else 0.0,
        "cpu_seconds": time.process_time() - cpu,
    }


def variant_arena(code: str, opponent: str, deals: int, seed: int) -> dict[str, Any]:
    """Three ``equity`` bots against three ``opponent`` bots in ``deals`` deals of ``code``."""
    table = variant_table(code, ["equity", opponent], deals, seed)
    eq, opp = table["bots"]["equity"], table["bots"][opponent]
    return {
        "variant": code,
        "opponent": opponent,
        "deals": deals,
        "equity_per_deal": eq["per_deal"],
        "equity_ci95": eq["ci95"],
        "opponent_per_deal": opp["per_deal"],
        "decisions": table["decisions"],
        "median_ms": table["median_ms"],
        "cpu_seconds": table["cpu_seconds"],
    }


def print_table(path: str) -> None:
    """The Markdown table of the variant arenas in an ``--out`` file (the last row of each
    variant and opponent counts)."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            rows[row["variant"], row["opponent"]] = row
    print("| variant | opponent | deals | equity chips/deal (95% interval) | median decision |")
    print("|---|---|---|---|---|")
    for (code, opponent), row in rows.items():
        lo, hi = row["equity_ci95"]
        mark = "" if lo > 0 else " (interval not above zero)"
        print(
            f"| `{code}` | `{opponent}` | {row['deals']:,} | "
            f"{row['equity_per_deal']:+.2f} ({lo:+.2f} … {hi:+.2f}){mark} | "
            f"{row['median_ms']:.2f} ms |"
        )


def variant_arenas(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The equity bot against each opponent in each of ``args.variants`` (a table row
    each, unless ``--json``; a JSON line each to ``--out``)."""
    variants: list[dict[str, Any]] = []
    if not args.json and args.variants:
        print()
        print("| variant | opponent | deals | equity chips/deal (95% interval) | opponent "
              "| equity median decision |")  # fmt: skip
        print("|---|---|---|---|---|---|")
    if args.variants == "all":
        from straights.poker.catalogue import variant_codes

        args.variants = ",".join(variant_codes())
    for code in filter(None, args.variants.split(",")):
        for opponent in args.opponents.split(","):
            n = args.variant_deals
            if opponent == "strength" and args.strength_deals is not None:
                n = args.strength_deals
            row = variant_arena(code, opponent, n, args.seed)
            variants.append(row)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
            if not args.json:
                lo, hi = row["equity_ci95"]
                print(
                    f"| {code} | {opponent} | {n:,} | "
                    f"{row['equity_per_deal']:+.2f} ({lo:+.2f} … {hi:+.2f}) | "
                    f"{row['opponent_per_deal']:+.2f} | {row['median_ms']:.2f} ms |",
                    flush=True,
                )
    return variants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000, help="deals per arena")
    parser.add_argument("--timing-deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--packs", default="55,52")
    parser.add_argument("--bettings", default="limit,no-limit")
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--variant-deals", type=int, default=1_000, help="deals per variant arena")
    parser.add_argument(
        "--variants", default=",".join(VARIANTS), help="codes, 'all' for the catalogue, '' for none"
    )
    parser.add_argument("--out", default="", help="append each variant arena as a JSON line")
    parser.add_argument(
        "--strength-deals", type=int, default=None, help="deals per variant arena with strength"
    )
    parser.add_argument(
        "--mixed", default="", help="a variant for one table of equity,strength,calling,random"
    )
    parser.add_argument("--mixed-deals", type=int, default=2_000)
    parser.add_argument("--skip-straights", action="store_true", help="variant arenas only")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--table", default="", help="print the table of an --out file and stop")
    args = parser.parse_args()
    if args.table:
        print_table(args.table)
        return

    from straights.warmup import STEPS

    for _, step in STEPS:
        step()
    simulate(PokerArena([get_variant("_STR55L")], ["equity"], players=6, ante=1), hands=5, seed=0)

    if args.skip_straights:
        args.timing_deals, args.bettings = 0, ""
    times = decision_times(args.timing_deals) if args.timing_deals else {}
    speed = {
        k: {
            "decisions": len(v),
            "median_ms": statistics.median(v) * 1e3,
            "p90_ms": statistics.quantiles(v, n=10)[-1] * 1e3,
            "mean_ms": statistics.fmean(v) * 1e3,
        }
        for k, v in sorted(times.items())
    }
    ratio = speed["strength"]["median_ms"] / speed["equity"]["median_ms"] if speed else 0.0
    if not args.json and speed:
        print(f"per decision (CPU of one thread, {args.timing_deals} six-seat Limit deals):")
        for k, s in speed.items():
            print(
                f"  {k:9} median {s['median_ms']:.3f} ms, p90 {s['p90_ms']:.3f} ms, "
                f"mean {s['mean_ms']:.3f} ms over {s['decisions']} decisions"
            )
        print(f"  equity is {ratio:.1f}x faster than strength at the median")
        print()
        print(
            "| structure | pack | opponent | deals | equity chips/deal (95% interval) | opponent |"
        )
        print("|---|---|---|---|---|---|")
    arenas = []
    for betting in filter(None, args.bettings.split(",")):
        for pack in (int(p) for p in args.packs.split(",")):
            for opponent in args.opponents.split(","):
                row = arena(opponent, betting, pack, args.deals, args.seed)
                arenas.append(row)
                if not args.json:
                    lo, hi = row["equity_ci95"]
                    print(
                        f"| {betting} | {pack} | {opponent} | {args.deals:,} | "
                        f"{row['equity_per_deal']:+.2f} ({lo:+.2f} … {hi:+.2f}) | "
                        f"{row['opponent_per_deal']:+.2f} |",
                        flush=True,
                    )
    variants = variant_arenas(args)
    mixed = None
    if args.mixed:
        kinds = ["equity", "strength", "calling", "random"]
        mixed = variant_table(args.mixed, kinds, args.mixed_deals, args.seed)
        if not args.json:
            print(f"\n{args.mixed}, {args.mixed_deals:,} deals, seats filled in turn by {kinds}:")
            for k, v in mixed["bots"].items():
                lo, hi = v["ci95"]
                print(f"  {k:9} {v['per_deal']:+.2f} chips per deal ({lo:+.2f} … {hi:+.2f})")
    if args.json:
        doc = {
            "speed": speed,
            "speedup": ratio,
            "arenas": arenas,
            "variants": variants,
            "mixed": mixed,
        }
        print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
