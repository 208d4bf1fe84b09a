"""The equity bot: an estimate of its share of the pot weighed by a
:class:`~straights.bots.equity.Style`, in a deal of any variant (``decide``,
:mod:`straights.bots.equity_moves`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from straights.bots.equity import EQUITY_KINDS, STYLES, Style
from straights.bots.equity_moves import Memory, decide
from straights.cards import RandomLike, make_rng
from straights.errors import ConfigurationError

if TYPE_CHECKING:
    from straights.poker.view import DealView, Move

__all__ = ["EquityBot", "equity_factories"]


class EquityBot:
    """Decides from an estimate of its share of the pot and a :class:`Style`.

    >>> from straights.cards import make_deck
    >>> from straights.poker import Deal, Stakes, deal_view, get_variant
    >>> deal = Deal(get_variant("_STR55L"), Stakes.uniform(3, ante=1, min_bet=1),
    ...             [50, 50, 50], make_deck("straights").shuffled(11))
    >>> bot = EquityBot(rng=1, style="tight")
    >>> bot.name, bot.decide(deal_view(deal, deal.actor)).kind in ("check", "bet")
    ('equity:tight', True)
    """

    def __init__(
        self,
        *,
        rng: RandomLike = None,
        style: str | Style = "balanced",
        name: str | None = None,
    ) -> None:
        if isinstance(style, str):
            chosen = STYLES.get(style.strip().lower())
            if chosen is None:
                raise ConfigurationError(
                    f"style {style!r} is not known: choose one of {', '.join(STYLES)}"
                )
            style = chosen
        self.rng = make_rng(rng)
        self.style = style
        self._deal_cache: dict[object, Any] = {}
        self._memory: Any = None
        self.name = name or ("equity" if style.name == "balanced" else f"equity:{style.name}")

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
