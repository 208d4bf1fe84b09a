"""Every bot by name: :data:`BOT_KINDS` and :func:`make_bot`.

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, deal_view, get_variant
>>> deal = Deal(get_variant("_STR55L"), Stakes.uniform(2, ante=1, min_bet=1),
...             [50, 50], make_deck("straights").shuffled(5))
>>> make_bot("calling").decide(deal_view(deal, deal.actor)).kind
'check'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from straights.bots.base import Bot
from straights.cards import RandomLike
from straights.errors import ConfigurationError

__all__ = ["BOT_KINDS", "make_bot"]


def _factories() -> dict[str, Callable[[RandomLike], Bot]]:
    from straights.bots.cfr import CfrBot
    from straights.bots.equity_bot import equity_factories
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
