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

from straights.errors import ConfigurationError
from straights.extras import available, require

if TYPE_CHECKING:
    from straights.rl.aec import PokerEnv
    from straights.rl.single import SingleAgentEnv

__all__ = ["env", "single_agent_env"]

#: The options of an environment that are not the table's.
_ENV_OPTIONS = ("normalize_rewards", "history", "raise_sizes", "render_mode")


def env(
    game: str = "straights", players: int = 6, *, fast: bool | None = None, **options: Any
) -> PokerEnv:
    """A PettingZoo AEC environment of ``game`` (any name or code of the catalogue).

    Options: ``stack`` (chips each, or one per player; 200), ``stakes`` (a
    :class:`~straights.poker.Stakes`) or any of ``ante``, ``blinds``, ``bring_in``,
    ``small_bet``, ``big_bet``, ``min_bet``; ``normalize_rewards`` (rewards in
    units: big blinds, else antes); ``history`` (rows of public actions, 32);
    ``raise_sizes`` (pot fractions of pot and no limit, ``(0.5, 1, 2)``);
    ``render_mode`` (``"ansi"`` or ``"human"``).  ``fast``: no-limit hold'em on
    compiled kernels, the same environment many times quicker
    (:mod:`straights.rl.holdem`) — by default (``None``) whenever Numba is
    installed and the kernels play the table; ``False``: always the engine;
    ``True``: the kernels, or an error saying why not.
    """
    require("rl", "straights.rl")
    from straights.rl.aec import EngineEnv
    from straights.rl.table import table_for

    if fast is not None and not isinstance(fast, bool):
        raise ConfigurationError(f"fast={fast!r}: give True, False or None")
    settings = {k: options.pop(k) for k in _ENV_OPTIONS if k in options}
    table = table_for(game, players, **options)
    if fast is not False:
        from straights.rl.holdem import refusal

        reason = refusal(table)
        if reason is None and (fast or available("fast")):
            require("fast", "straights.rl.env(fast=True)")
            from straights.rl.holdem import HoldemEnv

            return HoldemEnv(table, **settings)
        if fast:
            raise ConfigurationError(f"fast=True: {reason}")
    return EngineEnv(table, **settings)


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
