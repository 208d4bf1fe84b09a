"""What the one web table and its game hooks share: who sits where, plans, the hook protocol.

The web table (:class:`~straights.web.tables.WebTable`) keeps seats, accounts, the
ledger, the host's powers and the command log for every game; a game's own part is
its :class:`WebGame` hook, chosen by the table's settings.  A hook sees its table
only as a :class:`Seating` — the members listed there — so the hook modules do not
import the table's module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from straights.bots import Bot
from straights.errors import IllegalActionError
from straights.game.config import TableConfig
from straights.store import ArchiveEntry
from straights.web.ledger import Account
from straights.web.protocol import TableSettings

#: A player sat out this many deals in a row loses the seat.
AWAY_DEALS: Final = 3
#: Past deals kept in memory for the hand-history view.
HISTORY_DEALS: Final = 200
#: Timeouts in a row after which a player is sat out even if still connected.
MISSES_TO_SIT_OUT: Final = 2
#: The parts of a state that are the same for every viewer (see WebTable.own_state).
SHARED: Final = ("table", "seats", "follow", "ledger")
#: Seconds the table waits for a person who is not connected when there is no timer.
NO_TIMER_WAIT: Final = 60.0


@dataclass(slots=True)
class SeatMeta:
    """Who sits in a seat, as the web table knows it (the game knows only name and chips)."""

    owner: int  # sequence number of the command that seated him: a unique player id
    name: str
    bot: str | None  # bot kind, None for a person
    token_hash: str | None
    stack: int  # chips while not in the game (waiting or sat out; Pai Gow: always)
    in_game: bool = False
    sat_out: bool = False
    leaving: bool = False
    away_deals: int = 0
    misses: int = 0
    #: When he sat out (seconds since the epoch, from the command; None: not known,
    #: and the seat is kept :data:`AWAY_DEALS` deals as before).
    away_at: float | None = None
    #: Why he sat out ("timeout": his turn ran out while he was away; "asked": himself).
    away_why: str | None = None

    def to_public(self, seat: int) -> dict[str, Any]:
        status = (
            "leaving"
            if self.leaving
            else "sat out"
            if self.sat_out
            else "playing"
            if self.in_game
            else "out of chips"
            if self.stack == 0
            else "waiting"
        )
        public = {
            "seat": seat,
            "name": self.name,
            "bot": self.bot,
            "status": status,
            "player": self.owner,
        }
        if self.sat_out and self.away_at is not None:
            public["away_at"] = self.away_at
            if self.away_why == "timeout":
                public["away_why"] = "timeout"
        return public


@dataclass(frozen=True, slots=True)
class Auto:
    """Something the table does by itself: ``command`` when ``delay`` seconds have passed."""

    delay: float
    command: dict[str, Any] | None  # None: a bot must decide (see WebGame.bot_move)
    bot_seat: int | None = None


class Seating(Protocol):
    """The web table as a game hook sees it: its seats, settings and bookkeeping."""

    id: str
    settings: TableSettings
    seed: int
    seats: list[SeatMeta | None]
    accounts: dict[int, Account]
    dealt_names: dict[int, dict[int, str]]
    timeouts: dict[int, set[int]]
    muckers: set[int]
    askers: set[int]
    paused: bool
    closed: bool

    @property
    def keeps_broke_players(self) -> bool: ...
    def owner_in_deal(self, seat: int | None, number: int) -> int | None: ...
    def free(self, seat: int, why: str) -> None: ...
    def taken(self, seat: int) -> SeatMeta: ...
    def public_seats(self) -> list[dict[str, Any] | None]: ...
    def public_ledger(self, in_middle: int) -> dict[str, Any]: ...
    def you(self, seat: int | None, broke: bool) -> dict[str, Any]: ...
    def turn(self, seat: int | None, turn_left: float | None) -> dict[str, Any] | None: ...
    def common_settings(self) -> dict[str, Any]: ...
    def bot_delay(self, server_delay: float) -> float: ...
    def person_wait(self, seat: int, connected: set[int]) -> float | None: ...
    def bank_left(self, seat: int) -> float: ...
    def note_move(self, seat: int, why: object) -> None: ...


class WebGame(Protocol):
    """A game's own part of a web table (the table keeps everything else).

    Each method is told only what the table cannot know: how a deal starts, who
    acts, what a timeout does, what bots see and play, what each viewer is shown
    of the hand, its history and its archive entry.  Client commands one game has
    not (``choose``, ``wager``, ``set``, ``act`` at Pai Gow) are refused by the
    hook with a clear line.
    """

    @property
    def config(self) -> TableConfig:
        """The engine settings the store records for the table (a dummy for Pai Gow)."""
        ...

    #: Names nobody may take here (besides bots' and the house's).
    reserved_names: tuple[str, ...]
    #: What a ``deal`` refused because :meth:`can_deal` is false says.
    cannot_deal: str
    #: Whether the house is a party to the settle-up (a banked game).
    banked: bool

    @property
    def in_hand(self) -> bool: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def house(self) -> int: ...
    def stack_of(self, seat: int, meta: SeatMeta) -> int: ...
    def chips(self) -> int: ...
    def can_deal(self) -> bool: ...
    def has_chips(self, seat: int, meta: SeatMeta) -> bool: ...
    def playing(self, seat: int, meta: SeatMeta) -> bool: ...
    def mark(self) -> Any: ...
    def events_since(self, mark: Any) -> list[dict[str, Any]]: ...
    def tidy(self) -> None: ...
    def deal(self, command: dict[str, Any]) -> list[int]: ...
    def act(self, command: dict[str, Any]) -> None: ...
    def choose(self, command: dict[str, Any]) -> None: ...
    def wager(self, command: dict[str, Any]) -> None: ...
    def set_hands(self, command: dict[str, Any]) -> None: ...
    def forfeit(self, seat: int) -> None: ...
    def leave(self, seat: int, meta: SeatMeta) -> None: ...
    def change(self, command: dict[str, Any]) -> TableSettings: ...
    def close(self) -> None: ...
    def check_bot(self, kind: str) -> None: ...
    def deal_plan(
        self, plan: Auto, *, connected: set[int], idle: float, bot_delay: float
    ) -> Auto | None: ...
    def next_auto(self, *, connected: set[int], idle: float, bot_delay: float) -> Auto | None: ...
    def fallback(self, seat: int, why: str) -> dict[str, Any]: ...
    def turn_left(self, idle: float) -> float | None: ...
    def bot_move(self, seat: int, bot: Callable[[], Bot]) -> Callable[[], dict[str, Any]]: ...
    def public_state(self) -> dict[str, Any]: ...
    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]: ...
    def public_settings(self) -> dict[str, Any]: ...
    def history_for(self, seat: int | None, number: int) -> dict[str, Any]: ...
    def archive_entry(self, events: list[dict[str, Any]]) -> ArchiveEntry | None: ...


class Kept(Protocol):
    """A deal a hook keeps for its history: it tells whether it is over."""

    @property
    def finished(self) -> bool: ...


KeptT = TypeVar("KeptT", bound=Kept)


def finished_deal(kept: dict[int, KeptT], number: int, last: int) -> KeptT:
    """Deal ``number`` of those ``kept`` (the last dealt is ``last``), once it is over."""
    deal = kept.get(number)
    if deal is None:
        first = min(kept, default=0)
        raise IllegalActionError(
            f"deal {number} is not available: this table keeps deals {first} to {last}"
        )
    if not deal.finished:
        raise IllegalActionError(f"deal {number} is still being played: wait for its end")
    return deal


class EngineDeal(Protocol):
    """The deal a :class:`SeatedEngine` plays (a Straights ``Hand``, a catalogue deal)."""

    @property
    def finished(self) -> bool: ...
    @property
    def number(self) -> int: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def folded(self) -> list[bool]: ...
    @property
    def stacks(self) -> list[int]: ...
    def player_index(self, seat: int) -> int | None: ...


class Told(Protocol):
    """An event an engine records (stored with the command that caused it)."""

    def to_dict(self) -> dict[str, Any]: ...


class Chair(Protocol):
    """A seated player as the engine keeps him across deals: his name and chips."""

    stack: int

    @property
    def name(self) -> str: ...


class SeatedEngine(Protocol):
    """What poker hooks keep across deals (the catalogue's
    :class:`~straights.web.poker_game.PokerSeats`; the translator while a table of an
    earlier release replays): players sit in it for a deal."""

    carry: int

    @property
    def seats(self) -> Sequence[Chair | None]: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def config(self) -> TableConfig: ...
    @property
    def hand(self) -> EngineDeal | None: ...
    @property
    def events(self) -> Sequence[Told]: ...
    @property
    def actor(self) -> int | None: ...
    def stacks(self) -> dict[int, int]: ...
    def total_chips(self) -> int: ...
    def sit(self, seat: int, name: str, stack: int) -> Any: ...
    def stand(self, seat: int) -> Any: ...
    def forfeit(self, seat: int) -> Any: ...


EngineT = TypeVar("EngineT", bound=SeatedEngine)


class SeatedGame(Generic[EngineT]):
    """What the poker hooks share: a player's chips are in the ``engine`` while he
    plays (``meta.in_game``) and in his :class:`SeatMeta` while he waits or sits out;
    the engine's events are stored with each command."""

    reserved_names: tuple[str, ...] = ()
    cannot_deal = "a deal needs two players with chips, one of them a person"
    banked = False
    house = 0

    def __init__(self, table: Seating, engine: EngineT) -> None:
        self.table = table
        self.engine = engine

    @property
    def config(self) -> TableConfig:
        return self.engine.config

    @property
    def in_hand(self) -> bool:
        hand = self.engine.hand
        return hand is not None and not hand.finished

    @property
    def hand_number(self) -> int:
        return self.engine.hand_number

    def mark(self) -> int:
        return len(self.engine.events)

    def events_since(self, mark: int) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.engine.events[mark:]]

    def has_chips(self, seat: int, meta: SeatMeta) -> bool:
        return meta.in_game or meta.stack > 0

    def playing(self, seat: int, meta: SeatMeta) -> bool:
        return meta.in_game

    def leave(self, seat: int, meta: SeatMeta) -> None:
        """He forfeits the deal: folded now if it is his turn or he is all-in (nothing
        left to decide), else at his turn (the ``forfeit`` command)."""
        hand = self.engine.hand
        assert hand is not None
        i = hand.player_index(seat)
        alive = i is not None and not hand.folded[i]
        # (Edition 1 logs recorded the fold at his turn as a command of its own.)
        now = hand.actor == seat or hand.stacks[i or 0] == 0
        if alive and now and self.table.keeps_broke_players:
            self.engine.forfeit(seat)

    def stack_of(self, seat: int, meta: SeatMeta) -> int:
        return self.engine.stacks().get(seat, 0) if meta.in_game else meta.stack

    def chips(self) -> int:
        """The engine's chips and those of players sat out or waiting."""
        outside = sum(m.stack for m in self.table.seats if m is not None and not m.in_game)
        return self.engine.total_chips() + outside

    def ready(self) -> list[int]:
        """Seats that a deal starting now would deal in."""
        return [
            i
            for i, m in enumerate(self.table.seats)
            if m is not None and not m.sat_out and not m.leaving and self.stack_of(i, m) > 0
        ]

    def can_deal(self) -> bool:
        """Two players ready with chips, one of them a person (bots never play alone)."""
        ready = self.ready()
        seats = self.table.seats
        return len(ready) >= 2 and any((m := seats[i]) is not None and m.bot is None for i in ready)

    def sit_players(self) -> None:
        """Before a deal: those ready take their chips into the engine."""
        for seat, meta in enumerate(self.table.seats):
            if meta is None:
                continue
            if meta.sat_out:
                meta.away_deals += 1
            elif not meta.in_game and meta.stack > 0:
                self.engine.sit(seat, meta.name, meta.stack)
                meta.stack = 0
                meta.in_game = True

    def tidy(self) -> None:
        """Between deals: stand up those who left (cashing their chips out) and those
        sat out (keeping their chips aside); a player who went broke keeps his seat
        with no chips (edition 1: loses it), a bot that went broke leaves."""
        table = self.table
        stacks = self.engine.stacks()
        for seat, meta in enumerate(table.seats):
            if meta is None:
                continue
            if meta.in_game and seat not in stacks:  # went broke: the engine stood him up
                meta.in_game = False
                meta.stack = 0
                if meta.bot is not None or meta.leaving or not table.keeps_broke_players:
                    table.free(seat, "broke")
                continue
            if meta.in_game and (meta.leaving or meta.sat_out):
                meta.stack = stacks[seat]
                self.engine.stand(seat)
                meta.in_game = False
            if meta.leaving:
                table.free(seat, "left")

    def close(self) -> None:
        """The table closes: a carried pot goes back to the players in the game, split
        evenly (the first seats get the odd chips), and everyone stands up."""
        engine = self.engine
        players = sorted(engine.stacks())
        if engine.carry and players:
            share, odd = divmod(engine.carry, len(players))
            for k, seat in enumerate(players):
                player = engine.seats[seat]
                assert player is not None
                player.stack += share + (1 if k < odd else 0)
            engine.carry = 0
        for seat, meta in enumerate(self.table.seats):
            if meta is not None and meta.in_game:
                meta.stack = engine.stacks()[seat]
                engine.stand(seat)
                meta.in_game = False

    def out_of_chips(self, seat: int | None) -> bool:
        """Whether the viewer's seat has no chips left and no buy-in waiting."""
        me = self.table.seats[seat] if seat is not None else None
        return bool(
            me and not me.in_game and me.stack == 0 and not self.table.accounts[me.owner].pending
        )

    def forfeit(self, seat: int) -> None:
        meta = self.table.taken(seat)
        if not meta.leaving:
            raise IllegalActionError(f"{meta.name} has not left: only a player who left forfeits")
        self.engine.forfeit(seat)

    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        raise NotImplementedError

    def deal_plan(
        self, plan: Auto, *, connected: set[int], idle: float, bot_delay: float
    ) -> Auto | None:
        """The table's next deal: ``plan``, as the table makes it."""
        return plan

    def next_auto(self, *, connected: set[int], idle: float, bot_delay: float) -> Auto | None:
        """During a deal, what to do without a player, and after how many seconds:
        forfeit for a leaver, let a bot act, time a person out."""
        table = self.table
        actor = self.engine.actor
        assert actor is not None
        meta = table.seats[actor]
        if meta is None:  # pragma: no cover - a dealt seat always has its meta
            return None
        if meta.leaving:
            return Auto(0.0, {"kind": "forfeit", "seat": actor})
        if meta.bot is not None:
            return Auto(max(0.0, table.bot_delay(bot_delay) - idle), None, bot_seat=actor)
        if meta.sat_out:
            return Auto(0.0, self.fallback(actor, "away"))
        limit = table.person_wait(actor, connected)
        if limit is None:
            return None
        return Auto(max(0.0, limit - idle), self.fallback(actor, "timeout"))


def person_turn_left(table: Seating, seat: int | None, idle: float) -> float | None:
    """Seconds left on the turn timer of a person in ``seat``, ``idle`` seconds after
    the last change (None: nobody's turn, a bot's, or no timer)."""
    if seat is None:
        return None
    meta = table.seats[seat]
    if meta is None or meta.bot is not None or table.settings.turn_seconds == 0:
        return None
    return table.settings.turn_seconds + table.bank_left(seat) - idle
