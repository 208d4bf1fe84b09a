"""Whole hands with random legal play, in one run: straights' ``poker.Deal`` beside OpenSpiel,
pokerfast and PokerKit (issue 25, item 1).

    .venv/bin/python benchmarks/bench_hands.py [--rounds 3] [--seconds 2] [--peer-hands 300]
        [--no-install]

6-max no-limit hold'em (stacks of 200, blinds 1-2, bench_games.py's table and random
policy) round by round: this project's engine in this process, then OpenSpiel 2.0.2's
``universal_poker`` (in ``benchmarks/.openspiel-venv``) and pokerfast 0.2.0's
``FastHand`` (in ``benchmarks/.fast-peers-venv``), each in its own worker process
(``_hands_worker.py``) for the same CPU seconds; ratios are taken round by round and
the median printed.  Then PokerKit (``benchmarks/.peers-venv``, as compare_peers.py)
on every variant it shares, against this engine on the same tables
(bench_games.py).  Rates are hands per CPU second of the process that played them.
Targets: ≥ 2× OpenSpiel and ≥ 2× pokerfast on 6-max NLHE; ≥ 10× PokerKit on every
shared variant.  The first line says whether the engine ran compiled (mypyc).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_games import STACK, ours, play, pokerkit, stakes, table
from compare_peers import ensure_peers
from peer_venv import ensure_venv

import straights.poker.engine
from straights.poker import VARIANTS, get_variant
from straights.poker.catalogue import game_name

HERE = Path(__file__).resolve().parent
PEERS = {
    "openspiel": (HERE / ".openspiel-venv", ["open_spiel==2.0.2"]),
    "pokerfast": (HERE / ".fast-peers-venv", ["pkrbot==1.1.0", "pokerfast==0.2.0"]),
}
NAMES = {"openspiel": "OpenSpiel universal_poker", "pokerfast": "pokerfast FastHand"}


def ours_for(seconds: float, seed: int) -> dict[str, float]:
    """This engine's 6-max NLHE hands for ``seconds`` of CPU (after 50 warm-up hands)."""
    variant = get_variant("NT")
    spec = table(variant)
    the_stakes, players = stakes(spec), spec["players"]
    rng = random.Random(seed)
    for _ in range(50):
        play(variant, the_stakes, players, rng)
    hands = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += play(variant, the_stakes, players, rng)
        hands += 1
    return {"hands": hands, "cpu": time.process_time() - start, "decisions": decisions}


def peer_for(python: Path, engine: str, seconds: float, seed: int) -> dict[str, float]:
    run = subprocess.run(
        [str(python), str(HERE / "_hands_worker.py"), engine, str(seconds), str(seed)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def rate(row: dict[str, float]) -> float:
    return row["hands"] / row["cpu"]


def holdem_rounds(
    rounds: int, seconds: float, seed: int, install: bool = True
) -> dict[str, list[dict[str, float]]]:
    """The 6-max NLHE rounds: per engine (``straights`` and each of :data:`PEERS`) one
    row a round, ``{"hands", "cpu", "decisions"}``, the engines taking turns."""
    pythons = {e: ensure_venv(v, p, install) for e, (v, p) in PEERS.items()}
    rows: dict[str, list[dict[str, float]]] = {"straights": [], **{e: [] for e in PEERS}}
    for r in range(rounds):
        print(f"round {r + 1} of {rounds} …", file=sys.stderr)
        rows["straights"].append(ours_for(seconds, seed + r))
        for engine, python in pythons.items():
            rows[engine].append(peer_for(python, engine, seconds, seed + r))
    return rows


def holdem(args: argparse.Namespace) -> None:
    """The 6-max NLHE rounds against OpenSpiel and pokerfast."""
    rows = holdem_rounds(args.rounds, args.seconds, args.seed, not args.no_install)
    print("\n| 6-max no-limit hold'em | hands/CPU s (median) | per round | decisions/hand "
          "| straights ÷ it (median) |")  # fmt: skip
    print("|---|--:|---|--:|--:|")
    mine = [rate(row) for row in rows["straights"]]
    for name, runs in rows.items():
        rates = [rate(row) for row in runs]
        per_round = ", ".join(f"{x:,.0f}" for x in rates)
        per_hand = sum(row["decisions"] for row in runs) / sum(row["hands"] for row in runs)
        ratio = statistics.median(m / x for m, x in zip(mine, rates, strict=True))
        label = "straights `poker.Deal`" if name == "straights" else NAMES[name]
        cell = "—" if name == "straights" else f"{ratio:.2f}×"
        print(f"| {label} | {statistics.median(rates):,.0f} | {per_round} "
              f"| {per_hand:.1f} | {cell} |")  # fmt: skip
    for name in PEERS:
        ratios = [m / rate(x) for m, x in zip(mine, rows[name], strict=True)]
        ratio = statistics.median(ratios)
        rounds = sum(r >= 2 for r in ratios)
        verdict = "met" if ratio >= 2 else "not met"
        each = ", ".join(f"{r:.2f}" for r in ratios)
        print(f"target ≥ 2× {NAMES[name]}: {ratio:.2f}× — {verdict} "
              f"(per round {each}: ≥ 2× in {rounds} of {len(ratios)})")  # fmt: skip


def pokerkit_rounds(
    rounds: int, hands: int, peer_hands: int, seed: int, install: bool = True
) -> dict[str, dict[str, list[dict[str, float]]]]:
    """Every variant PokerKit plays, against this engine on the same tables, in turns:
    ``{code: {"straights": [row a round], "pokerkit": [row a round]}}``."""
    python = ensure_peers(install)
    tables = {code: table(variant) for code, variant in VARIANTS.items()}
    out: dict[str, dict[str, list[dict[str, float]]]] = {}
    for r in range(rounds):
        print(f"timing PokerKit, round {r + 1} of {rounds} …", file=sys.stderr)
        theirs = pokerkit(python, tables, peer_hands, seed + r)
        for code in theirs:
            both = out.setdefault(code, {"straights": [], "pokerkit": []})
            both["pokerkit"].append(theirs[code])
            both["straights"].append(ours(code, tables[code], hands, seed + r))
    return out


def shared_with_pokerkit(args: argparse.Namespace) -> None:
    """Every variant PokerKit plays, against this engine on the same tables."""
    shared = pokerkit_rounds(1, args.hands, args.peer_hands, args.seed, not args.no_install)
    print("\n| game | code | straights hands/s | PokerKit hands/s | ratio |")
    print("|---|---|--:|--:|--:|")
    worst = float("inf")
    for code, both in shared.items():
        mine, theirs = both["straights"][0], both["pokerkit"][0]
        ratio = rate(mine) / rate(theirs)
        worst = min(worst, ratio)
        print(f"| {game_name(code)} | {code} | {rate(mine):,.0f} | {rate(theirs):,.0f} "
              f"| {ratio:.1f}× |")  # fmt: skip
    verdict = "met" if worst >= 10 else "not met"
    print(f"target ≥ 10× PokerKit on every shared variant: least {worst:.1f}× — {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a side a round")
    parser.add_argument("--hands", type=int, default=2000, help="hands a variant, here")
    parser.add_argument("--peer-hands", type=int, default=300, help="hands a variant, PokerKit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-install", action="store_true", help="never create a peer venv")
    args = parser.parse_args()
    compiled = not straights.poker.engine.__file__.endswith(".py")
    print(f"engine: {'compiled (mypyc)' if compiled else 'pure Python'}; stacks {STACK}")
    holdem(args)
    shared_with_pokerkit(args)


if __name__ == "__main__":
    main()
