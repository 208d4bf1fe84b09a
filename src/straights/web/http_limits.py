"""Limits below the app, on uvicorn's HTTP connections: what uvicorn leaves open.

uvicorn closes a kept-alive connection that stays silent after a response
(``timeout_keep_alive``), but nothing limits how long a *request* may take to
arrive: a client that sends half a header, or nothing, holds its socket for
ever (slowloris). Nor does it limit connections per address. The protocol
class made by :func:`guarded_http` adds both:

- a deadline: from the moment a connection opens, or its last response has
  gone, the client has ``request_timeout`` seconds to send a whole request
  (header and body), else the connection is closed;
- at most ``max_per_address`` open HTTP connections per client address; one
  more is answered 503 and closed. A connection that turns into a WebSocket
  stops counting here: WebSockets have their own per-address cap in the app.
  Addresses of trusted proxies (``--forwarded-allow-ips``) are not capped,
  as every client behind them shares their address.

>>> trusted = trusted_addresses("10.0.0.0/8, 192.168.1.2")
>>> trusted("10.1.2.3"), trusted("192.168.1.2"), trusted("127.0.0.1")
(True, True, False)
>>> trusted_addresses("")("127.0.0.1")
False
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from straights.web.throttle import address_key

_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\nContent-Length: 40\r\n"
    b"Connection: close\r\n\r\n"
    b"too many connections from your address\r\n"
)
#: The client's states while its request is still on the way.
_WAITING = (h11.IDLE, h11.SEND_BODY)


def trusted_addresses(spec: str) -> Callable[[str], bool]:
    """A test for addresses in ``spec``: comma-separated addresses or networks, or ``*``."""
    items = [item.strip() for item in spec.split(",") if item.strip()]
    if "*" in items:
        return lambda address: True
    networks = [ipaddress.ip_network(item, strict=False) for item in items]

    def trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in networks)

    return trusted


def check_addresses(spec: str) -> str | None:
    """What is wrong with an address list (None when every item is an address or network).

    >>> check_addresses("10.0.0.1, ::1"), check_addresses("proxy.lan")
    (None, "'proxy.lan' is not an IP address or network")
    """
    for item in spec.split(","):
        item = item.strip()
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            return f"{item!r} is not an IP address or network"
    return None


def guarded_http(
    *,
    request_timeout: float,
    max_per_address: int,
    trusted: Callable[[str], bool] = lambda address: False,
) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a request deadline and a cap per address."""
    open_connections: dict[str, int] = {}

    class GuardedH11Protocol(H11Protocol):
        _address: str | None = None
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            address = None if peer is None or trusted(peer) else address_key(peer)
            if address is not None:
                if open_connections.get(address, 0) >= max_per_address:
                    transport.write(_BUSY)
                    transport.close()
                    return
                open_connections[address] = open_connections.get(address, 0) + 1
                self._address = address
            self._arm()

        def _release(self) -> None:
            address, self._address = self._address, None
            if address is not None:
                left = open_connections[address] - 1
                if left:
                    open_connections[address] = left
                else:
                    del open_connections[address]

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.conn.their_state in _WAITING and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state not in _WAITING:
                self._disarm()  # the whole request is in: the app has it

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state in _WAITING:
                self._arm()  # the next request, on a kept-alive connection

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            self._release()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._release()
            super().connection_lost(exc)

    return GuardedH11Protocol
