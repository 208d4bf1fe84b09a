"""The no-limit hold'em environment on kernels is the engine's environment, observable for
observable.

``env("holdem", fast=True)`` (:class:`straights.rl.holdem.HoldemEnv`) and
``env("holdem", fast=False)`` (the engine, :class:`straights.rl.aec.EngineEnv`)
are reset with the same seed and driven with the same random legal actions,
deal after deal: at every step the agent to act, the agents, the rewards,
terminations, truncations and infos, the spectator's line and the
observation of *every* seat (vector and mask, byte for byte) must be equal.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from random import Random
from typing import Any

import numpy as np
import pytest
from sizes import size

from straights.errors import ConfigurationError, IllegalActionError, StraightsError
from straights.rl import env
from straights.rl.aec import EngineEnv, PokerEnv
from straights.rl.holdem import HoldemEnv


def _same_state(fast: PokerEnv, slow: PokerEnv) -> None:
    assert fast.agent_selection == slow.agent_selection
    assert fast.agents == slow.agents
    for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast.describe() == slow.describe()
    for agent in fast.possible_agents:
        a, b = fast.observe(agent), slow.observe(agent)
        for key in ("observation", "action_mask"):
            assert a[key].dtype == b[key].dtype and a[key].tobytes() == b[key].tobytes(), (
                agent,
                key,
            )


def side_by_side(players: int, deals: int, seed: int, **options: Any) -> dict[str, int]:
    """``deals`` deals of random play through both environments, every step compared."""
    fast = env("holdem", players, fast=True, **options)
    slow = env("holdem", players, fast=False, **options)
    assert isinstance(fast, HoldemEnv) and isinstance(slow, EngineEnv)
    rng = np.random.default_rng(seed)
    # Calls preferred so that deals reach the showdown; all-ins often enough for side pots.
    weights = np.full(fast.actions.size, 0.7)
    weights[:2] = (1.0, 4.0)
    seen = dict.fromkeys(("deals", "steps", "showdowns", "side pots", "split pots"), 0)
    for k in range(deals):
        fast.reset(seed=seed if k == 0 else None)
        slow.reset(seed=seed if k == 0 else None)
        for agent in fast.agent_iter():
            _same_state(fast, slow)
            obs, _, done, cut, _ = fast.last()
            draw = obs["action_mask"] * weights * rng.random(len(weights))
            action = None if done or cut else int(draw.argmax())
            fast.step(action)
            slow.step(action)
            seen["steps"] += action is not None
            assert agent
        _same_state(fast, slow)
        assert not slow.agents
        deal = slow.dealer.deal
        assert deal is not None
        seen["deals"] += 1
        if deal.folded.count(False) > 1:
            seen["showdowns"] += 1
            seen["side pots"] += len(deal.pots) > 1
            seen["split pots"] += sum(1 for e in deal.log if e.kind == "win") > len(deal.pots)
    return seen


@pytest.mark.parametrize(
    ("players", "deals", "seed", "options"),
    [
        (2, 600, 1, {}),
        (2, 300, 2, {"stack": [3, 40]}),
        (3, 300, 3, {"stack": [5, 120, 60]}),
        (4, 200, 4, {"blinds": [2, 5], "history": 4, "stack": [50, 9, 150, 200]}),
        (6, 400, 5, {}),
        (6, 300, 6, {"stack": [30, 4, 200, 80, 12, 150], "normalize_rewards": True}),
        (9, 150, 7, {"raise_sizes": (0.33, 0.75, 1.5, 3), "stack": 60}),
        (10, 120, 8, {"stack": [20 + 17 * k for k in range(10)]}),
        (22, 20, 9, {"stack": 40}),
    ],
)
def test_random_deals_give_the_engines_observations_masks_and_rewards(
    players: int, deals: int, seed: int, options: dict[str, Any]
) -> None:
    """2,390 deals, every observation of every seat at every step compared."""
    seen = side_by_side(players, deals, seed, **options)
    assert seen["deals"] == deals and seen["showdowns"] > 0
    if players > 2 and isinstance(options.get("stack"), list):  # uneven stacks
        assert seen["side pots"] > 0


def test_the_rarer_rules_happen_in_the_run() -> None:
    total = dict.fromkeys(("split pots", "side pots"), 0)
    for players, seed in ((3, 11), (6, 12)):
        seen = side_by_side(players, 150, seed, stack=[10 + 20 * k for k in range(players)])
        for key in total:
            total[key] += seen[key]
    assert total["split pots"] > 0 and total["side pots"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_many_random_deals_agree_with_the_engine(players: int) -> None:
    deals = size(300, 1_000)  # a player count (tests/sizes.py)
    seen = side_by_side(players, deals, 100 + players, stack=[15 + 25 * k for k in range(players)])
    assert seen["showdowns"] > 0


def _watch(e: PokerEnv, seat: str, deck: list[str], actions: list[int] | Random) -> Any:
    """Deal ``deck``, play ``actions`` (or random ones): ``seat``'s observations, the actions."""
    e.reset(options={"deck": " ".join(deck)})
    seen, taken = [], []
    for agent in e.agent_iter():
        obs, _, done, _, _ = e.last()
        if done:
            e.step(None)
            continue
        mine = e.observe(seat)
        seen.append(mine["observation"].tobytes() + mine["action_mask"].tobytes())
        if isinstance(actions, Random):
            index = actions.choice(np.flatnonzero(obs["action_mask"]).tolist())
        else:
            index = actions[len(taken)]
        taken.append(index)
        e.step(index)
        assert agent
    return seen, taken


def test_cards_a_seat_never_sees_change_none_of_its_observations() -> None:
    """A rigged deck; the cards the seat never sees shuffled among themselves: the same
    actions give the seat the same observations (its last one, after a showdown, may
    show more)."""
    rng = Random("holdem leak")
    changed = 0
    for _ in range(40):
        players = rng.randint(2, 6)
        e = env("holdem", players, fast=True, stack=rng.choice([10, 200]))
        cards = [c.ascii() for c in e.table.deck.shuffled(rng)]
        seat = rng.randrange(players)
        agent = f"player_{seat}"
        first, actions = _watch(e, agent, cards, rng)
        n = players
        board = [cards[2 * n + k] for k in (1, 2, 3, 5, 7)]
        visible = {cards[2 * seat], cards[2 * seat + 1], *board}
        hidden = [k for k, c in enumerate(cards) if c not in visible]
        moved = [cards[k] for k in hidden]
        rng.shuffle(moved)
        other = list(cards)
        for k, c in zip(hidden, moved, strict=True):
            other[k] = c
        changed += other != cards
        second, _ = _watch(e, agent, other, actions)
        assert second == first
    assert changed >= 30


def test_env_chooses_the_kernels_for_no_limit_holdem_it_can_play() -> None:
    assert isinstance(env("holdem", 6), HoldemEnv)
    assert isinstance(env("NT", 3, blinds=[2, 5]), HoldemEnv)
    assert isinstance(env("holdem", 6, fast=False), EngineEnv)
    assert isinstance(env("straights", 2), EngineEnv)
    # A stack not above its blind: the engine plays it (the kernels would not).
    assert isinstance(env("holdem", 2, stack=[2, 50]), EngineEnv)
    with pytest.raises(ConfigurationError, match=r"fast=True: .* not F7S"):
        env("seven-card-stud", 2, fast=True)
    with pytest.raises(ConfigurationError, match="seat 0 has 2 for a blind of 2"):
        env("holdem", 2, stack=[2, 50], fast=True)
    with pytest.raises(ConfigurationError, match="no antes"):
        env("holdem", 2, ante=1, fast=True)
    with pytest.raises(ConfigurationError, match="fast='yes'"):
        env("holdem", 2, fast="yes")  # type: ignore[arg-type]


def test_bad_input_is_the_engines_one_clear_error() -> None:
    fast, slow = env("holdem", 3, fast=True), env("holdem", 3, fast=False)
    with pytest.raises(IllegalActionError, match="reset"):
        fast.observe("player_0")
    errors = []
    for e in (fast, slow):
        e.reset(seed=4)
        for bad in (9, -1, 10**30):
            with pytest.raises(IllegalActionError) as caught:
                e.step(bad)
            errors.append(str(caught.value))
        with pytest.raises(ConfigurationError, match="give an action index"):
            e.step(None)
    assert errors[:3] == errors[3:]
    assert errors[0].startswith("action 9 is not legal now; legal: 0 fold, 1 call, 2 raise-min")
    _same_state(fast, slow)  # nothing changed
    with pytest.raises(ConfigurationError, match="a deck of 3 cards: a deal for 3 players"):
        fast.reset(options={"deck": "As Kd Qh"})
    with pytest.raises(StraightsError, match="As appears twice"):
        fast.reset(options={"deck": "As As Kd"})


def test_the_same_seed_deals_the_same_cards_as_the_engine() -> None:
    fast, slow = env("holdem", 4, fast=True), env("holdem", 4, fast=False)
    for e in (fast, slow):
        e.reset(seed=77)
    mine = fast.observe("player_0")["observation"]
    assert mine.tobytes() == slow.observe("player_0")["observation"].tobytes()
    deal = slow.dealer.deal  # type: ignore[attr-defined]
    own = np.flatnonzero(mine[fast.encoding.cards_at : fast.encoding.cards_at + 2 * 53])
    assert [fast.table.deck.cards[k % 53] for k in own] == deal.holes[0]


def test_the_illegal_answer_is_the_kernels() -> None:
    from straights.rl import holdem, kernels

    assert holdem.ILLEGAL == kernels.ILLEGAL


def test_without_numba_holdem_is_the_engines_and_fast_true_names_the_extra() -> None:
    code = textwrap.dedent(
        """
        import importlib.abc, sys

        class Hide(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.partition(".")[0] == "numba":
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)
                return None

        sys.meta_path.insert(0, Hide())
        import straights.rl
        print(type(straights.rl.env("holdem", 2)).__name__)
        try:
            straights.rl.env("holdem", 2, fast=True)
        except Exception as exc:
            print(type(exc).__name__, exc)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    first, second = out.stdout.splitlines()
    assert first == "EngineEnv"
    assert second.startswith("MissingExtraError straights.rl.env(fast=True) needs numba")
