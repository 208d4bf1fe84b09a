"""Legacy: Straights' own web table, for the Straights tables stored by earlier
releases only (settings of edition 1 to 4 with no ``games``): the game hook that
deals Straights on :class:`~straights.game.Table`, as those tables were dealt, so
that their stored commands replay exactly and they play on as they did.  A new
Straights table deals at the one table (:mod:`straights.web.poker_game`).

Its log is the table's events (:mod:`straights.game.events`), stored with each
command; its views are the game's (:func:`~straights.game.view.table_view`,
:func:`~straights.game.view.redact`); each deal is archived as the engine's deal it
plays, with the catalogue's code (``_STR55L`` …), as every table archives Straights.

>>> from straights.web.tables import make_table
>>> from straights.web.protocol import TableSettings
>>> table = make_table("t1", TableSettings(seats=2), 7, "h" * 64)
>>> type(table.game).__name__, table.game.config.pack
('StraightsWebGame', 55)
>>> table.apply({"kind": "choose", "seat": 0, "game": "razz"})
Traceback (most recent call last):
...
straights.errors.IllegalActionError: this table deals one game: there is nothing to choose
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final

from straights.bots import Bot
from straights.bots.base import answer
from straights.errors import ConfigurationError, IllegalActionError
from straights.game.config import TableConfig
from straights.game.events import Acted, ShowdownRevealed
from straights.game.hand import ROUNDS, Hand
from straights.game.table import Table
from straights.game.view import SeatView, redact, table_view
from straights.game.wording import seat_label
from straights.poker.view import DealView, deal_view
from straights.store import ArchiveEntry, PokerEntry
from straights.web.follow import (
    DealLog,
    best_hand,
    carry_text,
    last_actions,
    replay_frames,
    tens,
    told,
)
from straights.web.keyed_random import deal_random
from straights.web.protocol import TableSettings
from straights.web.seats import HISTORY_DEALS, SeatedGame, Seating, finished_deal, person_turn_left

__all__ = ["ROUND_NAMES", "StraightsWebGame"]

ROUND_NAMES: Final = ("", "first", "second", "third", "fourth", "last")
#: Table settings the host may change between deals (``change`` command).
CHANGEABLE: Final = ("ante", "betting", "turn_seconds", "auto_limit", "bot_seconds")


class StraightsWebGame(SeatedGame[Table]):
    """The hook of Straights' own table: seats sit in a :class:`~straights.game.Table`
    for each deal; the hook keeps the last :data:`HISTORY_DEALS` deals."""

    def __init__(self, table: Seating) -> None:
        s = table.settings
        config = TableConfig(
            pack=s.pack, ante=s.ante, betting=s.betting, seats=s.seats, starting_stack=s.stack
        )
        # The rule book's table, shuffled from the table's keyed generator.
        super().__init__(table, Table(config, seed=deal_random(table.seed)))
        self.hands: dict[int, Hand] = {}  # the last HISTORY_DEALS deals
        self.deal_log = DealLog()

    def view(self, seat: int | None) -> SeatView:
        """The game's view for ``seat`` — as a spectator if he was not dealt in."""
        return table_view(self.engine, self.table.owner_in_deal(seat, self.hand_number))

    # -- commands -----------------------------------------------------------------------------
    def deal(self, command: dict[str, Any]) -> list[int]:
        self.sit_players()
        self.engine.start_hand()
        hand = self.engine.hand
        assert hand is not None
        self.hands[hand.number] = hand
        self.hands.pop(hand.number - HISTORY_DEALS, None)
        return list(hand.seats)

    def act(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        to = None if c.get("to") is None else int(c["to"])
        action = str(c["action"])
        hand = self.engine.hand
        if hand is not None and not hand.finished:
            # The engine's reason, worded for the player (its own names seats from 0).
            if hand.actor != seat:
                actor = hand.actor if hand.actor is not None else seat
                name = self.table.dealt_names.get(hand.number, {}).get(actor) or seat_label(actor)
                raise IllegalActionError(f"it is not your turn: {name} is to act")
            reason = hand.refusal(seat, action, to)
            if reason is not None:
                raise IllegalActionError(f"you cannot {action}: {reason}")
        self.engine.act(seat, action, to)
        if c.get("why") == "timeout" and hand is not None:
            done = len(hand.events) - next(
                k for k, e in enumerate(reversed(hand.events)) if isinstance(e, Acted)
            )
            self.table.timeouts.setdefault(hand.number, set()).add(done - 1)
        self.table.note_move(seat, c.get("why"))

    def choose(self, command: dict[str, Any]) -> None:
        raise IllegalActionError("this table deals one game: there is nothing to choose")

    def wager(self, command: dict[str, Any]) -> None:
        raise IllegalActionError("Straights has no wagers: the stakes are the table's")

    def set_hands(self, command: dict[str, Any]) -> None:
        raise IllegalActionError("this table deals Straights: there are no hands to set")

    def change(self, c: dict[str, Any]) -> TableSettings:
        settings = self.table.settings.model_copy(update={k: c[k] for k in CHANGEABLE if k in c})
        try:
            config = dataclasses.replace(
                self.engine.config, ante=settings.ante, betting=settings.betting
            )
        except ConfigurationError as exc:
            raise IllegalActionError(str(exc)) from None
        self.engine.config = config
        return settings

    def check_bot(self, kind: str) -> None:
        """Every bot plays Straights."""

    # -- what the table does by itself --------------------------------------------------------
    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        """Check if the seat may, else fold."""
        kinds = {a.kind for a in self.engine.legal_actions(seat)}
        action = "check" if "check" in kinds else "fold"
        return {"kind": "act", "seat": seat, "action": action, "why": why}

    def turn_left(self, idle: float) -> float | None:
        actor = self.engine.actor if self.in_hand else None
        return person_turn_left(self.table, actor, idle)

    def bot_view(self, seat: int) -> DealView:
        """The only thing a bot is shown: its seat's view of the engine's deal."""
        hand = self.engine.hand
        assert hand is not None
        return deal_view(hand.live, hand.seats.index(seat))

    def bot_move(self, seat: int, bot: Callable[[], Bot]) -> Callable[[], dict[str, Any]]:
        """How the bot in ``seat`` makes its ``act`` command (run away from the loop)."""
        player, view = bot(), self.bot_view(seat)
        legal = self.engine.legal_actions(seat)

        def command() -> dict[str, Any]:
            move = answer(player, view)
            action = next(a for a in legal if a.kind == move.kind)
            return {"kind": "act", "seat": seat, "action": action.kind, "to": action.to,
                    "why": "bot"}  # fmt: skip

        return command

    # -- what clients receive -------------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        hand = self.engine.hand
        side_pots: list[dict[str, Any]] = []
        if hand is not None and not hand.finished:
            pots = hand.side_pots()
            if len(pots) > 1:
                side_pots = [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots]
        stacks = self.engine.stacks()
        seats = self.table.public_seats(stacks)
        ledger = self.table.public_ledger(self.engine.total_chips() - sum(stacks.values()))
        log: list[str] = []
        last: dict[str, str] = {}
        carry = None
        if hand is not None:
            timed = self.table.timeouts.get(hand.number, set())
            names = self.table.dealt_names.get(hand.number, {})
            log = self.deal_log.update(hand.number, hand.events, names, timed)
            last = {str(k): v for k, v in last_actions(hand.events, timed).items()}
            if hand.finished:
                carry = carry_text(hand.events)
        return {
            "table": self.public_settings(),
            "seats": seats,
            "side_pots": side_pots,
            "ledger": ledger,
            "follow": {"log": log, "last": last, "carry_text": carry},
        }

    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]:
        view = self.view(seat)
        hand = self.engine.hand
        data = view.to_dict()
        data["round_name"] = ROUND_NAMES[view.round] if 0 < view.round <= ROUNDS else ""
        data["side_pots"] = public["side_pots"]
        data["best"] = best_hand(view)
        for award in data["awards"]:
            award["reason"] = tens(award["reason"])
        data["shown"] = []
        if hand is not None and hand.finished:
            viewer = self.table.owner_in_deal(seat, hand.number)
            for event in hand.events:
                if isinstance(event, ShowdownRevealed):
                    shown = redact(event, viewer)
                    assert isinstance(shown, ShowdownRevealed)
                    data["shown"].append(shown.to_dict())
                    data["shown"][-1]["description"] = tens(shown.description)
        return {
            "type": "state",
            "version": self.table.seq,
            "you": self.table.you(seat, self.out_of_chips(seat)),
            "hand": data,
            "turn": self.table.turn(None if view.finished else view.actor, turn_left),
        }

    def public_settings(self) -> dict[str, Any]:
        s = self.table.settings
        return self.table.common_settings() | {
            "pack": s.pack,
            "betting": s.betting,
            "ante": s.ante,
        }

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        hand = finished_deal(self.hands, number, self.hand_number)
        viewer = self.table.owner_in_deal(seat, number)
        names = self.table.dealt_names.get(number, {})
        timed = self.table.timeouts.get(number, set())
        seen = [redact(e, viewer) for e in hand.events]
        events = []
        for i, e in enumerate(seen):
            data = e.to_dict()
            data["text"] = told(e, names.get, viewer, i in timed)
            events.append(data)
        return {
            "type": "history",
            "hand": number,
            "you": viewer,
            "names": {str(k): v for k, v in names.items()},
            "seats": self.table.settings.seats,
            "events": events,
            "frames": replay_frames(seen, viewer, timed),
        }

    def archive_entry(self, events: list[dict[str, Any]]) -> ArchiveEntry | None:
        hand = self.engine.hand
        if hand is None or not any(e["type"] == "hand_ended" for e in events):
            return None
        names = self.table.dealt_names.get(hand.number, {})
        players = tuple(names.get(s, seat_label(s)) for s in hand.seats)
        assert hand.engine is not None  # kept until the next deal starts
        return PokerEntry(hand.engine, players, hand.number)
