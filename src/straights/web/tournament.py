"""A tournament at the web table: people join by link, bots fill the field, every
table deals live, a clock shows the level, and the last players may agree a deal.

:class:`WebTournament` drives one :class:`~straights.tournament.Tournament`: after
every command (a join, the start, a move, an answer to a deal, a pause) the bots
play every table until each waits on a person, tables dealing in step (a table is
never more than one deal ahead of another), so the library's balancing and
breaking run between deals as at a card room. Every command is stored with the
moment it came (:class:`TournamentHall` over the web table's
:class:`~straights.store.Store`), so a restart replays them to the same state:
the bots are seeded, the clock is the commands' own.

>>> t = WebTournament("t1", {"bots": ["calling"] * 5, "table_size": 3, "deal": "icm"},
...                   seed=4, host_hash="a")
>>> t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
>>> t.apply({"type": "start", "token_hash": "a", "at": 1.0})
>>> view = t.view("a")
>>> [len(table["players"]) for table in view["tables"]], view["clock"]["blinds"]
([3, 3], 'blinds 10/20')
>>> view["table"]["deal"]["legal"] != [] or view["table"]["number"] in (1, 2)
True
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from straights.errors import ConfigurationError, IllegalActionError, StraightsError
from straights.tournament import Schedule, Tournament, TournamentConfig, parse_levels, preset
from straights.tournament.core import DealKind, Event

if TYPE_CHECKING:
    from straights.poker.engine import Deal
    from straights.poker.variant import Variant
    from straights.store import Store
    from straights.tournament.core import SeatTable
    from straights.web.tournament_tables import TournamentTables

#: Bots a host may seat (the equity bot needs the ``fast`` extra).
BOT_KINDS = ("calling", "strength", "random", "equity")
#: Most bots a tournament seats (bots play on in the server's loop once the people are out).
MAX_BOTS = 60
#: Most unfinished tournaments a server holds.
MAX_OPEN = 200


class TournamentError(StraightsError):
    """A tournament command that cannot be taken (one line for the page)."""


@dataclass
class Entrant:
    """Who plays a name: a person (``token_hash``) or a bot (``bot``), and whether he
    takes a rebuy, the add-on and a re-entry when he may."""

    name: str
    token_hash: str | None = None
    bot: str | None = None
    rebuys: bool = True


def config_of(settings: dict[str, Any]) -> TournamentConfig:
    """The library's settings from the host's form (a bad value: one clear error).

    >>> config_of({"table_size": 6, "levels": "10/20, 20/40", "level_deals": 4}).schedule.length
    4
    >>> config_of({"schedule": "turbo", "level_minutes": 5}).schedule.unit
    'minutes'
    """
    try:
        minutes = settings.get("level_minutes")
        deals = settings.get("level_deals")
        levels = settings.get("levels")
        if levels:
            schedule = parse_levels(
                str(levels),
                deals=None if minutes else int(deals or 6),
                minutes=int(minutes) if minutes else None,
            )
        else:
            schedule = preset(str(settings.get("schedule") or "standard"), minutes=bool(minutes))
            if minutes:
                schedule = Schedule(schedule.levels, int(minutes), "minutes")
            elif deals:
                schedule = Schedule(schedule.levels, int(deals), "deals")
        game = web_game(str(settings.get("game") or "holdem"))
        payouts = settings.get("payouts") or "standard"
        if isinstance(payouts, list):
            payouts = tuple(float(x) for x in payouts)
        return TournamentConfig(
            table_size=int(settings.get("table_size", 6)),
            stack=int(settings.get("stack", 1500)),
            buy_in=int(settings.get("buy_in", 100)),
            schedule=schedule,
            game=game,
            payouts=payouts,
            late_levels=int(settings.get("late_levels", 0)),
            reentries=int(settings.get("reentries", 0)),
            rebuys=int(settings.get("rebuys", 0)),
            rebuy_levels=int(settings.get("rebuy_levels", 3)),
            add_on=int(settings.get("add_on", 0)),
        )
    except StraightsError:
        raise
    except (TypeError, ValueError) as exc:
        raise ConfigurationError(f"tournament settings: {exc}") from None


def _edition(value: object) -> int:
    """A tournament's stored web table edition (3 on: editions before had no tournament).

    >>> _edition(5), _edition(3)
    (5, 3)
    >>> _edition("9")
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: tournament edition '9': 3 to 5
    """
    from straights.web.tournament_tables import EDITION

    if isinstance(value, bool) or not isinstance(value, int) or not 3 <= value <= EDITION:
        raise ConfigurationError(f"tournament edition {value!r}: 3 to {EDITION}")
    return value


def web_game(name: str) -> Variant:
    """The catalogue game ``name`` for a tournament at the web page: every poker game of
    the catalogue, draw games too (their cards are picked at the table page). Pai Gow
    and dealer's choice are refused in one line each.

    >>> web_game("stud").name, web_game("omaha").code, web_game("badugi").code
    ('Fixed-limit seven-card stud', 'PO', 'FB')
    >>> web_game("dealers-choice")
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: game dealers-choice: a tournament deals one poker game, ...
    """
    from straights.paigow.about import is_pai_gow
    from straights.poker.catalogue import find_variant

    if is_pai_gow(name):
        raise ConfigurationError(
            f"game {name}: a tournament deals one poker game, and Pai Gow is played "
            "against a banker"
        )
    if name.strip().casefold() in ("dealers-choice", "dealer's-choice"):
        raise ConfigurationError(
            f"game {name}: a tournament deals one poker game, not a new one each deal"
        )
    return find_variant(name)


class WebTournament:
    """One tournament at the web table, changed only by :meth:`apply` (see the module)."""

    def __init__(
        self, key: str, settings: dict[str, Any], *, seed: int, host_hash: str = ""
    ) -> None:
        self.key = key
        self.settings = settings
        self.seed = seed
        self.host_hash = host_hash
        self.config = config_of(settings)
        deal = settings.get("deal")
        if deal not in (None, "", "icm", "chips"):
            raise ConfigurationError(f"deal {deal!r}: choose icm or chips")
        self.deal_kind: DealKind | None = cast("DealKind", deal) if deal else None
        self.deal_at = int(settings.get("deal_at", 3))
        self.turn_seconds = float(settings.get("turn_seconds", 60) or 0)
        #: Each person's time bank at his table, on top of the turn timer (seconds; the
        #: cash table's, :attr:`~straights.web.protocol.TableSettings.time_bank`). Not
        #: given: none, as for the tournaments stored before it existed.
        self.time_bank = int(settings.get("time_bank", 0) or 0)
        if not 0 <= self.time_bank <= 600:
            raise ConfigurationError(f"time bank {self.time_bank} s: give 0 to 600")
        #: The tables' heads-up display (:mod:`~straights.web.hud`): on unless refused.
        self.hud = bool(settings.get("hud", True))
        #: Its web tables' edition, set by the server (:meth:`TournamentHall.create`);
        #: a tournament stored before it was kept dealt at edition 3 (a draw's
        #: replacements when every player has drawn) and replays so.
        self.edition = _edition(settings.get("edition", 3))
        #: Each person to act: his turn (table, deal, move number) and when it began.
        self.turns: dict[str, tuple[tuple[int, int, int], float]] = {}
        bots = [str(b) for b in settings.get("bots", [])]
        if len(bots) > MAX_BOTS:
            raise ConfigurationError(f"{len(bots)} bots: seat {MAX_BOTS} at most")
        bad = next((b for b in bots if b not in BOT_KINDS), None)
        if bad is not None:
            raise ConfigurationError(f"bot {bad!r}: choose {', '.join(BOT_KINDS)}")
        self.entrants: dict[str, Entrant] = {}
        for k, kind in enumerate(bots, start=1):
            name = f"{kind.capitalize()} {k}"
            self.entrants[name] = Entrant(name, bot=kind)
        self.tournament: Tournament | None = None
        self.now = 0.0  # the clock: the moment of the command being applied
        #: The tournament's web tables (the cash game's one table), once it starts.
        self.tables: TournamentTables | None = None
        self.offer: dict[str, Any] | None = None
        self.refused_at: int | None = None  # players left when a deal was refused
        self.last: dict[int, dict[str, Any]] = {}  # each table's last finished deal
        self.seq = 0

    # -- commands -----------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> None:
        """Apply one command (``type``: ``join``, ``start``, ``act``, ``rebuys``,
        ``muck``, ``accept``, ``refuse``, ``pause``, ``resume``), then let the bots play."""
        self.now = float(command.get("at", self.now))
        kind = command.get("type")
        handler = {
            "join": self._join,
            "start": self._start,
            "act": self._act,
            "timeout": self._timeout,
            "rebuys": self._rebuys,
            "muck": self._muck,
            "accept": self._answer,
            "refuse": self._answer,
            "pause": self._pause,
            "resume": self._pause,
        }.get(str(kind))
        if handler is None:
            raise TournamentError(f"unknown command {kind!r}")
        handler(command)
        self.seq += 1
        self._drive()
        self._clock_turns()

    def _clock_turns(self) -> None:
        t = self.tournament
        turns = {}
        for name, turn in self._turns(t).items():
            old = self.turns.get(name)
            turns[name] = old if old is not None and old[0] == turn else (turn, self.now)
        self.turns = turns

    def deal_in_play(self, table: SeatTable) -> Deal | None:
        """The deal in play (or just finished, not yet handed back) at ``table``: its web
        table's (:class:`~straights.web.tournament_tables.TournamentTables`)."""
        web = (
            None if self.tables is None or not table.away else self.tables.tables.get(table.number)
        )
        dealt = None if web is None else web.game.deal_in_play()
        return None if dealt is None else dealt.deal

    def _turns(self, t: Tournament | None) -> dict[str, tuple[int, int, int]]:
        if t is None or t.finished or self.offer is not None:
            return {}
        out = {}
        for table in t.tables:
            deal = self.deal_in_play(table)
            if deal is not None and not deal.finished and deal.actor is not None:
                name = t.players[table.dealt[deal.actor]].name
                if self.entrants[name].bot is None:
                    out[name] = (table.number, table.deals, len(deal.log))
        return out

    def _join(self, c: dict[str, Any]) -> None:
        name = " ".join(str(c.get("name", "")).split())[:24]
        if not name:
            raise TournamentError("give a name to join")
        if name in self.entrants:
            raise TournamentError(f"{name!r} is taken: choose another name")
        if any(e.token_hash == c["token_hash"] for e in self.entrants.values()):
            raise TournamentError("you have joined already")
        t = self.tournament
        if t is not None and not t.registration_open:
            raise TournamentError("registration is closed")
        if t is not None:
            t.register(name)
        self.entrants[name] = Entrant(name, token_hash=str(c["token_hash"]))
        if self.tables is not None:
            self.tables.people[name] = str(c["token_hash"])

    def _start(self, c: dict[str, Any]) -> None:
        if c.get("token_hash") != self.host_hash:
            raise TournamentError("only the host starts the tournament")
        if self.tournament is not None:
            raise TournamentError("the tournament has started")
        if len(self.entrants) < 2:
            raise TournamentError("a tournament needs two players or more")
        self._new_tournament()

    def _new_tournament(self) -> None:
        from straights.web.tournament_tables import TournamentTables

        names = list(self.entrants)
        wants = self._wants
        self.tournament = Tournament(
            self.config, names, seed=self.seed, clock=lambda: self.now,
            rebuy=wants, add_on=wants, reenter=wants,
        )  # fmt: skip
        self.tables = TournamentTables(
            self.tournament, self.key, self.seed ^ 0x5EED,
            people={e.name: e.token_hash for e in self.entrants.values() if e.token_hash},
            bots={e.name: e.bot for e in self.entrants.values() if e.bot},
            turn_seconds=int(self.turn_seconds), time_bank=self.time_bank, hud=self.hud,
            edition=self.edition,
        )  # fmt: skip

    def _wants(self, player: Any) -> bool:
        return self.entrants[player.name].rebuys

    @property
    def over(self) -> bool:
        """Whether the tournament has ended."""
        return self.tournament is not None and self.tournament.finished

    def entrant_of(self, token_hash: str) -> Entrant:
        """The person holding ``token_hash`` (a stranger: an error)."""
        for e in self.entrants.values():
            if e.token_hash == token_hash:
                return e
        raise TournamentError("join the tournament first")

    def _act(self, c: dict[str, Any]) -> None:
        t = self._playing()
        me = self.entrant_of(str(c["token_hash"]))
        player = next(p for p in t.players if p.name == me.name)
        if player.table is None:
            raise TournamentError("you are not at a table")
        table = t.tables[player.table - 1]
        deal = self.deal_in_play(table)
        if deal is None or deal.finished or player.id not in table.dealt:
            raise TournamentError("wait for the next deal")
        if deal.actor != table.dealt.index(player.id):
            raise TournamentError("it is not your turn")
        assert self.tables is not None and player.seat is not None
        to = None if c.get("to") is None else int(c["to"])
        move: dict[str, Any] = {
            "kind": "act", "seat": player.seat, "action": str(c.get("action")), "to": to,
        }  # fmt: skip
        if c.get("cards"):  # a draw's or a discard's cards
            move["cards"] = [str(x) for x in c["cards"]]
        if (bank := self._bank_drawn(me.name)) > 0:
            move["bank"] = bank
        try:
            self.tables.tables[table.number].apply(move)
        except StraightsError as exc:
            said = str(exc)
            if not said.startswith("you cannot"):
                said = f"you cannot {c.get('action')}: {said}"
            raise TournamentError(said) from None

    def overdue(self, now: float) -> list[str]:
        """The people to act whose turn has lasted ``turn_seconds`` and what is left of
        their time bank, or more, at ``now``."""
        if not self.turn_seconds:
            return []
        return [n for n, (_, since) in self.turns.items() if now - since >= self._allowed(n)]

    def _allowed(self, name: str) -> float:
        """Seconds ``name`` has for the turn he is on: the timer and his bank's rest."""
        turn = self.turns.get(name)
        if turn is None or self.tables is None or self.tournament is None:
            return self.turn_seconds
        player = next(p for p in self.tournament.players if p.name == name)
        web = self.tables.tables.get(turn[0][0])
        if web is None or player.seat is None:
            return self.turn_seconds
        return self.turn_seconds + web.bank_left(player.seat)

    def _bank_drawn(self, name: str) -> float:
        """Seconds of his time bank a move ``name`` makes now draws (past the timer)."""
        turn = self.turns.get(name)
        if not self.time_bank or not self.turn_seconds or turn is None:
            return 0.0
        return round(max(0.0, self.now - turn[1] - self.turn_seconds), 1)

    def _timeout(self, c: dict[str, Any]) -> None:
        """The server's command when a person's time is up: he checks, else folds."""
        name = str(c.get("name"))
        if name not in self.overdue(self.now):
            raise TournamentError(f"{name} still has time")
        t = self._playing()
        player = next(p for p in t.players if p.name == name)
        assert player.table is not None
        assert self.tables is not None and player.seat is not None
        web = self.tables.tables[player.table]
        web.apply(web.game.fallback(player.seat, "timeout"))
        t.events.append(Event("timeout", t.deals, f"{name}'s time is up"))

    def _rebuys(self, c: dict[str, Any]) -> None:
        self.entrant_of(str(c["token_hash"])).rebuys = bool(c.get("on"))

    def _muck(self, c: dict[str, Any]) -> None:
        """A person's standing choice at the showdown, as at a cash table: ``on`` with
        ``ask``, he is asked to show or muck; without, he mucks a beaten hand."""
        me = self.entrant_of(str(c["token_hash"]))
        self._playing()
        assert self.tables is not None
        self.tables.showdown_choice(me.name, on=bool(c.get("on")), ask=bool(c.get("ask")))

    def _answer(self, c: dict[str, Any]) -> None:
        offer = self.offer
        if offer is None:
            raise TournamentError("no deal is offered")
        me = self.entrant_of(str(c["token_hash"]))
        if me.name not in offer["waiting"]:
            raise TournamentError("you have answered, or you are not in the deal")
        if c["type"] == "refuse":
            self.offer = None
            self.refused_at = len(offer["shares"])
            self._note(f"{me.name} refuses the deal: play on")
            return
        offer["waiting"].remove(me.name)
        offer["accepted"].append(me.name)
        if self.tournament is not None:
            self._close_offer(self.tournament)

    def _pause(self, c: dict[str, Any]) -> None:
        if c.get("token_hash") != self.host_hash:
            raise TournamentError("only the host pauses the tournament")
        t = self._playing()
        if c["type"] == "pause" and not t.paused:
            t.pause()
        elif c["type"] == "resume" and t.paused:
            t.resume()

    def _playing(self) -> Tournament:
        t = self.tournament
        if t is None:
            raise TournamentError("the tournament has not started")
        if t.finished:
            raise TournamentError("the tournament is over")
        return t

    def _note(self, text: str) -> None:
        t = self.tournament
        if t is not None:
            t.events.append(Event("deal", t.deals, text))

    # -- the bots and the tables --------------------------------------------------------
    def _drive(self) -> None:
        """Play every table until each waits on a person (or the end, a pause, an offer)."""
        t = self.tournament
        if t is None:
            return
        while not t.finished and self.offer is None:
            moved = self._bots_move(t)
            if self._offering(t) or self.offer is not None:
                continue  # the deal ended play, or the people are asked
            started = self._start_deals(t)
            if not (moved or started):
                if not t.ready() and not any(x.dealing for x in t.tables):
                    t.close_registration()  # nobody can deal: nobody else is coming
                    if t.finished:
                        continue
                return

    def _bots_move(self, t: Tournament) -> bool:
        tables = self.tables
        assert tables is not None
        moved = False
        for table in t.tables:
            if not table.away:
                continue
            moved = tables.bot_moves(table.number) or moved  # until a person's turn
            deal = self.deal_in_play(table)
            if deal is not None and deal.finished:
                self._finish(t, table.number, deal)
                moved = True
        return moved

    def _finish(self, t: Tournament, number: int, deal: Deal) -> None:
        from straights.poker.view import deal_view

        table = t.tables[number - 1]
        names = [t.players[p].name for p in table.dealt]
        before = [t.players[p].stack for p in table.dealt]
        shown = deal_view(deal, None).to_dict()
        assert self.tables is not None
        self.tables.end(number)
        after = [t.players[p].stack for p in table.dealt]
        assert sum(p.stack for p in t.players) == t.chips, "chips not conserved"
        self.last[number] = {
            "deal": t.deals,
            "board": shown["board"],
            "players": [
                {"name": n, "cards": pl["cards"], "change": a - b}
                for n, pl, a, b in zip(names, shown["players"], after, before, strict=True)
            ],
        }

    def _start_deals(self, t: Tournament) -> bool:
        ready = t.ready()
        if not ready:
            return False
        dealing = [x.deals for x in t.tables if x.live and len(x.players) >= 2]
        least = min(dealing)
        started = False
        for number in ready:
            if t.tables[number - 1].deals <= least and number in t.ready():
                assert self.tables is not None
                self.tables.start(number)
                started = True
        return started

    def _offering(self, t: Tournament) -> bool:
        """Offer the deal when few enough are left (bots accept); True if it ended play."""
        kind = self.deal_kind
        left = t.left
        if (
            kind is None
            or len(left) > self.deal_at
            or len(left) < 2
            or t.registration_open
            or any(x.dealing for x in t.tables)
            or (self.refused_at is not None and len(left) >= self.refused_at)
        ):
            return False
        ranked = sorted(left, key=lambda p: -p.stack)
        shares = t.deal_shares(kind, ranked)
        people = [p.name for p in ranked if self.entrants[p.name].bot is None]
        self.offer = {
            "kind": kind,
            "shares": [
                {"name": p.name, "stack": p.stack, "share": s}
                for p, s in zip(ranked, shares, strict=True)
            ],
            "accepted": [p.name for p in ranked if self.entrants[p.name].bot],
            "waiting": people,
        }
        return self._close_offer(t)

    def _close_offer(self, t: Tournament) -> bool:
        offer = self.offer
        if offer is None or offer["waiting"]:
            return False
        self.offer = None
        t.make_deal(offer["kind"])
        return True

    # -- what a page shows --------------------------------------------------------------
    def view(self, token_hash: str | None) -> dict[str, Any]:
        """The tournament as the holder of ``token_hash`` sees it (JSON-ready)."""
        me = None
        if token_hash:
            me = next((e for e in self.entrants.values() if e.token_hash == token_hash), None)
        t = self.tournament
        out: dict[str, Any] = {
            "id": self.key,
            "status": "registering" if t is None else "finished" if t.finished else "playing",
            "you": None if me is None else {"name": me.name, "rebuys": me.rebuys},
            "host": bool(token_hash) and token_hash == self.host_hash,
            "entrants": [{"name": e.name, "bot": e.bot} for e in self.entrants.values()],
            "settings": self._settings_shown(),
            "offer": self.offer,
            "seq": self.seq,
            "turns": {
                name: max(0.0, self._allowed(name) - (self.now - since))
                for name, (_, since) in self.turns.items()
            }
            if self.turn_seconds
            else {},
        }
        if t is None:
            return out
        out.update(self._clock(t))
        out["chips"], out["pool"] = t.chips, t.pool
        out["registration_open"] = t.registration_open
        out["players_left"] = len(t.left)
        out["tables"] = [
            {"number": x.number, "live": x.live, "broken_at": x.broken_at,
             "players": [t.players[p].name for p in x.players]}
            for x in t.tables
        ]  # fmt: skip
        out["standings"] = [
            {"name": p.name, "stack": p.stack, "table": p.table, "place": p.place,
             "prize": p.prize, "out_at": p.out_at, "dealt": p.dealt,
             "bot": self.entrants[p.name].bot is not None}
            for p in t.standings()
        ]  # fmt: skip
        out["events"] = [e.text for e in t.events]
        out["final_table"] = t.final_table is not None and len(out["tables"]) > 1
        if me is not None:
            out["table"] = self._my_table(t, me.name)
        return out

    def _settings_shown(self) -> dict[str, Any]:
        c = self.config
        return {
            "game": c.variant.name, "table_size": c.table_size, "stack": c.stack,
            "buy_in": c.buy_in,
            "rebuys": c.rebuys, "add_on": c.add_on, "late_levels": c.late_levels,
            "deal": self.deal_kind, "deal_at": self.deal_at,
            "turn_seconds": self.turn_seconds, "time_bank": self.time_bank,
            "levels_by": c.schedule.unit, "level_length": c.schedule.length,
        }  # fmt: skip

    def _clock(self, t: Tournament) -> dict[str, Any]:
        schedule = t.config.schedule
        index = t.level_index
        return {
            "clock": {
                "level": index + 1,
                "blinds": schedule.at(index).words(t.config.variant),
                "next": schedule.at(index + 1).words(t.config.variant),
                "left": t.level_left,
                "unit": schedule.unit,
                "paused": t.paused,
                "at": self.now,
            }
        }

    def _my_table(self, t: Tournament, name: str) -> dict[str, Any] | None:
        from straights.poker.view import deal_view

        player = next(p for p in t.players if p.name == name)
        if player.table is None:
            return None
        table = t.tables[player.table - 1]
        out: dict[str, Any] = {"number": table.number, "last": self.last.get(table.number)}
        if self.tables is not None and (web := self.tables.tables.get(table.number)):
            out["version"] = web.seq  # the table page's state version (its own count)
        deal = self.deal_in_play(table)
        if deal is None or player.id not in table.dealt:
            out["seats"] = [
                None if p is None else {"name": t.players[p].name, "stack": t.players[p].stack}
                for p in table.seats
            ]
            return out
        i = table.dealt.index(player.id)
        view = deal_view(deal, i).to_dict()
        names = [t.players[p].name for p in table.dealt]
        out["deal"] = {
            "board": view["board"],
            "pot": view["pot"],
            "street": view["street"],
            "players": [
                {
                    "name": n,
                    **{f: pl[f] for f in ("stack", "bet", "folded", "cards")},
                    "actor": view["actor"] == k,
                    "me": k == i,
                    "button": k == len(names) - 1,
                }
                for k, (n, pl) in enumerate(zip(names, view["players"], strict=True))
            ],
            "legal": [
                {"kind": a.kind, "amount": a.amount, "low": a.low, "high": a.high}
                for a in deal.legal_actions()
            ]
            if view["actor"] == i
            else [],
        }
        return out


class TournamentHall:
    """The server's tournaments, each stored as its commands in ``store`` (kind
    ``tournament``) and rebuilt from them at start.

    ``seed`` (default: the environment's ``STRAIGHTS_TOURNAMENT_SEED``, else a fresh
    secret for each) makes every tournament's draws repeatable: the server's operator
    sets it for a test or a demonstration, never for real play, since whoever knows it
    knows the cards.
    """

    def __init__(self, store: Store, seed: int | None = None) -> None:
        import os

        if seed is None and os.environ.get("STRAIGHTS_TOURNAMENT_SEED"):
            seed = int(os.environ["STRAIGHTS_TOURNAMENT_SEED"])
        self.fixed_seed = seed
        self.store = store
        self.tournaments: dict[str, WebTournament] = {}
        self.rows: dict[str, int] = {}
        self.lock = asyncio.Lock()
        #: Called with a tournament's id after each of its stored commands and at
        #: load (the server serves its web tables at the normal table page).
        self.listeners: list[Callable[[str], None]] = []

    def changed(self, key: str) -> None:
        """Tell the listeners that tournament ``key`` changed (or was loaded)."""
        for listener in self.listeners:
            listener(key)

    def load(self) -> None:
        """Rebuild every stored tournament by replaying its commands."""
        for row in self.store.tables("tournament"):
            if row.key is None or row.seed is None:
                continue
            self.tournaments[row.key] = self._replay(row)
            self.rows[row.key] = row.id
            self.changed(row.key)

    async def create(self, settings: dict[str, Any], host: str) -> tuple[str, str]:
        """A new tournament with the host joined as ``host``; returns its id and the
        host's token."""
        import secrets

        from straights.game import TableConfig
        from straights.web.tokens import hash_token, new_token
        from straights.web.tournament_tables import EDITION

        open_now = [t for t in self.tournaments.values() if not t.over]
        if len(open_now) >= MAX_OPEN:
            raise TournamentError("the server runs as many tournaments as it can: try later")
        key = secrets.token_urlsafe(8)
        token = new_token()
        seed = secrets.randbits(63) if self.fixed_seed is None else self.fixed_seed
        settings = {**settings, "edition": EDITION}  # stored: its tables keep it
        t = WebTournament(key, settings, seed=seed, host_hash=hash_token(token))
        async with self.lock:
            row = self.store.create_table(
                "tournament", TableConfig(seats=2), seed=seed, settings=settings,
                key=key, host_hash=t.host_hash,
            )  # fmt: skip
            self.tournaments[key] = t
            self.rows[key] = row.id
        await self.run(key, {"type": "join", "name": host}, token)
        return key, token

    async def run(self, key: str, command: dict[str, Any], token: str) -> None:
        """Apply ``command`` from the holder of ``token``, stored before it is shown."""
        from straights.web.tokens import hash_token

        await self._run(key, {**command, "token_hash": hash_token(token)})

    async def _run(self, key: str, command: dict[str, Any]) -> None:
        from straights.errors import StoreError

        t = self.get(key)
        command = {**command, "at": time.time()}
        async with self.lock:
            before = t.seq
            t.apply(command)
            try:
                self.store.append(self.rows[key], before + 1, command, [])
            except Exception as exc:  # not stored: back to what is stored
                self.tournaments[key] = self._replay(self.store.table(self.rows[key]))
                self.changed(key)
                raise StoreError("the server's database is unavailable: try again") from exc
            self.changed(key)

    def _replay(self, row: Any) -> WebTournament:
        t = WebTournament(row.key, row.settings, seed=row.seed, host_hash=row.host_hash or "")
        for entry in self.store.log(row.id):
            t.apply(entry.command)
        return t

    def start(self) -> None:
        """Start the turn clock: a person whose time is up checks, else folds."""
        self.task = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        """Stop the turn clock."""
        task = getattr(self, "task", None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            for key, t in list(self.tournaments.items()):
                for name in t.overdue(time.time()):
                    with contextlib.suppress(StraightsError):
                        await self._run(key, {"type": "timeout", "name": name})

    def get(self, key: str) -> WebTournament:
        """The tournament ``key`` (unknown: an error)."""
        t = self.tournaments.get(key)
        if t is None:
            raise TournamentError("no such tournament")
        return t

    def view(self, key: str, token: str | None) -> dict[str, Any]:
        """What the holder of ``token`` sees of tournament ``key`` (the clock live)."""
        from straights.web.tokens import hash_token

        t = self.get(key)
        if t.tournament is not None and not t.tournament.finished:
            t.now = time.time()
        return t.view(hash_token(token) if token else None)


def illegal(exc: Exception) -> bool:
    """Whether ``exc`` is a player's mistake (shown in one line) rather than a bug."""
    return isinstance(exc, (TournamentError, IllegalActionError, ConfigurationError))


def tournament_routes(hall: TournamentHall, static: Any) -> list[Any]:
    """The tournament's page and JSON API over ``hall`` (``static``: the page's folder):
    ``POST /api/tournaments`` (the host's settings and ``host`` name), ``GET
    /api/tournaments/{id}`` (the view; the token in ``X-Token``), ``POST
    /api/tournaments/{id}`` (a command: ``join`` takes ``name`` and returns a token)."""
    import orjson
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Route

    from straights.web.tokens import new_token

    def refused(exc: Exception) -> Response:
        code = 404 if str(exc) == "no such tournament" else 400
        return JSONResponse({"type": "error", "message": str(exc)}, code)

    async def body(request: Request) -> dict[str, Any]:
        try:
            data = orjson.loads(await request.body() or b"{}")
        except orjson.JSONDecodeError:
            raise TournamentError("the request is not JSON") from None
        if not isinstance(data, dict):
            raise TournamentError("send a JSON object")
        return data

    async def page(request: Request) -> Response:
        return FileResponse(static / "tournament.html", headers={"Cache-Control": "no-cache"})

    async def create(request: Request) -> Response:
        try:
            data = await body(request)
            settings = data.get("settings")
            if not isinstance(settings, dict):
                raise TournamentError("give the tournament's settings")
            key, token = await hall.create(settings, str(data.get("host") or "Host"))
        except StraightsError as exc:
            return refused(exc)
        return JSONResponse({"id": key, "token": token, "url": f"/tournament/{key}"})

    async def state(request: Request) -> Response:
        try:
            view = hall.view(request.path_params["key"], request.headers.get("x-token"))
        except StraightsError as exc:
            return refused(exc)
        return JSONResponse(view)

    async def command(request: Request) -> Response:
        key = request.path_params["key"]
        try:
            data = await body(request)
            token = request.headers.get("x-token") or ""
            if data.get("type") == "timeout":
                raise TournamentError("unknown command 'timeout'")  # the server's own
            if data.get("type") == "join":
                token = new_token()
            elif not token:
                raise TournamentError("join the tournament first")
            fields = {k: v for k, v in data.items()
                      if k in ("type", "name", "action", "to", "on", "ask", "cards")}  # fmt: skip
            await hall.run(key, fields, token)
            view = hall.view(key, token)
        except StraightsError as exc:
            return refused(exc)
        return JSONResponse({**view, "token": token} if data.get("type") == "join" else view)

    return [
        Route("/tournament", page),
        Route("/tournament/{key}", page),
        Route("/api/tournaments", create, methods=["POST"]),
        Route("/api/tournaments/{key}", state, methods=["GET"]),
        Route("/api/tournaments/{key}", command, methods=["POST"]),
    ]
