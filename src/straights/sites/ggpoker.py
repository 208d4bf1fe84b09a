"""GGPoker hand histories (``Poker Hand #RC…``, ``#HD…``, ``#TM…``, ``#OM…``): PokerStars'
shape, read by :mod:`straights.sites.pokerstars`; GGPoker's own words — ``PLO ($5/$10)``
headers, ``posts straddle``, ``posts missed blind``, the ``Jackpot``/``Bingo`` fees after
the rake — are part of that reader.

>>> text = '''Poker Hand #HD1: PLO ($5/$10) - 2021/01/20 20:13:50
... Table 'PLOPlatinum5' 6-max Seat #2 is the button
... Seat 1: Ann ($1,000 in chips)
... Seat 2: Bob ($1,000 in chips)
... Bob: posts small blind $5
... Ann: posts big blind $10
... *** HOLE CARDS ***
... Bob: folds
... *** SHOWDOWN ***
... Ann collected $10 from pot
... *** SUMMARY ***
... Total pot $10 | Rake $0 | Jackpot $0 | Bingo $0'''
>>> [(ident, line, read)] = hands(text)
>>> hand = read()
>>> ident, hand.site, hand.variant, hand.collected
('HD1', 'ggpoker', 'PO', {'Ann': Decimal('10')})
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from straights.sites import pokerstars
from straights.sites.model import SiteHand

__all__ = ["hands"]


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand id, first line, reader) for every hand of a GGPoker file."""
    return pokerstars.hands(text, "ggpoker")
