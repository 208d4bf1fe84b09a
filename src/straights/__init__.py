"""straights — a poker rules engine that plays Straights.

>>> from straights import showdown
>>> showdown(['Qs 9d', 'Qd 3s'], '5c 4d 3d 2h Jh').winner
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from straights.cards import Card, Deck, Rank, Suit, format_cards, make_deck, parse_cards
from straights.errors import StraightsError

if TYPE_CHECKING:
    from straights.game import TableConfig
    from straights.rankings.base import HandValue, evaluate
    from straights.showdowns import ShowdownResult, showdown

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Deck",
    "HandValue",
    "Rank",
    "ShowdownResult",
    "StraightsError",
    "Suit",
    "TableConfig",
    "__version__",
    "evaluate",
    "format_cards",
    "make_deck",
    "parse_cards",
    "showdown",
]

_LAZY = {
    "evaluate": "straights.rankings.base",
    "HandValue": "straights.rankings.base",
    "showdown": "straights.showdowns",
    "ShowdownResult": "straights.showdowns",
    "TableConfig": "straights.game",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'straights' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
