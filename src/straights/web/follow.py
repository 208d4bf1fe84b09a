"""What helps a player follow the web table: words for the page, computed on the server.

The web page writes a ten as ``10`` on its cards, so every text it is sent
writes ``10♣`` too (:func:`tens`); the special card T stays ``T``.

>>> tens("higher top card: T♣ over 9♦ (rule 5)")
'higher top card: 10♣ over 9♦ (rule 5)'
>>> tens("S-T-R-8 with 8♥")
'S-T-R-8 with 8♥'
"""

from __future__ import annotations

import functools
import re
from typing import Final

from straights.cards import Card
from straights.rankings.straights import make_hand

__all__ = ["best_words", "tens"]

_TEN: Final = re.compile(r"(?<![A-Za-z0-9])T(?=[♣♦♥♠])")


def tens(words: str) -> str:
    """``words`` with each ten written ``10`` as the page's cards show it."""
    return _TEN.sub("10", words)


def _card(card: Card) -> str:
    return tens(str(card))


@functools.lru_cache(maxsize=4096)
def best_words(first: Card, second: Card, table: tuple[Card, ...], pack: int) -> str:
    """A Straights player's best hand from his two hole cards and the ``table`` cards
    he sees (the face-down key card left out), kept: it changes only when a card is
    seen, not at every action that sends a new state.

    >>> from straights.cards import parse_cards
    >>> best_words(*parse_cards("9h 8h"), tuple(parse_cards("7h 6h 2c")), 55)
    '4-card straight flush 9♥–6♥'
    """
    hand = make_hand((first, second), table, pack)
    if hand.is_str8:
        assert hand.str8_eight is not None
        return f"S-T-R-8 with {_card(hand.str8_eight)}"
    if not hand.length:
        return f"no straight; high card {_card(hand.high_card)}"
    kind = "straight flush" if hand.is_flush else "straight"
    run = hand.straight
    return f"{hand.length}-card {kind} {_card(run[0])}–{_card(run[-1])}"
