"""Live tables, connections and the loop that lets bots and timers act.

Every change goes through :meth:`TableManager.run`: under the table's lock the
command is applied (an illegal one raises and changes nothing), committed to
the database — with the commands of other tables that wait at the same moment,
in one transaction (:mod:`~straights.web.group_commit`) — and only then, the
lock still held, are the new views sent. Whatever shows a table's state takes
its lock first, so nothing is shown before it is stored. A failed commit
rebuilds the table from the database. A closed table leaves memory: it is read
back from the database when someone asks for it (:meth:`TableManager.lookup`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from straights.bots import Bot, make_bot
from straights.errors import (
    IllegalActionError,
    MissingExtraError,
    StoreError,
    StraightsError,
)
from straights.game.wording import seat_label
from straights.poker.catalogue import find_variant
from straights.store import LogEntry, LogWrite, Store, TableRecord
from straights.web.group_commit import GroupCommit
from straights.web.house_rules import house_words
from straights.web.hud import NOT_POKER, public_phhs
from straights.web.keyed_random import bot_random, new_secret
from straights.web.ledger import ledger_csv
from straights.web.protocol import (
    Act,
    AddBot,
    Adjust,
    Admit,
    Answer,
    Back,
    Change,
    Chat,
    Choose,
    ClientMessage,
    Close,
    Hello,
    History,
    Leave,
    LetBack,
    MakeHost,
    MuckLosers,
    Mute,
    Pause,
    Ping,
    ProtocolError,
    Rebuy,
    Remove,
    RemoveBot,
    SetHands,
    ShowHud,
    Sit,
    SitOut,
    TableSettings,
    Wager,
    error_reply,
    straights_games,
)
from straights.web.seats import SHARED
from straights.web.straights_move import MOVE, replay, stored_before_the_move
from straights.web.tables import WebTable, make_table
from straights.web.throttle import TokenBucket
from straights.web.tokens import check_token, hash_token, new_token

log = logging.getLogger("straights.web")


def to_json(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: the broadcast serialises every seat's
    state after every command, and this is several times faster than ``json``).

    >>> to_json({"type": "pong", "names": ["Zoé"]})
    '{"type":"pong","names":["Zoé"]}'
    """
    return orjson.dumps(message).decode()


#: Messages a connection may send per second, and in one burst.
RATE, BURST = 20.0, 40
#: Messages all the sockets of one client address may send per second, and in one burst.
ADDRESS_RATE, ADDRESS_BURST = 60.0, 120
#: Refused messages after which a flooding connection is closed.
FLOOD_CLOSE = 200
#: Messages waiting for a slow client before it is disconnected (it will reconnect).
QUEUE_LIMIT = 256
#: Chat messages one player may send per second, and in one burst.
CHAT_RATE, CHAT_BURST = 0.5, 5
#: Chat lines a table keeps for those who join (chat is not stored in the database).
CHAT_KEPT = 50
#: History answers a table keeps (each a finished deal as one viewer may see it).
HISTORY_KEPT = 256
#: History answers one client address may have computed per second, and in one burst
#: (answers already kept cost nothing).
HISTORY_RATE, HISTORY_BURST = 4.0, 20
#: Closed tables kept in memory after someone asked for one (the rest are in the store).
ARCHIVED_KEPT = 8


#: What a command concerns: ("seat", n), ("player", n), ("turn", 0) or ("kind", name).
Mark = tuple[str, int | str]
#: Commands after which an action answering an older state is stale at every seat.
_TURN_KINDS = frozenset({"act", "deal", "forfeit"})
#: The host's settings: a second pause, change or hand-over answering the same state
#: is a duplicate.
_HOST_KINDS = frozenset({"pause", "change", "host", "close"})


def marks_of(command: dict[str, Any]) -> list[Mark]:
    """What ``command`` concerns, for telling stale messages apart.

    >>> marks_of({"kind": "act", "seat": 2, "action": "check"})
    [('seat', 2), ('turn', 0)]
    >>> marks_of({"kind": "answer", "player": 5, "accept": True})
    [('player', 5)]
    """
    kind = command.get("kind")
    marks: list[Mark] = []
    if isinstance(seat := command.get("seat"), int):
        marks.append(("seat", seat))
    if isinstance(player := command.get("player"), int):
        marks.append(("player", player))
    if kind in _TURN_KINDS:
        marks.append(("turn", 0))
    if kind in _HOST_KINDS:
        marks.append(("kind", str(kind)))
    return marks


def note(marks: dict[Mark, int], seq: int, command: dict[str, Any]) -> None:
    """Record that the command stored as version ``seq`` concerned what it concerns."""
    for mark in marks_of(command):
        marks[mark] = seq


class AccessError(StraightsError):
    """A token that does not hold the seat (or host rights) an action needs."""


#: What a player is told while his table waits for the database (never its address).
WAITING = (
    "the table is waiting for its database (the server's database is unavailable): "
    "nothing was done; the table resumes by itself when the database answers"
)


#: What a closed table's reader is told while the database is away (never its address).
UNREADABLE = (
    "the server's database is unavailable: this closed table is read from it; try again soon"
)


class Throttled(StraightsError):
    """A request over its address's budget: refused, nothing done."""


class TableWaiting(StraightsError):
    """A table whose last command could not be stored: it is paused (timers stopped,
    bots waiting) and refuses everything until the database answers again."""

    def __init__(self, message: str = WAITING) -> None:
        super().__init__(message)


SendText = Callable[[str], Awaitable[None]]
#: Seconds one message may take to go out before the client counts as not reading.
SEND_TIMEOUT = 20.0


class Connection:
    """One WebSocket client: what it watches, which seat it holds, its flood bucket."""

    def __init__(
        self,
        send_text: SendText,
        peer: str = "?",
        *,
        abort: Callable[[], None] | None = None,
        send_timeout: float = SEND_TIMEOUT,
        expensive: TokenBucket | None = None,
    ) -> None:
        self.peer = peer
        #: The budget for expensive requests (history), shared by the address's sockets.
        self.expensive = expensive
        #: Drops the connection at once, unsent data and all (a client that stopped reading).
        self.abort = abort
        self.send_timeout = send_timeout
        self.live: LiveTable | None = None
        self.seat: int | None = None
        self.owner: int | None = None  # the player (WebTable SeatMeta.owner) behind the seat
        #: Hashes of the tokens this client proved it holds (its player token, the host's).
        self.digests: set[str] = set()
        self.bucket = TokenBucket(RATE, BURST)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)
        self.closed = False
        self._send_text = send_text

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client too slow to keep up is cut off (and will reconnect)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else to_json(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued messages in order until closed. A message that cannot go out
        in ``send_timeout`` seconds (the client stopped reading and its buffers are
        full) ends the connection hard: a graceful close would wait for them too."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                try:
                    await asyncio.wait_for(self._send_text(text), self.send_timeout)
                except TimeoutError:
                    log.warning("%s stopped reading: connection dropped", self.peer)
                    self.closed = True
                    if self.abort is not None:
                        self.abort()
                    return
                if self.closed and self.queue.empty():
                    return
        finally:
            self.closed = True


@dataclass(eq=False)
class LiveTable:
    """A table in memory with its connections, lock and driver task."""

    table: WebTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    changed_at: float = field(default_factory=time.monotonic)
    bots: dict[int, tuple[int, Bot]] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None
    #: History answers (JSON text) by (deal, viewer's seat): a finished deal never
    #: changes; the last :data:`HISTORY_KEPT` asked for are kept.
    history_cache: collections.OrderedDict[tuple[int, int | None], str] = field(
        default_factory=collections.OrderedDict
    )
    #: The last chat lines, each a ready ``chat`` message.
    chat: collections.deque[dict[str, Any]] = field(
        default_factory=lambda: collections.deque(maxlen=CHAT_KEPT)
    )
    #: Chat buckets and mutes by player (SeatMeta.owner; 0 is the host without a seat).
    chat_buckets: dict[int, TokenBucket] = field(default_factory=dict)
    muted: set[int] = field(default_factory=set)
    #: The version of the last stored command that concerned each seat, player, turn
    #: and host setting (see :func:`marks_of`): what makes an older message stale.
    marks: dict[Mark, int] = field(default_factory=dict)
    #: Each person's last chat line and the version it answered (a repeat is refused).
    said: dict[int, tuple[int, str]] = field(default_factory=dict)
    #: True while a command could not be stored: ``table`` may hold it, so nothing of
    #: the table is shown or changed until it is rebuilt from the database.
    waiting: bool = False
    recovery: asyncio.Task[None] | None = None
    #: The seats with a live connection when the state was last sent (offline marks).
    online: set[int] = field(default_factory=set)
    #: Requests for a seat waiting for the host (a table with ``seat_approval``), by
    #: seat: who asks, his message and the token he will hold (not stored: a request
    #: lives while its connection does).
    requests: dict[int, tuple[Connection, Sit, str]] = field(default_factory=dict)
    #: A table another part of the server drives (a tournament's, see
    #: :meth:`TableManager.attach`): a player's move goes to it with his token.
    driver: Callable[[dict[str, Any], str], Awaitable[None]] | None = None
    #: The version of a driven table last sent to its watchers.
    shown: int = -1

    def ready(self) -> None:
        """Raise :class:`TableWaiting` while the table waits for its database."""
        if self.waiting:
            raise TableWaiting

    def seat_of(self, conn: Connection) -> int | None:
        """The connection's seat if its player still holds it (else it is a spectator now).

        A seat is bound to the player, not the number: once he leaves or is removed,
        his other open connections must not see the next occupant's cards.
        """
        if conn.seat is None:
            return None
        meta = self.table.seats[conn.seat]
        if meta is None or meta.owner != conn.owner:
            conn.seat = conn.owner = None
            return None
        return conn.seat

    def is_host(self, conn: Connection) -> bool:
        """True while ``conn`` holds the token the host role belongs to."""
        return any(self.table.hosts(d) for d in conn.digests)

    def connected_seats(self) -> set[int]:
        return {s for c in self.conns if not c.closed and (s := self.seat_of(c)) is not None}

    def public_state(self, *, to_all: bool = True) -> dict[str, Any]:
        """The table's public state with each person's seat that has no live
        connection marked ``offline``; ``to_all``: it is sent to every viewer (who then
        know who is connected: :attr:`online`)."""
        public = self.table.public_state()
        online = self.connected_seats()
        if to_all:
            self.online = online
        for seat, (conn, _msg, _token) in list(self.requests.items()):
            if conn.closed or self.table.seats[seat] is not None:
                del self.requests[seat]  # he went, or the seat was taken meanwhile
        public["ledger"] = public["ledger"] | {
            "requests": [{"seat": k, "name": m.name} for k, (_c, m, _t) in self.requests.items()]
        }
        for i, seat in enumerate(public.get("seats") or []):
            if seat is not None and seat.get("bot") is None and i not in online:
                seat["offline"] = True
        return public

    def banned(self, conn: Connection) -> bool:
        """Whether the host removed (and has not let back) the player of ``conn``."""
        for account in self.table.accounts.values():
            if account.token_hash in conn.digests and account.player in self.table.removed:
                return True
        return False


#: The host's changes as the chat announces them.
_CHANGE_WORDS = {
    "ante": "stakes {} (ante)",
    "betting": "structure {}",
    "turn_seconds": "timer {} s",
    "auto_limit": "automatic buy-in limit {}",
    "bot_seconds": "bots' delay {} s",
    "away_minutes": "away seats kept {} min",
    "time_bank": "time bank {} s",
    "house_way": "the house way {}",
}

#: The table's betting (:class:`~straights.web.protocol.Change`) as the chat says it.
_BETTING_WORDS: dict[str, Callable[[Any], str]] = {
    "straddle": lambda v: {"utg": "straddle under the gun", "button": "straddle on the button"}.get(
        v, "no straddle"
    ),
    "runs": lambda v: "run it once only" if v == 1 else f"run it up to {v} times if all agree",
    "bomb_pot_every": lambda v: (
        "a bomb pot every deal"
        if v == 1
        else f"a bomb pot every {v} deals"
        if v
        else "no bomb pots"
    ),
    "bomb_pot_ante": lambda v: f"bomb pot ante {v or 'of 2 big blinds'}",
    "double_board": lambda v: "double board" if v else "one board",
}


def muck_command(seat: int | None, msg: MuckLosers) -> dict[str, Any]:
    """The table's ``muck`` command of ``seat``'s standing choice (``ask`` is stored
    only when it is the choice set, so that logs of before replay as they were).

    >>> muck_command(2, MuckLosers(type="muck", token="t" * 8, on=True, ask=True))
    {'kind': 'muck', 'seat': 2, 'on': True, 'ask': True}
    """
    command: dict[str, Any] = {"kind": "muck", "seat": seat, "on": msg.on}
    return command | {"ask": True} if msg.ask else command


def change_text(command: dict[str, Any], queued: dict[str, Any] | None) -> str:
    """The chat's line for the host's ``change`` (``queued``: the table's change
    waiting for the next deal after it).

    >>> change_text({"kind": "change", "ante": 5, "turn_seconds": 45}, {"ante": 5})
    'The host set stakes 5 (ante), timer 45 s: from the next deal.'
    >>> change_text({"kind": "change", "ante": 2}, None)
    'The host set stakes 2 (ante).'
    >>> change_text({"kind": "change", "seat_approval": True}, None)
    'The host set seats on approval.'
    >>> change_text({"kind": "change", "straddle": "utg", "runs": 2, "time_bank": 30}, None)
    'The host set time bank 30 s, straddle under the gun, run it up to 2 times if all agree.'
    >>> change_text({"kind": "change", "games": ["razz"], "ante": 2}, None)[:67]
    'The host changed the games to Fixed-limit razz, from the next deal.'
    """
    if "games" in command:  # always for the next deal (a deal on keeps its game)
        rest = change_text({k: v for k, v in command.items() if k != "games"}, queued)
        said = "" if rest == "The host changed nothing." else " " + rest
        games = games_words(command["games"])
        return f"The host changed the games to {games}, from the next deal.{said}"
    parts = [_CHANGE_WORDS[k].format(v) for k, v in command.items() if k in _CHANGE_WORDS]
    parts += [_BETTING_WORDS[k](v) for k, v in command.items() if k in _BETTING_WORDS]
    if "seat_approval" in command:
        parts.append("seats " + ("on approval" if command["seat_approval"] else "open to all"))
    if "house" in command:
        parts.append(house_words(command["house"]))
    if not parts:
        return "The host changed nothing."
    later = queued is not None and any(k in queued for k in command)
    return f"The host set {', '.join(parts)}{': from the next deal' if later else ''}."


def games_words(games: list[str]) -> str:
    """A change's games (names or codes, as checked by the table) as the chat says them.

    >>> games_words(["FT"])
    "Fixed-limit Texas hold'em"
    >>> games_words(["razz", "F7S", "FT"])
    "dealer's choice of Fixed-limit razz, Fixed-limit seven-card stud and Fixed-limit Texas hold'em"
    """
    names = list(dict.fromkeys(find_variant(g).name for g in games))
    if len(names) == 1:
        return names[0]
    return f"dealer's choice of {', '.join(names[:-1])} and {names[-1]}"


class TableManager:
    """All live tables of one server process."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.8,
        deal_delay: float = 3.0,
        max_tables: int = 1000,
        max_per_address: int = 50,
    ) -> None:
        self.store = store
        #: Open tables created from each client address since start-up, by table id.
        self.created_by: dict[str, str] = {}
        self.max_per_address = max_per_address
        self.commits = GroupCommit(store)
        #: Each table's row in the store, by its public id.
        self.row_ids: dict[str, int] = {}
        self.bot_delay = bot_delay
        self.deal_delay = deal_delay
        self.max_tables = max_tables
        #: Open tables (a table just closed, until it is archived: see _archive).
        self.tables: dict[str, LiveTable] = {}
        #: Closed tables read back from the store for a link, a ledger or a history
        #: (the last :data:`ARCHIVED_KEPT` asked for); every other closed table is only
        #: its row id in :attr:`row_ids`.
        self.archived: collections.OrderedDict[str, LiveTable] = collections.OrderedDict()
        self._archiving: set[asyncio.Task[None]] = set()
        self._stopping = False
        #: Tables another part of the server deals and stores (a tournament's), by id.
        self.driven: dict[str, LiveTable] = {}

    # -- life cycle -----------------------------------------------------------------------
    def _rebuild(self, row: TableRecord, marks: dict[Mark, int] | None = None) -> WebTable:
        """Table ``row`` replayed from its stored log (``marks`` filled as it goes); a
        Straights table of an earlier release moves to the one table, the move stored
        once (:mod:`~straights.web.straights_move`)."""
        assert row.key is not None and row.seed is not None and row.host_hash is not None
        settings = TableSettings.model_validate(row.settings)
        table = make_table(row.key, settings, row.seed, row.host_hash)

        def noted(entry: LogEntry) -> None:
            if marks is not None:
                note(marks, entry.seq, entry.command)

        if replay(table, settings, self.store.log(row.id), noted) and not row.finished:
            self.store.append(row.id, table.seq, dict(MOVE), [])
        return table

    async def start(self) -> None:
        """Import the bots' kernels, load and replay every stored table, then start
        their drivers."""
        await asyncio.to_thread(import_kernels)
        for row in self.store.tables(kind="web"):
            assert row.key is not None
            self.row_ids[row.key] = row.id
            if row.finished:  # closed: read from the store when asked (see lookup)
                continue
            marks: dict[Mark, int] = {}
            try:
                live = LiveTable(self._rebuild(row, marks), marks=marks)
            except Exception:
                # One table that no longer replays must not keep the others offline.
                log.exception("table %s does not replay; it stays closed", row.key)
                continue
            if live.table.closed:  # closed, but not yet marked so (the database failed)
                self.store.finish_table(row.id)
                continue
            self.tables[row.key] = live
            live.task = asyncio.create_task(self._drive(live), name=f"table-{row.key}")
        log.info("resumed %d table(s)", len(self.tables))

    async def stop(self) -> None:
        self._stopping = True
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        tasks += self._archiving
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- creating tables ----------------------------------------------------------------------
    def open_tables(self) -> int:
        """Tables not closed: closed ones stay readable (link, ledger, history) but
        count against no limit."""
        return sum(not live.table.closed for live in self.tables.values())

    async def create(self, settings: TableSettings, address: str = "") -> tuple[str, str]:
        """A new table with its bots, created from ``address``; returns its id and the
        host token. At most ``max_tables`` open tables, and ``max_per_address`` of them
        created from one address since start-up (closed ones count in neither)."""
        if self.open_tables() >= self.max_tables:
            raise ProtocolError(
                f"this server holds its limit of {self.max_tables} open tables: "
                "try again when some have closed"
            )
        mine = sum(1 for a in self.created_by.values() if a == address and address)
        if address and mine >= self.max_per_address:
            raise Throttled(
                f"your address has {mine} open tables, the most it may have: "
                "close one (host menu) before creating another"
            )
        if settings.bot_seconds is None:  # the table keeps the server's delay as its own
            settings = settings.model_copy(update={"bot_seconds": self.bot_delay})
        if stored_before_the_move(settings):  # Straights named by its pack and betting
            settings = straights_games(settings).model_copy(update={"edition": 5})
        table_id = secrets.token_urlsafe(9)
        host = new_token()
        seed = new_secret()
        table = make_table(table_id, settings, seed, hash_token(host))
        row = await asyncio.to_thread(
            self.store.create_table,
            "web",
            table.game.config,
            seed=seed,
            name=settings.name or table_id,
            settings=settings.model_dump(),
            key=table_id,
            host_hash=hash_token(host),
        )
        self.row_ids[table_id] = row.id
        live = LiveTable(table)
        self.tables[table_id] = live
        if address:
            self.created_by[table_id] = address
        for k in range(settings.bots):
            await self.run(live, {"kind": "bot", "seat": k + 1, "bot": settings.bot_kind})
        live.task = asyncio.create_task(self._drive(live), name=f"table-{table_id}")
        return table_id, host

    async def ledger_csv(self, table_id: str, token: str) -> str:
        """Table ``table_id``'s ledger and settle-up as CSV, for its host or a player
        who sat there (``token``); raises :class:`AccessError` for anyone else."""
        live = await self.lookup(table_id)
        if live is None:
            raise ProtocolError(f"no table {table_id!r} on this server")
        async with live.lock:
            live.ready()
            table = live.table
            digest = hash_token(token) if token else ""
            if not token or not (table.hosts(digest) or table.account_of(digest) is not None):
                raise AccessError("the ledger is for the players of this table: send your token")
            return ledger_csv(table.ledger_rows(), table.transfers() or [])

    async def hands_phhs(self, table_id: str, token: str) -> str:
        """Table ``table_id``'s poker deals as a ``.phhs`` file (unshown cards hidden:
        :func:`~straights.web.hud.public_phhs`), for the same people as its ledger."""
        await self.ledger_csv(table_id, token)  # the same check of the token
        rows = await asyncio.to_thread(
            self.store.hands, table_id=self.row_ids[table_id], limit=1_000_000
        )
        texts = [r.phh for r in reversed(rows) if r.game not in NOT_POKER]
        return await asyncio.to_thread(public_phhs, texts)

    async def info(self, table_id: str) -> dict[str, Any] | None:
        """What the home page shows of a table before joining it (None: no such table)."""
        live = await self.lookup(table_id)
        if live is None:
            return None
        async with live.lock:
            live.ready()
            table = live.table
            taken = sum(m is not None for m in table.seats)
            return table.game.public_settings() | {
                "seats_taken": taken,
                "hands": table.hand_number,
                "closed": table.closed,
            }

    # -- the one way to change a table ------------------------------------------------------------
    async def run(
        self, live: LiveTable, command: dict[str, Any], *, seen: int | None = None
    ) -> None:
        """Apply, store, then broadcast one command (caller must not hold the lock);
        ``seen``, when given, is the table version the sender saw (see :meth:`_fresh`)."""
        if live.driver is not None:
            raise IllegalActionError(
                "at a tournament's table you only act: the tournament seats and moves the players"
            )
        async with live.lock:
            self._fresh(live, seen, command)
            # The new state goes out as soon as the transaction has committed (from
            # the group commit itself, not a turn of the loop later, when this resumes).
            await self._commit(live, command, then=lambda: self.broadcast(live))

    @staticmethod
    def _fresh(live: LiveTable, seen: int | None, command: dict[str, Any]) -> None:
        """Refuse ``command`` when it answers a state older than a stored command that
        concerned the same seat, player, turn or host setting (caller holds the lock):
        a duplicated frame, a second tab's click on a turn already played, or a
        click that raced the deal on. Its sender is told once; nothing changes.

        >>> live = LiveTable(make_table("tbl1", TableSettings(), 7, "h" * 64))
        >>> sit = {"kind": "sit", "seat": 2, "name": "Ann", "token_hash": "a" * 64}
        >>> _ = live.table.apply(sit)
        >>> note(live.marks, live.table.seq, sit)
        >>> TableManager._fresh(live, 0, {"kind": "back", "seat": 2})
        Traceback (most recent call last):
        ...
        straights.errors.IllegalActionError: that answers an older state of the table ...
        >>> TableManager._fresh(live, 1, {"kind": "back", "seat": 2})  # nothing newer
        """
        if seen is None:
            return
        now = live.table.seq
        if seen > now:
            raise IllegalActionError(
                f"version {seen} is newer than the table's ({now}): reload the page"
            )
        if any(live.marks.get(mark, 0) > seen for mark in marks_of(command)):
            raise IllegalActionError(
                f"that answers an older state of the table (version {seen}, now {now}): "
                "it was not applied; look again"
            )

    async def _commit(
        self, live: LiveTable, command: dict[str, Any], then: Callable[[], None] | None = None
    ) -> None:
        """Apply ``command`` and wait until it is stored (the caller holds the lock);
        ``then`` is called once it is, before this returns."""
        live.ready()
        table = live.table
        events = table.apply(command)  # raises (state unchanged) when illegal
        row_id = self.row_ids[table.id]
        # A deal the command finished is archived in the same transaction.
        write = LogWrite(row_id, table.seq, command, events, table.game.archive_entry(events))

        waiting = True  # False once the caller is gone (and with it the table's lock)

        def stored() -> None:
            note(live.marks, write.seq, command)
            if table.closed:
                self.created_by.pop(table.id, None)
                task = asyncio.create_task(self._archive(live, row_id))
                self._archiving.add(task)
                task.add_done_callback(self._archiving.discard)
            live.changed_at = time.monotonic()
            live.wake.set()
            if then is not None and waiting:
                then()

        done = self.commits.write(write, stored)
        try:
            await asyncio.shield(done)  # a cancelled caller leaves the write in its batch
        except asyncio.CancelledError:
            # The server is stopping: should the write still fail, the table must not
            # keep the command either.
            waiting = False

            def settled(d: asyncio.Future[None]) -> None:
                if (error := d.exception()) is not None:
                    self._hold(live, row_id, error)

            done.add_done_callback(settled)
            raise
        except Exception as error:
            self._hold(live, row_id, error)
            raise TableWaiting from None

    async def _archive(self, live: LiveTable, row_id: int) -> None:
        """A table just closed leaves memory: marked finished in the store (should that
        fail, the next start marks it), its driver stopped, and dropped from the live
        tables; those who watch it keep its final state, and :meth:`lookup` reads it
        back from the store for anyone else."""
        try:
            await asyncio.to_thread(self.store.finish_table, row_id)
        except Exception as exc:
            log.warning("table %s closed; not yet marked so (%s)", live.table.id, exc)
        if self.tables.get(live.table.id) is live:
            del self.tables[live.table.id]
        if live.task is not None:
            live.task.cancel()
            live.task = None

    def attach(
        self, table: WebTable, driver: Callable[[dict[str, Any], str], Awaitable[None]]
    ) -> None:
        """Serve ``table``, which another part of the server deals and stores (a
        tournament's), at the normal table page: the manager never deals there nor
        stores its commands; a player's move goes to ``driver`` (with his token),
        which applies and stores it. Called again after every change (a table
        rebuilt from its log replaces the old), it sends everyone watching the new
        state. A closed table (the tournament broke it, or ended) is sent once more,
        then dropped from :attr:`driven`: its watchers keep its final state.

        >>> m = TableManager(Store("sqlite://"))
        >>> t = make_table("k-1", TableSettings(), 7, "")
        >>> async def driver(command: dict[str, Any], token: str) -> None: ...
        >>> m.attach(t, driver); list(m.driven)
        ['k-1']
        >>> _ = t.apply({"kind": "close"})
        >>> m.attach(t, driver); m.attach(t, driver); list(m.driven)
        []
        """
        live = self.driven.get(table.id)
        if table.closed:
            if live is not None:
                del self.driven[table.id]
                live.table, live.driver = table, driver
                live.shown = table.seq
                self.broadcast(live)
            return
        if live is None:
            live = self.driven[table.id] = LiveTable(table, driver=driver)
        elif live.table is not table:
            live.table, live.driver = table, driver
            live.history_cache.clear()
        elif live.online == live.connected_seats() and live.shown == table.seq:
            return
        live.shown = table.seq
        live.changed_at = time.monotonic()
        self.broadcast(live)

    async def lookup(self, table_id: str) -> LiveTable | None:
        """Table ``table_id``: a live one, else a closed one read back from the store
        (kept among the last :data:`ARCHIVED_KEPT` asked for); None if there is none."""
        if (driven := self.driven.get(table_id)) is not None:
            return driven
        live = self.tables.get(table_id) or self.archived.get(table_id)
        if live is not None:
            if table_id in self.archived:
                self.archived.move_to_end(table_id)
            return live
        row_id = self.row_ids.get(table_id)
        if row_id is None:
            return None
        marks: dict[Mark, int] = {}
        try:
            table = await asyncio.to_thread(self._reload, row_id, marks)
        except StraightsError as exc:
            if not isinstance(exc, StoreError):
                # A log that no longer replays: logged, not tried again (as at start).
                log.exception("table %s does not replay; it stays closed", table_id)
                self.row_ids.pop(table_id, None)
                return None
            log.warning("closed table %s could not be read (%s)", table_id, exc)
            raise TableWaiting(UNREADABLE) from None
        except Exception as exc:
            log.warning("closed table %s could not be read (%s)", table_id, exc)
            raise TableWaiting(UNREADABLE) from None
        live = self.archived.setdefault(table_id, LiveTable(table, marks=marks))
        while len(self.archived) > ARCHIVED_KEPT:
            self.archived.popitem(last=False)
        return live

    def _hold(self, live: LiveTable, row_id: int, error: BaseException) -> None:
        """Pause a table whose last command could not be stored: it stays as players
        last saw it (what is stored) and is rebuilt from the database once it answers."""
        log.error("could not store a command of table %s (%s); it waits", live.table.id, error)
        live.waiting = True
        if live.recovery is None and not self._stopping:
            live.recovery = asyncio.create_task(
                self._recover(live, row_id), name=f"recover-{live.table.id}"
            )

    async def _recover(self, live: LiveTable, row_id: int) -> None:
        """Rebuild a waiting table from its stored log as soon as the database answers
        (tried in a thread, every quarter second at first, then every 2 s), then
        resume it: timers start afresh and the players are sent the stored state."""
        delay = 0.25
        try:
            while not self._stopping:
                await asyncio.sleep(delay)
                marks: dict[Mark, int] = {}
                try:
                    table = await asyncio.to_thread(self._reload, row_id, marks)
                except Exception as exc:
                    log.warning("table %s still waits for its database (%s)", live.table.id, exc)
                    delay = min(2.0, delay * 2)
                    continue
                async with live.lock:
                    live.table, live.marks, live.waiting = table, marks, False
                    live.history_cache.clear()
                    live.changed_at = time.monotonic()
                    self.broadcast(live)
                    live.wake.set()
                log.info("table %s resumed from its stored log", table.id)
                return
        finally:
            live.recovery = None

    def _reload(self, row_id: int, marks: dict[Mark, int]) -> WebTable:
        return self._rebuild(self.store.table(row_id), marks)

    def turn_left(self, live: LiveTable) -> float | None:
        return live.table.game.turn_left(time.monotonic() - live.changed_at)

    def broadcast(self, live: LiveTable) -> None:
        """Send each connection its own view: what every viewer sees alike is serialised
        once, each seat's own part once per seat, and the two are joined as text.
        The caller holds the table's lock (what it sends is stored)."""
        cache: dict[tuple[int | None, bool, bool], str] = {}
        left = self.turn_left(live)
        table = live.table
        public = live.public_state()
        shared = to_json({k: public[k] for k in SHARED})
        shared = "," + shared[1:]  # its members, to follow a viewer's own members
        for conn in list(live.conns):
            seat = live.seat_of(conn)
            host = live.is_host(conn)
            banned = live.banned(conn)
            key = (seat, host, banned)
            text = cache.get(key)
            if text is None:
                state = table.own_state(seat, turn_left=left, public=public)
                state["you"] |= _host_part(table, host)
                state["you"]["banned"] = banned
                text = to_json(state)[:-1] + shared
                cache[key] = text
            conn.send(text)

    # -- bots and timers ------------------------------------------------------------------------
    def _bot(self, live: LiveTable, seat: int) -> Bot:
        meta = live.table.seats[seat]
        assert meta is not None and meta.bot is not None
        known = live.bots.get(seat)
        if known is None or known[0] != meta.owner:
            rng = bot_random(live.table.seed, seat, meta.owner)
            known = (meta.owner, make_bot(meta.bot, rng))
            live.bots[seat] = known
        return known[1]

    async def _drive(self, live: LiveTable) -> None:
        """Deal, let bots act, time players out — forever, one step per wake-up."""
        while not self._stopping:
            try:
                await self._step(live)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: automatic step failed", live.table.id)
                await asyncio.sleep(1.0)

    async def _step(self, live: LiveTable) -> None:
        table = live.table
        live.wake.clear()
        if live.waiting:  # paused until _recover wakes it
            await live.wake.wait()
            return
        if live.connected_seats() != live.online:  # someone (dis)connected: seats show it
            async with live.lock:
                self.broadcast(live)
        plan = table.next_auto(
            connected=live.connected_seats(),
            idle=time.monotonic() - live.changed_at,
            bot_delay=self.bot_delay,
            deal_delay=self.deal_delay,
        )
        if plan is None or plan.delay > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), None if plan is None else plan.delay)
            return
        seq = table.seq
        command = plan.command
        if plan.bot_seat is not None:
            seat = plan.bot_seat
            try:
                move = table.game.bot_move(seat, lambda: self._bot(live, seat))
                command = await asyncio.to_thread(move)
            except Exception:
                # A broken bot must not stall the table: it checks or folds.
                log.exception("table %s: the bot in seat %d failed", table.id, seat)
                command = table.game.fallback(seat, "bot")
        assert command is not None
        async with live.lock:
            if live.table is not table or table.seq != seq:
                return  # something happened meanwhile (or the table was rebuilt): plan again
            timeout = command.get("why") == "timeout"
            # Sent from the group commit as in run(); after a timeout, once the
            # sit-out that may follow it is stored too.
            then = None if timeout else (lambda: self.broadcast(live))
            try:
                await self._commit(live, command, then=then)
            except TableWaiting:
                return
            except StraightsError:
                if plan.bot_seat is None:
                    raise
                log.warning(
                    "table %s: bot action %s refused; it checks or folds", table.id, command
                )
                await self._commit(live, live.table.game.fallback(plan.bot_seat, "bot"), then=then)
            if timeout:
                seat = int(command["seat"])
                follow = live.table.after_timeout(seat, seat in live.connected_seats())
                if follow is not None:
                    follow["at"] = time.time()  # his seat is kept from now (away_minutes)
                    await self._commit(live, follow)
                self.broadcast(live)

    # -- messages from clients -------------------------------------------------------------------
    def _auth(self, conn: Connection, token: str, *, host_ok: bool = False) -> int | None:
        live = self._watching(conn)
        digest = hash_token(token)
        seat = live.table.seat_of(digest)
        if seat is not None:
            return seat
        if host_ok and (live.table.hosts(digest) or live.is_host(conn)):
            return None
        raise AccessError("this token does not hold a seat at this table: take a seat first")

    def _host(self, conn: Connection, token: str, what: str) -> LiveTable:
        """The table, if ``token`` (or this connection) holds the host role."""
        live = self._watching(conn)
        if not (live.table.hosts(hash_token(token)) or live.is_host(conn)):
            raise AccessError(f"only the host can {what}")
        return live

    def _watching(self, conn: Connection) -> LiveTable:
        if conn.live is None:
            raise ProtocolError("send a 'hello' naming a table first")
        return conn.live

    def detach(self, conn: Connection) -> None:
        """Forget a closed connection (its seat stays; timers decide if he is away)."""
        live = conn.live
        conn.close()
        if live is not None:
            live.conns.discard(conn)
            live.wake.set()
            self.online_changed(live)

    def online_changed(self, live: LiveTable) -> None:
        """At a table the manager does not drive (a tournament's, which has no loop
        here to notice): send everyone the seats' online marks when someone connected
        or disconnected since the last state."""
        if live.driver is not None and live.connected_seats() != live.online:
            self.broadcast(live)

    async def handle(self, conn: Connection, msg: ClientMessage) -> None:
        """Act on one validated message; user errors raise ``StraightsError``."""
        if isinstance(msg, Ping):
            conn.send({"type": "pong"})
        elif isinstance(msg, Hello):
            await self._hello(conn, msg)
        elif isinstance(msg, Sit):
            await self._sit(conn, msg)
        elif isinstance(msg, Act):
            await self._act(conn, msg)
        elif isinstance(msg, Leave):
            seat = self._auth(conn, msg.token)
            assert seat is not None
            live = self._watching(conn)
            await self.run(live, {"kind": "unseat", "seat": seat}, seen=msg.version)
            if conn.seat == seat:
                conn.seat = conn.owner = None
                async with live.lock:
                    self.broadcast(live)
        elif isinstance(msg, SitOut):
            seat = self._auth(conn, msg.token)
            command = {"kind": "sitout", "seat": seat, "why": "asked", "at": time.time()}
            await self.run(self._watching(conn), command, seen=msg.version)
        elif isinstance(msg, Back):
            seat = self._auth(conn, msg.token)
            await self.run(self._watching(conn), {"kind": "back", "seat": seat}, seen=msg.version)
        elif isinstance(msg, AddBot):
            await self._add_bot(conn, msg)
        elif isinstance(msg, RemoveBot):
            live = self._host(conn, msg.token, "remove a bot")
            meta = live.table.seats[msg.seat] if msg.seat < len(live.table.seats) else None
            if meta is None or meta.bot is None:
                raise IllegalActionError(f"{seat_label(msg.seat)} holds no bot")
            await self.run(live, {"kind": "unseat", "seat": msg.seat}, seen=msg.version)
        elif isinstance(msg, History):
            live = self._watching(conn)
            async with live.lock:
                live.ready()
                conn.send(await self._history(live, conn, msg.hand))
        elif isinstance(msg, Chat):
            live = self._watching(conn)
            async with live.lock:  # names in chat are stored ones
                self._chat(live, msg)
        elif isinstance(msg, Mute):
            live = self._watching(conn)
            async with live.lock:
                self._mute(live, msg)
        elif isinstance(msg, Choose):
            seat = self._auth(conn, msg.token)
            await self.run(
                self._watching(conn),
                {"kind": "choose", "seat": seat, "game": msg.game},
                seen=msg.version,
            )
        elif isinstance(msg, MuckLosers):
            await self._muck(conn, msg)
        elif isinstance(msg, Rebuy):
            seat = self._auth(conn, msg.token)
            await self.run(self._watching(conn), {"kind": "rebuy", "seat": seat}, seen=msg.version)
        elif isinstance(msg, Wager | SetHands):
            await self._wager_or_set(conn, msg)
        elif isinstance(msg, Admit):
            await self._admit(conn, msg)
        else:
            await self._hosting(conn, msg)

    async def _muck(self, conn: Connection, msg: MuckLosers) -> None:
        seat = self._auth(conn, msg.token)
        live = self._watching(conn)
        if live.driver is not None:  # a tournament's table: his choice at every table
            await live.driver({"type": "muck", "on": msg.on, "ask": msg.ask}, msg.token)
            return
        await self.run(live, muck_command(seat, msg), seen=msg.version)

    async def _hosting(self, conn: Connection, msg: ClientMessage) -> None:
        """The host's messages: each checks the role, then runs one table command."""
        if isinstance(msg, Answer):
            live = self._host(conn, msg.token, "approve buy-ins")
            command = {"kind": "answer", "player": msg.player, "accept": msg.accept}
        elif isinstance(msg, Pause):
            live = self._host(conn, msg.token, "pause or resume the game")
            command = {"kind": "pause", "on": msg.on}
        elif isinstance(msg, ShowHud):
            live = self._host(conn, msg.token, "show or hide the statistics")
            command = {"kind": "hud", "on": msg.on}
        elif isinstance(msg, Change):
            live = self._host(conn, msg.token, "change the table")
            command = {"kind": "change"} | msg.model_dump(
                exclude={"type", "token", "version"}, exclude_none=True
            )
        elif isinstance(msg, Remove):
            live = self._host(conn, msg.token, "remove a player")
            meta = live.table.seats[msg.seat] if msg.seat < len(live.table.seats) else None
            if meta is None:
                raise IllegalActionError(f"{seat_label(msg.seat)} is empty")
            # (the player named, so that she stays out until the host lets her back)
            command = {"kind": "unseat", "seat": msg.seat, "why": "removed", "player": meta.owner}
        elif isinstance(msg, LetBack):
            live = self._host(conn, msg.token, "let a removed player back")
            if msg.player not in live.table.removed:
                raise IllegalActionError("the host removed no player of that number")
            command = {"kind": "readmit", "player": msg.player}
        elif isinstance(msg, Adjust):
            live = self._host(conn, msg.token, "adjust a stack")
            command = {"kind": "adjust", "seat": msg.seat, "chips": msg.chips}
        elif isinstance(msg, MakeHost):
            live = self._host(conn, msg.token, "hand the host role on")
            command = {"kind": "host", "seat": msg.seat}
        elif isinstance(msg, Close):
            live = self._host(conn, msg.token, "close the table")
            command = {"kind": "close"}
        else:  # pragma: no cover - every message type is handled above
            raise ProtocolError(f"unexpected message {msg!r}")
        await self.run(live, command, seen=msg.version)
        if isinstance(msg, Change):
            async with live.lock:  # everyone is told, in the chat
                self._chat_line(live, None, "", change_text(command, live.table.queued))

    # -- chat -----------------------------------------------------------------------------------
    def is_host(self, live: LiveTable, token: str) -> bool:
        """Whether ``token`` holds the host role of the table (see ``WebTable.hosts``:
        the creator's token, or the player's the role went to)."""
        return live.table.hosts(hash_token(token))

    def _chat_line(self, live: LiveTable, seat: int | None, name: str, words: str) -> None:
        muted = sorted(
            s for s, m in enumerate(live.table.seats) if m is not None and m.owner in live.muted
        )
        line = {"type": "chat", "seat": seat, "name": name, "text": words, "muted": muted}
        live.chat.append(line)
        text = to_json(line)
        for conn in list(live.conns):
            conn.send(text)

    def _chat(self, live: LiveTable, msg: Chat) -> None:
        """A seated player or the host says something; names and text go out as text."""
        seat = live.table.seat_of(hash_token(msg.token))
        meta = live.table.seats[seat] if seat is not None else None
        if meta is None:
            if not self.is_host(live, msg.token):
                raise AccessError("take a seat to chat")
            who, name = 0, "Host"
        else:
            who, name = meta.owner, meta.name
        if who in live.muted:
            raise IllegalActionError("the host has muted your chat")
        if msg.version is not None:
            if live.said.get(who) == (msg.version, msg.text):
                raise IllegalActionError("you said that already: it was not repeated")
            live.said[who] = (msg.version, msg.text)
        bucket = live.chat_buckets.setdefault(who, TokenBucket(CHAT_RATE, CHAT_BURST))
        if not bucket.take():
            raise IllegalActionError("you are chatting too fast: wait a few seconds")
        self._chat_line(live, seat, name, msg.text)

    def _mute(self, live: LiveTable, msg: Mute) -> None:
        """The host mutes or unmutes a seated person's chat; everyone is told."""
        if not self.is_host(live, msg.token):
            raise AccessError("only the host can mute a player")
        meta = live.table.seats[msg.seat] if msg.seat < len(live.table.seats) else None
        if meta is None or meta.bot is not None:
            raise IllegalActionError(f"{seat_label(msg.seat)} holds no player to mute")
        if msg.muted:
            live.muted.add(meta.owner)
        else:
            live.muted.discard(meta.owner)
        done = "muted" if msg.muted else "unmuted"
        self._chat_line(live, None, "", f"The host {done} {meta.name}'s chat.")

    async def _history(self, live: LiveTable, conn: Connection, number: int) -> str:
        """A finished deal as ``conn`` may see it (caller holds the lock). It never
        changes, so each (deal, viewer) is computed once, in a thread (the event loop
        serves the other tables meanwhile), and kept while it is among the
        :data:`HISTORY_KEPT` last asked for; each computation spends one token of the
        address's budget for expensive requests (``conn.expensive``)."""
        table = live.table
        viewer = table.owner_in_deal(live.seat_of(conn), number)
        key = (number, viewer)
        text = live.history_cache.get(key)
        if text is not None:
            live.history_cache.move_to_end(key)
            return text
        if conn.expensive is not None and not conn.expensive.take():
            raise Throttled("too many history requests from your address: wait a few seconds")
        text = await asyncio.to_thread(lambda: to_json(table.history_for(viewer, number)))
        live.history_cache[key] = text
        if len(live.history_cache) > HISTORY_KEPT:
            live.history_cache.popitem(last=False)
        return text

    async def _hello(self, conn: Connection, msg: Hello) -> None:
        if conn.live is not None:
            # One connection, one table and at most one seat: a second hello would
            # drop the seat's binding and let the same socket sit again elsewhere.
            raise ProtocolError(
                f"this connection already joined table {conn.live.table.id!r}: "
                "open a new connection for another table"
            )
        live = await self.lookup(msg.table)
        if live is None:
            raise ProtocolError(
                f"no table {msg.table!r} on this server: create one on the home page"
            )
        async with live.lock:  # what it is sent is stored
            self._join(live, conn, msg)

    def _join(self, live: LiveTable, conn: Connection, msg: Hello) -> None:
        conn.live = live
        conn.seat = conn.owner = None
        problem = None
        table = live.table
        if msg.host is not None and check_token(msg.host, table.creator_hash):
            conn.digests.add(table.creator_hash)  # the creator's token (host while his)
        if msg.token is not None:
            digest = hash_token(msg.token)
            seat = table.seat_of(digest)
            meta = table.seats[seat] if seat is not None else None
            if seat is not None and meta is not None:
                conn.seat, conn.owner = seat, meta.owner
                conn.digests.add(digest)
            elif table.account_of(digest) is not None or table.hosts(digest):
                conn.digests.add(digest)  # a player who left (he may come back) or the host
            else:
                problem = "that token holds no seat here any more: you are watching"
        live.conns.add(conn)
        live.wake.set()
        if live.waiting:  # the state follows once the table is rebuilt
            conn.send({"type": "welcome", "table": table.id, "seat": conn.seat, "host": False})
            conn.send(error_reply(WAITING, "waiting"))
            return
        host = live.is_host(conn)
        conn.send({"type": "welcome", "table": table.id, "seat": conn.seat, "host": host})
        if problem:
            conn.send(error_reply(problem, "stale_token"))
        self.broadcast_one(live, conn)
        self.online_changed(live)
        if live.chat:
            conn.send({"type": "chat_log", "lines": list(live.chat)})

    def broadcast_one(self, live: LiveTable, conn: Connection) -> None:
        state = live.table.state_for(
            live.seat_of(conn),
            turn_left=self.turn_left(live),
            public=live.public_state(to_all=False),
        )
        state["you"] |= _host_part(live.table, live.is_host(conn))
        state["you"]["banned"] = live.banned(conn)
        conn.send(state)

    async def _sit(self, conn: Connection, msg: Sit) -> None:
        live = self._watching(conn)
        if live.seat_of(conn) is not None:
            raise IllegalActionError(
                f"you already sit in {seat_label(conn.seat or 0)}: leave it first"
            )
        # A player who sat here before comes back with his own token (and chips).
        account = live.table.account_of(hash_token(msg.token)) if msg.token else None
        known = account is not None
        if account is not None and account.player in live.table.removed:
            raise IllegalActionError(
                "the host removed you from this table: ask the host to let you back"
            )
        if live.driver is not None:
            raise IllegalActionError(
                "the tournament seats its players: join it on the tournament's page"
            )
        token = msg.token if known and msg.token is not None else new_token()
        asks = live.table.settings.seat_approval and not known and not live.is_host(conn)
        async with live.lock:
            if not known:
                live.table.check_new_name(msg.name)
            if asks:  # a newcomer's seat waits for the host (a table not open to all)
                self._request(live, conn, msg, token)
                return
            await self._seat(live, conn, msg, token)

    def _request(self, live: LiveTable, conn: Connection, msg: Sit, token: str) -> None:
        """Hold ``conn``'s request for a seat until the host answers (caller holds the lock)."""
        if live.table.closed:
            raise IllegalActionError("this table is closed: the game is over")
        if not 0 <= msg.seat < len(live.table.seats) or live.table.seats[msg.seat] is not None:
            raise IllegalActionError(f"{seat_label(msg.seat)} is taken: choose an empty seat")
        if msg.seat in live.requests and live.requests[msg.seat][0] is not conn:
            raise IllegalActionError(f"someone already asks for {seat_label(msg.seat)}")
        for seat, (other, _m, _t) in list(live.requests.items()):
            if other is conn:
                del live.requests[seat]  # one request a connection: the last
        live.requests[msg.seat] = (conn, msg, token)
        conn.send({"type": "requested", "table": live.table.id, "seat": msg.seat})
        self.broadcast(live)

    async def _admit(self, conn: Connection, msg: Admit) -> None:
        """The host admits (or turns away) the one asking for ``msg.seat``."""
        live = self._host(conn, msg.token, "answer a request for a seat")
        async with live.lock:
            asked = live.requests.pop(msg.seat, None)
            if asked is None or asked[0].closed:
                self.broadcast(live)
                raise IllegalActionError(f"nobody asks for {seat_label(msg.seat)} now")
            who, sit, token = asked
            if not msg.accept:
                who.send(error_reply(f"the host did not admit you to {seat_label(msg.seat)}"))
                self.broadcast(live)
                return
            live.table.check_new_name(sit.name)  # (someone may have taken it meanwhile)
            await self._seat(live, who, sit, token, fresh=False)

    async def _seat(
        self, live: LiveTable, conn: Connection, msg: Sit, token: str, *, fresh: bool = True
    ) -> None:
        """Seat ``conn``'s player as ``msg`` asks, holding ``token`` (caller holds the
        lock); ``fresh``: refuse a stale message (not for a request the host admits)."""
        command = {
            "kind": "sit",
            "seat": msg.seat,
            "name": msg.name,
            "token_hash": hash_token(token),
        }
        table = live.table
        if table.creator_hash in conn.digests and table.host_hash == table.creator_hash:
            command["host"] = True  # the creator sits: the role goes with his seat
        if fresh:
            self._fresh(live, msg.version, command)
        await self._commit(live, command)
        meta = live.table.seats[msg.seat]
        assert meta is not None
        conn.seat, conn.owner = msg.seat, meta.owner
        conn.digests.add(hash_token(token))
        conn.send({"type": "seated", "table": live.table.id, "seat": msg.seat, "token": token})
        self.broadcast(live)

    async def _add_bot(self, conn: Connection, msg: AddBot) -> None:
        """A bot sits: the host's at once; a seated guest's once the host approves its
        buy-in (its chips, like his own, enter the ledger only then)."""
        self._auth(conn, msg.token, host_ok=True)
        live = self._watching(conn)
        command: dict[str, Any] = {"kind": "bot", "seat": msg.seat, "bot": msg.kind}
        if not (live.table.hosts(hash_token(msg.token)) or live.is_host(conn)):
            command["guest"] = True
        await self.run(live, command, seen=msg.version)

    async def _wager_or_set(self, conn: Connection, msg: Wager | SetHands) -> None:
        """A player's bet for the next deals, or his two hands set (the game's hook
        refuses them where the game has no such thing)."""
        seat = self._auth(conn, msg.token)
        assert seat is not None
        live = self._watching(conn)
        if isinstance(msg, Wager):
            await self.run(
                live, {"kind": "wager", "seat": seat, "chips": msg.chips}, seen=msg.version
            )
            return
        if msg.hand is not None and msg.hand != live.table.hand_number:
            raise IllegalActionError(
                f"deal {msg.hand} is over: the table is on deal {live.table.hand_number}"
            )
        if (msg.front is None) != msg.house_way:
            raise IllegalActionError("send the two cards of the two-card hand, or the house way")
        await self.run(live, {"kind": "set", "seat": seat, "front": msg.front}, seen=msg.version)

    async def _act(self, conn: Connection, msg: Act) -> None:
        seat = self._auth(conn, msg.token)
        assert seat is not None
        live = self._watching(conn)
        table = live.table
        if msg.hand is not None and msg.hand != table.hand_number:
            raise IllegalActionError(
                f"deal {msg.hand} is over: the table is on deal {table.hand_number}"
            )
        if table.owner_in_deal(seat, table.hand_number) is None or not table.in_hand:
            raise IllegalActionError(
                f"{seat_label(seat)} is not playing a deal now: wait for the next"
            )
        if live.driver is not None:  # a tournament's table: the tournament applies it
            move: dict[str, Any] = {"type": "act", "action": msg.action, "to": msg.to}
            if msg.cards:  # a draw's or a discard's cards
                move["cards"] = list(msg.cards)
            await live.driver(move, msg.token)
            return
        command: dict[str, Any] = {"kind": "act", "seat": seat, "action": msg.action, "to": msg.to}
        if msg.cards:
            command["cards"] = list(msg.cards)
        bank = self.bank_drawn(live)
        if bank:
            command["bank"] = bank
        await self.run(live, command, seen=msg.version)

    @staticmethod
    def bank_drawn(live: LiveTable) -> float:
        """Seconds of the time bank a move made now draws: the time past the turn timer."""
        limit = live.table.settings.turn_seconds
        if not live.table.settings.time_bank or not limit:
            return 0.0
        return round(max(0.0, time.monotonic() - live.changed_at - limit), 1)


def _host_part(table: WebTable, host: bool) -> dict[str, Any]:
    """What a viewer's ``you`` says of the host role: whether he holds it, and for the
    host, the players he removed (his page offers to let each back).

    >>> t = make_table("tbl1", TableSettings(), 7, "h" * 64)
    >>> t.removed.add(4)
    >>> _host_part(t, True), _host_part(t, False)
    ({'host': True, 'removed': [4]}, {'host': False})
    """
    return {"host": True, "removed": sorted(table.removed)} if host else {"host": False}


def import_kernels() -> bool:
    """Import the fast kernels the bots use (the ``fast`` extra) once, before any table
    starts: bots deciding in threads at once must never import them concurrently
    (a thread would find a ``partially initialized module``). False without the extra.

    >>> import_kernels() in (True, False)
    True
    """
    try:
        import straights.fast  # (its package imports every kernel module)
        import straights.fast.lookup  # noqa: F401
    except MissingExtraError:
        return False
    return True
