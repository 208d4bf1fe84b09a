"""The PettingZoo AEC environment: every variant of the catalogue, one deal per episode.

Agents are ``player_0`` … ``player_{n-1}`` in dealing order (``player_0`` first
left of the button, the last one the button; in blind games ``player_0`` posts
the small blind, heads-up the button does).  Each takes turns as
``agent_selection`` says; the observation is a dict of the encoded view
(``"observation"``, see :mod:`straights.rl.observation`) and the
``"action_mask"`` (see :mod:`straights.rl.actions`).  Rewards come at the end
of the deal: the chips each player won or lost, or that divided by the table's
unit with ``normalize_rewards=True``.

Three players check and call to the end; ``player_2`` (the button, first to
act before the flop) holds the aces and wins the two big blinds of the others:

>>> from straights.rl import env
>>> e = env("limit-holdem", players=3)
>>> e.reset(options={"deck": "2c 7d 3h 8s As Ad 4c Kc Qd 9h 5c Jd 6c 5s"})
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_2', 3)
>>> for agent in e.agent_iter():
...     obs, reward, done, cut, info = e.last()
...     e.step(None if done else 1)     # 1: check or call
...     if done:
...         print(agent, reward)
player_2 4.0
player_0 -2.0
player_1 -2.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from straights.cards import Card, parse_cards
from straights.errors import ConfigurationError
from straights.rl.actions import DEFAULT_SIZES
from straights.rl.dealer import Dealer, Observation
from straights.rl.table import table_for

__all__ = ["PokerEnv", "observation_space"]


def observation_space(dealer: Dealer) -> spaces.Dict:
    """The space of ``dealer``'s observations (a new object each call)."""
    enc = dealer.encoding
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, enc.high, (enc.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (dealer.actions.size,), np.int8),
        }
    )


def deck_option(options: dict[str, Any] | None) -> Sequence[Card] | None:
    """The ``deck`` of ``reset(options=...)``: cards in dealing order (text or cards)."""
    deck = (options or {}).get("deck")
    if deck is None:
        return None
    if isinstance(deck, str):
        return parse_cards(deck)
    if isinstance(deck, Sequence) and all(isinstance(c, Card) for c in deck):
        return deck
    raise ConfigurationError(f"deck={deck!r}: give the cards in dealing order, e.g. 'As Kd …'")


class PokerEnv(AECEnv):  # type: ignore[misc]
    """A deal of ``game`` for ``players`` agents (see :func:`straights.rl.env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "straights_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "straights",
        players: int = 6,
        *,
        normalize_rewards: bool = False,
        history: int = 32,
        raise_sizes: Sequence[float] = DEFAULT_SIZES,
        render_mode: str | None = None,
        **table_options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigurationError(f"render_mode={render_mode!r}: choose ansi or human")
        self.dealer = Dealer(
            table_for(game, players, **table_options), history=history, raise_sizes=raise_sizes
        )
        self.table = self.dealer.table
        self.render_mode = render_mode
        self.reward_scale = 1.0 / self.table.unit if normalize_rewards else 1.0
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.dealer) for a in self.possible_agents}
        size = self.dealer.actions.size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def action_names(self) -> tuple[str, ...]:
        """The name of each action index (``fold``, ``call``, ``raise-min`` …)."""
        return self.dealer.actions.names

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal afresh.  ``seed`` makes the deal (and every later one) reproducible;
        ``options={"deck": "As Kd …"}`` rigs the cards (other keys are ignored)."""
        self.dealer.new_deal(seed, deck_option(options))
        agents = self.possible_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._skip_agent_selection = None
        self._next()

    def _next(self) -> None:
        actor = self.dealer.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]
            return
        payoffs = self.dealer.payoffs()
        for agent, seat in self._seat.items():
            self.rewards[agent] = payoffs[seat] * self.reward_scale
            self.terminations[agent] = True
            self.infos[agent] = {"chips": payoffs[seat]}
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an index; ``None`` once his deal is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigurationError(f"{agent} is to act: give an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        self.dealer.play(int(action))
        self._next()

    def observe(self, agent: str) -> Observation:
        return self.dealer.observe(self._seat[agent])

    def render(self) -> str | None:
        """The deal as a spectator sees it: one line (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None or self.dealer.deal is None:
            return None
        line = self.dealer.describe()
        if self.render_mode == "human":
            print(line)
            return None
        return line

    def close(self) -> None:
        """Nothing to release."""
