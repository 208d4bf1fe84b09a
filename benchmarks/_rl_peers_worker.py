"""Runs inside benchmarks/.rl-peers-venv: steps per second of PettingZoo's and RLCard's
no-limit hold'em with random legal actions.

Invoked by bench_rl.py as ``python _rl_peers_worker.py SECONDS SEED PLAYERS...``; prints
JSON ``{"pettingzoo": {players: row}, "rlcard": {players: row}}``, a row being
``{"steps", "episodes", "cpu"}``.  A step is one decision (an ``env.step`` with an
action; PettingZoo's ``step(None)`` of a finished agent is not counted); each
decision picks uniformly among the legal actions, as bench_rl.py does.
"""

from __future__ import annotations

import json
import random
import sys
import time
import warnings
from typing import Any


def pettingzoo_rate(players: int, seconds: float, seed: int) -> dict[str, Any]:
    from pettingzoo.classic import texas_holdem_no_limit_v6

    env = texas_holdem_no_limit_v6.env(num_players=players)
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        env.reset()
        episodes += 1
    return {"steps": steps, "episodes": episodes, "cpu": time.process_time() - start}


def rlcard_rate(players: int, seconds: float, seed: int) -> dict[str, Any]:
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"seed": seed, "game_num_players": players})
    rng = random.Random(seed)
    steps = episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            steps += 1
        episodes += 1
    return {"steps": steps, "episodes": episodes, "cpu": time.process_time() - start}


def main() -> None:
    seconds, seed = float(sys.argv[1]), int(sys.argv[2])
    players = [int(p) for p in sys.argv[3:]]
    warnings.simplefilter("ignore")
    out: dict[str, dict[int, Any]] = {"pettingzoo": {}, "rlcard": {}}
    for n in players:
        out["pettingzoo"][n] = pettingzoo_rate(n, seconds, seed)
        out["rlcard"][n] = rlcard_rate(n, seconds, seed)
        print(f"  {n} players: done", file=sys.stderr, flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
