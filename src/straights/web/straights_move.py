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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from straights.bots import Bot
from straights.errors import HandHistoryError, IllegalActionError
from straights.game.config import TableConfig
from straights.game.wording import seat_label
from straights.poker.view import Move
from straights.store import ArchiveEntry, LogEntry, PokerEntry
from straights.store.legacy_straights import SWITCH, LegacyTable
from straights.web.keyed_random import deal_random
from straights.web.poker_game import Dealt, PokerWebGame
from straights.web.protocol import TableSettings
from straights.web.seats import HISTORY_DEALS, SeatedGame, Told
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


class _Chair:
    """A seated player's chips in the translator, read and written as a seat's."""

    __slots__ = ("legacy", "seat")

    def __init__(self, legacy: LegacyTable, seat: int) -> None:
        self.legacy, self.seat = legacy, seat

    @property
    def name(self) -> str:
        return self.legacy.names[self.seat]

    @property
    def stack(self) -> int:
        return self.legacy.seats[self.seat]

    @stack.setter
    def stack(self, chips: int) -> None:
        self.legacy.seats[self.seat] = chips


class _Translated:
    """The translator as the poker hooks keep their seats across deals: each deal is
    the one engine's, kept as the one table keeps it (a :class:`Dealt` with its cards
    and moves, for the replayer after the move)."""

    def __init__(self, config: TableConfig, seed: int) -> None:
        self.legacy = LegacyTable(config, rng=deal_random(seed))
        self.dealt: dict[int, Dealt] = {}

    @property
    def config(self) -> TableConfig:
        return self.legacy.config

    @property
    def carry(self) -> int:
        return self.legacy.carry

    @carry.setter
    def carry(self, chips: int) -> None:
        self.legacy.carry = chips

    @property
    def seats(self) -> list[_Chair | None]:
        held = self.legacy.seats
        return [_Chair(self.legacy, s) if s in held else None for s in range(self.config.seats)]

    @property
    def hand_number(self) -> int:
        return self.legacy.number

    @property
    def hand(self) -> Dealt | None:
        return self.dealt.get(self.legacy.number)

    @property
    def events(self) -> Sequence[Told]:
        return self.legacy.events

    @property
    def actor(self) -> int | None:
        hand = self.hand
        return None if hand is None or hand.finished else hand.actor

    def stacks(self) -> dict[int, int]:
        return self.legacy.stacks()

    def total_chips(self) -> int:
        live = self.legacy.live
        middle = live.deal.pot if live is not None else self.legacy.carry
        return sum(self.stacks().values()) + middle

    def sit(self, seat: int, name: str, stack: int) -> None:
        self.legacy.sit(seat, name, stack)

    def stand(self, seat: int) -> None:
        self.legacy.stand(seat)

    def start(self) -> Dealt:
        """The next deal (the first after the dealer draw)."""
        legacy = self.legacy
        deal = legacy.start()
        live = legacy.live
        assert live is not None
        hand = Dealt(live.number, deal, live.seats, live.engine_deck)
        self.dealt[hand.number] = hand
        self.dealt.pop(hand.number - HISTORY_DEALS, None)
        return hand

    def act(self, seat: int, kind: str, to: int | None) -> None:
        hand = self.hand
        if hand is None or hand.finished:
            raise IllegalActionError("no deal is being played: wait for the next")
        told = self.legacy.act(seat, kind, to)
        acted = told[0].to_dict()  # the action's own event: its total
        hand.moves.append(Move(kind, acted["to"] if kind in ("bet", "raise") else None))

    def forfeit(self, seat: int) -> None:
        hand = self.hand
        i = None if hand is None else hand.player_index(seat)
        if hand is None or i is None:
            raise IllegalActionError(f"{seat_label(seat)} has no deal to forfeit")
        self.legacy.forfeit(seat)
        hand.moves.append(i)


class StraightsReplay(SeatedGame[_Translated]):
    """The hook of a web Straights table of an earlier release while its stored
    commands replay: the translator deals and tells each deal in the earlier table's
    events.  It serves no viewer: the table :meth:`move`\\ s to the one table first."""

    def __init__(self, table: WebTable) -> None:
        s = table.settings
        config = TableConfig(
            pack=s.pack, ante=s.ante, betting=s.betting, seats=s.seats, starting_stack=s.stack
        )
        super().__init__(table, _Translated(config, table.seed))
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
        return list(self.engine.start().seats)

    def act(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        hand = self.engine.hand
        assert hand is not None
        at = len(hand.deal.log)
        self.engine.act(seat, str(c["action"]), None if c.get("to") is None else int(c["to"]))
        if c.get("why") == "timeout":  # marked as the one table marks it: the move's entry
            self.table.timeouts.setdefault(hand.number, set()).add(at)
        self.table.note_move(seat, c.get("why"))

    def choose(self, command: dict[str, Any]) -> None:
        raise IllegalActionError("this table deals one game: there is nothing to choose")

    def wager(self, command: dict[str, Any]) -> None:
        raise IllegalActionError("Straights has no wagers: the stakes are the table's")

    def set_hands(self, command: dict[str, Any]) -> None:
        raise IllegalActionError("this table deals Straights: there are no hands to set")

    def change(self, c: dict[str, Any]) -> TableSettings:
        settings = self.table.settings.model_copy(update={k: c[k] for k in _CHANGEABLE if k in c})
        legacy = self.engine.legacy
        legacy.config = dataclasses.replace(
            legacy.config, ante=settings.ante, betting=settings.betting
        )
        return settings

    def check_bot(self, kind: str) -> None:
        """Every bot played Straights."""

    def archive_entry(self, events: list[dict[str, Any]]) -> ArchiveEntry | None:
        """The deal the command finished, as the earlier release archived it (the
        archive holds it already; the HUD counts it again)."""
        hand = self.engine.hand
        if hand is None or not any(e["type"] == "hand_ended" for e in events):
            return None
        names = self.table.dealt_names.get(hand.number, {})
        players = tuple(names.get(s, seat_label(s)) for s in hand.seats)
        return PokerEntry(hand.deal, players, hand.number)

    # -- served only after the move -----------------------------------------------------------
    def _not_yet(self) -> HandHistoryError:
        return HandHistoryError(
            f"table {self.table.id} replays its stored commands: it is served once it "
            "has moved to the one table"
        )

    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        raise self._not_yet()

    def turn_left(self, idle: float) -> float | None:
        raise self._not_yet()

    def bot_move(self, seat: int, bot: Callable[[], Bot]) -> Callable[[], dict[str, Any]]:
        raise self._not_yet()

    def public_state(self) -> dict[str, Any]:
        raise self._not_yet()

    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]:
        raise self._not_yet()

    def public_settings(self) -> dict[str, Any]:
        raise self._not_yet()

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        raise self._not_yet()

    # -- the move -----------------------------------------------------------------------------
    def move(self) -> None:
        """Put the table on the one table (the log's :data:`MOVE` command, counted in
        its sequence): the catalogue's Straights of the table's pack and betting, on
        Straights' own stakes; seats, stacks, button, carried pot, the deal in play,
        the deals kept for the replayer and the shuffles' generator (where the earlier
        table left it: never a deck dealt again) carry over."""
        table, legacy, kept = self.web, self.engine.legacy, self.engine.dealt
        game = PokerWebGame(table)  # names the table's Straights in its settings
        seats = game.engine
        seats.own_stakes = True
        if legacy.number:  # the first button was drawn by the earlier table
            seats.draw_pack = None
        seats.button = legacy.button if legacy.number else None
        seats.carry = legacy.carry
        seats.hand_number = legacy.number
        assert legacy.rng is not None  # the table's keyed generator: its shuffles go on
        seats.rng = legacy.rng
        for seat, chips in legacy.seats.items():
            seats.sit(seat, legacy.names[seat], chips)
        seats.events.clear()
        last = kept.get(legacy.number)
        if last is not None:
            seats.take_over(last)
        game.hands = dict(kept)
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
