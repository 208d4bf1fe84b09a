"""Lookup tables behind the batch kernels: built once per process, cached on disk.

A hand's ranks are reduced to one integer, the sum of a per-rank key over its
cards.  The keys grow fast enough that two different rank multisets of the
same size (up to seven cards, at most four of a rank) never share a sum, so a
flat array indexed by the sum holds the value of every rank multiset.  The
uniqueness is checked every time the tables are built, not assumed.

Suits are counted the same way (three bits per suit), and a 13-bit mask of a
flush suit's ranks indexes the flush tables.

Values are *class numbers*: 1 for the worst hand of the family, larger is
better, consecutive, so they can index count arrays.

>>> t = high_lookup()
>>> int(t.classes), int(t.flush[0b1111100000000])   # royal flush: the best of 7,462
(7462, 7462)
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import njit

from straights.fast import _natural
from straights.rankings.high import STANDARD, category_order

__all__ = [
    "HIGH_CATEGORIES",
    "LOW_CATEGORIES",
    "RANK_KEYS",
    "SUIT_KEYS",
    "HighLookup",
    "LowLookup",
    "cache_dir",
    "high_lookup",
    "low_lookup",
]

U16 = npt.NDArray[np.uint16]

#: Per-rank keys (index 0 = deuce … 12 = ace).  Sums of up to seven of them,
#: each used at most four times, are distinct for multisets of equal size;
#: :func:`_rank_table` verifies it on every build.
RANK_KEYS: Final = np.array(
    [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int32
)
#: Per-suit keys: three bits per suit count (at most seven cards of a suit).
SUIT_KEYS: Final = np.array([1, 1 << 3, 1 << 6, 1 << 9], dtype=np.int32)

#: Standard high categories, worst first: the readable ranking's order without five of a kind.
HIGH_CATEGORIES: Final = category_order(STANDARD)[:-1]
#: Ace-to-five low categories, best first (the order of :func:`_natural.ace_five`).
LOW_CATEGORIES: Final = (
    "no pair",
    "one pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
)
_TABLE_VERSION: Final = "4"
#: A rank-key sum ``k`` of seven cards is found at ``disp[k >> COMPACT_SHIFT] + (k & mask)``
#: of the compact table (see :func:`_compact`).
COMPACT_SHIFT: Final = 10


def cache_dir() -> Path:
    """Where built tables live: ``$STRAIGHTS_CACHE``, else the user cache directory
    (``~/.cache/straights`` on Linux, via platformdirs)."""
    env = os.environ.get("STRAIGHTS_CACHE")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("straights"))


def _multisets(size: int) -> npt.NDArray[np.int8]:
    """Every rank multiset of ``size`` cards (at most four of a rank) as count rows."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(13), size):
        counts = [0] * 13
        for r in combo:
            counts[r] += 1
        if max(counts) <= 4:
            rows.append(counts)
    return np.array(rows, dtype=np.int8)


def _rank_table(size: int, values: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """Per-multiset class values with their rank-key sums, as rows (sum, value).

    The cache stores these few thousand rows; :func:`_scatter` spreads them into
    the flat array the kernels index (mostly zeros, millions long).
    """
    counts = _multisets(size)
    sums = counts.astype(np.int64) @ RANK_KEYS.astype(np.int64)
    if len(np.unique(sums)) != len(sums):
        raise AssertionError(f"rank keys collide for {size}-card multisets")
    return np.stack([sums, values.astype(np.int64)], axis=1)


@njit(cache=True)
def _place(
    keys: npt.NDArray[np.int64], values: npt.NDArray[np.int64], shift: int
) -> tuple[npt.NDArray[np.int32], U16]:
    """Row displacement: cut the key range into rows of ``2**shift`` keys and slide
    each row (fullest first) to the first offset where its keys land on free
    slots, so that ``disp[k >> shift] + (k & mask)`` is a distinct slot per key."""
    mask = (1 << shift) - 1
    rows = (keys.max() >> shift) + 1
    counts = np.zeros(rows, np.int64)
    for k in keys:
        counts[k >> shift] += 1
    starts = np.zeros(rows + 1, np.int64)
    for r in range(rows):
        starts[r + 1] = starts[r] + counts[r]
    by_row = np.argsort(keys >> shift, kind="mergesort")
    room = len(keys) * 4 + mask + 1
    used = np.zeros(room, np.bool_)
    table = np.zeros(room, np.uint16)
    disp = np.zeros(rows, np.int32)
    top = 0
    for r in np.argsort(-counts, kind="mergesort"):
        if counts[r] == 0:
            break
        d = 0
        while True:
            free = True
            for t in range(starts[r], starts[r + 1]):
                if used[d + (keys[by_row[t]] & mask)]:
                    free = False
                    break
            if free:
                break
            d += 1
        disp[r] = d
        for t in range(starts[r], starts[r + 1]):
            slot = d + (keys[by_row[t]] & mask)
            used[slot] = True
            table[slot] = values[by_row[t]]
            top = max(top, slot + 1)
    return disp, table[:top].copy()


def _compact(rows: npt.NDArray[Any]) -> tuple[npt.NDArray[np.int32], U16]:
    """The (rank-key sum, value) rows as a displacement table of about 110,000 slots
    (220 kB, where the flat table of seven-card sums is 15.6 MB): random hands then
    find their value in the caches.  Checked against the rows before it is used."""
    disp, table = _place(rows[:, 0].astype(np.int64), rows[:, 1].astype(np.int64), COMPACT_SHIFT)
    keys = rows[:, 0].astype(np.int64)
    slots = disp[keys >> COMPACT_SHIFT] + (keys & ((1 << COMPACT_SHIFT) - 1))
    if len(np.unique(slots)) != len(keys) or not np.array_equal(table[slots], rows[:, 1]):
        raise AssertionError("the compact seven-card table lost a key")
    return disp, table


def _scatter(rows: npt.NDArray[Any]) -> U16:
    table = np.zeros(int(rows[:, 0].max()) + 1, dtype=np.uint16)
    table[rows[:, 0]] = rows[:, 1]
    return table


def _classes(naturals: npt.NDArray[np.int64], universe: npt.NDArray[np.int64]) -> U16:
    """Map natural keys to 1-based class numbers within the sorted ``universe``."""
    idx = np.searchsorted(universe, naturals)
    if not np.array_equal(universe[idx], naturals):
        raise AssertionError("a natural key outside the class universe")
    return (idx + 1).astype(np.uint16)


@dataclass(frozen=True)
class HighLookup:
    """Standard high (``wheel=True``) or deuce-to-seven (``wheel=False``) 5-card classes."""

    rank5: U16
    rank6: U16
    rank7: U16
    flush: U16  # by 13-bit rank mask of the flush suit (5 to 7 cards)
    flush_suit: npt.NDArray[np.int8]  # by suit-key sum: the suit with 5+ cards, or -1
    category: npt.NDArray[np.int8]  # by class number: index into HIGH_CATEGORIES
    classes: int
    worst7: U16  # by 7-card rank-key sum: the lowest class among the 5-card subsets
    disp7: npt.NDArray[np.int32]  # rank7 as a displacement table: see COMPACT_SHIFT
    compact7: U16


@dataclass(frozen=True)
class LowLookup:
    """Ace-to-five best-of-seven classes (larger is a better low)."""

    rank7: U16
    category: npt.NDArray[np.int8]  # by class number: index into LOW_CATEGORIES
    classes: int
    high_card: npt.NDArray[np.int8]  # low value (A=1 … K=13) of the top card of a no-pair class


def _flush_suit_table() -> npt.NDArray[np.int8]:
    out = np.full(1 << 12, -1, dtype=np.int8)
    for key in range(1 << 12):
        for s in range(4):
            if key >> (3 * s) & 7 >= 5:
                out[key] = s
    return out


def _build_high(wheel: bool) -> dict[str, npt.NDArray[np.generic]]:
    five = _multisets(5)
    universe_parts = [_natural.nonflush_many(five, wheel)]
    masks = np.array([m for m in range(1 << 13) if m.bit_count() >= 5], dtype=np.int32)
    five_masks = masks[np.bitwise_count(masks) == 5]
    universe_parts.append(_natural.flush_many(five_masks, wheel))
    universe = np.unique(np.concatenate(universe_parts))
    out: dict[str, npt.NDArray[np.generic]] = {}
    for size in (5, 6, 7):
        naturals = _natural.nonflush_many(_multisets(size), wheel)
        out[f"rank{size}"] = _rank_table(size, _classes(naturals, universe))
    flush = np.zeros(1 << 13, dtype=np.uint16)
    flush[masks] = _classes(_natural.flush_many(masks, wheel), universe)
    out["flush"] = flush
    seven = _multisets(7)
    out["worst7"] = _rank_table(7, _classes(_natural.worst_five_many(seven, wheel), universe))
    out["disp7"], out["compact7"] = _compact(out["rank7"])
    out["flush_suit"] = _flush_suit_table()
    out["category"] = np.concatenate([[0], universe >> 20]).astype(np.int8)
    out["classes"] = np.array(len(universe), dtype=np.int32)
    return out


def _build_low() -> dict[str, npt.NDArray[np.generic]]:
    seven = _multisets(7)
    badness = _natural.ace_five_many(seven)
    universe = np.unique(badness)[::-1]  # worst first: class 1 is the worst low
    idx = len(universe) - np.searchsorted(universe[::-1], badness)
    out: dict[str, npt.NDArray[np.generic]] = {}
    out["rank7"] = _rank_table(7, idx.astype(np.uint16))
    cats = universe >> 20
    out["category"] = np.concatenate([[0], cats]).astype(np.int8)
    out["classes"] = np.array(len(universe), dtype=np.int32)
    top = np.where(cats == 0, (universe >> 16) & 15, 0).astype(np.int8)
    out["high_card"] = np.concatenate([[0], top]).astype(np.int8)
    return out


def _cached(name: str, build: object) -> dict[str, npt.NDArray[np.generic]]:
    assert callable(build)
    tag = hashlib.sha1((_TABLE_VERSION + RANK_KEYS.tobytes().hex() + name).encode()).hexdigest()[
        :12
    ]
    path = cache_dir() / f"{name}-{tag}.npz"
    try:
        with np.load(path) as data:
            return {k: data[k] for k in data.files}
    except (OSError, ValueError, KeyError):
        pass
    arrays: dict[str, npt.NDArray[np.generic]] = build()
    save_arrays(path, arrays)
    return arrays


def save_arrays(path: Path, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
    """Write ``arrays`` to the cache file ``path`` at once (a temporary file renamed), or
    nothing when the cache cannot be written: a read-only home only costs a rebuild."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **arrays)  # type: ignore[arg-type]
        os.replace(tmp, path)
    except OSError:
        pass


_HIGH: dict[bool, HighLookup] = {}
_LOW: list[LowLookup] = []


def high_lookup(wheel: bool = True) -> HighLookup:
    """Standard high tables; ``wheel=False`` gives deuce-to-seven's (A-2-3-4-5 no straight)."""
    if wheel not in _HIGH:
        a = _cached("high" if wheel else "high-nowheel", lambda: _build_high(wheel))
        _HIGH[wheel] = HighLookup(
            _scatter(a["rank5"]),
            _scatter(a["rank6"]),
            _scatter(a["rank7"]),
            a["flush"].astype(np.uint16),
            a["flush_suit"].astype(np.int8),
            a["category"].astype(np.int8),
            int(a["classes"]),
            _scatter(a["worst7"]),
            a["disp7"].astype(np.int32),
            a["compact7"].astype(np.uint16),
        )
    return _HIGH[wheel]


def low_lookup() -> LowLookup:
    """Ace-to-five best-of-seven tables."""
    if not _LOW:
        a = _cached("ace-five", _build_low)
        _LOW.append(
            LowLookup(
                _scatter(a["rank7"]),
                a["category"].astype(np.int8),
                int(a["classes"]),
                a["high_card"].astype(np.int8),
            )
        )
    return _LOW[0]
