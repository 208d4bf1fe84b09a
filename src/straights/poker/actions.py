"""The discrete actions of a variant: fold, check/call, bet sizes, draws as discards, and
the cards a player turns up where he chooses (Mexican stud).

One layout per variant, fixed for the environment's life; which actions are
legal now is the *action mask*.  Indices:

* ``0`` **fold** (legal only when facing a bet);
* ``1`` **check or call** (posting the bring-in in stud: the bring-in player
  cannot fold);
* ``2 …`` **bet, raise or complete**.  Fixed limit and Straights' doubling
  ladder allow one amount: one action.  Pot and no limit have ``2 + len(sizes)``
  actions: the smallest legal amount, one per pot fraction in ``sizes`` (default
  ½, 1 and 2 pots), and the largest (all-in; in pot limit the pot).  A pot
  fraction ``f`` raises to ``top + f × (pot + to_call)`` (``top``: the street's
  highest bet, ``pot``: every chip in, bets included; ``f = 1`` is the
  pot-limit maximum), rounded to a chip; it is legal only strictly between the
  smallest and the largest amount and when no earlier size already gives the
  same amount, so every legal amount is one action;
* in variants with draws or discards (``Variant.card_choices`` holds
  ``discard``), then one action per subset of the hand: index ``first_draw +
  bits`` discards card ``k`` of the hand (in the order the observation shows it)
  for each bit ``k`` set; ``first_draw`` itself stands pat.  Which subsets are
  legal is the engine's :class:`~straights.poker.engine.CardChoice`: its number
  of cards (at most so many at a draw, exactly so many at a discard), among its
  positions; the rest are masked;
* in variants where players choose which cards to turn up (``expose``, Mexican
  stud), then one action per subset of the hand: ``first_expose + bits`` turns
  up card ``k`` for each bit ``k`` set, masked by the engine's choice likewise.

The layout is the environments' (:mod:`straights.rl`) and the batch tables'
(:mod:`straights.batch`) alike, so it lives with the engine below both; it needs
NumPy (the ``fast`` or ``rl`` extra), and nothing of the engine imports it.

>>> from straights.poker import get_variant
>>> nl = ActionLayout(get_variant("NT"))
>>> nl.names
('fold', 'call', 'raise-min', 'raise-0.5-pot', 'raise-1-pot', 'raise-2-pot', 'raise-max')
>>> ActionLayout(get_variant("_STR55L")).names
('fold', 'call', 'raise')
>>> draw = ActionLayout(get_variant("F2L3D"))
>>> draw.size, draw.first_draw, draw.names[draw.first_draw + 0b101]
(35, 3, 'discard-1-3')
>>> flip = ActionLayout(get_variant("_FMEXICAN"))
>>> flip.size, flip.first_expose, flip.names[flip.first_expose + 0b100]
(35, 3, 'turn-up-3')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from straights.errors import ConfigurationError
from straights.poker.engine import CardChoice, Legal
from straights.poker.variant import Structure, Variant

__all__ = ["CALL", "DEFAULT_SIZES", "FOLD", "RAISE", "ActionLayout", "IndexedMove"]

FOLD: Final = 0
CALL: Final = 1
RAISE: Final = 2

#: Pot fractions of the pot- and no-limit bet sizes between the smallest and the largest.
#: (Not ``Final``: compiled with mypyc, a final tuple read as a default argument was
#: never set, "value for final name was not set".)
DEFAULT_SIZES: tuple[float, ...] = (0.5, 1.0, 2.0)


class IndexedMove(NamedTuple):
    """What an action index does now: an engine action ``kind`` with a street total
    ``to`` (bets and raises), or ``kind`` ``"discard"`` or ``"expose"`` with the hand
    positions."""

    kind: str
    to: int | None = None
    positions: tuple[int, ...] = ()


#: Building a NamedTuple through its generated ``__new__`` runs interpreted code even
#: when this module is compiled; a bet's moves are built directly (as the engine does).
_new: Final = tuple.__new__

#: The moves of the actions without an amount, made once.
_PASSIVE: Final = {kind: IndexedMove(kind) for kind in ("fold", "check", "call", "bring-in")}


@lru_cache(maxsize=256)
def _subset_mask(
    slots: int, first: int, hand: int, least: int, most: int, allowed: int
) -> NDArray[np.int8]:
    """Subsets ``bits`` of ``hand`` cards, within ``allowed``, of ``least`` to ``most``."""
    mask = np.zeros(slots, np.int8)
    for bits in range(1 << hand):
        if least <= bits.bit_count() <= most and bits & ~allowed == 0:
            mask[first + bits] = 1
    mask.flags.writeable = False
    return mask


def _subset_names(prefix: str, hand: int, empty: str) -> tuple[str, ...]:
    return tuple(
        prefix + "-".join(str(k + 1) for k in range(hand) if bits >> k & 1) if bits else empty
        for bits in range(1 << hand)
    )


class ActionLayout:
    """The action indices of ``variant`` (``sizes``: the pot fractions of pot and no limit)."""

    def __init__(self, variant: Variant, sizes: Sequence[float] = DEFAULT_SIZES) -> None:
        if variant.structure in (Structure.POT_LIMIT, Structure.NO_LIMIT):
            if any(not isinstance(f, int | float) or not f > 0 for f in sizes):
                raise ConfigurationError(f"raise_sizes={tuple(sizes)!r}: give pot fractions > 0")
            self.sizes: tuple[float, ...] = tuple(sorted(float(f) for f in sizes))
            raises = ("raise-min", *(f"raise-{f:g}-pot" for f in self.sizes), "raise-max")
        else:
            self.sizes = ()
            raises = ("raise",)
        self.first_draw = RAISE + len(raises)
        self.last_raise = self.first_draw - 1
        self.hand = variant.hole_count
        choices = variant.card_choices
        draws = _subset_names("discard-", self.hand, "stand-pat") if "discard" in choices else ()
        self.first_expose = self.first_draw + len(draws)
        exposes = (
            _subset_names("turn-up-", self.hand, "turn-up-none") if "expose" in choices else ()
        )
        self.names: tuple[str, ...] = ("fold", "call", *raises, *draws, *exposes)
        self.size = len(self.names)
        #: The betting masks made, by their indices as bits.
        self._masks: dict[int, NDArray[np.int8]] = {}

    def betting(
        self, legal: Sequence[Legal], pot: int, top: int, mine: int
    ) -> tuple[NDArray[np.int8], dict[int, IndexedMove]]:
        """The mask (read-only) and the moves of a betting decision: ``legal`` from the
        engine, ``pot`` every chip in, ``top`` the highest bet and ``mine`` the player's
        bet (the three are read only for the raise sizes of pot and no limit)."""
        moves: dict[int, IndexedMove] = {}
        bits = 0  # the indices of ``moves``, one bit each: the key of their mask
        for action in legal:
            kind = action.kind
            if kind == "fold":
                moves[FOLD] = _PASSIVE[kind]
                bits |= 1 << FOLD
            elif kind == "check" or kind == "call" or kind == "bring-in":
                moves[CALL] = _PASSIVE[kind]
                bits |= 1 << CALL
            else:
                low, high = action.low, action.high
                moves[RAISE] = _new(IndexedMove, (kind, low, ()))
                bits |= 1 << RAISE
                if self.sizes and high > low:
                    # The sizes are in increasing order, so are their totals: a total
                    # already taken can only be the last one taken (or the smallest).
                    taken = low
                    base = pot + top - mine
                    j = RAISE + 1
                    for f in self.sizes:
                        to = top + int(f * base + 0.5)
                        if taken < to < high:
                            moves[j] = _new(IndexedMove, (kind, to, ()))
                            bits |= 1 << j
                            taken = to
                        j += 1
                    moves[self.last_raise] = _new(IndexedMove, (kind, high, ()))
                    bits |= 1 << self.last_raise
        mask = self._masks.get(bits)
        if mask is None:  # a few dozen at most: kept, read-only
            mask = np.zeros(self.size, np.int8)
            mask[list(moves)] = 1
            mask.flags.writeable = False
            self._masks[bits] = mask
        return mask, moves

    def draw_mask(self, hand: int, limit: int) -> NDArray[np.int8]:
        """The mask of a draw from a hand of ``hand`` cards, at most ``limit`` discarded."""
        everything = (1 << hand) - 1
        return _subset_mask(self.size, self.first_draw, hand, 0, min(limit, hand), everything)

    def expose_mask(self, up: Sequence[bool], count: int) -> NDArray[np.int8]:
        """The mask of turning up exactly ``count`` of the face-down cards (``up``: the
        hand's face-up flags)."""
        down = sum(1 << k for k, is_up in enumerate(up) if not is_up)
        return _subset_mask(self.size, self.first_expose, len(up), count, count, down)

    def choice_mask(self, choice: CardChoice, hand: int) -> NDArray[np.int8]:
        """The mask of the engine's card decision ``choice`` from a hand of ``hand`` cards.

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.engine import CardChoice
        >>> draw = ActionLayout(get_variant("F2L3D"))
        >>> mask = draw.choice_mask(CardChoice("discard", 2, 2, (0, 1, 2, 3)), 4)
        >>> [draw.names[k] for k in mask.nonzero()[0]][:3], int(mask.sum())
        (['discard-1-2', 'discard-1-3', 'discard-2-3'], 6)
        """
        first = self.first_draw if choice.kind == "discard" else self.first_expose
        allowed = sum(1 << k for k in choice.positions)
        return _subset_mask(self.size, first, hand, choice.least, choice.most, allowed)

    def choice_move(self, kind: str, index: int) -> IndexedMove:
        """The move of action ``index`` of a card decision of ``kind``."""
        return self.draw_move(index) if kind == "discard" else self.expose_move(index)

    def draw_move(self, index: int) -> IndexedMove:
        bits = index - self.first_draw
        return IndexedMove("discard", positions=tuple(k for k in range(self.hand) if bits >> k & 1))

    def expose_move(self, index: int) -> IndexedMove:
        bits = index - self.first_expose
        return IndexedMove("expose", positions=tuple(k for k in range(self.hand) if bits >> k & 1))
