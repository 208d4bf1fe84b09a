"""The Straights ranking: a player's best hand from two hole and five table cards.

Rules are numbered as in the source text and in the rule book (``docs/rules.md``):
rule 3 length, 4 straight flush, 5 top card rank, 6 top card suit,
7 priority card, 8 highest card in hand, 9 S-T-R-8, 10 S-T-R-8 on the table.

Every hand reduces to one integer :attr:`StraightsHand.key`; keys order hands
exactly as the rules do.  Equal keys happen only under rule 10 (every player
plays the same S-T-R-8 from the table).

**Decision** (the texts are silent): an ace that plays low (A-2-3…) ranks
below the two when it is compared as a priority card (rule 7), because that is
where it stands in the straight; as the highest card in hand (rule 8) an ace is
always high.

>>> h = evaluate_straights('Qd 3s', '5c 4d 3d 2h Jh')
>>> h.describe()
'straight 5♣-4♦-3♠-2♥ (4 cards, top 5♣), priority card 3♠'
>>> h > evaluate_straights('Qs 9d', '5c 4d 3d 2h Jh')
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from straights.cards import (
    JOKER_BASE,
    SPECIAL_BASE,
    Card,
    CardsLike,
    check_unique,
    format_cards,
    parse_cards,
)
from straights.errors import HandSizeError, PackError, RankingError
from straights.rankings.base import HandValue, Ranking
from straights.rankings.ordering import KeyOrdered

__all__ = [
    "HOLE_CARDS",
    "PACKS",
    "RANKINGS",
    "TABLE_CARDS",
    "StraightsHand",
    "compare_reason",
    "evaluate_straights",
    "straights_key",
]

HOLE_CARDS: Final = 2
TABLE_CARDS: Final = 5
PACKS: Final = (55, 52)

# Straights' suit order (rule 6) indexed by bridge suit c d h s: c < d < s < h.
_SORDER: Final = (0, 1, 3, 2)
_SUIT_BY_ORDER: Final = (0, 1, 3, 2)  # inverse of _SORDER
# For a 4-bit mask of bridge suits: the bridge suit ranking highest in Straights.
_BEST_SUIT: Final = tuple(
    -1 if m == 0 else max((s for s in range(4) if m >> s & 1), key=_SORDER.__getitem__)
    for m in range(16)
)
_EIGHT_IDS: Final = range(24, 28)  # (8 - 2) * 4 + suit
_S, _T, _R = SPECIAL_BASE, SPECIAL_BASE + 1, SPECIAL_BASE + 2

# Key layout, most significant first: str8 (0 or 1..4) | length (0..14) | flush |
# top position (1..14, ace low = 1) | top suit | priority (0 or pos*4+suit+1) | hand.
_HAND_BITS: Final = 12
_PRIO_SHIFT: Final = _HAND_BITS
_TSUIT_SHIFT: Final = _PRIO_SHIFT + 6
_TOP_SHIFT: Final = _TSUIT_SHIFT + 2
_FLUSH_SHIFT: Final = _TOP_SHIFT + 4
_LEN_SHIFT: Final = _FLUSH_SHIFT + 1
_STR8_SHIFT: Final = _LEN_SHIFT + 4


def _strength(card_id: int) -> int:
    """Rule 8 strength: 1..52 for ranked cards (rank, then Straights suit), 0 for specials."""
    return (card_id >> 2) * 4 + _SORDER[card_id & 3] + 1 if card_id < SPECIAL_BASE else 0


def straights_key(hole: Sequence[int], table: Sequence[int], pack: int = 55) -> int:
    """The ordering key of a hand given as card ids; larger is better.

    No validation: callers pass two distinct hole ids and five table ids.
    """
    if pack == 55 and (max(hole) >= SPECIAL_BASE or max(table) >= SPECIAL_BASE):
        ids = (*hole, *table)
        if _S in ids and _T in ids and _R in ids:
            best8 = -1
            for c in ids:
                if 24 <= c < 28 and _SORDER[c & 3] > best8:
                    best8 = _SORDER[c & 3]
            if best8 >= 0:
                return (best8 + 1) << _STR8_SHIFT
    return _straight_part(hole, table)[0]


# Suits in Straights order, best first: hearts, spades, diamonds, clubs.
_SUITS_BEST_FIRST: Final = (2, 3, 1, 0)


def _straight_part(hole: Sequence[int], table: Sequence[int]) -> tuple[int, int, int, int, int]:
    """(key, length, top position, flush suit or -1, top suit) of the best straight.

    Positions are bits 1..14 of a mask (1 = ace low, 14 = ace high); ``by_suit[s]``
    holds the positions of suit ``s``.  A run of length ``L`` ends at every bit of
    ``m & m<<1 & … & m<<(L-1)``.
    """
    by_suit = _suit_masks(hole, table)
    a, b = hole
    sa, sb = _strength(a), _strength(b)
    hand = sa * 64 + sb if sa >= sb else sb * 64 + sa
    length, ends = _longest_runs(by_suit[0] | by_suit[1] | by_suit[2] | by_suit[3])
    if not length:
        return hand, 0, 0, -1, -1
    best = -1
    best_top = best_flush = best_tsuit = 0
    span = (1 << length) - 1
    while ends:
        top = ends.bit_length() - 1
        ends ^= 1 << top
        window = span << (top - length + 1)
        flush_suit, tsuit = _suits_of(by_suit, window, top)
        prio = _priority(hole, window, top, flush_suit, tsuit)
        value = (
            (flush_suit >= 0) << _FLUSH_SHIFT
            | top << _TOP_SHIFT
            | _SORDER[tsuit] << _TSUIT_SHIFT
            | prio << _PRIO_SHIFT
        )
        if value > best:
            best, best_top, best_flush, best_tsuit = value, top, flush_suit, tsuit
    key = (length << _LEN_SHIFT) | best | hand
    return key, length, best_top, best_flush, best_tsuit


def _suit_masks(hole: Sequence[int], table: Sequence[int]) -> list[int]:
    """The positions of the natural cards of each suit (an ace at 14 and at 1)."""
    by_suit = [0, 0, 0, 0]
    for c in table:
        if c < SPECIAL_BASE:
            by_suit[c & 3] |= 1 << ((c >> 2) + 2)
    for c in hole:
        if c < SPECIAL_BASE:
            by_suit[c & 3] |= 1 << ((c >> 2) + 2)
    for s in range(4):
        if by_suit[s] >> 14:
            by_suit[s] |= 2
    return by_suit


def _longest_runs(present: int) -> tuple[int, int]:
    """(length, the mask of the top positions) of the longest runs of ``present``;
    (0, 0) when no two positions are consecutive.

    >>> _longest_runs(0b0111_0110)  # runs 1-2 and 4-6
    (3, 64)
    """
    ends = present & (present << 1)
    if not ends:
        return 0, 0
    length = 2
    while True:
        longer = ends & (present << length)
        if not longer:
            return length, ends
        ends = longer
        length += 1


def _suits_of(by_suit: list[int], window: int, top: int) -> tuple[int, int]:
    """(the flush suit of the straight at ``window`` or -1, the suit of its top card):
    the best suit that fills the window, else the best suit at ``top``."""
    for s in _SUITS_BEST_FIRST:
        if by_suit[s] & window == window:
            return s, s
    tsuit = 0
    for s in _SUITS_BEST_FIRST:
        if by_suit[s] >> top & 1:
            tsuit = s
            break
    return -1, tsuit


def _priority(hole: Sequence[int], window: int, top: int, flush_suit: int, tsuit: int) -> int:
    """The priority card (rule 7): the code of the best hole card that can play in the
    straight at ``window``; 0 for none."""
    prio = 0
    for c in hole:
        if c >= SPECIAL_BASE:
            continue
        suit = c & 3
        if flush_suit >= 0 and suit != flush_suit:
            continue
        pos = (c >> 2) + 2
        if not window >> pos & 1:
            if pos != 14 or not window & 2:
                continue
            pos = 1
        if pos == top and suit != tsuit:
            continue
        code = pos * 4 + _SORDER[suit] + 1
        if code > prio:
            prio = code
    return prio


def _card_at(pos: int, suit: int) -> Card:
    rank = 14 if pos == 1 else pos
    return Card((rank - 2) * 4 + suit)


@dataclass(frozen=True, eq=False)
class StraightsHand(KeyOrdered):
    """A player's best Straights hand: immutable, totally ordered, explainable.

    Compare hands of the same pack with ``<``, ``==`` …; :attr:`key` is the
    integer behind the order.
    """

    hole: tuple[Card, Card]
    table: tuple[Card, ...]
    pack: int
    key: int

    # -- order -----------------------------------------------------------------
    def _other_key(self, other: object) -> int:
        if not isinstance(other, StraightsHand):
            raise RankingError(
                f"cannot compare a Straights hand with {type(other).__name__}: "
                "compare hands of the same ranking"
            )
        if other.pack != self.pack:
            raise RankingError(
                f"cannot compare a {self.pack}-card hand with a {other.pack}-card hand"
            )
        return other.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StraightsHand):
            return NotImplemented
        return self.pack == other.pack and self.key == other.key

    def __hash__(self) -> int:
        return hash((self.pack, self.key))

    # -- what the hand is ---------------------------------------------------------
    @property
    def is_str8(self) -> bool:
        """True when the hand is S-T-R-8 (rule 9)."""
        return self.key >> _STR8_SHIFT > 0

    @cached_property
    def str8_eight(self) -> Card | None:
        """The 8 played with S, T and R, or ``None``."""
        if not self.is_str8:
            return None
        suit = _SUIT_BY_ORDER[(self.key >> _STR8_SHIFT) - 1]
        return Card(24 + suit)

    @property
    def length(self) -> int:
        """Length of the best straight; 0 for none (and for S-T-R-8)."""
        return self.key >> _LEN_SHIFT & 15

    @property
    def is_flush(self) -> bool:
        """True when the best straight is a straight flush (rule 4)."""
        return bool(self.key >> _FLUSH_SHIFT & 1)

    @cached_property
    def straight(self) -> tuple[Card, ...]:
        """The cards of the best straight, top card first (empty if none).

        Where a rank can be played from the hand or the table, the hand's card
        is shown: it is the one that may count as the priority card.
        """
        if not self.length:
            return ()
        hole, table = tuple(c.id for c in self.hole), tuple(c.id for c in self.table)
        _, length, top, flush_suit, tsuit = _straight_part(hole, table)
        out = []
        for pos in range(top, top - length, -1):
            if flush_suit >= 0:
                suit = flush_suit
            elif pos == top:
                suit = tsuit
            else:  # the hand's cards of this rank first, else the table's; best suit
                row = (14 if pos == 1 else pos) - 2
                choices = [c & 3 for c in hole if c < SPECIAL_BASE and c >> 2 == row] or [
                    c & 3 for c in table if c < SPECIAL_BASE and c >> 2 == row
                ]
                suit = max(choices, key=_SORDER.__getitem__)
            out.append(_card_at(pos, suit))
        return tuple(out)

    @property
    def top(self) -> Card | None:
        """The top card of the straight (rule 5); for A-2-3 it is the 3."""
        return self.straight[0] if self.straight else None

    @property
    def top_position(self) -> int:
        """The top card's place in rank order, ace low = 1 … ace high = 14; 0 for none."""
        return self.key >> _TOP_SHIFT & 15

    @cached_property
    def priority(self) -> Card | None:
        """The priority card (rule 7): the highest hole card in the straight."""
        code = self.key >> _PRIO_SHIFT & 63
        if not code:
            return None
        pos, order = divmod(code - 1, 4)
        return _card_at(pos, _SUIT_BY_ORDER[order])

    @cached_property
    def high_card(self) -> Card:
        """The highest hole card (rule 8): rank, ace high, then suit; specials lowest."""
        return max(self.hole, key=lambda c: _strength(c.id))

    @property
    def category(self) -> str:
        """``'S-T-R-8'``, ``'straight flush'``, ``'straight'`` or ``'no straight'``."""
        if self.is_str8:
            return "S-T-R-8"
        if not self.length:
            return "no straight"
        return "straight flush" if self.is_flush else "straight"

    def describe(self, *, unicode: bool = True) -> str:
        """One line saying what the hand is.

        >>> evaluate_straights('Kh 2c', 'Ts 9s 8h 7s 4d').describe(unicode=False)
        'straight Ts-9s-8h-7s (4 cards, top Ts), all on the table; high card Kh'
        """

        def fmt(card: Card) -> str:
            return str(card) if unicode else card.ascii()

        if self.is_str8:
            assert self.str8_eight is not None
            return f"S-T-R-8 with {fmt(self.str8_eight)}"
        if not self.length:
            return f"no straight; high card {fmt(self.high_card)}"
        cards = format_cards(self.straight, unicode=unicode, sep="-")
        assert self.top is not None
        text = f"{self.category} {cards} ({self.length} cards, top {fmt(self.top)})"
        if self.priority is not None:
            return f"{text}, priority card {fmt(self.priority)}"
        return f"{text}, all on the table; high card {fmt(self.high_card)}"

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        hole = format_cards(self.hole, unicode=False)
        table = format_cards(self.table, unicode=False)
        return f"evaluate_straights({hole!r}, {table!r}, pack={self.pack})"

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description."""
        return {
            "hole": format_cards(self.hole, unicode=False),
            "category": self.category,
            "straight": format_cards(self.straight, unicode=False),
            "length": self.length,
            "flush": self.is_flush,
            "top": self.top.ascii() if self.top else None,
            "priority": self.priority.ascii() if self.priority else None,
            "str8_eight": self.str8_eight.ascii() if self.str8_eight else None,
            "high_card": self.high_card.ascii(),
            "description": self.describe(unicode=False),
            "key": self.key,
        }


def _check_pack(pack: int) -> None:
    if pack not in PACKS:
        raise PackError(f"pack {pack!r} is not a Straights pack: choose 55 or 52")


def check_cards_for_pack(cards: Sequence[Card], pack: int, what: str) -> None:
    """Raise :class:`PackError` for a joker, or a special card in a 52-card game."""
    limit = SPECIAL_BASE if pack == 52 else JOKER_BASE
    ids = [card._id for card in cards]
    if not ids or max(ids) < limit:
        return  # the common case (every deal checks its deck)
    for card in cards:
        if card.is_joker or (card.is_special and pack == 52):
            kind = "jokers are not" if card.is_joker else "S, T and R are only"
            where = " in the 55-card pack" if not card.is_joker else " part of Straights"
            raise PackError(f"{card.ascii()} in {what}: {kind}{where} (pack={pack})")


def parse_hole(hole: CardsLike, what: str = "the hole cards") -> tuple[Card, Card]:
    cards = parse_cards(hole)
    if len(cards) != HOLE_CARDS:
        raise HandSizeError(
            f"{what} {format_cards(cards, unicode=False)!r} hold {len(cards)} "
            f"card{'s' if len(cards) != 1 else ''}: each player holds exactly {HOLE_CARDS}"
        )
    return cards[0], cards[1]


def parse_table(table: CardsLike) -> tuple[Card, ...]:
    cards = parse_cards(table)
    if len(cards) != TABLE_CARDS:
        raise HandSizeError(
            f"the table {format_cards(cards, unicode=False)!r} holds {len(cards)} "
            f"card{'s' if len(cards) != 1 else ''}: the table holds exactly {TABLE_CARDS}"
        )
    return cards


def evaluate_straights(hole: CardsLike, table: CardsLike, pack: int = 55) -> StraightsHand:
    """Evaluate one player's best hand (validated: counts, duplicates, pack).

    >>> evaluate_straights('S 8h', 'T R 8d 2c 9s').describe()
    'S-T-R-8 with 8♥'
    """
    _check_pack(pack)
    hole_cards = parse_hole(hole)
    table_cards = parse_table(table)
    check_unique((*hole_cards, *table_cards), "in the hole and table cards")
    check_cards_for_pack(hole_cards, pack, "the hole cards")
    check_cards_for_pack(table_cards, pack, "the table")
    return make_hand(hole_cards, table_cards, pack)


def make_hand(hole: tuple[Card, Card], table: tuple[Card, ...], pack: int) -> StraightsHand:
    """Build a hand from cards already validated (no checks: the fast path)."""
    key = straights_key((hole[0]._id, hole[1]._id), [c._id for c in table], pack)
    return StraightsHand(hole, table, pack, key)


def compare_reason(winner: StraightsHand, loser: StraightsHand) -> tuple[int, str]:
    """The rule that ranks ``winner`` above ``loser`` and a phrase saying how.

    Raises :class:`RankingError` if ``winner`` is not strictly better.
    """
    if not winner > loser:
        raise RankingError(f"{winner.describe()} does not beat {loser.describe()}")
    if winner.is_str8:
        if loser.is_str8:
            assert winner.str8_eight and loser.str8_eight
            return (
                9,
                f"S-T-R-8 with the higher 8: {winner.str8_eight} over {loser.str8_eight} (rule 9)",
            )
        return 9, f"S-T-R-8 with {winner.str8_eight} beats any straight (rule 9)"
    if winner.length != loser.length:
        if not loser.length:
            return 3, f"a {winner.length}-card straight beats no straight (rule 3)"
        return 3, f"longer straight: {winner.length} cards over {loser.length} (rule 3)"
    if winner.is_flush != loser.is_flush:
        return 4, f"straight flush beats a mixed straight of {winner.length} cards (rule 4)"
    if winner.length and winner.top_position != loser.top_position:
        return 5, f"higher top card: {winner.top} over {loser.top} (rule 5)"
    if winner.length and winner.top != loser.top:
        return 6, f"suit of the top card: {winner.top} over {loser.top} (rule 6)"
    if winner.priority is not None and winner.priority != loser.priority:
        return 7, f"priority card {winner.priority} (rule 7)"
    return 8, f"highest card in hand: {winner.high_card} over {loser.high_card} (rule 8)"


def _evaluate(cards: tuple[Card, ...], pack: int = 55) -> HandValue:
    """Seven cards as one sequence, the two hole cards first (``evaluate(…, 'straights')``)."""
    if len(cards) != HOLE_CARDS + TABLE_CARDS:
        raise HandSizeError(f"a Straights hand is 7 cards (2 hole, then 5 table), not {len(cards)}")
    hand = evaluate_straights(cards[:HOLE_CARDS], cards[HOLE_CARDS:], pack=pack)
    return HandValue(
        ranking="straights",
        options=(("pack", pack),),
        key=(hand.key,),
        category=hand.category.lower(),
        cards=hand.straight,
        phrase=hand.describe(),
        source=cards,
    )


#: The Straights ranking, registered by :func:`~straights.rankings.base.get_ranking`.
RANKINGS: Final = (
    Ranking(
        name="straights",
        evaluate=_evaluate,
        description="Straights: longest straight wins; S-T-R-8 beats all (2 hole + 5 table cards)",
        categories=("no straight", "straight", "straight flush", "s-t-r-8"),
        options={"pack": PACKS},
        deck="straights",
        card_counts=(7,),
    ),
)
