"""The PettingZoo AEC environment: every variant of the catalogue, one deal per episode.

Agents are ``player_0`` … ``player_{n-1}`` in dealing order (``player_0`` first
left of the button, the last one the button; in blind games ``player_0`` posts
the small blind, heads-up the button does).  Each takes turns as
``agent_selection`` says; the observation is a dict of the encoded view
(``"observation"``, see :mod:`straights.rl.observation`) and the
``"action_mask"`` (see :mod:`straights.poker.actions`).  Rewards come at the end
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
from straights.poker.actions import DEFAULT_SIZES, ActionLayout
from straights.rl.dealer import Dealer, Observation
from straights.rl.observation import Encoding
from straights.rl.table import RlTable

__all__ = ["EngineEnv", "PokerEnv", "deck_option", "observation_space"]


def observation_space(encoding: Encoding, actions: int) -> spaces.Dict:
    """The space of the observations of ``encoding`` with ``actions`` actions (a new
    object each call)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, encoding.high, (encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
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
    """A deal of a table's game for its players as agents (see :func:`straights.rl.env`):
    what the engine's environment and the no-limit hold'em one on kernels share."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "straights_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        table: RlTable,
        *,
        normalize_rewards: bool = False,
        history: int = 32,
        raise_sizes: Sequence[float] = DEFAULT_SIZES,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigurationError(f"render_mode={render_mode!r}: choose ansi or human")
        self.table = table
        #: The actions by index, and the layout of the observation vector.
        self.actions = ActionLayout(table.variant, raise_sizes)
        self.encoding = Encoding(table, history)
        self.render_mode = render_mode
        self.reward_scale = 1.0 / table.unit if normalize_rewards else 1.0
        self.possible_agents = [f"player_{i}" for i in range(table.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: observation_space(self.encoding, self.actions.size) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def action_names(self) -> tuple[str, ...]:
        """The name of each action index (``fold``, ``call``, ``raise-min`` …)."""
        return self.actions.names

    def _begin_episode(self, actor: int | None) -> None:
        """Every agent in, nothing won yet; ``actor`` (a seat) to act."""
        agents = self.possible_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._skip_agent_selection: str | None = None
        self._next(actor)

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's step of an agent whose deal is over (``action`` must be ``None``),
        done as its ``AECEnv._was_dead_step`` does, with less work: the agent leaves, the
        next finished agent (else the one skipped for them) is selected, rewards are 0."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations, truncations = self.terminations, self.truncations
        del terminations[agent], truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for other in agents:
            if terminations[other] or truncations[other]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = other
                break
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        rewards = self.rewards
        for other in rewards:
            rewards[other] = 0

    def _next(self, actor: int | None) -> None:
        """``actor`` is to act, or (``None``) the deal is over: the rewards are paid."""
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]
            return
        payoffs = self.payoffs()
        for agent, seat in self._seat.items():
            self.rewards[agent] = payoffs[seat] * self.reward_scale
            self.terminations[agent] = True
            self.infos[agent] = {"chips": payoffs[seat]}
        self._accumulate_rewards()

    def payoffs(self) -> list[int]:
        """What each seat won (+) or lost (-) in chips this deal, so far."""
        raise NotImplementedError

    def describe(self) -> str | None:
        """The deal in one line, as a spectator sees it (``None`` before the first)."""
        raise NotImplementedError

    def render(self) -> str | None:
        """The deal as a spectator sees it: one line (``ansi`` returns it, ``human`` prints it)."""
        line = None if self.render_mode is None else self.describe()
        if line is not None and self.render_mode == "human":
            print(line)
            return None
        return line

    def close(self) -> None:
        """Nothing to release."""


class EngineEnv(PokerEnv):
    """Any variant, played by the engine (:class:`straights.rl.dealer.Dealer`)."""

    def __init__(
        self,
        table: RlTable,
        *,
        history: int = 32,
        raise_sizes: Sequence[float] = DEFAULT_SIZES,
        **options: Any,
    ) -> None:
        super().__init__(table, history=history, raise_sizes=raise_sizes, **options)
        self.dealer = Dealer(table, history=history, raise_sizes=raise_sizes)
        self.actions, self.encoding = self.dealer.actions, self.dealer.encoding

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal afresh.  ``seed`` makes the deal (and every later one) reproducible;
        ``options={"deck": "As Kd …"}`` rigs the cards (other keys are ignored)."""
        self.dealer.new_deal(seed, deck_option(options))
        self._begin_episode(self.dealer.actor)

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an index; ``None`` once his deal is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigurationError(f"{agent} is to act: give an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        dealer = self.dealer
        dealer.play(int(action))
        actor = dealer.actor
        if actor is None:
            self._next(None)
        else:  # ``_next(actor)``, inline: the commonest step
            self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> Observation:
        return self.dealer.observe(self._seat[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the observation, cumulative reward, termination,
        truncation and info of the agent to act (one call less per step)."""
        agent = self.agent_selection
        return (
            self.dealer.observe(self._seat[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def payoffs(self) -> list[int]:
        return self.dealer.payoffs()

    def describe(self) -> str | None:
        return None if self.dealer.deal is None else self.dealer.describe()
