"""The equity bot: :func:`~straights.bots.equity.estimate` weighed by a
:class:`~straights.bots.equity.Style`, at Straights' own table (``act``) and in a deal of
any variant (``decide``, :mod:`straights.bots.equity_moves`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from straights.bots.base import pick
from straights.bots.equity import (
    EQUITY_KINDS,
    FAST_SAMPLES,
    READABLE_SAMPLES,
    STYLES,
    Estimate,
    StraightsShowdown,
    Style,
    action_kinds,
    estimate,
    narrowing,
    thresholds,
)
from straights.bots.equity_moves import Memory, decide
from straights.cards import RandomLike, make_rng
from straights.errors import ConfigurationError

if TYPE_CHECKING:
    from straights.game.hand import Action
    from straights.game.view import SeatView
    from straights.poker.view import DealView, Move

__all__ = ["EquityBot", "equity_factories"]


class EquityBot:
    """Decides from :func:`estimate` (on the Numba kernels when installed) and a :class:`Style`.

    >>> from straights.game import Table, TableConfig
    >>> t = Table(TableConfig(seats=3), ["a", "b", "c"], seed=11)
    >>> view = t.view(t.start_hand().actor)
    >>> bot = EquityBot(rng=1, style="tight")
    >>> bot.name, bot.act(view) in view.legal
    ('equity:tight', True)
    """

    def __init__(
        self,
        *,
        rng: RandomLike = None,
        style: str | Style = "balanced",
        samples: int | None = None,
        fast: bool | None = None,
        name: str | None = None,
    ) -> None:
        if isinstance(style, str):
            chosen = STYLES.get(style.strip().lower())
            if chosen is None:
                raise ConfigurationError(
                    f"style {style!r} is not known: choose one of {', '.join(STYLES)}"
                )
            style = chosen
        if samples is not None and (not isinstance(samples, int) or samples < 1):
            raise ConfigurationError(f"samples={samples!r}: give a whole number of at least 1")
        self.rng = make_rng(rng)
        self.style = style
        self.fast = fast
        self._samples = samples
        self._showdowns: dict[int, StraightsShowdown] = {}
        self._cache: tuple[object, Estimate] | None = None
        self._deal_cache: dict[object, Any] = {}
        self._memory: Any = None
        self.name = name or ("equity" if style.name == "balanced" else f"equity:{style.name}")

    def showdown(self, pack: int) -> StraightsShowdown:
        if pack not in self._showdowns:
            self._showdowns[pack] = StraightsShowdown(pack, fast=self.fast)
        return self._showdowns[pack]

    def estimate(self, view: SeatView, settle: Sequence[float] = ()) -> Estimate:
        """This seat's estimate now (kept for the round while nothing it sees changes);
        ``settle``: the thresholds of the decision it serves (see :func:`estimate`)."""
        if view.hole is None:
            raise ConfigurationError("a spectator's view has no hand to estimate")
        opponents = view.opponents_in()
        narrow = narrowing(view, self.style)
        known = (view.hand_number, view.round, opponents, view.table, view.hole, narrow)
        if self._cache is not None and self._cache[0] == known:
            return self._cache[1]
        hole = [c.id for c in view.hole]
        table = [None if c is None else c.id for c in view.table]
        showdown = self.showdown(view.pack)
        unseen: Any
        if showdown.fast:  # one array for the kernels, however many calls they take
            import numpy as np

            free = np.ones(view.pack, dtype=bool)
            free[hole + [c for c in table if c is not None]] = False
            unseen = free.nonzero()[0]
        else:
            seen = set(hole) | {c for c in table if c is not None}
            unseen = [c for c in range(view.pack) if c not in seen]
        samples = self._samples or (FAST_SAMPLES if showdown.fast else READABLE_SAMPLES)
        seed = self.rng.getrandbits(63)
        result = estimate(
            hole,
            table,
            unseen,
            opponents,
            showdown,
            samples=samples,
            seed=seed,
            narrow=narrow,
            settle=settle,
        )
        if settle and result.deals < samples:  # a partial estimate serves this decision only
            return result
        self._cache = (known, result)
        return result

    def act(self, view: SeatView) -> Action:
        """:func:`choose` on :meth:`estimate`, sampled only until the choice is clear."""
        bet, call = thresholds(
            to_call=view.to_call,
            pot=view.pot,
            players=view.opponents_in() + 1,
            raises=view.raises,
            style=self.style,
        )
        e = self.estimate(view, settle=(bet,) if call is None else (bet, call)).equity
        return pick(view, *action_kinds(e, bet, call))

    def decide(self, view: DealView) -> Move:
        """The move in a deal of any variant (:mod:`straights.bots.equity_moves`)."""
        if self._memory is None:
            self._memory = Memory()
        return decide(view, self.style, self.rng.getrandbits(63), self._deal_cache, self._memory)


def equity_factories() -> dict[str, Callable[[RandomLike], EquityBot]]:
    """:data:`EQUITY_KINDS` by name, for :func:`straights.bots.make_bot`."""

    def factory(style: str) -> Callable[[RandomLike], EquityBot]:
        return lambda rng: EquityBot(rng=rng, style=style)

    return {kind: factory(kind.partition(":")[2] or "balanced") for kind in EQUITY_KINDS}
