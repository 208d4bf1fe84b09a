"""The Starlette application: the page, a small JSON API and the WebSocket.

>>> app = create_app("sqlite://")
>>> [p for p in sorted(r.path for r in app.routes) if "club" not in p][:3]
['/', '/api/games', '/api/tables']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from straights.errors import IllegalActionError, StoreError, StraightsError
from straights.web.club_routes import club_routes
from straights.web.guard import Guard
from straights.web.manager import (
    ADDRESS_BURST,
    ADDRESS_RATE,
    FLOOD_CLOSE,
    HISTORY_BURST,
    HISTORY_RATE,
    SEND_TIMEOUT,
    AccessError,
    Connection,
    TableManager,
    TableWaiting,
    Throttled,
)
from straights.web.protocol import (
    MAX_MESSAGE_BYTES,
    error_reply,
    game_list,
    parse_client_message,
    parse_settings,
)
from straights.web.throttle import TokenBucket, address_key

if TYPE_CHECKING:
    from straights.web.tournament import TournamentHall

log = logging.getLogger("straights.web")
STATIC = Path(__file__).with_name("static")

_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeaders:
    """Add the page's security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            # The server's connection, so that a client that stopped reading can be
            # dropped at once (uvicorn's send is a method of its protocol object).
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None:
                scope[TRANSPORT] = transport
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                for name, value in _HEADERS.items():
                    headers.append((name.lower().encode(), value.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


#: What players are told of a database fault (its path or address stays in the log).
UNAVAILABLE = "the server's database is unavailable: try again in a moment"


def _reply(exc: StraightsError) -> dict[str, Any]:
    """The error message a client is sent for ``exc``: a database fault in words that
    name no path or address."""
    if isinstance(exc, StoreError):
        log.error("database: %s", exc)
        return error_reply(UNAVAILABLE, "unavailable")
    return error_reply(str(exc), _code(exc))


#: Where :class:`SecurityHeaders` leaves a WebSocket's transport in its scope.
TRANSPORT = "straights.transport"


def _code(exc: StraightsError) -> str:
    if isinstance(exc, TableWaiting):
        return "waiting"
    if isinstance(exc, Throttled):
        return "throttled"
    if isinstance(exc, AccessError):
        return "forbidden"
    if isinstance(exc, IllegalActionError):
        return "illegal"
    return "bad_request"


def create_app(
    db_url: str,
    *,
    bot_delay: float = 0.8,
    deal_delay: float = 3.0,
    max_tables: int = 1000,
    max_tables_per_address: int = 50,
    create_rate: float = 0.5,
    create_burst: int = 20,
    max_per_address: int = 100,
    address_rate: float = ADDRESS_RATE,
    address_burst: int = ADDRESS_BURST,
    allowed_hosts: Sequence[str] = ("*",),
    join_timeout: float = 10.0,
    send_timeout: float = SEND_TIMEOUT,
) -> Starlette:
    """The web table on database ``db_url`` (a file path or any SQLAlchemy URL).

    ``max_tables``: open tables the server holds (closed ones do not count);
    ``max_tables_per_address``: open tables one client address may have created;
    ``create_rate``/``create_burst``: new tables allowed per client address;
    ``max_per_address``: open WebSockets allowed per client address;
    ``address_rate``/``address_burst``: WebSocket messages per second (and in a
    burst) allowed per client address across all its sockets;
    ``allowed_hosts``: the names the server answers to (see :class:`Guard`);
    ``join_timeout``: seconds a new WebSocket has to join a table with ``hello``;
    ``send_timeout``: seconds a message may take to go out before the client counts
    as not reading and its connection is dropped.
    """
    from straights.store import Store

    # One store: the tables' logs, and the hand archive `straights history` reads.
    store = Store(db_url)
    manager = TableManager(
        store,
        bot_delay=bot_delay,
        deal_delay=deal_delay,
        max_tables=max_tables,
        max_per_address=max_tables_per_address,
    )
    limits = _Limits(create_rate, create_burst, max_per_address, address_rate, address_burst,
                     join_timeout, send_timeout)  # fmt: skip
    server = _Server(manager, limits)
    from straights.web.tournament import TournamentHall, tournament_routes

    hall = TournamentHall(store)
    hall.listeners.append(tournament_tables_served(hall, manager))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        hall.load()
        hall.start()
        try:
            yield
        finally:
            await manager.stop()
            await hall.stop()
            store.close()

    app = Starlette(
        routes=[
            Route("/", server.page),
            Route("/t/{table_id}", server.page),
            Route("/healthz", server.health),
            Route("/api/tables", server.create_table, methods=["POST"]),
            Route("/api/games", server.games),
            Route("/api/tables/{table_id}", server.table_info),
            Route(
                "/api/tables/{table_id}/ledger.csv", server.ledger_download, methods=["GET", "POST"]
            ),
            *club_routes(manager, STATIC / "club.html", server.allow_create),
            Route("/api/tables/{table_id}/hands.phhs", server.hands_download),
            WebSocketRoute("/ws", server.socket),
            *tournament_routes(hall, STATIC),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, body_limit=MAX_MESSAGE_BYTES)
    app.add_middleware(SecurityHeaders)
    app.state.manager = manager
    return app


@dataclass(frozen=True)
class _Limits:
    """The per-address limits of :func:`create_app` (see its arguments)."""

    create_rate: float
    create_burst: int
    max_per_address: int
    address_rate: float
    address_burst: int
    join_timeout: float
    send_timeout: float


def tournament_tables_served(hall: TournamentHall, manager: TableManager) -> Callable[[str], None]:
    """The hall's listener that serves each tournament's web tables at the normal table
    page (``/t/<tournament>-<table>``): a person's move there goes to the tournament,
    which stores it and plays the bots on; everyone watching is sent each change."""

    def served(key: str) -> None:
        t = hall.tournaments.get(key)
        if t is None or t.tables is None:
            return

        async def driver(command: dict[str, Any], token: str) -> None:
            await hall.run(key, command, token)

        for web in t.tables.tables.values():
            manager.attach(web, driver)

    return served


class _Server:
    """The page, the JSON API and the WebSocket of :func:`create_app` over one manager,
    with what each client address has used of its limits."""

    def __init__(self, manager: TableManager, limits: _Limits) -> None:
        self.manager = manager
        self.limits = limits
        self.create_buckets: dict[str, TokenBucket] = {}
        self.open_sockets: dict[str, int] = {}
        self.address_budgets: dict[str, TokenBucket] = {}
        #: Per address: history answers computed (the expensive requests).
        self.expensive_budgets: dict[str, TokenBucket] = {}

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def health(self, request: Request) -> Response:
        return JSONResponse({"ok": True, "tables": len(self.manager.tables)})

    def allow_create(self, request: Request) -> bool:
        """Whether the client's address may create a table (or a club) now."""
        peer = address_key(request.client.host) if request.client else "?"
        if len(self.create_buckets) > 10_000:
            self.create_buckets.clear()  # bounded memory; forgetting old addresses is harmless
        limits = self.limits
        bucket = self.create_buckets.setdefault(
            peer, TokenBucket(limits.create_rate, limits.create_burst)
        )
        return bucket.take()

    async def create_table(self, request: Request) -> Response:
        peer = address_key(request.client.host) if request.client else "?"
        if not self.allow_create(request):
            return JSONResponse(error_reply("too many new tables: wait a little", "throttled"), 429)
        body = await request.body()
        try:
            settings = parse_settings(body)
            table_id, host = await self.manager.create(settings, peer)
        except (StoreError, TableWaiting) as exc:
            return JSONResponse(_reply(exc), 503)
        except Throttled as exc:
            return JSONResponse(_reply(exc), 429)
        except StraightsError as exc:
            return JSONResponse(error_reply(str(exc), _code(exc)), 400)
        return JSONResponse({"table": table_id, "host_token": host, "url": f"/t/{table_id}"})

    async def games(self, request: Request) -> Response:
        """The games a new table may deal (the page's "new table" form lists them)."""
        return JSONResponse(game_list())

    async def table_info(self, request: Request) -> Response:
        try:
            info = await self.manager.info(request.path_params["table_id"])
        except TableWaiting as exc:
            return JSONResponse(_reply(exc), 503)
        if info is None:
            return JSONResponse(error_reply("no such table", "not_found"), 404)
        return JSONResponse(info)

    async def ledger_download(self, request: Request) -> Response:
        """The ledger and settle-up as CSV, for the host and the table's players (the
        token in an ``Authorization: Bearer`` header: tokens never go in addresses)."""
        token = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        try:
            text = await self.manager.ledger_csv(request.path_params["table_id"], token)
        except AccessError as exc:
            return JSONResponse(error_reply(str(exc), "forbidden"), 403)
        except (StoreError, TableWaiting) as exc:
            return JSONResponse(_reply(exc), 503)
        except StraightsError as exc:
            return JSONResponse(error_reply(str(exc), "not_found"), 404)
        name = f"straights-{request.path_params['table_id']}-ledger.csv"
        return Response(
            text,
            media_type="text/csv; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="{name}"',
                "Cache-Control": "no-store",
            },
        )

    async def hands_download(self, request: Request) -> Response:
        """The table's poker deals as PHH (cards nobody showed hidden), for the same
        people and with the same token header as the ledger."""
        token = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        table_id = request.path_params["table_id"]
        try:
            text = await self.manager.hands_phhs(table_id, token)
        except AccessError as exc:
            return JSONResponse(error_reply(str(exc), "forbidden"), 403)
        except (StoreError, TableWaiting) as exc:
            return JSONResponse(_reply(exc), 503)
        except StraightsError as exc:
            return JSONResponse(error_reply(str(exc), "not_found"), 404)
        return Response(
            text,
            media_type="text/plain; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="straights-{table_id}-hands.phhs"',
                "Cache-Control": "no-store",
            },
        )

    async def socket(self, ws: WebSocket) -> None:
        # Host and Origin were checked by the Guard middleware.
        address = address_key(ws.client.host) if ws.client else "?"
        limits, open_sockets = self.limits, self.open_sockets
        if open_sockets.get(address, 0) >= limits.max_per_address:
            await ws.close(code=1013)  # refused at the handshake (HTTP 403): too many sockets
            return
        if len(self.address_budgets) > 10_000:
            self.address_budgets.clear()  # bounded memory, as for create_buckets
        budget = self.address_budgets.setdefault(
            address, TokenBucket(limits.address_rate, limits.address_burst)
        )
        if len(self.expensive_budgets) > 10_000:
            self.expensive_budgets.clear()
        expensive = self.expensive_budgets.setdefault(
            address, TokenBucket(HISTORY_RATE, HISTORY_BURST)
        )
        open_sockets[address] = open_sockets.get(address, 0) + 1
        try:
            await self.serve_socket(ws, budget, expensive)
        finally:
            open_sockets[address] -= 1
            if not open_sockets[address]:
                del open_sockets[address]

    async def serve_socket(
        self, ws: WebSocket, budget: TokenBucket, expensive: TokenBucket
    ) -> None:
        await ws.accept()
        peer = f"{ws.client.host}:{ws.client.port}" if ws.client else "?"
        transport = ws.scope.get(TRANSPORT)
        abort = transport.abort if isinstance(transport, asyncio.Transport) else None
        conn = Connection(
            ws.send_text, peer, abort=abort, send_timeout=self.limits.send_timeout,
            expensive=expensive,
        )  # fmt: skip
        writer = asyncio.ensure_future(conn.writer())
        joined_by = time.monotonic() + self.limits.join_timeout
        try:
            while not conn.closed:
                raw = await _receive(ws, conn, joined_by)
                if raw is None:
                    break
                refusal = _refusal(conn, budget)
                if refusal:
                    if conn.bucket.refused >= FLOOD_CLOSE:
                        break
                    # Every refused message is answered, so a client knows its action
                    # was dropped; a flood ends at FLOOD_CLOSE refusals anyway.
                    conn.send(
                        error_reply(f"{refusal}: this one was dropped, slow down", "throttled")
                    )
                    continue
                await self.handle(conn, raw, peer)
        except WebSocketDisconnect:
            pass
        finally:
            self.manager.detach(conn)
            # Flush what is queued, but a client that stopped reading must not hold us.
            await asyncio.wait([writer], timeout=1.0)
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer
            with contextlib.suppress(BaseException):
                await ws.close(code=1008 if conn.bucket.refused >= FLOOD_CLOSE else 1000)

    async def handle(self, conn: Connection, raw: str | bytes, peer: str) -> None:
        """One client message to the manager; any failure is answered, never raised."""
        try:
            await self.manager.handle(conn, parse_client_message(raw))
        except StraightsError as exc:
            conn.send(_reply(exc))
        except Exception:
            log.exception("message from %s failed", peer)
            conn.send(error_reply("the server could not handle that message", "internal"))


async def _receive(ws: WebSocket, conn: Connection, joined_by: float) -> str | bytes | None:
    """The next message's text (or bytes); ``None`` when the socket closed, or when one
    that never joined a table let its time to say a valid ``hello`` run out (it only
    holds a slot: it is told so)."""
    if conn.live is None:
        try:
            message = await asyncio.wait_for(ws.receive(), max(0.0, joined_by - time.monotonic()))
        except TimeoutError:
            conn.send(error_reply("no 'hello' in time: closing", "bad_request"))
            return None
    else:
        message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    raw: str | bytes | None = message.get("text")
    if raw is None:
        raw = message.get("bytes") or b""
    return raw


def _refusal(conn: Connection, budget: TokenBucket) -> str:
    """Why the message just received is dropped (the socket's own rate, then its
    address's across all its sockets); "" when it is not."""
    if not conn.bucket.take():
        return "too many messages"
    if not budget.take():
        conn.bucket.refused += 1
        return "too many messages from your address"
    return ""
