"""The Numba kernels of the no-limit hold'em AEC environment: one table, one deal at a time.

They play the deal with the batch kernels of :mod:`straights.batch.holdem_kernels`
(the rules, checked against :class:`straights.poker.Deal` hand by hand) on a
single table, keep the public record of the deal and write a seat's
observation in the layout of :class:`straights.rl.observation.Encoding`.
``tests/test_rl_holdem.py`` plays random deals through this environment and
the engine's, side by side, and compares every observation, mask and reward.

The state is a few arrays, so that a call passes few arguments: ``state``
(one row: the batch columns, then :data:`OVER` and :data:`RECORDED`),
``seats`` (int64 rows :data:`STACKS` … :data:`BLINDS` by seat), ``flags``
(bool rows :data:`FOLDED` … :data:`ACTED` by seat), ``deck`` (one row: the
card ids in dealing order), ``mask`` (bool, one row) and ``targets``,
``record`` (one row per public action: player, kind, amount in units, street).
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt
from numba import njit

from straights.batch import holdem as _batch  # noqa: F401  (moves the batch kernels' caches)
from straights.batch import holdem_kernels as hk
from straights.fast import _relocate_caches

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Cards = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float64]

# Columns of ``state`` after the batch kernels' own: the deal is over (1) or not (0);
# how many rows of ``record`` hold actions.
OVER = hk.STATE_COLUMNS
RECORDED = hk.STATE_COLUMNS + 1
STATE_COLUMNS = hk.STATE_COLUMNS + 2
# Rows of ``seats`` and of ``flags``.
STACKS, BETS, TOTAL, START, BLINDS = range(5)
SEAT_ROWS = 5
FOLDED, QUEUED, ACTED = range(3)
FLAG_ROWS = 3
# Entries of ``layout``: where the segments of the observation start, the width of a
# card slot, the cards a hand holds, the length of a record row, the streets.
SEAT_AT, STREET_AT, PHASE_AT, CARDS_AT, BOARD_AT, CHIPS_AT, HISTORY_AT = range(7)
WIDTH, HAND, ROW, STREETS = range(7, 11)
LAYOUT = 11
# Kinds of public action, as ``straights.rl.observation.KINDS`` numbers them.
_FOLD, _CHECK, _CALL, _BET, _RAISE = 0, 1, 2, 5, 6
#: What :func:`play` returns for an action that is not legal now (the state unchanged).
ILLEGAL = -2


@njit(cache=True)
def begin(
    state: Ints,
    seats: Ints,
    flags: Flags,
    mask: Flags,
    targets: Ints,
    min_bet: int,
    sizes: Floats,
) -> int:
    """Start the deal of ``deck`` (filled by the caller); returns the seat to act."""
    stacks, bets, total = (
        seats[STACKS : STACKS + 1],
        seats[BETS : BETS + 1],
        seats[TOTAL : TOTAL + 1],
    )
    folded, queued = flags[FOLDED : FOLDED + 1], flags[QUEUED : QUEUED + 1]
    acted = flags[ACTED : ACTED + 1]
    hk.open_deal(0, state, stacks, bets, total, folded, queued, acted, seats[START],
                 seats[BLINDS])  # fmt: skip
    state[0, OVER] = 0
    state[0, RECORDED] = 0
    hk.legal(0, state, stacks, bets, total, folded, acted, mask, targets, min_bet, sizes)
    return int(state[0, hk.ACTOR])


@njit(cache=True)
def _record(record: Floats, state: Ints, player: int, kind: int, amount: float) -> None:
    """Add a public action to ``record``, keeping its last rows when it is full."""
    rows = record.shape[0]
    count = state[0, RECORDED]
    if count == rows:
        for r in range(rows - 1):
            for c in range(4):
                record[r, c] = record[r + 1, c]
        count -= 1
    record[count, 0] = player
    record[count, 1] = kind
    record[count, 2] = amount
    record[count, 3] = state[0, hk.STREET]
    state[0, RECORDED] = count + 1


@njit(cache=True)
def play(
    a: int,
    state: Ints,
    seats: Ints,
    flags: Flags,
    deck: Cards,
    mask: Flags,
    targets: Ints,
    min_bet: int,
    sizes: Floats,
    record: Floats,
    unit: int,
    showdown: tuple[
        Cards,
        npt.NDArray[np.int32],
        npt.NDArray[np.uint16],
        npt.NDArray[np.uint16],
        npt.NDArray[np.int8],
    ],
) -> int:
    """The seat to act takes action ``a``: returns the next seat to act, -1 when the deal
    ended (the pots are paid), or :data:`ILLEGAL` (nothing changed)."""
    if state[0, OVER] or a < 0 or a >= mask.shape[1] or not mask[0, a]:
        return ILLEGAL
    stacks, bets, total = (
        seats[STACKS : STACKS + 1],
        seats[BETS : BETS + 1],
        seats[TOTAL : TOTAL + 1],
    )
    folded, queued = flags[FOLDED : FOLDED + 1], flags[QUEUED : QUEUED + 1]
    acted = flags[ACTED : ACTED + 1]
    i = state[0, hk.ACTOR]
    top = 0
    for seat in range(bets.shape[1]):
        top = max(top, bets[0, seat])
    if a == hk.FOLD:
        _record(record, state, i, _FOLD, 0.0)
    elif a == hk.CALL:
        if top > bets[0, i]:
            to = bets[0, i] + min(stacks[0, i], top - bets[0, i])
            _record(record, state, i, _CALL, to / unit)
        else:
            _record(record, state, i, _CHECK, 0.0)
    else:
        _record(record, state, i, _RAISE if top else _BET, targets[0, a] / unit)
    hands, keys, rank, flush, fsuit = showdown
    if hk.advance(0, a, state, stacks, bets, total, folded, queued, acted, deck, targets,
                  seats[BLINDS], hands, keys, rank, flush, fsuit):  # fmt: skip
        state[0, OVER] = 1
        mask[0, :] = False
        return -1
    hk.legal(0, state, stacks, bets, total, folded, acted, mask, targets, min_bet, sizes)
    return int(state[0, hk.ACTOR])


@njit(cache=True)
def observe(
    seat: int,
    out: npt.NDArray[np.float32],
    state: Ints,
    seats: Ints,
    flags: Flags,
    deck: Cards,
    mask: Flags,
    targets: Ints,
    record: Floats,
    layout: Ints,
    deck_index: Ints,
    per_unit: float,
) -> None:
    """Write ``seat``'s observation into ``out`` (zeros), as
    :meth:`straights.rl.observation.Encoding.encode` writes it from the engine's view."""
    n = seats.shape[1]
    w, hand = layout[WIDTH], layout[HAND]
    over = state[0, OVER] != 0
    street = state[0, hk.STREET]
    folded = flags[FOLDED]
    out[layout[SEAT_AT] + seat] = 1.0
    out[layout[STREET_AT] + (layout[STREETS] if over else street)] = 1.0
    if not over:
        out[layout[PHASE_AT]] = 1.0  # betting: the only phase of hold'em
    live = 0
    for i in range(n):
        live += not folded[i]
    shown = over and live > 1  # the hands of a showdown are shown to everyone
    for rel in range(n):
        i = (seat + rel) % n
        if folded[i]:
            continue  # a folded hand is seen by nobody, himself included
        base = layout[CARDS_AT] + rel * hand * w
        for k in range(2):
            visible = i == seat or shown
            out[base + k * w + (deck_index[deck[0, 2 * i + k]] if visible else w - 1)] = 1.0
    base = layout[BOARD_AT]
    for k in range(hk.BOARD_SHOWN[street]):
        out[base + k * w + deck_index[deck[0, 2 * n + hk.BOARD_AT[k]]]] = 1.0
    at = layout[CHIPS_AT]
    if not over:
        pot = 0
        for i in range(n):
            pot += seats[TOTAL, i]
        out[at] = pot * per_unit
    for rel in range(n):
        i = (seat + rel) % n
        stack = seats[STACKS, i]
        if folded[i]:
            out[at + 3] = 1.0
        elif stack == 0:
            out[at + 4] = 1.0
        out[at + 1] = stack * per_unit
        out[at + 2] = seats[BETS, i] * per_unit
        at += 4
    if not over and state[0, hk.ACTOR] == seat:
        if mask[0, hk.FOLD]:  # facing a bet: the call
            top = 0
            for i in range(n):
                top = max(top, seats[BETS, i])
            out[at + 1] = min(seats[STACKS, seat], top - seats[BETS, seat]) * per_unit
        if mask[0, hk.RAISE]:
            last = mask.shape[1] - 1
            low = targets[0, hk.RAISE]
            out[at + 2] = low * per_unit
            out[at + 3] = (targets[0, last] if mask[0, last] else low) * per_unit
    row = layout[ROW]
    at = layout[HISTORY_AT]
    for r in range(state[0, RECORDED]):
        out[at + (int(record[r, 0]) - seat) % n] = 1.0
        out[at + n + int(record[r, 1])] = 1.0
        out[at + n + 9] = record[r, 2]
        out[at + n + 10 + int(record[r, 3])] = 1.0
        at += row


_relocate_caches(sys.modules[__name__])
