"""Compile every kernel and build every lookup table ahead of time.

A fresh install compiles its Numba kernels on first use: some 15 s before the
first ``straights odds`` could answer.  :data:`STEPS` does that work once, at
set-up (``straights warm-up``; ``make play`` and ``make test`` run it), by
calling each kernel on a tiny input *of the very types the commands pass*, so
that later calls only load the compiled code from the disk cache.  Run again,
the steps only load (about a second in all).  The kernels live in many layers
(``fast``, ``odds``, the bots, the batch tables and environments, the solver):
this module sits above them all.  :func:`straights.fast.warm.watch_compilation`
reports any compilation that still happens.

>>> [label for label, _ in STEPS][:2]
['lookup tables', 'odds kernels']
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from straights.fast import (
    ace_to_five_keys,
    deuce_to_seven_keys,
    high_keys,
    straights_keys,
)
from straights.fast.exhaustive import (
    high7_counts,
    low7_counts,
    straights7_counts,
    straights_category_rows,
)
from straights.fast.lookup import high_lookup, low_lookup

__all__ = ["STEPS"]


def _tables() -> None:
    high_lookup()
    high_lookup(wheel=False)
    low_lookup()


def _odds() -> None:
    # Every path of straights.odds: exact and sampled, with and without a
    # progress callback (which splits the work into chunks), both games.
    from straights.odds import holdem_odds, straights_odds

    def quiet(done: int, total: int) -> None:
        pass

    for progress in (None, quiet):
        straights_odds(["Qs 9d", "Qd ?"], "5c 4d 3d 2h ?", exact=True, progress=progress)
        straights_odds(["Qs 9d", "? ?"], "5c", samples=64, seed=1, progress=progress)
        holdem_odds(["Ah Kh", "Qs ?"], "Jh Td 2c 3d ?", exact=True, progress=progress)
        holdem_odds(["Ah Kh", "? ?"], "Jh", samples=64, seed=1, progress=progress)


def _counts() -> None:
    # The exhaustive 7-card counts of straights.frequencies, on the last first
    # card of each pack only (one hand each), with the tables they are given.
    high, low, last = high_lookup(), low_lookup(), np.array([45], dtype=np.int64)
    high7_counts(last, high.rank7, high.flush, high.flush_suit, high.classes)
    low7_counts(last, low.rank7, low.classes)
    for pack in (55, 52):
        straights7_counts(np.array([pack - 7], dtype=np.int64), pack)


def _batch_keys() -> None:
    # The array API of straights.fast (5, 6 and 7 cards share one signature).
    hands = np.arange(7, dtype=np.uint8)[None, :]
    for parallel in (False, True):
        high_keys(hands, parallel=parallel)
        straights_keys(hands[:, :2], hands[:, 2:], parallel=parallel)
    for width in (5, 6, 7):
        deuce_to_seven_keys(hands[:, :width])
    ace_to_five_keys(hands)
    straights_category_rows(hands)


def _bots() -> None:
    # The equity bot's own kernels (straights.bots.equity), with the types it passes.
    from straights.fast import equity

    i64 = np.int64
    hole, deck = np.array([0, 1], dtype=i64), np.arange(7, 30, dtype=i64)
    table = np.array([-1, 3, 4, 5, 6], dtype=i64)
    equity.seat_sample_straights(1, 4, hole, table, deck, 2, 55, np.zeros(2, dtype=np.int64))
    marks = np.array([0.25, 0.5])
    equity.seat_sample_staged(1, 16, hole, table, deck, 2, 55, np.zeros(2, dtype=i64), marks, 2.0)
    equity.pair_keys(deck, table, 55)
    from straights.bots.variant_equity import Spot
    from straights.bots.variant_equity import equity as variant_equity
    from straights.cards import parse_cards
    from straights.poker.catalogue import get_variant

    # best_five, the batch keys and straights.fast.more_keys
    for code in ("PO/8", "F7S/8", "NT", "FR", "F2L3D", "_FLONDON", "_FCALIFORNIA", "_F5CDJ",
                 "_F5CDW", "_FMAMBO"):  # fmt: skip
        variant_equity(Spot(get_variant(code), parse_cards("Ah 2d"), (), [()]), samples=16)
    # The stripped-deck batch keys (straights.fast.variant_keys), one signature for every width.
    variant_equity(Spot(get_variant("_FMANILA"), parse_cards("Ah Kd"), (), [()]), samples=16)
    holes = np.array([[[0, 1], [7, 8]]], dtype=i64)
    decks = np.arange(9, 12, dtype=i64)[None]
    empty = np.zeros(1, dtype=np.uint16), np.zeros(1, dtype=np.uint16), np.zeros(1, dtype=np.int8)
    equity.exact_serial(equity.STRAIGHTS, holes, decks, table.clip(0), 1, 55, *empty)


def _environments() -> None:
    # The batch environments, and no-limit hold'em's AEC environment when the rl extra is in.
    from straights.batch import HoldemBatch, StraightsBatch
    from straights.extras import available

    for batch in (HoldemBatch(tables=2), StraightsBatch(tables=2)):
        batch.step(batch.mask.argmax(axis=1))
    if available("rl"):
        from straights.rl import env

        aec = env("holdem", 2, fast=True)
        aec.reset(seed=0)
        for agent in aec.agent_iter():
            obs, _, done, _, _ = aec.last()
            aec.step(None if done else int(obs["action_mask"].argmax()))
            del agent


def _paigow_bank() -> None:
    # The Pai Gow equity bot's pool of bank hands, set the house way (some seconds).
    from straights.bots.paigow import bank_hands

    bank_hands()


def _solver() -> None:
    # The solver's kernel (CFR+, DCFR and PCFR+ share it) on Kuhn poker.
    from straights.solver.game import kuhn
    from straights.solver.kernel import FastSolver
    from straights.solver.tree import build_tree

    FastSolver(build_tree(kuhn())).run(1)


#: ``(label, step)`` in set-up order; each step is quick once its kernels are cached.
STEPS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("lookup tables", _tables),
    ("odds kernels", _odds),
    ("seven-card count kernels", _counts),
    ("batch key kernels", _batch_keys),
    ("equity bot kernels", _bots),
    ("environment kernels", _environments),
    ("Pai Gow bank hands", _paigow_bank),
    ("solver kernel", _solver),
)
