"""The bot interface: a bot sees one seat's :class:`~straights.game.view.SeatView`
and returns one of its legal actions.

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
>>> hand = t.start_hand()
>>> bot = make_bot("calling")
>>> str(bot.act(t.view(hand.actor)))
'check'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, runtime_checkable

from straights.cards import RandomLike
from straights.errors import ConfigurationError
from straights.game.hand import Action
from straights.game.view import SeatView

__all__ = ["BOT_KINDS", "Bot", "make_bot", "pick"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``act(view) -> Action`` is a bot.

    ``act`` is called only when ``view.legal`` is not empty and must return one
    of ``view.legal`` (the engine rejects anything else).
    """

    name: str

    def act(self, view: SeatView) -> Action: ...


def pick(view: SeatView, *kinds: str) -> Action:
    """The first legal action among ``kinds`` in order of preference (else the first legal).

    >>> from straights.game import Table, TableConfig
    >>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
    >>> str(pick(t.view(t.start_hand().actor), "raise", "bet"))
    'bet 1'
    """
    for kind in kinds:
        for action in view.legal:
            if action.kind == kind:
                return action
    return view.legal[0]


def _factories() -> dict[str, Callable[[RandomLike], Bot]]:
    from straights.bots.cfr import CfrBot
    from straights.bots.equity import equity_factories
    from straights.bots.simple import CallingBot, RandomBot
    from straights.bots.strength import StrengthBot

    return {
        "random": lambda rng: RandomBot(rng),
        "calling": lambda rng: CallingBot(),
        "strength": lambda rng: StrengthBot(rng=rng),
        "cfr": lambda rng: CfrBot(rng=rng),
        **equity_factories(),
    }


#: Names accepted by :func:`make_bot`.
BOT_KINDS: Final = (
    *("random", "calling", "strength", "cfr"),
    *("equity", "equity:tight", "equity:loose", "equity:aggressive"),
)


def make_bot(kind: str, rng: RandomLike = None) -> Bot:
    """A bot by name, one of :data:`BOT_KINDS` (``equity:tight`` is the tight equity bot)."""
    factory = _factories().get(kind.strip().lower())
    if factory is None:
        raise ConfigurationError(f"{kind!r} is not a bot: choose one of {', '.join(BOT_KINDS)}")
    return factory(rng)
