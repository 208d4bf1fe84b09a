"""What the one web table and its game hooks share: who sits where, plans, the table as
a hook sees it.

The web table (:class:`~straights.web.tables.WebTable`) keeps seats, accounts, the
ledger, the host's powers and the command log for every game; a game's own part is
its hook (:data:`~straights.web.tables.WebGame`), chosen by the table's settings.
A hook sees its table only as a :class:`Seating` — the members listed there — so the
hook modules do not import the table's module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Protocol

from straights.errors import IllegalActionError
from straights.table.core import DealT
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
    #: His chips behind (during a poker deal, the deal's stack is live: ask the hook).
    stack: int
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


@dataclass(frozen=True, slots=True)
class Auto:
    """Something the table does by itself: ``command`` when ``delay`` seconds have passed."""

    delay: float
    command: dict[str, Any] | None  # None: a bot must decide (see the hook's bot_move)
    bot_seat: int | None = None


class Seating(Protocol):
    """The web table as a game hook sees it: its seats, settings and bookkeeping."""

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


def finished_deal(kept: dict[int, DealT], number: int, last: int) -> DealT:
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
