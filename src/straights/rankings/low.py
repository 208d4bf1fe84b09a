"""Low hands: ace-to-five (California), deuce-to-seven (Kansas City), ace-to-six (London).

Pairs and worse are bad; two lows compare from the highest card down and the
lower hand wins.  From more than five cards the best (lowest) five play.

* ``ace-to-five``: ace low, straights and flushes ignored; best 5-4-3-2-A.
* ``deuce-to-seven``: ace always high, straights and flushes count against
  you, A-5-4-3-2 is no straight; best 7-5-4-3-2 unsuited.
* ``ace-to-six``: ace always low, straights and flushes count against you;
  best 6-4-3-2-A.  **Decision**: the ace never plays high here, so
  K-Q-J-T-A is a king-high no-pair hand, not a straight (``003``'s option (b)
  lets the owner call the ace low, which a player going low always does).

Options (defaults first):

* ``joker``: ``'lowest-absent'`` — a joker plays as the lowest rank not already
  in the hand (``004``); under deuce-to-seven and ace-to-six it takes the
  lowest rank (and a suit) that neither pairs nor completes a straight or
  flush, which is the same rule applied to methods where those count.
  ``'must-pair'`` — ``003``'s "wild cards create pairs": each joker copies a
  rank among the natural cards of the five (7-5-4-3-W is at least a pair of
  threes; 7-5-4-W-W is at best fives and fours, never a pair of aces).
* ``qualifier``: ``None`` or ``8`` — eight or better: only a no-pair hand (and,
  where they count, no straight or flush) whose highest card is an eight or
  lower is a low.  Every other hand is category ``'no low'``; all of them are
  equal and rank below every qualifying low.

:attr:`HandValue.key` is ``(k,)`` where ``k`` is the int returned by the fast
key functions (:func:`ace_to_five_key`, :func:`deuce_to_seven_key`,
:func:`ace_to_six_key`): larger means a *better* (lower) hand; ``0`` is "no low".

>>> from straights.rankings.base import evaluate
>>> evaluate('8h 5c 4c 3s 2d', ranking='ace-to-five').phrase
'Eight-five low (8-5-4-3-2)'
>>> evaluate('7c 5s 4d 3s 2c', ranking='deuce-to-seven').phrase
'Seven-five low (7-5-4-3-2)'
>>> evaluate('Jk 7h 5s 4h Ad', ranking='ace-to-five').phrase
'Seven-five low (7-5-4-2-A) (joker as 2♣)'
>>> evaluate('Th 9c 5s 4d 3c', ranking='deuce-to-seven').phrase  # "10", never "T"
'Ten-nine low (10-9-5-4-3)'
>>> evaluate('Ks Kd 7h 5s 3c', ranking='ace-to-five', qualifier=8).category
'no low'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any, Final

from straights.cards import JOKER_BASE, SPECIAL_BASE, Card, check_unique
from straights.errors import HandSizeError, PackError, RankingError
from straights.rankings.base import HandValue, Progress, Ranking, walk
from straights.rankings.compiled import speedups

__all__ = [
    "ACE_TO_FIVE",
    "ACE_TO_SIX",
    "DEUCE_TO_SEVEN",
    "JOKER_MODES",
    "METHODS",
    "NO_LOW",
    "QUALIFIERS",
    "RANKINGS",
    "RANK_LETTERS",
    "RANK_PLURALS",
    "RANK_SHOWN",
    "RANK_WORDS",
    "LowMethod",
    "ace_to_five_key",
    "ace_to_six_key",
    "count_low",
    "deuce_to_seven_key",
    "evaluate_low",
    "high_name",
    "low_key",
    "python_ace_to_five_key",
    "python_ace_to_six_key",
    "python_deuce_to_seven_key",
]

JOKER_MODES: Final = ("lowest-absent", "must-pair")
QUALIFIERS: Final = (None, 8)
#: The key of every hand that fails the qualifier.
NO_LOW: Final = 0

# Badness of a five-card hand (smaller is a better low), most significant first:
# category (4 bits) | up to five group ranks, 4 bits each, most important first.
_CAT_SHIFT: Final = 20
_KEY_BASE: Final = 1 << 24

# Categories by badness: 0 no pair ... 9 five of a kind.
_NO_PAIR, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SFLUSH, _FIVE = range(10)
_CATEGORY_NAMES: Final = (
    "no pair",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)
# Shape of the rank counts (sorted, largest first) -> category.
_SHAPES: Final = {
    (1, 1, 1, 1, 1): _NO_PAIR,
    (2, 1, 1, 1): _PAIR,
    (2, 2, 1): _TWO_PAIR,
    (3, 1, 1): _TRIPS,
    (3, 2): _FULL,
    (4, 1): _QUADS,
    (5,): _FIVE,
}

#: Rank names by position, the ace at both ends (1 = ace low, 14 = ace high).
RANK_WORDS: Final = (
    "", "ace", "deuce", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS: Final = (
    "", "aces", "deuces", "threes", "fours", "fives", "sixes", "sevens",
    "eights", "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
RANK_LETTERS: Final = "?A23456789TJQKA"
#: Each rank as a hand's description writes it: "10", never "T" (a reader's word).
RANK_SHOWN: Final = ("?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class LowMethod:
    """One way of ranking low hands.

    ``ace_low``: the ace ranks below the deuce (value 1) instead of above the
    king (value 14).  ``counts_straights``: straights and flushes count against
    the hand.
    """

    name: str
    ace_low: bool
    counts_straights: bool
    title: str

    def low_rank(self, card_id: int) -> int:
        """The rank value of a ranked card under this method: 1..13 or 2..14."""
        rank = (card_id >> 2) + 2
        return 1 if rank == 14 and self.ace_low else rank

    @property
    def ranks(self) -> range:
        """Every rank value under this method, lowest first."""
        return range(1, 14) if self.ace_low else range(2, 15)


ACE_TO_FIVE: Final = LowMethod("ace-to-five", True, False, "Ace-to-five (California) low")
DEUCE_TO_SEVEN: Final = LowMethod("deuce-to-seven", False, True, "Deuce-to-seven (Kansas City) low")
ACE_TO_SIX: Final = LowMethod("ace-to-six", True, True, "Ace-to-six (London) low")
METHODS: Final = {m.name: m for m in (ACE_TO_FIVE, DEUCE_TO_SEVEN, ACE_TO_SIX)}


def _badness(ranks: Sequence[int], suited: bool, method: LowMethod) -> int:
    """Badness of five cards given their rank values (smaller is a better low).

    >>> _badness([5, 4, 3, 2, 1], True, ACE_TO_FIVE) < _badness([6, 4, 3, 2, 1], False, ACE_TO_FIVE)
    True
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    cat = _SHAPES[shape]
    order = [r for r, _ in groups]
    if method.counts_straights and cat == _NO_PAIR:
        straight = order[0] - order[4] == 4
        if straight and suited:
            cat = _SFLUSH
        elif straight:
            cat = _STRAIGHT
        elif suited:
            cat = _FLUSH
    value = cat
    for r in order:
        value = value << 4 | r
    return value << 4 * (5 - len(order))


def _qualifies(badness: int, qualifier: int | None) -> bool:
    return qualifier is None or badness < (qualifier + 1) << 16


def _key(badness: int, qualifier: int | None) -> int:
    return _KEY_BASE - badness if _qualifies(badness, qualifier) else NO_LOW


# ---------------------------------------------------------------------------
# Fast path: rank-multiset tables for hands of 5 to 7 cards without jokers.
#
# A card adds 1 << 3*i to the rank field of its rank index i (0 = lowest rank
# of the method) and 1 << 4*suit to the suit field above bit 40.  Each suit
# field starts at 3, so a suit holding five or more cards sets bit 3 of its
# nibble: one AND detects a possible flush.

_SUIT_SHIFT: Final = 40
_RANK_MASK: Final = (1 << _SUIT_SHIFT) - 1
_SUIT_START: Final = 0x3333 << _SUIT_SHIFT
_FLUSH_BITS: Final = 0x8888 << _SUIT_SHIFT
_FAST_SIZES: Final = (5, 6, 7)


def _increments(method: LowMethod) -> tuple[int, ...]:
    lowest = method.ranks[0]
    return tuple(
        (1 << 3 * (method.low_rank(i) - lowest)) + (1 << _SUIT_SHIFT + 4 * (i & 3))
        for i in range(SPECIAL_BASE)
    )


_INC: Final = {name: _increments(m) for name, m in METHODS.items()}
# Per method and hand size: rank signature -> best badness ignoring flushes.
_LOOKUP: dict[tuple[str, int], dict[int, int]] = {}


def _table(method: LowMethod, size: int) -> dict[int, int]:
    """Best badness per rank multiset of ``size`` cards (built once, on first use)."""
    found = _LOOKUP.get((method.name, size))
    if found is not None:
        return found
    if size == 5:
        table: dict[int, int] = {}
        values = list(method.ranks)
        for combo in combinations_with_replacement(range(13), 5):
            if any(combo.count(i) > 4 for i in set(combo)):
                continue
            sig = sum(1 << 3 * i for i in combo)
            table[sig] = _badness([values[i] for i in combo], False, method)
    else:
        smaller = _table(method, size - 1)
        table = {}
        for sig, bad in smaller.items():
            for i in range(13):
                if (sig >> 3 * i) & 7 < 4:
                    bigger = sig + (1 << 3 * i)
                    best = table.get(bigger)
                    if best is None or bad < best:
                        table[bigger] = bad
    _LOOKUP[(method.name, size)] = table
    return table


def _fast_badness(ids: Sequence[int], method: LowMethod) -> int:
    """Best badness of 5..7 distinct ranked card ids."""
    inc = _INC[method.name]
    total = _SUIT_START
    for i in ids:
        total += inc[i]
    best = _table(method, len(ids))[total & _RANK_MASK]
    if method.counts_straights and total & _FLUSH_BITS:
        # Five or more of one suit: the table's best five may be a flush; check
        # every five, looking up the unsuited ones.
        five_table = _table(method, 5)
        best = _KEY_BASE
        for five in combinations(ids, 5):
            if len({i & 3 for i in five}) == 1:
                bad = _five_badness(five, method)
            else:
                bad = five_table[sum(inc[i] for i in five) & _RANK_MASK]
            best = min(best, bad)
    return best


def _five_badness(five: Sequence[int], method: LowMethod) -> int:
    suits = {i & 3 for i in five}
    return _badness([method.low_rank(i) for i in five], len(suits) == 1, method)


def low_key(ids: Sequence[int], method: LowMethod, qualifier: int | None = None) -> int:
    """The low key of card ids (no validation): larger is a better low, 0 is no low.

    ``ids`` are distinct card ids, five or more; jokers (ids 55+) play by the
    default ``'lowest-absent'`` rule.

    >>> low_key([12, 8, 4, 0, 51], ACE_TO_FIVE) > low_key([16, 8, 4, 0, 51], ACE_TO_FIVE)
    True
    """
    if len(ids) in _FAST_SIZES and max(ids) < SPECIAL_BASE:
        return _key(_fast_badness(ids, method), qualifier)
    return _key(_best(ids, method, "lowest-absent")[0], qualifier)


def python_ace_to_five_key(ids: Sequence[int], qualifier: int | None = None) -> int:
    """Ace-to-five key of card ids (5 or more, distinct); larger is better.

    :func:`ace_to_five_key` is this function, or its compiled twin when the
    install built one (:mod:`straights.rankings.compiled`); likewise the other two.

    >>> from straights.cards import parse_cards
    >>> wheel = [c.id for c in parse_cards('5h 4h 3h 2h Ah Kc Kd')]
    >>> six = [c.id for c in parse_cards('6h 4h 3h 2h Ah')]
    >>> python_ace_to_five_key(wheel) > python_ace_to_five_key(six)
    True
    """
    return low_key(ids, ACE_TO_FIVE, qualifier)


def python_deuce_to_seven_key(ids: Sequence[int], qualifier: int | None = None) -> int:
    """Deuce-to-seven key of card ids (5 or more, distinct); larger is better."""
    return low_key(ids, DEUCE_TO_SEVEN, qualifier)


def python_ace_to_six_key(ids: Sequence[int], qualifier: int | None = None) -> int:
    """Ace-to-six key of card ids (5 or more, distinct); larger is better."""
    return low_key(ids, ACE_TO_SIX, qualifier)


LowKey = Callable[..., int]
#: The three low keys of card ids: the Python functions above, compiled when built.
ace_to_five_key: LowKey = python_ace_to_five_key
deuce_to_seven_key: LowKey = python_deuce_to_seven_key
ace_to_six_key: LowKey = python_ace_to_six_key
if speedups is not None:
    speedups.fall_back_to(
        ace_to_five_key=python_ace_to_five_key,
        deuce_to_seven_key=python_deuce_to_seven_key,
        ace_to_six_key=python_ace_to_six_key,
    )
    ace_to_five_key = speedups.ace_to_five_key
    deuce_to_seven_key = speedups.deuce_to_seven_key
    ace_to_six_key = speedups.ace_to_six_key


# ---------------------------------------------------------------------------
# Readable path: every five of the cards, jokers tried as every allowed rank.


@dataclass(frozen=True)
class _Choice:
    badness: int
    five: tuple[int, ...]  # the natural ids that play
    wild: tuple[tuple[int, int], ...]  # (joker id, rank value it plays as)
    suited: bool


def _joker_ranks(
    naturals: list[int], jokers: int, method: LowMethod, mode: str
) -> Iterable[tuple[int, ...]]:
    """The rank values the jokers may take together (the best is chosen later).

    Under ``'must-pair'`` each joker copies a rank the natural cards show, so
    two jokers never pair each other as a rank none of them shows; five jokers
    alone copy one another (five of a kind).
    """
    if mode != "must-pair":
        return combinations_with_replacement(method.ranks, jokers)
    if not naturals:
        return ((r,) * jokers for r in method.ranks)
    return combinations_with_replacement([r for r in method.ranks if r in naturals], jokers)


def _best(ids: Sequence[int], method: LowMethod, mode: str) -> tuple[int, _Choice]:
    best: _Choice | None = None
    for five in combinations(ids, 5):
        naturals = [i for i in five if i < SPECIAL_BASE]
        jokers = [i for i in five if i >= JOKER_BASE]
        nat_ranks = [method.low_rank(i) for i in naturals]
        # Jokers always pick a suit that avoids a flush.
        suited = not jokers and len({i & 3 for i in naturals}) == 1
        if not jokers:
            choice = _Choice(_badness(nat_ranks, suited, method), five, (), suited)
        else:
            choice = min(
                (
                    _Choice(
                        _badness(nat_ranks + list(ranks), False, method),
                        tuple(naturals),
                        tuple(zip(jokers, ranks, strict=True)),
                        False,
                    )
                    for ranks in _joker_ranks(nat_ranks, len(jokers), method, mode)
                ),
                key=lambda c: c.badness,
            )
        if best is None or choice.badness < best.badness:
            best = choice
    assert best is not None
    return best.badness, best


def high_name(top: int) -> str:
    """Category of a no-pair low by its top card: ``'8-high'``, ``'king-high'``."""
    return f"{top}-high" if top <= 10 else f"{RANK_WORDS[top]}-high"


def _best_natural(ids: Sequence[int], method: LowMethod) -> tuple[int, _Choice]:
    """The fast path's badness, then the first five cards that make it."""
    badness = _fast_badness(ids, method)
    for five in combinations(ids, 5):
        if _fast_badness(five, method) == badness:
            suited = len({i & 3 for i in five}) == 1
            return badness, _Choice(badness, five, (), suited)
    raise AssertionError("no five cards make the best low")  # pragma: no cover


def _phrase_ranks(badness: int) -> list[int]:
    out = []
    for shift in (16, 12, 8, 4, 0):
        r = badness >> shift & 15
        if r:
            out.append(r)
    return out


def _describe(badness: int, method: LowMethod, shown: list[int]) -> tuple[str, str]:
    """(category, phrase) for a five-card badness; ``shown`` lists all five ranks."""
    cat = badness >> _CAT_SHIFT
    order = _phrase_ranks(badness)
    cards = "-".join(RANK_SHOWN[r] for r in shown)
    top = order[0]
    if cat == _NO_PAIR:
        category = high_name(top)
        if method.ace_low and shown == [5, 4, 3, 2, 1]:
            return category, f"Wheel, five low ({cards})"
        name = f"{RANK_WORDS[top]}-{RANK_WORDS[order[1]]}".capitalize()
        return category, f"{name} low ({cards})"
    category = _CATEGORY_NAMES[cat]
    word, plural = RANK_WORDS[top], RANK_PLURALS[top]
    second = RANK_PLURALS[order[1]] if len(order) > 1 else ""
    text = {
        _PAIR: f"Pair of {plural}",
        _TWO_PAIR: f"Two pair, {plural} and {second}",
        _TRIPS: f"Three {plural}",
        _STRAIGHT: f"Straight, {word} high",
        _FLUSH: f"Flush, {word} high",
        _FULL: f"Full house, {plural} full of {second}",
        _QUADS: f"Four {plural}",
        _SFLUSH: f"Straight flush, {word} high",
        _FIVE: f"Five {plural}",
    }[cat]
    return category, f"{text} ({cards})"


def _shown_order(ranks: list[int]) -> list[int]:
    """Ranks for display: groups first (largest count), then highest first."""
    counts = {r: ranks.count(r) for r in ranks}
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def _joker_card(rank: int, used: set[int], avoid_suit: int | None) -> Card:
    base = (14 if rank == 1 else rank) - 2
    suits = [s for s in range(4) if s != avoid_suit] + (
        [avoid_suit] if avoid_suit is not None else []
    )
    for s in suits:
        if base * 4 + s not in used:
            return Card(base * 4 + s)
    return Card(base * 4 + suits[0])


def _validate(cards: Sequence[Card], ranking: str) -> None:
    if len(cards) < 5:
        raise HandSizeError(
            f"a {ranking} hand needs at least 5 cards (the best five play), not {len(cards)}"
        )
    check_unique(cards, "in the hand")
    for card in cards:
        if card.is_special:
            raise PackError(
                f"{card.ascii()} is a Straights special card: {ranking} uses the 52-card pack "
                "plus jokers"
            )


def evaluate_low(
    cards: Sequence[Card],
    method: LowMethod,
    *,
    joker: str = "lowest-absent",
    qualifier: int | None = None,
) -> HandValue:
    """Evaluate validated cards under a low method; see the module docstring.

    >>> from straights.cards import parse_cards
    >>> evaluate_low(parse_cards('6h 4s 3c 2d Ac'), ACE_TO_SIX).phrase
    'Six-four low (6-4-3-2-A)'
    """
    _validate(cards, method.name)
    if joker not in JOKER_MODES:
        raise RankingError(f"joker={joker!r} is not allowed: choose one of {JOKER_MODES}")
    if qualifier not in QUALIFIERS:
        raise RankingError(f"qualifier={qualifier!r} is not allowed: choose one of {QUALIFIERS}")
    ids = [c.id for c in cards]
    if len(ids) in _FAST_SIZES and max(ids) < SPECIAL_BASE:
        badness, choice = _best_natural(ids, method)
    else:
        badness, choice = _best(ids, method, joker)
    used = set(ids)
    avoid = (choice.five[0] & 3) if method.counts_straights and choice.five else None
    wild = []
    for joker_id, rank in choice.wild:
        became = _joker_card(rank, used, avoid)
        used.add(became.id)
        wild.append((Card(joker_id), became))
    ranks = [method.low_rank(i) for i in choice.five] + [r for _, r in choice.wild]
    category, phrase = _describe(badness, method, _shown_order(ranks))
    if wild:
        phrase += " (" + ", ".join(f"joker as {c}" for _, c in wild) + ")"
    key = _key(badness, qualifier)
    if key == NO_LOW:
        category = "no low"
        phrase = f"No low: {phrase[0].lower()}{phrase[1:]} does not qualify (eight or better)"
    nat = [method.low_rank(i) for i in choice.five]
    playing = tuple(
        Card(i)
        for _, i in sorted(((nat.count(r), r), i) for r, i in zip(nat, choice.five, strict=True))[
            ::-1
        ]
    )
    playing += tuple(j for j, _ in wild)
    options = (("joker", joker), ("qualifier", qualifier))
    return HandValue(
        ranking=method.name,
        options=options,
        key=(key,),
        category=category,
        cards=playing,
        phrase=phrase,
        wild=tuple(wild),
        source=tuple(cards),
    )


def _categories(method: LowMethod) -> tuple[str, ...]:
    """Category names from worst to best (the order of :class:`Ranking`)."""
    made = [_FIVE, _SFLUSH, _QUADS, _FULL, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR]
    if not method.counts_straights:
        made = [c for c in made if c not in (_SFLUSH, _FLUSH, _STRAIGHT)]
    best_top = {ACE_TO_FIVE.name: 5, DEUCE_TO_SEVEN.name: 7, ACE_TO_SIX.name: 6}[method.name]
    worst_top = 13 if method.ace_low else 14
    high = [high_name(t) for t in range(worst_top, best_top - 1, -1)]
    return ("no low", *(_CATEGORY_NAMES[c] for c in made), *high)


def _category(badness: int, qualifier: int | None) -> str:
    if not _qualifies(badness, qualifier):
        return "no low"
    cat = badness >> _CAT_SHIFT
    return high_name(badness >> 16 & 15) if cat == _NO_PAIR else _CATEGORY_NAMES[cat]


def count_low(
    method: LowMethod,
    n_cards: int,
    deck: Sequence[Card],
    options: Mapping[str, Any],
    progress: Progress | None = None,
) -> tuple[dict[str, int], int]:
    """Every ``n_cards``-card hand of ``deck`` by category, and the distinct values.

    On the 52-card pack with 5 to 7 cards this counts rank multisets (weighted
    by their suit choices) through the fast tables, then re-evaluates only the
    hands holding five or more cards of one suit where flushes count; any other
    deck (jokers, stripped) is walked hand by hand.

    >>> counts, distinct = count_low(ACE_TO_FIVE, 5, [Card(i) for i in range(52)], {})
    >>> counts['5-high'], distinct
    (1024, 6175)
    """
    joker = options.get("joker", "lowest-absent")
    qualifier = options.get("qualifier")
    ids = sorted(c.id for c in deck)
    if ids != list(range(SPECIAL_BASE)) or n_cards not in _FAST_SIZES:

        def one(hand: Sequence[Card], **options: Any) -> HandValue:
            return evaluate_low(hand, method, **options)

        return walk(one, deck, n_cards, {"joker": joker, "qualifier": qualifier}, progress)
    table = _table(method, n_cards)
    by_badness: dict[int, int] = {}
    for sig, bad in table.items():
        weight = 1
        for i in range(13):
            weight *= comb(4, sig >> 3 * i & 7)
        by_badness[bad] = by_badness.get(bad, 0) + weight
    flushable = 0
    if method.counts_straights:
        flushable = 4 * sum(comb(13, k) * comb(39, n_cards - k) for k in range(5, n_cards + 1))
    if progress is not None:
        progress(comb(52, n_cards) - flushable)
    if method.counts_straights:
        inc = _INC[method.name]
        done = 0
        for suit in range(4):
            suited = [r * 4 + suit for r in range(13)]
            others = [i for i in range(SPECIAL_BASE) if i & 3 != suit]
            for k in range(5, n_cards + 1):
                for same in combinations(suited, k):
                    for rest in combinations(others, n_cards - k):
                        hand = same + rest
                        sig = sum(inc[i] for i in hand) & _RANK_MASK
                        wrong, right = table[sig], _fast_badness(hand, method)
                        if wrong != right:
                            by_badness[wrong] -= 1
                            by_badness[right] = by_badness.get(right, 0) + 1
                        done += 1
                        if progress is not None and done == 8192:
                            progress(done)
                            done = 0
        if progress is not None and done:
            progress(done)
    counts: dict[str, int] = {}
    keys = set()
    for bad, n in by_badness.items():
        if n:
            name = _category(bad, qualifier)
            counts[name] = counts.get(name, 0) + n
            keys.add(_key(bad, qualifier))
    return counts, len(keys)


def _make_ranking(method: LowMethod, best: str) -> Ranking:
    def _evaluate(
        cards: tuple[Card, ...], joker: str = "lowest-absent", qualifier: int | None = None
    ) -> HandValue:
        return evaluate_low(cards, method, joker=joker, qualifier=qualifier)

    def _count(
        n_cards: int, deck: Sequence[Card], options: Mapping[str, Any], progress: Progress | None
    ) -> tuple[dict[str, int], int]:
        return count_low(method, n_cards, deck, options, progress)

    return Ranking(
        name=method.name,
        evaluate=_evaluate,
        description=f"{method.title}: best five of five or more cards; best hand {best}",
        categories=_categories(method),
        options={"joker": JOKER_MODES, "qualifier": QUALIFIERS},
        deck="standard",
        card_counts=(5, 6, 7),
        counter=_count,
    )


#: The rankings of this family, registered by :func:`~straights.rankings.base.get_ranking`.
RANKINGS: Final = (
    _make_ranking(ACE_TO_FIVE, "5-4-3-2-A"),
    _make_ranking(DEUCE_TO_SEVEN, "7-5-4-3-2 unsuited"),
    _make_ranking(ACE_TO_SIX, "6-4-3-2-A unsuited"),
)
