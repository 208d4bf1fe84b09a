"""Legacy: a web Straights table stored by an earlier release, moved onto the one table.

Earlier releases dealt a web Straights table (settings of edition 1 to 4, with no
``games``) on Straights' own table, and stored its commands with that table's events
(as dicts: :class:`~straights.store.legacy_straights.Told`).  Such a table opens in
two steps:

1. its stored commands before the move replay through the web table with the hook
   :class:`StraightsReplay`, which deals by the translator
   (:class:`~straights.store.legacy_straights.LegacyTable`: the one engine, telling
   each deal in the earlier table's events); :func:`replay` checks every command's
   events against those stored with it;
2. :meth:`StraightsReplay.move` then puts the table on the one table's hook,
   :class:`~straights.web.poker_game.PokerWebGame`, dealing the catalogue's Straights of
   the table's pack and betting on Straights' own stakes: the same seats, stacks,
   button, carried pot and ledger, the deal in play (if any) and the deals kept for the
   replayer.  The move is the log's :data:`MOVE` command, stored once (as
   ``straights play --resume`` stores it for a terminal table): the commands after it
   are the one table's.

>>> from straights.web.tables import make_table
>>> from straights.web.protocol import TableSettings
>>> stored = TableSettings(seats=2, edition=2)  # no games: Straights' own table dealt it
>>> table = make_table("t1", stored, 7, "h" * 64)
>>> hook = StraightsReplay.attach(table, stored)
>>> _ = table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
>>> _ = table.apply({"kind": "bot", "seat": 1, "bot": "calling"})
>>> [e["type"] for e in table.apply({"kind": "deal"})][:3]
['player_sat', 'player_sat', 'dealer_draw']
>>> hook.move()
>>> type(table.game).__name__, table.settings.games, table.seq, table.in_hand
('PokerWebGame', ('_STR55L',), 4, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, Final

from straights.errors import HandHistoryError
from straights.game.config import TableConfig
from straights.poker.view import Move
from straights.store import LogEntry
from straights.store.legacy_straights import SWITCH, LegacyTable
from straights.web.poker_game import Dealt, PokerSeats, PokerWebGame
from straights.web.protocol import TableSettings
from straights.web.seats import HISTORY_DEALS, SeatMeta
from straights.web.tables import WebTable

__all__ = ["MOVE", "StraightsReplay", "replay", "stored_before_the_move"]

#: The log's command that moves the table onto the one table (the terminal's too).
MOVE: Final = SWITCH
#: Table settings the host may change between deals (``change`` command).
_CHANGEABLE: Final = ("ante", "betting", "turn_seconds", "auto_limit", "bot_seconds")


def stored_before_the_move(settings: TableSettings) -> bool:
    """Whether a stored table's settings are those of a Straights table of an earlier
    release (no ``games``: dealt on Straights' own table), whose log replays by
    :class:`StraightsReplay` until :data:`MOVE`.

    >>> stored_before_the_move(TableSettings(edition=2))
    True
    >>> from straights.web.protocol import parse_settings
    >>> stored_before_the_move(parse_settings(b"{}"))  # a new table names its game
    False
    """
    return settings.game == "straights" and not settings.games


class _Translated(PokerSeats):
    """The translator as the one table keeps its seats: the web table's players sit in
    :class:`LegacyTable` with their seats (its deals play their chips, top-ups and
    shares of a carried pot included); after each of its moves the button, carried pot,
    deal (a :class:`Dealt` for the replayer after the move), the events it told (the
    earlier table's) and the players it stood up (broke) follow."""

    def __init__(self, config: TableConfig, seed: int) -> None:
        super().__init__(config, config.ante, seed)
        self.legacy = LegacyTable(config, rng=self.rng)
        self._follow()

    def _follow(self) -> None:
        legacy = self.legacy
        self.events += [e.to_dict() for e in legacy.events[len(self.events) :]]
        self.seats[:] = [p if s in legacy.seats else None for s, p in enumerate(self.seats)]
        if legacy.button is not None:
            self.button = legacy.button
        self.hand_number = legacy.number
        self.carry = legacy.carry

    def sit(self, seat: int, player: SeatMeta) -> None:
        self.legacy.sit(seat, player.name, chips=player)
        self.seats[seat] = player
        self._follow()

    def stand(self, seat: int) -> None:
        self.legacy.carry = self.carry  # shared out: the table closes, standing all up
        self.legacy.stand(seat)
        self._follow()

    def deal_next(self) -> Dealt:
        """The next deal (the first after the dealer draw)."""
        deal = self.legacy.start()
        live = self.legacy.live
        assert live is not None
        self.hand = Dealt(live.number, deal, live.seats, live.engine_deck, live.moves)
        self._follow()
        return self.hand

    def play(self, seat: int, move: Move) -> None:
        self.legacy.act(seat, move.kind, move.to)
        self._follow()

    def forfeit(self, seat: int) -> None:
        self.legacy.forfeit(seat)
        self._follow()


class StraightsReplay(PokerWebGame):
    """The hook of a web Straights table of an earlier release while its stored
    commands replay: the translator deals and tells each deal in the earlier table's
    events.  It serves no viewer: the table :meth:`move`\\ s to the one table first."""

    #: A finished deal is archived as the earlier release archived it (the archive holds
    #: it already; the HUD counts it again).
    deal_ended = "hand_ended"

    def __init__(self, table: WebTable) -> None:
        stored = table.settings
        super().__init__(table)  # (which names the table's Straights in its settings)
        table.settings = s = stored
        config = TableConfig(
            pack=s.pack, ante=s.ante, betting=s.betting, seats=s.seats, starting_stack=s.stack
        )
        self.engine: _Translated = _Translated(config, table.seed)
        self.web = table

    @classmethod
    def attach(cls, table: WebTable, stored: TableSettings) -> StraightsReplay:
        """Replay ``table`` (new, no command applied yet; ``stored``: its settings as
        stored) through the translator."""
        if table.seq:
            raise HandHistoryError(f"table {table.id} has commands: it replays from its first")
        table.settings = stored
        hook = cls(table)
        table.game = hook
        return hook

    # -- the commands of the stored log ------------------------------------------------------
    def deal(self, command: dict[str, Any]) -> list[int]:
        self.sit_players()
        hand = self.engine.deal_next()
        self.hands[hand.number] = hand
        self.hands.pop(hand.number - HISTORY_DEALS, None)
        return list(hand.seats)

    def change(self, c: dict[str, Any]) -> TableSettings:
        settings = self.table.settings.model_copy(update={k: c[k] for k in _CHANGEABLE if k in c})
        engine = self.engine
        engine.config = engine.legacy.config = dataclasses.replace(
            engine.config, ante=settings.ante, betting=settings.betting
        )
        return settings

    # -- the move -----------------------------------------------------------------------------
    def move(self) -> None:
        """Put the table on the one table (the log's :data:`MOVE` command, counted in
        its sequence): the catalogue's Straights of the table's pack and betting, on
        Straights' own stakes; seats, stacks, button, carried pot, the deal in play,
        the deals kept for the replayer and the shuffles' generator (where the earlier
        table left it: never a deck dealt again) carry over."""
        table, old = self.web, self.engine
        game = PokerWebGame(table)  # names the table's Straights in its settings
        seats = game.engine
        seats.own_stakes = True
        if old.hand_number:  # the first button was drawn by the earlier table
            seats.draw_pack, seats.button = None, old.button
        seats.carry = old.carry
        seats.hand_number = old.hand_number
        seats.rng = old.rng  # the table's keyed generator: its shuffles go on
        seats.seats = list(old.seats)  # the same players (as sat: no event told)
        if old.hand is not None:
            seats.play_on(old.hand)
        game.hands = dict(self.hands)
        game.last_game = table.settings.games[0]
        table.game = game
        table.seq += 1


def replay(
    table: WebTable,
    stored: TableSettings,
    log: Iterable[LogEntry],
    on_command: Callable[[LogEntry], None],
) -> bool:
    """Replay a stored ``log`` onto ``table`` (new, made from the ``stored`` settings),
    each command checked against the events stored with it; ``on_command`` is called
    before each.  A Straights table of an earlier release replays through
    :class:`StraightsReplay` and moves at :data:`MOVE`, or at the end of its log: then
    ``True`` (the move is to be stored).
    """
    hook = StraightsReplay.attach(table, stored) if stored_before_the_move(stored) else None
    for entry in log:
        on_command(entry)
        if hook is not None and entry.command == MOVE:
            hook.move()
            hook = None
            continue
        if table.apply(entry.command) != entry.events:
            raise HandHistoryError(
                f"table {table.id}: command {table.seq} no longer replays to the events "
                "stored with it (was the engine changed?)"
            )
    if hook is None:
        return False
    hook.move()
    return True
