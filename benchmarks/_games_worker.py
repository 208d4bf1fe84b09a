"""Runs inside the peers' virtualenv: PokerKit plays whole hands with random legal actions.

Invoked by bench_games.py as ``python _games_worker.py SPEC_JSON``; prints JSON
``{code: {"hands", "cpu", "wall", "decisions"}}``.  The spec (hands, seed and, per
variant code, the players, stakes and stack) comes from bench_games.py, so both
engines play the same tables; the random policy below is the one bench_games.py
uses for this project's engine, written against PokerKit's API.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import pokerkit as pk

#: Variant code -> (PokerKit game, how its create_state takes the bets).
GAMES: dict[str, tuple[Any, str]] = {
    "NT": (pk.NoLimitTexasHoldem, "blinds-min"),
    "FT": (pk.FixedLimitTexasHoldem, "blinds-fixed"),
    "NS": (pk.NoLimitShortDeckHoldem, "blinds-min"),
    "PO": (pk.PotLimitOmahaHoldem, "blinds-min"),
    "FO/8": (pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter, "blinds-fixed"),
    "F7S": (pk.FixedLimitSevenCardStud, "stud"),
    "F7S/8": (pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter, "stud"),
    "FR": (pk.FixedLimitRazz, "stud"),
    "N2L1D": (pk.NoLimitDeuceToSevenLowballSingleDraw, "blinds-min"),
    "F2L3D": (pk.FixedLimitDeuceToSevenLowballTripleDraw, "blinds-fixed"),
    "FB": (pk.FixedLimitBadugi, "blinds-fixed"),
}
AUTOMATIONS = tuple(pk.Automation)
#: Hands played before the timing (as in bench_games.py).
WARM_UP = 50


def new_state(code: str, table: dict[str, Any]) -> Any:
    game, kind = GAMES[code]
    common = (AUTOMATIONS, True, table["ante"])
    n, stack = table["players"], table["stack"]
    if kind == "blinds-min":
        return game.create_state(*common, tuple(table["blinds"]), table["min_bet"], stack, n)
    if kind == "blinds-fixed":
        bets = (table["small_bet"], table["big_bet"])
        return game.create_state(*common, tuple(table["blinds"]), *bets, stack, n)
    bets = (table["bring_in"], table["small_bet"], table["big_bet"])
    return game.create_state(*common, *bets, stack, n)


def play(code: str, table: dict[str, Any], rng: random.Random) -> int:
    """One hand to the end; returns the decisions taken."""
    state = new_state(code, table)
    decisions = 0
    while state.status:
        if state.can_stand_pat_or_discard():
            hand = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hand, rng.randint(0, len(hand))))
            decisions += 1
            continue
        if state.actor_index is None:
            break
        kinds = []
        if state.can_post_bring_in():
            kinds.append("bring-in")
        else:
            if state.can_fold() and state.checking_or_calling_amount:
                kinds.append("fold")
            kinds.append("call")
        if state.can_complete_bet_or_raise_to():
            kinds.append("raise")
        kind = rng.choice(kinds)
        decisions += 1
        if kind == "bring-in":
            state.post_bring_in()
        elif kind == "fold":
            state.fold()
        elif kind == "call":
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.choice((low, high, rng.randint(low, high))))
    if sum(state.stacks) != table["stack"] * table["players"]:
        raise SystemExit(f"{code}: PokerKit lost chips: {state.stacks}")
    return decisions


def main() -> None:
    spec = json.loads(sys.argv[1])
    out: dict[str, dict[str, float]] = {}
    for code, table in spec["tables"].items():
        if code not in GAMES:
            continue
        rng = random.Random(f"{spec['seed']}/{code}")
        for _ in range(WARM_UP):  # as bench_games.py
            play(code, table, rng)
        wall, cpu = time.perf_counter(), time.process_time()
        decisions = sum(play(code, table, rng) for _ in range(spec["hands"]))
        out[code] = {
            "hands": spec["hands"],
            "cpu": time.process_time() - cpu,
            "wall": time.perf_counter() - wall,
            "decisions": decisions,
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
