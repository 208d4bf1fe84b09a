"""What one seat may see — computed here and nowhere else.

A seat sees its own hole cards, the face-up table cards, the key card once it
is turned, every stack and bet, and the hands shown at a showdown.  A spectator
(``seat=None``) sees the same minus any hole card before the showdown.  Bots
and interfaces receive only :class:`SeatView` objects and :func:`redact`-ed
events.

>>> from straights.game.config import TableConfig
>>> from straights.game.table import Table
>>> t = Table(TableConfig(seats=2), ["Ann", "Bob"], seed=3)
>>> h = t.start_hand()
>>> v = t.view(0)
>>> v.hole == h.hole(0), t.view(1).hole == h.hole(1), t.view(None).hole
(True, True, None)
>>> v.table[0] is None  # the key card, face down
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from straights.cards import Card, format_cards
from straights.game.events import (
    Event,
    HandStarted,
    HoleDealt,
    KeyDealt,
    PotAwarded,
    ShowdownRevealed,
)
from straights.game.hand import Action, Hand
from straights.game.wording import seat_label

if TYPE_CHECKING:
    from straights.game.table import Seat, Table

__all__ = ["PlayerView", "SeatView", "hand_view", "redact", "table_view"]


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


def _shown(hand: Hand) -> dict[int, tuple[Card, ...]]:
    if not hand.finished:
        return {}
    return {e.seat: e.cards for e in hand.events if isinstance(e, ShowdownRevealed)}


_new = tuple.__new__


def hand_view(hand: Hand, seat: int | None, names: dict[int, str] | None = None) -> SeatView:
    """The view of one deal for ``seat`` (``None``: a spectator)."""
    finished = hand.finished
    shown = _shown(hand) if finished else {}
    idx = hand._index.get(seat) if seat is not None else None
    names = names or {}
    stacks, committed, total, folded = hand.stacks, hand.committed, hand.total, hand.folded
    players = []
    for i, s in enumerate(hand.seats):
        cards = hand.holes[i] if i == idx else shown.get(s)
        # tuple.__new__ skips the named tuple's argument parsing: views are built per action.
        players.append(
            _new(
                PlayerView,
                (
                    s,
                    names.get(s) or seat_label(s),
                    stacks[i],
                    0 if finished else committed[i],
                    total[i],
                    True,
                    folded[i],
                    not finished and stacks[i] == 0 and not folded[i],
                    cards,
                ),
            )
        )
    cfg = hand.config
    if finished:
        awards = tuple(e for e in hand.events if isinstance(e, PotAwarded))
        return SeatView(
            seat, hand.number, hand.round, True, hand.button, None, 0, hand.carry_out, 0, 0, 0,
            hand.holes[idx] if idx is not None else None, hand.visible_table(), tuple(players),
            (), awards, cfg.pack, cfg.ante, cfg.betting,
        )  # fmt: skip
    mine = idx is not None and idx == hand.to_act
    return SeatView(
        seat, hand.number, hand.round, False, hand.button, hand.actor, hand.pot, hand.carry_in,
        hand.current_bet, max(0, hand.level),
        0 if idx is None else max(0, hand.current_bet - committed[idx]),
        hand.holes[idx] if idx is not None else None, hand.visible_table(), tuple(players),
        hand._legal(idx) if mine and idx is not None else (), (), cfg.pack, cfg.ante, cfg.betting,
    )  # fmt: skip


def table_view(table: Table, seat: int | None) -> SeatView:
    """The view of a whole table for ``seat``: the current (or last) deal plus seats
    not dealt in."""
    names = table.names
    hand = table.hand
    if hand is None:
        players = tuple(
            PlayerView(i, p.name, p.stack, 0, 0, False, False, False, None)
            for i, p in enumerate(table.seats)
            if p is not None
        )
        cfg = table.config
        return SeatView(
            seat, 0, 0, True, table.button, None, 0, table.carry, 0, 0, 0, None,
            (None,) * 5, players, (), (), cfg.pack, cfg.ante, cfg.betting,
        )  # fmt: skip
    view = hand_view(hand, seat, names)
    dealt = set(hand.seats)
    extra = tuple(
        PlayerView(i, p.name, p.stack, 0, 0, False, False, False, None)
        for i, p in enumerate(table.seats)
        if p is not None and i not in dealt
    )
    players = tuple(sorted(view.players + extra, key=lambda p: p.seat))
    if hand.finished:
        # After the deal stacks are the table's (a broke player has left).
        seats = table.seats
        players = tuple(p._replace(stack=_stack(seats[p.seat])) for p in players)
        view = view._replace(carry=table.carry)
    return view._replace(players=players)


def _stack(seat: Seat | None) -> int:
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
