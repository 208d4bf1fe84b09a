"""What one seat may see — computed here and nowhere else.

A seat sees its own hole cards, the face-up table cards, the key card once it
is turned, every stack and bet, and the hands shown at a showdown.  A spectator
(``seat=None``) sees the same minus any hole card before the showdown.  Bots
and interfaces receive only :class:`SeatView` objects and :func:`redact`-ed
events.

>>> from straights.game.config import TableConfig
>>> from oracle.straights_table import Table
>>> t = Table(TableConfig(seats=2), ["Ann", "Bob"], seed=3)
>>> h = t.start_hand()
>>> v = t.view(0)
>>> v.hole == h.hole(0), t.view(1).hole == h.hole(1), t.view(None).hole
(True, True, None)
>>> v.table[0] is None  # the key card, face down
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from oracle.events import (
    Event,
    HandStarted,
    HoleDealt,
    KeyDealt,
    PotAwarded,
    ShowdownRevealed,
)
from oracle.straights_hand import Action, Hand
from straights.cards import Card, format_cards
from straights.game.wording import seat_label

if TYPE_CHECKING:
    from straights.game.config import TableConfig

__all__ = ["PlayerView", "SeatView", "Seated", "SeatedTable", "hand_view", "redact", "table_view"]


class Seated(Protocol):
    """A player at a table: a name and the chips behind (``game.table.Seat``)."""

    @property
    def name(self) -> str: ...

    @property
    def stack(self) -> int: ...


class SeatedTable(Protocol):
    """What :func:`table_view` reads of a table (``game.table.Table`` is one)."""

    @property
    def config(self) -> TableConfig: ...

    @property
    def hand(self) -> Hand | None: ...

    @property
    def seats(self) -> Sequence[Seated | None]: ...

    @property
    def names(self) -> Mapping[int, str]: ...

    @property
    def button(self) -> int | None: ...

    @property
    def carry(self) -> int: ...


def _cards(cards: tuple[Card, ...] | None) -> str | None:
    return None if cards is None else format_cards(cards, unicode=False)


class PlayerView(NamedTuple):
    """One seat as others see it; ``cards`` only when this viewer may see them."""

    seat: int
    name: str
    stack: int
    committed: int
    total: int
    in_hand: bool
    folded: bool
    all_in: bool
    cards: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "committed": self.committed,
            "total": self.total,
            "in_hand": self.in_hand,
            "folded": self.folded,
            "all_in": self.all_in,
            "cards": _cards(self.cards),
        }


class SeatView(NamedTuple):
    """Everything ``seat`` may know now (``seat`` is ``None`` for a spectator); immutable.

    ``table`` has the five table positions (0 = the key card), ``None`` where a
    card is face down or not dealt yet; ``legal`` the actions with their amounts
    when it is this seat's turn; ``awards`` how the last pots went.
    """

    seat: int | None
    hand_number: int
    round: int
    finished: bool
    button: int | None
    actor: int | None
    pot: int
    carry: int
    current_bet: int
    raises: int
    to_call: int
    hole: tuple[Card, ...] | None
    table: tuple[Card | None, ...]
    players: tuple[PlayerView, ...]
    legal: tuple[Action, ...]
    awards: tuple[PotAwarded, ...]
    pack: int
    ante: int
    betting: str

    @property
    def key_turned(self) -> bool:
        return self.table[0] is not None

    @property
    def visible_table(self) -> tuple[Card, ...]:
        """The table cards this seat can see."""
        return tuple(c for c in self.table if c is not None)

    def opponents_in(self) -> int:
        """Players other than this seat still in the deal (not folded)."""
        return sum(1 for p in self.players if p.in_hand and not p.folded and p.seat != self.seat)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (cards in ASCII notation, ``null`` for a hidden card)."""
        return {
            "seat": self.seat,
            "hand_number": self.hand_number,
            "round": self.round,
            "finished": self.finished,
            "button": self.button,
            "actor": self.actor,
            "pot": self.pot,
            "carry": self.carry,
            "current_bet": self.current_bet,
            "raises": self.raises,
            "to_call": self.to_call,
            "hole": _cards(self.hole),
            "table": [None if c is None else c.ascii() for c in self.table],
            "players": [p.to_dict() for p in self.players],
            "legal": [a.to_dict() for a in self.legal],
            "awards": [a.to_dict() for a in self.awards],
            "pack": self.pack,
            "ante": self.ante,
            "betting": self.betting,
        }

    def cards_seen(self) -> set[Card]:
        """Every card value this view exposes (for leak checks)."""
        seen: set[Card] = set(self.visible_table)
        if self.hole:
            seen.update(self.hole)
        for p in self.players:
            if p.cards:
                seen.update(p.cards)
        return seen


# Views are built on every action (a bot's turn included), and calling a class with
# keywords costs several times what building the tuple does; these two functions take
# the keywords and build the tuple directly.  tests/test_game_views.py checks that each
# puts every field in its own place.
_tuple = tuple.__new__


def _player_view(
    *,
    seat: int,
    name: str,
    stack: int,
    committed: int,
    total: int,
    in_hand: bool,
    folded: bool,
    all_in: bool,
    cards: tuple[Card, ...] | None,
) -> PlayerView:
    return _tuple(PlayerView, (seat, name, stack, committed, total, in_hand, folded, all_in, cards))


def _seat_view(
    *,
    seat: int | None,
    hand_number: int,
    round: int,
    finished: bool,
    button: int | None,
    actor: int | None,
    pot: int,
    carry: int,
    current_bet: int,
    raises: int,
    to_call: int,
    hole: tuple[Card, ...] | None,
    table: tuple[Card | None, ...],
    players: tuple[PlayerView, ...],
    legal: tuple[Action, ...],
    awards: tuple[PotAwarded, ...],
    pack: int,
    ante: int,
    betting: str,
) -> SeatView:
    fields = (
        seat, hand_number, round, finished, button, actor, pot, carry, current_bet, raises,
        to_call, hole, table, players, legal, awards, pack, ante, betting,
    )  # fmt: skip
    return _tuple(SeatView, fields)


def _shown(hand: Hand) -> dict[int, tuple[Card, ...]]:
    """The hole cards turned face up at the showdown, by seat (once the deal is over)."""
    if not hand.finished:
        return {}
    return {e.seat: e.cards for e in hand.events if isinstance(e, ShowdownRevealed)}


def _dealt_in(
    hand: Hand, seat: int | None, names: Mapping[int, str], mine: int | None
) -> tuple[PlayerView, ...]:
    """The players of the deal as ``seat`` (player ``mine``, ``None`` when not dealt in)
    sees them: its own cards, and those shown."""
    if hand.finished:
        shown = _shown(hand)
        seats = hand.seats
        players = [
            _tuple(PlayerView, (s, name, stack, 0, total, True, folded, False, shown.get(s)))
            for s, name, stack, total, folded in zip(
                seats, _labels(seats, names), hand.stacks, hand.total, hand.folded, strict=True
            )
        ]
    else:
        players = _rows(hand, names)
        if mine is None:
            return tuple(players)
        players = players.copy()
    if mine is not None:
        players[mine] = _tuple(PlayerView, (*players[mine][:8], hand.holes[mine]))
    return tuple(players)


def _labels(seats: tuple[int, ...], names: Mapping[int, str]) -> list[str]:
    return [names.get(s) or seat_label(s) for s in seats]


def _rows(hand: Hand, names: Mapping[int, str]) -> list[PlayerView]:
    """The players of a deal in progress as everyone sees them (no hole cards).

    The hottest code of a simulation: a view is built for every turn, and a turn
    changes only the row of the player who acted, so the rows are kept on the
    hand and only those of the players who acted since (``hand._changed``) are
    built again; after a street every row is (with the seats and names it had),
    and from scratch when ``names`` differ from those it was built with.  Each
    row is a plain tuple in field order (seat, name, stack, committed, total,
    in_hand, folded, all_in, cards).
    """
    rows = hand._rows
    changed = hand._changed
    stacks, bets, total, folded = hand.stacks, hand.committed, hand.total, hand.folded
    if rows is None or names != hand._rows_names:
        rows = hand._rows = [
            _tuple(PlayerView, (s, name, stack, bet, put, True, out, stack == 0 and not out, None))
            for s, name, stack, bet, put, out in zip(
                hand.seats, _labels(hand.seats, names), stacks, bets, total, folded, strict=True
            )
        ]
        hand._rows_names = dict(names)
        hand._changed = []
        return rows
    if changed is None:  # a street (or more): every row again, the seats and names kept
        rows = hand._rows = [
            _tuple(
                PlayerView,
                (row[0], row[1], stack, bet, put, True, out, stack == 0 and not out, None),
            )
            for row, stack, bet, put, out in zip(rows, stacks, bets, total, folded, strict=True)
        ]
        hand._changed = []
        return rows
    for i in changed:
        stack, out = stacks[i], folded[i]
        row = rows[i]
        rows[i] = _tuple(
            PlayerView,
            (row[0], row[1], stack, bets[i], total[i], True, out, stack == 0 and not out, None),
        )
    changed.clear()
    return rows


def _deal_view(
    hand: Hand, seat: int | None, mine: int | None, players: tuple[PlayerView, ...], carry: int
) -> SeatView:
    """The view of one deal for ``seat`` (player ``mine``); ``carry`` is the carried pot
    shown once it is over."""
    config = hand.config
    legal: tuple[Action, ...]
    awards: tuple[PotAwarded, ...]
    if hand.finished:
        awards = tuple(e for e in hand.events if isinstance(e, PotAwarded))
        actor, pot, bet, raises, to_call, legal = None, 0, 0, 0, 0, ()
    else:
        # Built on every turn: the hand's properties read directly, no max(0, x) calls.
        committed = hand.committed
        bet = hand.current_bet
        awards, actor, carry = (), hand.actor, hand.carry_in
        pot = carry + sum(hand.total)
        level = hand.level
        raises = level if level > 0 else 0
        to_call = 0 if mine is None else bet - committed[mine]
        legal = () if seat is None else hand.legal_actions(seat)
    # A plain tuple in SeatView's field order.
    fields = (
        seat, hand.number, hand.round, hand.finished, hand.seats[-1], actor, pot, carry, bet,
        raises, to_call, None if mine is None else hand.holes[mine], hand.visible_table(),
        players, legal, awards, config.pack, config.ante, config.betting,
    )  # fmt: skip
    return _tuple(SeatView, fields)


def hand_view(hand: Hand, seat: int | None, names: Mapping[int, str] | None = None) -> SeatView:
    """The view of one deal for ``seat`` (``None``: a spectator)."""
    mine = hand.player_index(seat)
    players = _dealt_in(hand, seat, names or {}, mine)
    return _deal_view(hand, seat, mine, players, hand.carry_out)


def _sitting_out(table: SeatedTable, seat: int) -> PlayerView:
    """A player seated at the table but not dealt into the current deal."""
    player = table.seats[seat]
    assert player is not None
    return _player_view(
        seat=seat,
        name=player.name,
        stack=player.stack,
        committed=0,
        total=0,
        in_hand=False,
        folded=False,
        all_in=False,
        cards=None,
    )


def table_view(table: SeatedTable, seat: int | None) -> SeatView:
    """The view of a whole table for ``seat``: the current (or last) deal plus the
    players not dealt in."""
    hand = table.hand
    config = table.config
    if hand is None:
        return _seat_view(
            seat=seat,
            hand_number=0,
            round=0,
            finished=True,
            button=table.button,
            actor=None,
            pot=0,
            carry=table.carry,
            current_bet=0,
            raises=0,
            to_call=0,
            hole=None,
            table=(None,) * 5,
            players=tuple(
                _sitting_out(table, i) for i, p in enumerate(table.seats) if p is not None
            ),
            legal=(),
            awards=(),
            pack=config.pack,
            ante=config.ante,
            betting=config.betting,
        )
    mine = hand.player_index(seat)
    dealt = list(_dealt_in(hand, seat, table.names, mine))
    if hand.finished:
        # After the deal the stacks are the table's (a broke player has left).
        dealt = [p._replace(stack=_stack(table.seats[p.seat])) for p in dealt]
    seated = set(hand.seats)
    out = [
        _sitting_out(table, i)
        for i, p in enumerate(table.seats)
        if p is not None and i not in seated
    ]
    players = tuple(sorted(dealt + out, key=lambda p: p.seat))
    return _deal_view(hand, seat, mine, players, table.carry)


def _stack(seat: Seated | None) -> int:
    return 0 if seat is None else seat.stack


def redact(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` (``None``: a spectator) may receive it.

    Removes the deck from :class:`HandStarted`, other seats' hole cards and the
    face-down key card.

    >>> redact(KeyDealt(Card('8h')), 0)
    KeyDealt(card=None)
    """
    if isinstance(event, HandStarted):
        return replace(event, deck=())
    if isinstance(event, HoleDealt) and event.seat != seat:
        return replace(event, cards=())
    if isinstance(event, KeyDealt):
        return replace(event, card=None)
    return event
