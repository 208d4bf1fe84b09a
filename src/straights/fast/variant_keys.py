"""Batch keys of the stripped-deck and Canadian high rankings: ``short``, ``manila``,
``mexican`` and ``canadian``, natural cards only.

Each row of card ids gets the very packed value the readable ranking gives
(:mod:`straights.rankings.high_family`: the category's place in the order, shifted
left 20 bits, then the tie-break nibbles; a larger value is a better hand), so
rows compare exactly as the readable hands do — ``tests/test_fast_variant_keys.py``
checks it hand by hand.  The best five of a row is the best of the best hand of
each category the row can make, found from its rank counts and its suits' ranks;
Canadian stud's four-card straight and flush are looked for in five-card rows.

The deck's straights and the category order come from the readable ranking's own
data (:data:`~straights.rankings.high.VARIANTS`,
:func:`~straights.rankings.high_family.order_for`).  A row holding a card outside
the deck or a card twice gets ``-1``.

>>> from straights.cards import parse_cards
>>> key = keys_for("short", {"trips": "below-straight"})
>>> rows = [[c.id for c in parse_cards(h)] for h in ("Ah 6d 7c 8s 9h", "Kh Kd Kc 7s 6h")]
>>> a, b = key(np.array(rows, dtype=np.uint8))
>>> bool(a > b)  # in short deck, A-6-7-8-9 is a straight, above three of a kind here
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import njit

from straights.errors import HandSizeError, RankingError
from straights.rankings.base import get_ranking
from straights.rankings.high import (
    BASE_ORDER,
    FOUR_FLUSH,
    FOUR_STRAIGHT,
    VARIANTS,
)
from straights.rankings.high_family import order_for

__all__ = ["RANKINGS", "keys_for"]

Ids = npt.NDArray[np.uint8]
Keys = npt.NDArray[np.int64]

#: The rankings with a batch key here, and the options each may take.
RANKINGS: Final[dict[str, frozenset[str]]] = {
    "short": frozenset({"trips"}),
    "manila": frozenset(),
    "mexican": frozenset(),
    "canadian": frozenset(),
}

#: The categories by index into the kernels' ``place`` array.
_CATEGORIES: Final = (*BASE_ORDER, FOUR_STRAIGHT, FOUR_FLUSH)
_HIGH, _PAIR, _TWO, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF, _FOUR_S, _FOUR_F = range(11)


@njit(cache=True)
def _pack(place: int, a: int, b: int, c: int, d: int, e: int) -> int:
    return (place << 20) | (a << 16) | (b << 12) | (c << 8) | (d << 4) | e


@njit(cache=True)
def _strongest(mask: int, straights: npt.NDArray[np.int64]) -> int:
    """The index of the strongest straight whose ranks are all in ``mask``, or -1."""
    for i in range(len(straights) - 1, -1, -1):
        if mask & straights[i] == straights[i]:
            return i
    return -1


@njit(cache=True)
def _five(d: npt.NDArray[np.int64]) -> tuple[int, int, int, int, int]:
    return int(d[0]), int(d[1]), int(d[2]), int(d[3]), int(d[4])


@njit(cache=True)
def _others(d: npt.NDArray[np.int64], n: int, skip_a: int, skip_b: int, at: int) -> int:
    """The ``at``-th (from 0) of the distinct ranks ``d[:n]`` (high to low) other than the
    two skipped; 0 if there are not so many."""
    for i in range(n):
        if d[i] != skip_a and d[i] != skip_b:
            if at == 0:
                return int(d[i])
            at -= 1
    return 0


@njit(cache=True)
def _row_value(
    row: Ids,
    allowed: int,
    straights: npt.NDArray[np.int64],
    four: npt.NDArray[np.int64],
    place: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    suit_mask: npt.NDArray[np.int64],
    d: npt.NDArray[np.int64],
) -> int:
    """The packed value of one row's best five (-1 for a card outside ``allowed`` or twice).
    ``counts`` (15 zeros), ``suit_mask`` (4 zeros) and ``d`` (8) are scratch space, the
    zeros left as given."""
    suit_n = 0  # a byte per suit
    seen = 0
    present = 0
    for j in range(row.shape[0]):
        card = int(row[j])
        if card >= 52 or not (allowed >> card & 1) or seen >> card & 1:
            counts[:] = 0
            suit_mask[:] = 0
            return -1
        seen |= 1 << card
        r = (card >> 2) + 2
        counts[r] += 1
        suit_mask[card & 3] |= 1 << r
        suit_n += 1 << (8 * (card & 3))
        present |= 1 << r
    # One pass high to low: the distinct ranks, the highest quads and trips, the two
    # highest ranks held twice or more.
    n = 0
    quads = trips = pair_a = pair_b = 0
    for r in range(14, 1, -1):
        c = int(counts[r])
        if c:
            counts[r] = 0
            d[n] = r
            n += 1
            if c >= 4 and not quads:
                quads = r
            if c >= 3 and not trips:
                trips = r
            if c >= 2:
                if not pair_a:
                    pair_a = r
                elif not pair_b:
                    pair_b = r
    best = -1
    if quads:
        best = max(best, _pack(int(place[_QUADS]), quads, _others(d, n, quads, 0, 0), 0, 0, 0))
    if trips:
        pair = pair_b if pair_a == trips else pair_a
        if pair:
            best = max(best, _pack(int(place[_FULL]), trips, pair, 0, 0, 0))
        k1 = _others(d, n, trips, 0, 1)
        if k1:
            best = max(best, _pack(int(place[_TRIPS]), trips, _others(d, n, trips, 0, 0), k1, 0, 0))
    strength = _strongest(present, straights)
    if strength >= 0:
        best = max(best, _pack(int(place[_STRAIGHT]), strength, 0, 0, 0, 0))
    if pair_b:
        kicker = _others(d, n, pair_a, pair_b, 0)
        if kicker:
            best = max(best, _pack(int(place[_TWO]), pair_a, pair_b, kicker, 0, 0))
    if pair_a and n >= 4:
        k0 = _others(d, n, pair_a, 0, 0)
        k1 = _others(d, n, pair_a, 0, 1)
        k2 = _others(d, n, pair_a, 0, 2)
        best = max(best, _pack(int(place[_PAIR]), pair_a, k0, k1, k2, 0))
    if n >= 5:
        best = max(best, _pack(int(place[_HIGH]), *_five(d)))
    for s in range(4):
        mask = int(suit_mask[s])
        suit_mask[s] = 0
        if suit_n >> (8 * s) & 255 >= 5:
            strength = _strongest(mask, straights)
            if strength >= 0:
                best = max(best, _pack(int(place[_SF]), strength, 0, 0, 0, 0))
            n = 0
            for r in range(14, 1, -1):
                if mask >> r & 1 and n < 5:
                    d[n] = r
                    n += 1
            best = max(best, _pack(int(place[_FLUSH]), *_five(d)))
    if len(four) and row.shape[0] == 5 and best >> 20 <= max(int(place[_HIGH]), int(place[_PAIR])):
        best = max(best, _four_card(row, four, place))
    return best


@njit(cache=True)
def _four_card(row: Ids, four: npt.NDArray[np.int64], place: npt.NDArray[np.int64]) -> int:
    """Canadian stud: the best four-card flush or straight of a five-card row, the fifth
    card its kicker (-1 if none)."""
    best = -1
    for out in range(5):
        mask = 0
        suits = 0
        kicker = (int(row[out]) >> 2) + 2
        for j in range(5):
            if j != out:
                mask |= 1 << ((int(row[j]) >> 2) + 2)
                suits |= 1 << (int(row[j]) & 3)
        if suits & (suits - 1) == 0:  # one suit: four different ranks
            value = 0
            for r in range(14, 1, -1):
                if mask >> r & 1:
                    value = value << 4 | r
            best = max(best, int(place[_FOUR_F]) << 20 | value << 4 | kicker)
        for i in range(len(four) - 1, -1, -1):
            if mask == int(four[i]):
                best = max(best, _pack(int(place[_FOUR_S]), i, kicker, 0, 0, 0))
                break
    return best


@njit(cache=True)
def high_family(
    rows: Ids,
    allowed: int,
    straights: npt.NDArray[np.int64],
    four: npt.NDArray[np.int64],
    place: npt.NDArray[np.int64],
) -> Keys:
    """Packed values of rows of 5 to 7 card ids (``four``: Canadian's four-card straights,
    empty elsewhere; ``place``: each category's place in the order, -1 if absent)."""
    out = np.empty(rows.shape[0], dtype=np.int64)
    counts = np.zeros(15, dtype=np.int64)
    suit_mask = np.zeros(4, dtype=np.int64)
    d = np.zeros(8, dtype=np.int64)
    for i in range(rows.shape[0]):
        out[i] = _row_value(rows[i], allowed, straights, four, place, counts, suit_mask, d)
    return out


def _mask(ranks: tuple[int, ...]) -> int:
    return sum(1 << r for r in ranks)


@cache
def _plan(ranking: str, options: tuple[tuple[str, Any], ...]) -> tuple[int, Keys, Keys, Keys]:
    variant = VARIANTS[ranking]
    order = order_for(ranking, dict(get_ranking(ranking).normalise(dict(options))))
    allowed = sum(1 << i for i in range(52) if (i >> 2) + 2 in variant.ranks)
    straights = np.array([_mask(s) for s in variant.straights], dtype=np.int64)
    four = np.array([_mask(s) for s in variant.four_straights], dtype=np.int64)
    place = np.array([order.index(c) if c in order else -1 for c in _CATEGORIES], dtype=np.int64)
    return allowed, straights, four, place


def keys_for(ranking: str, options: Mapping[str, Any]) -> Callable[[Ids], Keys]:
    """The batch key of ``ranking`` (one of :data:`RANKINGS`) under ``options``: rows of
    card ids (``uint8``, 5 to 7 a row; Canadian five) in, packed values out."""
    if ranking not in RANKINGS or set(options) - RANKINGS[ranking]:
        raise RankingError(
            f"no batch key for ranking {ranking!r} with options {dict(options)}: "
            f"the rankings are {', '.join(RANKINGS)} (short deck may set 'trips')"
        )
    plan = _plan(ranking, tuple(sorted(options.items())))
    widths = (5,) if VARIANTS[ranking].four_card else (5, 6, 7)

    def keys(rows: Ids) -> Keys:
        arr = np.ascontiguousarray(rows, dtype=np.uint8)
        if arr.ndim != 2 or arr.shape[1] not in widths:
            raise HandSizeError(
                f"{ranking!r} rows have shape {arr.shape}: "
                f"expected (n, {' or '.join(map(str, widths))}) card ids"
            )
        return high_family(arr, *plan)

    return keys
