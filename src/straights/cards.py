"""Cards, their notation, and decks.

A :class:`Card` is an immutable value backed by a small integer id:

* ids ``0..51`` are the 52 ranked cards, ``id = (rank - 2) * 4 + suit``
  with suits in bridge order ``c d h s`` (0..3);
* ids ``52, 53, 54`` are Straights' special cards S, T and R;
* ids ``55 + n - 1`` are jokers number ``n`` (``Jk1``, ``Jk2``, ...).

Cards are interned, so ``Card('Qs') is Card('Qs')``.

>>> Card('Qs'), str(Card('10h')), Card('T').is_special
(Card('Qs'), 'T♥', True)
>>> parse_cards('5c 4d 3d 2h Jh')
(Card('5c'), Card('4d'), Card('3d'), Card('2h'), Card('Jh'))
>>> format_cards(parse_cards('As Kd S'), unicode=False)
'As Kd S'
>>> len(make_deck('straights')), len(make_deck('manila')), len(make_deck('standard', jokers=2))
(55, 32, 54)
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import IntEnum
from functools import cache
from typing import Final

from straights.errors import CardNotationError, DuplicateCardError, PackError

__all__ = [
    "DECK_NAMES",
    "JOKER_BASE",
    "MAX_JOKERS",
    "RANK_CHARS",
    "SPECIAL_LETTERS",
    "STRAIGHTS_SUIT_ORDER",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "Card",
    "CardsLike",
    "Deck",
    "RandomLike",
    "Rank",
    "Suit",
    "check_unique",
    "format_cards",
    "make_deck",
    "make_rng",
    "parse_card",
    "parse_cards",
]


class Rank(IntEnum):
    """Card ranks, valued 2..14 (ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-character notation: ``'T'`` for ten, ``'A'`` for ace."""
        return RANK_CHARS[self - 2]


class Suit(IntEnum):
    """Suits, valued in bridge order (clubs < diamonds < hearts < spades).

    Straights breaks ties with its own order, :data:`STRAIGHTS_SUIT_ORDER`.
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """ASCII letter: ``c d h s``."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """Unicode symbol: ``♣ ♦ ♥ ♠``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SPECIAL_LETTERS: Final = "STR"
#: Straights' suit order (rule 6), low to high: clubs, diamonds, spades, hearts.
STRAIGHTS_SUIT_ORDER: Final[dict[Suit, int]] = {
    Suit.CLUBS: 0,
    Suit.DIAMONDS: 1,
    Suit.SPADES: 2,
    Suit.HEARTS: 3,
}
SPECIAL_BASE: Final = 52
JOKER_BASE: Final = 55
MAX_JOKERS: Final = 16

_SUIT_INPUT: Final = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}  # fmt: skip
_RANK_INPUT: Final = {c: i + 2 for i, c in enumerate(RANK_CHARS)} | {"10": 10}
#: Each card's rank and suit by id (an enum's call is a lookup several times slower).
_RANK_OF: Final = tuple(Rank((i >> 2) + 2) for i in range(SPECIAL_BASE))
_SUIT_OF: Final = tuple(Suit(i & 3) for i in range(SPECIAL_BASE))
_JOKER_RE: Final = re.compile(r"(?:jk|joker)(\d*)", re.IGNORECASE)
_VALID: Final = (
    "ranks are 2-9, T (or 10), J, Q, K, A; suits are c d h s (or ♣ ♦ ♥ ♠); "
    "the special cards are S, T, R; jokers are Jk, Jk2, …"
)


class Card:
    """One playing card, immutable and interned.

    ``Card('Qs')``, ``Card('Q♠')``, ``Card('10h')``, ``Card('S')``,
    ``Card('Jk')`` and ``Card(42)`` (by id) all work; ``repr`` evaluates back.
    """

    __slots__ = ("_id",)
    _id: int
    _cache: dict[int, Card] = {}  # noqa: RUF012 - the intern table, shared on purpose

    def __new__(cls, spec: str | int | Card) -> Card:
        if isinstance(spec, Card):
            return spec
        if isinstance(spec, bool) or not isinstance(spec, (int, str)):
            raise CardNotationError(f"{spec!r} is not a card: give a string like 'Qs' or an id")
        card_id = spec if isinstance(spec, int) else _parse_id(spec)
        cached = cls._cache.get(card_id)
        if cached is not None:
            return cached
        if not 0 <= card_id < JOKER_BASE + MAX_JOKERS:
            raise CardNotationError(
                f"{card_id} is not a card id: ids run from 0 to {JOKER_BASE + MAX_JOKERS - 1}"
            )
        card = object.__new__(cls)
        object.__setattr__(card, "_id", card_id)
        cls._cache[card_id] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._id,))

    @property
    def id(self) -> int:
        """The small integer behind the card (see the module docstring)."""
        return self._id

    @property
    def is_ranked(self) -> bool:
        """True for the 52 cards of the international pack."""
        return self._id < SPECIAL_BASE

    @property
    def is_special(self) -> bool:
        """True for Straights' S, T and R."""
        return SPECIAL_BASE <= self._id < JOKER_BASE

    @property
    def is_joker(self) -> bool:
        return self._id >= JOKER_BASE

    @property
    def rank(self) -> Rank | None:
        """The rank, or ``None`` for special cards and jokers."""
        return _RANK_OF[self._id] if self._id < SPECIAL_BASE else None

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for special cards and jokers."""
        return _SUIT_OF[self._id] if self._id < SPECIAL_BASE else None

    @property
    def letter(self) -> str | None:
        """``'S'``, ``'T'`` or ``'R'`` for a special card, else ``None``."""
        return SPECIAL_LETTERS[self._id - SPECIAL_BASE] if self.is_special else None

    def ascii(self) -> str:
        """ASCII notation: ``'Qs'``, ``'Th'``, ``'S'``, ``'Jk'`` (``'Jk2'`` …)."""
        return _format(self._id, unicode=False)

    def __str__(self) -> str:
        return _format(self._id, unicode=True)

    def __repr__(self) -> str:
        return f"Card({self.ascii()!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self._id

    def __lt__(self, other: Card) -> bool:
        """Orders by id (rank, then bridge suit); for sorting only, not for ranking hands."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._id < other._id


def _format(card_id: int, *, unicode: bool) -> str:
    if card_id < SPECIAL_BASE:
        suits = SUIT_SYMBOLS if unicode else SUIT_CHARS
        return RANK_CHARS[card_id >> 2] + suits[card_id & 3]
    if card_id < JOKER_BASE:
        return SPECIAL_LETTERS[card_id - SPECIAL_BASE]
    n = card_id - JOKER_BASE + 1
    base = "🃏" if unicode else "Jk"
    return base if n == 1 else f"{base}{n}"


def _parse_id(text: str) -> int:
    token = text.strip()
    if len(token) == 1:
        upper = token.upper()
        if upper in SPECIAL_LETTERS:
            return SPECIAL_BASE + SPECIAL_LETTERS.index(upper)
        if token == "🃏":
            return JOKER_BASE
    elif token.startswith("🃏") and token[1:].isdigit():
        return _joker_id(int(token[1:]), text)
    else:
        joker = _JOKER_RE.fullmatch(token)
        if joker:
            return _joker_id(int(joker.group(1) or 1), text)
        rank = _RANK_INPUT.get(token[:-1].upper())
        suit = _SUIT_INPUT.get(token[-1].lower())
        if rank is not None and suit is not None:
            return (rank - 2) * 4 + suit
    if not token:
        raise CardNotationError(f"an empty string is not a card: {_VALID}")
    hint = "; separate cards with spaces" if len(token) > 3 else ""
    raise CardNotationError(f"{text!r} is not a card: {_VALID}{hint}")


def _joker_id(n: int, text: str) -> int:
    if not 1 <= n <= MAX_JOKERS:
        raise CardNotationError(f"{text!r} is not a card: jokers are numbered 1 to {MAX_JOKERS}")
    return JOKER_BASE + n - 1


def parse_card(text: str) -> Card:
    """Parse one card; raises :class:`CardNotationError` naming the text."""
    if not isinstance(text, str):
        raise CardNotationError(f"{text!r} is not a card: give a string like 'Qs'")
    return Card(text)


CardsLike = str | Iterable[Card | str]


def parse_cards(cards: CardsLike, *, unique: bool = True) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or pass ``Card`` values through.

    A bare ``Jk`` names the next joker not yet used, so ``'Jk Jk As'`` is two
    jokers and the ace of spades.  With ``unique`` (the default) a repeated card
    raises :class:`DuplicateCardError`.

    >>> parse_cards('Jk Jk As')
    (Card('Jk'), Card('Jk2'), Card('As'))
    """
    if type(cards) is tuple and all(type(c) is Card for c in cards):
        # The common case of already-parsed cards: only uniqueness to check.
        if unique and len({c._id for c in cards}) != len(cards):
            check_unique(cards)
        return cards
    if isinstance(cards, str):
        tokens: list[Card | str] = [t for t in re.split(r"[\s,]+", cards) if t]
        if not tokens:
            raise CardNotationError(f"{cards!r} holds no cards: write cards like 'As Kd 10h'")
    else:
        try:
            tokens = list(cards)
        except TypeError:
            raise CardNotationError(
                f"{cards!r} is not a list of cards: write cards like 'As Kd 10h'"
            ) from None
    out: list[Card] = []
    used_jokers: set[int] = set()
    for token in tokens:
        if isinstance(token, str) and token.strip().lower() in ("jk", "joker", "🃏"):
            n = 1
            while JOKER_BASE + n - 1 in used_jokers:
                n += 1
            card = Card(JOKER_BASE + min(n, MAX_JOKERS) - 1)
        elif isinstance(token, (str, Card)):
            card = Card(token)
        else:
            raise CardNotationError(f"{token!r} is not a card: give strings like 'Qs' or Cards")
        if card.is_joker:
            used_jokers.add(card.id)
        out.append(card)
    if unique:
        check_unique(out)
    return tuple(out)


def check_unique(cards: Iterable[Card], where: str = "") -> None:
    """Raise :class:`DuplicateCardError` naming the first card seen twice."""
    if isinstance(cards, (list, tuple)) and len(set(cards)) == len(cards):
        return  # the common case, checked at once (every deal checks its deck)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            place = f" {where}" if where else ""
            raise DuplicateCardError(f"{card.ascii()} appears twice{place}: every card is unique")
        seen.add(card)


def format_cards(cards: Iterable[Card], *, unicode: bool = True, sep: str = " ") -> str:
    """Join cards for display: ``'Q♠ 9♦'`` (or ``'Qs 9d'`` with ``unicode=False``)."""
    return sep.join(str(c) if unicode else c.ascii() for c in cards)


RandomLike = random.Random | int | None


def make_rng(rng: RandomLike = None) -> random.Random:
    """An RNG from a seed, an existing RNG, or (``None``) the OS's secure source."""
    if isinstance(rng, random.Random):
        return rng
    if rng is None:
        return secrets.SystemRandom()
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    raise TypeError(f"rng must be a random.Random, an int seed or None, not {rng!r}")


def _ranked(ranks: Iterable[int]) -> list[Card]:
    return [Card((r - 2) * 4 + s) for r in ranks for s in range(4)]


_DECK_RANKS: Final[dict[str, tuple[int, ...]]] = {
    "standard": tuple(range(2, 15)),
    "straights": tuple(range(2, 15)),
    "manila": tuple(range(7, 15)),
    "mexican": (2, 3, 4, 5, 6, 7, 11, 12, 13, 14),
    "short": tuple(range(6, 15)),
}
#: The decks :func:`make_deck` knows, with their sizes before jokers.
DECK_NAMES: Final = tuple(_DECK_RANKS)


class Deck(Sequence[Card]):
    """An immutable, ordered pack of cards.  Shuffle with :meth:`shuffled`.

    >>> d = make_deck('standard')
    >>> d.shuffled(7)[:3] == make_deck('standard').shuffled(7)[:3]
    True
    """

    __slots__ = ("_cards", "_set", "name")

    def __init__(self, name: str, cards: Iterable[Card]) -> None:
        self.name = name
        self._cards = tuple(cards)
        check_unique(self._cards, f"in deck {name!r}")
        self._set = frozenset(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __getitem__(self, index: int) -> Card:  # type: ignore[override]
        return self._cards[index]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._set

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {len(self)} cards>"

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    def shuffled(self, rng: RandomLike = None) -> list[Card]:
        """The cards in random order, from ``rng`` (a seed, an RNG, or the OS's source)."""
        out = list(self._cards)
        generator = make_rng(rng)
        if type(generator) is random.Random:
            _shuffle(out, generator.getrandbits)
        else:
            generator.shuffle(out)
        return out

    def check_dealable(self, cards: Sequence[Card], where: str = "") -> None:
        """:func:`check_unique` (``where`` as there), then :meth:`check_contains`: in
        one pass over the cards when all is well (every deal checks its deck)."""
        if isinstance(cards, (list, tuple)):
            distinct = set(cards)
            if len(distinct) == len(cards) and distinct <= self._set:
                return
        check_unique(cards, where)
        self.check_contains(cards)

    def check_contains(self, cards: Iterable[Card]) -> None:
        """Raise :class:`PackError` for the first card this deck lacks."""
        if isinstance(cards, (list, tuple)) and self._set.issuperset(cards):
            return  # the common case, checked at once (every deal checks its deck)
        for card in cards:
            if card not in self._set:
                raise PackError(
                    f"{card.ascii()} is not in the {self.name} deck ({len(self)} cards)"
                )


def _shuffle(cards: list[Card], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` written out (every deal shuffles a deck; the method
    calls a helper per card): the same draws, so the same order and generator state."""
    for i, k in _steps(len(cards)):
        j = getrandbits(k)  # a draw below i + 1: k bits, again while too large
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@cache
def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """The steps of shuffling ``size`` cards: each position from the last down to 1,
    with the bits of a draw below position + 1.

    >>> _steps(4)
    ((3, 3), (2, 2), (1, 2))
    """
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def make_deck(name: str = "standard", *, jokers: int = 0) -> Deck:
    """A named deck: ``standard`` (52), ``straights`` (55: the 52 plus S, T, R),
    ``manila`` (32, 7-A), ``mexican`` (40, no 8 9 T), ``short`` (36, 6-A), plus
    ``jokers`` jokers.  Decks are immutable: each is built once."""
    deck = _DECKS.get((name, jokers)) if type(jokers) is int else None
    if deck is not None:
        return deck
    ranks = _DECK_RANKS.get(name)
    if ranks is None:
        raise PackError(f"{name!r} is not a deck: choose one of {', '.join(DECK_NAMES)}")
    if not isinstance(jokers, int) or not 0 <= jokers <= MAX_JOKERS:
        raise PackError(f"{jokers!r} jokers is not possible: use 0 to {MAX_JOKERS}")
    cards = _ranked(ranks)
    if name == "straights":
        cards += [Card(SPECIAL_BASE + i) for i in range(3)]
    cards += [Card(JOKER_BASE + i) for i in range(jokers)]
    label = name if not jokers else f"{name}+{jokers} joker{'s' if jokers > 1 else ''}"
    deck = _DECKS[name, jokers] = Deck(label, cards)
    return deck


#: The decks built so far, by name and jokers (every deal checks its cards against one).
_DECKS: dict[tuple[str, int], Deck] = {}
