"""Batch kernels: arrays of card ids in, arrays of integer keys out (NumPy + Numba).

Every function takes a 2-D array of card ids (one hand per row, ids as in
:mod:`straights.cards`) and returns one integer key per row; a larger key is a
better hand, equal keys are equal hands, exactly as the readable evaluators
order them (the tests prove it hand by hand).

* :func:`high_keys` — standard high, 5, 6 or 7 cards: class 1 (7-5-4-3-2) …
  7,462 (royal flush); :func:`high_category` names a class.
* :func:`ace_to_five_keys`, :func:`deuce_to_seven_keys` — best low of 7 cards
  (deuce-to-seven also 5 and 6), larger is a better low.
* :func:`straights_keys` — Straights, two hole plus five table cards, the very
  integers of :func:`straights.rankings.straights.straights_key`.

Importing this package imports NumPy and Numba (the ``fast`` extra: without it
the import raises :class:`~straights.errors.MissingExtraError`, which names the
``pip install``); the CLI imports it only inside the commands that need it.
Kernels are compiled on first use and cached on disk (Numba ``cache=True``),
next to the lookup tables under :func:`~straights.fast.lookup.cache_dir`, in a
folder named after a hash of the kernel sources: editing any kernel file
starts a fresh cache, so no kernel ever runs code inlined from an older
version of another file.  :mod:`straights.fast.warm` compiles and builds
everything ahead of time (``straights warm-up``; ``make play`` runs it).
``parallel=True`` spreads a batch over every core (``numba.set_num_threads``
limits it).

>>> import numpy as np
>>> from straights.cards import parse_cards
>>> ids = np.array([[c.id for c in parse_cards('As Ks Qs Js Ts 2c 2d')]], dtype=np.uint8)
>>> int(high_keys(ids)[0]), high_category(high_keys(ids))[0]
(7462, 'straight flush')
"""

from __future__ import annotations

import hashlib
from itertools import combinations
from pathlib import Path
from types import ModuleType
from typing import Any

from straights.extras import require

require("fast", "straights.fast")

import numba  # noqa: E402  (after the check that names the extra)
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402

from straights.errors import (  # noqa: E402
    CardNotationError,
    ConfigurationError,
    DuplicateCardError,
    HandSizeError,
    PackError,
)
from straights.fast import (  # noqa: E402
    _natural,
    equity,
    exhaustive,
    kernels,
    lookup,
    more_keys,
    variant_keys,
)
from straights.fast.lookup import (  # noqa: E402
    HIGH_CATEGORIES,
    LOW_CATEGORIES,
    cache_dir,
    high_lookup,
    low_lookup,
)

__all__ = [
    "ace_to_five_category",
    "ace_to_five_keys",
    "as_ids",
    "cache_trouble",
    "deuce_to_seven_keys",
    "high_category",
    "high_keys",
    "kernel_cache_dir",
    "straights_keys",
]

_COMBOS = {k: np.array(list(combinations(range(k), 5)), dtype=np.int64) for k in (5, 6, 7)}


#: The modules that define kernels, and the lookup module whose keys they bake in.
_KERNEL_SOURCES = (_natural, kernels, equity, exhaustive, lookup, more_keys, variant_keys)
#: The kernels of the environments, outside this package (read as files, never imported
#: here): they inline functions of one another and of the modules above.
_CALLER_SOURCES = ("batch/common.py", "batch/kernels.py", "batch/holdem_kernels.py",
                   "rl/kernels.py", "solver/kernel.py")  # fmt: skip


def kernel_cache_dir() -> Path:
    """Where the compiled kernels live: ``kernels-<hash of the kernel sources>``
    under :func:`~straights.fast.lookup.cache_dir` (``$NUMBA_CACHE_DIR`` wins if set).

    Numba checks only a function's own file before it reuses a cached
    compilation, but kernels inline functions and constant arrays from other
    files; naming the folder after all of them (the environments' kernels
    too) makes a change in any one start afresh.
    """
    chosen = getattr(numba.config, "CACHE_DIR", "")  # set at run time from $NUMBA_CACHE_DIR
    if chosen:
        return Path(chosen)
    digest = hashlib.sha256()
    for module in _KERNEL_SOURCES:
        assert module.__file__ is not None
        digest.update(Path(module.__file__).read_bytes())
    package = Path(__file__).resolve().parent.parent
    for name in _CALLER_SOURCES:
        digest.update((package / name).read_bytes())
    return cache_dir() / f"kernels-{digest.hexdigest()[:16]}"


def cache_trouble() -> str | None:
    """Why compiled kernels cannot be kept on disk, or ``None`` when they can.

    When that folder cannot be written, Numba quietly compiles again in every
    process (or caches beside the sources, where a change to another kernel file
    goes unnoticed) and the lookup tables are rebuilt each time: a minute or more
    for ``odds``.  The CLI says so once, naming the folder.

    >>> cache_trouble() is None  # the test run's cache is writable
    True
    """
    import tempfile

    where = kernel_cache_dir()
    try:
        where.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as exc:
        return f"cannot write the kernel cache in {where}: {exc.strerror or exc}"
    return None


def _relocate_caches(*modules: ModuleType) -> None:
    """Re-attach the disk cache of every kernel defined in ``modules`` to
    :func:`kernel_cache_dir` (nothing is compiled yet: Numba compiles lazily)."""
    where = kernel_cache_dir()
    saved = getattr(numba.config, "CACHE_DIR", "")
    setattr(numba.config, "CACHE_DIR", str(where))  # noqa: B010  (read when a cache is made)
    try:
        for module in modules:
            for obj in vars(module).values():
                if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == module.__name__:
                    obj.enable_caching()
    finally:
        setattr(numba.config, "CACHE_DIR", saved)  # noqa: B010


_relocate_caches(*_KERNEL_SOURCES)


def as_ids(cards: Any, width: int | tuple[int, ...], what: str = "hands") -> npt.NDArray[np.uint8]:
    """A C-contiguous ``uint8`` array of shape (n, width); raises :class:`HandSizeError`.

    Accepts arrays or nested sequences of ints; one hand may be given as a 1-D row.
    """
    arr = np.asarray(cards)
    if arr.ndim == 1:
        arr = arr[None, :]
    widths = (width,) if isinstance(width, int) else width
    if arr.ndim != 2 or arr.shape[1] not in widths:
        want = " or ".join(str(w) for w in widths)
        raise HandSizeError(f"{what} have shape {arr.shape}: expected (n, {want}) card ids")
    if arr.dtype != np.uint8:
        if arr.size and (arr.min() < 0 or arr.max() > 255):
            raise CardNotationError(f"{what} hold ids outside 0..255: card ids are 0..54")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def _raise_bad_row(
    arr: npt.NDArray[np.uint8], keys: npt.NDArray[Any], limit: int, what: str
) -> None:
    if not len(keys) or keys.min() >= 0:  # one pass, no temporary array
        return
    bad = np.flatnonzero(keys < 0)
    row = arr[int(bad[0])]
    ids = [int(x) for x in row]
    high = [x for x in ids if x >= limit]
    if high:
        raise PackError(
            f"{what} row {int(bad[0])} holds {_name(high[0])}: "
            f"this ranking takes card ids 0..{limit - 1}"
        )
    dup = next(x for x in ids if ids.count(x) > 1)
    raise DuplicateCardError(f"{what} row {int(bad[0])} holds {_name(dup)} twice: ids {ids}")


def _name(card_id: int) -> str:
    from straights.cards import JOKER_BASE, MAX_JOKERS, Card

    if card_id < JOKER_BASE + MAX_JOKERS:
        return f"card {Card(card_id).ascii()} (id {card_id})"
    return f"card id {card_id}, which is no card"


def high_keys(
    cards: Any,
    *,
    parallel: bool = False,
    out: npt.NDArray[np.int32] | None = None,
    check: bool = True,
) -> npt.NDArray[np.int32]:
    """Standard high-hand classes (1..7462, larger is better) of 5-, 6- or 7-card rows.

    ``out`` (an ``int32`` array of one entry per row) receives the keys and is
    returned, instead of a new array.  ``check=False`` vouches that every row
    holds distinct ids 0..51: seven-card rows are then not checked (about a
    quarter quicker; a bad row gets a meaningless key, never a crash); five
    and six are checked anyway.

    >>> keys = np.empty(1, dtype=np.int32)
    >>> high_keys([[48, 44, 40, 36, 32, 0, 1]], out=keys, check=False) is keys, int(keys[0])
    (True, 7462)
    """
    arr = as_ids(cards, (5, 6, 7))
    if out is not None and (
        out.dtype != np.int32 or out.shape != (arr.shape[0],) or not out.flags.c_contiguous
    ):
        raise ConfigurationError(
            f"out is {out.dtype} of shape {out.shape}: give a contiguous int32 array "
            f"of shape ({arr.shape[0]},), one entry per hand"
        )
    t = high_lookup()
    if arr.shape[1] == 7:
        keys = np.empty(arr.shape[0], dtype=np.int32) if out is None else out
        tables = (t.disp7, t.compact7, t.flush, t.flush_suit, check)
        if parallel:
            kernels.high7_parallel(arr, keys, *tables)
            if not check:
                return keys
        elif kernels.high7(arr, keys, *tables) == 0:
            return keys  # every row good (or vouched for): no second pass over the keys
    else:
        rank = {5: t.rank5, 6: t.rank6}[arr.shape[1]]
        fn = kernels.high_parallel if parallel else kernels.high
        keys = fn(arr, rank, t.flush, t.flush_suit)
        if out is not None:
            out[:] = keys
            keys = out
    _raise_bad_row(arr, keys, 52, "hands")
    return keys


def high_category(keys: Any) -> list[str]:
    """The category name of each high class (``'full house'`` …)."""
    cat = high_lookup().category[np.asarray(keys, dtype=np.int64)]
    return [HIGH_CATEGORIES[int(c)] for c in cat]


def ace_to_five_keys(cards: Any) -> npt.NDArray[np.int32]:
    """Best ace-to-five low of 7-card rows: 1 (worst) … 5,083 (5-4-3-2-A); larger is better."""
    arr = as_ids(cards, 7)
    keys = kernels.ace_five7(arr, low_lookup().rank7)
    _raise_bad_row(arr, keys, 52, "hands")
    return keys


def ace_to_five_category(keys: Any) -> list[str]:
    """``'8-high'`` style names for no-pair lows, else the category (``'one pair'`` …)."""
    t = low_lookup()
    k = np.asarray(keys, dtype=np.int64)
    out = []
    for cat, top in zip(t.category[k], t.high_card[k], strict=True):
        if cat == 0:
            out.append(f"{'A23456789TJQK'[int(top) - 1]}-high")
        else:
            out.append(LOW_CATEGORIES[int(cat)])
    return out


def deuce_to_seven_keys(cards: Any) -> npt.NDArray[np.int32]:
    """Best deuce-to-seven low of 5-, 6- or 7-card rows: 1 … 7,462 (7-5-4-3-2), larger is better."""
    arr = as_ids(cards, (5, 6, 7))
    t = high_lookup(wheel=False)
    keys = kernels.deuce_seven(
        arr, _COMBOS[arr.shape[1]], t.rank5, t.flush, t.classes, t.worst7, t.flush_suit
    )
    _raise_bad_row(arr, keys, 52, "hands")
    return keys


def straights_keys(
    hole: Any, table: Any, pack: int = 55, *, parallel: bool = False
) -> npt.NDArray[np.int64]:
    """Straights keys of (n, 2) hole rows against (n, 5) table rows, or one shared table.

    The result equals :func:`straights.rankings.straights.straights_key` row by row.
    """
    if pack not in (55, 52):
        raise PackError(f"pack {pack!r} is not a Straights pack: choose 55 or 52")
    h = as_ids(hole, 2, "hole cards")
    t = as_ids(table, 5, "tables")
    if t.shape[0] not in (1, h.shape[0]):
        raise HandSizeError(
            f"{h.shape[0]} hole rows but {t.shape[0]} table rows: give one table or one per row"
        )
    fn = kernels.straights_batch_parallel if parallel else kernels.straights_batch
    keys = fn(h, t, pack)
    if len(keys) and keys.min() < 0:
        rows = np.concatenate([h, np.broadcast_to(t, (h.shape[0], 5))], axis=1)
        _raise_bad_row(rows, keys, pack, "hands")
    return keys
