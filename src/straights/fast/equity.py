"""Equity kernels: count who wins over every completion of a deal, or over random ones.

A *deal* is a fixed list of players' hole cards, some table cards, and the
cards still unseen.  Exact kernels walk a range of *tasks*: task ``i`` is hole
assignment ``i // F`` (the callers enumerate the unknown hole cards) with the
first unknown table card ``decks[b, i % F]``; the remaining unknown table cards
run over every combination after it.  Splitting the task range is how one job
is spread over threads (``prange``) and over an executor's workers.

Every kernel returns ``(wins, ties, equity, equity_sq, no_winner, tie_bugs)``:
sole wins and shared wins per player (shared only in high games), the pot
share summed over completions and its square (for Monte Carlo standard errors),
rule-10 pots (Straights only), and Straights ties outside rule 10, which must
stay zero.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from straights.fast.kernels import (
    EIGHT_ORDER,
    RANK_SUIT,
    SPECIAL_BIT,
    STR8_SHIFT,
    SUIT_POS,
    hand_strength,
    key_from_parts,
    straights_key,
)
from straights.fast.lookup import RANK_KEYS, SUIT_KEYS

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
Result = tuple[I64, I64, F64, F64, int, int]

STRAIGHTS = 0
HIGH = 1


@njit(cache=True)
def _suit_mask(c: int) -> int:
    return 1 << (16 * (c & 3) + (c >> 2))


@njit(cache=True, inline="always")
def _score(
    game: int,
    holes: I64,
    table: I64,
    pack: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    keys: I64,
    wins: I64,
    ties: I64,
    eq: F64,
    eq2: F64,
) -> tuple[int, int]:
    """Score one complete deal into the accumulators; returns (no_winner, tie_bug) flags."""
    n = holes.shape[0]
    t0, t1, t2, t3, t4 = table[0], table[1], table[2], table[3], table[4]
    if game == STRAIGHTS:
        for p in range(n):
            keys[p] = straights_key(holes[p, 0], holes[p, 1], t0, t1, t2, t3, t4, pack)
    else:
        bk = RANK_KEYS[t0 >> 2] + RANK_KEYS[t1 >> 2] + RANK_KEYS[t2 >> 2]
        bk += RANK_KEYS[t3 >> 2] + RANK_KEYS[t4 >> 2]
        bs = SUIT_KEYS[t0 & 3] + SUIT_KEYS[t1 & 3] + SUIT_KEYS[t2 & 3]
        bs += SUIT_KEYS[t3 & 3] + SUIT_KEYS[t4 & 3]
        bm = _suit_mask(t0) | _suit_mask(t1) | _suit_mask(t2) | _suit_mask(t3) | _suit_mask(t4)
        for p in range(n):
            a, b = holes[p, 0], holes[p, 1]
            s = fsuit[bs + SUIT_KEYS[a & 3] + SUIT_KEYS[b & 3]]
            if s >= 0:
                m = (bm | _suit_mask(a) | _suit_mask(b)) >> (16 * s) & 0x1FFF
                keys[p] = flush[m]
            else:
                keys[p] = rank7[bk + RANK_KEYS[a >> 2] + RANK_KEYS[b >> 2]]
    best = keys[0]
    arg = 0
    count = 1
    for p in range(1, n):
        if keys[p] > best:
            best, arg, count = keys[p], p, 1
        elif keys[p] == best:
            count += 1
    if game == STRAIGHTS and pack == 55:
        sp = SPECIAL_BIT[t0] | SPECIAL_BIT[t1] | SPECIAL_BIT[t2] | SPECIAL_BIT[t3] | SPECIAL_BIT[t4]
        if sp == 7:
            e8 = max(
                EIGHT_ORDER[t0], EIGHT_ORDER[t1], EIGHT_ORDER[t2], EIGHT_ORDER[t3], EIGHT_ORDER[t4]
            )
            if e8 and best == e8 << STR8_SHIFT:
                return 1, 0  # rule 10: S-T-R-8 on the table, no higher 8 in hand
    if count == 1:
        wins[arg] += 1
        eq[arg] += 1.0
        eq2[arg] += 1.0
        return 0, 0
    if game == STRAIGHTS:
        return 0, 1
    share = 1.0 / count
    for p in range(n):
        if keys[p] == best:
            ties[p] += 1
            eq[p] += share
            eq2[p] += share * share
    return 0, 0


@njit(cache=True)
def _exact_task(
    task: int,
    game: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    pack: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    wins: I64,
    ties: I64,
    eq: F64,
    eq2: F64,
) -> tuple[int, int]:
    m = decks.shape[1]
    firsts = m - unknown + 1 if unknown else 1
    b = task // firsts
    first = task % firsts
    table = known.copy()
    k = 5 - unknown
    keys = np.empty(holes.shape[1], dtype=np.int64)
    nowin = bugs = 0
    hb = holes[b]
    if unknown == 0:
        return _score(game, hb, table, pack, rank7, flush, fsuit, keys, wins, ties, eq, eq2)
    table[k] = decks[b, first]
    r = unknown - 1
    idx = np.empty(max(r, 1), dtype=np.int64)
    for j in range(r):
        idx[j] = first + 1 + j
    if r and idx[r - 1] >= m:
        return 0, 0
    while True:
        for j in range(r):
            table[k + 1 + j] = decks[b, idx[j]]
        x, y = _score(game, hb, table, pack, rank7, flush, fsuit, keys, wins, ties, eq, eq2)
        nowin += x
        bugs += y
        j = r - 1
        while j >= 0 and idx[j] == m - r + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, r):
            idx[q] = idx[q - 1] + 1
    return nowin, bugs


@njit(cache=True)
def _exact_task_high(
    task: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    wins: I64,
    ties: I64,
    eq: F64,
    eq2: F64,
) -> None:
    """:func:`_exact_task` for high hands, carrying partial board sums down the odometer."""
    m = decks.shape[1]
    b = task // (m - unknown + 1)
    first = task % (m - unknown + 1)
    players = holes.shape[1]
    hk = np.empty(players, dtype=np.int64)
    hs = np.empty(players, dtype=np.int64)
    hm = np.empty(players, dtype=np.int64)
    for p in range(players):
        x, y = holes[b, p, 0], holes[b, p, 1]
        hk[p] = RANK_KEYS[x >> 2] + RANK_KEYS[y >> 2]
        hs[p] = SUIT_KEYS[x & 3] + SUIT_KEYS[y & 3]
        hm[p] = _suit_mask(x) | _suit_mask(y)
    r = unknown - 1
    pk = np.zeros(r + 1, dtype=np.int64)
    ps = np.zeros(r + 1, dtype=np.int64)
    pm = np.zeros(r + 1, dtype=np.int64)
    cards = known.copy()
    cards[5 - unknown] = decks[b, first]
    for j in range(5 - unknown + 1):
        c = cards[j]
        pk[0] += RANK_KEYS[c >> 2]
        ps[0] += SUIT_KEYS[c & 3]
        pm[0] |= _suit_mask(c)
    idx = np.empty(max(r, 1), dtype=np.int64)
    for j in range(r):
        idx[j] = first + 1 + j
    keys = np.empty(players, dtype=np.int64)
    j = 0
    while True:
        for q in range(j, r):
            c = decks[b, idx[q]]
            pk[q + 1] = pk[q] + RANK_KEYS[c >> 2]
            ps[q + 1] = ps[q] + SUIT_KEYS[c & 3]
            pm[q + 1] = pm[q] | _suit_mask(c)
        bk, bs, bm = pk[r], ps[r], pm[r]
        best = -1
        arg = 0
        count = 0
        for p in range(players):
            s = fsuit[bs + hs[p]]
            v = int(flush[(bm | hm[p]) >> (16 * s) & 0x1FFF] if s >= 0 else rank7[bk + hk[p]])
            keys[p] = v
            if v > best:
                best, arg, count = v, p, 1
            elif v == best:
                count += 1
        if count == 1:
            wins[arg] += 1
            eq[arg] += 1.0
            eq2[arg] += 1.0
        else:
            share = 1.0 / count
            for p in range(players):
                if keys[p] == best:
                    ties[p] += 1
                    eq[p] += share
                    eq2[p] += share * share
        j = r - 1
        while j >= 0 and idx[j] == m - r + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, r):
            idx[q] = idx[q - 1] + 1


@njit(cache=True)
def _exact_task_straights(
    task: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    pack: int,
    wins: I64,
    eq: F64,
    eq2: F64,
) -> tuple[int, int]:
    """:func:`_exact_task` for Straights, carrying the table's OR-ed bits down the odometer."""
    m = decks.shape[1]
    b = task // (m - unknown + 1)
    first = task % (m - unknown + 1)
    players = holes.shape[1]
    h_s = np.empty(players, dtype=np.int64)
    h_hand = np.empty(players, dtype=np.int64)
    for p in range(players):
        x, y = holes[b, p, 0], holes[b, p, 1]
        h_s[p] = SUIT_POS[x] | SUIT_POS[y]
        h_hand[p] = hand_strength(x, y)
    r = unknown - 1
    p_s = np.zeros(r + 1, dtype=np.int64)
    p_sp = np.zeros(r + 1, dtype=np.int64)
    p_8 = np.zeros(r + 1, dtype=np.int64)
    cards = known.copy()
    cards[5 - unknown] = decks[b, first]
    for j in range(5 - unknown + 1):
        c = cards[j]
        p_s[0] |= SUIT_POS[c]
        p_sp[0] |= SPECIAL_BIT[c]
        p_8[0] = max(p_8[0], EIGHT_ORDER[c])
    idx = np.empty(max(r, 1), dtype=np.int64)
    for j in range(r):
        idx[j] = first + 1 + j
    nowin = bugs = 0
    j = 0
    while True:
        for q in range(j, r):
            c = decks[b, idx[q]]
            p_s[q + 1] = p_s[q] | SUIT_POS[c]
            p_sp[q + 1] = p_sp[q] | SPECIAL_BIT[c]
            p_8[q + 1] = max(p_8[q], EIGHT_ORDER[c])
        t_s, t_sp, t_8 = p_s[r], p_sp[r], p_8[r]
        best = -1
        arg = 0
        count = 0
        for p in range(players):
            v = key_from_parts(h_s[p], t_s, h_hand[p], pack)
            if v > best:
                best, arg, count = v, p, 1
            elif v == best:
                count += 1
        if pack == 55 and t_sp == 7 and t_8 and best == t_8 << STR8_SHIFT:
            nowin += 1
        elif count == 1:
            wins[arg] += 1
            eq[arg] += 1.0
            eq2[arg] += 1.0
        else:
            bugs += 1
        j = r - 1
        while j >= 0 and idx[j] == m - r + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, r):
            idx[q] = idx[q - 1] + 1
    return nowin, bugs


@njit(cache=True)
def _task(
    task: int,
    game: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    pack: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    wins: I64,
    ties: I64,
    eq: F64,
    eq2: F64,
) -> tuple[int, int]:
    """One task of an exact job on the fastest kernel for its game; (no_winner, tie_bugs)."""
    if game == HIGH and unknown > 0:
        _exact_task_high(
            task, holes, decks, known, unknown, rank7, flush, fsuit, wins, ties, eq, eq2
        )
        return 0, 0
    if game == STRAIGHTS and unknown > 0:
        return _exact_task_straights(task, holes, decks, known, unknown, pack, wins, eq, eq2)
    return _exact_task(
        task, game, holes, decks, known, unknown, pack, rank7, flush, fsuit, wins, ties, eq, eq2
    )


@njit(cache=True, inline="always")
def _exact_over(
    game: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    pack: int,
    tasks: I64,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Result:
    """The one body of :func:`exact` and :func:`exact_serial`: a row of accumulators per
    task, summed at the end.  Inlined, so its ``prange`` runs on threads in ``exact``
    and as a plain loop in ``exact_serial``."""
    players = holes.shape[1]
    n = tasks.shape[0]
    wins = np.zeros((n, players), dtype=np.int64)
    ties = np.zeros((n, players), dtype=np.int64)
    eq = np.zeros((n, players), dtype=np.float64)
    eq2 = np.zeros((n, players), dtype=np.float64)
    flags = np.zeros((n, 2), dtype=np.int64)
    for i in prange(n):
        x, y = _task(
            tasks[i],
            game,
            holes,
            decks,
            known,
            unknown,
            pack,
            rank7,
            flush,
            fsuit,
            wins[i],
            ties[i],
            eq[i],
            eq2[i],
        )
        flags[i, 0] = x
        flags[i, 1] = y
    return (
        wins.sum(axis=0),
        ties.sum(axis=0),
        eq.sum(axis=0),
        eq2.sum(axis=0),
        flags[:, 0].sum(),
        flags[:, 1].sum(),
    )


@njit(cache=True, parallel=True)
def exact(
    game: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    pack: int,
    tasks: I64,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Result:
    """Exact counts over the listed tasks (see the module docstring), on Numba's threads."""
    return _exact_over(game, holes, decks, known, unknown, pack, tasks, rank7, flush, fsuit)


@njit(cache=True)
def exact_serial(
    game: int,
    holes: I64,
    decks: I64,
    known: I64,
    unknown: int,
    pack: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Result:
    """:func:`exact` over every task on the calling thread: for the many small jobs of a
    bot, where starting threads would cost more than the work."""
    n = decks.shape[0] * (decks.shape[1] - unknown + 1 if unknown else 1)
    tasks = np.arange(n, dtype=np.int64)
    return _exact_over(game, holes, decks, known, unknown, pack, tasks, rank7, flush, fsuit)


@njit(cache=True)
def _next(state: npt.NDArray[np.uint64]) -> np.uint64:
    """splitmix64: a small, fast, well-mixed generator with one word of state."""
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return np.uint64(z ^ (z >> np.uint64(31)))


@njit(cache=True)
def _sample_block(
    seed: int,
    samples: int,
    game: int,
    holes: I64,
    table: I64,
    deck: I64,
    pack: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    wins: I64,
    ties: I64,
    eq: F64,
    eq2: F64,
) -> tuple[int, int]:
    players = holes.shape[0]
    state = np.empty(1, dtype=np.uint64)
    state[0] = np.uint64(seed)
    d = deck.copy()
    m = d.shape[0]
    h = holes.copy()
    t = table.copy()
    keys = np.empty(players, dtype=np.int64)
    nowin = bugs = 0
    for _ in range(samples):
        drawn = 0
        for p in range(players):
            for j in range(2):
                if holes[p, j] < 0:
                    r = drawn + np.int64(_next(state) % np.uint64(m - drawn))
                    d[drawn], d[r] = d[r], d[drawn]
                    h[p, j] = d[drawn]
                    drawn += 1
        for j in range(5):
            if table[j] < 0:
                r = drawn + np.int64(_next(state) % np.uint64(m - drawn))
                d[drawn], d[r] = d[r], d[drawn]
                t[j] = d[drawn]
                drawn += 1
        x, y = _score(game, h, t, pack, rank7, flush, fsuit, keys, wins, ties, eq, eq2)
        nowin += x
        bugs += y
    return nowin, bugs


@njit(cache=True, parallel=True)
def sample(
    game: int,
    holes: I64,
    table: I64,
    deck: I64,
    pack: int,
    seeds: npt.NDArray[np.uint64],
    per_seed: int,
    rank7: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
) -> Result:
    """Monte Carlo counts: ``per_seed`` random completions for each seed.

    ``holes`` (players, 2) and ``table`` (5,) hold -1 for unknown cards, drawn
    uniformly from ``deck``.  The result depends only on the seeds, never on
    the number of threads.
    """
    players = holes.shape[0]
    n = seeds.shape[0]
    wins = np.zeros((n, players), dtype=np.int64)
    ties = np.zeros((n, players), dtype=np.int64)
    eq = np.zeros((n, players), dtype=np.float64)
    eq2 = np.zeros((n, players), dtype=np.float64)
    flags = np.zeros((n, 2), dtype=np.int64)
    for i in prange(n):
        x, y = _sample_block(
            seeds[i],
            per_seed,
            game,
            holes,
            table,
            deck,
            pack,
            rank7,
            flush,
            fsuit,
            wins[i],
            ties[i],
            eq[i],
            eq2[i],
        )
        flags[i, 0] = x
        flags[i, 1] = y
    return (
        wins.sum(axis=0),
        ties.sum(axis=0),
        eq.sum(axis=0),
        eq2.sum(axis=0),
        flags[:, 0].sum(),
        flags[:, 1].sum(),
    )


@njit(cache=True)
def _table_parts(table: I64) -> tuple[int, int, int]:
    """The lane mask, special-card bits and best 8 of the known places (``-1`` unknown)."""
    t_s = t_sp = t_8 = 0
    for j in range(table.shape[0]):
        c = table[j]
        if c >= 0:
            t_s |= SUIT_POS[c]
            t_sp |= SPECIAL_BIT[c]
            t_8 = max(t_8, EIGHT_ORDER[c])
    return t_s, t_sp, t_8


#: Pairs of unseen cards keyed to place the floors (a fixed pseudo-random draw): the
#: quantiles come within about 2 points (one standard error) of those over every pair.
FLOOR_PAIRS = 512


@njit(cache=True)
def pair_keys(deck: I64, table: I64, pack: int) -> I64:
    """The sorted Straights keys of :data:`FLOOR_PAIRS` pseudo-random pairs of ``deck``
    (a fixed draw) with the known places of ``table`` (``-1`` unknown): the quantiles of
    the holdings an opponent may have, as far as the cards showing tell."""
    t_s = _table_parts(table)[0]
    m = deck.shape[0]
    state = np.empty(1, dtype=np.uint64)
    state[0] = np.uint64(0x5EED)
    keys = np.empty(FLOOR_PAIRS, dtype=np.int64)
    for k in range(FLOOR_PAIRS):
        i = np.int64(_next(state) % np.uint64(m))
        j = np.int64(_next(state) % np.uint64(m - 1))
        j += j >= i
        a, b = deck[i], deck[j]
        keys[k] = key_from_parts(SUIT_POS[a] | SUIT_POS[b], t_s, hand_strength(a, b), pack)
    keys.sort()  # in place: Numba's np.sort is several times slower
    return keys


#: Redraws of an opponent's pair before one below its floor is kept anyway.
TRIES = 32


@njit(cache=True)
def seat_sample_straights(
    seed: int,
    samples: int,
    hole: I64,
    table: I64,
    deck: I64,
    opponents: int,
    pack: int,
    floors: I64,
) -> tuple[int, int]:
    """One seat's Straights results over ``samples`` random completions, on this thread:
    ``(wins, no_winner)``.  ``table`` holds -1 for unknown places; the unknown places and
    then each opponent's two cards are drawn from ``deck``.  Opponent ``k``'s pair is
    redrawn (up to :data:`TRIES` times) while its key with the known places is below
    ``floors[k]`` (0: any pair): the narrowing by what the opponent did.  A completion
    stops as soon as an opponent beats the seat (the others need not be drawn); equal
    keys are rule 10."""
    state = np.empty(1, dtype=np.uint64)
    state[0] = np.uint64(seed)
    d = deck.copy()
    m = d.shape[0]
    mine_s = SUIT_POS[hole[0]] | SUIT_POS[hole[1]]
    mine_hand = hand_strength(hole[0], hole[1])
    seen_s = _table_parts(table)[0]
    wins = nowin = 0
    for _ in range(samples):
        drawn = 0
        lost = tied = False
        # The table first, then the opponents one at a time, stopping at the first who
        # wins: an opponent's floor reads the known places only, so the order is free.
        t_s = t_sp = t_8 = 0
        for j in range(5):
            c = table[j]
            if c < 0:
                r = drawn + np.int64(_next(state) % np.uint64(m - drawn))
                d[drawn], d[r] = d[r], d[drawn]
                c = d[drawn]
                drawn += 1
            t_s |= SUIT_POS[c]
            t_sp |= SPECIAL_BIT[c]
            t_8 = max(t_8, EIGHT_ORDER[c])
        mine = key_from_parts(mine_s, t_s, mine_hand, pack)
        if opponents == 0:
            if pack == 55 and t_sp == 7 and t_8 and mine == t_8 << STR8_SHIFT:
                nowin += 1
            else:
                wins += 1
            continue
        for p in range(opponents):
            for _try in range(TRIES):
                r = drawn + np.int64(_next(state) % np.uint64(m - drawn))
                d[drawn], d[r] = d[r], d[drawn]
                r = drawn + 1 + np.int64(_next(state) % np.uint64(m - drawn - 1))
                d[drawn + 1], d[r] = d[r], d[drawn + 1]
                a, b = d[drawn], d[drawn + 1]
                if floors[p] <= 0:
                    break
                seen = key_from_parts(SUIT_POS[a] | SUIT_POS[b], seen_s, hand_strength(a, b), pack)
                if seen >= floors[p]:
                    break
            drawn += 2
            theirs = key_from_parts(SUIT_POS[a] | SUIT_POS[b], t_s, hand_strength(a, b), pack)
            if theirs > mine:
                lost = True
                break
            tied |= theirs == mine
        if tied and not lost:
            nowin += 1
        elif not lost:
            wins += 1
    return wins, nowin


@njit(cache=True)
def seat_sample_staged(
    seed: int,
    samples: int,
    hole: I64,
    table: I64,
    deck: I64,
    opponents: int,
    pack: int,
    floors: I64,
    thresholds: F64,
    settled: float,
) -> tuple[int, int, int]:
    """:func:`seat_sample_straights` in the stages of ``straights.bots.equity.staged`` (an
    eighth, an eighth, a quarter, the rest; stage ``k`` seeded ``seed ^ k``), stopping once
    the share of wins lies more than ``settled`` standard errors from every threshold:
    ``(wins, no_winner, deals)``, the very counts of the staged calls, in one call."""
    eighth = samples // 8
    wins = nowin = deals = 0
    for stage in range(4):
        size = samples - 4 * eighth if stage == 3 else (2 * eighth if stage == 2 else eighth)
        w, n = seat_sample_straights(seed ^ stage, size, hole, table, deck, opponents, pack, floors)
        wins += w
        nowin += n
        deals += size
        share = wins / deals
        p = min(max(share, 1 / deals), 1 - 1 / deals)
        error = settled * np.sqrt(p * (1 - p) / deals)
        clear = True
        for t in thresholds:
            if abs(share - t) <= error:
                clear = False
        if clear:
            break
    return wins, nowin, deals


# --------------------------------------------------------------------------- any variant

#: Ranks of card ids for a low: ace 1, deuce 2 … king 13.
LOW_RANK = np.array([(c >> 2) + 2 if (c >> 2) < 12 else 1 for c in range(52)], dtype=np.int64)


@njit(cache=True)
def best_five(
    holes: I64,
    boards: I64,
    hole_combos: I64,
    board_combos: I64,
    low: bool,
    rank5: npt.NDArray[np.uint16],
    flush: npt.NDArray[np.uint16],
    fsuit: npt.NDArray[np.int8],
    low_table: I64,
) -> I64:
    """Each player's best five-card key ``(S, P)`` using exactly one row of
    ``hole_combos`` (indices into ``holes[s, p]``) and one of ``board_combos`` (into
    ``boards[s]``) — Omaha's two plus three.  High hands (``low`` false) by the
    ``rank5``/``flush`` look-ups; lows by ``low_table`` indexed by the mask of low ranks
    present (bit ``r - 1`` for rank ``r``, ace 1), 0 meaning no qualifying low."""
    s_n, p_n = holes.shape[0], holes.shape[1]
    hc, bc = hole_combos.shape[1], board_combos.shape[1]
    limit = low_table.shape[0]
    out = np.zeros((s_n, p_n), dtype=np.int64)
    for s in range(s_n):
        for bi in range(board_combos.shape[0]):
            b_acc = 0
            b_low = 0
            for j in range(bc):
                c = boards[s, board_combos[bi, j]]
                b_acc += RANK_SUIT[c]
                b_low |= 1 << (LOW_RANK[c] - 1)
            for p in range(p_n):
                best = out[s, p]
                for hi in range(hole_combos.shape[0]):
                    acc = b_acc
                    lows = b_low
                    for j in range(hc):
                        c = holes[s, p, hole_combos[hi, j]]
                        acc += RANK_SUIT[c]
                        lows |= 1 << (LOW_RANK[c] - 1)
                    if low:
                        v = np.int64(low_table[lows]) if lows < limit else np.int64(0)
                    else:
                        suit = fsuit[acc >> 32]
                        if suit >= 0:
                            m = 0
                            for j in range(bc):
                                m |= 1 << (boards[s, board_combos[bi, j]] >> 2)
                            for j in range(hc):
                                m |= 1 << (holes[s, p, hole_combos[hi, j]] >> 2)
                            v = np.int64(flush[m])
                        else:
                            v = np.int64(rank5[acc & 0xFFFFFFFF])
                    if v > best:
                        best = v
                out[s, p] = best
    return out
