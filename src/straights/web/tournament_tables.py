"""A tournament's tables as the cash game's one :class:`~straights.web.tables.WebTable`.

:class:`TournamentTables` deals each deal of a
:class:`~straights.tournament.Tournament` at a web table of its own, one per
tournament table: before a deal it seats the players the tournament put there with
their chips (``tseat``) and the chips of rebuys and add-ons (``tchips``), takes
away those it moved or placed (``tstand``), sets the
level and the button (``tlevel``) and deals; after it, it hands the stacks back
(:meth:`~straights.tournament.Tournament.end`) and closes the tables the tournament
broke. Everything else is the cash table's own: the deal, the views and hidden
cards, the betting, the history. New tables are of the cash table's current
:attr:`~straights.web.protocol.TableSettings.edition` (a draw's replacements reach
each player as he draws); a tournament stored before keeps the edition it was
dealt at (3: replacements when every player has drawn), so it replays exactly.

>>> from straights.tournament import Tournament, TournamentConfig, preset
>>> t = Tournament(TournamentConfig(table_size=3, schedule=preset("turbo")), list("ABCDE"), seed=1)
>>> tables = TournamentTables(t, "t1", 7, bots={n: "calling" for n in "ABCDE"})
>>> tables.play_bots()
>>> sorted(p.place for p in t.players), t.finished, [w.closed for w in tables.tables.values()]
([1, 2, 3, 4, 5], True, [True, True])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, get_args

from straights.bots import Bot
from straights.errors import IllegalActionError
from straights.tournament import Tournament
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable, make_table

__all__ = ["EDITION", "TournamentTables"]

#: The edition of the web tables of a tournament created now: the cash table's newest
#: (:attr:`TableSettings.edition <straights.web.protocol.TableSettings.edition>`).
EDITION: int = max(get_args(TableSettings.model_fields["edition"].annotation))


def _returning(bot: Bot) -> Callable[[], Bot]:
    return lambda: bot


class TournamentTables:
    """The web tables of ``tournament`` (key ``key``, seeded from ``seed``): ``people``
    maps a person's name to his token's hash, ``bots`` a bot's name to its kind;
    ``edition``: the web tables' (see the module)."""

    def __init__(
        self,
        tournament: Tournament,
        key: str,
        seed: int,
        *,
        people: Mapping[str, str] | None = None,
        bots: Mapping[str, str] | None = None,
        turn_seconds: int = 60,
        time_bank: int = 0,
        hud: bool = False,
        edition: int = EDITION,
    ) -> None:
        self.tournament = tournament
        self.key = key
        self.seed = seed
        self.people = dict(people or {})
        self.bots = dict(bots or {})
        self.turn_seconds = turn_seconds
        self.time_bank = time_bank  # each person's, at each table (seconds)
        self.hud = hud  # the tables' heads-up display shown
        self.edition = edition
        #: Each person's standing choice at the showdown, as at a cash table (the
        #: ``muck`` command): whether he mucks a beaten hand, and whether he is asked
        #: to show or muck; it follows him to every table (see :meth:`showdown_choice`).
        self.showdown: dict[str, tuple[bool, bool]] = {}
        self.tables: dict[int, WebTable] = {}
        self._players: dict[str, Bot] = {}

    def web(self, number: int) -> WebTable:
        """Tournament table ``number``'s web table (made at its first deal)."""
        table = self.tables.get(number)
        if table is None:
            config = self.tournament.config
            settings = TableSettings(
                seats=config.table_size, games=(config.variant.code,), stack=config.stack,
                turn_seconds=self.turn_seconds, time_bank=self.time_bank,
                name=f"Table {number}",
            ).model_copy(update={"edition": self.edition})  # fmt: skip
            table = make_table(f"{self.key}-{number}", settings, self.seed ^ number, "")
            table.tournament = True
            table.hud.on = self.hud
            self.tables[number] = table
        return table

    def start(self, number: int) -> WebTable:
        """Begin the next deal of table ``number`` and deal it at its web table."""
        t = self.tournament
        order = t.begin(number)
        seats = t.tables[number - 1]
        web = self.web(number)
        self._stand_others(number)
        for p in seats.players:
            player = t.players[p]
            assert player.seat is not None
            meta = web.seats[player.seat]
            if meta is None:
                who: dict[str, Any] = {"name": player.name}
                if player.name in self.bots:
                    who["bot"] = self.bots[player.name]
                else:
                    who["token_hash"] = self.people.get(player.name)
                web.apply({"kind": "tseat", "seat": player.seat, "chips": player.stack} | who)
                self._tell_choice(web, player.seat, player.name)
            elif (more := player.stack - web.game.stack_of(player.seat, meta)) > 0:
                web.apply({"kind": "tchips", "seat": player.seat, "chips": more})  # a rebuy …
            elif more < 0:
                raise AssertionError(f"table {number}: {player.name} has more chips here")
        level = seats.level
        assert level is not None
        web.apply({"kind": "tlevel", "small": level.small, "big": level.big,
                   "ante": level.ante, "bb_ante": level.bb_ante,
                   "button": t.players[order[-1]].seat})  # fmt: skip
        web.apply({"kind": "deal"})
        dealt = web.game.deal_in_play()
        if dealt is None or list(dealt.seats) != [t.players[p].seat for p in order]:
            raise AssertionError(f"table {number}: the web table dealt another order")
        return web

    def showdown_choice(self, name: str, *, on: bool, ask: bool = False) -> None:
        """Person ``name``'s choice at the showdown, as the cash table's ``muck``
        command takes it (``ask``: whether he is asked to show or muck; else whether
        he mucks a beaten hand): at his table now and at each the tournament seats him
        at, from his next deal."""
        mucks, asked = self.showdown.get(name, (False, False))
        self.showdown[name] = (mucks, on) if ask else (on, asked)
        t = self.tournament
        player = next((p for p in t.players if p.name == name), None)
        if player is None or player.table is None or player.seat is None:
            return
        web = self.tables.get(player.table)
        meta = None if web is None or web.closed else web.seats[player.seat]
        if web is not None and meta is not None and meta.name == name:
            self._tell_choice(web, player.seat, name)

    def _tell_choice(self, web: WebTable, seat: int, name: str) -> None:
        """Give the web table ``name``'s showdown choice (he sits in ``seat``)."""
        choice = self.showdown.get(name)
        if choice is not None:
            web.apply({"kind": "muck", "seat": seat, "on": choice[0]})
            web.apply({"kind": "muck", "seat": seat, "on": choice[1], "ask": True})

    def _stand_others(self, number: int) -> None:
        """Take away from table ``number``'s web table whoever the tournament no longer
        seats there (between its deals)."""
        t = self.tournament
        web = self.tables.get(number)
        if web is None or web.in_hand or web.closed:
            return
        seats = t.tables[number - 1]
        if not seats.live or t.finished:
            web.apply({"kind": "close"})
            return
        for seat, meta in enumerate(web.seats):
            p = seats.seats[seat]
            if meta is not None and (p is None or t.players[p].name != meta.name):
                web.apply({"kind": "tstand", "seat": seat, "why": "moved or out"})

    def end(self, number: int) -> None:
        """Hand table ``number``'s finished deal back to the tournament."""
        t = self.tournament
        web = self.tables[number]
        if web.in_hand:
            raise IllegalActionError(f"table {number}'s deal is still being played")
        stacks = []
        for p in t.tables[number - 1].dealt:
            seat = t.players[p].seat
            meta = None if seat is None else web.seats[seat]
            stacks.append(0 if seat is None or meta is None else web.game.stack_of(seat, meta))
        t.end(number, stacks)
        for other in self.tables:
            self._stand_others(other)

    def bot_moves(self, number: int) -> bool:
        """Let the bots of table ``number`` play until a person's turn or the end; True
        if one moved."""
        from straights.bots.arena import deal_bots

        web = self.tables[number]
        moved = False
        while web.in_hand:
            seat = None if (dealt := web.game.deal_in_play()) is None else dealt.actor
            if seat is None or (meta := web.seats[seat]) is None or meta.bot is None:
                return moved
            bot = self._players.get(meta.name)
            if bot is None:
                bot = deal_bots([meta.bot], self.seed ^ len(self._players))[0]
                self._players[meta.name] = bot
            web.apply(web.game.bot_move(seat, _returning(bot))())
            moved = True
        return moved

    def play_bots(self) -> None:
        """Play the tournament to its end with bots in every seat (a test, a demo)."""
        t = self.tournament
        while not t.finished:
            ready = t.ready()
            if not ready:
                t.close_registration()
                if not t.finished:
                    raise AssertionError("no table can deal and the tournament is not over")
                break
            for number in ready:
                if number not in t.ready():
                    continue
                self.start(number)
                if self.bot_moves(number) and self.tables[number].in_hand:
                    raise AssertionError("a person's turn at a table of bots")
                self.end(number)
        for number in self.tables:
            self._stand_others(number)
