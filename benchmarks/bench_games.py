"""Whole hands per second with random legal actions: every variant of the catalogue, and
PokerKit on the variants it knows, side by side.

    .venv/bin/python benchmarks/bench_games.py [--hands 2000] [--peer-hands 300]
        [--no-install | --peer-python PATH] [--json]

Each hand starts fresh (every stack 200) at 6 seats, or at the most the variant's deck
serves; blinds 1-2 (min bet 2, limits 2/4) or, in stud, ante 1, bring-in 1, limits 2/4;
Straights antes 1 on a ladder of 1. At each decision the player picks a legal kind of
action uniformly (fold only when facing a bet), a bet or raise to the least, the most or
a uniform amount between; a draw discards a uniform number of uniformly chosen cards (a
throw, as in Irish, the number the street says), and in Mexican stud the card turned up
is chosen uniformly. This engine's cards come from a ``ShuffleSource`` (each card drawn
as it is dealt). PokerKit plays the same tables with the same policy in its own
process (``_games_worker.py``), in the peers' virtualenv ``benchmarks/.peers-venv`` that
``compare_peers.py`` creates; ``--peer-python`` runs it with any interpreter that has
PokerKit instead (the project's own ``.venv`` has it as a dev extra). Rates are hands
per CPU second of the timing process (steadier than wall time on a shared machine),
after 50 warm-up hands on each side; ``decisions/hand`` shows both engines did
comparable work.  Target (issue 10): at least 10x PokerKit's hands per second on
6-max no-limit hold'em (NT) and seven-card stud (F7S).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from compare_peers import ensure_peers

from straights.cards import make_deck
from straights.poker import VARIANTS, Deal, Stakes, Variant, get_variant
from straights.poker.cards_source import ShuffleSource
from straights.poker.catalogue import game_name

HERE = Path(__file__).resolve().parent
STACK = 200
TARGETS = ("NT", "F7S")
#: Hands played before the timing, here and in PokerKit's worker (lookups filled at
#: first use, such as the five-card values behind the best five of seven, are then ready).
WARM_UP = 50


def table(variant: Variant) -> dict[str, Any]:
    """The table both engines play ``variant`` at (JSON, for the worker too)."""
    deck = make_deck(variant.deck, jokers=variant.jokers)
    players = min(6, variant.max_players(len(deck)))
    if variant.pot_rule is not None:  # Straights: ante and ladder unit 1
        return {"players": players, "stack": STACK, "ante": 1, "blinds": [], "min_bet": 1,
                "bring_in": 0, "small_bet": 0, "big_bet": 0}  # fmt: skip
    if variant.bring_in:
        return {"players": players, "stack": STACK, "ante": 1, "blinds": [], "min_bet": 2,
                "bring_in": 1, "small_bet": 2, "big_bet": 4}  # fmt: skip
    return {"players": players, "stack": STACK, "ante": 0, "blinds": [1, 2], "min_bet": 2,
            "bring_in": 0, "small_bet": 2, "big_bet": 4}  # fmt: skip


def stakes(spec: dict[str, Any]) -> Stakes:
    return Stakes.uniform(
        spec["players"],
        ante=spec["ante"],
        blinds=tuple(spec["blinds"]),
        bring_in=spec["bring_in"],
        small_bet=spec["small_bet"],
        big_bet=spec["big_bet"],
        min_bet=spec["min_bet"],
    )


def play(variant: Variant, the_stakes: Stakes, players: int, rng: random.Random) -> int:
    """One hand of this project's engine to the end; returns the decisions taken."""
    deck = make_deck(variant.deck, jokers=variant.jokers)
    # Cards drawn as dealt (as OpenSpiel's chance nodes are sampled), not 52 shuffled first.
    deal = Deal(variant, the_stakes, [STACK] * players, ShuffleSource(deck, rng), rng=rng)
    decisions = 0
    while not deal.finished:
        decisions += 1
        if deal.phase == "draw":
            hand = deal.holes[deal.actor]  # type: ignore[index]
            deal.discard(rng.sample(hand, rng.randint(0, len(hand))))
            continue
        if deal.phase == "discard":  # Irish, Courchevel: throw what the street says
            hand = deal.holes[deal.actor]  # type: ignore[index]
            deal.discard(rng.sample(hand, deal.street.discard))
            continue
        if deal.phase == "expose":  # Mexican stud: a uniform choice of the down cards
            i = deal.actor
            assert i is not None
            down = [c for c, up in zip(deal.holes[i], deal.up[i], strict=True) if not up]
            deal.expose(rng.sample(down, deal.street.choose_up))
            continue
        choice = rng.choice(deal.legal_actions())
        if choice.kind in ("bet", "raise", "complete"):
            low, high = choice.low, choice.high
            deal.take(choice, rng.choice((low, high, rng.randint(low, high))))
        else:
            deal.take(choice)  # the action chosen, played as it is (no lookup by name)
    if sum(deal.stacks) + deal.carry_out != STACK * players:
        raise SystemExit(f"{variant.code}: chips not conserved: {deal.stacks}")
    return decisions


def ours(code: str, spec: dict[str, Any], hands: int, seed: int) -> dict[str, float]:
    variant = get_variant(code)
    the_stakes = stakes(spec)
    rng = random.Random(f"{seed}/{code}")
    for _ in range(WARM_UP):
        play(variant, the_stakes, spec["players"], rng)
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = sum(play(variant, the_stakes, spec["players"], rng) for _ in range(hands))
    return {
        "hands": hands,
        "cpu": time.process_time() - cpu,
        "wall": time.perf_counter() - wall,
        "decisions": decisions,
    }


def pokerkit(python: Path, tables: dict[str, Any], hands: int, seed: int) -> dict[str, Any]:
    spec = json.dumps({"hands": hands, "seed": seed, "tables": tables})
    run = subprocess.run(
        [str(python), str(HERE / "_games_worker.py"), spec],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per variant, here")
    parser.add_argument("--peer-hands", type=int, default=300, help="hands per variant, PokerKit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-install", action="store_true", help="never create the peer venv")
    parser.add_argument("--peer-python", type=Path, help="an interpreter with PokerKit")
    parser.add_argument("--json", action="store_true", help="print raw timings as JSON")
    args = parser.parse_args()
    python = args.peer_python or ensure_peers(not args.no_install)

    tables = {code: table(variant) for code, variant in VARIANTS.items()}
    print("timing PokerKit …", file=sys.stderr)
    theirs = pokerkit(python, tables, args.peer_hands, args.seed)
    print("timing this project …", file=sys.stderr)
    mine = {code: ours(code, spec, args.hands, args.seed) for code, spec in tables.items()}
    if args.json:
        print(json.dumps({"straights": mine, "pokerkit": theirs}, indent=2))
        return

    def rate(row: dict[str, float]) -> float:
        return row["hands"] / row["cpu"]

    print("\n| game | code | seats | straights hands/s | PokerKit hands/s | ratio "
          "| decisions/hand (ours / PokerKit) |")  # fmt: skip
    print("|---|---|--:|--:|--:|--:|---|")
    for code, spec in tables.items():
        row, peer = mine[code], theirs.get(code)
        per_hand = f"{row['decisions'] / row['hands']:.1f}"
        if peer is None:
            cells = "— | — "
        else:
            cells = f"{rate(peer):,.0f} | {rate(row) / rate(peer):,.1f}× "
            per_hand += f" / {peer['decisions'] / peer['hands']:.1f}"
        print(f"| {game_name(code)} | {code} | {spec['players']} | {rate(row):,.0f} "
              f"| {cells}| {per_hand} |")  # fmt: skip
    print("\n(hands per CPU second; ratio: ours / PokerKit's)")
    for code in TARGETS:
        ratio = rate(mine[code]) / rate(theirs[code])
        verdict = "met" if ratio >= 10 else "not met"
        print(f"target ≥10× PokerKit on {game_name(code)} ({code}): {ratio:,.1f}× — {verdict}")


if __name__ == "__main__":
    main()
