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

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from straights.game.table import Table

__all__ = ["PlayerView", "SeatView", "hand_view", "redact", "table_view"]


def _cards(cards: tuple[Card, ...] | None) -> str | None:
    return None if cards is None else format_cards(cards, unicode=False)


@dataclass(frozen=True, slots=True)
class PlayerView:
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


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know now (``seat`` is ``None`` for a spectator).

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


def hand_view(
    hand: Hand, seat: int | None, names: dict[int, str] | None = None, carry: int | None = None
) -> SeatView:
    """The view of one deal for ``seat`` (``None``: a spectator)."""
    shown = _shown(hand)
    idx = hand._index.get(seat) if seat is not None else None
    players = []
    for i, s in enumerate(hand.seats):
        if i == idx:
            cards: tuple[Card, ...] | None = hand.holes[i]
        else:
            cards = shown.get(s)
        players.append(
            PlayerView(
                s,
                names.get(s, f"seat {s}") if names else f"seat {s}",
                hand.stacks[i],
                hand.committed[i] if not hand.finished else 0,
                hand.total[i],
                True,
                hand.folded[i],
                hand.stacks[i] == 0 and not hand.folded[i] and not hand.finished,
                cards,
            )
        )
    me = idx is not None and idx == hand.to_act
    to_call = 0 if idx is None or hand.finished else max(0, hand.current_bet - hand.committed[idx])
    awards = tuple(e for e in hand.events if isinstance(e, PotAwarded)) if hand.finished else ()
    cfg = hand.config
    return SeatView(
        seat=seat,
        hand_number=hand.number,
        round=hand.round,
        finished=hand.finished,
        button=hand.button,
        actor=hand.actor,
        pot=hand.pot if not hand.finished else 0,
        carry=hand.carry_out if hand.finished else hand.carry_in,
        current_bet=hand.current_bet if not hand.finished else 0,
        raises=max(0, hand.level) if not hand.finished else 0,
        to_call=to_call,
        hole=hand.holes[idx] if idx is not None else None,
        table=hand.visible_table() if not hand.finished else _end_table(hand),
        players=tuple(players),
        legal=hand._legal(idx) if me and idx is not None else (),
        awards=awards,
        pack=cfg.pack,
        ante=cfg.ante,
        betting=cfg.betting,
    )


def _end_table(hand: Hand) -> tuple[Card | None, ...]:
    # A deal won by folds leaves unturned cards face down.
    return hand.visible_table()


def table_view(table: Table, seat: int | None) -> SeatView:
    """The view of a whole table for ``seat``: the current (or last) deal plus seats
    not dealt in."""
    names = {i: p.name for i, p in enumerate(table.seats) if p is not None}
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
        players = tuple(
            replace(p, stack=table.seats[p.seat].stack if table.seats[p.seat] else 0)  # type: ignore[union-attr]
            for p in players
        )
        view = replace(view, carry=table.carry)
    return replace(view, players=players)


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
