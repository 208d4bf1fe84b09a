"""A table of any catalogue game or Pai Gow that is its log: :class:`StoredTable`.

One :class:`~straights.table.Table` stored command by command.  A ``deal`` command
starts the next deal; every other command acts in the deal in play.  Each is stored
with the deal's events it caused (as dicts) and, when it ends the deal, a
``hand_ended`` event — in the transaction that archives that deal.  The shuffles
come from the seed kept in the store, so :meth:`StoredTable.load` replays the
commands to the very same table, mid-deal included, and later deals are those it
would have dealt anyway.

What is particular to a game is its :class:`Commands` hook:

* :data:`POKER` — ``{"kind": "deal", "variant": CODE}`` and ``{"kind": "move",
  "move": ..., "to": ..., "cards": ...}`` (the player to act does a
  :class:`~straights.poker.view.Move`); archived as PHH
  (:class:`~straights.store.archive.PokerEntry`);
* :data:`PAI_GOW` — ``{"kind": "deal", "bets": {seat: chips}}``, ``{"kind": "set",
  "seat": s, "front": "As Kd"}`` and ``{"kind": "house", "seat": s}``, the seats
  numbered as the deal numbers them (1, 2 ...: 0 is the bank);
  archived as its PHH-style history (:class:`~straights.store.archive.PaiGowEntry`).

The table's ``settings`` hold ``game`` (a variant's code, ``dealers-choice`` or
``pai-gow``), ``names``, ``stack``, (button games) ``button``, (Straights on its own
stakes: live antes, the ladder's unit) ``ante``, with whatever else its front end
keeps; a Pai Gow table also ``commission`` (``exact``: see :func:`pai_gow_game`).
Tables stored by earlier releases open unchanged; a terminal Straights table of an
earlier release (game ``straights``: Straights' own table's commands) is replayed by
the translator and carried over to the one table (:data:`~.legacy_straights.SWITCH`).

>>> from straights.poker.catalogue import get_variant
>>> from straights.store import Store
>>> store = Store("sqlite://")
>>> ring = StoredTable.create(store, POKER, "NT", ["Ann", "Bob"], 20, seed=3)
>>> deal = ring.start(get_variant("NT"))
>>> _ = ring.play(Move("fold"))
>>> again = StoredTable.load(store, ring.record.id)
>>> again.table.stacks == ring.table.stacks, [h.game for h in store.hands()]
(True, ['NT'])
>>> bank = StoredTable.create(store, PAI_GOW, "pai-gow", ["Ann", "Bob"], 100, seed=3)
>>> deal = bank.start({0: 20, 1: 40})
>>> _ = bank.act({"kind": "house", "seat": 1})
>>> StoredTable.load(store, bank.record.id).deal.waiting
[2]
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic

from straights.cards import Card, parse_cards
from straights.errors import HandHistoryError, IllegalActionError
from straights.paigow.deal import PaiGowDeal, event_dict
from straights.paigow.rules import PaiGowRules
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal, Entry
from straights.poker.house import HouseRules
from straights.poker.variant import Variant
from straights.poker.view import Move, play
from straights.store.archive import ArchiveEntry, PaiGowEntry, PokerEntry
from straights.store.database import LogEntry, Store, TableRecord
from straights.store.legacy_straights import SWITCH, LegacyTable
from straights.table import Game, PaiGowGame, PaiGowTable, PokerGame, Table, straights_stakes
from straights.table.core import DealT, PlanT

__all__ = [
    "PAI_GOW",
    "POKER",
    "Commands",
    "Replaying",
    "StoredTable",
    "entry_dict",
    "move_command",
    "pai_gow_game",
    "set_command",
]


def entry_dict(e: Entry) -> dict[str, Any]:
    """A poker deal's record entry as stored (cards as text, a hidden card as ``None``)."""
    return {
        "kind": e.kind,
        "player": e.player,
        "cards": [None if c is None else str(c) for c in e.cards],
        "amount": e.amount,
        "up": list(e.up),
    }


def move_command(move: Move) -> dict[str, Any]:
    """The stored command of a poker ``move`` by the player to act.

    >>> move_command(Move("raise", 40))
    {'kind': 'move', 'move': 'raise', 'to': 40, 'cards': ''}
    """
    cards = " ".join(str(c) for c in move.cards)
    return {"kind": "move", "move": move.kind, "to": move.to, "cards": cards}


def set_command(seat: int, front: Sequence[Card] | None) -> dict[str, Any]:
    """The stored command of Pai Gow's ``seat`` (as the deal numbers it) setting
    ``front`` as its two-card hand (``None``: the house way).

    >>> set_command(1, parse_cards("As Kd")), set_command(2, None)
    ({'kind': 'set', 'seat': 1, 'front': 'As Kd'}, {'kind': 'house', 'seat': 2})
    """
    if front is None:
        return {"kind": "house", "seat": seat}
    return {"kind": "set", "seat": seat, "front": " ".join(c.ascii() for c in front)}


@dataclass(frozen=True)
class Commands(Generic[DealT, PlanT]):
    """How one game's table is stored: its hook, its commands and its archive entry.

    ``game`` makes the table's hook from its settings; ``plan``/``deal_command`` turn
    a ``deal`` command into what :meth:`~straights.table.Table.start` takes and back;
    ``act`` applies any other command to the deal in play; ``log`` is how many events
    the deal has told and ``events`` those from a point on, as stored; ``entry`` the
    archive entry of a finished deal (``table``: before it takes the deal's chips);
    ``new_settings`` are what a new table stores beside the front end's own.
    """

    game: Callable[[Mapping[str, Any]], Game[DealT, PlanT]]
    plan: Callable[[dict[str, Any]], PlanT]
    deal_command: Callable[[PlanT], dict[str, Any]]
    act: Callable[[DealT, dict[str, Any]], None]
    log: Callable[[DealT], int]
    events: Callable[[DealT, int], list[dict[str, Any]]]
    entry: Callable[[Table[DealT, PlanT], DealT, int], ArchiveEntry]
    new_settings: Mapping[str, Any] = field(default_factory=dict)


def _poker_act(deal: Deal, command: dict[str, Any]) -> None:
    if command.get("kind") != "move":
        raise IllegalActionError(f"unknown ring command {command.get('kind')!r}")
    text = str(command.get("cards") or "")
    cards = tuple(parse_cards(text)) if text else ()
    play(deal, Move(str(command["move"]), command.get("to"), cards))


def _poker_game(settings: Mapping[str, Any]) -> PokerGame:
    """The poker hook a table's settings ask for: an ``ante`` means Straights' own
    stakes (:func:`~straights.table.straights_stakes`), else the catalogue's; ``house``
    the house rules that differ from the rule book's (:meth:`HouseRules.changes`:
    straddles, runs of the board and bomb pots included); ``asked`` and ``muckers``
    the seats asked to show or muck and those that muck unasked
    (:attr:`PokerGame.asked`, :attr:`PokerGame.muckers`)."""
    changes = settings.get("house")
    house = HouseRules.from_changes(changes) if changes else None
    ante = settings.get("ante")
    # The seats asked to show or muck, and those that muck unasked (before: nobody).
    asked = [int(s) for s in settings.get("asked", ())]
    muckers = [int(s) for s in settings.get("muckers", ())]
    if ante is None:
        return PokerGame(house=house, asked=asked, muckers=muckers)
    stakes = partial(straights_stakes, ante=int(ante))
    return PokerGame(stakes=stakes, house=house, asked=asked, muckers=muckers)


def _poker_entry(table: Table[Deal, Variant], deal: Deal, number: int) -> ArchiveEntry:
    names = tuple(table.names[table.seat_of(i)] for i in range(deal.n))
    return PokerEntry(deal, names, number)


#: Every variant of the catalogue, dealer's choice included.
POKER: Commands[Deal, Variant] = Commands(
    game=_poker_game,
    plan=lambda command: get_variant(str(command["variant"])),
    deal_command=lambda variant: {"kind": "deal", "variant": variant.code},
    act=_poker_act,
    log=lambda deal: len(deal.log),
    events=lambda deal, start: [entry_dict(e) for e in deal.log[start:]],
    entry=_poker_entry,
)


def _pai_gow_act(deal: PaiGowDeal, command: dict[str, Any]) -> None:
    kind = command.get("kind")
    if kind == "set":
        deal.set(int(command["seat"]), str(command["front"]))
    elif kind == "house":
        deal.set_house_way(int(command["seat"]))
    else:
        raise IllegalActionError(f"unknown Pai Gow table command {kind!r}")


def _pai_gow_entry(table: PaiGowTable, deal: PaiGowDeal, number: int) -> ArchiveEntry:
    names = {seat + 1: name for seat, name in enumerate(table.names)}
    before = {s + 1: chips for s, chips in zip(table.players, table.starting_stacks, strict=True)}
    return PaiGowEntry(deal, names, before, number)


def pai_gow_game(settings: Mapping[str, Any]) -> PaiGowGame:
    """The Pai Gow hook of a table stored with ``settings``: exact commissions, or, for a
    table stored without ``commission`` (before 0.2), the old rule it was played under
    (any bet, the commission rounded up to a chip), so that it replays as it was played.

    >>> pai_gow_game({"commission": "exact"}).rules.bet_unit, pai_gow_game({}).rules.commission
    (20, 'rounded-up')
    """
    counted = settings.get("commission", "rounded-up")
    way = settings.get("house_way", "foxwoods")  # (stored only when not Foxwoods')
    if counted == "exact":
        return PaiGowGame(PaiGowRules(house_way=way))
    return PaiGowGame(PaiGowRules(min_bet=2, commission=counted, house_way=way))


#: Pai Gow against the bank (the deal's seats are the table's plus one).
PAI_GOW: Commands[PaiGowDeal, Mapping[int, int]] = Commands(
    game=pai_gow_game,
    plan=lambda command: {int(s) - 1: int(b) for s, b in dict(command["bets"]).items()},
    deal_command=lambda bets: {"kind": "deal", "bets": {str(s + 1): b for s, b in bets.items()}},
    act=_pai_gow_act,
    log=lambda deal: len(deal.events),
    events=lambda deal, start: [event_dict(e) for e in deal.events[start:]],
    entry=_pai_gow_entry,
    new_settings={"commission": "exact"},
)


#: Called before each stored command is replayed, with the table and the latest deal:
#: a front end keeps its own state (its bots' draws) in step.
Replaying = Callable[[dict[str, Any], Table[Any, Any], Any], None]


class StoredTable(Generic[DealT, PlanT]):
    """A :class:`~straights.table.Table` stored command by command (see the module
    docstring).  Make one with :meth:`create` or :meth:`load`; ``table`` is the table,
    ``deal`` the latest deal started (finished, and taken by ``table``, between deals)."""

    def __init__(
        self,
        store: Store,
        record: TableRecord,
        commands: Commands[DealT, PlanT],
        table: Table[DealT, PlanT] | None = None,
    ) -> None:
        if record.seed is None:
            raise HandHistoryError(f"table {record.id} has no seed: it cannot be continued")
        s = record.settings
        self.store = store
        self.record = record
        self.commands = commands
        #: The table: made from the settings, or given (a table of an earlier release
        #: carried over to the one table: :func:`_carried_over`).
        self.table: Table[DealT, PlanT] = table or Table(
            commands.game(s), list(s["names"]), s["stack"], seed=record.seed, button=s.get("button")
        )
        self.deal: DealT | None = None
        #: Commands applied so far (the ``seq`` of the last one).
        self.seq = 0

    @classmethod
    def create(
        cls,
        store: Store,
        commands: Commands[DealT, PlanT],
        game: str,
        names: Sequence[str],
        stack: int,
        *,
        kind: str = "terminal",
        seed: int | None = None,
        button: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> StoredTable[DealT, PlanT]:
        """A new stored table of ``game`` (a variant's code, ``dealers-choice`` or
        ``pai-gow``) for ``names`` with ``stack`` chips each."""
        values = {**commands.new_settings, **(settings or {})}
        values.update(game=game, names=list(names), stack=stack)
        hook = commands.game(values)
        Table(hook, names, stack)  # bad names or stacks: refused before anything is stored
        if hook.has_button:
            values["button"] = len(names) - 1 if button is None else button
        shuffles = secrets.randbits(63) if seed is None else seed
        record = store.create_table(kind, seed=shuffles, name=game, settings=values)
        return cls(store, record, commands)

    @classmethod
    def load(
        cls, store: Store, table_id: int, on_replay: Replaying | None = None
    ) -> StoredTable[Any, Any]:
        """The stored table, replayed command by command and checked against the events
        stored with each; it goes on recording.  ``on_replay`` is called before each
        command of the one table.  A terminal Straights table of an earlier release
        is carried over to the one table first (:func:`_carried_over`)."""
        record = store.table(table_id)
        log = store.log(table_id)
        stored: StoredTable[Any, Any]
        if record.game == "straights":
            stored, log = _carried_over(store, record, log)
        else:
            commands: Commands[Any, Any] = PAI_GOW if record.game == "pai-gow" else POKER
            stored = cls(store, record, commands)
        for entry in log:
            if on_replay is not None:
                on_replay(entry.command, stored.table, stored.deal)
            entry.check(table_id, stored._apply(entry.command)[0])
        return stored

    # -- commands ---------------------------------------------------------------------------
    def _apply(self, command: dict[str, Any]) -> tuple[list[dict[str, Any]], ArchiveEntry | None]:
        """Apply one command without storing it: the events it caused, and the archive
        entry of the deal it ended."""
        c = self.commands
        if command.get("kind") == "deal":
            deal = self.deal = self.table.start(c.plan(command))
            start = 0
        else:
            deal = self._in_play()
            start = c.log(deal)
            c.act(deal, command)
        self.seq += 1
        events = c.events(deal, start)
        finished = None
        if deal.finished:
            number = self.table.deals + 1
            finished = c.entry(self.table, deal, number)
            events.append({"type": "hand_ended", "number": number})
            self.table.finish(deal)
        return events, finished

    def _in_play(self) -> DealT:
        if self.deal is None or self.deal.finished:
            raise IllegalActionError("no deal in play: start one first")
        return self.deal

    def _record(self, command: dict[str, Any]) -> None:
        events, finished = self._apply(command)
        self.store.append(self.record.id, self.seq, command, events, finished)

    def start(self, plan: PlanT) -> DealT:
        """Start (and store) the next deal as ``plan`` says."""
        self._record(self.commands.deal_command(plan))
        assert self.deal is not None
        return self.deal

    def act(self, command: dict[str, Any]) -> DealT:
        """Apply and store ``command`` in the deal in play; returns that deal (finished,
        and taken by the table, when the command ended it)."""
        deal = self._in_play()
        self._record(command)
        return deal

    def play(self: StoredTable[Deal, Variant], move: Move) -> Deal:
        """At a poker table: the player to act does ``move`` (stored; see :meth:`act`)."""
        return self.act(move_command(move))


def _carried_over(
    store: Store, record: TableRecord, log: list[LogEntry]
) -> tuple[StoredTable[Deal, Variant], list[LogEntry]]:
    """A terminal Straights table of an earlier release (its log Straights' own table's
    commands), replayed by the translator and checked command by command against the
    events stored with each, then carried over to the one table where it stands: the
    same seats (one never taken, or left, has no chips and no name), stacks, carried
    pot, button and shuffle, and the deal in play (the engine's) if there is one.  Its
    later commands are the one table's (:data:`POKER`), after :data:`SWITCH`, which is
    stored now if it was not yet.  Returns the table and those later commands."""
    if record.seed is None:
        raise HandHistoryError(
            f"table {record.id} was saved by straights 0.1.0, which kept no seed for "
            "its next deals: it cannot be continued (its deals are in `straights history`)"
        )
    legacy = LegacyTable(record.config, seed=record.seed)
    before = next((k for k, e in enumerate(log) if e.command == SWITCH), len(log))
    for entry in log[:before]:
        entry.check(record.id, [e.to_dict() for e in legacy.apply(entry.command)])
    config, live = legacy.config, legacy.live
    if legacy.button is None and len(legacy.occupied) >= 2:
        legacy.draw_button()  # the first deal's draw, as the earlier table made it
    button = legacy.button if live is not None else legacy.next_button()
    names = [legacy.names.get(s, "") for s in range(config.seats)]
    table = Table(_poker_game({"ante": config.ante}), names, 1, seed=legacy.rng, button=button or 0)
    held = legacy.seats
    table.stacks[:] = [held[s].stack if s in held else 0 for s in range(config.seats)]
    table.carry, table.deals = legacy.carry, legacy.number - (live is not None)
    stored = StoredTable(store, record, POKER, table)
    if live is not None:
        table.take_over(live.deal, live.seats, live.starting)
        stored.deal = live.deal
    stored.seq = before + 1
    if before == len(log):
        store.append(record.id, stored.seq, dict(SWITCH), [])
    return stored, log[before + 1 :]
