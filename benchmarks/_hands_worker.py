"""Runs inside a peer's virtualenv: whole 6-max no-limit hold'em hands with random play.

Invoked by bench_hands.py as ``python _hands_worker.py ENGINE SECONDS SEED`` with
ENGINE ``openspiel`` (OpenSpiel's ``universal_poker``, C++ driven from Python, chance
outcomes sampled here) or ``pokerfast`` (pokerfast's ``FastHand``); prints JSON
``{"hands", "cpu", "decisions"}``.  The table is bench_games.py's: 6 seats, stacks of
200, blinds 1-2.  The policy is bench_games.py's too: a uniform kind of action among
fold (only when facing a bet), check or call, and a bet or raise when one is legal;
a bet or raise goes to the least, the most or a uniform amount between, with equal
chances.  A new hand per loop, inside the timing; warm-up hands first.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable

SEATS, STACK = 6, 200
WARM_UP = 50


def openspiel() -> Callable[[random.Random], int]:
    import pyspiel

    game = pyspiel.load_game(
        "universal_poker(betting=nolimit,numPlayers=6,numRounds=4,blind=1 2 0 0 0 0,"
        "firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
        "numBoardCards=0 3 1 1,stack=200 200 200 200 200 200,bettingAbstraction=fullgame)"
    )

    def hand(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = state.legal_actions()  # full game: 0 fold, 1 check/call, n raise to n
            sizes = [a for a in legal if a >= 2]
            kinds = [a for a in legal if a < 2]
            if sizes:
                kinds.append(2)
            kind = rng.choice(kinds)
            if kind == 2:
                low, high = sizes[0], sizes[-1]
                kind = rng.choice((low, high, rng.randint(low, high)))
            state.apply_action(kind)
            decisions += 1
        if abs(sum(state.returns())) > 1e-6:  # split pots pay fractions
            raise SystemExit(f"OpenSpiel lost chips: {state.returns()}")
        return decisions

    return hand


def pokerfast() -> Callable[[random.Random], int]:
    from pokerfast.engine import FastHand

    def hand(rng: random.Random) -> int:
        h = FastHand(small_blind=1, big_blind=2, min_stack=STACK, max_stack=STACK, rng=rng)
        decisions = 0
        while not h.done:
            space = h.get_action_space()
            if not space:
                break
            kinds = ["check" if "check" in space else "call"]
            if "fold" in space:
                kinds.append("fold")
            if "min_bet" in space:
                kinds.append("raise")
            kind = rng.choice(kinds)
            decisions += 1
            if kind == "raise":
                low, high = space["min_bet"], space["max_bet"]  # chips added, not the total
                h.bet_or_raise(rng.choice((low, high, rng.randint(low, high))))
            else:
                getattr(h, kind)()
        if sum(h.state.stacks) != STACK * SEATS:
            raise SystemExit(f"pokerfast lost chips: {h.state.stacks}")
        return decisions

    return hand


def main() -> None:
    engine, seconds, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    hand = {"openspiel": openspiel, "pokerfast": pokerfast}[engine]()
    rng = random.Random(seed)
    for _ in range(WARM_UP):
        hand(rng)
    hands = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += hand(rng)
        hands += 1
    cpu = time.process_time() - start
    print(json.dumps({"hands": hands, "cpu": cpu, "decisions": decisions}))


if __name__ == "__main__":
    main()
