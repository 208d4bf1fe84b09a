"""Standard high hands and their stripped-deck relatives, without wild cards.

A :class:`Variant` says which ranks the deck holds, which five ranks make a
straight (and how strong each straight is), and the order of the categories.
From it this module builds the *value* of a natural hand as one int (bigger is
better): the category's position in the order, shifted left 20 bits, then up
to five 4-bit nibbles of tie-break ranks (the combination first, then the
kickers).  Straights put their strength index in the first nibble.

Best-five-of-N is answered by two lookup tables filled on demand and kept:
one keyed by the hand's rank multiset (every card packed as ``1 << 3*(rank-2)``
and summed — no suit can matter without a flush), one keyed by the bit pattern
of the ranks of a suit holding five or more cards.

>>> high_key([Card('As').id, Card('Ks').id, Card('Qs').id, Card('Js').id, Card('Ts').id]) >> 20
8
>>> describe_key(STANDARD, standard_order(), high_key(ids_of('Kh Kd 5s 5c Kc 2d 3d')))
'Full house, kings full of fives'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from straights.cards import RANK_CHARS, Card, parse_cards
from straights.rankings.compiled import speedups

__all__ = [
    "BASE_ORDER",
    "CANADIAN",
    "COMBO_LENGTH",
    "FIVE_KIND",
    "FLUSH",
    "FOUR_FLUSH",
    "FOUR_STRAIGHT",
    "FULL_HOUSE",
    "HIGH_CARD",
    "MANILA",
    "MEXICAN",
    "ONE_PAIR",
    "PAI_GOW",
    "QUADS",
    "ROYAL",
    "SHORT",
    "STANDARD",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TRIPS",
    "TWO_PAIR",
    "VARIANTS",
    "Lookup",
    "Variant",
    "category_order",
    "describe_key",
    "high_key",
    "ids_of",
    "key_category",
    "key_ranks",
    "lookup",
    "natural_value",
    "pack_value",
    "python_high_key",
    "python_split_high_key",
    "split_high_key",
    "standard_order",
]

HIGH_CARD: Final = "high card"
ONE_PAIR: Final = "one pair"
TWO_PAIR: Final = "two pair"
TRIPS: Final = "three of a kind"
STRAIGHT: Final = "straight"
FLUSH: Final = "flush"
FULL_HOUSE: Final = "full house"
QUADS: Final = "four of a kind"
STRAIGHT_FLUSH: Final = "straight flush"
FIVE_KIND: Final = "five of a kind"
FOUR_STRAIGHT: Final = "four-card straight"
FOUR_FLUSH: Final = "four-card flush"
#: An order slot for the ace-high straight flush, used only when five of a kind
#: ranks below a royal flush; its category name stays "straight flush".
ROYAL: Final = "royal flush"

#: How many leading tie-break nibbles form the *combination* (the rest are
#: kickers); "fewer wilds wins" compares wild counts between the two.
COMBO_LENGTH: Final[dict[str, int]] = {
    HIGH_CARD: 5,
    ONE_PAIR: 1,
    TWO_PAIR: 2,
    TRIPS: 1,
    STRAIGHT: 1,
    FLUSH: 5,
    FULL_HOUSE: 2,
    QUADS: 1,
    STRAIGHT_FLUSH: 1,
    ROYAL: 1,
    FIVE_KIND: 1,
    FOUR_STRAIGHT: 1,
    FOUR_FLUSH: 4,
}

CAT_SHIFT: Final = 20
TIE_MASK: Final = (1 << CAT_SHIFT) - 1

#: The standard categories, low to high (a variant's options reorder them).
BASE_ORDER: Final = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT_FLUSH,
)


def _windows(seq: Sequence[int], size: int, ace_low: bool) -> tuple[tuple[int, ...], ...]:
    """Straights of ``size`` consecutive ranks in ``seq``, weakest first, each high→low."""
    out = [tuple(reversed(seq[i : i + size])) for i in range(len(seq) - size + 1)]
    if ace_low:
        out.insert(0, (*reversed(seq[: size - 1]), 14))
    return tuple(out)


@dataclass(frozen=True)
class Variant:
    """The rules a high ranking shares with its deck: ranks, straights, order.

    ``straights`` lists every straight weakest first, each written high to low
    (the wheel as ``(5, 4, 3, 2, 14)``).  ``flush_over_full`` puts a flush
    above a full house (stripped decks); ``four_card`` adds Canadian stud's
    four-card straight and flush.
    """

    name: str
    deck: str
    ranks: tuple[int, ...]
    straights: tuple[tuple[int, ...], ...]
    flush_over_full: bool = False
    four_card: bool = False
    four_straights: tuple[tuple[int, ...], ...] = ()
    strength: dict[frozenset[int], int] = field(init=False, repr=False, compare=False)
    four_strength: dict[frozenset[int], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "strength", {frozenset(s): i for i, s in enumerate(self.straights)}
        )
        object.__setattr__(
            self, "four_strength", {frozenset(s): i for i, s in enumerate(self.four_straights)}
        )

    def __hash__(self) -> int:
        return hash(self.name)

    def top_of(self, strength: int, four: bool = False) -> int:
        """The rank a straight of this strength is named after (its first card)."""
        return (self.four_straights if four else self.straights)[strength][0]


_STD_RANKS: Final = tuple(range(2, 15))
_STD_STRAIGHTS: Final = _windows(_STD_RANKS, 5, ace_low=True)
STANDARD: Final = Variant("high", "standard", _STD_RANKS, _STD_STRAIGHTS)
PAI_GOW: Final = Variant(
    "pai-gow",
    "standard",
    _STD_RANKS,
    # Nevada: the wheel ranks just below A-K-Q-J-T (rankings.md).
    (*_STD_STRAIGHTS[1:-1], _STD_STRAIGHTS[0], _STD_STRAIGHTS[-1]),
)
MANILA: Final = Variant(
    "manila", "manila", tuple(range(7, 15)), _windows(tuple(range(7, 15)), 5, False), True
)
_MEX_RANKS: Final = (2, 3, 4, 5, 6, 7, 11, 12, 13, 14)
MEXICAN: Final = Variant(
    "mexican", "mexican", _MEX_RANKS, _windows(_MEX_RANKS, 5, ace_low=True), True
)
SHORT: Final = Variant(
    "short", "short", tuple(range(6, 15)), _windows(tuple(range(6, 15)), 5, True), True
)
CANADIAN: Final = Variant(
    "canadian",
    "standard",
    _STD_RANKS,
    _STD_STRAIGHTS,
    four_card=True,
    four_straights=_windows(_STD_RANKS, 4, ace_low=True),
)
VARIANTS: Final[dict[str, Variant]] = {
    v.name: v for v in (STANDARD, PAI_GOW, MANILA, MEXICAN, SHORT, CANADIAN)
}


@cache
def category_order(
    variant: Variant, five_of_a_kind: str = "top", trips_above_straight: bool = False
) -> tuple[str, ...]:
    """Category names low → high for a variant and the options that move them.

    >>> category_order(MANILA)[4:7]
    ('straight', 'full house', 'flush')
    >>> category_order(STANDARD, 'below-royal-flush')[-3:]
    ('straight flush', 'five of a kind', 'royal flush')
    """
    order = list(BASE_ORDER)
    if variant.flush_over_full:
        order[5], order[6] = FULL_HOUSE, FLUSH
    if trips_above_straight:
        order[3], order[4] = STRAIGHT, TRIPS
    if variant.four_card:
        order[2:2] = [FOUR_STRAIGHT, FOUR_FLUSH]
    if five_of_a_kind == "top":
        order.append(FIVE_KIND)
    elif five_of_a_kind == "below-straight-flush":
        order.insert(len(order) - 1, FIVE_KIND)
    else:  # below-royal-flush
        order += [FIVE_KIND, ROYAL]
    return tuple(order)


def standard_order() -> tuple[str, ...]:
    """The order of the ``high`` ranking with default options."""
    return category_order(STANDARD)


def pack_value(order: Sequence[str], category: str, ties: Iterable[int]) -> int:
    """One int for a category and its tie-break ranks (combination, then kickers)."""
    value = order.index(category)
    n = 0
    for r in ties:
        value = (value << 4) | r
        n += 1
    return value << (4 * (5 - n))


def key_category(order: Sequence[str], value: int) -> str:
    """The category name of a packed value (the royal slot reads "straight flush")."""
    name = order[value >> CAT_SHIFT]
    return STRAIGHT_FLUSH if name == ROYAL else name


def key_ranks(value: int) -> tuple[int, ...]:
    """The five tie-break nibbles of a packed value, zeros included."""
    return tuple((value >> (4 * (4 - i))) & 15 for i in range(5))


def _straight_value(variant: Variant, order: Sequence[str], strength: int, flush: bool) -> int:
    if flush:
        royal = ROYAL in order and strength == len(variant.straights) - 1
        return pack_value(order, ROYAL if royal else STRAIGHT_FLUSH, (strength,))
    return pack_value(order, STRAIGHT, (strength,))


def _by_count_then_rank(group: tuple[int, int]) -> tuple[int, int]:
    return group[1], group[0]


def natural_value(
    variant: Variant, order: Sequence[str], ranks: Sequence[int], flush: bool = False
) -> int:
    """The value of at most five cards given their ranks and whether they are one suit.

    Fewer than five cards make pairs, trips and high cards only.  Five equal
    ranks (a wild card's doing) are five of a kind.

    >>> natural_value(STANDARD, standard_order(), [5, 4, 3, 2, 14]) >> 20
    4
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=_by_count_then_rank, reverse=True)
    ties = [r for r, _ in groups]
    top = groups[0][1] if groups else 0
    if len(ranks) == 5 and len(groups) == 5:
        strength = variant.strength.get(frozenset(ranks))
        if strength is not None:
            return _straight_value(variant, order, strength, flush)
        return pack_value(order, FLUSH if flush else HIGH_CARD, ties)
    if len(ranks) == 5 and flush:
        # A wild card duplicating a rank inside a flush: the double-ace flush.
        return pack_value(order, FLUSH, sorted(ranks, reverse=True))
    if top >= 5:
        category = FIVE_KIND
    elif top == 4:
        category = QUADS
    elif top == 3:
        category = FULL_HOUSE if len(groups) > 1 and groups[1][1] >= 2 else TRIPS
    elif top == 2:
        category = TWO_PAIR if len(groups) > 1 and groups[1][1] == 2 else ONE_PAIR
    else:
        category = HIGH_CARD
    return pack_value(order, category, ties)


def canadian_value(order: Sequence[str], cards: Sequence[tuple[int, int]]) -> int:
    """Canadian stud value of at most five ``(rank, suit)`` cards."""
    ranks = [r for r, _ in cards]
    flush = len(cards) == 5 and len({s for _, s in cards}) == 1
    best = natural_value(CANADIAN, order, ranks, flush)
    if len(cards) < 5 or key_category(order, best) not in (HIGH_CARD, ONE_PAIR):
        return best
    for r0, s0 in cards:
        rest = [(r, s) for r, s in cards if (r, s) != (r0, s0)]
        four = sorted((r for r, _ in rest), reverse=True)
        if len({s for _, s in rest}) == 1:
            best = max(best, pack_value(order, FOUR_FLUSH, [*four, r0]))
        strength = CANADIAN.four_strength.get(frozenset(four))
        if strength is not None and len(set(four)) == 4:
            best = max(best, pack_value(order, FOUR_STRAIGHT, (strength, r0)))
    return best


# Packed card: three bits per rank for the rank multiset, then six bits per
# suit counting that suit's cards.  Adding 27 to a suit field sets its bit 5
# exactly when the suit holds five or more cards.
RANK_BITS: Final = 39
RANK_MASK: Final = (1 << RANK_BITS) - 1
FLUSH_ADD: Final = sum(27 << (RANK_BITS + 6 * s) for s in range(4))
FLUSH_TEST: Final = sum(32 << (RANK_BITS + 6 * s) for s in range(4))
#: ``PACKED[card_id]`` for the 52 ranked cards.
PACKED: Final = tuple((1 << (3 * (i >> 2))) + (1 << (RANK_BITS + 6 * (i & 3))) for i in range(52))
RANK_PART: Final = tuple(1 << (3 * (i >> 2)) for i in range(52))


def _multiset(rank_part: int) -> list[int]:
    return [r for r in range(2, 15) for _ in range((rank_part >> (3 * (r - 2))) & 7)]


class Lookup:
    """Best-five values by rank multiset and by flush pattern, filled on demand."""

    def __init__(self, variant: Variant, order: tuple[str, ...]) -> None:
        self.variant = variant
        self.order = order
        self.by_ranks: dict[int, int] = {}
        self.by_flush: dict[int, int] = {}
        self._fives_filled = False

    def _fill_fives(self) -> None:
        """Every five-card rank multiset of the deck's ranks (6,175 in a full deck):
        a best five of more cards is then found by lookups alone."""
        self._fives_filled = True
        table, variant, order = self.by_ranks, self.variant, self.order
        for five in itertools.combinations_with_replacement(variant.ranks, 5):
            if five[0] == five[4]:  # no rank has five cards
                continue
            part = sum(1 << 3 * (r - 2) for r in five)
            if part not in table:
                table[part] = natural_value(variant, order, five)

    def ranks_value(self, rank_part: int) -> int:
        """Best value of a rank multiset played without a flush."""
        table = self.by_ranks
        best = table.get(rank_part)
        if best is not None:
            return best
        counts = [(rank_part >> 3 * k) & 7 for k in range(13)]  # by rank - 2
        if sum(counts) <= 5:
            best = natural_value(self.variant, self.order, _multiset(rank_part))
        else:
            if not self._fives_filled:
                self._fill_fives()
            # The best five of n cards is the best of the best fives of what is left by
            # setting cards aside, each looked up: seven cards set two aside (one five per
            # pair of ranks held), others one (one per rank held).
            held = [1 << 3 * k for k in range(13) if counts[k]]
            parts = [rank_part - bit for bit in held]
            if sum(counts) == 7:
                parts = [
                    part - held[m]
                    for j, part in enumerate(parts)
                    for m in range(j, len(held))
                    if m != j or rank_part & (6 * held[j])  # a pair or more of that rank
                ]
            best = -1
            for part in parts:
                value = table.get(part)
                if value is None:
                    value = self.ranks_value(part)
                if value > best:
                    best = value
        table[rank_part] = best
        return best

    def flush_value(self, bits: int) -> int:
        """Best flush or straight flush from the ranks of one suit (a bit per rank)."""
        try:
            return self.by_flush[bits]
        except KeyError:
            ranks = [r for r in range(2, 15) if bits >> r & 1]
            best = max(
                natural_value(self.variant, self.order, five, flush=True)
                for five in itertools.combinations(ranks, 5)
            )
            self.by_flush[bits] = best
            return best

    def value(self, ids: Sequence[int]) -> int:
        """Best value of natural cards given by id (0..51)."""
        s = sum(map(PACKED.__getitem__, ids))
        if (s + FLUSH_ADD) & FLUSH_TEST:
            return self._with_flush(ids, s)
        try:
            return self.by_ranks[s & RANK_MASK]
        except KeyError:
            return self.ranks_value(s & RANK_MASK)

    def _with_flush(self, ids: Sequence[int], s: int) -> int:
        best = self.ranks_value(s & RANK_MASK)
        for suit in range(4):
            if (s >> (RANK_BITS + 6 * suit)) & 63 >= 5:
                bits = 0
                for i in ids:
                    if i & 3 == suit:
                        bits |= 1 << ((i >> 2) + 2)
                best = max(best, self.flush_value(bits))
        return best


@cache
def lookup(variant: Variant, order: tuple[str, ...]) -> Lookup:
    """The shared lookup of a variant under one category order."""
    return Lookup(variant, order)


_STANDARD_LOOKUP: Final = lookup(STANDARD, category_order(STANDARD))
_ranks_table: Final = _STANDARD_LOOKUP.by_ranks
_ranks_value: Final = _STANDARD_LOOKUP.ranks_value
_with_flush: Final = _STANDARD_LOOKUP._with_flush


def python_high_key(ids: Sequence[int]) -> int:
    """Standard high value of natural cards given by id (0..51): bigger is better.

    The low-level fast path (no validation, no wild cards), any number of
    cards; ``high_key(ids) >> 20`` is the category's index in
    :func:`standard_order`.  :func:`high_key` is this function, or its
    compiled twin when the install built one (:mod:`straights.rankings.compiled`).

    >>> python_high_key(ids_of('As Ad Kc Kd 2s')) > python_high_key(ids_of('Ks Kh Qc Qd As'))
    True
    """
    s = sum(map(PACKED.__getitem__, ids))
    if (s + FLUSH_ADD) & FLUSH_TEST:
        return _with_flush(ids, s)
    try:
        return _ranks_table[s & RANK_MASK]
    except KeyError:
        return _ranks_value(s & RANK_MASK)


def python_split_high_key(
    hole: Sequence[int], board: Sequence[int], hole_cards: int = 2, board_cards: int = 3
) -> int:
    """The best :func:`high_key` using exactly ``hole_cards`` of ``hole`` and
    ``board_cards`` of ``board`` (Omaha: two and three); 0 when there are too few.

    >>> python_split_high_key(ids_of('Ah Ad Kc Qs'), ids_of('Ac 7h 2d 9s 3c')) >> 20  # trips
    3
    """
    if len(hole) < hole_cards or len(board) < board_cards:
        return 0
    boards = list(itertools.combinations(board, board_cards))
    return max(
        python_high_key([*m, *t]) for m in itertools.combinations(hole, hole_cards) for t in boards
    )


#: Standard high value of card ids: :func:`python_high_key`, compiled when built.
high_key: Callable[[Sequence[int]], int] = python_high_key
#: The best split hand (Omaha): :func:`python_split_high_key`, compiled when built.
split_high_key: Callable[..., int] = python_split_high_key
if speedups is not None:
    speedups.fall_back_to(high_key=python_high_key, split_high_key=python_split_high_key)
    high_key = speedups.high_key
    split_high_key = speedups.split_high_key


def ids_of(cards: str) -> list[int]:
    """Card ids of a card string, for the low-level functions."""
    return [c.id for c in parse_cards(cards)]


_RANK_WORDS: Final = {
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


def rank_word(rank: int, plural: bool = False) -> str:
    """``'king'`` or ``'kings'``."""
    return _RANK_WORDS[rank][plural]


def describe_key(variant: Variant, order: Sequence[str], value: int) -> str:
    """A phrase for a packed value: "Full house, kings full of fives".

    >>> describe_key(STANDARD, standard_order(), high_key(ids_of('5s 4d 3d 2c Ah')))
    'Straight, five high'
    """
    name = order[value >> CAT_SHIFT]
    r = key_ranks(value)
    if name == ROYAL or (name == STRAIGHT_FLUSH and variant.top_of(r[0]) == 14):
        return "Royal flush"
    if name in (STRAIGHT, STRAIGHT_FLUSH):
        return f"{name.capitalize()}, {rank_word(variant.top_of(r[0]))} high"
    if name == FOUR_STRAIGHT:
        return f"Four-card straight, {rank_word(variant.top_of(r[0], four=True))} high"
    if name in (FLUSH, FOUR_FLUSH, HIGH_CARD):
        return f"{name.capitalize()}, {rank_word(r[0])} high"
    if name == FULL_HOUSE:
        return f"Full house, {rank_word(r[0], True)} full of {rank_word(r[1], True)}"
    if name == TWO_PAIR:
        return f"Two pair, {rank_word(r[0], True)} and {rank_word(r[1], True)}"
    if name == ONE_PAIR:
        return f"Pair of {rank_word(r[0], True)}"
    return f"{name.capitalize()}, {rank_word(r[0], True)}"


def rank_char(rank: int) -> str:
    """``'A'`` for 14, ``'T'`` for 10."""
    return RANK_CHARS[rank - 2]


def card_of(rank: int, suit: int) -> Card:
    """The ranked card of a rank (2..14) and suit (0..3)."""
    return Card((rank - 2) * 4 + suit)
