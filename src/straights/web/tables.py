"""One web table: the game's :class:`~straights.game.Table` plus who sits where.

A :class:`WebTable` changes only through :meth:`WebTable.apply` of a *command*
(a small JSON dict: a seat taken, a bot added, a deal, an action, a timeout …).
Given the table's secret seed, applying the stored commands in order rebuilds
the identical state, which is how a restarted server resumes every table.

Seats change between deals only (the engine's rule): a player who sits during
a deal waits for the next one, and one who leaves during a deal is folded at
his turn and stands up before the next deal.

Cards reach a client only through :meth:`WebTable.state_for` and
:meth:`WebTable.history_for`, which use the game's views and
:func:`~straights.game.view.redact` — for the seat the viewer owned *in that
deal*, so a player who takes a seat never sees its previous owner's cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from straights.errors import IllegalActionError
from straights.game.config import TableConfig
from straights.game.events import Acted, ShowdownRevealed
from straights.game.hand import ROUNDS, Hand
from straights.game.table import Table
from straights.game.view import SeatView, redact, table_view
from straights.game.wording import seat_label
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
from straights.web.names import is_bot_name, skeleton
from straights.web.protocol import TableSettings

#: A player sat out this many deals in a row loses the seat.
AWAY_DEALS: Final = 3
#: Past deals kept in memory for the hand-history view.
HISTORY_DEALS: Final = 200
#: Timeouts in a row after which a player is sat out even if still connected.
MISSES_TO_SIT_OUT: Final = 2
#: The parts of a state that are the same for every viewer (see WebTable.own_state).
SHARED: Final = ("table", "seats", "follow")
ROUND_NAMES: Final = ("", "first", "second", "third", "fourth", "last")


@dataclass(slots=True)
class SeatMeta:
    """Who sits in a seat, as the web table knows it (the game knows only name and chips)."""

    owner: int  # sequence number of the command that seated him: a unique player id
    name: str
    bot: str | None  # bot kind, None for a person
    token_hash: str | None
    stack: int  # chips while not in the game (waiting or sat out)
    in_game: bool = False
    sat_out: bool = False
    leaving: bool = False
    away_deals: int = 0
    misses: int = 0

    def to_public(self, seat: int) -> dict[str, Any]:
        status = (
            "leaving"
            if self.leaving
            else "sat out"
            if self.sat_out
            else "playing"
            if self.in_game
            else "waiting"
        )
        return {"seat": seat, "name": self.name, "bot": self.bot, "status": status}


@dataclass(frozen=True, slots=True)
class Auto:
    """Something the table does by itself: ``command`` when ``delay`` seconds have passed."""

    delay: float
    command: dict[str, Any] | None  # None: a bot must decide (see WebTable.bot_view)
    bot_seat: int | None = None


@dataclass(slots=True)
class WebTable:
    """A table's settings, seats and game; changed only by :meth:`apply`."""

    id: str
    settings: TableSettings
    seed: int
    host_hash: str
    game: Table = field(init=False)
    seats: list[SeatMeta | None] = field(init=False)
    seq: int = 0
    owners: dict[int, dict[int, int]] = field(default_factory=dict)  # deal -> seat -> owner
    hands: dict[int, Hand] = field(default_factory=dict)  # the last HISTORY_DEALS deals
    dealt_names: dict[int, dict[int, str]] = field(default_factory=dict)  # deal -> seat -> name
    #: deal -> indices (in the deal's events) of the actions the turn timer made
    timeouts: dict[int, set[int]] = field(default_factory=dict)
    deal_log: DealLog = field(default_factory=DealLog)

    def __post_init__(self) -> None:
        s = self.settings
        config = TableConfig(
            pack=s.pack,
            ante=s.ante,
            betting=s.betting,
            seats=s.seats,
            starting_stack=s.stack,
        )
        self.game = Table(config, seed=deal_random(self.seed))
        self.seats = [None] * s.seats

    # -- reading --------------------------------------------------------------------------
    @property
    def in_hand(self) -> bool:
        """True while a deal is being played."""
        hand = self.game.hand
        return hand is not None and not hand.finished

    @property
    def hand_number(self) -> int:
        return self.game.hand_number

    def seat_of(self, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash``."""
        for i, meta in enumerate(self.seats):
            if meta is not None and meta.token_hash is not None and meta.token_hash == token_hash:
                return i
        return None

    def check_new_name(self, name: str) -> None:
        """Refuse a name that looks like a bot's or like a seated player's (people are
        told apart by name alone). Checked when a seat is taken, not on replay."""
        if is_bot_name(name):
            raise IllegalActionError(f"{name!r} looks like a bot's name: choose another")
        mine = skeleton(name)
        for meta in self.seats:
            if meta is not None and skeleton(meta.name) == mine:
                raise IllegalActionError(
                    f"{name!r} looks like {meta.name!r}, who sits here: choose another name"
                )

    def owner_in_deal(self, seat: int | None, number: int) -> int | None:
        """``seat`` if its current owner was dealt into deal ``number``, else None."""
        if seat is None:
            return None
        meta = self.seats[seat]
        if meta is None or self.owners.get(number, {}).get(seat) != meta.owner:
            return None
        return seat

    def view(self, seat: int | None) -> SeatView:
        """The game's view for ``seat`` — as a spectator if he was not dealt in."""
        return table_view(self.game, self.owner_in_deal(seat, self.hand_number))

    def chips(self) -> int:
        """Every chip this table holds: the game's and those of players sat out or waiting."""
        outside = sum(m.stack for m in self.seats if m is not None and not m.in_game)
        return self.game.total_chips() + outside

    def can_deal(self) -> bool:
        """Two players ready with chips, one of them a person (bots never play alone)."""
        ready = [
            m
            for m in self.seats
            if m is not None and not m.sat_out and not m.leaving and self._chips_of(m) > 0
        ]
        return len(ready) >= 2 and any(m.bot is None for m in ready)

    def _chips_of(self, meta: SeatMeta) -> int:
        if not meta.in_game:
            return meta.stack
        for i, m in enumerate(self.seats):
            if m is meta:
                return self.game.stacks().get(i, 0)
        return 0  # pragma: no cover

    # -- commands ---------------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one command and return the game events it caused (JSON-ready, secrets
        included: for the database only). An illegal command raises a
        ``StraightsError`` and changes nothing."""
        kind = command.get("kind")
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None:
            raise IllegalActionError(f"unknown table command {kind!r}")
        start = len(self.game.events)
        handler(command)
        self.seq += 1
        if not self.in_hand:
            self._tidy()
        return [e.to_dict() for e in self.game.events[start:]]

    def _tidy(self) -> None:
        """Between deals: free the seats of players who went broke or left, and stand
        up those sat out (keeping their chips aside)."""
        game = self.game
        stacks = game.stacks()
        for seat, meta in enumerate(self.seats):
            if meta is None:
                continue
            if meta.in_game and seat not in stacks:
                self.seats[seat] = None  # went broke: the game stood him up
                continue
            if meta.in_game and (meta.leaving or meta.sat_out):
                meta.stack = stacks[seat]
                game.stand(seat)
                meta.in_game = False
            if meta.leaving:
                self.seats[seat] = None  # his chips leave with him

    # Messages name seats as the page shows them, counted from 1 (seat_label).
    def _empty_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise IllegalActionError(
                f"{seat_label(seat)}: this table has seats 1 to {len(self.seats)}"
            )
        if self.seats[seat] is not None:
            raise IllegalActionError(f"{seat_label(seat)} is taken: choose an empty seat")

    def _taken(self, seat: int) -> SeatMeta:
        meta = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if meta is None:
            raise IllegalActionError(f"{seat_label(seat)} is empty")
        return meta

    def _do_sit(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        self._empty_seat(seat)
        self.seats[seat] = SeatMeta(
            owner=self.seq + 1,
            name=str(c["name"]),
            bot=None,
            token_hash=str(c["token_hash"]),
            stack=self.settings.stack,
        )

    def _do_bot(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        self._empty_seat(seat)
        kind = str(c["bot"])
        self.seats[seat] = SeatMeta(
            owner=self.seq + 1,
            name=f"Bot {seat + 1}",
            bot=kind,
            token_hash=None,
            stack=self.settings.stack,
        )

    def _do_unseat(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self._taken(seat)
        if meta.in_game:
            meta.leaving = True  # folded at his turn if a deal is on; then stood up
        else:
            self.seats[seat] = None

    def _do_sitout(self, c: dict[str, Any]) -> None:
        self._taken(int(c["seat"])).sat_out = True

    def _do_back(self, c: dict[str, Any]) -> None:
        meta = self._taken(int(c["seat"]))
        meta.sat_out = False
        meta.away_deals = 0
        meta.misses = 0

    def _do_deal(self, c: dict[str, Any]) -> None:
        if self.in_hand:
            raise IllegalActionError(f"deal {self.hand_number} is still being played")
        if not self.can_deal():
            raise IllegalActionError("a deal needs two players with chips, one of them a person")
        game = self.game
        for seat, meta in enumerate(self.seats):
            if meta is None:
                continue
            if meta.sat_out:
                meta.away_deals += 1
            elif not meta.in_game:
                game.sit(seat, meta.name, meta.stack)
                meta.stack = 0
                meta.in_game = True
        game.start_hand()
        hand = game.hand
        assert hand is not None
        self.owners[hand.number] = {
            s: m.owner for s in hand.seats if (m := self.seats[s]) is not None
        }
        self.hands[hand.number] = hand
        self.dealt_names[hand.number] = {
            s: m.name for s in hand.seats if (m := self.seats[s]) is not None
        }
        old = hand.number - HISTORY_DEALS
        for kept in (self.hands, self.owners, self.dealt_names, self.timeouts):
            kept.pop(old, None)

    def _do_act(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        to = None if c.get("to") is None else int(c["to"])
        action = str(c["action"])
        hand = self.game.hand
        if hand is not None and not hand.finished:
            # The engine's reason, worded for the player (its own names seats from 0).
            if hand.actor != seat:
                actor = hand.actor if hand.actor is not None else seat
                name = self.dealt_names.get(hand.number, {}).get(actor) or seat_label(actor)
                raise IllegalActionError(f"it is not your turn: {name} is to act")
            reason = hand.refusal(seat, action, to)
            if reason is not None:
                raise IllegalActionError(f"you cannot {action}: {reason}")
        self.game.act(seat, action, to)
        if c.get("why") == "timeout" and hand is not None:
            done = len(hand.events) - next(
                k for k, e in enumerate(reversed(hand.events)) if isinstance(e, Acted)
            )
            self.timeouts.setdefault(hand.number, set()).add(done - 1)
        meta = self.seats[seat]
        if meta is not None:
            if c.get("why") == "timeout":
                meta.misses += 1
            elif c.get("why") is None:
                meta.misses = 0

    # -- what the table does by itself --------------------------------------------------------
    def next_auto(
        self, *, connected: set[int], idle: float, bot_delay: float, deal_delay: float
    ) -> Auto | None:
        """What to do next without a player, and after how many seconds.

        ``idle`` is the time since the last change; ``connected`` the seats with
        a live connection.
        """
        for seat, meta in enumerate(self.seats):
            if meta is None or meta.bot is not None:
                continue
            if meta.sat_out and not meta.in_game and meta.away_deals >= AWAY_DEALS:
                return Auto(0.0, {"kind": "unseat", "seat": seat, "why": "away"})
        if not self.in_hand:
            if self.can_deal():
                return Auto(max(0.0, deal_delay - idle), {"kind": "deal"})
            return None
        actor = self.game.actor
        assert actor is not None
        meta = self.seats[actor]
        if meta is None:  # pragma: no cover - a dealt seat always has its meta
            return None
        if meta.bot is not None and not meta.leaving:
            return Auto(max(0.0, bot_delay - idle), None, bot_seat=actor)
        if meta.sat_out or meta.leaving:
            return Auto(0.0, self.fallback(actor, "away"))
        limit = float(self.settings.turn_seconds)
        if limit == 0:
            if actor in connected:
                return None
            limit = 60.0  # no timer, but nobody waits forever for a vanished player
        return Auto(max(0.0, limit - idle), self.fallback(actor, "timeout"))

    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        """Check if the seat may, else fold."""
        kinds = {a.kind for a in self.game.legal_actions(seat)}
        action = "check" if "check" in kinds else "fold"
        return {"kind": "act", "seat": seat, "action": action, "why": why}

    def after_timeout(self, seat: int, connected: bool) -> dict[str, Any] | None:
        """A sit-out command for a player who missed his turn and is away or keeps missing."""
        meta = self.seats[seat]
        if meta is None or meta.sat_out or meta.bot is not None:
            return None
        if not connected or meta.misses >= MISSES_TO_SIT_OUT:
            return {"kind": "sitout", "seat": seat, "why": "timeout"}
        return None

    def bot_view(self, seat: int) -> SeatView:
        """The only thing a bot is shown: its seat's view."""
        return table_view(self.game, seat)

    # -- what clients receive -------------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        """The parts of the state every viewer sees alike (computed once per update)."""
        hand = self.game.hand
        side_pots: list[dict[str, Any]] = []
        if hand is not None and not hand.finished:
            pots = hand.side_pots()
            if len(pots) > 1:
                side_pots = [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots]
        stacks = self.game.stacks()
        seats: list[dict[str, Any] | None] = []
        for i, meta in enumerate(self.seats):
            if meta is None:
                seats.append(None)
            else:
                public = meta.to_public(i)
                public["chips"] = stacks.get(i, 0) if meta.in_game else meta.stack
                seats.append(public)
        log: list[str] = []
        last: dict[str, str] = {}
        carry = None
        if hand is not None:
            timed = self.timeouts.get(hand.number, set())
            names = self.dealt_names.get(hand.number, {})
            log = self.deal_log.update(hand.number, hand.events, names, timed)
            last = {str(k): v for k, v in last_actions(hand.events, timed).items()}
            if hand.finished:
                carry = carry_text(hand.events)
        return {
            "table": self.public_settings(),
            "seats": seats,
            "side_pots": side_pots,
            "follow": {"log": log, "last": last, "carry_text": carry},
        }

    def state_for(
        self,
        seat: int | None,
        *,
        turn_left: float | None,
        public: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The whole table as ``seat`` (``None``: a spectator) may see it, JSON-ready.

        ``public`` is :meth:`public_state` when the caller already has it. The
        state is :meth:`own_state` plus the :data:`SHARED` parts of ``public``.
        """
        if public is None:
            public = self.public_state()
        state = self.own_state(seat, turn_left=turn_left, public=public)
        state.update((k, public[k]) for k in SHARED)
        return state

    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]:
        """The parts of :meth:`state_for` that depend on the viewer (a broadcast
        serialises the :data:`SHARED` parts once for every viewer)."""
        view = self.view(seat)
        hand = self.game.hand
        data = view.to_dict()
        data["round_name"] = ROUND_NAMES[view.round] if 0 < view.round <= ROUNDS else ""
        data["side_pots"] = public["side_pots"]
        data["best"] = best_hand(view)
        for award in data["awards"]:
            award["reason"] = tens(award["reason"])
        data["shown"] = []
        if hand is not None and hand.finished:
            viewer = self.owner_in_deal(seat, hand.number)
            for event in hand.events:
                if isinstance(event, ShowdownRevealed):
                    shown = redact(event, viewer)
                    assert isinstance(shown, ShowdownRevealed)
                    data["shown"].append(shown.to_dict())
                    data["shown"][-1]["description"] = tens(shown.description)
        me = self.seats[seat] if seat is not None else None
        return {
            "type": "state",
            "version": self.seq,
            "you": {
                "seat": seat,
                "sat_out": bool(me and me.sat_out),
                "leaving": bool(me and me.leaving),
            },
            "hand": data,
            "turn": None
            if view.actor is None or view.finished
            else {
                "seat": view.actor,
                "seconds_left": None if turn_left is None else round(max(0.0, turn_left), 1),
                "limit": self.settings.turn_seconds,
            },
        }

    def public_settings(self) -> dict[str, Any]:
        s = self.settings
        return {
            "id": self.id,
            "name": s.name,
            "pack": s.pack,
            "betting": s.betting,
            "ante": s.ante,
            "stack": s.stack,
            "seats": s.seats,
            "turn_seconds": s.turn_seconds,
        }

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        """Deal ``number``'s events as ``seat`` may see them, for a step-by-step replay."""
        hand = self.hands.get(number)
        if hand is None:
            first = min(self.hands, default=0)
            raise IllegalActionError(
                f"deal {number} is not available: this table keeps deals {first} to "
                f"{self.hand_number}"
            )
        if not hand.finished:
            raise IllegalActionError(f"deal {number} is still being played: wait for its end")
        viewer = self.owner_in_deal(seat, number)
        names = self.dealt_names.get(number, {})
        timed = self.timeouts.get(number, set())
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
            "seats": self.settings.seats,
            "events": events,
            "frames": replay_frames(seen, viewer, timed),
        }
