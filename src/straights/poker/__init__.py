"""Every poker variant on one engine: variants as data, one state machine, PHH histories.

>>> from straights.poker import Deal, Stakes, get_variant
>>> from straights.cards import make_deck
>>> deal = Deal(get_variant("FR"), Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4),
...             [50, 50, 50], make_deck().shuffled(3))
>>> [str(a) for a in deal.legal_actions()]
['bring-in 1', 'complete to 2']
"""

from __future__ import annotations

from straights.poker.catalogue import VARIANTS, get_variant, variant_codes
from straights.poker.engine import Deal, Entry, Legal, Pot
from straights.poker.variant import HandRule, Opener, Stakes, Street, Structure, Variant
from straights.poker.view import DealView, Move, PlayerView, deal_view, play

__all__ = [
    "VARIANTS",
    "Deal",
    "DealView",
    "Entry",
    "HandRule",
    "Legal",
    "Move",
    "Opener",
    "PlayerView",
    "Pot",
    "Stakes",
    "Street",
    "Structure",
    "Variant",
    "deal_view",
    "get_variant",
    "play",
    "variant_codes",
]
