"""Opponents for the single-agent environment: policies from observation to action.

A *policy* is any callable ``policy(observation) -> action index`` over the
observations of :mod:`straights.rl` (a dict with ``"observation"`` and
``"action_mask"``), so a trained agent can sit in as an opponent (self-play).
Policies with a ``seed(int)`` method are reseeded when the environment is.

* ``random``: uniform over the legal action indices (so in pot and no limit
  each bet size is as likely as a call);
* ``calling``: checks or calls (posts the bring-in), stands pat in a draw;
  never bets, raises or folds.

>>> import numpy as np
>>> obs = {"observation": np.zeros(3, np.float32), "action_mask": np.array([1, 1, 1], np.int8)}
>>> make_policy("calling")(obs)
1
>>> p = make_policy("random"); p.seed(3)
>>> p(obs) in (0, 1, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from straights.errors import ConfigurationError
from straights.poker.actions import CALL
from straights.rl.dealer import Observation

__all__ = ["POLICY_NAMES", "CallingPolicy", "Policy", "RandomPolicy", "make_policy"]

#: A policy: the observation of the seat to act -> an action index legal in its mask.
Policy = Callable[[Observation], int]


class RandomPolicy:
    """Uniform over the legal actions, from its own random stream."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def seed(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: Observation) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        return int(legal[self.rng.integers(len(legal))])


class CallingPolicy:
    """A calling station: check or call; in a draw, stand pat."""

    name = "calling"

    def __call__(self, observation: Observation) -> int:
        mask = observation["action_mask"]
        if mask[CALL]:
            return CALL
        return int(np.flatnonzero(mask)[0])  # a draw: the first is standing pat


#: The names :func:`make_policy` knows.
POLICY_NAMES: Final = ("random", "calling")


def make_policy(name: str) -> Policy:
    """A built-in policy by name: ``random`` or ``calling``."""
    key = name.strip().lower()
    if key == "random":
        return RandomPolicy()
    if key == "calling":
        return CallingPolicy()
    raise ConfigurationError(f"{name!r} is not an opponent: choose {' or '.join(POLICY_NAMES)}")
