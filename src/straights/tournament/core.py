"""A tournament: players drawn to tables, deals at every table on the one
:class:`~straights.table.Table`, busts, tables balanced and broken, places and prizes.

Whoever drives it — the bots of :func:`~straights.tournament.play_bots`, a terminal
or a web page — asks which tables can deal (:meth:`Tournament.ready`), starts a
deal there (:meth:`Tournament.start`: an engine :class:`~straights.poker.Deal` at
the level in force), has it played, and hands it back (:meth:`Tournament.finish`).
The tournament then places whoever went broke, takes rebuys and re-entries, and
rearranges the tables between their deals:

* **breaking**: when the players left fit at one table fewer, the highest-numbered
  table (a pre-set order) is broken and its players drawn at random to the empty
  seats of the others, always to a table with fewest players;
* **balancing**: when the fullest table has two or more players more than the
  shortest, the fullest table's next big blind moves to the shortest, into the
  worst position open there (:meth:`SeatTable.worst_seat`).  Both follow the TDA's
  tournament rules ("Breaking Tables" and "Balancing Tables and Halting Play",
  Rule 10 of the 2019 edition).
* the **final table** is the one left when every other has been broken.

Places go by busting order; players who go broke in the same deal place by the
stacks they started it with, the larger higher (TDA), equal stacks by a draw.  A
player moved carries his chips; chips are conserved: :meth:`Tournament.check`
(run after every deal) holds that the stacks add up to every chip issued (starting
stacks, rebuys, add-ons) and the prize pool to every payment.

>>> from straights.tournament import TournamentConfig, play_bots
>>> t = Tournament(TournamentConfig(table_size=3, schedule=preset("turbo")), list("ABCDE"), seed=1)
>>> [len(table.players) for table in t.tables]
[3, 2]
>>> result = play_bots(t, ["calling", "random"], seed=1)
>>> sorted(p.place for p in result.players), sum(p.prize for p in result.players) == t.pool
([1, 2, 3, 4, 5], True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from straights.cards import RandomLike, make_rng
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.engine import Deal
from straights.poker.variant import Stakes, Variant
from straights.table import PokerGame, Table
from straights.tournament.payouts import PRESETS, chip_deal, icm_deal, payout_table, prizes
from straights.tournament.schedule import Level, Schedule, preset
from straights.tournament.seating import next_step

__all__ = [
    "Event",
    "Player",
    "SeatTable",
    "Tournament",
    "TournamentConfig",
]

DealKind = Literal["icm", "chips"]


@dataclass(frozen=True)
class TournamentConfig:
    """The host's settings.

    * ``table_size``: seats a table (2 to 10); ``stack``: chips of an entry;
      ``buy_in``: what an entry pays into the prize pool;
    * ``schedule``: the levels (:mod:`~straights.tournament.schedule`); ``game``: any
      catalogue game (default no-limit hold'em), each level's forced bets as the game
      takes them (:meth:`~straights.tournament.schedule.Level.stakes`);
    * ``payouts``: a payout table's preset name or percentages
      (:func:`~straights.tournament.payouts.payout_table`);
    * ``late_levels``: registration stays open to the end of this level (0: closed
      once play starts); ``reentries``: entries a busted player may buy while it is open;
    * ``rebuys``: rebuys a player may take during the first ``rebuy_levels`` levels, at
      ``stack`` chips for ``buy_in`` each, when he has no more than ``stack`` chips;
      ``add_on``: chips of the add-on offered to everyone when the rebuys end (0: none),
      for ``buy_in``;
    * ``deal``/``deal_at``: with ``deal``, the last ``deal_at`` players split the prizes
      left by ICM or by chips instead of playing on.
    """

    table_size: int = 9
    stack: int = 1500
    buy_in: int = 100
    schedule: Schedule = field(default_factory=lambda: preset("standard"))
    game: Variant | None = None
    payouts: str | tuple[float, ...] = "standard"
    late_levels: int = 0
    reentries: int = 0
    rebuys: int = 0
    rebuy_levels: int = 3
    add_on: int = 0
    deal: DealKind | None = None
    deal_at: int = 3

    def __post_init__(self) -> None:
        if not 2 <= self.table_size <= 10:
            raise ConfigurationError(f"table size {self.table_size}: a table seats 2 to 10")
        for name in ("stack", "buy_in"):
            if getattr(self, name) < 1:
                raise ConfigurationError(f"{name} {getattr(self, name)}: give 1 or more")
        for name in ("late_levels", "reentries", "rebuys", "rebuy_levels", "add_on"):
            if getattr(self, name) < 0:
                raise ConfigurationError(f"{name} {getattr(self, name)}: give 0 or more")
        if self.deal not in (None, "icm", "chips"):
            raise ConfigurationError(f"deal {self.deal!r}: choose icm or chips")
        if self.deal and not 2 <= self.deal_at <= 10:
            raise ConfigurationError(
                f"a deal among {self.deal_at}: it takes 2 to 10 players (a final table)"
            )
        game = self.variant
        from straights.cards import make_deck

        most = game.max_players(len(make_deck(game.deck, jokers=game.jokers)))
        if self.table_size > most:
            raise ConfigurationError(
                f"{game.name} deals to at most {most} players, not {self.table_size} a table"
            )
        payout_table(self.payouts, 10**6)  # a bad table says so before play

    @property
    def variant(self) -> Variant:
        """The game dealt (no-limit hold'em unless ``game`` says)."""
        if self.game is not None:
            return self.game
        from straights.poker.catalogue import get_variant

        return get_variant("NT")


@dataclass
class Player:
    """A player of the tournament (several entries when he re-enters).

    ``stack`` is his chips between deals (during a deal, those he started it with);
    ``table``/``seat``: where he sits (``None`` once out); ``place``/``prize``: set
    when the tournament ends (``dealt``: his prize came from a deal).
    """

    id: int
    name: str
    stack: int = 0
    table: int | None = None
    seat: int | None = None
    entries: int = 1
    rebuys: int = 0
    add_ons: int = 0
    out_at: int | None = None
    place: int | None = None
    prize: int = 0
    dealt: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {"place": self.place, "name": self.name, "prize": self.prize,
                "entries": self.entries, "rebuys": self.rebuys, "add_ons": self.add_ons,
                "busted_at_deal": self.out_at, "dealt": self.dealt}  # fmt: skip


@dataclass
class SeatTable:
    """A tournament table: ``seats`` (player ids, ``None`` for an empty seat), the
    button's seat, deals started, and the one table dealing now (``None`` between
    deals)."""

    number: int
    seats: list[int | None]
    button: int = 0
    deals: int = 0
    broken_at: int | None = None
    table: Table[Deal, Variant] | None = None
    deal: Deal | None = None
    dealt: list[int] = field(default_factory=list)
    #: A deal in play at a table the tournament does not deal itself (:meth:`Tournament.begin`).
    away: bool = False
    #: The level of the deal in play or last dealt here.
    level: Level | None = None

    @property
    def dealing(self) -> bool:
        """A deal is in play here (dealt by the tournament or by a table it drives)."""
        return self.deal is not None or self.away

    @property
    def players(self) -> list[int]:
        """The players seated, in seat order."""
        return [p for p in self.seats if p is not None]

    @property
    def live(self) -> bool:
        """Not broken."""
        return self.broken_at is None

    def order(self) -> list[int]:
        """The seated players in the next deal's order: left of the button first, the
        button last (an empty button seat passes the button to the next player)."""
        n = len(self.seats)
        button = next(
            (s for s in ((self.button + k) % n for k in range(n)) if self.seats[s] is not None),
            self.button,
        )
        after = ((button + k) % n for k in range(1, n + 1))
        return [p for p in (self.seats[s] for s in after) if p is not None]

    def worst_seat(self) -> int:
        """The open seat a player moved in to balance takes: the TDA's "worst position",
        the one that posts the big blind soonest — the big blind itself when an open
        seat lies between the small and the big blind — and never the small blind
        unless every open seat is there (between the button and the small blind)."""
        n = len(self.seats)
        order = self.order()
        first = self.seats.index(order[0])  # the next small blind (heads-up: big blind)
        return next(s for s in ((first + k) % n for k in range(1, n)) if self.seats[s] is None)

    def next_big_blind(self) -> int:
        """Who posts the big blind next deal (heads-up: the player left of the button)."""
        order = self.order()
        return order[1] if len(order) > 2 else order[0]


@dataclass(frozen=True)
class Event:
    """Something that happened, for a log or a page: ``kind`` is one of ``seat``,
    ``level``, ``bust``, ``rebuy``, ``add-on``, ``re-entry``, ``register``, ``break``,
    ``move`` (from a broken table), ``balance`` (a move to balance the tables),
    ``final-table``, ``deal``, ``won``; ``deal`` counts the deals finished so far."""

    kind: str
    deal: int
    text: str
    player: int | None = None
    table: int | None = None
    to_table: int | None = None


class Tournament:
    """A tournament of ``names`` (drawn to tables at random) under ``config``.

    ``seed`` makes every draw and shuffle repeatable; ``clock`` gives seconds for
    levels by minutes (default :func:`time.monotonic`).  ``rebuy``, ``add_on`` and
    ``reenter`` are asked (with the player) whether he takes one when he may
    (default: never).
    """

    def __init__(
        self,
        config: TournamentConfig,
        names: Sequence[str],
        *,
        seed: RandomLike = None,
        clock: Callable[[], float] | None = None,
        rebuy: Callable[[Player], bool] | None = None,
        add_on: Callable[[Player], bool] | None = None,
        reenter: Callable[[Player], bool] | None = None,
    ) -> None:
        if len(names) < 2:
            raise ConfigurationError(f"{len(names)} players: a tournament needs two or more")
        self.config = config
        self.rng = make_rng(seed)
        self.clock = clock or time.monotonic
        self.started = self.clock()
        self.players: list[Player] = []
        self.tables: list[SeatTable] = []
        self.events: list[Event] = []
        self.deals = 0  # deals finished at every table
        self.chips = 0  # every chip issued
        self.pool = 0  # every payment
        self.out: list[int] = []  # players out, first out first
        #: (level index, level, deals finished before it) as each level's first deal starts.
        self.levels: list[tuple[int, Level, int]] = []
        self.final_table: tuple[int, list[str]] | None = None
        self.finished = False
        self.dealt: DealKind | None = None
        self._want_rebuy = rebuy or (lambda _p: False)
        self._want_add_on = add_on or (lambda _p: False)
        self._want_reentry = reenter or (lambda _p: False)
        self._add_ons_offered = False
        self._closed = False
        self._paused = 0.0  # seconds paused before now
        self._paused_at: float | None = None
        self._seat_draw(names)

    # -- seating ------------------------------------------------------------

    def _seat_draw(self, names: Sequence[str]) -> None:
        size = self.config.table_size
        count = math.ceil(len(names) / size)
        self.tables = [SeatTable(k + 1, [None] * size) for k in range(count)]
        drawn = [self._new_player(name) for name in names]
        self.rng.shuffle(drawn)
        for k, player in enumerate(drawn):  # dealt round the tables: they differ by one at most
            self._sit(player, self.tables[k % count])
        for table in self.tables:
            table.button = self.rng.choice([s for s, p in enumerate(table.seats) if p is not None])
        self.events.append(Event("seat", 0, f"{len(names)} players drawn to {count} "
                                 f"table{'s' if count > 1 else ''}"))  # fmt: skip
        if count == 1:
            self.final_table = (0, [p.name for p in self.players])

    def _new_player(self, name: str) -> Player:
        if any(p.name == name for p in self.players):
            raise ConfigurationError(f"{name!r} is registered already: give each player a name")
        player = Player(len(self.players), name)
        self.players.append(player)
        self._issue(player, self.config.stack)
        return player

    def _issue(self, player: Player, chips: int) -> None:
        player.stack += chips
        self.chips += chips
        self.pool += self.config.buy_in

    def _sit(self, player: Player, table: SeatTable, seat: int | None = None) -> None:
        """Seat ``player`` at ``table``: in ``seat``, or an open seat drawn at random."""
        if seat is None:
            seat = self.rng.choice([s for s, p in enumerate(table.seats) if p is None])
        table.seats[seat] = player.id
        player.table, player.seat = table.number, seat

    def _stand(self, player: Player) -> SeatTable:
        assert player.table is not None and player.seat is not None
        table = self.tables[player.table - 1]
        table.seats[player.seat] = None
        player.table = player.seat = None
        return table

    def _shortest(self, among: Sequence[SeatTable] | None = None) -> SeatTable:
        """A table with fewest players among the live ones with an empty seat (between
        deals when any such is), by draw."""
        live = [t for t in (among or self.tables) if t.live and None in t.seats]
        free = [t for t in live if not t.dealing] or live
        fewest = min(len(t.players) for t in free)
        return self.rng.choice([t for t in free if len(t.players) == fewest])

    # -- the clock ----------------------------------------------------------

    @property
    def elapsed(self) -> float:
        """How far the schedule has gone: deals started at the table that has dealt most,
        or minutes of the clock since the start, pauses left out."""
        if self.config.schedule.unit == "deals":
            return max((t.deals for t in self.tables), default=0)
        now = self.clock() if self._paused_at is None else self._paused_at
        return (now - self.started - self._paused) / 60

    @property
    def level_index(self) -> int:
        """The level in force (from 0) for the next deal to start."""
        return self.config.schedule.index(self.elapsed)

    @property
    def level_left(self) -> float:
        """What is left of the level in force, in the schedule's unit (deals or minutes):
        a page's clock."""
        schedule = self.config.schedule
        return (self.level_index + 1) * schedule.length - self.elapsed

    @property
    def paused(self) -> bool:
        """Whether the host has paused the tournament."""
        return self._paused_at is not None

    def pause(self) -> None:
        """Stop the clock and the dealing: no table starts a deal until :meth:`resume`
        (deals in play are played out)."""
        if self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self) -> None:
        """Start the clock and the dealing again."""
        if self._paused_at is not None:
            self._paused += self.clock() - self._paused_at
            self._paused_at = None

    @property
    def level(self) -> Level:
        """The level in force."""
        return self.config.schedule.at(self.level_index)

    @property
    def registration_open(self) -> bool:
        """Whether late registration (and re-entry) is still open."""
        return not (self.finished or self._closed) and self.level_index < self.config.late_levels

    @property
    def rebuys_open(self) -> bool:
        """Whether the rebuy period is on."""
        return self.config.rebuys > 0 and self.level_index < self.config.rebuy_levels

    @property
    def add_on_open(self) -> bool:
        """Whether the add-on is offered: through the level after the rebuy period."""
        return bool(self.config.add_on) and self.level_index == self.config.rebuy_levels

    @property
    def left(self) -> list[Player]:
        """Players still in (seated), in id order."""
        return [p for p in self.players if p.table is not None]

    # -- registration, rebuys, add-ons ---------------------------------------

    def register(self, name: str) -> Player:
        """A late entry: ``name`` pays the buy-in and sits at a random empty seat of a
        table with fewest players (a new table when every seat is taken)."""
        if not self.registration_open:
            raise IllegalActionError("registration is closed")
        player = self._new_player(name)
        self._seat_new(player)
        self.events.append(Event("register", self.deals, f"{name} registers late",
                                 player.id, player.table))  # fmt: skip
        return player

    def _seat_new(self, player: Player) -> None:
        size = self.config.table_size
        room = [t for t in self.tables if t.live and len(t.players) < size]
        if room:
            table = self._shortest(room)
        else:
            table = SeatTable(len(self.tables) + 1, [None] * size)
            self.tables.append(table)
            self.final_table = None
        self._sit(player, table)
        if len(table.players) == 1:
            assert player.seat is not None
            table.button = player.seat

    def rebuy(self, player: Player) -> None:
        """``player`` buys ``stack`` more chips for the buy-in: during the rebuy period,
        with rebuys left, between his deals, at no more than a starting stack."""
        config = self.config
        if not self.rebuys_open:
            raise IllegalActionError("the rebuy period is over")
        if player.rebuys >= config.rebuys:
            raise IllegalActionError(f"{player.name} has had {player.rebuys} rebuys already")
        if player.stack > config.stack:
            raise IllegalActionError(f"{player.name} has more than {config.stack} chips")
        self._between_deals(player)
        player.rebuys += 1
        self._issue(player, config.stack)
        self.events.append(Event("rebuy", self.deals, f"{player.name} rebuys",
                                 player.id, player.table))  # fmt: skip

    def take_add_on(self, player: Player) -> None:
        """``player`` takes the add-on (``add_on`` chips for the buy-in), once, when the
        rebuy period has ended."""
        if not self.add_on_open:
            raise IllegalActionError("no add-on is offered now")
        if player.add_ons:
            raise IllegalActionError(f"{player.name} has taken the add-on")
        self._between_deals(player)
        player.add_ons += 1
        player.stack += self.config.add_on
        self.chips += self.config.add_on
        self.pool += self.config.buy_in
        self.events.append(Event("add-on", self.deals, f"{player.name} takes the add-on",
                                 player.id, player.table))  # fmt: skip

    def _between_deals(self, player: Player) -> None:
        if player.table is None:
            raise IllegalActionError(f"{player.name} is out of the tournament")
        if self.tables[player.table - 1].dealing:
            raise IllegalActionError(f"{player.name} is in a deal: wait for it to end")

    # -- deals --------------------------------------------------------------

    def ready(self) -> list[int]:
        """The tables that can start a deal now (live, between deals, two players or more;
        none while paused)."""
        self._maybe_end()  # registration may have closed with the clock
        if self.finished or self.paused:
            return []
        return [t.number for t in self.tables
                if t.live and not t.dealing and len(t.players) >= 2]  # fmt: skip

    def begin(self, number: int) -> list[int]:
        """Begin the next deal at table ``number`` at the level in force, for a table the
        caller deals (a web table): the players' ids in the deal's order, the button
        last, and their stacks are :attr:`Player.stack`; the table's ``level`` says the
        forced bets. Hand it back with :meth:`end`. :meth:`start` deals it here instead."""
        if number not in self.ready():
            raise IllegalActionError(f"table {number} cannot deal now")
        table = self.tables[number - 1]
        index = self.level_index  # from the deals started before this one
        level = self.config.schedule.at(index)
        if not self.levels or self.levels[-1][0] < index:
            self.levels.append((index, level, self.deals))
            self.events.append(Event("level", self.deals, f"level {index + 1}: {level}"))
        self._offer_add_ons()
        table.deals += 1
        order = table.order()
        table.dealt, table.away, table.level = order, True, level
        button = self.players[order[-1]].seat
        assert button is not None
        table.button = button  # the button's seat this deal; it moves on when it ends
        return order

    def start(self, number: int) -> Deal:
        """Start the next deal at table ``number`` at the level in force."""
        order = self.begin(number)
        table = self.tables[number - 1]
        level = table.level
        assert level is not None

        def stakes(variant: Variant, players: int) -> Stakes:
            return level.stakes(variant, players)

        dealer = Table(
            PokerGame(stakes),
            [self.players[p].name for p in order],
            [self.players[p].stack for p in order],
            seed=self.rng.getrandbits(64),
            button=len(order) - 1,
        )
        table.away = False
        table.table, table.deal = dealer, dealer.start(self.config.variant)
        return table.deal

    def players_of(self, number: int) -> list[Player]:
        """The players of table ``number``'s deal in play, in the deal's order."""
        return [self.players[p] for p in self.tables[number - 1].dealt]

    def finish(self, number: int, deal: Deal) -> None:
        """Take table ``number``'s finished ``deal``: stacks, busts, rebuys and
        re-entries, then balance and break tables and, at the end, places and prizes."""
        table = self.tables[number - 1]
        dealer = table.table
        if dealer is None or deal is not table.deal:
            raise IllegalActionError(f"that is not the deal in play at table {number}")
        before = sum(self.players[p].stack for p in table.dealt)
        dealer.finish(deal)
        if dealer.carry or dealer.house or dealer.total_chips() != before:
            raise AssertionError(f"table {number}: chips not conserved in deal {self.deals + 1}")
        table.table = table.deal = None
        table.away = True
        self.end(number, dealer.stacks)

    def end(self, number: int, stacks: Sequence[int]) -> None:
        """Take the end of the deal :meth:`begin` began at table ``number``: ``stacks``,
        the players' chips after it in the deal's order, which must add up to theirs
        before it; then busts, rebuys and re-entries, balancing and breaking, and at the
        end places and prizes."""
        table = self.tables[number - 1]
        if not table.away or table.deal is not None:
            raise IllegalActionError(f"table {number} has no deal of its own in play")
        if len(stacks) != len(table.dealt) or min(stacks, default=0) < 0:
            raise IllegalActionError(
                f"table {number}: give {len(table.dealt)} stacks of 0 chips or more"
            )
        before = sum(self.players[p].stack for p in table.dealt)
        if sum(stacks) != before:
            raise AssertionError(
                f"table {number}: chips not conserved in deal {self.deals + 1} "
                f"({sum(stacks)} after, {before} before)"
            )
        started = {p: self.players[p].stack for p in table.dealt}
        for i, p in enumerate(table.dealt):
            self.players[p].stack = stacks[i]
        table.button = (table.button + 1) % len(table.seats)  # on to the next seat
        table.away = False
        self.deals += 1
        broke = [p for p in table.dealt if self.players[p].stack == 0]
        self.rng.shuffle(broke)  # equal starting stacks: by draw
        broke.sort(key=lambda p: started[p])  # the smaller stack goes out first
        for p in broke:
            self._broke(self.players[p])
        self._rearrange()
        self.check()
        self._maybe_end()

    def close_registration(self) -> None:
        """Close late registration now (the host's call; also when nobody else is coming)."""
        self._closed = True
        self._maybe_end()

    def _maybe_end(self) -> None:
        left = self.left
        if self.finished or self.registration_open:
            return
        if len(left) == 1:
            self._end()
        elif (self.config.deal and len(left) <= self.config.deal_at
              and not any(t.dealing for t in self.tables)):  # fmt: skip
            self._deal(self.config.deal)

    def _broke(self, player: Player) -> None:
        config = self.config
        if self.rebuys_open and player.rebuys < config.rebuys and self._want_rebuy(player):
            self.rebuy(player)
            return
        table = self._stand(player)
        entries_left = player.entries <= config.reentries
        if self.registration_open and entries_left and self._want_reentry(player):
            player.entries += 1
            self._issue(player, config.stack)
            self._seat_new(player)
            self.events.append(Event("re-entry", self.deals, f"{player.name} re-enters",
                                     player.id, player.table))  # fmt: skip
            return
        player.out_at = self.deals
        self.out.append(player.id)
        self.events.append(Event("bust", self.deals, f"{player.name} is out", player.id,
                                 table.number))  # fmt: skip

    def _offer_add_ons(self) -> None:
        """At the first deal of the add-on level, everyone between deals is asked."""
        if self._add_ons_offered or not self.add_on_open:
            return
        self._add_ons_offered = True
        for player in self.left:
            table = player.table
            free = table is not None and not self.tables[table - 1].dealing
            if free and not player.add_ons and self._want_add_on(player):
                self.take_add_on(player)

    def _rearrange(self) -> None:
        """Break tables the players fit without, then balance the rest (between deals)."""
        while True:
            live = {t.number: len(t.players) for t in self.tables if t.live}
            busy = {t.number for t in self.tables if t.live and t.dealing}
            step = next_step(live, self.config.table_size, busy)
            if step is None:
                return
            kind, a, b = step
            if kind == "break":
                self._break(self.tables[a - 1])
                continue
            full, short = self.tables[a - 1], self.tables[b - 1]
            player = self.players[full.next_big_blind()]
            self._stand(player)
            self._sit(player, short, short.worst_seat())
            self.events.append(Event("balance", self.deals,
                                     f"{player.name} moves from table {full.number} to "
                                     f"table {short.number} (balancing)", player.id,
                                     full.number, short.number))  # fmt: skip

    def _break(self, table: SeatTable) -> None:
        moving = table.players
        self.rng.shuffle(moving)
        table.broken_at = self.deals
        others = [t for t in self.tables if t.live]
        self.events.append(Event("break", self.deals, f"table {table.number} breaks",
                                 table=table.number))  # fmt: skip
        for p in moving:
            player = self.players[p]
            self._stand(player)
            to = self._shortest(others)
            self._sit(player, to)
            self.events.append(Event("move", self.deals, f"{player.name} moves from table "
                                     f"{table.number} to table {to.number}", p,
                                     table.number, to.number))  # fmt: skip
        live = [t for t in self.tables if t.live]
        if len(live) == 1:
            self.final_table = (self.deals, [self.players[p].name for p in live[0].players])
            self.events.append(Event("final-table", self.deals,
                                     f"final table: {len(live[0].players)} players at table "
                                     f"{live[0].number}", table=live[0].number))  # fmt: skip

    # -- the end ------------------------------------------------------------

    def prizes(self) -> list[int]:
        """The prizes by place (first place first) for the entries so far."""
        payouts = self.config.payouts
        entries = sum(p.entries for p in self.players)
        own = not (isinstance(payouts, str) and payouts.strip().lower() in PRESETS)
        table = payout_table(payouts, 10**6 if own else entries)
        return prizes(self.pool, _fold(table, len(self.players)))

    def _places(self, ahead: list[int]) -> None:
        """Places: ``ahead`` (best first) then the players out, last out first."""
        order = ahead + self.out[::-1]
        paid = self.prizes()
        for place, p in enumerate(order, start=1):
            player = self.players[p]
            player.place = place
            if not player.dealt:
                player.prize = paid[place - 1] if place <= len(paid) else 0
        self.finished = True

    def _end(self) -> None:
        winner = self.left[0]
        self.events.append(Event("won", self.deals, f"{winner.name} wins", winner.id,
                                 winner.table))  # fmt: skip
        self._stand(winner)
        self._places([winner.id])

    def deal_shares(self, kind: DealKind, ranked: Sequence[Player] | None = None) -> list[int]:
        """What each player left would take in a deal by ``kind`` now, in the order of
        ``ranked`` (default: by chips, most first): a deal's offer, before anyone agrees."""
        left = self.left
        if ranked is None:
            ranked = sorted(left, key=lambda p: -p.stack)
        paid = self.prizes()
        k = len(left)
        remaining = paid[:k] + [0] * max(k - len(paid), 0)
        stacks = [p.stack for p in ranked]
        if sum(remaining) == 0:
            return [0] * k
        if kind == "icm":
            shares = icm_deal(stacks, [r for r in remaining if r] or [0])
            return shares + [0] * (k - len(shares))
        return chip_deal(stacks, remaining)

    def make_deal(self, kind: DealKind) -> None:
        """End the tournament now by a deal the players left agreed: they split the prizes
        left by ICM or chip count (:meth:`deal_shares`) and are placed by their chips.
        Only between deals, with registration closed and two players or more left."""
        if kind not in ("icm", "chips"):
            raise ConfigurationError(f"deal {kind!r}: choose icm or chips")
        if self.finished:
            raise IllegalActionError("the tournament is over")
        if self.registration_open:
            raise IllegalActionError("registration is still open: no deal before it closes")
        if len(self.left) < 2:
            raise IllegalActionError("a deal takes two players or more")
        if any(t.dealing for t in self.tables):
            raise IllegalActionError("a deal is in play: wait for it to end")
        self._deal(kind)

    def _deal(self, kind: DealKind) -> None:
        left = self.left
        k = len(left)
        order = list(range(k))
        self.rng.shuffle(order)
        order.sort(key=lambda i: -left[i].stack)  # places by chips, equal stacks by draw
        ranked = [left[i] for i in order]
        shares = self.deal_shares(kind, ranked)
        for player, share in zip(ranked, shares, strict=True):
            player.prize, player.dealt = share, True
            self._stand(player)
        self.dealt = kind
        how = "ICM" if kind == "icm" else "chip count"
        self.events.append(Event("deal", self.deals, f"{k} players make a deal by {how}: "
                                 + ", ".join(f"{p.name} {p.prize}" for p in ranked)))  # fmt: skip
        self._places([p.id for p in ranked])

    def check(self) -> None:
        """Hold chips and money conserved: the stacks add up to every chip issued, the
        prize pool to every payment (an error here is a bug, not a player's)."""
        stacks = sum(p.stack for p in self.players if p.table is not None)
        gone = sum(p.stack for p in self.players if p.table is None)
        if stacks + gone != self.chips:
            raise AssertionError(
                f"chips not conserved: {stacks + gone} in play, {self.chips} issued"
            )
        if not self.finished and gone:
            raise AssertionError(f"{gone} chips left with players who are out")
        paid = sum(p.entries + p.rebuys + p.add_ons for p in self.players) * self.config.buy_in
        if paid != self.pool:
            raise AssertionError(f"prize pool {self.pool}, payments {paid}")

    def standings(self) -> list[Player]:
        """Every player, best first: by place at the end, else by chips."""
        if self.finished:
            return sorted(self.players, key=lambda p: p.place or 0)
        return sorted(self.players, key=lambda p: (p.table is None, -p.stack, p.id))

    def summary(self) -> dict[str, Any]:
        """The tournament so far (or finished) as a JSON-ready dict: the settings, the
        pool and chips, the levels played, the tables broken (who moved), the final
        table, the deal and every player, best first (``straights tournament --json``)."""
        from straights.poker.catalogue import game_name

        config = self.config
        broken = [
            {"table": e.table, "at_deal": e.deal,
             "moved": [self.players[m.player].name for m in self.events
                       if m.kind == "move" and m.deal == e.deal and m.table == e.table
                       and m.player is not None]}
            for e in self.events if e.kind == "break"
        ]  # fmt: skip
        final = None
        if self.final_table is not None:
            final = {"at_deal": self.final_table[0], "players": self.final_table[1]}
        return {
            "game": game_name(config.variant.code),
            "players": len(self.players),
            "entries": sum(p.entries for p in self.players),
            "table_size": config.table_size,
            "tables": len(self.tables),
            "deals": self.deals,
            "levels_by": config.schedule.unit,
            "level_length": config.schedule.length,
            "stack": config.stack,
            "buy_in": config.buy_in,
            "prize_pool": self.pool,
            "chips": self.chips,
            "levels": [
                {
                    "level": i + 1,
                    "small_blind": lv.small,
                    "big_blind": lv.big,
                    "ante": lv.ante,
                    "big_blind_ante": lv.bb_ante,
                    "stakes": lv.words(config.variant),
                    "from_deal": at + 1,
                }
                for i, lv, at in self.levels
            ],
            "tables_broken": broken,
            "balancing_moves": sum(1 for e in self.events if e.kind == "balance"),
            "final_table": final,
            "deal": self.dealt,
            "finished": self.finished,
            "places": [p.to_dict() for p in self.standings()],
        }


def _fold(table: list[float], players: int) -> list[float]:
    """A payout table for more places than there are players (re-entries count as
    entries; the host's own table may be longer than the field): the places nobody
    can take are shared among the others pro rata.

    >>> _fold([50, 30, 20], 2), _fold([50, 30, 20], 5)
    ([62.5, 37.5], [50, 30, 20])
    """
    if len(table) <= players:
        return table
    kept = table[:players]
    scale = 100 / math.fsum(kept)
    return [p * scale for p in kept]
