"""Pai Gow poker as played in Nevada: each player against the bank (the house).

Seven cards each from a 53-card pack (the joker a bug), set as a five-card and
a two-card hand; the bank sets the house way; copies go to the bank; a winning
bet pays even money less the commission.  See docs/games.md.

========================  =====================================================
module                    holds
========================  =====================================================
``rules.py``              the pack, hand values, ``Setting``, ``PaiGowRules``
``house_way.py``          the house way, written out rule by rule
``events.py``             what happens in a deal, as frozen events
``deal.py``               ``PaiGowDeal``: dice, deal, settings, settlement
``table.py``              ``PaiGowTable``: stacks and the house across deals
``history.py``            ``_PAIGOW`` hand histories and their replay
``view.py``               what one seat may see (the one place hiding cards)
``wording.py``            events told in words
``about.py``              its names and its row in ``straights games``
========================  =====================================================

>>> from straights.paigow import PaiGowTable
>>> table = PaiGowTable(["You"], 100, rng=1)
>>> deal = table.start_deal({1: 20})
>>> table.set_house_way(1)
>>> table.stacks[1] + table.house
100
"""

from straights.paigow.deal import PaiGowDeal
from straights.paigow.house_way import HouseWay, house_way
from straights.paigow.rules import BANK, FoulError, PaiGowRules, Setting
from straights.paigow.table import PaiGowTable

__all__ = [
    "BANK",
    "FoulError",
    "HouseWay",
    "PaiGowDeal",
    "PaiGowRules",
    "PaiGowTable",
    "Setting",
    "house_way",
]
