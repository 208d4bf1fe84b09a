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

from straights.batch.common import illegal, in_hand, next_to_act, random_below, settle, shuffle
from straights.fast.kernels import STR8_SHIFT, straights_key

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

# Columns of ``state``.
BUTTON, ROUND, LEVEL, BET, ACTOR, CARRY = range(6)
STATE_COLUMNS = 6
# Actions.
FOLD, CALL, RAISE = 0, 1, 2
ROUNDS = 5
#: ``acted`` before a player's first action in a round (below every ladder level).
NOT_ACTED = -2


@njit(cache=True)
def _level(ante: int, k: int) -> int:
    """Total of ladder level ``k``: the bet is the ante, each raise doubles the increment."""
    return ((2 << k) - 1) * ante


@njit(cache=True)
def _mask(
    t: int,
    state: Ints,
    stacks: Ints,
    committed: Ints,
    folded: Flags,
    acted: Ints,
    mask: Flags,
    max_raises: int,
) -> None:
    """Legal actions of the player to act, as :meth:`straights.game.Hand.legal_actions`."""
    seat = state[t, ACTOR]
    stack = stacks[t, seat]
    to_call = state[t, BET] - committed[t, seat]
    mask[t, FOLD] = to_call > 0
    mask[t, CALL] = True
    may = state[t, LEVEL] + 1 <= max_raises and acted[t, seat] < state[t, LEVEL]
    if to_call > 0 and stack <= to_call:
        may = False  # all his chips are needed to call
    if may:
        others = False  # somebody else must be able to answer
        for other in range(stacks.shape[1]):
            if other != seat and not folded[t, other] and stacks[t, other] > 0:
                others = True
        may = others
    mask[t, RAISE] = may


@njit(cache=True)
def _start_round(
    t: int,
    rnd: int,
    state: Ints,
    stacks: Ints,
    committed: Ints,
    folded: Flags,
    needs: Flags,
    acted: Ints,
) -> bool:
    """Open betting round ``rnd``; False when fewer than two players can bet in it."""
    players = committed.shape[1]
    state[t, ROUND] = rnd
    state[t, LEVEL] = -1
    state[t, BET] = 0
    first = -1
    live = 0
    for k in range(players):
        seat = (state[t, BUTTON] + 1 + k) % players
        committed[t, seat] = 0
        acted[t, seat] = NOT_ACTED
        can = not folded[t, seat] and stacks[t, seat] > 0
        needs[t, seat] = can
        if can:
            live += 1
            if first < 0:
                first = seat
    state[t, ACTOR] = first
    if live < 2:
        for seat in range(players):
            needs[t, seat] = False
        return False
    return True


@njit(cache=True)
def deal(
    t: int,
    state: Ints,
    stacks: Ints,
    committed: Ints,
    total: Ints,
    folded: Flags,
    needs: Flags,
    acted: Ints,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
    start: Ints,
    ante: int,
) -> None:
    """Start a deal at table ``t``: shuffle, fresh stacks, antes, round 1."""
    shuffle(t, deck, rng, scratch)
    for seat in range(stacks.shape[1]):
        stacks[t, seat] = start[seat] - ante  # more than the ante: everybody bets in round 1
        total[t, seat] = ante
        folded[t, seat] = False
    _start_round(t, 1, state, stacks, committed, folded, needs, acted)


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
    """Main pot and side pots (:meth:`straights.game.Hand.side_pots`), each to its best
    hand; a pot whose best hands tie on S-T-R-8 stays in the middle (rule 10)."""
    players = stacks.shape[1]
    b = 2 * players
    keys = np.full(players, -1, dtype=np.int64)
    levels = np.empty(players + 1, dtype=np.int64)
    count = 0
    top = 0
    for k in range(players):
        seat = (state[t, BUTTON] + 1 + k) % players
        if folded[t, seat]:
            continue
        keys[seat] = straights_key(
            deck[t, k],
            deck[t, players + k],
            deck[t, b],
            deck[t, b + 1],
            deck[t, b + 2],
            deck[t, b + 3],
            deck[t, b + 4],
            pack,
        )
        top = max(top, total[t, seat])
        if stacks[t, seat] == 0:
            levels[count] = total[t, seat]
            count += 1
    levels[count] = top
    levels = np.unique(levels[: count + 1])  # sorted
    amounts = np.zeros(levels.shape[0], dtype=np.int64)
    prev = 0
    for p in range(levels.shape[0]):
        for seat in range(players):
            amounts[p] += min(total[t, seat], levels[p]) - min(total[t, seat], prev)
        prev = levels[p]
    for seat in range(players):  # a folded player's chips beyond every live one
        amounts[levels.shape[0] - 1] += total[t, seat] - min(total[t, seat], prev)
    amounts[0] += state[t, CARRY]
    won = np.zeros(players, dtype=np.int64)
    carried = 0
    for p in range(levels.shape[0]):
        best, second, winner, eligible = -1, -1, -1, 0
        for seat in range(players):
            if keys[seat] < 0 or (stacks[t, seat] == 0 and total[t, seat] < levels[p]):
                continue
            eligible += 1
            if keys[seat] > best:
                best, second, winner = keys[seat], best, seat
            elif keys[seat] > second:
                second = keys[seat]
        if eligible > 1 and best == second and best >> STR8_SHIFT:
            carried += amounts[p]  # rule 10: nobody wins this pot
        else:
            won[winner] += amounts[p]
    for seat in range(players):
        stacks[t, seat] += won[seat]
    if carried:
        for seat in range(players):
            paid = min(penalty, stacks[t, seat])
            stacks[t, seat] -= paid
            carried += paid
    state[t, CARRY] = carried


@njit(cache=True)
def step(
    actions: Ints,
    state: Ints,
    stacks: Ints,
    committed: Ints,
    total: Ints,
    folded: Flags,
    needs: Flags,
    acted: Ints,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
    mask: Flags,
    rewards: Ints,
    done: Flags,
    start: Ints,
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
        if a == FOLD:
            folded[t, seat] = True
        else:
            mine = committed[t, seat]
            have = stacks[t, seat]
            if a == CALL:
                put = min(state[t, BET] - mine, have)
            else:
                target = _level(ante, state[t, LEVEL] + 1)
                put = min(target - mine, have)  # short of the ladder: all-in, no new level
                if mine + put == target:
                    state[t, LEVEL] += 1
                state[t, BET] = mine + put
                for other in range(players):
                    if other != seat and not folded[t, other] and stacks[t, other] > 0:
                        needs[t, other] = True
            stacks[t, seat] -= put
            committed[t, seat] += put
            total[t, seat] += put
        needs[t, seat] = False
        acted[t, seat] = state[t, LEVEL]
        # Who is next: the deal may end, a round may end, or the next player acts.
        live, last = in_hand(t, folded)
        finished = False
        if live == 1:
            pot = state[t, CARRY]
            for other in range(players):
                pot += total[t, other]
            stacks[t, last] += pot
            state[t, CARRY] = 0
            finished = True
        else:
            nxt = next_to_act(t, seat, needs)
            if nxt >= 0:
                state[t, ACTOR] = nxt
            else:
                rnd = state[t, ROUND]
                while True:
                    if rnd == ROUNDS:
                        _showdown(t, state, stacks, total, folded, deck, pack, penalty)
                        finished = True
                        break
                    rnd += 1
                    if _start_round(t, rnd, state, stacks, committed, folded, needs, acted):
                        break
        settle(t, finished, stacks, start, rewards, done)
        if finished:
            state[t, BUTTON] = (state[t, BUTTON] + 1) % players
            deal(
                t,
                state,
                stacks,
                committed,
                total,
                folded,
                needs,
                acted,
                deck,
                rng,
                scratch,
                start,
                ante,
            )
        _mask(t, state, stacks, committed, folded, acted, mask, max_raises)
    return -1


@njit(cache=True)
def reset(
    state: Ints,
    stacks: Ints,
    committed: Ints,
    total: Ints,
    folded: Flags,
    needs: Flags,
    acted: Ints,
    deck: npt.NDArray[np.uint8],
    rng: npt.NDArray[np.uint64],
    scratch: npt.NDArray[np.uint8],
    mask: Flags,
    start: Ints,
    ante: int,
    max_raises: int,
) -> None:
    """Every table afresh: a random button, no carried pot, a new deal."""
    players = stacks.shape[1]
    for t in range(state.shape[0]):
        state[t, BUTTON] = random_below(rng, t, players)
        state[t, CARRY] = 0
        deal(
            t,
            state,
            stacks,
            committed,
            total,
            folded,
            needs,
            acted,
            deck,
            rng,
            scratch,
            start,
            ante,
        )
        _mask(t, state, stacks, committed, folded, acted, mask, max_raises)
