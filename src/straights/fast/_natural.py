"""Natural keys of rank multisets, used only to build the lookup tables.

A natural key packs a category and up to five ranks, most significant first:
``category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4``.  For high
hands ranks are 0 (deuce) … 12 (ace) and larger keys are better; for
ace-to-five lows ranks are low values 1 (ace) … 13 (king) and larger keys are
*worse* ("badness").
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

_WHEEL = 0b1000000001111  # A 5 4 3 2 as a rank mask


@njit(cache=True)
def _pack(cat: int, r: npt.NDArray[np.int64], n: int) -> int:
    key = cat << 20
    for i in range(n):
        key |= r[i] << (16 - 4 * i)
    return key


@njit(cache=True)
def _straight_top(mask: int, wheel: bool) -> int:
    for top in range(12, 3, -1):
        if (mask >> (top - 4)) & 31 == 31:
            return top
    if wheel and mask & _WHEEL == _WHEEL:
        return 3
    return -1


@njit(cache=True)
def _nonflush(c: npt.NDArray[np.int8], wheel: bool) -> int:
    """Best 5-card high hand of a rank multiset of 5 to 7 cards, ignoring suits."""
    r = np.zeros(5, dtype=np.int64)
    mask = 0
    for i in range(13):
        if c[i]:
            mask |= 1 << i
    for q in range(12, -1, -1):
        if c[q] == 4:
            r[0] = q
            for k in range(12, -1, -1):
                if k != q and c[k]:
                    r[1] = k
                    break
            return _pack(7, r, 2)
    trips = -1
    for t in range(12, -1, -1):
        if c[t] >= 3:
            trips = t
            break
    if trips >= 0:
        for p in range(12, -1, -1):
            if p != trips and c[p] >= 2:
                r[0] = trips
                r[1] = p
                return _pack(6, r, 2)
    top = _straight_top(mask, wheel)
    if top >= 0:
        r[0] = top
        return _pack(4, r, 1)
    if trips >= 0:
        r[0] = trips
        n = 1
        for k in range(12, -1, -1):
            if k != trips and c[k] and n < 3:
                r[n] = k
                n += 1
        return _pack(3, r, 3)
    pairs = 0
    for p in range(12, -1, -1):
        if c[p] >= 2 and pairs < 2:
            r[pairs] = p
            pairs += 1
    if pairs == 2:
        for k in range(12, -1, -1):
            if k != r[0] and k != r[1] and c[k]:
                r[2] = k
                break
        return _pack(2, r, 3)
    if pairs == 1:
        n = 1
        for k in range(12, -1, -1):
            if k != r[0] and c[k] and n < 4:
                r[n] = k
                n += 1
        return _pack(1, r, 4)
    n = 0
    for k in range(12, -1, -1):
        if c[k] and n < 5:
            r[n] = k
            n += 1
    return _pack(0, r, 5)


@njit(cache=True)
def _flush(mask: int, wheel: bool) -> int:
    """Best hand of one suit's ranks (5 to 7 of them): straight flush or flush."""
    r = np.zeros(5, dtype=np.int64)
    top = _straight_top(mask, wheel)
    if top >= 0:
        r[0] = top
        return _pack(8, r, 1)
    n = 0
    for k in range(12, -1, -1):
        if mask >> k & 1 and n < 5:
            r[n] = k
            n += 1
    return _pack(5, r, 5)


@njit(cache=True)
def _ace_five(c: npt.NDArray[np.int8]) -> int:
    """Badness of the best ace-to-five low in a 7-card rank multiset (larger is worse)."""
    lc = np.zeros(14, dtype=np.int64)  # by low value 1 (ace) … 13 (king)
    for i in range(13):
        lc[1 if i == 12 else i + 2] = c[i]
    distinct = 0
    for v in range(1, 14):
        if lc[v]:
            distinct += 1
    r = np.zeros(5, dtype=np.int64)
    if distinct >= 5:
        # the five lowest distinct values, listed from the highest down
        taken = 0
        for v in range(1, 14):
            if lc[v] and taken < 5:
                r[4 - taken] = v
                taken += 1
        return _pack(0, r, 5)
    if distinct == 4:  # one pair: the lowest value that pairs; kickers high to low
        p = 0
        for v in range(1, 14):
            if lc[v] >= 2:
                p = v
                break
        r[0] = p
        n = 1
        for v in range(13, 0, -1):
            if lc[v] and v != p:
                r[n] = v
                n += 1
        return _pack(1, r, 4)
    if distinct == 3:  # two pair: the two lowest pairing values; the third as kicker
        lo = hi = 0
        for v in range(1, 14):
            if lc[v] >= 2:
                if lo == 0:
                    lo = v
                elif hi == 0:
                    hi = v
        r[0] = hi
        r[1] = lo
        for v in range(1, 14):
            if lc[v] and v != lo and v != hi:
                r[2] = v
        return _pack(2, r, 3)
    # two values, four and three of them: full house, the lower value as the trips
    t = 0
    for v in range(1, 14):
        if lc[v] >= 3:
            t = v
            break
    r[0] = t
    for v in range(1, 14):
        if lc[v] and v != t:
            r[1] = v
    return _pack(4, r, 2)


@njit(cache=True)
def _worst_five(c: npt.NDArray[np.int8], wheel: bool) -> int:
    """The lowest natural key among the 5-card sub-multisets of a 7-card rank multiset
    (suits ignored): deuce-to-seven's best low when no flush is possible."""
    ranks = np.empty(7, dtype=np.int64)
    n = 0
    for r in range(13):
        for _ in range(c[r]):
            ranks[n] = r
            n += 1
    sub = np.zeros(13, dtype=np.int8)
    worst = 1 << 40
    for skip1 in range(7):
        for skip2 in range(skip1 + 1, 7):
            sub[:] = 0
            for j in range(7):
                if j != skip1 and j != skip2:
                    sub[ranks[j]] += 1
            worst = min(worst, _nonflush(sub, wheel))
    return worst


@njit(cache=True)
def _worst_five_many_jit(counts: npt.NDArray[np.int8], wheel: bool) -> npt.NDArray[np.int64]:
    out = np.empty(counts.shape[0], dtype=np.int64)
    for i in range(counts.shape[0]):
        out[i] = _worst_five(counts[i], wheel)
    return out


@njit(cache=True)
def _nonflush_many_jit(counts: npt.NDArray[np.int8], wheel: bool) -> npt.NDArray[np.int64]:
    out = np.empty(counts.shape[0], dtype=np.int64)
    for i in range(counts.shape[0]):
        out[i] = _nonflush(counts[i], wheel)
    return out


@njit(cache=True)
def _flush_many_jit(masks: npt.NDArray[np.int32], wheel: bool) -> npt.NDArray[np.int64]:
    out = np.empty(masks.shape[0], dtype=np.int64)
    for i in range(masks.shape[0]):
        out[i] = _flush(masks[i], wheel)
    return out


@njit(cache=True)
def _ace_five_many_jit(counts: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    out = np.empty(counts.shape[0], dtype=np.int64)
    for i in range(counts.shape[0]):
        out[i] = _ace_five(counts[i])
    return out


def nonflush_many(counts: npt.NDArray[np.int8], wheel: bool) -> npt.NDArray[np.int64]:
    """Natural high keys of count rows (5 to 7 cards), suits ignored."""
    return _nonflush_many_jit(counts, wheel)


def worst_five_many(counts: npt.NDArray[np.int8], wheel: bool) -> npt.NDArray[np.int64]:
    """Lowest natural high key over the 5-card subsets of 7-card count rows."""
    return _worst_five_many_jit(counts, wheel)


def flush_many(masks: npt.NDArray[np.int32], wheel: bool) -> npt.NDArray[np.int64]:
    """Natural keys of flush-suit rank masks (5 to 7 bits)."""
    return _flush_many_jit(masks, wheel)


def ace_five_many(counts: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """Ace-to-five badness of 7-card count rows."""
    return _ace_five_many_jit(counts)
