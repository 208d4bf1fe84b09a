"""The one web table, for every game: seats, ledger, host powers, timers and the command log.

A :class:`WebTable` changes only through :meth:`WebTable.apply` of a *command*
(a small JSON dict: a seat taken, a bot added, a deal, an action, a timeout …).
Given the table's secret seed, applying the stored commands in order rebuilds
the identical state, which is how a restarted server resumes every table.

What is particular to a game lives in the table's *game hook* (:data:`WebGame`),
chosen from its settings:
:class:`~straights.web.poker_game.PokerWebGame` (any game of the catalogue, one or
dealer's choice, Straights included) and :class:`~straights.web.paigow_game.PaiGowWebGame`
(Pai Gow against the bank).  The table never asks which game it deals.  (A Straights
table stored by an earlier release replays its log through the translator and moves
here: :mod:`straights.web.straights_move`.)

Seats change between deals only: a player who sits during a deal waits for the
next one, and one who leaves during a deal forfeits it (poker: folded at once if
it is his turn, else at his turn; Pai Gow: his hands are set the house way) and
stands up before the next deal.

Chips enter only by a buy-in and leave only by a cash-out, each an entry of the
table's :mod:`~straights.web.ledger` written by the command that caused it.
A player's account outlives his seat: leaving cashes his chips out, and coming
back (with the same player token) brings exactly those chips back; a player
who goes broke keeps his seat, with no chips, until he rebuys or leaves.
The host (first the creator's token; the role can be handed to a player)
pauses, removes players, changes the stakes and timer between deals, approves
buy-ins above the limit and closes the table.

Cards reach a client only through :meth:`WebTable.state_for` and
:meth:`WebTable.history_for`, which ask the hook — for the seat the viewer owned
*in that deal*, so a player who takes a seat never sees its previous owner's cards.

>>> table = make_table("t1", TableSettings(seats=3), 7, "h" * 64)
>>> _ = table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
>>> _ = table.apply({"kind": "bot", "seat": 1, "bot": "calling"})
>>> _ = table.apply({"kind": "deal"})
>>> table.in_hand, table.chips() == table.bank() == 200
(True, True)
>>> table.apply({"kind": "wager", "seat": 0, "chips": 20})
Traceback (most recent call last):
...
straights.errors.IllegalActionError: Straights has no wagers: the stakes are the table's
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeAlias

from straights.errors import IllegalActionError
from straights.game.wording import seat_label
from straights.web.hud import Hud
from straights.web.ledger import Account, Entry, EntryKind, Transfer, settle_up
from straights.web.names import is_bot_name, is_house_name, skeleton
from straights.web.paigow_game import HOUSE, PaiGowWebGame
from straights.web.poker_game import PokerWebGame
from straights.web.protocol import TableSettings
from straights.web.seats import (
    AWAY_DEALS,
    HISTORY_DEALS,
    MISSES_TO_SIT_OUT,
    NO_TIMER_WAIT,
    SHARED,
    Auto,
    SeatMeta,
)

__all__ = ["WebGame", "WebTable", "make_table"]

#: A game's own part of a web table (the table keeps everything else): each of its
#: methods is told only what the table cannot know — how a deal starts, who acts, what
#: a timeout does, what bots see and play, what each viewer is shown of the hand, its
#: history and its archive entry; a command its game has not (``choose``, ``wager``,
#: ``set``, ``act`` at Pai Gow) it refuses with a clear line.
WebGame: TypeAlias = PokerWebGame | PaiGowWebGame


def make_table(key: str, settings: TableSettings, seed: int, host_hash: str) -> WebTable:
    """A new table of the game its settings name: Pai Gow, else games of the catalogue
    (one or dealer's choice; Straights is one)."""
    return WebTable(key, settings, seed, host_hash)


@dataclass(slots=True)
class WebTable:
    """A table's settings, seats, ledger and game hook; changed only by :meth:`apply`."""

    id: str
    settings: TableSettings
    seed: int
    host_hash: str
    #: The game's own part (see :data:`WebGame`).
    game: WebGame = field(init=False)
    seats: list[SeatMeta | None] = field(init=False)
    seq: int = 0
    owners: dict[int, dict[int, int]] = field(default_factory=dict)  # deal -> seat -> owner
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
    #: deal -> the moves (indices in the deal's record) the turn timer made
    timeouts: dict[int, set[int]] = field(default_factory=dict)
    #: The host's change made during a deal, for the next deal (see ``_do_change``).
    queued: dict[str, Any] | None = None
    #: Players the host removed, who stay out until he lets them back (``readmit``).
    removed: set[int] = field(default_factory=set)
    #: player -> seconds of his time bank used (``TableSettings.time_bank``): the
    #: seconds a move took beyond the turn timer, as its command says (``bank``).
    bank_used: dict[int, float] = field(default_factory=dict)
    #: Players (ids) who muck a beaten hand at a poker showdown (``muck`` command).
    muckers: set[int] = field(default_factory=set)
    #: Players (ids) asked to show or muck instead (``muck`` command with ``ask``).
    askers: set[int] = field(default_factory=set)
    #: Each player's statistics from the deals played here (shown when the host says).
    hud: Hud = field(default_factory=Hud)
    #: A tournament's table (``tseat``/``tstand``/``tlevel`` commands): the tournament
    #: seats and moves the players with their chips and sets each level; bots may
    #: deal alone.
    tournament: bool = False

    def __post_init__(self) -> None:
        self.seats = [None] * self.settings.seats
        self.creator_hash = self.host_hash
        hook = PaiGowWebGame if self.settings.game == "pai-gow" else PokerWebGame
        self.game = hook(self)

    def __repr__(self) -> str:
        return f"WebTable({self.id!r}, deal {self.hand_number}, command {self.seq})"

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
        return 0 if seat is None or meta is None else self.game.stack_of(seat, meta)

    def bank(self) -> int:
        """Chips the ledger put on the table: every buy-in less every cash-out.
        :meth:`chips` plus :attr:`house` equals it at every step."""
        return sum(a.bought - a.cashed for a in self.accounts.values())

    @property
    def house(self) -> int:
        """What the house (a banked game's bank) has won so far; 0 at poker."""
        return self.game.house

    def returned(self, player: int) -> int:
        """Chips player ``player`` took away and brought back ("returns" buy-ins): the
        ledger's rows leave them out of both bought and cashed out (the net is the same)."""
        return sum(
            e.amount
            for e in self.entries
            if e.player == player and e.kind == "buy-in" and e.note == "returns"
        )

    def ledger_rows(self) -> list[dict[str, Any]]:
        """One row per player who ever sat: bought (fresh chips only), cashed out
        (for good), chips now, net.

        >>> t = make_table("t", TableSettings(seats=2, stack=100), 1, "h" * 64)
        >>> _ = t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
        >>> _ = t.apply({"kind": "unseat", "seat": 0})
        >>> _ = t.apply({"kind": "sit", "seat": 1, "name": "Ann", "token_hash": "a" * 64})
        >>> [(r["bought"], r["cashed"], r["stack"]) for r in t.ledger_rows()]
        [(100, 0, 100)]
        """
        seats = {m.owner: i for i, m in enumerate(self.seats) if m is not None}
        rows = []
        for account in self.accounts.values():
            stack, back = self.chips_of_player(account.player), self.returned(account.player)
            rows.append(
                {
                    "player": account.player,
                    "name": account.name,
                    "bot": account.bot,
                    "seat": seats.get(account.player),
                    "bought": account.bought - back,
                    "cashed": account.cashed - back,
                    "stack": stack,
                    "net": account.net(stack),
                    "pending": account.pending,
                }
            )
        return rows

    def transfers(self, rows: list[dict[str, Any]] | None = None) -> list[Transfer] | None:
        """Who pays whom if the game ended now, between people only: the house funds
        the bots and settles their nets (and is the bank in a banked game), so it is
        one party of the settle-up when bots or a bank played. None while chips are
        in the middle (a deal on, or a carried pot) and the nets do not balance.
        ``rows``: the :meth:`ledger_rows` when the caller has them.

        >>> t = make_table("t", TableSettings(seats=2, stack=100), 1, "h" * 64)
        >>> _ = t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
        >>> _ = t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
        >>> t.seats[0].stack, t.seats[1].stack = 130, 70  # Ann won 30 from the bot
        >>> [str(x) for x in t.transfers()]
        ['The house pays Ann 30']
        """
        if self.in_hand:
            return None
        nets: dict[str, int] = {HOUSE: self.house} if self.game.banked else {}
        for row in self.ledger_rows() if rows is None else rows:
            name = HOUSE if row["bot"] is not None else row["name"]
            nets[name] = nets.get(name, 0) + row["net"]
        if sum(nets.values()) != 0:
            return None
        return list(_settled(tuple(sorted(nets.items()))))

    # -- reading --------------------------------------------------------------------------
    @property
    def in_hand(self) -> bool:
        """True while a deal is being played."""
        return self.game.in_hand

    @property
    def hand_number(self) -> int:
        """The number of the deal in play, or of the last one (0 before the first)."""
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
        if any(mine == skeleton(word) for word in self.game.reserved_names):
            raise IllegalActionError(f"{name!r} is the house's name: choose another")

    def owner_in_deal(self, seat: int | None, number: int) -> int | None:
        """``seat`` if its current owner was dealt into deal ``number``, else None."""
        if seat is None:
            return None
        meta = self.seats[seat]
        if meta is None or self.owners.get(number, {}).get(seat) != meta.owner:
            return None
        return seat

    def chips(self) -> int:
        """Every chip in front of the players and in play (with :attr:`house`, the
        ledger's :meth:`bank`)."""
        return self.game.chips()

    def can_deal(self) -> bool:
        """Whether a deal can start: players ready with chips, one of them a person
        (bots never play alone, but at a tournament's table)."""
        if self.tournament:
            seats = enumerate(self.seats)
            return sum(1 for i, m in seats if m is not None and self.game.has_chips(i, m)) >= 2
        return self.game.can_deal()

    # -- commands ---------------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one command and return the game events it caused (JSON-ready, secrets
        included: for the database only). An illegal command raises a
        ``StraightsError`` and changes nothing."""
        kind = command.get("kind")
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None:
            raise IllegalActionError(f"unknown table command {kind!r}")
        if self.closed:  # (closing empties every seat: no command has anything to act on)
            raise IllegalActionError("this table is closed: the game is over")
        mark = self.game.mark()
        handler(command)
        self.seq += 1
        if not self.in_hand:
            self._apply_queued()
            self.game.tidy()
        events = self.game.events_since(mark)
        self.hud.note(self.game.archive_entry(events))
        return events

    # -- the ledger -----------------------------------------------------------------------------
    def _enter(self, meta: SeatMeta, kind: EntryKind, amount: int, note: str) -> None:
        """The ledger's entry of ``amount`` chips put in front of ``meta``'s player (a
        buy-in) or taken away (a cash-out): his account and his stack move with it."""
        account = self.accounts[meta.owner]
        self.entries.append(Entry(self.seq + 1, account.player, kind, amount, note))
        if kind == "buy-in":
            account.bought += amount
            meta.stack += amount
        else:
            account.cashed += amount
            meta.stack -= amount

    def free(self, seat: int, why: str) -> None:
        """Empty ``seat`` (not in the game), cashing its chips out to the player."""
        meta = self.seats[seat]
        assert meta is not None and not meta.in_game
        account = self.accounts[meta.owner]
        account.last_out, account.pending = meta.stack, 0
        self._enter(meta, "cash-out", meta.stack, why)
        self.seats[seat] = None

    def _buy_in(
        self, meta: SeatMeta, note: str, chips: int | None = None, *, approve: bool = False
    ) -> None:
        """One buy-in of the table's stack (``chips``: a top-up's): at once if within
        the limit (bots the host added and the host's own always), else waiting for the
        host (``answer`` command); ``approve``: always waiting (a bot a guest added)."""
        account = self.accounts[meta.owner]
        amount = self.settings.stack if chips is None else chips
        fresh = account.bought - self.returned(account.player)
        # The host approves buy-ins: never his own (tables of edition 3 on).
        own = self.settings.edition >= 3 and _same(account.token_hash, self.host_hash)
        if approve:
            account.pending = amount
        elif account.bot is not None or own or fresh + amount <= self.auto_limit:
            self._enter(meta, "buy-in", amount, note)
        else:
            account.pending = amount

    def _between_deals(self, what: str) -> None:
        if self.in_hand:
            raise IllegalActionError(f"{what} between deals: deal {self.hand_number} is on")

    # Messages name seats as the page shows them, counted from 1 (seat_label).
    def _empty_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise IllegalActionError(
                f"{seat_label(seat)}: this table has seats 1 to {len(self.seats)}"
            )
        if self.seats[seat] is not None:
            raise IllegalActionError(f"{seat_label(seat)} is taken: choose an empty seat")

    def taken(self, seat: int) -> SeatMeta:
        """The one sitting in ``seat`` (an empty or unknown seat: one clear error)."""
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

    def _seat(self, seat: int, account: Account) -> SeatMeta:
        """``account``'s player sits in ``seat``, with no chips yet."""
        meta = SeatMeta(account.player, account.name, account.bot, account.token_hash, stack=0)
        self.seats[seat] = meta
        return meta

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
        meta = self._seat(seat, account)
        if account.last_out > 0:
            self._enter(meta, "buy-in", account.last_out, "returns")
            account.last_out = 0
        else:
            self._buy_in(meta, "sits")

    def _do_bot(self, c: dict[str, Any]) -> None:
        """A bot sits; one a guest added (``"guest": true``) waits for the host's
        approval of its buy-in, like a person's above the limit."""
        seat = int(c["seat"])
        self.game.check_bot(str(c["bot"]))
        self._empty_seat(seat)
        name = f"Bot {seat + 1}"
        # A bot added again to a seat is the same bot of the ledger (one row a name).
        account = next(
            (
                a
                for a in self.accounts.values()
                if a.bot is not None and a.name == name and self.seat_of_player(a.player) is None
            ),
            None,
        )
        if account is None:
            account = Account(self.seq + 1, name, str(c["bot"]), None)
            self.accounts[account.player] = account
        account.bot = str(c["bot"])
        meta = self._seat(seat, account)
        self._buy_in(meta, "sits", approve=bool(c.get("guest")))

    def _do_unseat(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self.taken(seat)
        if c.get("why") == "removed" and c.get("player"):
            self.removed.add(int(c["player"]))
        if self.in_hand and self.game.playing(seat, meta):
            meta.leaving = True  # he forfeits the deal, then stands up
            self.game.leave(seat, meta)
        elif meta.in_game:
            meta.leaving = True  # stood up and cashed out between deals
        else:
            self.free(seat, str(c.get("why") or "left"))

    def _do_forfeit(self, c: dict[str, Any]) -> None:
        self.game.forfeit(int(c["seat"]))

    def _do_muck(self, c: dict[str, Any]) -> None:
        """A player shows every hand at the showdown, or mucks a beaten one; with
        ``ask``, whether he is asked to show or muck instead (from his next deal on)."""
        meta = self.taken(int(c["seat"]))
        players = self.askers if c.get("ask") else self.muckers
        (players.add if c.get("on") else players.discard)(meta.owner)

    def _do_sitout(self, c: dict[str, Any]) -> None:
        meta = self.taken(int(c["seat"]))
        if meta.bot is not None:
            raise IllegalActionError(f"{meta.name} is a bot: bots do not sit out")
        if not meta.sat_out:
            at = c.get("at")
            meta.away_at = None if at is None else float(at)
            meta.away_why = None if c.get("why") is None else str(c["why"])
        meta.sat_out = True

    def _do_back(self, c: dict[str, Any]) -> None:
        meta = self.taken(int(c["seat"]))
        meta.sat_out = False
        meta.away_deals = 0
        meta.misses = 0
        meta.away_at = None
        meta.away_why = None

    def _do_rebuy(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self.taken(seat)
        account = self.accounts[meta.owner]
        if account.pending:
            raise IllegalActionError("your buy-in already waits for the host's approval")
        if not self.game.has_chips(seat, meta):
            self._buy_in(meta, "rebuys")
            return
        have = self.game.stack_of(seat, meta)
        if self.game.banked:  # the bank covers any bet: no table stakes to top up to
            self._between_deals("you rebuy")
            raise IllegalActionError(
                f"you have {have} chips, enough to bet: against the bank you rebuy only "
                f"when short of the minimum bet ({self.settings.min_bet})"
            )
        # A top-up: between deals, up to the table's stack (its most a buy-in brings).
        self._between_deals("you top up")
        if have >= self.settings.stack:
            raise IllegalActionError(
                f"you have {have} chips: a top-up brings a stack up to {self.settings.stack}"
            )
        self._buy_in(meta, "tops up", self.settings.stack - have)

    def _do_adjust(self, c: dict[str, Any]) -> None:
        """The host sets a seated player's stack between deals: the difference is a
        buy-in (more chips) or a cash-out (fewer) of the ledger, noted "host adjusts".

        >>> t = make_table("t", TableSettings(seats=2, stack=100), 1, "h" * 64)
        >>> _ = t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
        >>> _ = t.apply({"kind": "adjust", "seat": 0, "chips": 150})
        >>> t.seats[0].stack, [(e.kind, e.amount, e.note) for e in t.entries][-1]
        (150, ('buy-in', 50, 'host adjusts'))
        """
        self._between_deals("the host adjusts a stack")
        seat, chips = int(c["seat"]), int(c["chips"])
        meta = self.taken(seat)
        if chips < 1:
            raise IllegalActionError(
                f"a stack of {chips} chips: set 1 or more (to take all his chips, remove him)"
            )
        change = chips - self.game.stack_of(seat, meta)
        if change:
            kind: EntryKind = "buy-in" if change > 0 else "cash-out"
            self._enter(meta, kind, abs(change), "host adjusts")

    def _do_answer(self, c: dict[str, Any]) -> None:
        account = self.accounts.get(int(c["player"]))
        if account is None or not account.pending:
            raise IllegalActionError("no buy-in of that player waits for approval")
        seat = self.seat_of_player(account.player)
        meta = None if seat is None else self.seats[seat]
        if c.get("accept") and meta is not None and meta.in_game and self.in_hand:
            raise IllegalActionError(
                f"{account.name} is in deal {self.hand_number}: approve his top-up between deals"
            )
        amount, account.pending = account.pending, 0
        if c.get("accept") and meta is not None:
            self._enter(meta, "buy-in", amount, "approved")
        elif seat is not None and meta is not None and meta.bot is not None:
            self.free(seat, "refused")  # a bot the host refused leaves its seat

    def _do_readmit(self, c: dict[str, Any]) -> None:
        """The host lets a removed player sit here again (the manager refuses the
        seat to those in :attr:`removed`, not the replay: older logs have them sit)."""
        self.removed.discard(int(c["player"]))

    def _do_pause(self, c: dict[str, Any]) -> None:
        self.paused = bool(c["on"])

    def _do_change(self, c: dict[str, Any]) -> None:
        """The host changes the stakes, timer, limit or bots' pace: at once between
        deals; during a deal the change is checked now and waits for the deal's end
        (a later change during the same deal adds to it).

        >>> t = make_table("t", TableSettings(seats=2), 1, "h" * 64)
        >>> _ = t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
        >>> _ = t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
        >>> _ = t.apply({"kind": "deal"})
        >>> _ = t.apply({"kind": "change", "ante": 5, "turn_seconds": 45})
        >>> t.settings.ante, t.queued
        (1, {'ante': 5, 'turn_seconds': 45})
        """
        change = {k: v for k, v in c.items() if k != "kind"}
        own: dict[str, Any] = {k: change.pop(k) for k in ("away_minutes", "seat_approval",
                               "time_bank") if k in change}  # fmt: skip
        settings = self.settings
        if change and not self.in_hand:
            settings = self.game.change(change)
        elif change:
            queued = {**(self.queued or {}), **change}
            self.game.change(queued)  # checked now with what waits (a refusal is the host's) …
            self.game.change({k: getattr(settings, k) for k in queued if hasattr(settings, k)})
            self.queued = queued  # … undone, for the deal's end
        self.settings = settings.model_copy(update=own) if own else settings  # the table's

    def _apply_queued(self) -> None:
        """A deal ended: the host's change made during it takes effect."""
        if self.queued is not None and not self.in_hand and not self.closed:
            self.settings = self.game.change(self.queued)
        self.queued = None

    def _do_hud(self, c: dict[str, Any]) -> None:
        """The host shows (or hides) the heads-up display (:mod:`~straights.web.hud`)."""
        self.hud.on = bool(c["on"])

    def _do_host(self, c: dict[str, Any]) -> None:
        meta = self.taken(int(c["seat"]))
        if meta.token_hash is None:
            raise IllegalActionError(f"{meta.name} is a bot: hand the host role to a person")
        self.host_hash = meta.token_hash

    def _do_close(self, c: dict[str, Any]) -> None:
        self._between_deals("the host closes the table")
        self.game.close()
        for seat, meta in enumerate(self.seats):
            if meta is not None:
                self.free(seat, "table closed")
        for account in self.accounts.values():
            account.pending = 0
        self.closed = True

    def _do_deal(self, c: dict[str, Any]) -> None:
        if self.in_hand:
            raise IllegalActionError(f"deal {self.hand_number} is still being played")
        if not self.can_deal():
            raise IllegalActionError(self.game.cannot_deal)
        dealt = self.game.deal(c)
        number = self.hand_number
        seats = self.seats
        self.owners[number] = {s: m.owner for s in dealt if (m := seats[s]) is not None}
        self.dealt_names[number] = {s: m.name for s in dealt if (m := seats[s]) is not None}
        old = number - HISTORY_DEALS
        for kept in (self.owners, self.dealt_names, self.timeouts):
            kept.pop(old, None)

    # -- a tournament's table (the server's commands, never a client's) -----------------
    def _tournament_only(self, what: str) -> None:
        if not self.tournament:
            raise IllegalActionError(f"{what}: this is not a tournament's table")
        self._between_deals(what)

    def _do_tseat(self, c: dict[str, Any]) -> None:
        """The tournament seats a player (``name`` and ``token_hash``, or a ``bot``
        kind) in ``seat`` with his ``chips`` (a ledger entry "tournament")."""
        self._tournament_only("the tournament seats players")
        seat, chips = int(c["seat"]), int(c["chips"])
        self._empty_seat(seat)
        token_hash = c.get("token_hash")
        account = self.account_of(str(token_hash)) if token_hash else None
        if account is None:
            bot = c.get("bot")
            account = Account(self.seq + 1, str(c["name"]), None if bot is None else str(bot),
                              None if token_hash is None else str(token_hash))  # fmt: skip
            self.accounts[account.player] = account
        meta = self._seat(seat, account)
        self._enter(meta, "buy-in", chips, "tournament")

    def _do_tstand(self, c: dict[str, Any]) -> None:
        """The tournament takes the player in ``seat`` away with his chips (``why``:
        moved, out …)."""
        self._tournament_only("the tournament moves players")
        seat = int(c["seat"])
        meta = self.taken(seat)
        self.game.stand(seat, meta)
        self.free(seat, str(c.get("why") or "tournament"))

    def _do_tchips(self, c: dict[str, Any]) -> None:
        """The tournament gives the player in ``seat`` more ``chips`` (a rebuy, the
        add-on: a ledger entry "tournament")."""
        self._tournament_only("the tournament gives chips")
        meta = self.taken(int(c["seat"]))
        chips = int(c["chips"])
        if chips < 1:
            raise IllegalActionError(f"{chips} chips: the tournament gives 1 or more")
        self._enter(meta, "buy-in", chips, "tournament")

    def _do_tlevel(self, c: dict[str, Any]) -> None:
        """The tournament's level for the next deals (``small``, ``big``, ``ante``,
        ``bb_ante``) and the next deal's ``button`` seat."""
        self._tournament_only("the tournament sets the level")
        self.game.set_level(c)

    def _do_act(self, c: dict[str, Any]) -> None:
        self.game.act(c)
        self._draw_bank(c)

    def _do_choose(self, c: dict[str, Any]) -> None:
        self.game.choose(c)
        self._draw_bank(c)

    def _draw_bank(self, c: dict[str, Any]) -> None:
        """A person's move that took longer than the turn timer used his time bank:
        the seconds its command says, all of it when the time ran out."""
        meta = self.seats[int(c["seat"])]
        if meta is None or meta.bot is not None or self.settings.time_bank == 0:
            return
        used = self.bank_used.get(meta.owner, 0.0)
        drawn = self.settings.time_bank if c.get("why") == "timeout" else float(c.get("bank") or 0)
        if drawn > 0:
            self.bank_used[meta.owner] = min(float(self.settings.time_bank), used + drawn)

    def bank_left(self, seat: int) -> float:
        """Seconds left in the time bank of the person in ``seat`` (0: a bot, none, or
        Pai Gow, where everyone sets his hands at once: no turns to bank time for)."""
        meta = self.seats[seat]
        if meta is None or meta.bot is not None or self.game.banked:
            return 0.0
        return max(0.0, self.settings.time_bank - self.bank_used.get(meta.owner, 0.0))

    def _do_wager(self, c: dict[str, Any]) -> None:
        self.game.wager(c)

    def _do_set(self, c: dict[str, Any]) -> None:
        self.game.set_hands(c)

    def note_move(self, seat: int, why: object) -> None:
        """A move of ``seat`` was made: a timeout counts a miss, his own clears them."""
        meta = self.seats[seat]
        if meta is not None:
            if why == "timeout":
                meta.misses += 1
            elif why is None:
                meta.misses = 0

    # -- what the table does by itself --------------------------------------------------------
    def next_auto(
        self, *, connected: set[int], idle: float, bot_delay: float, deal_delay: float
    ) -> Auto | None:
        """What to do next without a player, and after how many seconds.

        ``idle`` is the time since the last change; ``connected`` the seats with
        a live connection; ``bot_delay`` the bots' delay of a table that sets none.
        """
        away = self.away_unseat(self.game.playing)
        if away is not None and away.delay == 0:
            return away
        plan: Auto | None = None
        if self.in_hand:
            plan = self.game.next_auto(connected=connected, idle=idle, bot_delay=bot_delay)
        elif self.can_deal() and not self.paused and not self.closed:
            deal = Auto(max(0.0, deal_delay - idle), {"kind": "deal"})
            plan = self.game.deal_plan(deal, connected=connected, idle=idle, bot_delay=bot_delay)
        if away is not None and (plan is None or away.delay < plan.delay):
            return away  # an away seat's time runs out first
        return plan

    def away_unseat(self, playing: Callable[[int, SeatMeta], bool]) -> Auto | None:
        """The next unseating of a person sat out longer than the table keeps an away
        seat (``away_minutes`` since he sat out; one sat out before the time was
        recorded: :data:`AWAY_DEALS` deals), the soonest (delay 0: due now);
        ``playing``: whether a seat is in the game now. Decided by the clock while the
        server runs: the unseat command it makes is what the log keeps."""
        soonest: Auto | None = None
        keep = 60.0 * self.settings.away_minutes
        for seat, meta in enumerate(self.seats):
            if meta is None or meta.bot is not None or not meta.sat_out:
                continue
            if playing(seat, meta):
                continue
            command = {"kind": "unseat", "seat": seat, "why": "away"}
            if meta.away_at is None:
                if meta.away_deals >= AWAY_DEALS:
                    return Auto(0.0, command)
                continue
            delay = max(0.0, meta.away_at + keep - time.time())
            if soonest is None or delay < soonest.delay:
                soonest = Auto(delay, command)
        return soonest

    def bot_delay(self, server_delay: float) -> float:
        """Seconds a bot waits before it acts: the table's, else the server's."""
        mine = self.settings.bot_seconds
        return server_delay if mine is None else mine

    def person_wait(self, seat: int, connected: set[int]) -> float | None:
        """Seconds a person in ``seat`` has to act: the turn timer; with no timer, none
        while he is connected (None) and :data:`NO_TIMER_WAIT` once he is not."""
        limit = float(self.settings.turn_seconds)
        if limit == 0:
            return None if seat in connected else NO_TIMER_WAIT
        return limit + self.bank_left(seat)

    def after_timeout(self, seat: int, connected: bool) -> dict[str, Any] | None:
        """A sit-out command for a player who missed his turn and is away or keeps missing."""
        meta = self.seats[seat]
        if meta is None or meta.sat_out or meta.bot is not None:
            return None
        if not connected or meta.misses >= MISSES_TO_SIT_OUT:
            return {"kind": "sitout", "seat": seat, "why": "timeout"}
        return None

    # -- what clients receive -------------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        """The parts of the state every viewer sees alike (computed once per update)."""
        public = self.game.public_state()
        if self.hud.on:  # (no key while it is off: the states stored before it are unchanged)
            public["hud"] = self.hud.public([None if m is None else m.name for m in self.seats])
        return public

    def public_seat(self, seat: int, meta: SeatMeta) -> dict[str, Any]:
        """A taken seat as every viewer sees it, with its chips (the game adds its own)."""
        status = (
            "buy-in waits for the host"
            if self.accounts[meta.owner].pending
            else "leaving"
            if meta.leaving
            else "sat out"
            if meta.sat_out
            else "playing"
            if meta.in_game
            else "out of chips"
            if meta.stack == 0
            else "waiting"
        )
        public = {
            "seat": seat,
            "name": meta.name,
            "bot": meta.bot,
            "status": status,
            "player": meta.owner,
        }
        if meta.sat_out and meta.away_at is not None:
            public["away_at"] = meta.away_at
            if meta.away_why == "timeout":
                public["away_why"] = "timeout"
        public["host"] = meta.token_hash == self.host_hash
        public["chips"] = self.game.stack_of(seat, meta)
        return public

    def public_seats(self) -> list[dict[str, Any] | None]:
        """Every seat (``None`` when empty) as every viewer sees it, with its chips."""
        return [
            None if meta is None else self.public_seat(i, meta) for i, meta in enumerate(self.seats)
        ]

    def public_ledger(self, in_middle: int) -> dict[str, Any]:
        """The ledger's rows, the settle-up, and the chips ``in_middle`` of the table."""
        rows = self.ledger_rows()
        transfers = self.transfers(rows)
        return {
            "rows": rows,
            "transfers": None if transfers is None else [t.to_dict() for t in transfers],
            "in_middle": in_middle,
            "host_seat": self.seat_of(self.host_hash),
            "paused": self.paused,
            "closed": self.closed,
            "queued": self.queued,
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
        turn = {
            "seat": seat,
            "seconds_left": None if turn_left is None else round(max(0.0, turn_left), 1),
            "limit": self.settings.turn_seconds,
        }
        if self.settings.time_bank:  # (seconds_left counts it: the timer, then the bank)
            turn["bank"] = round(self.bank_left(seat), 1)
        return turn

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
        state = {"type": "state", "version": self.seq}
        state |= self.game.own_state(seat, turn_left=turn_left, public=public)
        if "hud" in public:
            state["hud"] = public["hud"]
        return state

    def common_settings(self) -> dict[str, Any]:
        """The settings every table shows (a game adds its own)."""
        s = self.settings
        return {
            "id": self.id,
            "name": s.name,
            "stack": s.stack,
            "seats": s.seats,
            "turn_seconds": s.turn_seconds,
            **({"time_bank": s.time_bank} if s.time_bank else {}),
            "bot_seconds": s.bot_seconds,
            "auto_limit": self.auto_limit,
            "away_minutes": s.away_minutes,
            "seat_approval": s.seat_approval,
            # A tournament's table: the tournament seats, moves and rebuys the players.
            **({"tournament": True} if self.tournament else {}),
        }

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        """Deal ``number``'s as ``seat`` may see it, for a step-by-step replay."""
        return self.game.history_for(seat, number)


@lru_cache(maxsize=256)
def _settled(nets: tuple[tuple[str, int], ...]) -> tuple[Transfer, ...]:
    """:func:`~straights.web.ledger.settle_up`, remembered (it is asked at every update)."""
    return tuple(settle_up(dict(nets)))


def _same(stored: str | None, digest: str) -> bool:
    """Whether a stored token hash is ``digest``, compared in constant time."""
    return stored is not None and hmac.compare_digest(stored, digest)
