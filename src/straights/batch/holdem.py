"""Many tables of no-limit Texas hold'em stepped at once over NumPy arrays.

:class:`HoldemBatch` holds ``tables`` independent deals of variant ``NT`` with
``players`` seats each, and plays them by the rules of
:class:`straights.poker.Deal`: blinds, the minimum raise, an all-in raise short
of it that does not reopen the betting, uncalled bets returned, side pots, the
odd chip of a split pot to the first seat.  ``tests/test_batch_holdem.py``
replays random deals through the engine and compares every mask, every stack
and every reward.

The actions are those of the AEC environment's no-limit layout
(``straights.rl.env("holdem")``): ``0`` fold, ``1`` check or call, ``2`` the
smallest raise, then one per pot fraction of ``raise_sizes`` (default ½, 1 and
2 pots: a raise to ``top + f × (pot + to_call)``), and the largest (all-in);
:attr:`~HoldemBatch.mask` says which are legal, :attr:`~HoldemBatch.targets`
what street total each raise makes.

>>> import numpy as np
>>> env = HoldemBatch(tables=3, players=6, seed=1)
>>> env.names
('fold', 'call', 'raise-min', 'raise-0.5-pot', 'raise-1-pot', 'raise-2-pot', 'raise-max')
>>> env.mask.shape, env.actor.tolist()         # under the gun acts first
((3, 7), [2, 2, 2])
>>> rewards, done = env.step(np.full(3, 6))    # all-in
>>> env.bets[:, 2].tolist(), env.pot.tolist()
([200, 200, 200], [203, 203, 203])
>>> for _ in range(5):                         # everybody else folds
...     rewards, done = env.step(np.zeros(3, dtype=np.int64))
>>> done.tolist(), rewards[0].tolist()
([True, True, True], [-1, -2, 3, 0, 0, 0])

As in the AEC environment, seats are fixed and every deal is an episode: each
starts with every seat at its ``stack`` (one number for all or one per seat,
each more than the seat's blind), seat 0 posts the small blind and seat 1 the
big one (heads-up seat 1, the button, posts the small blind and acts first
before the flop).  A finished table deals again at once (auto-reset), so every
table always has a player to act.  Randomness comes from ``seed`` only, one
stream per table (:mod:`straights.batch.common`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from straights.batch import common, holdem_kernels
from straights.batch.common import seed_streams
from straights.errors import ConfigurationError, IllegalActionError
from straights.fast import _relocate_caches
from straights.fast.lookup import high_lookup
from straights.poker.actions import ActionLayout  # the AEC environment's actions, shared
from straights.poker.catalogue import get_variant
from straights.poker.variant import Stakes

_relocate_caches(common, holdem_kernels)

__all__ = ["HoldemBatch", "load_showdown"]

_RESET: Final[Callable[..., None]] = holdem_kernels.reset
_STEP: Final[Callable[..., int]] = holdem_kernels.step

#: The most seats a 52-card deck serves (two hole cards each, three burns, five on board).
MAX_PLAYERS: Final = 22


def _whole(name: str, value: object, least: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ConfigurationError(f"{name}={value!r}: give a whole number >= {least}")
    return value


def load_showdown(players: int) -> tuple[Any, ...]:
    """What the kernels' showdown needs: room for ``players`` 7-card hands and their
    keys, and the 7-card high lookup tables."""
    lookup = high_lookup()
    return (
        np.zeros((players, 7), dtype=np.uint8),
        np.zeros(players, dtype=np.int32),
        lookup.rank7,
        lookup.flush,
        lookup.flush_suit,
    )


class HoldemBatch:
    """``tables`` deals of no-limit hold'em with ``players`` seats, stepped together.

    Arrays (read them, do not write them), one row per table: :attr:`stacks`,
    :attr:`bets` (this street) and :attr:`folded` per seat, :attr:`actor`,
    :attr:`street` (0 pre-flop … 3 river), :attr:`deck` (the card ids of the
    deal in dealing order: every seat's two hole cards, then burn, flop, burn,
    turn, burn, river), :attr:`mask` and :attr:`targets`.
    """

    def __init__(
        self,
        tables: int = 1,
        players: int = 2,
        *,
        seed: int = 0,
        blinds: tuple[int, int] = (1, 2),
        stack: int | Sequence[int] = 200,
        raise_sizes: Sequence[float] = (0.5, 1.0, 2.0),
    ) -> None:
        _whole("tables", tables, 1)
        if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
            raise ConfigurationError(f"players={players!r}: hold'em deals to 2 to {MAX_PLAYERS}")
        if isinstance(blinds, str | bytes) or len(blinds) != 2:
            raise ConfigurationError(f"blinds={blinds!r}: give the small and the big blind")
        small, big = (_whole("blinds", b, 1) for b in blinds)
        if small > big:
            raise ConfigurationError(f"blinds={tuple(blinds)!r}: the small blind is the first")
        self.variant = get_variant("NT")
        #: The stakes, as :class:`straights.poker.Deal` takes them (smallest bet: the big blind).
        self.stakes = Stakes.uniform(players, blinds=(small, big), min_bet=big)
        per_seat = [stack] * players if isinstance(stack, int) else list(stack)
        if len(per_seat) != players:
            raise ConfigurationError(f"{len(per_seat)} stacks for {players} players")
        for seat, (chips, blind) in enumerate(zip(per_seat, self.stakes.blinds, strict=True)):
            _whole("stack", chips, 1)
            if chips <= blind:
                raise ConfigurationError(
                    f"stack {chips} of seat {seat + 1}: "
                    f"a player needs more than his blind ({blind})"
                )
        layout = ActionLayout(self.variant, raise_sizes)
        #: The action names, by number.
        self.names: tuple[str, ...] = layout.names
        self.sizes = np.array(layout.sizes, dtype=np.float64)
        self.tables = tables
        self.players = players
        #: Each seat's chips at the start of every deal.
        self.start = np.array(per_seat, dtype=np.int64)
        self._blinds = np.array(self.stakes.blinds, dtype=np.int64)
        hk = holdem_kernels
        self._state = np.zeros((tables, hk.STATE_COLUMNS), dtype=np.int64)
        self.stacks = np.zeros((tables, players), dtype=np.int64)
        self.bets = np.zeros((tables, players), dtype=np.int64)
        self._total = np.zeros((tables, players), dtype=np.int64)
        self.folded = np.zeros((tables, players), dtype=np.bool_)
        self._queued = np.zeros((tables, players), dtype=np.bool_)
        self._acted = np.zeros((tables, players), dtype=np.bool_)
        self.deck = np.zeros((tables, 2 * players + 8), dtype=np.uint8)
        self._rng = np.zeros(tables, dtype=np.uint64)
        self._scratch = np.zeros(52, dtype=np.uint8)
        self.mask = np.zeros((tables, len(self.names)), dtype=np.bool_)
        self.targets = np.zeros((tables, len(self.names)), dtype=np.int64)
        self._rewards = np.zeros((tables, players), dtype=np.int64)
        self._done = np.zeros(tables, dtype=np.bool_)
        self._showdown = load_showdown(players)
        self.reset(seed)

    def _arrays(self) -> tuple[Any, ...]:
        return (
            self._state,
            self.stacks,
            self.bets,
            self._total,
            self.folded,
            self._queued,
            self._acted,
            self.deck,
            self._rng,
            self._scratch,
        )

    def reset(self, seed: int) -> None:
        """Deal every table afresh from ``seed``."""
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ConfigurationError(f"seed={seed!r}: give a whole number, 0 or more")
        self._rng[:] = seed_streams(seed, self.tables)
        _RESET(
            *self._arrays(),
            self.mask,
            self.targets,
            self.start,
            self._blinds,
            self.stakes.min_bet,
            self.sizes,
        )

    def step(self, actions: Any) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """One action index per table for its player to act.

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
        bad = _STEP(
            acts,
            *self._arrays(),
            self.mask,
            self.targets,
            self._rewards,
            self._done,
            self.start,
            self._blinds,
            self.stakes.min_bet,
            self.sizes,
            *self._showdown,
        )
        if bad >= 0:
            legal = ", ".join(f"{i} {self.names[i]}" for i in np.flatnonzero(self.mask[bad]))
            raise IllegalActionError(
                f"table {bad + 1}: action {int(acts[bad])} is not legal now; legal: {legal}"
            )
        return self._rewards, self._done

    # -- what can be read ----------------------------------------------------------------------
    @property
    def actor(self) -> npt.NDArray[np.int64]:
        """The seat to act at each table (seats count from 0 here)."""
        return self._state[:, holdem_kernels.ACTOR]

    @property
    def street(self) -> npt.NDArray[np.int64]:
        """The street: 0 pre-flop, 1 flop, 2 turn, 3 river."""
        return self._state[:, holdem_kernels.STREET]

    @property
    def pot(self) -> npt.NDArray[np.int64]:
        """Every chip put in this deal, this street's bets included."""
        pot: npt.NDArray[np.int64] = self._total.sum(axis=1)
        return pot

    def hole_cards(self) -> npt.NDArray[np.uint8]:
        """``(tables, players, 2)`` card ids of each seat's hole cards (every seat: server side)."""
        return self.deck[:, : 2 * self.players].reshape(self.tables, self.players, 2)

    def board(self) -> npt.NDArray[np.int16]:
        """``(tables, 5)`` the board as everyone sees it now: -1 for a card not dealt yet."""
        at = 2 * self.players + np.array(holdem_kernels.BOARD_AT)
        cards = self.deck[:, at].astype(np.int16)
        shown = np.array(holdem_kernels.BOARD_SHOWN)[self.street][:, None] > np.arange(5)
        return np.where(shown, cards, -1).astype(np.int16)

    def observation(self) -> dict[str, npt.NDArray[Any]]:
        """What the player to act at each table may see, one row per table.

        ``hole`` (his two card ids), ``board`` (:meth:`board`), ``stacks``,
        ``bets`` and ``folded`` (per seat), ``pot``, ``street``, ``actor``,
        ``mask`` and ``targets``.  No other player's hole cards: build an
        agent's input from this, not from :attr:`deck`.
        """
        rows = np.arange(self.tables)
        return {
            "hole": self.hole_cards()[rows, self.actor],
            "board": self.board(),
            "stacks": self.stacks.copy(),
            "bets": self.bets.copy(),
            "folded": self.folded.copy(),
            "pot": self.pot,
            "street": self.street.copy(),
            "actor": self.actor.copy(),
            "mask": self.mask.copy(),
            "targets": self.targets.copy(),
        }
