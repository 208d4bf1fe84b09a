"""Exhaustive enumeration kernels: every 7-card hand, counted by class.

The loops nest one level per card and carry the partial rank-key sum, suit
counts and suit masks down, so each hand costs two table look-ups.  The outer
loop is a ``prange`` over the first card; a caller may also hand out ranges of
first cards to an executor (:mod:`straights.frequencies` does).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from straights.fast.kernels import (
    EIGHT_ORDER,
    OCC_BITS,
    RUN_LENGTH,
    SPECIAL_BIT,
    SUIT_POS,
)
from straights.fast.lookup import RANK_KEYS, SUIT_KEYS

__all__ = [
    "STR8_ROW",
    "high7_counts",
    "low7_counts",
    "straights7_counts",
    "straights_category",
    "straights_category_rows",
]

Counts = npt.NDArray[np.int64]

# Straights categories counted by :func:`straights7_counts`, one row per length 0..14:
# column 0 mixed straight (or no straight at length 0), column 1 straight flush.
STR8_ROW = 15  # row holding S-T-R-8 hands (column 0)


@njit(cache=True)
def _suit_masks(c: int) -> int:
    return 1 << (16 * (c & 3) + (c >> 2))


@njit(cache=True)
def _high7_first(
    a: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    out: Counts,
) -> None:
    ka, sa, ma = RANK_KEYS[a >> 2], SUIT_KEYS[a & 3], _suit_masks(a)
    for b in range(a + 1, 52):
        kb, sb, mb = ka + RANK_KEYS[b >> 2], sa + SUIT_KEYS[b & 3], ma | _suit_masks(b)
        for c in range(b + 1, 52):
            kc, sc, mc = kb + RANK_KEYS[c >> 2], sb + SUIT_KEYS[c & 3], mb | _suit_masks(c)
            for d in range(c + 1, 52):
                kd, sd, md = kc + RANK_KEYS[d >> 2], sc + SUIT_KEYS[d & 3], mc | _suit_masks(d)
                for e in range(d + 1, 52):
                    ke = kd + RANK_KEYS[e >> 2]
                    se = sd + SUIT_KEYS[e & 3]
                    me = md | _suit_masks(e)
                    for f in range(e + 1, 52):
                        kf = ke + RANK_KEYS[f >> 2]
                        sf = se + SUIT_KEYS[f & 3]
                        mf = me | _suit_masks(f)
                        for g in range(f + 1, 52):
                            s = fsuit[sf + SUIT_KEYS[g & 3]]
                            if s >= 0:
                                m = (mf | _suit_masks(g)) >> (16 * s) & 0x1FFF
                                out[flush[m]] += 1
                            else:
                                out[rank7[kf + RANK_KEYS[g >> 2]]] += 1


@njit(cache=True, parallel=True)
def high7_counts(
    firsts: npt.NDArray[np.int64],
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    classes: int,
) -> Counts:
    """Counts by class of every 7-card hand whose lowest card id is in ``firsts``."""
    rows = np.zeros((len(firsts), classes + 1), dtype=np.int64)
    for i in prange(len(firsts)):
        _high7_first(firsts[i], rank7, flush, fsuit, rows[i])
    out: Counts = rows.sum(axis=0)
    return out


@njit(cache=True)
def _low7_first(a: int, rank7: npt.NDArray[np.uint16], out: Counts) -> None:
    ka = RANK_KEYS[a >> 2]
    for b in range(a + 1, 52):
        kb = ka + RANK_KEYS[b >> 2]
        for c in range(b + 1, 52):
            kc = kb + RANK_KEYS[c >> 2]
            for d in range(c + 1, 52):
                kd = kc + RANK_KEYS[d >> 2]
                for e in range(d + 1, 52):
                    ke = kd + RANK_KEYS[e >> 2]
                    for f in range(e + 1, 52):
                        kf = ke + RANK_KEYS[f >> 2]
                        for g in range(f + 1, 52):
                            out[rank7[kf + RANK_KEYS[g >> 2]]] += 1


@njit(cache=True, parallel=True)
def low7_counts(
    firsts: npt.NDArray[np.int64], rank7: npt.NDArray[np.uint16], classes: int
) -> Counts:
    """Ace-to-five counts by class of every 7-card hand whose lowest id is in ``firsts``."""
    rows = np.zeros((len(firsts), classes + 1), dtype=np.int64)
    for i in prange(len(firsts)):
        _low7_first(firsts[i], rank7, rows[i])
    out: Counts = rows.sum(axis=0)
    return out


@njit(cache=True)
def straights_category(occ: int, suits: int, specials: int, eights: int) -> tuple[int, int]:
    """(row, column) of a 7-card set in the :func:`straights7_counts` table."""
    if specials == 7 and eights:
        return STR8_ROW, 0
    length = RUN_LENGTH[occ]
    if length < 2:
        return 0, 0
    for suit in range(4):
        if RUN_LENGTH[(suits >> (16 * suit)) & 0x7FFF] == length:
            return length, 1
    return length, 0


@njit(cache=True)
def _straights7_first(a: int, n: int, out: Counts) -> None:
    oa, sa, xa, ea = OCC_BITS[a], SUIT_POS[a], SPECIAL_BIT[a], EIGHT_ORDER[a]
    for b in range(a + 1, n):
        ob, sb, xb, eb = (
            oa | OCC_BITS[b],
            sa | SUIT_POS[b],
            xa | SPECIAL_BIT[b],
            ea | EIGHT_ORDER[b],
        )
        for c in range(b + 1, n):
            oc, sc = ob | OCC_BITS[c], sb | SUIT_POS[c]
            xc, ec = xb | SPECIAL_BIT[c], eb | EIGHT_ORDER[c]
            for d in range(c + 1, n):
                od, sd = oc | OCC_BITS[d], sc | SUIT_POS[d]
                xd, ed = xc | SPECIAL_BIT[d], ec | EIGHT_ORDER[d]
                for e in range(d + 1, n):
                    oe, se = od | OCC_BITS[e], sd | SUIT_POS[e]
                    xe, ee = xd | SPECIAL_BIT[e], ed | EIGHT_ORDER[e]
                    for f in range(e + 1, n):
                        of, sf = oe | OCC_BITS[f], se | SUIT_POS[f]
                        xf, ef = xe | SPECIAL_BIT[f], ee | EIGHT_ORDER[f]
                        for g in range(f + 1, n):
                            row, col = straights_category(
                                of | OCC_BITS[g],
                                sf | SUIT_POS[g],
                                xf | SPECIAL_BIT[g],
                                ef | EIGHT_ORDER[g],
                            )
                            out[row, col] += 1


@njit(cache=True, parallel=True)
def straights7_counts(firsts: npt.NDArray[np.int64], pack: int) -> Counts:
    """Straights categories of every 7-card set of the pack whose lowest id is in ``firsts``.

    Row = length of the best straight (0 = none), column 1 = straight flush;
    row :data:`STR8_ROW` = S-T-R-8.  Only the seven cards matter here, not which
    two are hole cards.
    """
    rows = np.zeros((len(firsts), STR8_ROW + 1, 2), dtype=np.int64)
    for i in prange(len(firsts)):
        _straights7_first(firsts[i], pack, rows[i])
    out: Counts = rows.sum(axis=0)
    return out


@njit(cache=True)
def straights_category_rows(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """:func:`straights_category` of each 7-card row, as ``row * 2 + column`` (for tests)."""
    out = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        occ = suits = specials = eights = 0
        for j in range(7):
            c = int(cards[i, j])
            occ |= OCC_BITS[c]
            suits |= SUIT_POS[c]
            specials |= SPECIAL_BIT[c]
            eights |= EIGHT_ORDER[c]
        row, col = straights_category(occ, suits, specials, eights)
        out[i] = row * 2 + col
    return out
