"""The core both environments share: one deal at a time, actions by index, observations.

An *episode is one deal*: every player starts from the table's stacks, and the
reward of a player is what his stack gained or lost in the deal (in chips;
a Straights pot carried over by rule 10 is lost to everyone in that deal, so
the rewards then add up to minus the carried pot).

Heads-up the button (``player_1``) posts the small blind and acts first; with
aces against kings and both players checking and calling to the end, the aces
win the big blind the kings put in:

>>> from straights.cards import parse_cards
>>> from straights.rl.table import table_for
>>> dealer = Dealer(table_for("limit-holdem", 2))
>>> dealer.new_deal(deck=parse_cards("As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh"))
>>> dealer.actor, [dealer.actions.names[i] for i in dealer.legal()]
(1, ['fold', 'call', 'raise'])
>>> while dealer.actor is not None:
...     dealer.play(1)
>>> dealer.payoffs()
[2, -2]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from straights.cards import Card
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.actions import CALL, DEFAULT_SIZES, FOLD, ActionLayout, IndexedMove
from straights.poker.cards_source import DeckSource
from straights.poker.engine import CardChoice, Deal, Entry, Legal
from straights.poker.view import deal_view
from straights.rl.observation import KINDS, Encoding, History, writer
from straights.rl.table import RlTable

__all__ = ["Dealer", "Observation"]

#: Log entries that move no card.
_NO_CARD_MOVES: Final = frozenset(
    {
        "check",
        "call",
        "bet",
        "raise",
        "bring-in",
        "complete",
        "win",
        "ante",
        "blind",
        "betting",
        "no betting",
    }
)

#: The most betting decisions (masks and moves) a dealer keeps.
_BETTING_KEPT: Final = 4096

#: How many shuffled decks a dealer draws at once (one NumPy call: about a third of the
#: cost of a permutation per deal, and the same decks in the same order).
_DECKS_AHEAD: Final = 64

#: From this many new history rows on, a seat catches up by one block copy.
_BLOCK_ROWS: Final = 4

#: An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``.
Observation = dict[str, NDArray[np.generic]]


class Dealer:
    """Deals ``table``'s episodes and plays them by action index."""

    def __init__(
        self,
        table: RlTable,
        *,
        history: int = 32,
        raise_sizes: Sequence[float] = DEFAULT_SIZES,
    ) -> None:
        self.table = table
        self.actions = ActionLayout(table.variant, raise_sizes)
        self.encoding = Encoding(table, history)
        self.history = History(history, self.encoding.street_count)
        self.rng = random.Random()
        self._shuffler = np.random.default_rng(self.rng.getrandbits(64))
        self._cards = table.deck.cards
        # The table's deck once per deck drawn ahead, each row shuffled in turn.
        self._deck_rows = np.empty((_DECKS_AHEAD, len(self._cards)), object)
        for k, card in enumerate(self._cards):
            self._deck_rows[:, k] = card
        self._decks: list[list[Card]] = []  # shuffled decks not dealt yet, the next last
        self.deal: Deal | None = None
        self._decision = 0  # counts decisions; the key of the cached moves
        self._moves_key = -1
        self._moves: dict[int, IndexedMove] = {}
        self._mask: NDArray[np.int8] = np.zeros(self.actions.size, np.int8)
        self._betting: dict[tuple[Legal, ...], tuple[NDArray[np.int8], dict[int, IndexedMove]]]
        self._betting = {}
        # The hand positions of each card action (discard or expose) by index.
        self._positions: dict[tuple[str, int], tuple[int, ...]] = {}
        self._card_choices: dict[tuple[CardChoice, int], tuple[NDArray[np.int8], list[int]]] = {}
        self._legal: Sequence[Legal] = ()
        self._indices: list[int] = []  # the legal action indices of the decision now
        # Each seat's observation so far, kept between steps: its seat, its card segments
        # (made at the count of card moves in ``_slots``) and the history rows it has
        # seen (``_seen``); the public segments stay 0 here, written into each copy.
        enc, n = self.encoding, table.players
        self._obs = np.zeros((n, enc.size), np.float32)
        self._seats = [self._obs[s] for s in range(n)]  # each seat's row (a view)
        self._puts = [writer(row) for row in self._seats]
        self._no_mask: NDArray[np.int8] = np.zeros(self.actions.size, np.int8)
        self._rows = [self._obs[s, enc.history_at :].reshape(history, enc.row) for s in range(n)]
        for s in range(n):
            self._obs[s, enc.seat_at + s] = 1.0
        #: Where player ``i``'s hand starts in seat ``s``'s vector: ``_hand_at[s][i]``.
        self._block = block = enc.hand * enc.width
        self._hand_at = [[enc.cards_at + (i - s) % n * block for i in range(n)] for s in range(n)]
        self._zero = writer(np.zeros(block, np.float32))  # empties a hand's slots
        # A hand of ``m`` face-down cards as another seat sees it: ``_down[m]`` its ``m``
        # slots, ``_down_hand[m]`` the whole hand's slots (the rest empty); one copy
        # writes it where a card each would take ``m`` item writes.
        hidden = np.zeros((enc.hand + 1, block), np.float32)
        for m in range(enc.hand + 1):
            hidden[m, enc.width - 1 : m * enc.width : enc.width] = 1.0
        self._down_hand = [writer(hidden[m]) for m in range(enc.hand + 1)]
        self._down = [self._down_hand[m][: m * enc.width] for m in range(enc.hand + 1)]
        self._shown = np.zeros(block, np.float32)  # a hand shown whole, as everyone sees it
        # The players' chips and flags once a deal is over, twice over in seat order, so
        # that seat ``s``'s players (itself first) are one slice: ``_final_of[s]``.
        self._final = np.zeros(8 * n, np.float32)
        self._put_final = writer(self._final)
        self._final_of = [self._put_final[4 * s : 4 * (s + n)] for s in range(n)]
        self._final_decision = -1  # the decision whose final chips ``_final`` holds
        self._put_shown = writer(self._shown)
        self._seen = [0] * n
        # The history's rows as a seat's vector holds them, the actor's part left 0: rows
        # new to a seat are one copy from here (then its actor one-hot per row).
        self._full = writer(np.zeros(history * enc.row, np.float32))
        self._features = writer(self.history.features.reshape(-1))
        self._card_moves = 0
        self._scanned = 0  # log entries looked at for card moves
        # Each player's hand and its face-up flags, as the log says.
        self._hands: list[list[Card | None]] = []
        self._ups: list[list[bool]] = []
        self._board_up: list[bool] = []  # the board's cards face up, as the log says
        # Cards chosen to be turned up and not yet turned: (player, slot, deck index).
        self._exposed: list[tuple[int, int, int]] = []
        self._slots: list[tuple[int, NDArray[np.float32]]] = [
            (-1, self._obs[s, enc.cards_at : enc.chips_at]) for s in range(n)
        ]

    # -- a deal ---------------------------------------------------------------------------
    def seed(self, seed: int) -> None:
        """Restart the random streams of every later deal: the shuffle (NumPy, the
        quickest) and the restock of a draw (the engine's ``random.Random``)."""
        self.rng = random.Random(seed)
        self._shuffler = np.random.default_rng(seed)
        self._decks = []

    def new_deal(self, seed: int | None = None, deck: Sequence[Card] | None = None) -> None:
        """Deal afresh: ``seed`` restarts the random streams (see :meth:`seed`); ``deck``
        (cards in dealing order, enough for the deal) rigs the cards."""
        if seed is not None:
            self.seed(seed)
        table = self.table
        if deck is None:
            # A shuffle of the table's deck needs no checking: dealt from a source as is.
            # Each row of ``permuted`` is shuffled as ``permutation`` shuffles a deck, with
            # the same draws in turn: the decks of one ``permutation`` call per deal.
            if not self._decks:
                self._decks = self._shuffler.permuted(self._deck_rows, axis=1).tolist()
                self._decks.reverse()
            source = DeckSource(self._decks.pop(), self.rng)
            self.deal = Deal(table.variant, table.stakes, table.stacks, source,
                             bomb_pot=table.bomb_pot, runs=table.runs)  # fmt: skip
        else:
            self.deal = Deal(table.variant, table.stakes, table.stacks, list(deck), rng=self.rng,
                             bomb_pot=table.bomb_pot, runs=table.runs)  # fmt: skip
        # Every seat's cards and history rows emptied, in one write with the chips between
        # them (0 already: the public segments are written into each observation's copy).
        enc = self.encoding
        used = min(len(self.history.actions), self.history.rows) * enc.row
        self._obs[:, enc.cards_at : enc.history_at + used] = 0.0
        self.history.clear()
        self._decision += 1
        self._card_moves += 1  # no card yet: every seat's segments are empty
        self._seen = [0] * table.players
        self._slots = [(self._card_moves, slots) for _, slots in self._slots]
        self._scanned = 0
        self._hands = [[] for _ in range(table.players)]
        self._ups = [[] for _ in range(table.players)]
        self._board_up = []
        self._exposed = []

    def _current(self) -> Deal:
        if self.deal is None:
            raise IllegalActionError("no deal yet: call reset() first")
        return self.deal

    @property
    def actor(self) -> int | None:
        """The seat to act (bet or draw), or ``None`` when the deal is over."""
        return self._current().actor

    @property
    def finished(self) -> bool:
        return self._current().finished

    def payoffs(self) -> list[int]:
        """What each seat won (+) or lost (-) in chips this deal, so far."""
        deal = self._current()
        return [s - s0 for s, s0 in zip(deal.stacks, deal.starting_stacks, strict=True)]

    # -- actions ----------------------------------------------------------------------------
    def _choices(
        self, deal: Deal, legal: Sequence[Legal] | None = None
    ) -> tuple[NDArray[np.int8], dict[int, IndexedMove]]:
        """The mask and moves of the decision now (``legal``: the engine's, if known)."""
        if self._moves_key == self._decision:
            return self._mask, self._moves
        i = deal.actor
        choice = deal.card_choice()
        if i is None:
            mask, moves = np.zeros(self.actions.size, np.int8), dict[int, IndexedMove]()
        elif choice is not None:
            # The same decision from a hand of the same size: the same mask and indices.
            key = (choice, len(deal.holes[i]))
            chosen = self._card_choices.get(key)
            if chosen is None:
                mask = self.actions.choice_mask(choice, key[1])
                chosen = self._card_choices[key] = (mask, np.flatnonzero(mask).tolist())
            self._mask, self._moves, self._moves_key = chosen[0], {}, self._decision
            self._legal, self._indices = (), chosen[1]
            return self._mask, self._moves
        elif deal.phase != "betting":
            raise ConfigurationError(
                f"{deal.variant.code}: straights.rl has no actions for the {deal.phase} phase"
            )
        else:
            legal = deal.legal_actions() if legal is None else tuple(legal)
            if self.actions.sizes:
                # The raise sizes follow the pot: rarely the same twice, so not kept (a
                # cache of them missed half the time and slowed the garbage collector).
                bets = deal.bets
                top = 0
                for bet in bets:  # max(bets), compiled
                    if bet > top:
                        top = bet
                mask, moves = self.actions.betting(legal, deal.pot, top, bets[i])
            else:
                # The same legal actions make the same mask and moves: kept, and never
                # changed (``observe`` hands out a copy).
                known = self._betting.get(legal)
                if known is None:
                    if len(self._betting) >= _BETTING_KEPT:
                        self._betting.clear()
                    known = self.actions.betting(legal, 0, 0, 0)
                    self._betting[legal] = known
                mask, moves = known
        self._legal = legal or ()
        # (The layout adds the moves in index order: fold, call, then the raises.)
        self._indices = list(moves) if moves else np.flatnonzero(mask).tolist()
        self._mask, self._moves, self._moves_key = mask, moves, self._decision
        return mask, moves

    def legal(self) -> list[int]:
        """The action indices legal now."""
        self._choices(self._current())
        return list(self._indices)

    def passive(self) -> int:
        """The passive legal action: check (or post the bring-in), else fold, else call;
        in a draw, stand pat; choosing cards to turn up, the first choice."""
        mask, moves = self._choices(self._current())
        call = moves.get(CALL)
        if call is not None and call.kind != "call":
            return CALL
        for index in (FOLD, CALL):
            if mask[index]:
                return index
        return int(np.flatnonzero(mask)[0])

    def describe(self) -> str:
        """The deal in one line, as a spectator sees it."""
        view = deal_view(self._current(), None)
        cards = " ".join("??" if c is None else c.ascii() for c in view.board) or "-"
        stacks = " ".join(f"{p.stack}{'f' if p.folded else ''}" for p in view.players)
        return f"{view.variant} {view.street}: board {cards}, pot {view.pot}, stacks {stacks}"

    def play(self, index: int) -> None:
        """The seat to act takes action ``index``; raises :class:`IllegalActionError`
        naming the legal actions when it is not one of them."""
        deal = self._current()
        i = deal.actor
        if i is None:
            raise IllegalActionError("the deal is over: nobody can act")
        mask, moves = self._choices(deal)
        if moves:  # a bet: the moves say what is legal
            legal = not isinstance(index, bool) and index in moves
        else:
            legal = not isinstance(index, bool) and 0 <= index < self.actions.size
            legal = legal and bool(mask[index])
        if not legal:
            names = ", ".join(f"{k} {self.actions.names[k]}" for k in np.flatnonzero(mask))
            raise IllegalActionError(f"action {index!r} is not legal now; legal: {names}")
        street = deal.street_index
        choice = None if moves else deal.card_choice()
        if choice is not None:
            key = (choice.kind, int(index))
            positions = self._positions.get(key)
            if positions is None:
                positions = self._positions[key] = self.actions.choice_move(*key).positions
            hand = deal.holes[i]
            cards = [hand[k] for k in positions]
            (deal.discard if choice.kind == "discard" else deal.expose)(cards)
            self.history.add(i, choice.kind, len(positions), street)
            self._mirror_row()
        else:
            move = moves[int(index)]
            entry = deal.act(move.kind, move.to)
            self.history.add(i, entry.kind, entry.amount / self.table.unit, street)
            self._mirror_row()
            while deal.phase == "runs":  # every seat agrees to the most runs the table deals
                offered = deal.run_choice()
                assert offered is not None
                deal.choose_runs(offered[-1])
        self._decision += 1

    def _mirror_row(self) -> None:
        """Copy the history's newest row into ``_full`` (while no row has been cut)."""
        history = self.history
        if len(history.actions) <= history.rows:
            k, width, row, n = history.count - 1, history.width, self.encoding.row, self.encoding.n
            at = k * row + n
            self._full[at : at + width] = self._features[k * width : (k + 1) * width]

    # -- observations -----------------------------------------------------------------------
    def _follow_cards(self, deal: Deal) -> None:
        """Bring every seat's card segments up to date with the log entries since the last
        call: cards dealt, turned, shown, folded and discarded are written in place, as
        the seat's view shows them (its own cards and face-up ones;
        ``tests/test_rl_observation.py`` compares every observation with the view); after
        any other card move (a card turned up by choice, a mucked hand) each seat's
        segments are made again from its view."""
        log = deal.log
        end = len(log)
        if self._scanned == end:
            return
        current: list[int] | None = None
        for k in range(self._scanned, end):
            entry = log[k]
            kind, i = entry.kind, entry.player
            if kind in _NO_CARD_MOVES:
                continue
            if current is None:
                moves = self._card_moves
                current = [s for s, (m, _) in enumerate(self._slots) if m == moves]
            if kind == "fold" and i is not None:  # the commonest: inline
                block, puts, hand_at, zero = self._block, self._puts, self._hand_at, self._zero
                for s in current:
                    at = hand_at[s][i]
                    puts[s][at : at + block] = zero
            elif (kind == "hole" and i is not None) or kind in ("board", "turn"):
                self._write_dealt(entry, current)
            elif kind in ("show", "fold") and i is not None:
                self._write_shown(entry, current)
            elif kind == "discard" and i is not None:
                self._write_discarded(i, entry.cards, current)
            elif kind == "expose" and i is not None and self._note_exposed(i, entry.cards):
                continue
            elif kind != "burn":
                self._remake(deal)
                break
        self._scanned = end
        if self._exposed and current is not None:
            self._write_exposed(deal, current)

    def _remake(self, deal: Deal) -> None:
        """After a card move not followed in place: every seat's segments are made again
        from its view when it next observes."""
        self._card_moves += 1
        self._hands = [list(hand) for hand in deal.holes]
        self._ups = [list(up) for up in deal.up]
        self._board_up = list(deal.board_up)
        self._exposed = []

    def _note_exposed(self, i: int, cards: Sequence[Card | None]) -> bool:
        """:meth:`_follow_cards` of player ``i``'s choice of ``cards`` to turn up: kept
        until the engine turns them (once every player has chosen); ``False`` when a card
        is not one the log dealt him face down (then every view is made again)."""
        hand, ups = self._hands[i], self._ups[i]
        index = self.encoding.deck_index
        chosen = []
        for card in cards:
            if card is None:
                return False
            slot = next((k for k, c in enumerate(hand) if c == card and not ups[k]), -1)
            if slot < 0 or any(j == i and k == slot for j, k, _ in self._exposed):
                return False
            chosen.append((i, slot, index[card._id]))
        self._exposed.extend(chosen)
        return True

    def _write_exposed(self, deal: Deal, current: list[int]) -> None:
        """The chosen cards the engine has turned up now, face up in the other seats'
        segments in ``current`` (the chooser saw them all along)."""
        up, folded = deal.up, deal.folded
        waiting = []
        hidden = self.encoding.width - 1
        w = self.encoding.width
        for i, slot, k in self._exposed:
            if not up[i][slot]:
                waiting.append((i, slot, k))
                continue
            self._ups[i][slot] = True
            if folded[i]:
                continue
            for s in current:
                if s != i:
                    put, at = self._puts[s], self._hand_at[s][i] + slot * w
                    put[at + hidden] = 0.0
                    put[at + k] = 1.0
        self._exposed = waiting

    def _write_dealt(self, entry: Entry, current: list[int]) -> None:
        """:meth:`_follow_cards` of a ``hole``, ``board`` or ``turn`` entry: the cards in
        the segments of each seat in ``current`` as its view shows them."""
        enc, i = self.encoding, entry.player
        if entry.kind == "hole" and i is not None:
            # Fresh slots (all 0): one write per card and seat, the card's deck index
            # or (hidden from that seat) the face-down entry.
            w, index = enc.width, enc.deck_index
            hidden = w - 1
            cards, ups = entry.cards, entry.up
            dealt: list[tuple[int, bool]] = []
            for j in range(len(cards)):  # (not zip: a zip object is built through its type)
                c = cards[j]
                dealt.append((hidden if c is None else index[c._id], ups[j]))
            puts, hand_at = self._puts, self._hand_at
            start = len(self._hands[i]) * w
            # Every card face down (the commonest): the other seats' slots in one copy.
            down = None if True in ups else self._down[len(dealt)]
            size = len(dealt) * w
            for s in current:
                put, at = puts[s], hand_at[s][i] + start
                if down is not None and s != i:
                    put[at : at + size] = down
                    continue
                for k, up in dealt:
                    put[at + (k if up or s == i else hidden)] = 1.0
                    at += w
            self._hands[i].extend(entry.cards)
            self._ups[i].extend(entry.up)
        elif entry.kind == "board":
            # Fresh slots, the same in every seat's vector (face up or down to all).
            w, index, puts = enc.width, enc.deck_index, self._puts
            hidden = w - 1
            at = enc.board_at + len(self._board_up) * w
            ones: list[int] = []
            cards, ups = entry.cards, entry.up
            for j in range(len(cards)):
                card = cards[j]
                ones.append(at + (index[card._id] if ups[j] and card is not None else hidden))
                at += w
            for s in current:
                put = puts[s]
                for k in ones:
                    put[k] = 1.0
            self._board_up.extend(entry.up)
        else:  # turn: face-down board slots turned up
            down = [j for j, up in enumerate(self._board_up) if not up][: len(entry.cards)]
            for j in down:
                self._board_up[j] = True
            w, index, puts = enc.width, enc.deck_index, self._puts
            turned = [
                (enc.board_at + j * w, -1 if card is None else index[card._id])
                for j, card in zip(down, entry.cards, strict=True)
            ]
            for s in current:
                put = puts[s]
                for at, k in turned:
                    if k >= 0:
                        put[at + w - 1] = 0.0
                        put[at + k] = 1.0

    def _write_discarded(self, i: int, cards: Sequence[Card | None], current: list[int]) -> None:
        """:meth:`_follow_cards` of player ``i``'s discard of ``cards``: the cards he keeps
        move up to the first slots (his own seat sees them, the others see the face-up
        ones and a face-down slot for each other card)."""
        hand, ups = self._hands[i], self._ups[i]
        kept: list[tuple[Card | None, bool]] = []
        for j in range(len(hand)):
            card = hand[j]
            # Cards are interned (the same card is the same object): matched by identity.
            if not _any_is(cards, card):
                kept.append((card, ups[j]))
        self._hands[i] = [c for c, _ in kept]
        self._ups[i] = [up for _, up in kept]
        enc, block = self.encoding, self._block
        w, index = enc.width, enc.deck_index
        zero = self._zero
        # Every kept card face down (the commonest): the other seats' hand in one copy.
        down = None if any(up for _, up in kept) else self._down_hand[len(kept)]
        for s in current:
            at = self._hand_at[s][i]
            put = self._puts[s]
            if down is not None and s != i:
                put[at : at + block] = down
                continue
            put[at : at + block] = zero
            for card, up in kept:
                seen = card is not None and (up or s == i)
                put[at + (index[card._id] if seen and card is not None else w - 1)] = 1.0
                at += w

    def _write_shown(self, entry: Entry, current: list[int]) -> None:
        """:meth:`_follow_cards` of a ``show`` or ``fold`` entry of player ``entry.player``."""
        enc, i = self.encoding, entry.player
        assert i is not None
        if entry.kind == "fold":
            for s in current:
                enc.fold_out(self._slots[s][1], s, i)
            return
        # A slot shown holds the card itself (the player's own seat, a card face up),
        # a face-down card or nothing: the face-down entry goes, the card's comes.
        w, index = enc.width, enc.deck_index
        hidden = w - 1
        shown = [(j * w, index[c._id]) for j, c in enumerate(entry.cards) if c is not None]
        if len(shown) == len(self._hands[i]):
            # The whole hand shown (the commonest): every seat sees the same slots, each
            # its card; made once, then one copy per seat.
            self._shown.fill(0.0)
            put = self._put_shown
            for at, k in shown:
                put[at + k] = 1.0
            block, hand_at, puts = self._block, self._hand_at, self._puts
            for s in current:
                at = hand_at[s][i]
                puts[s][at : at + block] = put
            return
        for s in current:
            put, start = self._puts[s], self._hand_at[s][i]
            for at, k in shown:
                put[start + at + hidden] = 0.0
                put[start + at + k] = 1.0

    def observe(self, seat: int) -> Observation:
        """What ``seat`` sees now, with its action mask (all 0 unless it is to act)."""
        deal = self._current()
        self._follow_cards(deal)
        moves, cards = self._slots[seat]
        if moves != self._card_moves:
            cards[:] = self.encoding.card_slots(deal_view(deal, seat))
            self._slots[seat] = (self._card_moves, cards)
        if self._seen[seat] != len(self.history.actions):
            self._catch_up(seat)
        if deal.actor == seat:
            self._choices(deal)
            mask = self._mask.copy()
            legal = self._legal
        else:
            mask, legal = self._no_mask.copy(), ()
        vector = self._seats[seat].copy()
        if deal.finished:  # every seat observes the end: its public part made once
            self._put_over(writer(vector), deal, seat)
        else:
            self.encoding.put_public(writer(vector), deal, seat, legal)
        return {"observation": vector, "action_mask": mask}

    def _put_over(self, put: Any, deal: Deal, seat: int) -> None:
        """:meth:`Encoding.put_public` of a deal that is over (no pot, no phase, no legal
        amounts), through ``put``: the players' part is copied from ``_final``."""
        enc = self.encoding
        if self._final_decision != self._decision:
            self._final_decision = self._decision
            unit, n, final = enc.unit_inverse, enc.n, self._put_final
            stacks, bets, folded = deal.stacks, deal.bets, deal.folded
            for i in range(n):
                stack, out = stacks[i], folded[i]
                for at in (4 * i, 4 * (i + n)):
                    final[at] = stack * unit
                    final[at + 1] = bets[i] * unit
                    final[at + 2] = 1.0 if out else 0.0
                    final[at + 3] = 0.0 if out or stack else 1.0
        put[enc.street_at + enc.street_count] = 1.0
        at = enc.chips_at + 1
        put[at : at + 4 * enc.n] = self._final_of[seat]

    def _catch_up(self, seat: int) -> None:
        """Write the history rows ``seat``'s vector has not seen yet (all of them again
        once the oldest rows have been cut)."""
        history, enc = self.history, self.encoding
        n, actions = enc.n, history.actions
        seen, added = self._seen[seat], len(actions)
        if added <= history.rows and added - seen >= _BLOCK_ROWS:
            # Nothing cut, several rows new (a seat that has not acted for a while): their
            # features in one copy from ``_full``, then each row's actor.
            put, width = self._puts[seat], enc.row
            at = enc.history_at + seen * width
            put[at : at + (added - seen) * width] = self._full[seen * width : added * width]
            for who, _kind, _amount, _street in actions[seen:added]:
                put[at + (who - seat) % n] = 1.0
                at += width
        elif added <= history.rows:  # nothing cut: rows seen … added are new
            put, width = self._puts[seat], enc.row
            at = enc.history_at + seen * width
            amount_at = n + len(KINDS)
            for who, kind, amount, street in actions[seen:added]:
                put[at + (who - seat) % n] = 1.0
                put[at + n + kind] = 1.0
                put[at + amount_at] = amount
                put[at + amount_at + 1 + street] = 1.0
                at += width
        else:
            rows = self._rows[seat]
            count = history.count
            rows[:, :n] = 0.0
            rows[:count, n:] = history.features[:count]
            rows[np.arange(count), (history.players[:count] - seat) % n] = 1.0
        self._seen[seat] = added


def _any_is(items: Sequence[object], item: object) -> bool:
    """Whether ``item`` itself (not an equal) is one of ``items``.

    >>> card = object()
    >>> _any_is([None, card], card), _any_is([None], card)
    (True, False)
    """
    for other in items:  # noqa: SIM110 - a loop is quicker than any() over a generator
        if other is item:
            return True
    return False
