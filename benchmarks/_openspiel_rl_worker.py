"""Runs inside benchmarks/.openspiel-venv: OpenSpiel's state API on no-limit hold'em.

Invoked by bench_rl.py as ``python _openspiel_rl_worker.py SEATS SECONDS SEED``;
prints JSON.  Random legal play through ``universal_poker``'s state (C++, driven
from Python), a uniform choice among at most seven moves as the project's
action mask offers (see :func:`choose`; a uniform choice among every legal
raise-to would end deals after a step or two): a step is one decision,
chance outcomes sampled in Python and not counted; a new game state per deal
(inside the timing, as resets are for the environments).  Blinds 1–2, stacks of
200, as the project's tables.
"""

from __future__ import annotations

import json
import random
import sys
import time

import pyspiel


def game_string(seats: int) -> str:
    first = "2 1 1 1" if seats == 2 else "3 1 1 1"
    blinds = " ".join(["1", "2"] + ["0"] * (seats - 2))
    stacks = " ".join(["200"] * seats)
    return (
        f"universal_poker(betting=nolimit,numPlayers={seats},numRounds=4,blind={blinds},"
        f"firstPlayer={first},numSuits=4,numRanks=13,numHoleCards=2,"
        f"numBoardCards=0 3 1 1,stack={stacks},bettingAbstraction=fullgame)"
    )


def choose(legal: list[int], rng: random.Random) -> int:
    """Uniform among at most seven moves, as the project's action mask offers them: fold,
    check or call, and five raise sizes spread over the legal range (least … all-in).
    (In the full game, actions 0 and 1 are fold and call, every other one a raise-to.)"""
    moves = [a for a in legal if a < 2]
    sizes = [a for a in legal if a >= 2]
    if sizes:
        picks = {sizes[round(q * (len(sizes) - 1))] for q in (0.0, 0.25, 0.5, 0.75, 1.0)}
        moves += sorted(picks)
    return moves[int(rng.random() * len(moves))]


def main() -> None:
    seats, seconds, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    game = pyspiel.load_game(game_string(seats))
    rng = random.Random(seed)
    steps = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            state.apply_action(choose(state.legal_actions(), rng))
            steps += 1
        episodes += 1
    cpu = time.process_time() - start
    print(json.dumps({"steps": steps, "episodes": episodes, "cpu": cpu}))


if __name__ == "__main__":
    main()
