"""Steps per second of the research environments, side by side with PettingZoo and RLCard.

    .venv/bin/python benchmarks/bench_rl.py [--seconds 5] [--all [--rounds N]] [--no-install |
        --peer-python PATH] [--json]

A *step* is one decision: an ``env.step`` with an action (the ``step(None)`` that
retires a finished agent in PettingZoo's AEC loop is not counted), each picking
uniformly among the legal actions of the action mask, the observation read
with ``env.last()`` first, as a learner would.  Resets are inside the timing.
Rates are steps per CPU second of the timing process.

This project's AEC environment (``straights.rl.env``, as a user gets it) plays
no-limit hold'em (``holdem``: the environment on compiled kernels,
``straights.rl.holdem``) and Straights at 2 and 6 seats; for hold'em a second
row plays the engine's environment (``fast=False``); a last row per game
plays the same deals through the engine environment's core without building
observations (the engine and the action layer alone).  The
batch environments (``straights.batch.HoldemBatch``, ``StraightsBatch``) step
64 and 1,024 tables at once on one core; a step is one decision at one table,
the random legal actions drawn with NumPy inside the timing.
``--all`` adds every variant of the catalogue at 6 seats (or the most its deck
serves); ``--rounds N`` (with ``--all``) times them in N rounds, each between two
timings of PettingZoo's hold'em at 6 seats (before and after: a round's ratios are
against the mean of the two), the games in reverse order every other round, so that
both sides of each ratio meet the same load.  PettingZoo's ``texas_holdem_no_limit_v6`` and RLCard's
``no-limit-holdem`` run in their own virtualenv, ``benchmarks/.rl-peers-venv``
(created on the first run from PyPI: pettingzoo, rlcard, pygame-ce), through
``_rl_peers_worker.py``; ``--openspiel`` adds OpenSpiel's ``universal_poker``
state API (``_openspiel_rl_worker.py``, in ``benchmarks/.openspiel-venv``, which
bench_solver.py also uses), timed in the same turns.  Targets (issues 13, 25): the
AEC environment at least 10x PettingZoo's on no-limit hold'em (and on every game),
and at least OpenSpiel's state API on no-limit hold'em.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from peer_venv import ensure_venv

from straights.batch import HoldemBatch, StraightsBatch
from straights.poker.catalogue import GAME_NAMES, variant_codes
from straights.rl import env
from straights.rl.dealer import Dealer
from straights.rl.table import table_for

HERE = Path(__file__).resolve().parent
VENV = HERE / ".rl-peers-venv"
OPENSPIEL_VENV = HERE / ".openspiel-venv"  # bench_solver.py's
PEERS = ["pettingzoo", "rlcard", "pygame-ce"]
SEATS = (2, 6)
TABLES = (64, 1024)
BATCHES = {"holdem": HoldemBatch, "straights": StraightsBatch}


def aec_rate(game: str, players: int, seconds: float, seed: int, **options: Any) -> dict[str, Any]:
    """The AEC environment, as a multi-agent learner drives it (``env(game, players,
    **options)``, what a user gets).  One deal is played before the timing: it loads
    the compiled kernels of no-limit hold'em (Numba's cache) once per process."""
    e = env(game, players, **options)
    rng = random.Random(seed)
    e.reset(seed=seed + 1)
    for _agent in e.agent_iter():
        obs, _, done, cut, _ = e.last()
        e.step(None if done or cut else int(obs["action_mask"].nonzero()[0][0]))
    e.reset(seed=seed)
    steps = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _agent in e.agent_iter():
            obs, _, done, cut, _ = e.last()
            if done or cut:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        e.reset()
        episodes += 1
    return {"steps": steps, "episodes": episodes, "cpu": time.process_time() - start}


def core_rate(game: str, players: int, seconds: float, seed: int) -> dict[str, Any]:
    """The same deals through the environment's core, without observations."""
    dealer = Dealer(table_for(game, players))
    rng = random.Random(seed)
    dealer.seed(seed)
    steps = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        dealer.new_deal()
        while dealer.actor is not None:
            legal = dealer.legal()
            dealer.play(legal[int(rng.random() * len(legal))])
            steps += 1
        episodes += 1
    return {"steps": steps, "episodes": episodes, "cpu": time.process_time() - start}


def batch_rate(game: str, players: int, tables: int, seconds: float, seed: int) -> dict[str, Any]:
    """A batch environment on one core: one step of every table per call, each table's
    action drawn uniformly among its legal ones with NumPy (inside the timing)."""
    batch = BATCHES[game](tables=tables, players=players, seed=seed)
    rng = np.random.default_rng(seed)
    shape = batch.mask.shape
    batch.step(np.where(batch.mask, rng.random(shape), -1.0).argmax(axis=1))  # compiled now
    steps = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(100):
            _, done = batch.step(np.where(batch.mask, rng.random(shape), -1.0).argmax(axis=1))
            episodes += int(done.sum())
        steps += 100 * tables
    return {"steps": steps, "episodes": episodes, "cpu": time.process_time() - start}


def rate(row: dict[str, Any]) -> float:
    return float(row["steps"] / row["cpu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all", action="store_true", help="every variant at 6 seats too")
    parser.add_argument("--no-install", action="store_true", help="never create the peer venv")
    parser.add_argument("--peer-python", type=Path, help="an interpreter with pettingzoo, rlcard")
    parser.add_argument("--json", action="store_true", help="print raw timings as JSON")
    parser.add_argument(
        "--rounds", type=int, default=0, help="with --all: every game in N rounds, in turns"
    )
    parser.add_argument(
        "--openspiel", action="store_true", help="also OpenSpiel's state API (its own venv)"
    )
    args = parser.parse_args()
    python = args.peer_python or ensure_venv(VENV, PEERS, not args.no_install)
    spiel = (
        ensure_venv(OPENSPIEL_VENV, ["open_spiel"], not args.no_install) if args.openspiel else None
    )
    warnings.simplefilter("ignore")

    # Seat count by seat count, the peers and then this project, so that both sides of
    # each ratio are timed minutes apart at most, whatever else loads the machine.
    peers: dict[str, dict[str, Any]] = {"pettingzoo": {}, "rlcard": {}}
    mine: dict[str, dict[str, Any]] = {}
    for n in SEATS:
        print(f"timing PettingZoo and RLCard, {n} seats …", file=sys.stderr)
        for peer, rows in peer_rates(python, n, args.seconds, args.seed).items():
            peers[peer].update(rows)
        if spiel is not None:
            print(f"timing OpenSpiel's state API, {n} seats …", file=sys.stderr)
            peers.setdefault("openspiel", {})[str(n)] = openspiel_rate(
                spiel, n, args.seconds, args.seed
            )
        print(f"timing this project, {n} seats …", file=sys.stderr)
        for game in ("holdem", "straights"):
            mine[f"{game} aec {n}"] = aec_rate(game, n, args.seconds, args.seed)
            if game == "holdem":
                mine[f"{game} engine {n}"] = aec_rate(game, n, args.seconds, args.seed, fast=False)
            mine[f"{game} core {n}"] = core_rate(game, n, args.seconds, args.seed)
            for tables in TABLES:
                mine[f"{game} batch{tables} {n}"] = batch_rate(
                    game, n, tables, args.seconds, args.seed
                )
    if args.all and args.rounds > 0:
        rounds = every_game_in_rounds(python, args.seconds, args.seed, args.rounds)
        if args.json:
            print(json.dumps({"straights": mine, **peers, "rounds": rounds}, indent=2))
            return
        _report(mine, peers, False)
        _report_rounds(rounds)
        return
    if args.all:
        for code in variant_codes():
            table = table_for(code, 2)
            n = min(6, table.variant.max_players(len(table.deck)))
            mine[f"{code} aec {n}"] = aec_rate(code, n, args.seconds / 2, args.seed)
    if args.json:
        print(json.dumps({"straights": mine, **peers}, indent=2))
        return

    _report(mine, peers, args.all)


def peer_rates(python: Path, seats: int, seconds: float, seed: int) -> dict[str, Any]:
    """PettingZoo's and RLCard's no-limit hold'em at ``seats``, in their own venv:
    ``{"pettingzoo": {"SEATS": row}, "rlcard": {"SEATS": row}}``."""
    run = subprocess.run(
        [str(python), str(HERE / "_rl_peers_worker.py"), str(seconds), str(seed), str(seats)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def openspiel_rate(spiel: Path, seats: int, seconds: float, seed: int) -> dict[str, Any]:
    """OpenSpiel's ``universal_poker`` state API at ``seats``, in its own venv: a row."""
    run = subprocess.run(
        [str(spiel), str(HERE / "_openspiel_rl_worker.py"), str(seats), str(seconds), str(seed)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def pettingzoo_6(python: Path, seconds: float, seed: int) -> float:
    """PettingZoo's no-limit hold'em at 6 seats, steps per CPU second (its own venv)."""
    return rate(peer_rates(python, 6, seconds, seed)["pettingzoo"]["6"])


def holdem_rounds(
    python: Path, spiel: Path, rounds: int, seconds: float, seed: int
) -> dict[str, list[float]]:
    """No-limit hold'em at 2 and 6 seats in ``rounds`` rounds, steps per CPU second:
    PettingZoo, OpenSpiel's state API and this project's AEC environment in turns, keyed
    ``"pettingzoo N"``, ``"openspiel N"``, ``"straights N"`` (a value a round)."""
    out: dict[str, list[float]] = {}
    for k in range(rounds):
        for n in SEATS:
            print(f"round {k + 1}: no-limit hold'em, {n} seats …", file=sys.stderr)
            pz = peer_rates(python, n, seconds, seed + k)["pettingzoo"][str(n)]
            out.setdefault(f"pettingzoo {n}", []).append(rate(pz))
            out.setdefault(f"openspiel {n}", []).append(
                rate(openspiel_rate(spiel, n, seconds, seed + k))
            )
            out.setdefault(f"straights {n}", []).append(
                rate(aec_rate("holdem", n, seconds, seed + k))
            )
    return out


def every_game_in_rounds(
    python: Path, seconds: float, seed: int, rounds: int
) -> list[dict[str, Any]]:
    """Every game's AEC rate in ``rounds`` rounds, PettingZoo timed before and after each
    round (the games reversed every other round)."""
    codes = list(variant_codes())
    out = []
    for k in range(rounds):
        print(f"round {k + 1}: PettingZoo, then every game …", file=sys.stderr)
        before = pettingzoo_6(python, seconds, seed + k)
        games: dict[str, float] = {}
        for code in codes if k % 2 == 0 else codes[::-1]:
            table = table_for(code, 2)
            n = min(6, table.variant.max_players(len(table.deck)))
            games[code] = rate(aec_rate(code, n, seconds / 2, seed + k))
        after = pettingzoo_6(python, seconds, seed + k)
        out.append({"pettingzoo": [before, after], "games": games, "seats": 6})
    return out


def _report_rounds(rounds: list[dict[str, Any]]) -> None:
    """Every game's rate and ratio in each round, and whether the least ratio is 10x."""
    print()
    for k, r in enumerate(rounds, 1):
        before, after = r["pettingzoo"]
        print(f"round {k}: PettingZoo texas_holdem_no_limit_v6, 6 seats: {before:,.0f} before, "
              f"{after:,.0f} after")  # fmt: skip
    heads = " | ".join(f"round {k}: steps/s | ×" for k in range(1, len(rounds) + 1))
    print(f"\n| game | code | {heads} | least × | ≥ 10×? |")
    print("|---|---|" + "--:|--:|" * len(rounds) + "--:|---|")
    lows = []
    for code in variant_codes():
        cells, ratios = [], []
        for r in rounds:
            pz = sum(r["pettingzoo"]) / 2
            ratios.append(r["games"][code] / pz)
            cells.append(f"{r['games'][code]:,.0f} | {ratios[-1]:.1f}")
        lows.append(min(ratios))
        name = GAME_NAMES.get(code, (code,))[0]
        verdict = "yes" if min(ratios) >= 10 else "no"
        print(f"| {name} | `{code}` | {' | '.join(cells)} | {min(ratios):.1f} | {verdict} |")
    met = sum(low >= 10 for low in lows)
    verdict = "met" if met == len(lows) else "not met"
    print(f"\ntarget ≥10× PettingZoo for every game, every round: {met} of {len(lows)} games "
          f"({min(lows):.1f}–{max(lows):.1f}× at least) — {verdict}")  # fmt: skip


def _report(mine: dict[str, Any], peers: dict[str, dict[str, Any]], every_game: bool) -> None:
    """Print the tables and the targets."""
    print("\n| environment | game | seats | steps/s | × PettingZoo | × RLCard |")
    print("|---|---|--:|--:|--:|--:|")
    for n in SEATS:
        pz, rc = rate(peers["pettingzoo"][str(n)]), rate(peers["rlcard"][str(n)])
        print(f"| PettingZoo texas_holdem_no_limit_v6 | no-limit hold'em | {n} | {pz:,.0f} "
              f"| 1.0 | {pz / rc:.2f} |")  # fmt: skip
        print(f"| RLCard no-limit-holdem | no-limit hold'em | {n} | {rc:,.0f} | {rc / pz:.1f} "
              "| 1.0 |")  # fmt: skip
        if "openspiel" in peers:
            os_rate = rate(peers["openspiel"][str(n)])
            print(f"| OpenSpiel universal_poker, state API | no-limit hold'em | {n} "
                  f"| {os_rate:,.0f} | {os_rate / pz:.1f} | {os_rate / rc:.2f} |")  # fmt: skip
        for game in ("holdem", "straights"):
            kinds = [("aec", "straights.rl.env (AEC)")]
            if game == "holdem":
                kinds.append(("engine", "straights.rl.env(fast=False)"))
            kinds.append(("core", "the engine's core, no obs."))
            kinds += [(f"batch{t}", f"{BATCHES[game].__name__}, {t:,} tables") for t in TABLES]
            for kind, label in kinds:
                r = rate(mine[f"{game} {kind} {n}"])
                print(f"| {label} | {game} | {n} | {r:,.0f} | {r / pz:.1f} | {r / rc:.2f} |")
    if every_game:
        pz6 = rate(peers["pettingzoo"]["6"])
        print("\n| game | code | seats | AEC steps/s | × PettingZoo NLHE 6 seats |")
        print("|---|---|--:|--:|--:|")
        for key, row in mine.items():
            code, kind, n = key.split()
            if kind == "aec" and code in variant_codes():
                name = GAME_NAMES.get(code, (code,))[0]
                print(f"| {name} | {code} | {n} | {rate(row):,.0f} | {rate(row) / pz6:.1f} |")
    print("\n(steps: decisions per CPU second, random legal actions, resets included)")
    for n in SEATS:
        ratio = rate(mine[f"holdem aec {n}"]) / rate(peers["pettingzoo"][str(n)])
        verdict = "met" if ratio >= 10 else "not met"
        print(f"target ≥10× PettingZoo on no-limit hold'em, {n} seats: {ratio:.1f}× — {verdict}")
        if "openspiel" in peers:
            ratio = rate(mine[f"holdem aec {n}"]) / rate(peers["openspiel"][str(n)])
            verdict = "met" if ratio >= 1 else "not met"
            print(f"target ≥ OpenSpiel's state API, {n} seats: {ratio:.1f}× — {verdict}")
    if every_game:
        pz6 = rate(peers["pettingzoo"]["6"])
        rates = [rate(r) / pz6 for k, r in mine.items() if k.split()[1] == "aec"]
        verdict = "met" if min(rates) >= 10 else "not met"
        print(
            f"target ≥10× PettingZoo for every game: {min(rates):.1f}–{max(rates):.1f}× — {verdict}"
        )


if __name__ == "__main__":
    main()
