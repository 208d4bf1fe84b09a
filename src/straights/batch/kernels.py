"""The Numba kernels of the batch environment: one deal of Limit Straights per row.

Every array has one row per table.  Per-table scalars live in the columns of
``state`` (:data:`BUTTON` … :data:`CARRY`); per-seat values in ``(tables, players)``
arrays indexed by **seat** (0 … players - 1).  The player left of the button
acts first and gets the first hole card, exactly as :class:`straights.game.Hand`
deals: ``deck[k]`` and ``deck[players + k]`` are the hole cards of the k-th
player from the button's left, ``deck[2 * players]`` is the key card and the
next four are the face-up table cards, turned one per round.

The kernels never raise: :func:`step` returns the first table with an illegal
action (and changes nothing), and :mod:`straights.batch` raises for it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from straights.fast.kernels import STR8_SHIFT, straights_key

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

# Columns of ``state``.
BUTTON, ROUND, LEVEL, BET, ACTOR, CARRY = range(6)
STATE_COLUMNS = 6
# Actions.
FOLD, CALL, RAISE = 0, 1, 2
ROUNDS = 5

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)


@njit(cache=True)
def _random(rng: npt.NDArray[np.uint64], t: int, below: int) -> int:
    """A number in ``0 … below - 1`` from table ``t``'s own SplitMix64 stream."""
    z = rng[t] + _GOLDEN
    rng[t] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return int(z % np.uint64(below))


@njit(cache=True)
def _level(ante: int, k: int) -> int:
    """Total of ladder level ``k``: the bet is the ante, each raise doubles the increment."""
    return ((2 << k) - 1) * ante


@njit(cache=True)
def _mask(t: int, state: Ints, committed: Ints, mask: Flags, max_raises: int) -> None:
    """Legal actions of the player to act (deep stacks: nobody can be all-in)."""
    seat = state[t, ACTOR]
    to_call = state[t, BET] - committed[t, seat]
    mask[t, FOLD] = to_call > 0
    mask[t, CALL] = True
    mask[t, RAISE] = state[t, LEVEL] + 1 <= max_raises


@njit(cache=True)
def _start_round(
    t: int, rnd: int, state: Ints, committed: Ints, folded: Flags, needs: Flags
) -> None:
    players = committed.shape[1]
    state[t, ROUND] = rnd
    state[t, LEVEL] = -1
    state[t, BET] = 0
    first = -1
    for k in range(players):
        seat = (state[t, BUTTON] + 1 + k) % players
        committed[t, seat] = 0
        needs[t, seat] = not folded[t, seat]
        if first < 0 and not folded[t, seat]:
            first = seat
    state[t, ACTOR] = first


@njit(cache=True)
def deal(
    t: int,
    state: Ints,
    stacks: Ints,
    committed: Ints,
    total: Ints,
    folded: Flags,
    needs: Flags,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
    stack: int,
    ante: int,
) -> None:
    """Start a deal at table ``t``: shuffle, fresh stacks, antes, round 1."""
    pack = scratch.shape[0]
    for c in range(pack):
        scratch[c] = c
    for j in range(deck.shape[1]):  # Fisher-Yates, only as far as the cards dealt
        r = j + _random(rng, t, pack - j)
        c = scratch[r]
        scratch[r] = scratch[j]
        scratch[j] = c
        deck[t, j] = c
    for seat in range(stacks.shape[1]):
        stacks[t, seat] = stack - ante
        total[t, seat] = ante
        folded[t, seat] = False
    _start_round(t, 1, state, committed, folded, needs)


@njit(cache=True)
def _showdown(
    t: int,
    state: Ints,
    stacks: Ints,
    total: Ints,
    folded: Flags,
    deck: npt.NDArray[np.uint8],
    pack: int,
    penalty: int,
) -> None:
    players = stacks.shape[1]
    b = 2 * players
    best, second, winner = -1, -1, -1
    for k in range(players):
        seat = (state[t, BUTTON] + 1 + k) % players
        if folded[t, seat]:
            continue
        key = straights_key(
            deck[t, k],
            deck[t, players + k],
            deck[t, b],
            deck[t, b + 1],
            deck[t, b + 2],
            deck[t, b + 3],
            deck[t, b + 4],
            pack,
        )
        if key > best:
            best, second, winner = key, best, seat
        elif key > second:
            second = key
    pot = state[t, CARRY]
    for seat in range(players):
        pot += total[t, seat]
    if best == second and best >> STR8_SHIFT:  # rule 10: the pot stays in the middle
        for seat in range(players):
            paid = min(penalty, stacks[t, seat])
            stacks[t, seat] -= paid
            pot += paid
        state[t, CARRY] = pot
    else:
        stacks[t, winner] += pot
        state[t, CARRY] = 0


@njit(cache=True)
def illegal(actions: Ints, mask: Flags) -> int:
    """The first table whose action is not legal, or -1."""
    for t in range(actions.shape[0]):
        a = actions[t]
        if a < 0 or a > 2 or not mask[t, a]:
            return t
    return -1


@njit(cache=True)
def step(
    actions: Ints,
    state: Ints,
    stacks: Ints,
    committed: Ints,
    total: Ints,
    folded: Flags,
    needs: Flags,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
    mask: Flags,
    rewards: Ints,
    done: Flags,
    stack: int,
    ante: int,
    max_raises: int,
    pack: int,
    penalty: int,
) -> int:
    """Apply one legal action per table; a finished deal pays ``rewards`` and restarts.

    Returns -1, or the first table whose action is illegal (then nothing changed).
    """
    bad = illegal(actions, mask)
    if bad >= 0:
        return bad
    players = stacks.shape[1]
    for t in range(actions.shape[0]):
        seat = state[t, ACTOR]
        a = actions[t]
        done[t] = False
        if a == FOLD:
            folded[t, seat] = True
        else:
            target = state[t, BET]
            if a == RAISE:
                state[t, LEVEL] += 1
                target = _level(ante, state[t, LEVEL])
                state[t, BET] = target
                for other in range(players):
                    if other != seat and not folded[t, other]:
                        needs[t, other] = True
            put = target - committed[t, seat]
            stacks[t, seat] -= put
            committed[t, seat] += put
            total[t, seat] += put
        needs[t, seat] = False
        # Who is next: the deal may end, a round may end, or the next player acts.
        live, last = 0, -1
        for other in range(players):
            if not folded[t, other]:
                live += 1
                last = other
        finished = False
        if live == 1:
            pot = state[t, CARRY]
            for other in range(players):
                pot += total[t, other]
            stacks[t, last] += pot
            state[t, CARRY] = 0
            finished = True
        else:
            nxt = -1
            for k in range(1, players + 1):
                other = (seat + k) % players
                if needs[t, other]:
                    nxt = other
                    break
            if nxt >= 0:
                state[t, ACTOR] = nxt
            elif state[t, ROUND] < ROUNDS:
                _start_round(t, state[t, ROUND] + 1, state, committed, folded, needs)
            else:
                _showdown(t, state, stacks, total, folded, deck, pack, penalty)
                finished = True
        if finished:
            for other in range(players):
                rewards[t, other] = stacks[t, other] - stack
            done[t] = True
            state[t, BUTTON] = (state[t, BUTTON] + 1) % players
            deal(t, state, stacks, committed, total, folded, needs, deck, rng, scratch, stack, ante)
        else:
            for other in range(players):
                rewards[t, other] = 0
        _mask(t, state, committed, mask, max_raises)
    return -1


@njit(cache=True)
def reset(
    state: Ints,
    stacks: Ints,
    committed: Ints,
    total: Ints,
    folded: Flags,
    needs: Flags,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
    mask: Flags,
    stack: int,
    ante: int,
    max_raises: int,
) -> None:
    """Every table afresh: a random button, no carried pot, a new deal."""
    players = stacks.shape[1]
    for t in range(state.shape[0]):
        state[t, BUTTON] = _random(rng, t, players)
        state[t, CARRY] = 0
        deal(t, state, stacks, committed, total, folded, needs, deck, rng, scratch, stack, ante)
        _mask(t, state, committed, mask, max_raises)
