"""What every batch environment shares: each table's random stream and its shuffle.

Each table draws from its own SplitMix64 stream (``rng[t]``, seeded from the
environment's seed), so the same seed gives a table the same cards whatever
the other tables do.  :func:`shuffle` deals one row of card ids by a
Fisher-Yates shuffle taken only as far as the cards the deal uses.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)


@njit(cache=True)
def random_below(rng: npt.NDArray[np.uint64], t: int, below: int) -> int:
    """A number in ``0 … below - 1`` from table ``t``'s own SplitMix64 stream."""
    z = rng[t] + _GOLDEN
    rng[t] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return int(z % np.uint64(below))


@njit(cache=True)
def shuffle(
    t: int,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
) -> None:
    """Fill ``deck[t]`` with distinct card ids ``0 … len(scratch) - 1`` in random order."""
    pack = scratch.shape[0]
    for c in range(pack):
        scratch[c] = c
    for j in range(deck.shape[1]):
        r = j + random_below(rng, t, pack - j)
        c = scratch[r]
        scratch[r] = scratch[j]
        scratch[j] = c
        deck[t, j] = c


def seed_streams(seed: int, tables: int) -> npt.NDArray[np.uint64]:
    """The first state of every table's stream, from one seed."""
    state = np.random.SeedSequence(seed).generate_state(tables, np.uint64)
    return state.astype(np.uint64, copy=False)
