"""A Gymnasium environment: one seat learns, the other seats are opponent policies.

Same observations, actions and rewards as the AEC environment
(:mod:`straights.rl.aec`); the opponents act between the learner's turns.  The
reward comes at the end of the deal (0 before).  A deal that ends before the
learner's first turn (everyone folds to his big blind) is not an episode:
``reset`` deals again and tells the chips of such deals in
``info["skipped_reward"]`` (and their number in ``info["skipped_deals"]``), so
the total over all deals can still be counted.

>>> from straights.rl import single_agent_env
>>> e = single_agent_env("straights", seat=0, opponents="calling")
>>> obs, info = e.reset(seed=4)
>>> obs, reward, done, cut, info = e.step(2)   # bet; the calling station calls
>>> done, info["seat"]
(False, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
from gymnasium import spaces

from straights.errors import ConfigurationError
from straights.poker.actions import DEFAULT_SIZES
from straights.rl.aec import deck_option, observation_space
from straights.rl.dealer import Dealer, Observation
from straights.rl.policies import Policy, make_policy
from straights.rl.table import table_for

__all__ = ["SingleAgentEnv"]

#: Deals tried for one episode before concluding the learner can never act.
_MOST_SKIPPED = 1000


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """``game`` for ``players`` seats; the learner sits at ``seat`` (see
    :func:`straights.rl.single_agent_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self,
        game: str = "straights",
        players: int = 2,
        *,
        seat: int | None = None,
        opponents: str | Policy | Sequence[str | Policy] = "random",
        illegal: str = "passive",
        normalize_rewards: bool = False,
        history: int = 32,
        raise_sizes: Sequence[float] = DEFAULT_SIZES,
        render_mode: str | None = None,
        **table_options: Any,
    ) -> None:
        table = table_for(game, players, **table_options)
        self.dealer = Dealer(table, history=history, raise_sizes=raise_sizes)
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players
        ):
            raise ConfigurationError(f"seat={seat!r}: give a seat from 0 to {players - 1} or None")
        if illegal not in ("passive", "raise"):
            raise ConfigurationError(f"illegal={illegal!r}: choose passive or raise")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigurationError(f"render_mode={render_mode!r}: choose ansi or human")
        listed = (
            list(opponents)
            if isinstance(opponents, Sequence) and not isinstance(opponents, str)
            else [opponents] * (players - 1)
        )
        if len(listed) != players - 1:
            raise ConfigurationError(f"{len(listed)} opponents for {players - 1} other seats")
        self.opponents: list[Policy] = [make_policy(p) if isinstance(p, str) else p for p in listed]
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.reward_scale = 1.0 / table.unit if normalize_rewards else 1.0
        self.observation_space = observation_space(  # type: ignore[assignment]
            self.dealer.encoding, self.dealer.actions.size
        )
        self.action_space = spaces.Discrete(self.dealer.actions.size)  # type: ignore[assignment]

    def action_names(self) -> tuple[str, ...]:
        """The name of each action index."""
        return self.dealer.actions.names

    def _policy(self, seat: int) -> Policy:
        """The opponent at ``seat``: the list fills the other seats in order."""
        return self.opponents[seat if seat < self.seat else seat - 1]

    def _play_opponents(self) -> None:
        dealer = self.dealer
        actor = dealer.actor
        while actor is not None and actor != self.seat:
            dealer.play(self._policy(actor)(dealer.observe(actor)))
            actor = dealer.actor

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new deal where the learner acts.  ``seed`` reproduces it and every later
        one (cards, seats, the built-in opponents); ``options={"deck": …}`` rigs the
        cards of the first deal tried."""
        super().reset(seed=seed)
        if seed is not None:
            self.dealer.seed(seed)
            for k, policy in enumerate(self.opponents):
                reseed = getattr(policy, "seed", None)
                if callable(reseed):
                    reseed(seed * 7919 + k + 1)
        deck = deck_option(options)
        skipped, skipped_reward = 0, 0.0
        fixed, players = self.fixed_seat, self.dealer.table.players
        while True:
            self.seat = self.dealer.rng.randrange(players) if fixed is None else fixed
            self.dealer.new_deal(deck=deck)
            deck = None  # a rigged deck is dealt once
            self._play_opponents()
            if not self.dealer.finished:
                break
            skipped += 1
            skipped_reward += self.dealer.payoffs()[self.seat] * self.reward_scale
            if skipped >= _MOST_SKIPPED:
                raise ConfigurationError(
                    f"seat {self.seat} never gets to act at this table: check the stakes"
                )
        info = {"seat": self.seat, "skipped_deals": skipped, "skipped_reward": skipped_reward}
        return self.dealer.observe(self.seat), info

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; the opponents play until his next turn or the end."""
        dealer = self.dealer
        if dealer.deal is None or dealer.finished:
            raise ConfigurationError("the deal is over: call reset() first")
        info: dict[str, Any] = {"seat": self.seat}
        index = int(action)
        if self.illegal == "passive" and index not in dealer.legal():
            index = dealer.passive()
            info["illegal"] = True
        dealer.play(index)
        self._play_opponents()
        done = dealer.finished
        reward = dealer.payoffs()[self.seat] * self.reward_scale if done else 0.0
        if done:
            info["chips"] = dealer.payoffs()[self.seat]
        return dealer.observe(self.seat), reward, done, False, info

    def render(self) -> str | None:
        """One line of the deal as a spectator sees it (``ansi``), or printed (``human``)."""
        if self.render_mode is None or self.dealer.deal is None:
            return None
        line = self.dealer.describe()
        if self.render_mode == "human":
            print(line)
            return None
        return line
