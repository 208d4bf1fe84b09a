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

from straights.cards import Card
from straights.errors import ConfigurationError

__all__ = ["CardSource", "DeckSource"]


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
