"""Straights at the one table for ``straights play``: :class:`StraightsPlay`.

The terminal's Straights game (:mod:`straights.cli.play`) reads a table as it always
did — seats, events, views, the deal in play — and this gives it that face over the
one :class:`~straights.table.Table` of :class:`~straights.game.hook.StraightsGame`,
stored command by command when the game is saved (a
:class:`~straights.store.table.StoredTable` of
:data:`~straights.store.table.STRAIGHTS`).  The first button is the dealer draw's
(rule 1), told before the first deal.

>>> from straights.game.config import TableConfig
>>> play = StraightsPlay.new(TableConfig(seats=2), ["Ann", "Bob"], seed=4)
>>> hand = play.start_hand()
>>> [e.type for e in play.events][:2]
['dealer_draw', 'hand_started']
>>> while not hand.finished:
...     _ = play.act(hand.actor, "call" if hand.can_call(hand.actor) else "check")
>>> sum(play.stacks().values()) + play.carry
200
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from straights.game.config import TableConfig
from straights.game.events import Event, event_from_dict
from straights.game.hand import Action, Hand
from straights.game.hook import StraightsGame
from straights.game.table import Seat, draw_button
from straights.game.view import SeatView, hand_view
from straights.table import Table

if TYPE_CHECKING:
    from straights.store import Store
    from straights.store.table import StoredTable

__all__ = ["StraightsPlay"]


class StraightsPlay:
    """One table of Straights as the terminal plays it (see the module docstring)."""

    def __init__(
        self,
        config: TableConfig,
        table: Table[Hand, int],
        stored: StoredTable[Hand, int] | None = None,
        draws: list[Event] | None = None,
    ) -> None:
        self.config = config
        self.table = table
        self.stored = stored
        #: Every event told so far (the dealer draw, then each deal's).
        self.events: list[Event] = []
        self._draws = list(draws or [])
        self.hand: Hand | None = table.current
        if stored is not None and stored.deal is not None:
            self.hand = stored.deal

    @classmethod
    def new(
        cls,
        config: TableConfig,
        names: list[str],
        *,
        seed: int,
        store: Store | None = None,
        settings: dict[str, Any] | None = None,
    ) -> StraightsPlay:
        """A new table (stored in ``store`` when given), its button drawn for."""
        draws: list[Event] = list(draw_button(len(names), config.pack, seed))
        button = getattr(draws[-1], "winner", None)
        if store is None:
            table = Table(StraightsGame(config), names, config.starting_stack, seed=seed,
                          button=button)  # fmt: skip
            return cls(config, table, None, draws)
        from straights.store.table import STRAIGHTS, STRAIGHTS_TABLE, StoredTable

        values = dict(settings or {})
        values["config"] = config.to_dict()
        stored = StoredTable.create(store, STRAIGHTS, STRAIGHTS_TABLE, names,
                                    config.starting_stack, seed=seed, button=button,
                                    settings=values)  # fmt: skip
        return cls(config, stored.table, stored, draws)

    @classmethod
    def load(cls, store: Store, table_id: int) -> StraightsPlay:
        """A stored table, replayed to where it stopped."""
        from straights.store.table import StoredTable

        stored = StoredTable.load(store, table_id)
        record = stored.record
        config = TableConfig.from_dict(dict(record.settings["config"]))
        play = cls(config, stored.table, stored)
        assert record.seed is not None  # a stored table keeps its seed
        # Every event as the unbroken game told it (the bots are seeded by their count).
        play.events = list(draw_button(len(stored.table.names), config.pack, record.seed))
        for entry in store.log(table_id):
            play.events.extend(event_from_dict(e) for e in entry.events)
        return play

    # -- what the terminal reads ------------------------------------------------------------
    @property
    def seats(self) -> list[Seat | None]:
        """Each seat's player, ``None`` once he has left (no chips, no deal in play)."""
        hand = self.hand if self.hand is not None and not self.hand.finished else None
        out: list[Seat | None] = []
        for seat, name in enumerate(self.table.names):
            chips = self.table.stacks[seat]
            in_play = hand is not None and seat in hand.seats
            out.append(Seat(name, chips) if chips > 0 or in_play else None)
        return out

    @property
    def is_over(self) -> bool:
        """Whether fewer than two players have chips between deals."""
        in_play = self.hand is not None and not self.hand.finished
        return not in_play and self.table.over

    @property
    def carry(self) -> int:
        """The pot carried to the next deal (rule 10)."""
        return self.table.carry

    def stacks(self) -> dict[int, int]:
        """Chips behind per seated player (chips in the deal's pot not included)."""
        hand = self.hand
        live: dict[int, int] = {}
        if hand is not None and not hand.finished:
            live = dict(zip(hand.seats, hand.stacks, strict=True))
        return {s: live.get(s, p.stack) for s, p in enumerate(self.seats) if p is not None}

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` sees of the deal in play (or the last one)."""
        assert self.hand is not None
        names = dict(enumerate(self.table.names))
        return hand_view(self.hand, seat, names)

    # -- what the terminal does -------------------------------------------------------------
    def start_hand(self) -> Hand:
        """Start the next deal (the dealer draw is told before the first)."""
        number = self.table.deals + 1
        self.events.extend(self._draws)
        self._draws = []
        hand = self.table.start(number) if self.stored is None else self.stored.start(number)
        self.hand = hand
        self.events.extend(hand.events)
        self._settle(hand)
        return hand

    def act(self, seat: int, kind: str, to: int | None = None) -> list[Event]:
        """``seat`` acts; returns the events it caused."""
        hand = self.hand
        assert hand is not None
        seen = len(hand.events)
        if self.stored is not None:
            self.stored.act({"kind": "act", "seat": seat, "action": kind, "to": to})
        else:
            hand.act(seat, kind, to)
            self._settle(hand)
        new = hand.events[seen:]
        self.events.extend(new)
        return new

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now."""
        return () if self.hand is None else self.hand.legal_actions(seat)

    def _settle(self, hand: Hand) -> None:
        if self.stored is None and hand.finished and self.table.current is hand:
            self.table.finish(hand)
