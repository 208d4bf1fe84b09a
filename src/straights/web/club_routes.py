"""The club's HTTP routes (:mod:`~straights.web.club_service` behind them) and the
hand-history download of a table.

==========================================  ==============================================
``POST /api/clubs``                         a new club (``{"name": …}``): its key, host token
``GET /api/clubs/{club}``                   its book: evenings, balances, leaderboard,
                                            settle-up
``POST /api/clubs/{club}/tables``           a table in the club (the new-table form's
                                            settings; the club's host token)
``GET /api/clubs/{club}/ledger.csv``        the club's ledger as CSV
``GET /api/clubs/{club}/hands/{night}.{f}``  an evening's deals: ``phhs`` (PHH) or ``txt``
                                            (PokerStars text); the club's host token
``GET /api/tables/{table}/hands.{f}``       a table's deals, likewise (its host's token)
``GET /c/{club}``                           the club's page
==========================================  ==============================================

Tokens travel in an ``Authorization: Bearer`` header, never in an address.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from straights.errors import StoreError, StraightsError
from straights.web.club_service import Clubs, NoClub, table_history
from straights.web.manager import AccessError, TableManager, TableWaiting, Throttled
from straights.web.protocol import ProtocolError, error_reply, parse_settings

__all__ = ["club_routes"]

#: Download formats by the name's ending: the store's word and the media type.
_FORMATS = {
    "phhs": ("phhs", "application/toml; charset=utf-8"),
    "txt": ("pokerstars", "text/plain; charset=utf-8"),
}


def _token(request: Request) -> str:
    return request.headers.get("authorization", "").removeprefix("Bearer ").strip()


def _refusal(exc: StraightsError) -> JSONResponse:
    """One clear JSON line for every refusal, with its status."""
    for kinds, status, code in (
        ((NoClub,), 404, "not_found"),
        ((AccessError,), 403, "forbidden"),
        ((Throttled,), 429, "throttled"),
        ((StoreError, TableWaiting), 503, "unavailable"),
    ):
        if isinstance(exc, kinds):
            return JSONResponse(error_reply(str(exc) or "try again shortly", code), status)
    return JSONResponse(error_reply(str(exc), "bad_request"), 400)


def _file(text: str, name: str, media: str) -> Response:
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{name}"',
                 "Cache-Control": "no-store"},
    )  # fmt: skip


def club_routes(
    manager: TableManager, page: Path, allow_create: Callable[[Request], bool]
) -> list[Route]:
    """The routes above; ``page`` the club's HTML page; ``allow_create`` the server's
    limit on new tables per address (a new club counts as one)."""
    clubs = Clubs(manager)

    def guarded(
        handler: Callable[[Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except StraightsError as exc:
                return _refusal(exc)

        return run

    def throttled() -> JSONResponse:
        return JSONResponse(error_reply("too many new tables: wait a little", "throttled"), 429)

    async def create(request: Request) -> Response:
        if not allow_create(request):
            return throttled()
        try:
            body: Any = json.loads(await request.body() or b"{}")
        except ValueError:
            raise ProtocolError('send the club as JSON: {"name": …}') from None
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str):
            raise ProtocolError("bad club: name: give the club a name")
        key, token = await clubs.create(name)
        return JSONResponse({"club": key, "host_token": token, "url": f"/c/{key}"})

    async def info(request: Request) -> Response:
        return JSONResponse(await clubs.info(request.path_params["club"]))

    async def new_table(request: Request) -> Response:
        if not allow_create(request):
            return throttled()
        settings = parse_settings(await request.body())
        peer = request.client.host if request.client else ""
        table, host = await clubs.create_table(
            request.path_params["club"], _token(request), settings, peer
        )
        return JSONResponse({"table": table, "host_token": host, "url": f"/t/{table}"})

    async def ledger(request: Request) -> Response:
        key = request.path_params["club"]
        text = await clubs.ledger_csv(key)
        return _file(text, f"straights-club-{key}-ledger.csv", "text/csv; charset=utf-8")

    async def night(request: Request) -> Response:
        key, night, ending = (request.path_params[k] for k in ("club", "night", "fmt"))
        fmt, media = _FORMATS.get(ending, ("", ""))
        if not fmt:
            raise NoClub(f"no such download: .{ending} (choose .phhs or .txt)")
        text, skipped = await clubs.hands(key, _token(request), night, fmt)
        response = _file(text, f"straights-club-{key}-{night}.{ending}", media)
        response.headers["X-Straights-Left-Out"] = str(skipped)
        return response

    async def table_hands(request: Request) -> Response:
        table, ending = request.path_params["table_id"], request.path_params["fmt"]
        fmt, media = _FORMATS.get(ending, ("", ""))
        if not fmt:
            raise NoClub(f"no such download: .{ending} (choose .phhs or .txt)")
        text = await table_history(manager, table, _token(request), fmt)
        return _file(text, f"straights-{table}-hands.{ending}", media)

    async def club_page(request: Request) -> Response:
        return FileResponse(page, headers={"Cache-Control": "no-cache"})

    return [
        Route("/c/{club}", club_page),
        Route("/api/clubs", guarded(create), methods=["POST"]),
        Route("/api/clubs/{club}", guarded(info)),
        Route("/api/clubs/{club}/tables", guarded(new_table), methods=["POST"]),
        Route("/api/clubs/{club}/ledger.csv", guarded(ledger)),
        Route("/api/clubs/{club}/hands/{night}.{fmt}", guarded(night)),
        Route("/api/tables/{table_id}/hands.{fmt}", guarded(table_hands)),
    ]
