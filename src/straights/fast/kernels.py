"""The Numba kernels.  Each row of the input is one hand of card ids.

Kernels never raise: a row with an id out of range or a repeated card gets the
key ``-1`` (``0`` for unsigned outputs is a legal-looking value, so keys are
signed).  :mod:`straights.fast` turns that into a clear error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, prange, types
from numba.extending import intrinsic

from straights.fast.lookup import COMPACT_SHIFT, RANK_KEYS, SUIT_KEYS

Ids = npt.NDArray[np.uint8]
Keys = npt.NDArray[np.int32]

# Straights: the key layout of straights.rankings.straights (tests/test_fast_kernels.py
# proves the kernel equal to straights_key hand by hand).
SORDER = np.array([0, 1, 3, 2], dtype=np.int64)  # rule 6 order by bridge suit c d h s
BEST_SUIT = np.array(
    [
        -1 if m == 0 else max((s for s in range(4) if m >> s & 1), key=[0, 1, 3, 2].__getitem__)
        for m in range(16)
    ],
    dtype=np.int64,
)
_HAND_BITS = 12
_PRIO_SHIFT = _HAND_BITS
_TSUIT_SHIFT = _PRIO_SHIFT + 6
_TOP_SHIFT = _TSUIT_SHIFT + 2
_FLUSH_SHIFT = _TOP_SHIFT + 4
_LEN_SHIFT = _FLUSH_SHIFT + 1
STR8_SHIFT = _LEN_SHIFT + 4


def _runs() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16]]:
    """For a 15-bit position mask (bit p = position p, 1 = ace low … 14 = ace):
    the longest run of set bits and a mask of the positions where such runs end."""
    m = np.arange(1 << 15)
    best = np.zeros_like(m)
    run = np.zeros_like(m)
    ends = np.zeros_like(m)
    for p in range(1, 15):
        run = np.where(m >> p & 1, run + 1, 0)
        longer = run > best
        ends = np.where(longer, 1 << p, np.where((run == best) & (run > 0), ends | 1 << p, ends))
        best = np.maximum(best, run)
    length, tops = best.astype(np.int8), ends.astype(np.int16)
    return length, tops


RUN_LENGTH, RUN_TOPS = _runs()

# --------------------------------------------------------------------------- high


@njit(cache=True)
def popcount(x: int) -> int:
    """Set bits of a non-negative int64 (SWAR, no branches)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


# Per card id: the rank key in the low 32 bits, the suit key in the high ones, so one
# addition per card sums both (ids 52..255 are rejected before they are looked up).
RANK_SUIT = np.array(
    [int(RANK_KEYS[c >> 2]) | int(SUIT_KEYS[c & 3]) << 32 for c in range(52)] + [0] * 204,
    dtype=np.int64,
)


@njit(cache=True, inline="always")
def _row_counts(cards: Ids, i: int, k: int) -> int:
    """The summed :data:`RANK_SUIT` of row ``i``'s ``k`` cards (rank counts low, suit
    counts from bit 32), or -1 where a card is past 51 or repeated."""
    acc = 0
    seen = 0
    for j in range(k):
        c = int(cards[i, j])
        if c >= 52 or seen >> c & 1:
            return -1
        seen |= 1 << c
        acc += RANK_SUIT[c]
    return acc


@njit(cache=True, inline="always")
def _suit_ranks(cards: Ids, base: int, k: int, s: int) -> int:
    """The rank bits of the cards of suit ``s`` among ``cards[base:base + k]``."""
    m = 0
    for j in range(k):
        c = int(cards[base + j])
        if c & 3 == s:
            m |= 1 << (c >> 2)
    return m


@njit(cache=True, inline="always")
def _high_rows(
    cards: Ids,
    out: Keys,
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    k: int,
) -> None:
    """High classes of every row (``k`` cards each: 5, 6 or 7) into ``out``.

    Callers pass views of whole blocks: a loop over ``range(shape)`` lets the
    compiler drop negative-index handling (about 25 % faster than ``range(lo, hi)``).
    """
    for i in range(cards.shape[0]):
        acc = _row_counts(cards, i, k)
        if acc < 0:
            out[i] = -1
            continue
        s = fsuit[acc >> 32]
        if s >= 0:
            out[i] = flush[_suit_ranks(cards[i], 0, k, s)]
        else:
            out[i] = rank[acc & 0xFFFFFFFF]


@njit(cache=True)
def _high_rows7(
    cards: Ids,
    out: Keys,
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> None:
    """:func:`_high_rows` with the card count fixed at seven (the compiler unrolls it)."""
    _high_rows(cards, out, rank, flush, fsuit, 7)


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, args)

    return sig, codegen


#: Set bits of an int64, in one instruction where the CPU has one (LLVM's ``ctpop``;
#: :func:`popcount` spells it out).
bit_count: Callable[[int], int] = cast(Any, _ctpop)


#: Per card id, the card's own bit; ids 52..255 all add bit 62, so any of them shows
#: above bit 51 (or, four of them wrapping to zero, as fewer than seven bits).
CARD_BIT = np.array([1 << c for c in range(52)] + [1 << 62] * 204, dtype=np.int64)


@njit(cache=True)
def _high_rows7c(
    cards: Ids,
    out: Keys,
    disp: npt.NDArray[np.int32],
    compact: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> int:
    """:func:`_high_rows7` on the compact seven-card table (``HighLookup.compact7``):
    a random hand's value is then in the caches, not in a 15.6 MB array.  Returns
    the number of bad rows (keyed -1), so that the caller need not read the keys
    again to find out.

    The check has no branch per card: the cards' bits are *added*, and seven
    distinct cards, and only they, leave seven bits below bit 52 (a repeated
    card carries into fewer bits).  The table is read before the flush test so
    that the read overlaps the rest of the row's work.
    """
    mask = (1 << COMPACT_SHIFT) - 1
    flat = cards.reshape(cards.shape[0] * 7)  # a constant row stride: about 10 % quicker
    bad = 0
    for i in range(cards.shape[0]):
        acc = 0
        seen = 0
        base = 7 * i
        for j in range(7):
            c = flat[base + j]
            acc += RANK_SUIT[c]
            seen += CARD_BIT[c]
        if seen >> 52 or bit_count(seen) != 7:
            out[i] = -1
            bad += 1
            continue
        k = acc & 0xFFFFFFFF
        value = compact[disp[k >> COMPACT_SHIFT] + (k & mask)]
        s = fsuit[acc >> 32]
        if s >= 0:
            value = flush[_suit_ranks(flat, base, 7, s)]
        out[i] = value
    return bad


@njit(cache=True)
def _high_rows7u(
    cards: Ids,
    out: Keys,
    disp: npt.NDArray[np.int32],
    compact: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> None:
    """:func:`_high_rows7c` for rows the caller vouches for (seven distinct ids 0..51):
    no check.  A bad row still reads inside the tables (ids past 51 add nothing, the
    slot is clamped) and gets a meaningless key."""
    mask = (1 << COMPACT_SHIFT) - 1
    last_row, last_slot = disp.shape[0] - 1, compact.shape[0] - 1
    flat = cards.reshape(cards.shape[0] * 7)
    for i in range(cards.shape[0]):
        acc = 0
        base = 7 * i
        for j in range(7):
            acc += RANK_SUIT[flat[base + j]]
        k = acc & 0xFFFFFFFF
        slot = disp[min(k >> COMPACT_SHIFT, last_row)] + (k & mask)
        value = compact[min(slot, last_slot)]
        s = fsuit[acc >> 32]
        if s >= 0:
            value = flush[_suit_ranks(flat, base, 7, s) & 0x1FFF]
        out[i] = value


@njit(cache=True)
def high7(
    cards: Ids,
    out: Keys,
    disp: npt.NDArray[np.int32],
    compact: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    check: bool,
) -> int:
    """Seven-card high classes into ``out`` (``check=False``: see :func:`_high_rows7u`);
    returns the number of bad rows found (always 0 with ``check=False``)."""
    if check:
        return _high_rows7c(cards, out, disp, compact, flush, fsuit)
    _high_rows7u(cards, out, disp, compact, flush, fsuit)
    return 0


@njit(cache=True, parallel=True)
def high7_parallel(
    cards: Ids,
    out: Keys,
    disp: npt.NDArray[np.int32],
    compact: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    check: bool,
) -> None:
    n = cards.shape[0]
    blocks = (n + 65535) // 65536
    for b in prange(blocks):
        lo, hi = b * 65536, min(n, (b + 1) * 65536)
        if check:
            _high_rows7c(cards[lo:hi], out[lo:hi], disp, compact, flush, fsuit)
        else:
            _high_rows7u(cards[lo:hi], out[lo:hi], disp, compact, flush, fsuit)


@njit(cache=True)
def high(
    cards: Ids,
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Keys:
    out = np.empty(cards.shape[0], dtype=np.int32)
    if cards.shape[1] == 7:
        _high_rows7(cards, out, rank, flush, fsuit)
    else:
        _high_rows(cards, out, rank, flush, fsuit, cards.shape[1])
    return out


@njit(cache=True, parallel=True)
def high_parallel(
    cards: Ids,
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Keys:
    n = cards.shape[0]
    out = np.empty(n, dtype=np.int32)
    blocks = (n + 65535) // 65536
    seven = cards.shape[1] == 7
    for b in prange(blocks):
        lo, hi = b * 65536, min(n, (b + 1) * 65536)
        if seven:
            _high_rows7(cards[lo:hi], out[lo:hi], rank, flush, fsuit)
        else:
            _high_rows(cards[lo:hi], out[lo:hi], rank, flush, fsuit, cards.shape[1])
    return out


# --------------------------------------------------------------------------- lows


@njit(cache=True)
def ace_five7(cards: Ids, rank7: npt.NDArray[np.uint16]) -> Keys:
    out = np.empty(cards.shape[0], dtype=np.int32)
    for i in range(cards.shape[0]):
        ks = 0
        seen = 0
        bad = False
        for j in range(7):
            c = int(cards[i, j])
            if c >= 52 or seen >> c & 1:
                bad = True
                break
            seen |= 1 << c
            ks += RANK_KEYS[c >> 2]
        out[i] = -1 if bad else rank7[ks]
    return out


@njit(cache=True)
def deuce_seven(
    cards: Ids,
    combos: npt.NDArray[np.int64],
    rank5: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    classes: int,
    worst7: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Keys:
    """Best deuce-to-seven low: the lowest no-wheel high value over every 5-card subset.

    Seven cards without five of a suit can make no flush, so their answer depends
    on the ranks alone and comes from one look-up (``worst7``); the rest try all
    21 subsets.
    """
    k = cards.shape[1]
    out = np.empty(cards.shape[0], dtype=np.int32)
    for i in range(cards.shape[0]):
        acc = _row_counts(cards, i, k)
        if acc < 0:
            out[i] = -1
            continue
        if k == 7 and fsuit[acc >> 32] < 0:
            out[i] = classes + 1 - worst7[acc & 0xFFFFFFFF]
            continue
        best = classes + 1
        for t in range(combos.shape[0]):
            ks = 0
            m = 0
            suits = 0
            for j in range(5):
                c = int(cards[i, combos[t, j]])
                ks += RANK_KEYS[c >> 2]
                m |= 1 << (c >> 2)
                suits |= 1 << (c & 3)
            v = flush[m] if suits & (suits - 1) == 0 else rank5[ks]
            if v < best:
                best = v
        out[i] = classes + 1 - best
    return out


# --------------------------------------------------------------------------- Straights


def _card_tables() -> tuple[npt.NDArray[np.int64], ...]:
    """Per card id 0..54: position bit, special-card bit, 8's suit order + 1, rule-8
    strength, and the *lane mask*: bit ``16 * suit + position`` (positions 1 = ace low …
    14 = ace high, the ace in both places), with S, T and R in the otherwise unused
    bit 15 of lanes 0, 1 and 2."""
    occ = np.zeros(55, dtype=np.int64)
    special = np.zeros(55, dtype=np.int64)
    eight = np.zeros(55, dtype=np.int64)
    strength = np.zeros(55, dtype=np.int64)
    lanes = np.zeros(55, dtype=np.int64)
    for c in range(52):
        pos, suit = (c >> 2) + 2, c & 3
        occ[c] = 1 << pos
        lanes[c] = 1 << (16 * suit + pos)
        if pos == 14:  # the ace also plays low, at position 1
            occ[c] |= 2
            lanes[c] |= 1 << (16 * suit + 1)
        if pos == 8:
            eight[c] = SORDER[suit] + 1
        strength[c] = (c >> 2) * 4 + SORDER[suit] + 1
    special[52:55] = [1, 2, 4]
    lanes[52], lanes[53], lanes[54] = 1 << 15, 1 << 31, 1 << 47
    return occ, special, eight, strength, lanes


OCC_BITS, SPECIAL_BIT, EIGHT_ORDER, STRENGTH, SUIT_POS = _card_tables()
BEST_SUIT0 = np.maximum(BEST_SUIT, 0)  # for branch-free look-ups; 0 is masked out
HIGH_BIT = np.array([max(0, m.bit_length() - 1) for m in range(1 << 15)], dtype=np.int64)


@njit(cache=True)
def straights_key(h0: int, h1: int, t0: int, t1: int, t2: int, t3: int, t4: int, pack: int) -> int:
    """Exactly :func:`straights.rankings.straights.straights_key` for valid ids."""
    mine = SUIT_POS[h0] | SUIT_POS[h1]
    table = SUIT_POS[t0] | SUIT_POS[t1] | SUIT_POS[t2] | SUIT_POS[t3] | SUIT_POS[t4]
    return key_from_parts(mine, table, hand_strength(h0, h1), pack)


@njit(cache=True)
def hand_strength(h0: int, h1: int) -> int:
    """Rule 8: both hole cards' strengths, the higher one first."""
    sa = STRENGTH[h0]
    sb = STRENGTH[h1]
    return int(sa * 64 + sb if sa >= sb else sb * 64 + sa)


_LANES = 0x0001000100010001
_GATHER = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3)


@njit(cache=True, inline="always")
def _suits_at(x: int, pos: int) -> int:
    """The 4-bit mask of suits present at ``pos`` in a lane-packed mask."""
    return ((((x >> pos) & _LANES) * _GATHER) >> 48) & 15


@njit(cache=True, inline="always")
def key_from_parts(mine_s: int, table_s: int, hand: int, pack: int) -> int:
    """The key from the OR-ed lane masks of the hole cards and of the table cards.

    A lane mask has one 16-bit lane per suit, bit ``pos`` for each position
    (1 = ace low … 14 = ace high); S, T and R sit in bit 15 of lanes 0, 1, 2.
    Enumerations keep the table's part and add each player's hole part.
    """
    all_s = mine_s | table_s
    if pack == 55 and ((all_s >> 15) & 1) & ((all_s >> 31) & 1) & ((all_s >> 47) & 1):
        eights = _suits_at(all_s, 8)
        if eights:
            return int((SORDER[BEST_SUIT[eights]] + 1) << STR8_SHIFT)
    occ = (all_s | (all_s >> 16) | (all_s >> 32) | (all_s >> 48)) & 0x7FFF
    length = int(RUN_LENGTH[occ])
    if length < 2:
        return hand
    # A straight flush beats every mixed straight of the same length, and a higher top
    # beats any suit or priority card, so only one straight needs a closer look: the
    # highest-topped straight flush of the longest length, else the highest-topped one.
    # Both are found without data-dependent branches (mispredictions dominate here).
    m0 = all_s & 0x7FFF
    m1 = (all_s >> 16) & 0x7FFF
    m2 = (all_s >> 32) & 0x7FFF
    m3 = (all_s >> 48) & 0x7FFF
    f0 = HIGH_BIT[RUN_TOPS[m0]] * (RUN_LENGTH[m0] == length)
    f1 = HIGH_BIT[RUN_TOPS[m1]] * (RUN_LENGTH[m1] == length)
    f2 = HIGH_BIT[RUN_TOPS[m2]] * (RUN_LENGTH[m2] == length)
    f3 = HIGH_BIT[RUN_TOPS[m3]] * (RUN_LENGTH[m3] == length)
    ftop = max(max(f0, f1), max(f2, f3))
    if ftop:
        fsuits = (f0 == ftop) | (f1 == ftop) << 1 | (f2 == ftop) << 2 | (f3 == ftop) << 3
        top = ftop
        fs = BEST_SUIT[fsuits]
        run = ((1 << length) - 1) << (top - length + 1)
        held = (mine_s >> (16 * fs)) & run
        prio = (HIGH_BIT[held] * 4 + SORDER[fs] + 1) * (held != 0)
        best = (1 << _FLUSH_SHIFT) | (top << _TOP_SHIFT) | (SORDER[fs] << _TSUIT_SHIFT)
    else:
        top = HIGH_BIT[RUN_TOPS[occ]]
        tsuit = BEST_SUIT[_suits_at(all_s, top)]
        own = mine_s >> (16 * tsuit + top) & 1
        run = ((1 << length) - 1) << (top - length + 1)
        mine_occ = (mine_s | (mine_s >> 16) | (mine_s >> 32) | (mine_s >> 48)) & 0x7FFF
        held = mine_occ & run & ~(1 << top)
        pos = HIGH_BIT[held]
        low = (pos * 4 + SORDER[BEST_SUIT0[_suits_at(mine_s, pos)]] + 1) * (held != 0)
        prio = own * (top * 4 + SORDER[tsuit] + 1) + (1 - own) * low
        best = (top << _TOP_SHIFT) | (SORDER[tsuit] << _TSUIT_SHIFT)
    best |= prio << _PRIO_SHIFT
    return int((length << _LEN_SHIFT) | best | hand)


@njit(cache=True)
def _straights_rows(hole: Ids, table: Ids, out: npt.NDArray[np.int64], pack: int) -> None:
    """Keys of every row of ``hole`` with the matching row of ``table`` (or its only row)."""
    step = 0 if table.shape[0] == 1 else 1
    limit = 55 if pack == 55 else 52
    for i in range(hole.shape[0]):
        ti = i * step
        h0 = int(hole[i, 0])
        h1 = int(hole[i, 1])
        t0 = int(table[ti, 0])
        t1 = int(table[ti, 1])
        t2 = int(table[ti, 2])
        t3 = int(table[ti, 3])
        t4 = int(table[ti, 4])
        top = max(h0, h1, t0, t1, t2, t3, t4)
        if top >= limit:
            out[i] = -1
            continue
        a, b = SUIT_POS[h0], SUIT_POS[h1]
        c, d, e, f, g = SUIT_POS[t0], SUIT_POS[t1], SUIT_POS[t2], SUIT_POS[t3], SUIT_POS[t4]
        mine = a | b
        table_s = c | d | e | f | g
        # Different cards never share a bit, so the sum equals the OR unless a card repeats.
        if a + b + c + d + e + f + g != mine | table_s:
            out[i] = -1
            continue
        out[i] = key_from_parts(mine, table_s, hand_strength(h0, h1), pack)


@njit(cache=True)
def straights_batch(hole: Ids, table: Ids, pack: int) -> npt.NDArray[np.int64]:
    out = np.empty(hole.shape[0], dtype=np.int64)
    _straights_rows(hole, table, out, pack)
    return out


@njit(cache=True, parallel=True)
def straights_batch_parallel(hole: Ids, table: Ids, pack: int) -> npt.NDArray[np.int64]:
    n = hole.shape[0]
    out = np.empty(n, dtype=np.int64)
    blocks = (n + 65535) // 65536
    for b in prange(blocks):
        lo, hi = b * 65536, min(n, (b + 1) * 65536)
        if table.shape[0] == 1:
            _straights_rows(hole[lo:hi], table, out[lo:hi], pack)
        else:
            _straights_rows(hole[lo:hi], table[lo:hi], out[lo:hi], pack)
    return out
