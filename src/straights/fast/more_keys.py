"""Batch keys for the rankings the natural look-ups leave out: every low method with
or without jokers (ace-to-six among them), high hands with wild cards or the bug,
and three-card hands.

Each key is the very integer of the readable ranking's :attr:`HandValue.key` (one
element) for a row of card ids, so rows order exactly as the readable rankings order
them (``tests/test_fast_more_keys.py`` proves it on random hands):

* low (:mod:`straights.rankings.low`): ``2**24 - badness`` of the best five, 0 for a
  hand that fails the qualifier; a joker plays every rank in turn (the best counts),
  never suited;
* high with wild cards (:mod:`straights.rankings.wild`): the packed value of the best
  five, every wild card trying every rank — fully wild: any rank, suited with the
  natural cards when they share a suit; the bug: an ace, or any rank that makes a
  straight, flush or straight flush;
* three-card (:mod:`straights.rankings.three_card`): the best three of the row.

:func:`batch_key` picks the kernel for a :class:`~straights.poker.variant.HandRule`.

>>> import numpy as np
>>> from straights.cards import parse_cards
>>> from straights.poker.variant import HandRule
>>> london = batch_key(HandRule("ace-to-six"), 5)
>>> rows = np.array([[c.id for c in parse_cards(h)] for h in ("6h 4s 3c 2d Ac", "5h 4s 3c 2d Ac")])
>>> bool(london(rows)[0] > london(rows)[1])   # the straight A-2-3-4-5 counts against you
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["batch_key", "high_wild_keys", "low_keys", "three_card_keys"]

Ids = npt.NDArray[np.int64]
Key = Callable[[Ids], Ids]

_JOKER: Final = 55  # straights.cards.JOKER_BASE: ids from here on are jokers
_LOW_BASE: Final = 1 << 24
_THREE_BASE: Final = 1 << 16
# Categories of the packed high value (standard order, five of a kind on top).
_PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SFLUSH, _FIVE = range(1, 10)
# Low badness categories (straights.rankings.low).
_L_STRAIGHT, _L_FLUSH, _L_SFLUSH = 4, 5, 8
_LOW_METHODS: Final = {  # ace low, straights and flushes count
    "ace-to-five": (True, False),
    "deuce-to-seven": (False, True),
    "ace-to-six": (True, True),
}
_THREE_METHODS: Final = {  # low, ace low, straights count, A-2-3 a straight though ace high
    "ace-to-three": (True, True, False, False),
    "deuce-to-five": (True, False, True, False),
    "ace-to-four": (True, True, True, False),
}


@njit(cache=True)
def _groups(ranks: Ids, order: Ids) -> tuple[int, int, int]:
    """Fill ``order`` with the distinct ranks of ``ranks`` by (count, rank) descending;
    returns how many, the largest count and the second largest."""
    counts = np.zeros(15, dtype=np.int64)
    for r in ranks:
        counts[r] += 1
    n = 0
    first = second = 0
    for c in range(5, 0, -1):
        for r in range(14, 0, -1):
            if counts[r] == c:
                order[n] = r
                n += 1
                if first == 0:
                    first = c
                elif second == 0:
                    second = c
    return n, first, second


@njit(cache=True)
def _pack(cat: int, order: Ids, n: int) -> int:
    value = cat
    for i in range(n):
        value = value << 4 | order[i]
    return value << 4 * (5 - n)


@njit(cache=True)
def _low_badness(ranks: Ids, suited: bool, straights: bool) -> int:
    """``straights.rankings.low._badness`` of five rank values (smaller is better)."""
    order = np.zeros(5, dtype=np.int64)
    n, first, _ = _groups(ranks, order)
    if n == 5:
        cat = 0
        if straights:
            if order[0] - order[4] == 4:
                cat = _L_SFLUSH if suited else _L_STRAIGHT
            elif suited:
                cat = _L_FLUSH
    elif n == 4:
        cat = 1
    elif n == 3:
        cat = 3 if first == 3 else 2
    elif n == 2:
        cat = 7 if first == 4 else 6
    else:
        cat = 9
    return _pack(cat, order, n)


@njit(cache=True)
def _next_multiset(idx: Ids, top: int) -> bool:
    """Step ``idx`` (non-decreasing values in 0..top) to the next multiset; False at the end."""
    j = len(idx) - 1
    while j >= 0 and idx[j] == top:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for q in range(j + 1, len(idx)):
        idx[q] = idx[j]
    return True


@njit(cache=True)
def _low_rows(rows: Ids, fives: Ids, ace_low: bool, straights: bool, qualifier: int) -> Ids:
    n = rows.shape[0]
    out = np.zeros(n, dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    lowest = 1 if ace_low else 2
    for i in range(n):
        best = _LOW_BASE
        for f in range(fives.shape[0]):
            k = 0
            jokers = 0
            suits = 0
            for j in range(5):
                c = rows[i, fives[f, j]]
                if c >= _JOKER:
                    jokers += 1
                else:
                    r = (c >> 2) + 2
                    ranks[k] = 1 if r == 14 and ace_low else r
                    suits |= 1 << (c & 3)
                    k += 1
            if jokers == 0:
                bad = _low_badness(ranks, suits & (suits - 1) == 0, straights)
            else:  # every rank for every joker, never suited
                bad = _LOW_BASE
                idx = np.zeros(jokers, dtype=np.int64)
                while True:
                    for q in range(jokers):
                        ranks[k + q] = lowest + idx[q]
                    bad = min(bad, _low_badness(ranks, False, straights))
                    if not _next_multiset(idx, 12):
                        break
            best = min(best, bad)
        if qualifier == 0 or best < (qualifier + 1) << 16:
            out[i] = _LOW_BASE - best
    return out


@njit(cache=True)
def _bits(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _high_value(ranks: Ids, flush: bool) -> int:
    """``straights.rankings.high.natural_value`` of five ranks 2..14 (standard order;
    ``flush`` only with five different ranks)."""
    order = np.zeros(5, dtype=np.int64)
    n, first, second = _groups(ranks, order)
    if n == 5:
        strength = -1
        if order[0] - order[4] == 4:
            strength = order[0] - 5
        elif order[0] == 14 and order[1] == 5:
            strength = 0  # the wheel
        if strength >= 0:
            return ((_SFLUSH if flush else _STRAIGHT) << 4 | strength) << 16
        return _pack(_FLUSH if flush else 0, order, 5)
    if first == 5:
        cat = _FIVE
    elif first == 4:
        cat = _QUADS
    elif first == 3:
        cat = _FULL if second >= 2 else _TRIPS
    else:
        cat = _TWO_PAIR if second == 2 else _PAIR
    return _pack(cat, order, n)


@njit(cache=True)
def _high_rows(rows: Ids, fives: Ids, wild_rank: int, bug: bool) -> Ids:
    n = rows.shape[0]
    out = np.zeros(n, dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    for i in range(n):
        best = -1
        for f in range(fives.shape[0]):
            k = 0
            wilds = 0
            suits = 0
            for j in range(5):
                c = rows[i, fives[f, j]]
                r = (c >> 2) + 2
                if c >= _JOKER or r == wild_rank:
                    wilds += 1
                else:
                    ranks[k] = r
                    suits |= 1 << (c & 3)
                    k += 1
            one_suit = suits & (suits - 1) == 0
            if wilds == 0:
                best = max(best, _high_value(ranks, one_suit))
                continue
            idx = np.zeros(wilds, dtype=np.int64)
            while True:
                aces = True
                for q in range(wilds):
                    ranks[k + q] = 2 + idx[q]
                    aces = aces and idx[q] == 12
                seen = 0
                for q in range(5):
                    seen |= 1 << ranks[q]
                distinct = _bits(seen) == 5
                value = _high_value(ranks, one_suit and distinct)
                cat = value >> 20
                if not bug or aces or cat in (_STRAIGHT, _FLUSH, _SFLUSH):
                    best = max(best, value)
                if not _next_multiset(idx, 12):
                    break
        out[i] = best
    return out


@njit(cache=True)
def _three_rows(
    rows: Ids,
    threes: Ids,
    low: bool,
    ace_low: bool,
    straights: bool,
    wheel: bool,
    qualifier: int,
) -> Ids:
    n = rows.shape[0]
    out = np.zeros(n, dtype=np.int64)
    for i in range(n):
        best = -1
        for t in range(threes.shape[0]):
            x, y, z = rows[i, threes[t, 0]], rows[i, threes[t, 1]], rows[i, threes[t, 2]]
            ra, rb, rc = (x >> 2) + 2, (y >> 2) + 2, (z >> 2) + 2
            if ace_low:
                ra = 1 if ra == 14 else ra
                rb = 1 if rb == 14 else rb
                rc = 1 if rc == 14 else rc
            # a >= b >= c
            a, b, c = max(ra, rb, rc), 0, min(ra, rb, rc)
            b = ra + rb + rc - a - c
            cat = 0
            if a == c:
                cat = 4
            elif a == b or b == c:
                cat = 1
                if b == c:
                    a, c = b, a
            elif straights:
                straight = a - c == 2
                if wheel and a == 14 and b == 3 and c == 2:
                    straight = True
                    a, b, c = 3, 2, 14
                flush = (x & 3) == (y & 3) == (z & 3)
                if straight:
                    cat = 5 if flush else 3
                elif flush:
                    cat = 2
            value = cat << 12 | a << 8 | b << 4 | c
            if low:
                value = _THREE_BASE - value if qualifier == 0 or value < (qualifier + 1) << 8 else 0
            best = max(best, value)
        out[i] = best
    return out


@cache
def _choices(size: int, k: int) -> Ids:
    return np.array(list(combinations(range(size), k)), dtype=np.int64).reshape(-1, k)


def low_keys(rows: Ids, ranking: str, qualifier: int | None = None) -> Ids:
    """Low keys of ``rows`` (one hand of five or more card ids each, jokers allowed)
    under ``ranking`` (``ace-to-five``, ``deuce-to-seven``, ``ace-to-six``)."""
    ace_low, straights = _LOW_METHODS[ranking]
    fives = _choices(rows.shape[1], 5)
    return _low_rows(rows.astype(np.int64), fives, ace_low, straights, qualifier or 0)


def high_wild_keys(rows: Ids, wild_rank: int | None = None, bug: bool = False) -> Ids:
    """Standard high values of ``rows`` (five or more card ids each), jokers and cards of
    ``wild_rank`` wild (``bug``: each an ace unless it makes a straight or flush)."""
    fives = _choices(rows.shape[1], 5)
    return _high_rows(rows.astype(np.int64), fives, wild_rank or 0, bug)


def three_card_keys(rows: Ids, ranking: str, options: dict[str, Any]) -> Ids:
    """Keys of the best three cards of ``rows`` (three or more natural card ids each)."""
    if ranking == "three-card":
        low, ace_low, wheel = False, False, bool(options.get("straights"))
        straights = wheel
    else:
        low, ace_low, straights, wheel = _THREE_METHODS[ranking]
    threes = _choices(rows.shape[1], 3)
    q = options.get("qualifier") or 0
    return _three_rows(rows.astype(np.int64), threes, low, ace_low, straights, wheel, q)


@cache
def _key_for(ranking: str, options: tuple[tuple[str, Any], ...], size: int) -> Key | None:
    opts = dict(options)
    if ranking in _LOW_METHODS and size >= 5:
        if set(opts) - {"qualifier", "joker"} or opts.get("joker") not in (None, "lowest-absent"):
            return None
        q = opts.get("qualifier")
        return lambda rows: low_keys(rows, ranking, q)
    if ranking == "high" and size >= 5 and set(opts) <= {"wild", "wild_rank"}:
        bug = opts.get("wild", "fully") == "bug"
        wild_rank = opts.get("wild_rank")
        return lambda rows: high_wild_keys(rows, wild_rank, bug)
    three = ranking == "three-card" or ranking in _THREE_METHODS
    if three and size >= 3 and set(opts) <= {"straights", "qualifier"}:
        return lambda rows: three_card_keys(rows, ranking, opts)
    return None


def batch_key(rule: Any, size: int) -> Key | None:
    """A batch key of ``size``-card rows (jokers allowed) under ``rule`` (a
    :class:`~straights.poker.variant.HandRule` whose cards play anywhere), if this
    module has one: rows of card ids in, one int64 key per row out (larger is better,
    0 is no hand)."""
    return _key_for(rule.ranking, tuple(sorted(rule.options)), size)
