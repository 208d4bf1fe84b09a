"""Rewards in chips (conserved), normalised rewards, seeding, and the single-agent wrapper."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

from straights.errors import ConfigurationError
from straights.poker.actions import CALL, FOLD
from straights.poker.catalogue import variant_codes
from straights.rl import env, single_agent_env
from straights.rl.dealer import Observation


def play_out(e: Any, rng: Random) -> dict[str, float]:
    """One episode of the AEC environment with random legal actions; the final rewards."""
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, done, _, info = e.last()
        if done:
            rewards[agent] = reward
            assert info["chips"] * e.reward_scale == reward
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return rewards


@pytest.mark.parametrize("code", variant_codes())
def test_rewards_are_the_chips_won_and_add_up_to_minus_a_carried_pot(code: str) -> None:
    rng = Random(f"rewards {code}")
    # The engine's environment, whose deal is read (the kernels' is compared with it in
    # tests/test_rl_holdem.py).
    e = env(code, 3, stack=[rng.randint(3, 60) for _ in range(3)], fast=False)
    n = 0
    for k in range(40):
        e.reset(seed=k)
        deal = e.dealer.deal
        rewards = play_out(e, rng)
        assert set(rewards) == set(e.possible_agents)
        payoffs = [s - s0 for s, s0 in zip(deal.stacks, deal.starting_stacks, strict=True)]
        assert [rewards[a] for a in e.possible_agents] == payoffs
        assert sum(payoffs) == -deal.carry_out
        n += any(payoffs)
    assert n >= 30  # chips did change hands


def test_normalised_rewards_count_big_blinds_or_antes() -> None:
    for game, unit in (("holdem", 2), ("seven-card-stud", 1), ("straights", 1)):
        chips = env(game, 2)
        units = env(game, 2, normalize_rewards=True)
        for k in range(10):
            chips.reset(seed=k)
            units.reset(seed=k)
            a, b = play_out(chips, Random(k)), play_out(units, Random(k))
            assert {p: r / unit for p, r in a.items()} == b  # same cards, same choices


def test_a_seed_reproduces_the_deal_and_every_later_one() -> None:
    def episodes(seed: int | None, e: Any) -> list[bytes]:
        out = []
        e.reset(seed=seed)
        for _ in range(3):
            obs, *_ = e.last()
            out.append(obs["observation"].tobytes())
            play_out(e, Random(0))
            e.reset()
        return out

    a, b = env("straights", 4), env("straights", 4)
    assert episodes(7, a) == episodes(7, b)
    assert episodes(7, a) != episodes(8, b)
    assert len(set(episodes(None, a))) == 3  # unseeded: fresh cards every deal


def test_single_agent_seeds_cards_seats_and_opponents() -> None:
    def trace(seed: int) -> list[Any]:
        e = single_agent_env("holdem", 4)
        out: list[Any] = []
        obs, info = e.reset(seed=seed)
        for _ in range(5):
            out.append((info["seat"], obs["observation"].tobytes()))
            done = False
            while not done:
                obs, reward, done, _, info = e.step(CALL)
            out.append(reward)
            obs, info = e.reset()
        return out

    assert trace(3) == trace(3)
    assert trace(3) != trace(4)
    seats = {s for s, _ in (x for x in trace(3) if isinstance(x, tuple))}
    assert len(seats) >= 2  # the learner's seat changes from deal to deal


def always_fold(observation: Observation) -> int:
    mask = observation["action_mask"]
    return FOLD if mask[FOLD] else int(np.flatnonzero(mask)[0])


def test_deals_the_learner_never_acts_in_are_told_not_played() -> None:
    # Heads-up the button acts first before the flop; when it folds at once, the big
    # blind never acts: that deal is skipped and its chip (the small blind) reported.
    e = single_agent_env("holdem", 2, opponents=always_fold)
    skipped = won = 0
    for k in range(30):
        obs, info = e.reset(seed=k)
        skipped += info["skipped_deals"]
        won += info["skipped_reward"]
        assert obs["action_mask"].any()
    assert skipped > 5 and won == skipped
    with pytest.raises(ConfigurationError, match="seat 0 never gets to act"):
        single_agent_env("holdem", 2, seat=0, opponents=always_fold).reset(seed=1)


def test_opponents_see_their_own_turn_only() -> None:
    calls: list[int] = []

    class Watcher:
        def __call__(self, observation: Observation) -> int:
            seat = int(np.flatnonzero(observation["observation"][:3])[0])
            calls.append(seat)
            assert observation["action_mask"].any()
            return CALL if observation["action_mask"][CALL] else FOLD

    e = single_agent_env("limit-holdem", 3, seat=2, opponents=[Watcher(), Watcher()])
    e.reset(seed=5)
    done = False
    while not done:
        _, _, done, _, _ = e.step(CALL)
    assert set(calls) == {0, 1}


def test_an_illegal_action_checks_or_folds_and_is_told() -> None:
    e = single_agent_env("straights", 2, seat=0, opponents="calling")
    obs, _ = e.reset(seed=2)
    assert not obs["action_mask"][FOLD]  # nothing to fold to: fold is illegal
    obs, _, done, _, info = e.step(FOLD)
    assert info["illegal"] and not done  # he checked; the calling station checked too
    acts = [x.kind for x in e.dealer.deal.log if x.kind in ("fold", "check", "bet")]
    assert acts == ["check", "check"]


def test_single_agent_rewards_normalised() -> None:
    chips = single_agent_env("holdem", 2, seat=1, opponents="calling")
    units = single_agent_env("holdem", 2, seat=1, opponents="calling", normalize_rewards=True)
    for k in range(5):
        chips.reset(seed=k)
        units.reset(seed=k)
        done = False
        while not done:
            _, a, done, _, info = chips.step(CALL)
            _, b, _, _, _ = units.step(CALL)
        assert a == info["chips"] and b == a / 2


@pytest.mark.parametrize("code", variant_codes())
def test_short_stacks_and_full_tables_always_offer_a_legal_action(code: str) -> None:
    rng = Random(f"short {code}")
    e = env(code, 2)
    most = min(6, e.table.variant.max_players(len(e.table.deck)))
    for k in range(12):
        players = rng.randint(2, most)
        e = env(code, players, stack=[rng.randint(1, 6) for _ in range(players)], fast=False)
        e.reset(seed=k)
        for agent in e.agent_iter():
            obs, _, done, _, _ = e.last()
            if done:
                e.step(None)
                continue
            assert agent == f"player_{e.dealer.actor}"
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            assert legal and legal == e.dealer.legal()
            e.step(rng.choice(legal))
        assert not e.agents
