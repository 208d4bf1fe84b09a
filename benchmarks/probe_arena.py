"""Where two bots' chips come from in a six-seat arena of one variant (a diagnosis tool).

Three ``A`` bots against three ``B`` bots (the seats filled in turn, rotating each deal,
100 chips each at the start of every deal, as in ``bench_bots.py``); for each kind it
counts the actions by street, the chips put in by street, and the net result by how
its deal ended (folded on a street; at the showdown: scooped, took a part, lost).

Run: ``python benchmarks/probe_arena.py F7S/8 --deals 2000 --seed 7 [--a equity --b strength]``.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict

from straights.bots.registry import make_bot
from straights.cards import make_deck
from straights.poker import Deal, get_variant
from straights.poker.stakes import default_stakes
from straights.poker.view import deal_view, play


def hindsight(deal: Deal, seat: int) -> float:
    """The seat's share of the pot with every card dealt so far known (the rest to come)."""
    from straights.bots.variant_equity import Spot, equity

    live = [i for i in deal.in_hand() if i != seat]
    mine = [c for c in deal.holes[seat] if c is not None]
    opp = [tuple(c for c in deal.holes[i] if c is not None) for i in live]
    board = [c for c in deal.board if c is not None]
    dead = [c for c in deal.spent if c is not None]
    for i in range(deal.n):
        if i != seat and i not in live:
            dead += [c for c in deal.holes[i] if c is not None]
    return equity(Spot(deal.variant, mine, board, opp, dead=dead), samples=160, seed=1).equity


def probe(code: str, a: str, b: str, deals: int, seed: int, calibrate: bool = False) -> None:
    from straights.bots import equity_moves

    seen: list[float] = []
    original = equity_moves.equity

    def spy(*args: object, **kw: object) -> object:
        got = original(*args, **kw)  # type: ignore[arg-type]
        seen.append(got.equity)
        return got

    equity_moves.equity = spy  # type: ignore[assignment]
    cal: dict[tuple[str, str], list[tuple[float, float, str]]] = defaultdict(list)
    variant = get_variant(code)
    stakes = default_stakes(variant, 6)
    rng = random.Random(seed)
    seated = [(a, b)[i % 2] for i in range(6)]
    bots = [make_bot(k, rng.getrandbits(64)) for k in seated]
    deck = make_deck(variant.deck, jokers=variant.jokers)
    streets = [s.name for s in variant.streets]
    acts: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
    put: dict[str, Counter[str]] = defaultdict(Counter)
    ends: dict[str, Counter[str]] = defaultdict(Counter)
    ends_n: dict[str, Counter[str]] = defaultdict(Counter)
    # at the showdown: chips put in and won, by outcome and by how many kinds were there
    for n in range(deals):
        order = [(n + i) % 6 for i in range(6)]
        deal = Deal(variant, stakes, [100] * 6, deck.shuffled(rng.getrandbits(64)))
        fold_street: dict[int, str] = {}
        while not deal.finished:
            seat = deal.actor
            assert seat is not None
            kind = seated[order[seat]]
            street = deal.street.name
            before = deal.total[seat]
            view = deal_view(deal, seat)
            seen.clear()
            move = bots[order[seat]].decide(view)  # type: ignore[attr-defined]
            if calibrate and kind == a and view.phase == "betting" and seen:
                players = len(deal.in_hand())
                cal[street, "multi" if players > 2 else "heads-up"].append(
                    (seen[-1], hindsight(deal, seat), move.kind)
                )
            tag = move.kind
            if move.kind == "call" and view.to_call == 0:
                tag = "check?"
            acts[kind][street, tag] += 1
            play(deal, move)
            put[kind][street] += deal.total[seat] - before
            if move.kind == "fold":
                fold_street[seat] = street
        live = [i for i in range(6) if not deal.folded[i]]
        pot = sum(deal.winnings)
        for seat in range(6):
            kind = seated[order[seat]]
            net = deal.stacks[seat] - deal.starting_stacks[seat]
            if seat in fold_street:
                end = f"fold {fold_street[seat]}"
            elif len(live) == 1:
                end = "won uncontested"
            elif deal.winnings[seat] == pot:
                end = "showdown scoop"
            elif deal.winnings[seat] > 0:
                end = "showdown part"
            else:
                end = "showdown lost"
            ends[kind][end] += net
            ends_n[kind][end] += 1
    for kind in (a, b):
        print(f"== {kind}: net {sum(ends[kind].values()) / (3 * deals):+.3f} chips/deal")
        for end in sorted(ends[kind]):
            print(f"  {end:18s} n={ends_n[kind][end]:6d} net={ends[kind][end]:+8d}"
                  f" ({ends[kind][end] / (3 * deals):+.3f}/deal)")  # fmt: skip
        for street in streets:
            row = {k: c for (s, k), c in acts[kind].items() if s == street}
            print(f"  {street:10s} put {put[kind][street]:7d}  {dict(sorted(row.items()))}")

    for (street, who), pairs in sorted(cal.items()):
        est = sum(p[0] for p in pairs) / len(pairs)
        true = sum(p[1] for p in pairs) / len(pairs)
        print(f"  calib {street:14s} {who:9s} n={len(pairs):5d} est {est:.3f} true {true:.3f}")
        for act in sorted({p[2] for p in pairs}):
            sub = [p for p in pairs if p[2] == act]
            print(
                f"      {act:10s} n={len(sub):5d}"
                f" est {sum(p[0] for p in sub) / len(sub):.3f}"
                f" true {sum(p[1] for p in sub) / len(sub):.3f}"
            )
        for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
            sub = [p for p in pairs if lo <= p[0] < lo + 0.2]
            if sub:
                print(
                    f"      est in [{lo:.1f},{lo + 0.2:.1f}) n={len(sub):5d}"
                    f" est {sum(p[0] for p in sub) / len(sub):.3f}"
                    f" true {sum(p[1] for p in sub) / len(sub):.3f}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variant")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--a", default="equity")
    parser.add_argument("--b", default="strength")
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args()
    probe(args.variant, args.a, args.b, args.deals, args.seed, args.calibrate)


if __name__ == "__main__":
    main()
