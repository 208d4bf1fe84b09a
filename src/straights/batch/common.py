"""What the kernels of every batch environment share: each table's random stream, its
shuffle, the check of the actions against the masks, and the bookkeeping of a step
(who is in, who acts next, the rewards of a finished deal).

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


@njit(cache=True)
def illegal(actions: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_]) -> int:
    """The first table whose action is not legal by its row of ``mask``, or -1."""
    for t in range(actions.shape[0]):
        a = actions[t]
        if a < 0 or a >= mask.shape[1] or not mask[t, a]:
            return t
    return -1


@njit(cache=True)
def in_hand(t: int, folded: npt.NDArray[np.bool_]) -> tuple[int, int]:
    """How many players of table ``t`` have not folded, and the last of them."""
    count, last = 0, -1
    for seat in range(folded.shape[1]):
        if not folded[t, seat]:
            count += 1
            last = seat
    return count, last


@njit(cache=True)
def next_to_act(t: int, seat: int, waiting: npt.NDArray[np.bool_]) -> int:
    """The first seat after ``seat`` (clockwise) still ``waiting`` to act, or -1."""
    players: int = waiting.shape[1]
    for k in range(1, players):
        other = (seat + k) % players
        if waiting[t, other]:
            return other
    return -1


@njit(cache=True)
def settle(
    t: int,
    finished: bool,
    stacks: npt.NDArray[np.int64],
    start: npt.NDArray[np.int64],
    rewards: npt.NDArray[np.int64],
    done: npt.NDArray[np.bool_],
) -> None:
    """Table ``t``'s row of ``rewards`` (chips won, if its deal ``finished``, else 0)
    and of ``done``."""
    done[t] = finished
    for seat in range(stacks.shape[1]):
        rewards[t, seat] = stacks[t, seat] - start[seat] if finished else 0


def seed_streams(seed: int, tables: int) -> npt.NDArray[np.uint64]:
    """The first state of every table's stream, from one seed."""
    state = np.random.SeedSequence(seed).generate_state(tables, np.uint64)
    return state.astype(np.uint64, copy=False)
