"""One table across deals, for every game: seats and chips, the button, the carried
pot, players who go broke leaving, and the deal in play.

:class:`Table` never asks which game it deals: what is particular to a game is its
:class:`Game` hook — :class:`PokerGame` for every variant of the catalogue
(Straights included: its carried pot and penalties are the engine's rule 10 hook,
seen here only as the chips a deal carries out) and :class:`PaiGowGame` for Pai
Gow (the bank, its commission, bets placed before the cards).

>>> from straights.poker.catalogue import find_variant
>>> table = Table(PokerGame(), ["Ann", "Bob", "Cy"], 50, seed=7)
>>> deal = table.start(find_variant("straights-no-limit"))
>>> while not deal.finished:
...     _ = deal.act("check" if any(a.kind == "check" for a in deal.legal_actions()) else "fold")
>>> table.finish(deal)
>>> table.total_chips(), table.deals
(150, 1)
"""

from __future__ import annotations

from straights.table.core import Game, Settled, Table
from straights.table.paigow import PaiGowGame, PaiGowTable
from straights.table.poker import PokerGame, PokerTable, StakesRule, straights_stakes

__all__ = [
    "Game",
    "PaiGowGame",
    "PaiGowTable",
    "PokerGame",
    "PokerTable",
    "Settled",
    "StakesRule",
    "Table",
    "straights_stakes",
]
