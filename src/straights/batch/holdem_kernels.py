"""The Numba kernels of the no-limit hold'em batch: one deal of variant ``NT`` per row.

They follow :class:`straights.poker.Deal` step for step (``tests/test_batch_holdem.py``
replays random deals through it): seats are fixed, seat 0 posts the small blind
(heads-up the big one, as :meth:`straights.poker.Stakes.uniform` posts them);
``deck[t, 2 * seat]`` and ``deck[t, 2 * seat + 1]`` are a seat's hole cards,
then a burn, the flop, a burn, the turn, a burn and the river.

Per-table scalars are the columns of ``state`` (:data:`ACTOR` … :data:`SHORT`);
per-seat values are ``(tables, players)`` arrays.  ``queued`` marks the seats
still to act this street (the engine's queue of actors, in seat order from the
one to act); ``acted`` those who acted since the last full raise.  The kernels
never raise: :func:`step` returns the first table with an illegal action.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from straights.batch.common import illegal, in_hand, next_to_act, settle, shuffle
from straights.fast.kernels import _high_rows7

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Cards = npt.NDArray[np.uint8]

# Columns of ``state``: the seat to act, the street (0 pre-flop … 3 river), the
# largest raise increment of the street, and the sum of the all-in raises short
# of it since the last full raise (0: none).
ACTOR, STREET, FULL_RAISE, SHORT = range(4)
STATE_COLUMNS = 4
# Actions: then one per pot fraction of ``sizes`` and the largest raise (all-in).
FOLD, CALL, RAISE = 0, 1, 2
STREETS = 4
#: Board cards face up on each street, and where the board's cards are in the deck
#: (after the hole cards): burn, flop ×3, burn, turn, burn, river.
BOARD_SHOWN = (0, 3, 4, 5)
BOARD_AT = (1, 2, 3, 5, 7)


@njit(cache=True)
def _top(t: int, bets: Ints) -> int:
    top = 0
    for seat in range(bets.shape[1]):
        top = max(top, bets[t, seat])
    return top


@njit(cache=True)
def legal(
    t: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    acted: Flags,
    mask: Flags,
    targets: Ints,
    min_bet: int,
    sizes: npt.NDArray[np.float64],
) -> None:
    """Mask and raise targets (street totals) of the player to act, as
    :meth:`Deal.legal_actions` and ``straights.poker.actions.ActionLayout.betting``."""
    i = state[t, ACTOR]
    for a in range(mask.shape[1]):
        mask[t, a] = False
    top = _top(t, bets)
    mine, stack = bets[t, i], stacks[t, i]
    mask[t, FOLD] = top > mine
    mask[t, CALL] = True
    full = state[t, FULL_RAISE]
    if min(stack, top - mine) < full:
        return  # facing only an incomplete all-in raise
    if 0 < state[t, SHORT] < full and acted[t, i]:
        return  # an incomplete all-in does not reopen the betting
    if stack <= top - mine:
        return  # all his chips are needed to call
    answer = False
    for j in range(stacks.shape[1]):
        if j != i and not folded[t, j] and stacks[t, j] + bets[t, j] > top:
            answer = True
    if not answer:
        return  # nobody could call a raise
    high = stack + mine
    low = min(max(full, min_bet) + top, high)
    mask[t, RAISE] = True
    targets[t, RAISE] = low
    if high > low:
        pot = 0
        for j in range(stacks.shape[1]):
            pot += total[t, j]
        base = pot + top - mine
        last = low
        for k in range(sizes.shape[0]):
            to = top + int(sizes[k] * base + 0.5)
            if low < to < high and to != last:
                mask[t, RAISE + 1 + k] = True
                targets[t, RAISE + 1 + k] = to
                last = to
        mask[t, RAISE + 1 + sizes.shape[0]] = True
        targets[t, RAISE + 1 + sizes.shape[0]] = high


@njit(cache=True)
def _begin_betting(
    t: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    blinds: Ints,
) -> bool:
    """Queue the street's actors (:meth:`Deal._begin_betting`); False: no betting."""
    players = stacks.shape[1]
    opener = 0
    if state[t, STREET] == 0:  # left of the largest blind posted (ties: the later seat)
        most = -1
        for seat in range(players):
            if blinds[seat] > 0 and bets[t, seat] >= most:
                most, opener = bets[t, seat], seat
        opener = (opener + 1) % players
    top = _top(t, bets)
    first, second = -1, -1  # the two largest of bet + stack among the players in
    for seat in range(players):
        if not folded[t, seat]:
            have = bets[t, seat] + stacks[t, seat]
            if have > first:
                first, second = have, first
            elif have > second:
                second = have
    second = max(second, 0)
    count, actor = 0, -1
    for k in range(players):
        seat = (opener + k) % players
        q = not folded[t, seat] and stacks[t, seat] > 0 and second - bets[t, seat] > 0
        queued[t, seat] = q
        acted[t, seat] = False
        if q:
            count += 1
            if actor < 0:
                actor = seat
    state[t, FULL_RAISE] = 0
    state[t, SHORT] = 0
    state[t, ACTOR] = actor
    if count == 0 or (count == 1 and bets[t, actor] >= top):
        for seat in range(players):
            queued[t, seat] = False
        return False
    return True


@njit(cache=True)
def _collect(t: int, stacks: Ints, bets: Ints, total: Ints) -> None:
    """End of a street: what nobody could call goes back, the bets are cleared."""
    first, second = -1, -1
    for seat in range(bets.shape[1]):
        b = bets[t, seat]
        if b > first:
            first, second = b, first
        elif b > second:
            second = b
    for seat in range(bets.shape[1]):
        over = bets[t, seat] - second
        if over > 0:
            stacks[t, seat] += over
            total[t, seat] -= over
        bets[t, seat] = 0


@njit(cache=True)
def _pots(t: int, total: Ints, folded: Flags, out: Flags, amounts: Ints, eligible: Ints) -> int:
    """The main and side pots (:meth:`Deal.side_pots`): ``amounts[p]`` open to the
    seats of bit mask ``eligible[p]`` (in, not in ``out``); returns the count."""
    players = total.shape[1]
    levels = np.empty(players, dtype=np.int64)
    count = 0
    for seat in range(players):  # the distinct totals of the players in, sorted
        if folded[t, seat]:
            continue
        v = total[t, seat]
        k = 0
        while k < count and levels[k] < v:
            k += 1
        if k < count and levels[k] == v:
            continue
        for m in range(count, k, -1):
            levels[m] = levels[m - 1]
        levels[k] = v
        count += 1
    pots = 0
    prev = 0
    for k in range(count):
        level = levels[k]
        amount, who = 0, 0
        for seat in range(players):
            amount += min(total[t, seat], level) - min(total[t, seat], prev)
            if not folded[t, seat] and not out[seat] and total[t, seat] >= level:
                who |= 1 << seat
        if amount and pots and eligible[pots - 1] == who:
            amounts[pots - 1] += amount  # neighbours open to the same players: one pot
        elif amount:
            amounts[pots] = amount
            eligible[pots] = who
            pots += 1
        prev = level
    for seat in range(players):  # a folded player's chips beyond every live one
        amounts[pots - 1] += total[t, seat] - min(total[t, seat], prev)
    return pots


@njit(cache=True)
def _showdown(
    t: int,
    stacks: Ints,
    total: Ints,
    folded: Flags,
    deck: Cards,
    hands: Cards,
    keys: npt.NDArray[np.int32],
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> None:
    """Every pot to its best hands (:meth:`Deal._award`): hands that can win no chip
    are killed first, a split pot's odd chips go one a winner from the first seat on
    (Robert's *Ties*, the engine's default house rule)."""
    players = stacks.shape[1]
    b = 2 * players
    for seat in range(players):
        hands[seat, 0] = deck[t, 2 * seat]
        hands[seat, 1] = deck[t, 2 * seat + 1]
        for k in range(5):
            hands[seat, 2 + k] = deck[t, b + BOARD_AT[k]]
    _high_rows7(hands, keys, rank, flush, fsuit)
    out = np.zeros(players, dtype=np.bool_)
    amounts = np.zeros(players + 1, dtype=np.int64)
    eligible = np.zeros(players + 1, dtype=np.int64)
    pots = _pots(t, total, folded, out, amounts, eligible)
    for seat in range(players):
        if folded[t, seat]:
            continue
        may = False
        for p in range(pots):
            if eligible[p] >> seat & 1:
                top = True
                for j in range(players):
                    if eligible[p] >> j & 1 and keys[j] > keys[seat]:
                        top = False
                may = may or top
        out[seat] = not may
    amounts[:] = 0
    pots = _pots(t, total, folded, out, amounts, eligible)
    for p in range(pots):
        best, winners = -1, 0
        for seat in range(players):
            if eligible[p] >> seat & 1:
                if keys[seat] > best:
                    best, winners = keys[seat], 1
                elif keys[seat] == best:
                    winners += 1
        share = amounts[p] // winners
        odd = amounts[p] - share * winners  # one odd chip a winner, from the first seat on
        for seat in range(players):
            if eligible[p] >> seat & 1 and keys[seat] == best:
                extra = 1 if odd > 0 else 0
                stacks[t, seat] += share + extra
                odd -= extra


@njit(cache=True)
def _next_street(
    t: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    deck: Cards,
    blinds: Ints,
    hands: Cards,
    keys: npt.NDArray[np.int32],
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> bool:
    """Close the street and open the next one with betting (:meth:`Deal._next_street`);
    True when the deal ended (the pots are paid)."""
    players = stacks.shape[1]
    while True:
        if state[t, STREET] >= 0:
            _collect(t, stacks, bets, total)
        live, last = in_hand(t, folded)
        if live == 1:
            for seat in range(players):
                stacks[t, last] += total[t, seat]
            return True
        if state[t, STREET] + 1 >= STREETS:
            _showdown(t, stacks, total, folded, deck, hands, keys, rank, flush, fsuit)
            return True
        state[t, STREET] += 1
        if _begin_betting(t, state, stacks, bets, folded, queued, acted, blinds):
            return False


@njit(cache=True)
def open_deal(
    t: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    start: Ints,
    blinds: Ints,
) -> None:
    """Start the deal of ``deck[t]`` (already dealt): fresh stacks, blinds, the first to act.

    Every stack is more than its blind, so somebody always has a decision."""
    for seat in range(stacks.shape[1]):
        stacks[t, seat] = start[seat] - blinds[seat]
        bets[t, seat] = blinds[seat]
        total[t, seat] = blinds[seat]
        folded[t, seat] = False
    state[t, STREET] = 0
    _begin_betting(t, state, stacks, bets, folded, queued, acted, blinds)


@njit(cache=True)
def deal(
    t: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    deck: Cards,
    rng: npt.NDArray[np.uint64],
    scratch: Cards,
    start: Ints,
    blinds: Ints,
) -> None:
    """Deal afresh at table ``t``: shuffle, then :func:`open_deal`."""
    shuffle(t, deck, rng, scratch)
    open_deal(t, state, stacks, bets, total, folded, queued, acted, start, blinds)


@njit(cache=True)
def _act(
    t: int,
    a: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    targets: Ints,
) -> None:
    """The player to act takes legal action ``a`` (:meth:`Deal.act`)."""
    players = stacks.shape[1]
    i = state[t, ACTOR]
    queued[t, i] = False
    top = _top(t, bets)
    if a == FOLD:
        folded[t, i] = True
        acted[t, i] = True
        return
    put = min(stacks[t, i], top - bets[t, i]) if a == CALL else targets[t, a] - bets[t, i]
    stacks[t, i] -= put
    bets[t, i] += put
    total[t, i] += put
    if a == CALL:
        acted[t, i] = True
        return
    increment = bets[t, i] - top
    for j in range(players):
        queued[t, j] = j != i and not folded[t, j] and stacks[t, j] > 0
        if increment >= state[t, FULL_RAISE]:
            acted[t, j] = False
    acted[t, i] = True
    full = max(state[t, FULL_RAISE], increment)
    state[t, FULL_RAISE] = full
    short = 0 if stacks[t, i] > 0 else state[t, SHORT] + increment
    state[t, SHORT] = 0 if short >= full else short


@njit(cache=True)
def advance(
    t: int,
    a: int,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    deck: Cards,
    targets: Ints,
    blinds: Ints,
    hands: Cards,
    keys: npt.NDArray[np.int32],
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> bool:
    """The player to act at table ``t`` takes legal action ``a``; the next player is to
    act, or the deal ends (True: the pots are paid)."""
    _act(t, a, state, stacks, bets, total, folded, queued, acted, targets)
    nxt = next_to_act(t, state[t, ACTOR], queued) if in_hand(t, folded)[0] > 1 else -1
    if nxt >= 0:
        state[t, ACTOR] = nxt
        return False
    return _next_street(
        t, state, stacks, bets, total, folded, queued, acted, deck, blinds,
        hands, keys, rank, flush, fsuit,
    )  # fmt: skip


@njit(cache=True)
def step(
    actions: Ints,
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    deck: Cards,
    rng: npt.NDArray[np.uint64],
    scratch: Cards,
    mask: Flags,
    targets: Ints,
    rewards: Ints,
    done: Flags,
    start: Ints,
    blinds: Ints,
    min_bet: int,
    sizes: npt.NDArray[np.float64],
    hands: Cards,
    keys: npt.NDArray[np.int32],
    rank: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> int:
    """Apply one legal action per table; a finished deal pays ``rewards`` and deals again.

    Returns -1, or the first table whose action is illegal (then nothing changed).
    """
    bad = illegal(actions, mask)
    if bad >= 0:
        return bad
    ev = (hands, keys, rank, flush, fsuit)
    for t in range(actions.shape[0]):
        # advance(), written out: the call costs the batch a quarter of its speed.
        _act(t, actions[t], state, stacks, bets, total, folded, queued, acted, targets)
        nxt = next_to_act(t, state[t, ACTOR], queued) if in_hand(t, folded)[0] > 1 else -1
        finished = False
        if nxt >= 0:
            state[t, ACTOR] = nxt
        else:
            finished = _next_street(
                t, state, stacks, bets, total, folded, queued, acted, deck, blinds, *ev
            )
        settle(t, finished, stacks, start, rewards, done)
        if finished:
            deal(t, state, stacks, bets, total, folded, queued, acted, deck, rng, scratch,
                 start, blinds)  # fmt: skip
        legal(t, state, stacks, bets, total, folded, acted, mask, targets, min_bet, sizes)
    return -1


@njit(cache=True)
def reset(
    state: Ints,
    stacks: Ints,
    bets: Ints,
    total: Ints,
    folded: Flags,
    queued: Flags,
    acted: Flags,
    deck: Cards,
    rng: npt.NDArray[np.uint64],
    scratch: Cards,
    mask: Flags,
    targets: Ints,
    start: Ints,
    blinds: Ints,
    min_bet: int,
    sizes: npt.NDArray[np.float64],
) -> None:
    """Every table deals afresh."""
    for t in range(state.shape[0]):
        deal(
            t, state, stacks, bets, total, folded, queued, acted, deck, rng, scratch, start, blinds
        )
        legal(t, state, stacks, bets, total, folded, acted, mask, targets, min_bet, sizes)
