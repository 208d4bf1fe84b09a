"""One deal of Straights, played on the generic engine and told as Straights' events.

A :class:`Hand` is created from the table's configuration, the players dealt in
(left of the button first), their stacks, the pot carried over and a shuffled
deck; it posts the antes, deals, and then waits for actions.  The rules are
those of a :class:`~straights.poker.engine.Deal` of the Straights variant —
there is one betting state machine — and every change is appended to
:attr:`Hand.events`.

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
from functools import cache
from typing import Any, Final, Literal, NamedTuple

from oracle.events import (
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
from straights.cards import Card, check_unique
from straights.errors import ConfigurationError, IllegalActionError
from straights.game.config import LIMIT_RAISES, ROUNDS, TableConfig
from straights.game.wording import action_label
from straights.poker.cards_source import DeckSource
from straights.poker.engine import Deal, Legal
from straights.poker.straights_rules import straights_variant
from straights.poker.variant import Stakes, Variant
from straights.rankings.straights import check_cards_for_pack

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
#: Actions are built on every turn: a plain tuple's constructor is several times
#: cheaper than the NamedTuple's generated one.
_new = tuple.__new__
_WHOLE_OR_NONE: Final = (int, type(None))


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot (0 = main) and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


@cache
def _variant(pack: int, betting: str, penalty: int, payers: str) -> Variant:
    """The Straights variant a table's settings describe (one object per setting)."""
    return straights_variant(pack, betting, penalty=penalty, payers=payers)  # type: ignore[arg-type]


@cache
def _stakes(players: int, ante: int) -> Stakes:
    """Straights' stakes: the ante from everyone, live; the ladder's unit is the ante."""
    return Stakes((ante,) * players, (0,) * players, min_bet=ante, trim_antes=False,
                  dead_antes=False)  # fmt: skip


class Hand:
    """One deal: antes, hole cards, key card, five betting rounds, showdown.

    ``seats`` are the table seats dealt in, **left of the button first** (the
    button last); ``stacks`` their chips in the same order; ``deck`` the
    shuffled cards in dealing order (at least ``2 * len(seats) + 5``); ``carry``
    a pot carried over from the previous deal (rule 10); ``listener`` is called
    with every event as it happens (the :class:`~oracle.straights_table.Table` uses it);
    with ``autostart=False`` the events wait for :meth:`start`.

    The rules are played by a :class:`~straights.poker.engine.Deal` of the
    Straights variant (:func:`~straights.poker.straights_rules.straights_variant`);
    this class speaks Straights to it: seats rather than player indices, each
    action with its exact chips, and the deal's record told as events.
    """

    # A table builds one per deal and keeps them all: slots make them quicker and smaller.
    __slots__ = (
        "_actions_now",
        "_changed",
        "_choices_now",
        "_deal",
        "_index",
        "_listener",
        "_rows",
        "_rows_names",
        "_seen",
        "_started",
        "_visible",
        "actor",
        "carry_in",
        "carry_out",
        "committed",
        "config",
        "current_bet",
        "deck",
        "engine",
        "events",
        "face_up",
        "finished",
        "folded",
        "holes",
        "key_turned",
        "level",
        "number",
        "pots",
        "round",
        "seats",
        "stacks",
        "starting_stacks",
        "table_cards",
        "to_act",
        "total",
        "winners",
    )

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
        if min(stacks) < 1:
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
        self._index = dict(zip(self.seats, range(n), strict=True))
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.carry_in = carry
        self.deck: tuple[Card, ...] = dealt
        self.holes: tuple[tuple[Card, Card], ...] = tuple(
            zip(dealt[:n], dealt[n : 2 * n], strict=True)
        )
        self.table_cards: tuple[Card, ...] = dealt[_HOLE * n : need]
        # The generic engine deals each player's two cards together, then the table.
        order = list(dealt)
        order[0 : 2 * n : 2] = dealt[:n]
        order[1 : 2 * n : 2] = dealt[n : 2 * n]
        deal = Deal(
            _variant(config.pack, config.betting, config.penalty, config.penalty_payers),
            _stakes(n, config.ante),
            stacks,
            DeckSource(order),
            carry=carry,
        )
        #: The engine while the deal runs; afterwards the events are the record (a table
        #: keeps every hand, and the garbage collector would walk each deal's working
        #: state again and again).
        self._deal: Deal | None = deal
        #: The finished deal's engine :class:`Deal`, for the archive (the catalogue's
        #: dialect); a table lets it go when its next deal starts.
        self.engine: Deal | None = None
        self.carry_out = 0  # chips carried to the next deal (rule 10), set at the end
        #: Chips each player has behind, has put in this deal, and whether he folded
        #: (by player index, 0 = left of the button): the deal's own lists.
        self.stacks: list[int] = deal.stacks
        #: Chips each player put in this betting round (the deal's list, emptied each round).
        self.committed: list[int] = deal.bets
        self.total: list[int] = deal.total
        self.folded: list[bool] = deal.folded
        #: Who is to act — the player index and his seat, ``None`` when nobody is (the
        #: deal is over) — and the ladder level reached this round (-1 none, 0 the bet,
        #: 1 the first raise …): the deal's, read again after each change (:meth:`_sync`).
        self.to_act: int | None = None
        self.actor: int | None = None
        self.level = -1
        #: The largest total of this betting round (the deal's, read with the others).
        self.current_bet = 0
        self.round = 0
        self.face_up = 0  # face-up table cards besides the key card
        self.key_turned = False
        #: What :meth:`visible_table` answers: the key card, then the four face-up cards.
        self._visible: tuple[Card | None, ...] = (None,) * 5
        self.finished = False
        self.winners: list[int | None] = []
        self.pots: list[Pot] = []
        self.events: list[Event] = []
        self._listener = listener
        self._seen = 0  # entries of the deal's log told as events
        #: The legal actions of the player to act (``None`` until asked after each
        #: change), and the deal's own in the same order.
        self._actions_now: tuple[Action, ...] | None = None
        self._choices_now: tuple[Legal, ...] = ()
        self._started = False
        #: The players as everyone sees them, kept by :mod:`oracle.straights_view` between
        #: changes (``None``: not built), the names they were built with, and the players
        #: who acted since (``None``: everything may have changed).
        self._rows: list[Any] | None = None
        self._rows_names: dict[int, str] | None = None
        self._changed: list[int] | None = None
        self._sync()
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
        return self._visible

    def in_showdown(self) -> tuple[int, ...]:
        """Seats not folded."""
        return tuple(s for i, s in enumerate(self.seats) if not self.folded[i])

    # -- the deal told as events ------------------------------------------------------
    def _emit(self, event: Event) -> None:
        self.events.append(event)
        if self._listener is not None:
            self._listener(event)

    def start(self) -> None:
        """Tell the antes and the deal as events (done by the constructor unless
        ``autostart=False``)."""
        if self._started:
            raise IllegalActionError(f"deal {self.number} has already started")
        self._started = True
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
        self._tell()

    def _tell(self) -> None:
        """Tell the deal's new log entries as events (an action is told by :meth:`act`,
        with its chips); at the end of the deal, the showdown and the pots."""
        deal, seats, emit = self._deal, self.seats, self._emit
        assert deal is not None
        self._changed = None
        log = deal.log
        starting, holes = self.starting_stacks, self.holes
        # The kinds a Straights deal writes, most frequent first.
        for kind, i, cards, amount, up in log[self._seen :]:
            if kind == "ante":
                assert i is not None
                emit(AntePosted(seats[i], amount, amount == starting[i]))
            elif kind == "hole":
                assert i is not None
                emit(HoleDealt(seats[i], holes[i]))
            elif kind == "board":
                card = cards[0]
                assert card is not None
                if up[0]:
                    self.face_up = shown = self.face_up + 1
                    visible = list(self._visible)
                    visible[shown] = card
                    self._visible = tuple(visible)
                    emit(TableCardDealt(shown + 1, card))
                else:
                    emit(KeyDealt(card))
            elif kind == "betting" or kind == "no betting":
                self.round += 1
                emit(RoundStarted(self.round, kind == "betting"))
            elif kind == "turn":
                self.key_turned = True
                self._visible = (self.table_cards[0], *self._visible[1:])
                emit(KeyTurned(self.table_cards[0]))
        self._seen = len(log)
        if deal.phase == "over" and not self.finished:
            self._finish()

    def _sync(self) -> None:
        """Read who is to act, the ladder level and the largest bet from the deal after a
        change."""
        deal = self._deal
        if deal is None:
            self.to_act = self.actor = None
            return
        i = self.to_act = deal.actor
        self.actor = None if i is None else self.seats[i]
        self.level = deal.ladder_level
        self.current_bet = deal.current_bet

    def _finish(self) -> None:
        deal, seats, emit = self._deal, self.seats, self._emit
        assert deal is not None
        self.finished = True
        self.round = ROUNDS + 1
        self.to_act = self.actor = None
        self.carry_out = deal.carry_out
        self._deal, self.engine = None, deal
        self._rows = self._rows_names = None  # views of a finished deal are built afresh
        for i, said in sorted(deal.described.items()):
            emit(ShowdownRevealed(seats[i], self.holes[i], said))
        for v in deal.verdicts:
            winner = seats[v.winners[0]] if v.winners else None
            eligible = tuple([seats[i] for i in v.eligible])
            self.pots.append(Pot(v.amount, eligible))
            self.winners.append(winner)
            emit(PotAwarded(v.pot, v.amount, winner, eligible, v.rule, v.reason))
        if deal.carry_out:
            for entry in deal.log:
                if entry.kind == "penalty":
                    assert entry.player is not None
                    emit(PenaltyPaid(seats[entry.player], entry.amount))
            emit(PotCarried(deal.carry_out))
        emit(HandEnded(self.number, seats, tuple(self.stacks), deal.carry_out))

    # -- legal actions ------------------------------------------------------------------
    @property
    def live(self) -> Deal:
        """The engine's deal in play (a bot decides on its view)."""
        if self._deal is None:
            raise IllegalActionError(f"deal {self.number} is over")
        return self._deal

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now with its exact amount (empty if not his turn)."""
        i = self._index.get(seat) if isinstance(seat, int) else None
        if i is None or i != self.to_act:
            return ()
        actions = self._actions_now
        return self._convert(i) if actions is None else actions

    def _legal(self, i: int) -> tuple[Action, ...]:
        """The legal actions of player ``i``, the one to act: the deal's, with chips."""
        actions = self._actions_now
        return self._convert(i) if actions is None else actions

    def _convert(self, i: int) -> tuple[Action, ...]:
        """The deal's legal actions, each as an :class:`Action` (Straights' amounts are
        never a choice: a bet or raise goes to ``low``); kept with the deal's own."""
        deal = self._deal
        assert deal is not None
        stack = deal.stacks[i]
        mine = deal.bets[i]
        choices = deal.legal_actions()
        out: list[Action] = []
        add = out.append
        for kind, amount, low, _ in choices:
            if kind == "fold":
                add(_FOLD)
            elif kind == "call":
                add(_new(Action, ("call", amount, mine + amount, amount == stack)))
            elif kind == "check":
                add(_new(Action, ("check", 0, mine, False)))
            else:  # a bet or raise to the ladder's one amount (low is high)
                add(_new(Action, (kind, amount, low, amount == stack)))
        actions = self._actions_now = tuple(out)
        self._choices_now = choices
        return actions

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
        level = self.level
        if kind == "check":
            return f"there {'is 1 chip' if to_call == 1 else f'are {to_call} chips'} to call"
        if kind in ("fold", "call"):
            return "there is no bet to call (check instead)"
        if kind == "bet" and level >= 0:
            return "the round already has a bet (raise instead)"
        if kind == "raise" and level < 0:
            return "there is no bet to raise (bet instead)"
        cap = LIMIT_RAISES if self.config.betting == "limit" else None
        if cap is not None and level + 1 > cap:
            return f"Limit Straights allows at most {cap} raises in a betting round"
        if self.stacks[i] <= to_call:
            return "all his chips are needed to call"
        acted = None if self._deal is None else self._deal.acted_at(i)
        if acted is not None and acted >= level:
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
        deal = self._deal
        if i is None or deal is None or i != self.to_act or not isinstance(to, _WHOLE_OR_NONE):
            self.verify(seat, kind, to)  # raises: it is not his turn, or not an amount
            raise AssertionError("unreachable")  # pragma: no cover
        actions = self._actions_now
        if actions is None:
            actions = self._convert(i)
        for action, choice in zip(actions, self._choices_now, strict=True):
            if action[0] == kind and (to is None or to == action[2]):
                self._actions_now = None
                deal.take(choice)
                # What _sync reads, written out (once per action).
                who = self.to_act = deal.actor
                self.actor = None if who is None else self.seats[who]
                self.level = deal.ladder_level
                self.current_bet = deal.current_bet
                self._seen += 1  # the action's own entry: told here, with its chips
                changed = self._changed
                if changed is not None:
                    changed.append(i)
                self._emit(Acted(self.seats[i], *action))  # kind, amount, to, all_in
                if self._seen != len(deal.log) or deal.phase == "over":
                    self._tell()  # more happened: a street, or the end
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
        deal = self._deal
        if deal is None or self.folded[i]:
            raise IllegalActionError(f"seat {seat} has no deal to forfeit")
        if i != self.to_act and self.stacks[i] > 0:
            raise IllegalActionError(f"seat {seat} forfeits at his turn")
        committed = deal.bets[i]
        self._actions_now = None
        self._changed = None
        deal.forfeit(i)
        self._sync()
        self._seen += 1  # the fold's own entry: told here
        self._emit(Acted(seat, "fold", 0, committed, False))
        if self._seen != len(deal.log) or deal.phase == "over":  # more happened
            self._tell()

    def fold_or_forfeit(self, seat: int) -> None:
        """Replay a stored fold: by the rules if they allow it, else a forfeit."""
        if self.refusal(seat, "fold") is None:
            self.act(seat, "fold")
        else:
            self.forfeit(seat)

    def side_pots(self) -> list[Pot]:
        """The main pot and side pots from what each player put in (carried pot in the main).

        A side pot exists only for an all-in level among players still in: a bet not
        yet called stays in the pot of the players who can still call it.  Chips a
        folded player put in count in the pots they reach.
        """
        deal, seats = self._deal, self.seats
        if deal is None:
            return list(self.pots)  # as they were at the showdown
        return [Pot(pot.amount, tuple(seats[i] for i in pot.eligible)) for pot in deal.side_pots()]

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
