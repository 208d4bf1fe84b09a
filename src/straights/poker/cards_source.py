"""Where the engine's cards come from: a shuffled deck, or a hand history's lines.

The engine asks for cards by purpose (``hole``, ``board``, ``burn``); a source
answers with cards, or ``None`` for a card nobody has written down (``??`` in
a hand history).

>>> from straights.cards import parse_cards
>>> src = DeckSource(parse_cards('As Kd Qh Jc'))
>>> src.hole(0, 2), src.burn(1), src.remaining
([Card('As'), Card('Kd')], [Card('Qh')], 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from straights.cards import Card, Deck
from straights.errors import ConfigurationError

__all__ = ["CardSource", "DeckSource", "ShuffleSource"]


class CardSource(Protocol):
    """What the engine needs of a dealer."""

    @property
    def remaining(self) -> int:
        """Cards left to deal (a large number when unknown)."""
        ...

    def hole(self, player: int, count: int) -> list[Card | None]: ...

    def board(self, count: int) -> list[Card | None]: ...

    def burn(self, count: int) -> list[Card | None]: ...

    def restock(self, cards: Iterable[Card | None]) -> None:
        """Shuffle ``cards`` (discards, burns) in as a new stock when the stock runs out."""
        ...


class DeckSource:
    """Deals from the top of a shuffled deck (a list of cards in dealing order)."""

    def __init__(self, deck: Sequence[Card], rng: random.Random | None = None) -> None:
        self._stock: list[Card | None] = list(deck)
        self._next = 0
        #: Shuffles a new stock: the table's own generator; without one, made on first
        #: use from the operating system's (never a fixed seed: a player could tell
        #: where the discards go).
        self._rng = rng

    @property
    def remaining(self) -> int:
        return len(self._stock) - self._next

    def _take(self, count: int) -> list[Card | None]:
        start = self._next
        end = start + count
        if end > len(self._stock):
            raise ConfigurationError(
                f"the deck has {self.remaining} cards left, {count} are needed"
            )
        self._next = end
        return self._stock[start:end]  # a new list

    def hole(self, player: int, count: int) -> list[Card | None]:
        start = self._next
        end = start + count
        if end > len(self._stock):
            return self._take(count)  # raises
        self._next = end  # as _take, written out: every deal deals each player's cards
        return self._stock[start:end]

    def board(self, count: int) -> list[Card | None]:
        start = self._next
        end = start + count
        if end > len(self._stock):
            return self._take(count)  # raises
        self._next = end  # as _take, written out: every street deals board cards
        return self._stock[start:end]

    def burn(self, count: int) -> list[Card | None]:
        return self._take(count)

    def restock(self, cards: Iterable[Card | None]) -> None:
        fresh: list[Card | None] = [c for c in cards if c is not None]
        if self._rng is None:
            self._rng = random.SystemRandom()
        self._rng.shuffle(fresh)
        self._stock = self._stock[self._next :] + fresh
        self._next = 0


class ShuffleSource(DeckSource):
    """Deals from ``deck`` shuffled card by card as it is dealt: each card is drawn
    uniformly from those not dealt yet (Fisher-Yates, stopped where the deal stops), so
    a deal that uses 20 cards of 52 draws 20 times instead of shuffling 52.  Every order
    of the dealt cards is equally likely, as with a deck shuffled first.  The cards are
    the deck's own, so the deal need not check them.

    >>> import random
    >>> from straights.cards import make_deck
    >>> src = ShuffleSource(make_deck("standard"), random.Random(5))
    >>> hole, board = src.hole(0, 2), src.board(3)
    >>> len(set(hole + board)), src.remaining
    (5, 47)
    """

    def __init__(self, deck: Deck, rng: random.Random) -> None:
        super().__init__(deck.cards, rng)
        self._draws = rng.getrandbits
        #: Cards from here on are still in the deck's order (not drawn yet).
        self._lazy = True

    def _take(self, count: int) -> list[Card | None]:
        stock, start = self._stock, self._next
        end = start + count
        size = len(stock)
        if end > size:
            raise ConfigurationError(
                f"the deck has {self.remaining} cards left, {count} are needed"
            )
        if self._lazy:
            draws = self._draws
            for k in range(start, end):
                left = size - k  # a draw below ``left``: its bits, again while too large
                bits = left.bit_length()
                j = draws(bits)
                while j >= left:
                    j = draws(bits)
                j += k
                stock[k], stock[j] = stock[j], stock[k]
        self._next = end
        return stock[start:end]

    def hole(self, player: int, count: int) -> list[Card | None]:
        return self._take(count)

    def board(self, count: int) -> list[Card | None]:
        return self._take(count)

    def burn(self, count: int) -> list[Card | None]:
        return self._take(count)

    def restock(self, cards: Iterable[Card | None]) -> None:
        if self._lazy:  # the stock left is dealt first: shuffle it now
            rest = self._stock[self._next :]
            assert self._rng is not None
            self._rng.shuffle(rest)
            self._stock[self._next :] = rest
            self._lazy = False
        super().restock(cards)
