"""A ring game of any variant that is its log: :class:`RecordedRing`.

The commands are ``{"kind": "deal", "variant": CODE}`` (the next deal starts,
of that variant) and ``{"kind": "move", "move": ..., "to": ..., "cards": ...}``
(the player to act does a :class:`~straights.poker.view.Move`).  Each is stored
with the entries it added to the deal's record (as dicts) and, when it ends the
deal, a ``hand_ended`` event — in the transaction that archives that deal as PHH
(:class:`~straights.store.archive.PokerEntry`).  The shuffles come from the seed
kept in the store, so :meth:`RecordedRing.load` replays the commands to the very
same game, mid-deal included, and later deals are those it would have dealt anyway.

The table's ``settings`` hold ``game`` (a variant's code or ``dealers-choice``),
``names``, ``stack`` and ``button``, with whatever else its front end keeps.

>>> from straights.poker.catalogue import get_variant
>>> from straights.store import Store
>>> store = Store("sqlite://")
>>> ring = RecordedRing.create(store, "NT", ["Ann", "Bob"], 20, seed=3)
>>> deal = ring.start(get_variant("NT"))
>>> _ = ring.play(Move("fold"))
>>> again = RecordedRing.load(store, ring.record.id)
>>> again.game.stacks == ring.game.stacks, [h.game for h in store.hands()]
(True, ['NT'])
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from straights.cards import parse_cards
from straights.errors import HandHistoryError, IllegalActionError
from straights.game.config import TableConfig
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal, Entry
from straights.poker.variant import Variant
from straights.poker.view import Move, play
from straights.store.archive import PokerEntry
from straights.store.database import Store, TableRecord
from straights.table import PokerGame, PokerTable, Table

__all__ = ["RecordedRing", "entry_dict"]

#: Called before each stored command is replayed, with the game and the latest deal:
#: a front end keeps its own state (its bots' draws) in step.
Replaying = Callable[[dict[str, Any], PokerTable, Deal | None], None]


def entry_dict(e: Entry) -> dict[str, Any]:
    """A deal's record entry as stored (cards as text, a hidden card as ``None``)."""
    return {
        "kind": e.kind,
        "player": e.player,
        "cards": [None if c is None else str(c) for c in e.cards],
        "amount": e.amount,
        "up": list(e.up),
    }


class RecordedRing:
    """A :class:`~straights.table.Table` of poker stored command by command (see the module
    docstring).  Make one with :meth:`create` or :meth:`load`; ``game`` is the ring game,
    ``deal`` the latest deal started (finished, and taken by ``game``, between deals)."""

    def __init__(self, store: Store, record: TableRecord) -> None:
        if record.seed is None:
            raise HandHistoryError(f"table {record.id} has no seed: it cannot be continued")
        s = record.settings
        self.store = store
        self.record = record
        self.game: PokerTable = Table(
            PokerGame(), list(s["names"]), s["stack"], seed=record.seed, button=s["button"]
        )
        self.deal: Deal | None = None
        #: Commands applied so far (the ``seq`` of the last one).
        self.seq = 0

    @classmethod
    def create(
        cls,
        store: Store,
        game: str,
        names: Sequence[str],
        stack: int,
        *,
        kind: str = "terminal",
        seed: int | None = None,
        button: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> RecordedRing:
        """A new stored ring game (``game``: a variant's code or ``dealers-choice``)."""
        Table(PokerGame(), names, stack)  # bad names or stacks: refused before anything is stored
        values = dict(settings or {})
        values.update(
            game=game,
            names=list(names),
            stack=stack,
            button=len(names) - 1 if button is None else button,
        )
        record = store.create_table(
            kind,
            TableConfig(),  # (Straights' settings; unused by other games)
            seed=secrets.randbits(63) if seed is None else seed,
            name=game,
            settings=values,
        )
        return cls(store, record)

    @classmethod
    def load(cls, store: Store, table_id: int, on_replay: Replaying | None = None) -> RecordedRing:
        """The stored game, replayed command by command and checked against the entries
        stored with each; it goes on recording."""
        ring = cls(store, store.table(table_id))
        for entry in store.log(table_id):
            if on_replay is not None:
                on_replay(entry.command, ring.game, ring.deal)
            entry.check(table_id, ring.apply(entry.command))
        return ring

    # -- commands ---------------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one command without storing it; returns the events it caused."""
        events, _ = self._apply(command)
        return events

    def _apply(self, command: dict[str, Any]) -> tuple[list[dict[str, Any]], PokerEntry | None]:
        kind = command.get("kind")
        if kind == "deal":
            self.deal = self.game.start(get_variant(str(command["variant"])))
            deal = self.deal
            start = 0
        elif kind == "move":
            deal = self._in_play()
            start = len(deal.log)
            text = str(command.get("cards") or "")
            cards = tuple(parse_cards(text)) if text else ()
            play(deal, Move(str(command["move"]), command.get("to"), cards))
        else:
            raise IllegalActionError(f"unknown ring command {kind!r}")
        self.seq += 1
        events = [entry_dict(e) for e in deal.log[start:]]
        finished = None
        if deal.finished:
            game = self.game
            number = game.deals + 1
            names = tuple(game.names[game.seat_of(i)] for i in range(deal.n))
            finished = PokerEntry(deal, names, number)
            events.append({"type": "hand_ended", "number": number})
            game.finish(deal)
        return events, finished

    def _in_play(self) -> Deal:
        if self.deal is None or self.deal.finished:
            raise IllegalActionError("no deal in play: start one first")
        return self.deal

    def _record(self, command: dict[str, Any]) -> None:
        events, finished = self._apply(command)
        self.store.append(self.record.id, self.seq, command, events, finished)

    def start(self, variant: Variant) -> Deal:
        """Start (and store) the next deal, of ``variant``."""
        self._record({"kind": "deal", "variant": variant.code})
        assert self.deal is not None
        return self.deal

    def play(self, move: Move) -> Deal:
        """The player to act does ``move`` (stored); returns the deal it was made in (the
        deal is finished, and the game has taken its stacks, when this move ended it)."""
        deal = self._in_play()
        cards = " ".join(str(c) for c in move.cards)
        self._record({"kind": "move", "move": move.kind, "to": move.to, "cards": cards})
        return deal
