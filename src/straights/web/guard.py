"""Checks on every request before it reaches the app: Host, Origin and body size.

:class:`Guard` is plain ASGI middleware. For HTTP and WebSocket requests alike it

- refuses a ``Host`` header naming a host the server was not told to answer to
  (``--allowed-host``; a guard against DNS rebinding, where a hostile site's
  name is pointed at 127.0.0.1 so that a browser talks to the table as if it
  were that site);
- refuses an ``Origin`` other than the server's own — same scheme, host and
  port — on WebSockets and on requests that change something (a page from
  another site cannot drive a visitor's browser into a table);
- refuses a request body as soon as it passes the limit: a ``Content-Length``
  above it is answered without reading a byte of the body, and a chunked body
  is counted while it is read.

>>> same_origin("http://127.0.0.1:8000", "ws", "127.0.0.1:8000")
True
>>> same_origin("http://127.0.0.1:8001", "ws", "127.0.0.1:8000")
False
>>> same_origin("https://example.org", "http", "example.org")
False
>>> host_name("[::1]:8000"), host_name("Example.ORG"), host_name("bad host")
('::1', 'example.org', None)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from straights.web.protocol import error_reply

#: Default ports of the schemes a page or a socket arrives by.
_PORTS: Final = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_PAGE_SCHEME: Final = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
#: Methods that only read: a cross-site GET of the page is ordinary linking.
_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
#: Names a server on a loopback address answers to when no --allowed-host is given.
LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "::1")


def _split_host(value: str, scheme: str) -> tuple[str, int] | None:
    """``(host, port)`` of a Host header value, or None when it is not one."""
    if not value or any(ch.isspace() or ch in "/?#@\\" for ch in value):
        return None
    try:
        parts = urlsplit(f"{scheme}://{value}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname.lower(), port if port is not None else _PORTS.get(scheme, 80)


def host_name(value: str) -> str | None:
    """The host named by a ``Host`` header (lower case, no port), or None if malformed."""
    split = _split_host(value, "http")
    return None if split is None else split[0]


def same_origin(origin: str, scheme: str, host: str) -> bool:
    """True when ``origin`` (a browser's Origin header) is this server's own origin:
    the same scheme, host and port as the request (``scheme``, ``host``)."""
    page_scheme = _PAGE_SCHEME.get(scheme)
    if page_scheme is None:
        return False
    try:
        parts = urlsplit(origin)
        origin_port = parts.port
    except ValueError:
        return False
    if parts.scheme != page_scheme or not parts.hostname or parts.path not in ("", "/"):
        return False
    here = _split_host(host, page_scheme)
    there = (parts.hostname.lower(), origin_port or _PORTS[page_scheme])
    return here == there


def allowed(name: str, patterns: Sequence[str]) -> bool:
    """True when host ``name`` matches one of ``patterns`` (``*`` or ``*.example.org``).

    >>> allowed("table.example.org", ["*.example.org"]), allowed("example.org", ["Example.ORG"])
    (True, True)
    >>> allowed("example.org.evil", ["example.org"]), allowed("evilexample.org", ["*.example.org"])
    (False, False)
    """
    for pattern in patterns:
        pattern = pattern.lower().strip("[]")
        if pattern == "*" or name == pattern:
            return True
        if pattern.startswith("*.") and name.endswith(pattern[1:]):
            return True
    return False


class Guard:
    """ASGI middleware: Host allow-list, same-origin check, request body limit."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_hosts: Sequence[str] = ("*",),
        body_limit: int = 4096,
    ) -> None:
        self.app = app
        self.allowed_hosts = tuple(allowed_hosts)
        self.body_limit = body_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        problem = None
        name = host_name(host)
        if "*" not in self.allowed_hosts and (
            name is None or not allowed(name, self.allowed_hosts)
        ):
            problem = (
                400,
                "bad_host",
                f"this server does not answer to the host {host[:80]!r} "
                "(its operator can allow it with --allowed-host)",
            )
        else:
            origin = headers.get("origin")
            checks_origin = kind == "websocket" or scope["method"] not in _SAFE_METHODS
            if (
                origin is not None
                and checks_origin
                and not same_origin(origin, scope["scheme"], host)
            ):
                problem = (403, "forbidden", "a page from another site may not use this table")
        if problem is not None:
            await self._refuse(scope, send, *problem)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        await self._with_body(scope, receive, send, headers.get("content-length"))

    async def _with_body(
        self, scope: Scope, receive: Receive, send: Send, length: str | None
    ) -> None:
        """Read the body up to the limit (refusing beyond it), then run the app on it."""
        if length is not None:
            if not length.isdigit():
                await self._refuse(scope, send, 400, "bad_request", "bad Content-Length header")
                return
            if int(length) > self.body_limit:
                await self._too_large(scope, send, f"a body of {int(length)} bytes")
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client went away before its request was whole
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.body_limit:
                await self._too_large(scope, send, f"a body of more than {self.body_limit} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, send: Send, what: str) -> None:
        message = f"{what}: the limit is {self.body_limit}"
        await self._refuse(scope, send, 413, "too_large", message)

    async def _refuse(self, scope: Scope, send: Send, status: int, code: str, text: str) -> None:
        """Answer with the protocol's error shape; the connection is not kept alive."""
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": text[:120]})
            return
        body = json.dumps(error_reply(text, code)).encode()
        headers: list[Any] = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
