"""The observation vector: what one seat sees, as a flat ``float32`` array.

The cards come from :func:`straights.poker.view.deal_view` of the observing
seat (its own cards, the face-up cards, the cards shown), remade only when a
card moves; the rest is public: stacks, bets, pot, the seat's legal amounts
and the record of the deal (the betting actions and how many cards each
player drew; never which).  Players are listed *relative to the observer*: index 0 is
the observer, 1 the next player in dealing order, and so on.  Chip amounts are
counted in the table's unit (the big blind, else the ante, else the smallest
bet).  The segments, in order (``n`` players, ``S`` streets, ``H`` hand
cards, ``B`` board cards, ``W`` = deck size + 1, ``L`` history rows):

===========  =====================  ================================================
segment      length                 content
===========  =====================  ================================================
``seat``     n                      one-hot: the observer's seat (0 = first left of
                                    the button, n-1 = the button)
``street``   S + 1                  one-hot: the street; the last entry: deal over
``phase``    3                      betting, drawing, choosing cards to turn up
                                    (all 0 when the deal is over)
``cards``    n × H × W              each player's hand slots in relative order, the
                                    observer's own first; a slot is one-hot over
                                    the deck (in deck order) with a last entry for
                                    a face-down card; an empty slot is all 0
``board``    B × W                  the board in dealing order, same slots
``chips``    1 + 4n + 3             pot; per player stack, bet this street, folded,
                                    all-in; then to call, the smallest and the
                                    largest bet or raise (a street total; 0 if none)
``history``  L × (n + 9 + 1 + S)    the public actions in order, one row each: the
                                    actor (relative one-hot), the kind (fold, check,
                                    call, bring-in, complete, bet, raise, discard,
                                    expose), the amount (a street total in units;
                                    for a discard or an expose the number of cards,
                                    never which) and the street
                                    (one-hot); rows past the last action are 0;
                                    after more than L actions the last L are kept
===========  =====================  ================================================

>>> from straights.rl.table import table_for
>>> enc = Encoding(table_for("holdem", 2), history=8)
>>> [(s.name, s.stop - s.start) for s in enc.segments]  # doctest: +NORMALIZE_WHITESPACE
[('seat', 2), ('street', 5), ('phase', 3), ('cards', 212), ('board', 265), ('chips', 12),
 ('history', 128)]
>>> enc.size
627
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from straights.cards import Card
from straights.errors import ConfigurationError
from straights.poker.engine import Deal, Legal
from straights.poker.view import DealView
from straights.rl.table import RlTable

__all__ = ["KINDS", "Encoding", "History", "Segment"]

#: The kinds of public action, in the order of the history's one-hot.
KINDS: Final = (
    "fold", "check", "call", "bring-in", "complete", "bet", "raise", "discard", "expose",
)  # fmt: skip
#: What a player decides, in the order of the ``phase`` one-hot: a bet, or the kind
#: of the engine's card decision (:meth:`~straights.poker.engine.Deal.card_choice`).
PHASES: Final = {"betting": 0, "discard": 1, "expose": 2}
_KIND_INDEX: Final = {k: i for i, k in enumerate(KINDS)}


def writer(array: NDArray[Any]) -> Any:
    """A memoryview of ``array`` for item writes, the cheapest from Python (typed
    loosely: typeshed lets a memoryview take ints only, a NumPy buffer takes floats)."""
    return memoryview(array)  # type: ignore[arg-type]


class Segment(NamedTuple):
    """One named part of the observation vector: ``vector[start:stop]``."""

    name: str
    start: int
    stop: int


class History:
    """The public actions of one deal, encoded as they happen (absolute players)."""

    def __init__(self, rows: int, streets: int) -> None:
        self.rows = rows
        self.width = len(KINDS) + 1 + streets
        self.features = np.zeros((rows, self.width), np.float32)
        self._put = writer(self.features.reshape(-1))
        self.players = np.zeros(rows, np.intp)
        self.count = 0
        #: Every action of the deal in order, never cut: the player, the kind's index in
        #: :data:`KINDS`, the amount and the street of each row.
        self.actions: list[tuple[int, int, float, int]] = []

    def clear(self) -> None:
        self.features[: self.count] = 0
        self.count = 0
        self.actions = []

    def add(self, player: int, kind: str, amount: float, street: int) -> None:
        """Record ``player``'s action (``amount`` already in units, or a card count)."""
        if self.count == self.rows:  # keep the last rows
            self.features[:-1] = self.features[1:]
            self.players[:-1] = self.players[1:]
            self.features[-1] = 0
            self.count -= 1
        put, at, k = self._put, self.count * self.width, _KIND_INDEX[kind]
        put[at + k] = 1.0
        put[at + len(KINDS)] = amount
        put[at + len(KINDS) + 1 + street] = 1.0
        self.players[self.count] = player
        self.count += 1
        self.actions.append((player, k, amount, street))


class Encoding:
    """The observation layout of one table, and the encoder of a seat's view."""

    def __init__(self, table: RlTable, history: int = 32) -> None:
        if not isinstance(history, int) or isinstance(history, bool) or history < 1:
            raise ConfigurationError(f"history={history!r}: give a whole number of rows >= 1")
        variant = table.variant
        self.n = n = table.players
        self.streets = {s.name: k for k, s in enumerate(variant.streets)}
        self.street_count = s = len(variant.streets)
        self.hand = h = variant.hole_count
        self.board = b = variant.board_count
        ids = [c.id for c in table.deck]
        self.deck_index = [-1] * (max(ids) + 1)
        for k, card_id in enumerate(ids):
            self.deck_index[card_id] = k
        self.width = w = len(ids) + 1
        self.history_rows = history
        #: Each seat's players in relative order: itself first.
        self.orders = tuple(tuple((seat + rel) % n for rel in range(n)) for seat in range(n))
        self.row = n + len(KINDS) + 1 + s
        self.unit_inverse = 1.0 / table.unit
        chips_high = table.chips / table.unit
        sizes = [("seat", n), ("street", s + 1), ("phase", len(PHASES)), ("cards", n * h * w),
                 ("board", b * w), ("chips", 1 + 4 * n + 3),
                 ("history", history * self.row)]  # fmt: skip
        segments, start = [], 0
        for name, length in sizes:
            segments.append(Segment(name, start, start + length))
            start += length
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.size = start
        at = {seg.name: seg.start for seg in segments}
        self.seat_at, self.street_at, self.phase_at = at["seat"], at["street"], at["phase"]
        self.cards_at, self.board_at = at["cards"], at["board"]
        self.chips_at, self.history_at = at["chips"], at["history"]
        high = np.ones(self.size, np.float32)
        high[self.chips_at : self.history_at] = chips_high
        rows = high[self.history_at :].reshape(history, self.row)
        rows[:, n + len(KINDS)] = max(chips_high, h)
        self.high = high

    def segment(self, name: str) -> Segment:
        """The segment called ``name``."""
        return next(s for s in self.segments if s.name == name)

    def card_slots(self, view: DealView) -> NDArray[np.float32]:
        """The ``cards`` and ``board`` segments of ``view`` (a seat's view): the only part
        of an observation that hidden cards could reach, so always made from the view."""
        seat = view.seat
        if seat is None:
            raise ConfigurationError("an observation is of a seat, not of a spectator")
        w = self.width
        out = np.zeros(self.chips_at - self.cards_at, np.float32)
        put = writer(out)
        index = self.deck_index
        players = view.players
        for rel, i in enumerate(self.orders[seat]):
            base = rel * self.hand * w
            for card in players[i].cards:
                put[base + (w - 1 if card is None else index[card._id])] = 1.0
                base += w
        base = self.board_at - self.cards_at
        for card in view.board:
            put[base + (w - 1 if card is None else index[card._id])] = 1.0
            base += w
        return out

    def put_hole(
        self,
        slots: NDArray[np.float32],
        seat: int,
        player: int,
        k: int,
        card: Card | None,
        *,
        fresh: bool = False,
    ) -> None:
        """Write ``player``'s hand slot ``k`` in ``seat``'s :meth:`card_slots` (``None``:
        face down; ``fresh``: the slot is empty, a card just dealt)."""
        w = self.width
        at = ((player - seat) % self.n * self.hand + k) * w
        if not fresh:
            slots[at : at + w] = 0.0
        slots[at + (w - 1 if card is None else self.deck_index[card._id])] = 1.0

    def put_board(self, slots: NDArray[np.float32], k: int, card: Card | None) -> None:
        """Write board slot ``k`` in :meth:`card_slots` (``None``: face down)."""
        w = self.width
        at = self.board_at - self.cards_at + k * w
        slots[at : at + w] = 0.0
        slots[at + (w - 1 if card is None else self.deck_index[card._id])] = 1.0

    def fold_out(self, slots: NDArray[np.float32], seat: int, player: int) -> None:
        """Empty ``player``'s hand in ``seat``'s :meth:`card_slots` (he folded: his view
        shows no cards)."""
        block = self.hand * self.width
        rel = (player - seat) % self.n
        slots[rel * block : (rel + 1) * block] = 0.0

    def encode(
        self,
        deal: Deal,
        seat: int,
        cards: NDArray[np.float32],
        legal: Sequence[Legal],
        history: History,
    ) -> NDArray[np.float32]:
        """The observation of ``seat``: ``cards`` from :meth:`card_slots` of its view, the
        rest public (streets, chips, ``legal``: the seat's legal actions, if it acts)."""
        n = self.n
        out = np.zeros(self.size, np.float32)
        out[self.cards_at : self.chips_at] = cards
        put = writer(out)
        put[self.seat_at + seat] = 1.0
        self.put_public(put, deal, seat, legal)
        count = history.count
        if count:
            rows = out[self.history_at :].reshape(self.history_rows, self.row)
            rows[:count, n:] = history.features[:count]
            at, width = self.history_at, self.row
            for who in history.players[:count].tolist():
                put[at + (who - seat) % n] = 1.0
                at += width
        return out

    def put_public(self, put: Any, deal: Deal, seat: int, legal: Sequence[Legal]) -> None:
        """Write the ``street``, ``phase`` and ``chips`` segments of ``seat``'s observation
        through ``put`` (a :func:`writer` of a vector whose segments are all 0)."""
        unit = self.unit_inverse
        at = self.chips_at
        if deal.finished:
            put[self.street_at + self.street_count] = 1.0
        else:
            put[self.street_at + self.streets[deal.street.name]] = 1.0
            if deal.actor is not None:
                choice = deal.card_choice()
                put[self.phase_at + (0 if choice is None else PHASES[choice.kind])] = 1.0
            put[at] = deal.pot * unit  # 0 once the deal is over
        stacks, bets, folded = deal.stacks, deal.bets, deal.folded
        for i in self.orders[seat]:
            stack = stacks[i]
            if folded[i]:
                put[at + 3] = 1.0
            elif not stack:
                put[at + 4] = 1.0
            if stack:
                put[at + 1] = stack * unit
            if bets[i]:
                put[at + 2] = bets[i] * unit
            at += 4
        for action in legal:
            kind = action.kind
            if kind == "call" or kind == "bring-in":
                put[at + 1] = action.amount * unit
            elif kind == "bet" or kind == "raise" or kind == "complete":
                put[at + 2] = action.low * unit
                put[at + 3] = action.high * unit
