"""Every variant of :mod:`straights.poker` as a reinforcement-learning environment.

``env(game, players, **options)`` is a PettingZoo AEC environment (one deal
per episode, every seat an agent); ``single_agent_env(game, players, ...)`` a
Gymnasium environment where one seat learns against pluggable opponents.  Both
need the ``rl`` extra (``pip install 'straights[rl]'``: NumPy, PettingZoo,
Gymnasium), imported only when an environment is made.  See
``docs/research.md`` for the encoding, the actions, rewards and seeding.

>>> from straights.rl import env
>>> e = env("straights", players=3)
>>> e.reset(seed=5)
>>> obs, reward, done, cut, info = e.last()
>>> [e.action_names()[i] for i in obs["action_mask"].nonzero()[0]]
['call', 'raise']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from straights.extras import require

if TYPE_CHECKING:
    from straights.rl.aec import PokerEnv
    from straights.rl.single import SingleAgentEnv

__all__ = ["env", "single_agent_env"]


def env(game: str = "straights", players: int = 6, **options: Any) -> PokerEnv:
    """A PettingZoo AEC environment of ``game`` (any name or code of the catalogue).

    Options: ``stack`` (chips each, or one per player; 200), ``stakes`` (a
    :class:`~straights.poker.Stakes`) or any of ``ante``, ``blinds``, ``bring_in``,
    ``small_bet``, ``big_bet``, ``min_bet``; ``normalize_rewards`` (rewards in
    units: big blinds, else antes); ``history`` (rows of public actions, 32);
    ``raise_sizes`` (pot fractions of pot and no limit, ``(0.5, 1, 2)``);
    ``render_mode`` (``"ansi"`` or ``"human"``).
    """
    require("rl", "straights.rl")
    from straights.rl.aec import PokerEnv

    return PokerEnv(game, players, **options)


def single_agent_env(game: str = "straights", players: int = 2, **options: Any) -> SingleAgentEnv:
    """A Gymnasium environment: one seat plays ``game`` against opponent policies.

    Takes the options of :func:`env` and ``seat`` (the learner's seat, 0-based;
    ``None``: a random seat each episode), ``opponents`` (``"random"``,
    ``"calling"``, a policy ``observation -> action``, or one per other seat) and
    ``illegal`` (``"passive"``: an illegal action checks, else folds; ``"raise"``).
    """
    require("rl", "straights.rl.single_agent_env")
    from straights.rl.single import SingleAgentEnv

    return SingleAgentEnv(game, players, **options)
