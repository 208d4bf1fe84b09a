"""One web table: the game's :class:`~straights.game.Table` plus who sits where.

A :class:`WebTable` changes only through :meth:`WebTable.apply` of a *command*
(a small JSON dict: a seat taken, a bot added, a deal, an action, a timeout …).
Given the table's secret seed, applying the stored commands in order rebuilds
the identical state, which is how a restarted server resumes every table.

Seats change between deals only (the engine's rule): a player who sits during
a deal waits for the next one, and one who leaves during a deal forfeits it:
he is folded at once if it is his turn, else at his turn (never checked for),
and stands up before the next deal.

Chips enter only by a buy-in and leave only by a cash-out, each an entry of the
table's :mod:`~straights.web.ledger` written by the command that caused it.
A player's account outlives his seat: leaving cashes his chips out, and coming
back (with the same player token) brings exactly those chips back; a player
who goes broke keeps his seat, with no chips, until he rebuys or leaves.
The host (first the creator's token; the role can be handed to a player)
pauses, removes players, changes the ante, structure, timer and buy-in limit
between deals, approves buy-ins above that limit and closes the table.

Cards reach a client only through :meth:`WebTable.state_for` and
:meth:`WebTable.history_for`, which use the game's views and
:func:`~straights.game.view.redact` — for the seat the viewer owned *in that
deal*, so a player who takes a seat never sees its previous owner's cards.
"""

from __future__ import annotations

import dataclasses
import hmac
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Protocol, TypeVar

from straights.errors import ConfigurationError, IllegalActionError
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
from straights.web.ledger import Account, Entry, EntryKind, Transfer, settle_up
from straights.web.names import is_bot_name, is_house_name, skeleton
from straights.web.protocol import TableSettings

#: A player sat out this many deals in a row loses the seat.
AWAY_DEALS: Final = 3
#: Past deals kept in memory for the hand-history view.
HISTORY_DEALS: Final = 200
#: Timeouts in a row after which a player is sat out even if still connected.
MISSES_TO_SIT_OUT: Final = 2
#: The parts of a state that are the same for every viewer (see WebTable.own_state).
SHARED: Final = ("table", "seats", "follow", "ledger")
ROUND_NAMES: Final = ("", "first", "second", "third", "fourth", "last")
#: Table settings the host may change between deals (``change`` command).
CHANGEABLE: Final = ("ante", "betting", "turn_seconds", "auto_limit", "bot_seconds")


class Finishing(Protocol):
    """A deal kept by a table: it tells whether it is over."""

    @property
    def finished(self) -> bool: ...


Kept = TypeVar("Kept", bound=Finishing)


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
            else "out of chips"
            if self.stack == 0
            else "waiting"
        )
        return {
            "seat": seat,
            "name": self.name,
            "bot": self.bot,
            "status": status,
            "player": self.owner,
        }


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
    #: Every player who ever sat, by player id (the ``owner`` of his seats).
    accounts: dict[int, Account] = field(default_factory=dict)
    #: The ledger: every buy-in and cash-out, in order.
    entries: list[Entry] = field(default_factory=list)
    paused: bool = False
    closed: bool = False
    #: The creator's host token (hashed), and the player he became by sitting down.
    creator_hash: str = field(init=False)
    creator: int | None = None
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
        self.creator_hash = self.host_hash

    def hosts(self, digest: str) -> bool:
        """True when the token hashing to ``digest`` holds the host role: the token it
        was handed to, or the creator's own while the role is still his."""
        if hmac.compare_digest(digest, self.host_hash):
            return True
        creator = self.accounts.get(self.creator) if self.creator is not None else None
        mine = creator is not None and _same(creator.token_hash, self.host_hash)
        return mine and hmac.compare_digest(digest, self.creator_hash)

    @property
    def keeps_broke_players(self) -> bool:
        """Tables of edition 2 keep a broke player seated until he rebuys or leaves,
        and fold a leaver at once when they may; edition 1 (stored before the ledger)
        did neither, and its logs still replay so."""
        return self.settings.edition >= 2

    @property
    def auto_limit(self) -> int:
        """Chips a player may buy in all without the host's approval (returns aside)."""
        limit = self.settings.auto_limit
        return 3 * self.settings.stack if limit is None else limit

    def seat_of_player(self, player: int) -> int | None:
        """The seat player ``player`` sits in, if he does."""
        for i, meta in enumerate(self.seats):
            if meta is not None and meta.owner == player:
                return i
        return None

    def chips_of_player(self, player: int) -> int:
        """The chips player ``player`` has at the table now (0 once he left)."""
        seat = self.seat_of_player(player)
        meta = None if seat is None else self.seats[seat]
        return 0 if meta is None else self._chips_of(meta)

    def bank(self) -> int:
        """Chips the ledger put on the table: every buy-in less every cash-out.
        :meth:`chips` equals it at every step."""
        return sum(a.bought - a.cashed for a in self.accounts.values())

    def host_seat(self) -> int | None:
        """The seat of the player who holds the host role, if he is seated."""
        for i, meta in enumerate(self.seats):
            if meta is not None and _same(meta.token_hash, self.host_hash):
                return i
        return None

    def ledger_rows(self) -> list[dict[str, Any]]:
        """One row per player who ever sat: bought, cashed out, chips now, net."""
        seats = {m.owner: i for i, m in enumerate(self.seats) if m is not None}
        stacks = self.game.stacks()
        rows = []
        for account in self.accounts.values():
            seat = seats.get(account.player)
            stack = 0
            if seat is not None and (meta := self.seats[seat]) is not None:
                stack = stacks.get(seat, 0) if meta.in_game else meta.stack
            rows.append(
                {
                    "player": account.player,
                    "name": account.name,
                    "bot": account.bot,
                    "seat": seats.get(account.player),
                    "bought": account.bought,
                    "cashed": account.cashed,
                    "stack": stack,
                    "net": account.net(stack),
                    "pending": account.pending,
                }
            )
        return rows

    def transfers(self, rows: list[dict[str, Any]] | None = None) -> list[Transfer] | None:
        """Who pays whom if the game ended now; None while chips are in the middle
        (a deal on, or a carried pot) and the nets do not balance. ``rows``: the
        :meth:`ledger_rows` when the caller has them."""
        if self.in_hand:
            return None
        nets: dict[str, int] = {}
        for row in self.ledger_rows() if rows is None else rows:
            nets[row["name"]] = nets.get(row["name"], 0) + row["net"]
        if sum(nets.values()) != 0:
            return None
        return list(_settled(tuple(sorted(nets.items()))))

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
            if meta is not None and _same(meta.token_hash, token_hash):
                return i
        return None

    def check_new_name(self, name: str) -> None:
        """Refuse a name that looks like a bot's or like a seated player's (people are
        told apart by name alone). Checked when a seat is taken, not on replay."""
        if is_bot_name(name):
            raise IllegalActionError(f"{name!r} looks like a bot's name: choose another")
        if is_house_name(name):
            raise IllegalActionError(f"{name!r} looks like the house's name: choose another")
        mine = skeleton(name)
        for meta in self.seats:
            if meta is not None and skeleton(meta.name) == mine:
                raise IllegalActionError(
                    f"{name!r} looks like {meta.name!r}, who sits here: choose another name"
                )
        for account in self.accounts.values():
            # The ledger names each player once: a name that played here stays his.
            if account.bot is None and skeleton(account.name) == mine:
                raise IllegalActionError(
                    f"{name!r} looks like {account.name!r}, who played at this table: "
                    "choose another name (he comes back from his own browser)"
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
        """Between deals: stand up those who left (cashing their chips out) and those
        sat out (keeping their chips aside); a player who went broke keeps his seat
        with no chips (edition 1: loses it), a bot that went broke leaves."""
        game = self.game
        stacks = game.stacks()
        for seat, meta in enumerate(self.seats):
            if meta is None:
                continue
            if meta.in_game and seat not in stacks:  # went broke: the game stood him up
                meta.in_game = False
                meta.stack = 0
                if meta.bot is not None or meta.leaving or not self.keeps_broke_players:
                    self._free(seat, "broke")
                continue
            if meta.in_game and (meta.leaving or meta.sat_out):
                meta.stack = stacks[seat]
                game.stand(seat)
                meta.in_game = False
            if meta.leaving:
                self._free(seat, "left")

    # -- the ledger -----------------------------------------------------------------------------
    def _enter(self, account: Account, kind: EntryKind, amount: int, note: str) -> None:
        self.entries.append(Entry(self.seq + 1, account.player, kind, amount, note))
        if kind == "buy-in":
            account.bought += amount
        else:
            account.cashed += amount

    def _free(self, seat: int, why: str) -> None:
        """Empty ``seat`` (not in the game), cashing its chips out to the player."""
        meta = self.seats[seat]
        assert meta is not None and not meta.in_game
        account = self.accounts[meta.owner]
        self._enter(account, "cash-out", meta.stack, why)
        account.last_out = meta.stack
        account.pending = 0
        meta.stack = 0
        self.seats[seat] = None

    def _buy_in(self, meta: SeatMeta, note: str) -> None:
        """One buy-in of the table's stack: at once if within the limit (bots always),
        else waiting for the host (``answer`` command)."""
        account = self.accounts[meta.owner]
        amount = self.settings.stack
        fresh = sum(
            e.amount
            for e in self.entries
            if e.player == account.player and e.kind == "buy-in" and e.note != "returns"
        )
        if account.bot is not None or fresh + amount <= self.auto_limit:
            self._enter(account, "buy-in", amount, note)
            meta.stack += amount
        else:
            account.pending = amount

    def _open(self) -> None:
        if self.closed:
            raise IllegalActionError("this table is closed: the game is over")

    def _between_deals(self, what: str) -> None:
        if self.in_hand:
            raise IllegalActionError(f"{what} between deals: deal {self.hand_number} is on")

    # Messages name seats as the page shows them, counted from 1 (seat_label).
    def _empty_seat(self, seat: int) -> None:
        self._open()
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

    def account_of(self, token_hash: str) -> Account | None:
        """The (person's) account whose player token hashes to ``token_hash``."""
        for account in self.accounts.values():
            if _same(account.token_hash, token_hash):
                return account
        return None

    def _do_sit(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        self._empty_seat(seat)
        token_hash = str(c["token_hash"])
        account = self.account_of(token_hash)
        if account is not None and self.seat_of_player(account.player) is not None:
            raise IllegalActionError(f"{account.name} already sits at this table")
        if account is None:
            account = Account(self.seq + 1, str(c["name"]), None, token_hash)
            self.accounts[account.player] = account
        if c.get("host") and self.host_hash == self.creator_hash:
            # The creator sat down: the role goes with his player (his token still works).
            self.host_hash, self.creator = token_hash, account.player
        meta = SeatMeta(
            owner=account.player, name=account.name, bot=None, token_hash=token_hash, stack=0
        )
        self.seats[seat] = meta
        if account.last_out > 0:
            self._enter(account, "buy-in", account.last_out, "returns")
            meta.stack, account.last_out = account.last_out, 0
        else:
            self._buy_in(meta, "sits")

    def _do_bot(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        self._empty_seat(seat)
        account = Account(self.seq + 1, f"Bot {seat + 1}", str(c["bot"]), None)
        self.accounts[account.player] = account
        meta = SeatMeta(account.player, account.name, account.bot, token_hash=None, stack=0)
        self.seats[seat] = meta
        self._buy_in(meta, "sits")

    def _do_unseat(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self._taken(seat)
        hand = self.game.hand
        if meta.in_game and self.in_hand and hand is not None:
            # He forfeits the deal: folded now if it is his turn or he is all-in
            # (nothing left to decide), else at his turn (the ``forfeit`` command).
            meta.leaving = True
            i = hand.player_index(seat)
            alive = i is not None and not hand.folded[i]
            # (Edition 1 logs recorded the fold at his turn as a command of its own.)
            now = hand.actor == seat or hand.stacks[i or 0] == 0
            if alive and now and self.settings.edition >= 2:
                self.game.forfeit(seat)
        elif meta.in_game:
            meta.leaving = True  # stood up and cashed out by _tidy
        else:
            self._free(seat, str(c.get("why") or "left"))

    def _do_forfeit(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self._taken(seat)
        if not meta.leaving:
            raise IllegalActionError(f"{meta.name} has not left: only a player who left forfeits")
        self.game.forfeit(seat)

    def _do_sitout(self, c: dict[str, Any]) -> None:
        self._taken(int(c["seat"])).sat_out = True

    def _do_back(self, c: dict[str, Any]) -> None:
        meta = self._taken(int(c["seat"]))
        meta.sat_out = False
        meta.away_deals = 0
        meta.misses = 0

    def _do_rebuy(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self._taken(seat)
        self._open()
        account = self.accounts[meta.owner]
        if meta.in_game or meta.stack > 0:
            raise IllegalActionError("you still have chips: a rebuy is for a player out of chips")
        if account.pending:
            raise IllegalActionError("your buy-in already waits for the host's approval")
        self._buy_in(meta, "rebuys")

    def _do_answer(self, c: dict[str, Any]) -> None:
        account = self.accounts.get(int(c["player"]))
        if account is None or not account.pending:
            raise IllegalActionError("no buy-in of that player waits for approval")
        meta = next((m for m in self.seats if m is not None and m.owner == account.player), None)
        amount, account.pending = account.pending, 0
        if c.get("accept") and meta is not None:
            self._enter(account, "buy-in", amount, "approved")
            meta.stack += amount

    def _do_readmit(self, c: dict[str, Any]) -> None:
        """The host lets a removed player sit here again (the manager keeps who was
        removed: this command only records the host's word in the log)."""
        self._open()

    def _do_pause(self, c: dict[str, Any]) -> None:
        self._open()
        self.paused = bool(c["on"])

    def _do_change(self, c: dict[str, Any]) -> None:
        self._open()
        self._between_deals("the host changes the table")
        update: dict[str, Any] = {k: c[k] for k in CHANGEABLE if k in c}
        settings = self.settings.model_copy(update=update)
        s = settings
        try:
            config = dataclasses.replace(self.game.config, ante=s.ante, betting=s.betting)
        except ConfigurationError as exc:
            raise IllegalActionError(str(exc)) from None
        self.settings = settings
        self.game.config = config

    def _do_host(self, c: dict[str, Any]) -> None:
        meta = self._taken(int(c["seat"]))
        if meta.token_hash is None:
            raise IllegalActionError(f"{meta.name} is a bot: hand the host role to a person")
        self.host_hash = meta.token_hash

    def _do_close(self, c: dict[str, Any]) -> None:
        self._open()
        self._between_deals("the host closes the table")
        game = self.game
        stacks = game.stacks()
        # A carried pot goes back to the players in the game, split evenly (the
        # first seats get the odd chips): nobody else has a claim on it.
        players = sorted(stacks)
        if game.carry and players:
            share, odd = divmod(game.carry, len(players))
            for k, seat in enumerate(players):
                player = game.seats[seat]
                assert player is not None
                player.stack += share + (1 if k < odd else 0)
            game.carry = 0
        for seat, meta in enumerate(self.seats):
            if meta is None:
                continue
            if meta.in_game:
                meta.stack = game.stacks()[seat]
                game.stand(seat)
                meta.in_game = False
            self._free(seat, "table closed")
        for account in self.accounts.values():
            account.pending = 0
        self.closed = True

    def _do_deal(self, c: dict[str, Any]) -> None:
        self._open()
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
            elif not meta.in_game and meta.stack > 0:
                game.sit(seat, meta.name, meta.stack)
                meta.stack = 0
                meta.in_game = True
        hand = self._start(c)
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

    def _start(self, c: dict[str, Any]) -> Hand:
        """Start the deal of a ``deal`` command (the players are seated in the game)."""
        self.game.start_hand()
        assert self.game.hand is not None
        return self.game.hand

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
        a live connection; ``bot_delay`` the bots' delay of a table that sets none.
        """
        for seat, meta in enumerate(self.seats):
            if meta is None or meta.bot is not None:
                continue
            if meta.sat_out and not meta.in_game and meta.away_deals >= AWAY_DEALS:
                return Auto(0.0, {"kind": "unseat", "seat": seat, "why": "away"})
        if not self.in_hand:
            if self.can_deal() and not self.paused and not self.closed:
                return Auto(max(0.0, deal_delay - idle), {"kind": "deal"})
            return None
        actor = self.game.actor
        assert actor is not None
        meta = self.seats[actor]
        if meta is None:  # pragma: no cover - a dealt seat always has its meta
            return None
        if meta.leaving:
            return Auto(0.0, {"kind": "forfeit", "seat": actor})
        if meta.bot is not None:
            mine = self.settings.bot_seconds
            delay = bot_delay if mine is None else mine
            return Auto(max(0.0, delay - idle), None, bot_seat=actor)
        if meta.sat_out:
            return Auto(0.0, self.fallback(actor, "away"))
        limit = float(self.settings.turn_seconds)
        if limit == 0:
            if actor in connected:
                return None
            limit = 60.0  # no timer, but nobody waits forever for a vanished player
        return Auto(max(0.0, limit - idle), self.fallback(actor, "timeout"))

    def timed_seat(self) -> int | None:
        """The seat the turn timer runs for (the player to act), if any."""
        return self.game.actor if self.in_hand else None

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
        seats = self.public_seats(stacks)
        ledger = self.public_ledger(self.game.total_chips() - sum(stacks.values()))
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
            "ledger": ledger,
            "follow": {"log": log, "last": last, "carry_text": carry},
        }

    def public_seat(self, seat: int, meta: SeatMeta) -> dict[str, Any]:
        """A taken seat as every viewer sees it (the chips are the caller's to add)."""
        public = meta.to_public(seat)
        if self.accounts[meta.owner].pending:
            public["status"] = "buy-in waits for the host"
        public["host"] = meta.token_hash == self.host_hash
        return public

    def public_seats(self, stacks: dict[int, int]) -> list[dict[str, Any] | None]:
        """Every seat (``None`` when empty) with its chips: ``stacks`` while in the game."""
        seats: list[dict[str, Any] | None] = []
        for i, meta in enumerate(self.seats):
            if meta is None:
                seats.append(None)
                continue
            public = self.public_seat(i, meta)
            public["chips"] = stacks.get(i, 0) if meta.in_game else meta.stack
            seats.append(public)
        return seats

    def public_ledger(self, in_middle: int) -> dict[str, Any]:
        """The ledger's rows, the settle-up, and the chips ``in_middle`` of the table."""
        rows = self.ledger_rows()
        transfers = self.transfers(rows)
        return {
            "rows": rows,
            "transfers": None if transfers is None else [t.to_dict() for t in transfers],
            "in_middle": in_middle,
            "host_seat": self.host_seat(),
            "paused": self.paused,
            "closed": self.closed,
        }

    def you(self, seat: int | None, broke: bool) -> dict[str, Any]:
        """What the viewer at ``seat`` is told of his own seat (``broke``: the page
        offers a rebuy)."""
        me = self.seats[seat] if seat is not None else None
        return {
            "seat": seat,
            "sat_out": bool(me and me.sat_out),
            "leaving": bool(me and me.leaving),
            "player": None if me is None else me.owner,
            "broke": broke,
            "pending": self.accounts[me.owner].pending if me is not None else 0,
        }

    def turn(self, seat: int | None, turn_left: float | None) -> dict[str, Any] | None:
        """Whose turn it is and the time left on it (``None``: nobody's)."""
        if seat is None:
            return None
        return {
            "seat": seat,
            "seconds_left": None if turn_left is None else round(max(0.0, turn_left), 1),
            "limit": self.settings.turn_seconds,
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
        return {
            "type": "state",
            "version": self.seq,
            "you": self.you(seat, self.out_of_chips(seat)),
            "hand": data,
            "turn": self.turn(None if view.finished else view.actor, turn_left),
        }

    def out_of_chips(self, seat: int | None) -> bool:
        """Whether the viewer's seat has no chips left and no buy-in waiting."""
        me = self.seats[seat] if seat is not None else None
        return bool(me and not me.in_game and me.stack == 0 and not self.accounts[me.owner].pending)

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
            "bot_seconds": s.bot_seconds,
            "auto_limit": self.auto_limit,
        }

    def finished_deal(self, kept: dict[int, Kept], number: int) -> Kept:
        """Deal ``number`` of those ``kept``, once it is over (else one clear error)."""
        deal = kept.get(number)
        if deal is None:
            first = min(kept, default=0)
            raise IllegalActionError(
                f"deal {number} is not available: this table keeps deals {first} to "
                f"{self.hand_number}"
            )
        if not deal.finished:
            raise IllegalActionError(f"deal {number} is still being played: wait for its end")
        return deal

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        """Deal ``number``'s events as ``seat`` may see them, for a step-by-step replay."""
        hand = self.finished_deal(self.hands, number)
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


@lru_cache(maxsize=256)
def _settled(nets: tuple[tuple[str, int], ...]) -> tuple[Transfer, ...]:
    """:func:`~straights.web.ledger.settle_up`, remembered (it is asked at every update)."""
    return tuple(settle_up(dict(nets)))


def _same(stored: str | None, digest: str) -> bool:
    """Whether a stored token hash is ``digest``, compared in constant time."""
    return stored is not None and hmac.compare_digest(stored, digest)
