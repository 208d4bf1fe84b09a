"""Many tables stepped at once over NumPy arrays, for self-play at scale.

:class:`StraightsBatch` plays Straights (below); :class:`HoldemBatch` no-limit
Texas hold'em (:mod:`straights.batch.holdem`).

:class:`StraightsBatch` holds ``tables`` independent tables of ``players``
seats each.  :meth:`~StraightsBatch.step` takes one action per table, for the
player to act there, and returns each seat's reward in chips for the tables
whose deal ended with that action; a finished table starts its next deal at
once (auto-reset), so every table always has a player to act.  Actions are
``0`` fold, ``1`` check or call, ``2`` bet or raise (Straights has one size of
each); :attr:`~StraightsBatch.mask` says which are legal.

>>> import numpy as np
>>> env = StraightsBatch(tables=4, players=3, seed=7)
>>> env.mask.shape, env.actor.shape, env.hole_cards().shape
((4, 3), (4,), (4, 3, 2))
>>> calls = np.ones(4, dtype=np.int64)   # everybody checks or calls
>>> finished = 0
>>> for _ in range(15):                  # 3 players x 5 rounds: every deal ends
...     rewards, done = env.step(calls)
...     finished += int(done.sum())
>>> finished
4
>>> int(env.stacks.sum() + env.pot.sum())   # chips are conserved (3 x 100 x 4 tables)
1200

The rules are those of :class:`straights.game.Table`, Limit (the default) or
No Limit (``betting="no-limit"``): all-ins, incomplete raises that do not
reopen the betting, side pots (``tests/test_batch.py`` replays random deals
through the engine and compares every legal action and every finishing
stack).  The choices the engine leaves to a table are made so:

* every deal starts with each seat at its ``stack`` chips (one number for
  all, or one per seat; more than the ante): a deal is an episode, nobody
  goes broke or leaves;
* the button starts at a random seat of each table and moves one seat left
  each deal (no dealer draw);
* rule 10 is the engine's: every player dealt in pays the penalty, the pot
  stays in the middle of that table (:attr:`~StraightsBatch.carry`) and goes
  to the winner of a later deal; a reward counts the carried chips a player
  wins or leaves.

Randomness comes from ``seed`` only: each table has its own SplitMix64 stream
seeded from it, so the same seed gives the same cards whatever the other
tables do.  Importing this module needs the ``fast`` extra (NumPy, Numba).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final

from straights.extras import require

require("fast", "straights.batch")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import straights.fast  # noqa: E402  (relocates the kernel cache first)
from straights.batch import common, kernels  # noqa: E402
from straights.batch.common import seed_streams  # noqa: E402
from straights.errors import ConfigurationError, IllegalActionError  # noqa: E402
from straights.game.config import LIMIT_RAISES, ROUNDS, Betting, TableConfig  # noqa: E402

straights.fast._relocate_caches(common, kernels)  # the cache folder follows the kernel sources

from straights.batch.holdem import HoldemBatch  # noqa: E402

__all__ = ["ACTIONS", "CALL", "FOLD", "RAISE", "HoldemBatch", "StraightsBatch"]

# Numba dispatchers, typed for mypy (their ``__call__`` is untyped).
_RESET: Final[Callable[..., None]] = kernels.reset
_STEP: Final[Callable[..., int]] = kernels.step

#: No-limit raises are capped only by the stacks; this bounds the ladder's levels.
_NO_CAP: Final = 60

FOLD: Final = kernels.FOLD
CALL: Final = kernels.CALL
RAISE: Final = kernels.RAISE
#: The action names, by number.
ACTIONS: Final = ("fold", "check/call", "bet/raise")


class StraightsBatch:
    """``tables`` tables of Straights with ``players`` seats, stepped together.

    Arrays (read them, do not write them): :attr:`stacks` and :attr:`committed`
    (chips behind and in this round, per seat), :attr:`folded`, :attr:`actor`
    (the seat to act), :attr:`street` (betting round 1 … 5), :attr:`carry`,
    :attr:`pot`, :attr:`button`, :attr:`deck` (the card ids of the deal in
    dealing order) and :attr:`mask`.
    """

    def __init__(
        self,
        tables: int = 1,
        players: int = 2,
        *,
        seed: int = 0,
        ante: int = 1,
        stack: int | Sequence[int] = 100,
        pack: int = 55,
        penalty: int = 1,
        betting: Betting = "limit",
    ) -> None:
        for name, value in (("tables", tables), ("players", players), ("seed", seed)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigurationError(f"{name}={value!r} is not a whole number")
        if tables < 1:
            raise ConfigurationError(f"tables={tables}: give at least 1 table")
        rules = TableConfig(pack=pack, ante=ante, betting=betting, seats=players, penalty=penalty)
        per_seat = [stack] * players if isinstance(stack, int) else list(stack)
        if len(per_seat) != players:
            raise ConfigurationError(
                f"{len(per_seat)} stacks for {players} players: give one each, or one for all"
            )
        for chips in per_seat:
            if not isinstance(chips, int) or isinstance(chips, bool) or chips <= ante:
                raise ConfigurationError(
                    f"stack={chips!r}: a player needs more chips than the ante ({ante})"
                )
        #: The table rules, as the engine would take them (``starting_stack`` is
        #: the smallest of :attr:`start`).
        self.config = replace(rules, starting_stack=min(per_seat))
        #: Each seat's chips at the start of every deal.
        self.start = np.array(per_seat, dtype=np.int64)
        self._max_raises = LIMIT_RAISES if betting == "limit" else _NO_CAP
        self.tables = tables
        self.players = players
        self._state = np.zeros((tables, kernels.STATE_COLUMNS), dtype=np.int64)
        self.stacks = np.zeros((tables, players), dtype=np.int64)
        self.committed = np.zeros((tables, players), dtype=np.int64)
        self._total = np.zeros((tables, players), dtype=np.int64)
        self.folded = np.zeros((tables, players), dtype=np.bool_)
        self._needs = np.zeros((tables, players), dtype=np.bool_)
        self._acted = np.zeros((tables, players), dtype=np.int64)
        self.deck = np.zeros((tables, 2 * players + 5), dtype=np.uint8)
        self.mask = np.zeros((tables, 3), dtype=np.bool_)
        self._rewards = np.zeros((tables, players), dtype=np.int64)
        self._done = np.zeros(tables, dtype=np.bool_)
        self._rng = np.zeros(tables, dtype=np.uint64)
        self._scratch = np.zeros(pack, dtype=np.uint8)
        self.reset(seed)

    # -- the two verbs ---------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        """Start every table afresh from ``seed``: random buttons, no carried pots, new deals."""
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ConfigurationError(f"seed={seed!r}: give a whole number, 0 or more")
        self._rng[:] = seed_streams(seed, self.tables)
        c = self.config
        _RESET(*self._arrays(), self.mask, self.start, c.ante, self._max_raises)

    def step(self, actions: Any) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """One action per table (0 fold, 1 check/call, 2 bet/raise) for its player to act.

        Returns ``(rewards, done)``: ``rewards[t, seat]`` is the chips the seat
        won (or lost) in table ``t``'s deal if that deal ended now, else 0;
        ``done[t]`` says it ended (the table has already dealt again).  The
        arrays are reused by the next call.  An illegal action raises
        :class:`IllegalActionError` and changes nothing.
        """
        acts = np.asarray(actions)
        if acts.shape != (self.tables,) or acts.dtype.kind not in "iu":
            raise IllegalActionError(
                f"actions of shape {acts.shape} and type {acts.dtype}: "
                f"give {self.tables} whole numbers, one per table"
            )
        acts = acts.astype(np.int64, copy=False)
        c = self.config
        bad = _STEP(
            acts,
            *self._arrays(),
            self.mask,
            self._rewards,
            self._done,
            self.start,
            c.ante,
            self._max_raises,
            c.pack,
            c.penalty,
        )
        if bad >= 0:
            legal = ", ".join(f"{i} {ACTIONS[i]}" for i in np.flatnonzero(self.mask[bad]))
            raise IllegalActionError(
                f"table {bad + 1}: action {int(acts[bad])} is not legal now; legal: {legal}"
            )
        return self._rewards, self._done

    def _arrays(self) -> tuple[Any, ...]:
        return (
            self._state,
            self.stacks,
            self.committed,
            self._total,
            self.folded,
            self._needs,
            self._acted,
            self.deck,
            self._rng,
            self._scratch,
        )

    # -- what can be read ----------------------------------------------------------------------
    @property
    def actor(self) -> npt.NDArray[np.int64]:
        """The seat to act at each table (seats count from 0 here)."""
        return self._state[:, kernels.ACTOR]

    @property
    def button(self) -> npt.NDArray[np.int64]:
        """The dealer's seat at each table."""
        return self._state[:, kernels.BUTTON]

    @property
    def street(self) -> npt.NDArray[np.int64]:
        """The betting round, 1 … 5 (5 comes after the key card is turned)."""
        return self._state[:, kernels.ROUND]

    @property
    def carry(self) -> npt.NDArray[np.int64]:
        """The pot carried over under rule 10 at each table (in the pot too)."""
        return self._state[:, kernels.CARRY]

    @property
    def pot(self) -> npt.NDArray[np.int64]:
        """All chips in the middle of each table: this deal's antes and bets and the carry."""
        pot: npt.NDArray[np.int64] = self._total.sum(axis=1) + self.carry
        return pot

    def hole_cards(self) -> npt.NDArray[np.uint8]:
        """``(tables, players, 2)`` card ids of each seat's hole cards (every seat: server side)."""
        p = self.players
        order = (self.button[:, None] + 1 + np.arange(p)) % p  # seat of the k-th player
        out = np.empty((self.tables, p, 2), dtype=np.uint8)
        rows = np.arange(self.tables)[:, None]
        out[rows, order, 0] = self.deck[:, :p]
        out[rows, order, 1] = self.deck[:, p : 2 * p]
        return out

    def table_cards(self) -> npt.NDArray[np.int16]:
        """``(tables, 5)`` the table cards as everyone sees them: key card first, -1 face down."""
        cards = self.deck[:, 2 * self.players :].astype(np.int16)
        street = self.street[:, None]
        shown = np.concatenate([street == ROUNDS, np.arange(1, 5)[None, :] <= street], axis=1)
        return np.where(shown, cards, -1).astype(np.int16)

    def observation(self) -> dict[str, npt.NDArray[Any]]:
        """What the player to act at each table may see, one row per table.

        ``hole`` (his two card ids), ``table`` (:meth:`table_cards`: -1 face
        down), ``stacks``, ``committed`` and ``folded`` (per seat), ``pot``,
        ``street``, ``actor``, ``button`` and ``mask``.  No other player's hole
        cards: build an agent's input from this, not from :attr:`deck`.
        """
        rows = np.arange(self.tables)
        return {
            "hole": self.hole_cards()[rows, self.actor],
            "table": self.table_cards(),
            "stacks": self.stacks.copy(),
            "committed": self.committed.copy(),
            "folded": self.folded.copy(),
            "pot": self.pot,
            "street": self.street.copy(),
            "actor": self.actor.copy(),
            "button": self.button.copy(),
            "mask": self.mask.copy(),
        }
