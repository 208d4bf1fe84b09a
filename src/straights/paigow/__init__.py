"""Pai Gow poker as played in Nevada: each player against the bank (the house).

Seven cards each from a 53-card pack (the joker a bug), set as a five-card and
a two-card hand; the bank sets the house way; copies go to the bank; a winning
bet pays even money less the commission.  See docs/games.md.

========================  =====================================================
module                    holds
========================  =====================================================
``rules.py``              the pack, hand values, ``Setting``, ``PaiGowRules``
``house_way.py``          the house way, written out rule by rule
``deal.py``               ``PaiGowDeal``: dice, deal, settings, settlement; its
                          events, and :func:`~straights.paigow.deal.tell` in words
``history.py``            ``_PAIGOW`` hand histories and their replay
``view.py``               what one seat may see (the one place hiding cards)
``about.py``              its names and its row in ``straights games``
========================  =====================================================

>>> deal = PaiGowDeal({1: 20}, rng=1)
>>> deal.set_house_way(1)
>>> deal.results[1].net + deal.house
0

Across deals, Pai Gow is played at the one table of every game
(:class:`straights.table.Table` with the :class:`straights.table.PaiGowGame` hook).
"""

from straights.paigow.deal import PaiGowDeal
from straights.paigow.house_way import HouseWay, house_way
from straights.paigow.rules import BANK, FoulError, PaiGowRules, Setting

__all__ = [
    "BANK",
    "FoulError",
    "HouseWay",
    "PaiGowDeal",
    "PaiGowRules",
    "Setting",
    "house_way",
]
