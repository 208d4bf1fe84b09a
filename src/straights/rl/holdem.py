"""No-limit hold'em as an AEC environment on compiled kernels: the engine's environment,
several times faster.

:class:`HoldemEnv` is what :func:`straights.rl.env` returns for no-limit hold'em
when the ``fast`` extra (Numba) is installed and the table is one the kernels
play (:func:`refusal`): blinds and no antes, every stack above its blind.  It
plays the deal with the batch kernels of :mod:`straights.batch.holdem_kernels`
on one table and writes the observations in a kernel
(:mod:`straights.rl.kernels`).  It is the engine's environment
(:class:`straights.rl.aec.EngineEnv`, ``env(..., fast=False)``) in every
observable: the same seed deals the same cards, and ``tests/test_rl_holdem.py``
plays thousands of random deals through both side by side, comparing every
observation of every seat, every mask, reward and info.

>>> from straights.rl import env
>>> e = env("holdem", players=2)
>>> type(e).__name__, e.action_names()[6]
('HoldemEnv', 'raise-max')
>>> e.reset(seed=1)
>>> e.agent_selection          # heads-up the button posts the small blind and acts first
'player_1'
>>> e.step(6)                  # all-in: 200
>>> e.step(0)                  # the big blind folds
>>> e.rewards
{'player_0': -2.0, 'player_1': 2.0}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from straights.cards import Card, check_unique
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.actions import DEFAULT_SIZES
from straights.rl.aec import PokerEnv, deck_option
from straights.rl.dealer import Observation
from straights.rl.table import RlTable

__all__ = ["HoldemEnv", "refusal"]

#: The variant the kernels play.
CODE: Final = "NT"
#: What the play kernel answers to an illegal action (``straights.rl.kernels.ILLEGAL``).
ILLEGAL: Final = -2


def refusal(table: RlTable) -> str | None:
    """Why the kernels cannot play ``table`` (``None``: they can)."""
    variant, stakes = table.variant, table.stakes
    if variant.code != CODE:
        return f"the compiled environment plays no-limit hold'em ({CODE}), not {variant.code}"
    if any(stakes.antes) or table.bomb_pot:
        return "the compiled environment posts no antes"
    if table.runs > 1:
        return "the compiled environment runs the board once"
    if sum(1 for b in stakes.blinds if b) > 2:
        return "the compiled environment posts two blinds, no straddle"
    blinds = stakes.blinds
    if min(blinds) < 0 or max(blinds) <= 0:
        return f"the compiled environment needs blinds of 0 or more, one above 0, not {blinds}"
    if stakes.min_bet < 1:
        return f"the compiled environment needs a smallest bet of 1 or more, not {stakes.min_bet}"
    for seat, (chips, blind) in enumerate(zip(table.stacks, blinds, strict=True)):
        if chips <= blind:
            return (
                f"the compiled environment needs every stack above its blind: "
                f"seat {seat} has {chips} for a blind of {blind}"
            )
    return None


def entry_point(kernel: Any, *args: Any) -> Any:
    """``kernel``'s compiled function for the types of ``args``, called without Numba's
    dispatch (which types every argument at every call: about 0.3 µs of the 0.9 µs
    of the observation kernel's twelve).  Only for calls whose argument types never
    change, as here: the same arrays every step, plain ints.

    >>> from straights.fast.kernels import popcount
    >>> entry_point(popcount, 7)(255)
    8
    """
    import numba

    typeof: Any = numba.typeof
    signature = tuple(typeof(a) for a in args)
    kernel.compile(signature)
    return kernel.overloads[signature].entry_point


class HoldemEnv(PokerEnv):
    """No-limit hold'em at ``table`` on the compiled kernels (see the module)."""

    def __init__(
        self,
        table: RlTable,
        *,
        history: int = 32,
        raise_sizes: Sequence[float] = DEFAULT_SIZES,
        **options: Any,
    ) -> None:
        reason = refusal(table)
        if reason is not None:
            raise ConfigurationError(reason)
        super().__init__(table, history=history, raise_sizes=raise_sizes, **options)
        from straights.batch.holdem import load_showdown
        from straights.rl import kernels

        self._kernels = kernels
        n = table.players
        enc = self.encoding
        self._size = enc.size
        self._actions = self.actions.size
        #: Cards a deal may use: two per seat, three burns, five on the board.
        self._need = 2 * n + 8
        self._ids = np.array([c.id for c in table.deck.cards], np.uint8)
        self._deck_index = np.array(enc.deck_index, np.int64)
        self._layout = np.zeros(kernels.LAYOUT, np.int64)
        for k, value in (
            (kernels.SEAT_AT, enc.seat_at), (kernels.STREET_AT, enc.street_at),
            (kernels.PHASE_AT, enc.phase_at), (kernels.CARDS_AT, enc.cards_at),
            (kernels.BOARD_AT, enc.board_at), (kernels.CHIPS_AT, enc.chips_at),
            (kernels.HISTORY_AT, enc.history_at), (kernels.WIDTH, enc.width),
            (kernels.HAND, enc.hand), (kernels.ROW, enc.row),
            (kernels.STREETS, enc.street_count),
        ):  # fmt: skip
            self._layout[k] = value
        self._state = np.zeros((1, kernels.STATE_COLUMNS), np.int64)
        self._seats = np.zeros((kernels.SEAT_ROWS, n), np.int64)
        self._seats[kernels.START] = table.stacks
        self._seats[kernels.BLINDS] = table.stakes.blinds
        self._flags = np.zeros((kernels.FLAG_ROWS, n), np.bool_)
        self._deck = np.zeros((1, self._need), np.uint8)
        self._mask = np.zeros((1, self._actions), np.bool_)
        self._targets = np.zeros((1, self._actions), np.int64)
        self._sizes = np.array(self.actions.sizes, np.float64)
        self._record = np.zeros((enc.history_rows, 4), np.float64)
        self._showdown = load_showdown(n)
        self._min_bet = table.stakes.min_bet
        self._unit = table.unit
        self._per_unit = enc.unit_inverse
        self._shuffler = np.random.default_rng()
        self._actor = -1  # the seat to act; -1 once the deal is over
        self._play: Any = kernels.play  # the compiled entry points from the first deal on
        self._play_args = (
            self._state, self._seats, self._flags, self._deck, self._mask, self._targets,
            self._min_bet, self._sizes, self._record, self._unit, self._showdown,
        )  # fmt: skip
        self._observe: Any = kernels.observe
        self._observe_args = (
            self._state, self._seats, self._flags, self._deck, self._mask, self._targets,
            self._record, self._layout, self._deck_index, self._per_unit,
        )  # fmt: skip
        self._dealt = False

    # -- a deal -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal afresh.  ``seed`` makes the deal (and every later one) reproducible, with
        the cards the engine's environment deals for it; ``options={"deck": "As Kd …"}``
        rigs the cards (in dealing order, enough for a whole deal: two per seat, three
        burns and five on the board)."""
        if seed is not None:
            self._shuffler = np.random.default_rng(seed)
        deck = deck_option(options)
        if deck is None:
            order = self._shuffler.permutation(len(self._ids))
            self._deck[0] = self._ids[order[: self._need]]
        else:
            self._deck[0] = self._rigged(deck)
        self._actor = self._kernels.begin(
            self._state, self._seats, self._flags, self._mask, self._targets, self._min_bet,
            self._sizes,
        )  # fmt: skip
        if not self._dealt:  # the kernels are loaded (or compiled) by now: skip their dispatch
            k = self._kernels
            self._play = entry_point(k.play, 0, *self._play_args)
            out = np.zeros(self._size, np.float32)
            self._observe = entry_point(k.observe, 0, out, *self._observe_args)
        self._dealt = True
        self._begin_episode(self._actor if self._actor >= 0 else None)

    def _rigged(self, deck: Sequence[Card]) -> list[int]:
        check_unique(deck, "in the deck")
        self.table.deck.check_contains(deck)
        if len(deck) < self._need:
            raise ConfigurationError(
                f"a deck of {len(deck)} cards: a deal for {self.table.players} players "
                f"may use {self._need} (two each, three burns, five on the board)"
            )
        return [c.id for c in deck[: self._need]]

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an index; ``None`` once his deal is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigurationError(f"{agent} is to act: give an action index, not None")
        index = int(action)
        actor = ILLEGAL
        if 0 <= index < self._actions:
            actor = self._play(index, *self._play_args)
        if actor == ILLEGAL:
            names = ", ".join(f"{k} {self.actions.names[k]}" for k in np.flatnonzero(self._mask[0]))
            raise IllegalActionError(f"action {index!r} is not legal now; legal: {names}")
        self._cumulative_rewards[agent] = 0.0
        if actor >= 0:
            self._actor = actor
            self.agent_selection = self.possible_agents[actor]
            return
        self._actor = -1
        self._next(None)

    # -- what can be read -------------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        if not self._dealt:
            raise IllegalActionError("no deal yet: call reset() first")
        out = np.zeros(self._size, np.float32)
        self._observe(seat, out, *self._observe_args)
        mask: NDArray[np.int8]
        if seat == self._actor:
            mask = self._mask[0].astype(np.int8)
        else:
            mask = np.zeros(self._actions, np.int8)
        return {"observation": out, "action_mask": mask}

    def payoffs(self) -> list[int]:
        k = self._kernels
        if not self._dealt:
            raise IllegalActionError("no deal yet: call reset() first")
        won: list[int] = (self._seats[k.STACKS] - self._seats[k.START]).tolist()
        return won

    def describe(self) -> str | None:
        if not self._dealt:
            return None
        k = self._kernels
        from straights.batch.holdem_kernels import BOARD_AT, BOARD_SHOWN

        n = self.table.players
        street = int(self._state[0, k.hk.STREET])
        over = bool(self._state[0, k.OVER])
        name = "over" if over else self.table.variant.streets[street].name
        board = [Card(int(self._deck[0, 2 * n + BOARD_AT[j]])) for j in range(BOARD_SHOWN[street])]
        cards = " ".join(c.ascii() for c in board) or "-"
        pot = 0 if over else int(self._seats[k.TOTAL].sum())
        stacks = " ".join(
            f"{s}{'f' if f else ''}"
            for s, f in zip(self._seats[k.STACKS].tolist(), self._flags[k.FOLDED].tolist(),
                            strict=True)
        )  # fmt: skip
        return f"{self.table.variant.code} {name}: board {cards}, pot {pot}, stacks {stacks}"
