"""One deal of Straights as a state machine driven by actions.

A :class:`Hand` is created from the table's configuration, the players dealt in
(left of the button first), their stacks, the pot carried over and a shuffled
deck; it posts the antes, deals, and then waits for actions.  Every change is
appended to :attr:`Hand.events`.

Each action comes as a trio, PokerKit-style: ``can_call(seat)`` answers,
``verify_call(seat)`` raises :class:`~straights.errors.IllegalActionError`
with the reason (``why_not_call(seat)`` returns it), and ``call(seat)`` acts.
An illegal action leaves the state unchanged.

Amounts are never a choice in Straights: the first bet is the ante and each
raise doubles the previous increment, so :meth:`Hand.legal_actions` lists each
possible action with its exact amount.

>>> from straights.cards import parse_cards
>>> from straights.game.config import TableConfig
>>> deck = parse_cards('As 2c Kd 3c 9h 4d 5s 6h 7c')  # holes A-K, 2-3; key 9h; 4d 5s 6h 7c
>>> h = Hand(TableConfig(seats=2), seats=(0, 1), stacks=(10, 10), deck=deck)
>>> [(a.kind, a.amount) for a in h.legal_actions(0)]
[('check', 0), ('bet', 1)]
>>> h.bet(0); h.raise_(1); h.call(0)
>>> h.round, h.pot
(2, 8)
>>> h.why_not_fold(1)
'seat 1 cannot fold: it is seat 0 to act'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from straights.cards import Card, check_unique
from straights.errors import ConfigurationError, IllegalActionError
from straights.game.config import ROUNDS, TableConfig
from straights.game.events import (
    Acted,
    AntePosted,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    KeyDealt,
    KeyTurned,
    PenaltyPaid,
    PotAwarded,
    PotCarried,
    RoundStarted,
    ShowdownRevealed,
    TableCardDealt,
)
from straights.game.wording import action_label
from straights.rankings.straights import check_cards_for_pack, make_hand
from straights.showdowns import decide

__all__ = ["ACTION_KINDS", "ROUNDS", "Action", "ActionKind", "Hand", "Pot"]

ActionKind = Literal["fold", "check", "call", "bet", "raise"]
ACTION_KINDS: Final = ("fold", "check", "call", "bet", "raise")
_HOLE: Final = 2


class Action(NamedTuple):
    """A legal action with its exact chips: ``amount`` put in now, ``to`` the
    player's total for the round afterwards; ``all_in`` when it uses his last chip.
    Immutable.

    >>> str(Action("raise", 2, 3, False)), str(Action("call", 4, 5, True))
    ('raise to 3', 'call 4 (all-in)')
    """

    kind: ActionKind
    amount: int = 0
    to: int = 0
    all_in: bool = False

    def __str__(self) -> str:
        return action_label(self.kind, amount=self.amount, to=self.to, all_in=self.all_in)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with ``label``: the action in words for a button or a prompt."""
        return {
            "kind": self.kind,
            "amount": self.amount,
            "to": self.to,
            "all_in": self.all_in,
            "label": str(self),
        }


_FOLD: Final = Action("fold")


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot (0 = main) and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


class Hand:
    """One deal: antes, hole cards, key card, five betting rounds, showdown.

    ``seats`` are the table seats dealt in, **left of the button first** (the
    button last); ``stacks`` their chips in the same order; ``deck`` the
    shuffled cards in dealing order (at least ``2 * len(seats) + 5``); ``carry``
    a pot carried over from the previous deal (rule 10); ``listener`` is called
    with every event as it happens (the :class:`~straights.game.table.Table` uses it);
    with ``autostart=False`` the antes and the deal wait for :meth:`start`.
    """

    def __init__(
        self,
        config: TableConfig,
        seats: Sequence[int],
        stacks: Sequence[int],
        deck: Sequence[Card],
        *,
        carry: int = 0,
        number: int = 1,
        listener: Callable[[Event], None] | None = None,
        autostart: bool = True,
    ) -> None:
        n = len(seats)
        if n < 2:
            raise ConfigurationError(f"a deal needs at least 2 players, not {n}")
        if len(stacks) != n:
            raise ConfigurationError(f"{len(stacks)} stacks for {n} seats: give one stack per seat")
        if len(set(seats)) != n:
            raise ConfigurationError(f"seats {list(seats)} repeat a seat")
        if any(s < 1 for s in stacks):
            raise ConfigurationError(f"stacks {list(stacks)}: every player dealt in has chips")
        if carry < 0:
            raise ConfigurationError(f"carry={carry}: a carried pot cannot be negative")
        need = _HOLE * n + 5
        if len(deck) < need:
            raise ConfigurationError(f"a deck of {len(deck)} cards cannot deal {n} players")
        dealt = tuple(deck[:need])
        check_unique(dealt, "in the deck")
        check_cards_for_pack(dealt, config.pack, f"the deck of a {config.pack}-card game")
        self.config = config
        self.number = number
        self.seats: tuple[int, ...] = tuple(seats)
        self._index = {s: i for i, s in enumerate(self.seats)}
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.carry_in = carry
        self.deck: tuple[Card, ...] = dealt
        self.holes: tuple[tuple[Card, Card], ...] = tuple(
            (self.deck[i], self.deck[n + i]) for i in range(n)
        )
        self.table_cards: tuple[Card, ...] = self.deck[_HOLE * n : need]
        self.stacks = list(stacks)
        self.total = [0] * n  # chips put in this deal, antes included
        self.committed = [0] * n  # chips put in this betting round
        self.folded = [False] * n
        self.round = 0
        self.face_up = 0  # face-up table cards besides the key card
        self.key_turned = False
        self.current_bet = 0
        self.level = -1  # ladder level reached this round (-1 none, 0 bet, 1 raise …)
        self._acted_level: list[int | None] = [None] * n
        self._needs = [False] * n
        self.to_act: int | None = None  # player index
        self.finished = False
        self.carry_out = 0
        self.winners: list[int | None] = []
        self.pots: list[Pot] = []
        self.events: list[Event] = []
        self._listener = listener
        self._legal_cache: tuple[int, tuple[Action, ...]] | None = None
        self._started = False
        if autostart:
            self.start()

    # -- public read-only helpers -------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def button(self) -> int:
        """The dealer's seat (the last player in :attr:`seats`)."""
        return self.seats[-1]

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when nobody is (the deal is over)."""
        return None if self.to_act is None else self.seats[self.to_act]

    @property
    def pot(self) -> int:
        """All chips in the middle: this deal's bets and antes plus the carried pot."""
        return self.carry_in + sum(self.total)

    def index(self, seat: int) -> int:
        """The player index (0 = left of the button) of a table seat dealt in."""
        i = self._index.get(seat)
        if i is None:
            raise IllegalActionError(
                f"seat {seat!r} is not dealt into this hand: seats in play are {list(self.seats)}"
            )
        return i

    def player_index(self, seat: int | None) -> int | None:
        """The player index of ``seat``, or ``None`` when it is not dealt in (or is ``None``)."""
        return None if seat is None else self._index.get(seat)

    def visible_table(self) -> tuple[Card | None, ...]:
        """The five table positions as everyone sees them: ``None`` for a card face down
        or not yet dealt (position 0 is the key card)."""
        key = self.table_cards[0] if self.key_turned else None
        rest = [self.table_cards[1 + k] if k < self.face_up else None for k in range(4)]
        return (key, *rest)

    def in_showdown(self) -> tuple[int, ...]:
        """Seats not folded."""
        return tuple(s for i, s in enumerate(self.seats) if not self.folded[i])

    # -- the deal -------------------------------------------------------------------
    def _emit(self, event: Event) -> None:
        self.events.append(event)
        if self._listener is not None:
            self._listener(event)

    def start(self) -> None:
        """Post the antes and deal (done by the constructor unless ``autostart=False``)."""
        if self._started:
            raise IllegalActionError(f"deal {self.number} has already started")
        self._started = True
        cfg = self.config
        self._emit(
            HandStarted(
                self.number,
                self.button,
                self.seats,
                self.starting_stacks,
                self.carry_in,
                self.deck,
            )
        )
        for i, seat in enumerate(self.seats):
            amount = min(cfg.ante, self.stacks[i])
            self.stacks[i] -= amount
            self.total[i] += amount
            self._emit(AntePosted(seat, amount, self.stacks[i] == 0))
        for i, seat in enumerate(self.seats):
            self._emit(HoleDealt(seat, self.holes[i]))
        self._emit(KeyDealt(self.table_cards[0]))
        self._emit(TableCardDealt(2, self.table_cards[1]))
        self.face_up = 1
        self._start_round(1)

    def _start_round(self, rnd: int) -> None:
        while True:
            self.round = rnd
            n = self.n
            self.committed = [0] * n
            self.current_bet = 0
            self.level = -1
            self._acted_level = [None] * n
            stacks, folded = self.stacks, self.folded
            live = [i for i in range(n) if not folded[i] and stacks[i] > 0]
            betting = len(live) >= 2
            self._emit(RoundStarted(rnd, betting))
            if betting:
                needs = [False] * n
                for i in live:
                    needs[i] = True
                self._needs = needs
                self.to_act = live[0]
                return
            self._needs = [False] * n
            if rnd == ROUNDS:
                self._showdown()
                return
            rnd = self._deal_next(rnd)

    def _deal_next(self, rnd: int) -> int:
        """Deal what comes before round ``rnd + 1`` and return ``rnd + 1``."""
        if rnd < 4:
            self.face_up += 1
            self._emit(TableCardDealt(self.face_up + 1, self.table_cards[self.face_up]))
        else:
            self.key_turned = True
            self._emit(KeyTurned(self.table_cards[0]))
        return rnd + 1

    # -- legal actions ------------------------------------------------------------------
    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now with its exact amount (empty if not his turn)."""
        i = self._index.get(seat) if isinstance(seat, int) else None
        if i is None or i != self.to_act:
            return ()
        return self._legal(i)

    def _legal(self, i: int) -> tuple[Action, ...]:
        cached = self._legal_cache
        if cached is not None and cached[0] == i:
            return cached[1]
        legal = self._compute_legal(i)
        self._legal_cache = (i, legal)
        return legal

    def _compute_legal(self, i: int) -> tuple[Action, ...]:
        stack = self.stacks[i]
        mine = self.committed[i]
        to_call = self.current_bet - mine
        out: list[Action] = []
        if to_call > 0:
            out.append(_FOLD)
            if stack <= to_call:
                return (*out, Action("call", stack, mine + stack, True))
            out.append(Action("call", to_call, self.current_bet, False))
        else:
            out.append(Action("check", 0, mine, False))
        if self._may_raise(i):
            target = self.config.level(self.level + 1)
            need = target - mine
            kind: ActionKind = "bet" if self.level < 0 else "raise"
            if stack >= need:
                out.append(Action(kind, need, target, stack == need))
            else:
                out.append(Action(kind, stack, mine + stack, True))
        return tuple(out)

    def _may_raise(self, i: int) -> bool:
        cap = self.config.max_raises
        if cap is not None and self.level + 1 > cap:
            return False
        acted = self._acted_level[i]
        if acted is not None and acted >= self.level:
            return False  # only an incomplete all-in since he acted: betting not reopened
        stacks, folded = self.stacks, self.folded
        return any(j != i and not folded[j] and stacks[j] > 0 for j in range(self.n))

    def why_not(self, seat: int, kind: str, to: int | None = None) -> str | None:
        """Why ``seat`` may not take action ``kind`` (to total ``to``), or ``None`` if he may."""
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            return f"{kind!r} is not an action: choose one of {', '.join(ACTION_KINDS)}"
        if not isinstance(seat, int) or isinstance(seat, bool):
            return f"{seat!r} is not a seat: seats are numbers, {list(self.seats)} in this deal"
        if to is not None and (not isinstance(to, int) or isinstance(to, bool)):
            return f"to={to!r} is not a whole number of chips"
        if self.finished:
            return f"seat {seat} cannot {kind}: deal {self.number} is over"
        i = self._index.get(seat)
        if i is None:
            return f"seat {seat!r} cannot {kind}: seats in this deal are {list(self.seats)}"
        if i != self.to_act:
            assert self.to_act is not None
            return f"seat {seat} cannot {kind}: it is seat {self.seats[self.to_act]} to act"
        legal = self._legal(i)
        for action in legal:
            if action.kind == kind:
                if to is not None and to != action.to:
                    return (
                        f"seat {seat} cannot {kind} to {to}: the only {kind} now is "
                        f"{action} (bets follow the doubling ladder)"
                    )
                return None
        options = ", ".join(str(a) for a in legal)
        return f"seat {seat} cannot {kind}: {self._reason(i, kind)}; legal now: {options}"

    def _reason(self, i: int, kind: str) -> str:
        to_call = self.current_bet - self.committed[i]
        if kind == "check":
            return f"there {'is 1 chip' if to_call == 1 else f'are {to_call} chips'} to call"
        if kind in ("fold", "call"):
            return "there is no bet to call (check instead)"
        if kind == "bet" and self.level >= 0:
            return "the round already has a bet (raise instead)"
        if kind == "raise" and self.level < 0:
            return "there is no bet to raise (bet instead)"
        cap = self.config.max_raises
        if cap is not None and self.level + 1 > cap:
            return f"Limit Straights allows at most {cap} raises in a betting round"
        if self.stacks[i] <= to_call:
            return "all his chips are needed to call"
        acted = self._acted_level[i]
        if acted is not None and acted >= self.level:
            return "an incomplete all-in raise does not reopen the betting"
        return "every other player is all-in"

    def refusal(self, seat: int, kind: str, to: int | None = None) -> str | None:
        """Why the seat to act may not take action ``kind`` now, as the rules put it
        (``'there is no bet to call (check instead)'``), or ``None`` if he may.

        Unlike :meth:`why_not` it names neither the seat nor the legal actions, for
        interfaces that say those in their own words; for a seat not to act it is
        :meth:`why_not`.
        """
        i = self._index.get(seat) if isinstance(seat, int) else None
        if self.finished or i is None or i != self.to_act or kind not in ACTION_KINDS:
            return self.why_not(seat, kind, to)
        for action in self._legal(i):
            if action.kind == kind:
                if to is not None and to != action.to:
                    return f"the only {kind} now is {action} (bets follow the doubling ladder)"
                return None
        return self._reason(i, kind)

    def verify(self, seat: int, kind: str, to: int | None = None) -> None:
        """Raise :class:`IllegalActionError` with the reason if the action is illegal."""
        reason = self.why_not(seat, kind, to)
        if reason is not None:
            raise IllegalActionError(reason)

    def can(self, seat: int, kind: str, to: int | None = None) -> bool:
        return self.why_not(seat, kind, to) is None

    # -- the trios -------------------------------------------------------------------------
    def can_fold(self, seat: int) -> bool:
        return self.can(seat, "fold")

    def why_not_fold(self, seat: int) -> str | None:
        return self.why_not(seat, "fold")

    def verify_fold(self, seat: int) -> None:
        self.verify(seat, "fold")

    def fold(self, seat: int) -> None:
        self.act(seat, "fold")

    def can_check(self, seat: int) -> bool:
        return self.can(seat, "check")

    def why_not_check(self, seat: int) -> str | None:
        return self.why_not(seat, "check")

    def verify_check(self, seat: int) -> None:
        self.verify(seat, "check")

    def check(self, seat: int) -> None:
        self.act(seat, "check")

    def can_call(self, seat: int) -> bool:
        return self.can(seat, "call")

    def why_not_call(self, seat: int) -> str | None:
        return self.why_not(seat, "call")

    def verify_call(self, seat: int) -> None:
        self.verify(seat, "call")

    def call(self, seat: int) -> None:
        self.act(seat, "call")

    def can_bet(self, seat: int) -> bool:
        return self.can(seat, "bet")

    def why_not_bet(self, seat: int) -> str | None:
        return self.why_not(seat, "bet")

    def verify_bet(self, seat: int) -> None:
        self.verify(seat, "bet")

    def bet(self, seat: int) -> None:
        self.act(seat, "bet")

    def can_raise(self, seat: int) -> bool:
        return self.can(seat, "raise")

    def why_not_raise(self, seat: int) -> str | None:
        return self.why_not(seat, "raise")

    def verify_raise(self, seat: int) -> None:
        self.verify(seat, "raise")

    def raise_(self, seat: int) -> None:
        """Raise (``raise`` is a Python keyword)."""
        self.act(seat, "raise")

    # -- acting -----------------------------------------------------------------------------
    def act(self, seat: int, kind: str, to: int | None = None) -> Action:
        """Take action ``kind`` for ``seat``; ``to`` (optional) must match the exact total.

        Returns the :class:`Action` taken.  Raises :class:`IllegalActionError`
        (state unchanged) when the action is not legal.
        """
        i = self._index.get(seat) if isinstance(seat, int) else None
        if i is None or i != self.to_act or self.finished or not isinstance(to, (int, type(None))):
            self.verify(seat, kind, to)
        assert i is not None
        for action in self._legal(i):
            if action.kind == kind and (to is None or to == action.to):
                self._apply(i, action)
                return action
        self.verify(seat, kind, to)
        raise AssertionError("unreachable")  # pragma: no cover

    def forfeit(self, seat: int) -> None:
        """Fold ``seat`` for a player who left the table: he gives up the deal.

        Unlike :meth:`act`, this folds even when he could check, and folds an
        all-in player (who has nothing left to decide) out of turn; anyone else
        forfeits at his turn. His chips stay in the pot; he is never shown down.
        """
        i = self.index(seat)
        if self.finished or self.folded[i]:
            raise IllegalActionError(f"seat {seat} has no deal to forfeit")
        if i != self.to_act and self.stacks[i] > 0:
            raise IllegalActionError(f"seat {seat} forfeits at his turn")
        self._legal_cache = None
        self.folded[i] = True
        self._needs[i] = False
        self._emit(Acted(seat, "fold", 0, self.committed[i], False))
        if i == self.to_act:
            self._advance(i)
        elif self.n - sum(self.folded) == 1:
            self._win_uncontested()

    def fold_or_forfeit(self, seat: int) -> None:
        """Replay a stored fold: by the rules if they allow it, else a forfeit."""
        if self.refusal(seat, "fold") is None:
            self.act(seat, "fold")
        else:
            self.forfeit(seat)

    def _apply(self, i: int, action: Action) -> None:
        self._legal_cache = None
        kind = action.kind
        seat = self.seats[i]
        if kind == "fold":
            self.folded[i] = True
        elif action.amount:
            self.stacks[i] -= action.amount
            self.committed[i] += action.amount
            self.total[i] += action.amount
            if kind in ("bet", "raise"):
                if action.to == self.config.level(self.level + 1):
                    self.level += 1
                self.current_bet = action.to
                needs, folded, stacks = self._needs, self.folded, self.stacks
                for j in range(self.n):
                    if j != i and not folded[j] and stacks[j] > 0:
                        needs[j] = True
        self._needs[i] = False
        self._acted_level[i] = self.level
        self._emit(Acted(seat, kind, action.amount, action.to, action.all_in))
        self._advance(i)

    def _advance(self, last: int) -> None:
        folded = self.folded
        n = self.n
        if n - sum(folded) == 1:
            self._win_uncontested()
            return
        needs = self._needs
        for step in range(1, n + 1):
            j = (last + step) % n
            if needs[j]:
                self.to_act = j
                return
        self.to_act = None
        if self.round == ROUNDS:
            self._showdown()
        else:
            self._start_round(self._deal_next(self.round))

    # -- the end of a deal ----------------------------------------------------------------------
    def _win_uncontested(self) -> None:
        self.to_act = None
        i = self.folded.index(False)
        amount = self.pot
        self.pots = [Pot(amount, (self.seats[i],))]
        self.stacks[i] += amount
        self.winners = [self.seats[i]]
        self._emit(PotAwarded(0, amount, self.seats[i], (self.seats[i],), 0, "all others folded"))
        self._finish()

    def side_pots(self) -> list[Pot]:
        """The main pot and side pots from what each player put in (carried pot in the main).

        A side pot exists only for an all-in level among players still in: a bet not
        yet called stays in the pot of the players who can still call it.  Chips a
        folded player put in count in the pots they reach.
        """
        total, folded, seats, stacks = self.total, self.folded, self.seats, self.stacks
        live = [i for i in range(self.n) if not folded[i]]
        top = max(total[i] for i in live)
        levels = sorted({total[i] for i in live if stacks[i] == 0} | {top})
        pots: list[Pot] = []
        prev = 0
        for level in levels:
            amount = sum(min(t, level) - min(t, prev) for t in total)
            # Every player still able to bet contends for every pot; one all-in, for
            # the pots his chips reach.
            eligible = tuple(seats[i] for i in live if stacks[i] > 0 or total[i] >= level)
            pots.append(Pot(amount, eligible))
            prev = level
        excess = sum(t - min(t, prev) for t in total)  # a folded player beyond every live one
        first = Pot(pots[0].amount + self.carry_in, pots[0].eligible)
        pots[0] = first
        if excess:
            pots[-1] = Pot(pots[-1].amount + excess, pots[-1].eligible)
        return pots

    def _showdown(self) -> None:
        self.to_act = None
        live = [i for i in range(self.n) if not self.folded[i]]
        values = {i: make_hand(self.holes[i], self.table_cards, self.config.pack) for i in live}
        for i in live:
            self._emit(ShowdownRevealed(self.seats[i], self.holes[i], values[i].describe()))
        self.pots = self.side_pots()
        carried = 0
        self.winners = []
        for k, pot in enumerate(self.pots):
            if len(pot.eligible) == 1:
                winner: int | None = pot.eligible[0]
                rule, reason = 0, "the only player eligible for this pot"
            else:
                idx = [self._index[s] for s in pot.eligible]
                w, rule, reason = decide([values[i] for i in idx])
                winner = None if w is None else pot.eligible[w]
            self.winners.append(winner)
            if winner is None:
                carried += pot.amount
            else:
                self.stacks[self._index[winner]] += pot.amount
            self._emit(PotAwarded(k, pot.amount, winner, pot.eligible, rule, reason))
        if carried:
            payers = range(self.n) if self.config.penalty_payers == "dealt" else live
            for i in payers:
                paid = min(self.config.penalty, self.stacks[i])
                if paid:
                    self.stacks[i] -= paid
                    carried += paid
                    self._emit(PenaltyPaid(self.seats[i], paid))
            self._emit(PotCarried(carried))
        self.carry_out = carried
        self._finish()

    def _finish(self) -> None:
        self.finished = True
        self.round = ROUNDS + 1
        self._needs = [False] * self.n
        self._emit(HandEnded(self.number, self.seats, tuple(self.stacks), self.carry_out))

    # -- summaries ------------------------------------------------------------------------------
    def stack(self, seat: int) -> int:
        """Chips ``seat`` has behind (not in the pot)."""
        return self.stacks[self.index(seat)]

    def hole(self, seat: int) -> tuple[Card, Card]:
        """``seat``'s hole cards (server side: views decide who may see them)."""
        return self.holes[self.index(seat)]

    def actions(self) -> list[Acted]:
        """The players' actions so far, in order."""
        return [e for e in self.events if isinstance(e, Acted)]
