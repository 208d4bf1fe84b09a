"""Helpers for the web table's tests: real servers on loopback, WebSocket players,
and a checker that every card a client received was one it was allowed to see."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from straights.cards import Card
from straights.store import Store
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's, driven by Playwright
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a test module (Playwright is imported only here)."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM.exists(), "run scripts/install-test-deps.sh (make test does) to get chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def shot(page: Any, name: str) -> None:
    """A full-page screenshot ``artifacts/web-<name>.png`` of a Playwright page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-{name}.png"), full_page=True)


def wait_until(page: Any, expression: str, timeout: float = 30.0) -> None:
    """Poll a JavaScript ``expression`` on ``page`` until it is true (30 s as Playwright waits).

    Not ``page.wait_for_function``: when its first check fails it re-evaluates the string in
    the page, which the page's Content-Security-Policy (no ``unsafe-eval``) rightly refuses.
    ``page.evaluate`` goes through the debugger protocol and is allowed.
    """
    # Not yet true while the page has no state to read (``app.state`` is null until the
    # server's first message): an expression that throws counts as false.
    guarded = f"(() => {{ try {{ return !!({expression}); }} catch (e) {{ return false; }} }})()"
    deadline = time.monotonic() + timeout
    while not page.evaluate(guarded):
        assert time.monotonic() < deadline, f"still false after {timeout:g} s: {expression}"
        time.sleep(0.05)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A ``straights serve`` subprocess on 127.0.0.1."""

    db: str
    port: int = field(default_factory=free_port)
    bot_delay: float = 0.0
    deal_delay: float = 0.05
    max_per_address: int = 100
    extra: tuple[str, ...] = ()  # more `straights serve` options
    #: Python run in the server's process first (a test's stand-in for older code);
    #: modules of ``tests/web`` can be imported.
    before: str = ""
    proc: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self, timeout: float = 20.0) -> None:
        if self.before:
            here = str(Path(__file__).parent)
            code = f"import sys; sys.path.insert(0, {here!r})\n{self.before}\n"
            run = [sys.executable, "-c", code + "from straights.cli.main import main; main()"]
        else:
            run = [sys.executable, "-m", "straights.cli.main"]
        cmd = [
            *run, "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db,
            "--bot-delay", str(self.bot_delay), "--deal-delay", str(self.deal_delay), "--quiet",
            "--max-per-address", str(self.max_per_address), *self.extra,
        ]  # fmt: skip
        assert self.log is not None
        out = self.log.open("ab")
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=out, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in time")

    def alive(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + "/healthz", timeout=3) as r:
                return bool(json.loads(r.read())["ok"])
        except OSError:
            return False

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(8)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None

    def create(self, **settings: Any) -> tuple[str, str]:
        req = urllib.request.Request(
            self.base + "/api/tables",
            data=json.dumps(settings).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=5) as r:
            data = json.loads(r.read())
        return data["table"], data["host_token"]


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers (stopped, or killed, at the end of the test)."""
    servers: list[Server] = []

    def make(db: str | None = None, **kw: Any) -> Server:
        server = Server(db or f"sqlite:///{tmp_path / 'web.db'}", **kw)
        server.log = tmp_path / f"server-{len(servers)}.log"
        servers.append(server)
        server.start()
        return server

    yield make
    for server in servers:
        server.stop()


class Client:
    """A WebSocket client that records every message it receives."""

    def __init__(
        self, server: Server, table: str, token: str | None = None, source: str | None = None
    ) -> None:
        """``source``: the loopback address to connect from (``127.0.0.2``, ...), for a
        client the server must count as another address."""
        self.server = server
        self.table = table
        self.token = token
        self.seat: int | None = None
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        where = {"source_address": (source, 0)} if source else {}
        self.ws: ClientConnection = connect(
            server.ws_url, open_timeout=10, max_size=2**22, legacy=True, **where
        )
        hello: dict[str, Any] = {"type": "hello", "table": table}
        if token:
            hello["token"] = token
        self.send(hello)
        self.wait_for(lambda m: m["type"] == "state")

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float) -> dict[str, Any] | None:
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        msg: dict[str, Any] = json.loads(raw)
        self.messages.append(msg)
        if msg["type"] == "state":
            self.state = msg
        elif msg["type"] == "seated":
            self.token = msg["token"]
            self.seat = msg["seat"]
        elif msg["type"] == "welcome":
            self.seat = msg["seat"]
        return msg

    def drain(self, timeout: float = 0.0) -> None:
        """Read what has arrived (waiting at most ``timeout`` for the first)."""
        while self.recv(timeout) is not None:
            timeout = 0.0

    def wait_for(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15.0
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg is not None and pred(msg):
                return msg
        raise AssertionError(f"no matching message in {timeout}s; last: {self.messages[-3:]}")

    def sit(self, seat: int, name: str) -> None:
        self.send({"type": "sit", "seat": seat, "name": name})
        self.wait_for(lambda m: m["type"] == "seated")

    def my_turn(self) -> bool:
        return bool(self.state and self.state["hand"]["legal"])

    def act(self, kind: str | None = None) -> dict[str, Any]:
        assert self.state is not None
        legal = self.state["hand"]["legal"]
        choice = next((a for a in legal if a["kind"] == kind), legal[0]) if kind else legal[0]
        # A bet or raise goes to the least the engine allows (its range's ``low``).
        to = choice["low"] if choice["kind"] in ("bet", "raise", "complete") else None
        self.send({"type": "act", "token": self.token, "action": choice["kind"], "to": to})
        return dict(choice)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.drain(0.0)  # an unread backlog would delay the closing handshake
        self.ws.close()


@pytest.fixture
def clients() -> Iterator[list[Client]]:
    """Clients made by a test, closed at its end."""
    made: list[Client] = []
    yield made
    for c in made:
        c.close()


# -- the leak check --------------------------------------------------------------------------
# Table ids and tokens are URL-safe base64 ("...x_Kd-y..."), so "_" and "-" count as part of a
# word; the app never writes ASCII cards joined by them.
_ASCII = re.compile(r"(?<![A-Za-z0-9_-])(10|[2-9TJQKA])([cdhs])(?![A-Za-z0-9_-])")
_UNICODE = re.compile(r"(10|[2-9TJQKA])([♣♦♥♠])")
_SUIT = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_CARD_KEYS = {"hole", "cards", "table", "card"}


def cards_in(obj: Any, key: str = "") -> set[Card]:
    """Every card named anywhere in a message: notation, symbols, special letters in card fields."""
    found: set[Card] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(v, k)
    elif isinstance(obj, list):
        for v in obj:
            found |= cards_in(v, key)
    elif isinstance(obj, str):
        for rank, suit in _ASCII.findall(obj):
            found.add(Card(rank + suit))
        for rank, suit in _UNICODE.findall(obj):
            found.add(Card(rank + _SUIT[suit]))
        if key in _CARD_KEYS:
            for token in obj.split():
                if token in ("S", "T", "R"):
                    found.add(Card(token))
    return found


def rebuild(db: str, table_id: str) -> tuple[WebTable, list[dict[str, Any]]]:
    """The table as stored, and its commands."""
    store = Store(db, create=False)
    try:
        row = next(r for r in store.tables("web") if r.key == table_id)
        commands = [entry.command for entry in store.log(row.id)]
    finally:
        store.close()
    assert row.seed is not None and row.host_hash is not None
    table = WebTable(table_id, TableSettings.model_validate(row.settings), row.seed, row.host_hash)
    for c in commands:
        table.apply(c)
    return table, commands


def allowed_by_version(
    db: str, table_id: str, owner_seat: int | None
) -> tuple[dict[int, set[Card]], WebTable]:
    """For each table version, the cards the holder of ``owner_seat`` may see then."""
    final, commands = rebuild(db, table_id)
    row_settings = final.settings
    table = WebTable(final.id, row_settings, final.seed, final.host_hash)
    allowed: dict[int, set[Card]] = {}

    def snapshot() -> set[Card]:
        hand = table.game.engine.hand
        if hand is None:
            return set()
        if hasattr(hand, "deal"):  # the one table: the engine's deal
            return deal_visible(
                hand.deal, hand.player_index(table.owner_in_deal(owner_seat, hand.number))
            )
        cards: set[Card] = {c for c in hand.visible_table() if c is not None}
        seat = table.owner_in_deal(owner_seat, hand.number)
        if seat is not None:
            cards |= set(hand.hole(seat))
        if hand.finished:
            from oracle.events import ShowdownRevealed

            for e in hand.events:
                if isinstance(e, ShowdownRevealed):
                    cards |= set(e.cards)
        return cards

    allowed[0] = snapshot()
    for c in commands:
        table.apply(c)
        allowed[table.seq] = snapshot()
    return allowed, final


def deal_visible(deal: Any, me: int | None) -> set[Card]:
    """The cards player ``me`` of an engine deal (``None``: a spectator) may know, from
    the deal itself: cards face up (hole and board), cards shown or turned, and every
    card dealt to or drawn by himself."""
    cards: set[Card] = set()
    for i in range(deal.n):
        for card, up in zip(deal.holes[i], deal.up[i], strict=True):
            if card is not None and (up or i == me):
                cards.add(card)
    cards |= {c for c, up in zip(deal.board, deal.board_up, strict=True) if c and up}
    for e in deal.log:
        if e.kind in ("show", "turn") or (e.player == me and e.player is not None):
            cards |= {c for c in e.cards if c is not None}
    return cards


def without_dealer_draw(msg: dict[str, Any]) -> dict[str, Any]:
    """``msg`` without the lines of the dealer draw for the first button, whose cards
    are drawn face up for everyone (Straights' rule 1; from a pack of their own)."""
    out = dict(msg)
    for part in ("hand", "follow"):
        if isinstance(out.get(part), dict) and "log" in out[part]:
            log = [x for x in out[part]["log"] if not x.startswith("Draw for the dealer")]
            out[part] = dict(out[part], log=log)
    return out


def assert_no_leaks(client: Client, db: str) -> int:
    """Check every message ``client`` received; returns how many cards were checked."""
    allowed, table = allowed_by_version(db, client.table, client.seat)
    checked = 0
    for msg in client.messages:
        seen = cards_in(without_dealer_draw(msg))
        if msg["type"] == "state":
            ok = allowed[msg["version"]]
        elif msg["type"] == "history" and hasattr(table.game.hands[msg["hand"]], "deal"):
            hand = table.game.hands[msg["hand"]]
            ok = deal_visible(hand.deal, hand.player_index(msg["you"]))
        elif msg["type"] == "history":
            hand = table.game.hands[msg["hand"]]
            ok = {c for c in hand.visible_table() if c is not None}
            if msg["you"] is not None:
                ok |= set(hand.hole(msg["you"]))
            from oracle.events import ShowdownRevealed

            ok |= {c for e in hand.events if isinstance(e, ShowdownRevealed) for c in e.cards}
        else:
            ok = set()
        leaked = seen - ok
        assert not leaked, f"{msg['type']} message leaked {sorted(map(str, leaked))}: {msg}"
        checked += len(seen)
    return checked


@dataclass(frozen=True)
class Choice:
    """A legal action of the player to act, as an ``act`` command names it."""

    kind: str
    to: int | None


def legal_actions(table: WebTable, seat: int | None) -> list[Choice]:
    """The legal betting actions of ``seat`` at a poker table (none unless he is to act)."""
    hand = table.game.engine.hand  # type: ignore[attr-defined]
    if seat is None or hand is None or hand.finished or hand.actor != seat:
        return []
    return [Choice(a.kind, a.low if a.kind in ("bet", "raise") else None)
            for a in hand.deal.legal_actions()]  # fmt: skip


def hole(table: WebTable, seat: int) -> set[Card]:
    """The hole cards of ``seat`` in the deal in play (every card, face down or up)."""
    hand = table.game.engine.hand  # type: ignore[attr-defined]
    return {c for c in hand.deal.holes[hand.player_index(seat)] if c is not None}
