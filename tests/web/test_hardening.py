"""The HTTP side under attack, against a real server on loopback (issue 11, hardening).

Every socket here goes to 127.0.0.1; a second client address is 127.0.0.2 (any
127.x address is this machine). Every loop is bounded in count and in time.
"""

from __future__ import annotations

import json
import select
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from webtools import Client, Server

MiB = 1024 * 1024
OTHER_ADDRESS = "127.0.0.2"


def _rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS line")


def _raw(server: Server, source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=timeout, source_address=(source, 0)
    )
    return sock


def _http(
    server: Server,
    path: str = "/healthz",
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, bytes]:
    """One request on its own connection: (status, body), or (0, b"") if refused unanswered."""
    head = {"Host": f"127.0.0.1:{server.port}", "Connection": "close"} | (headers or {})
    if body is not None:
        head["Content-Length"] = str(len(body))
    lines = [f"{method} {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in head.items()]
    data = ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")
    with _raw(server, source) as sock:
        try:
            sock.sendall(data)
            reply = _read_all(sock, deadline=time.monotonic() + 5)
        except (ConnectionResetError, BrokenPipeError):
            return 0, b""
    if not reply:
        return 0, b""
    status = int(reply.split(b" ", 2)[1])
    return status, reply.partition(b"\r\n\r\n")[2]


def _read_all(sock: socket.socket, deadline: float) -> bytes:
    chunks = []
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def _closed_by_peer(sock: socket.socket, wait: float) -> bool:
    """True when the server closes ``sock`` within ``wait`` seconds."""
    sock.settimeout(wait)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _ws(server: Server, *, source: str = "127.0.0.1", **headers: str) -> ClientConnection:
    return connect(
        server.ws_url,
        open_timeout=5,
        additional_headers={k.replace("_", "-"): v for k, v in headers.items()} or None,
        proxy=None,
        legacy=True,
        source_address=(source, 0),
    )


def _handshake(server: Server, *, source: str = "127.0.0.1", **headers: str) -> int:
    """The HTTP status a WebSocket handshake gets (101 when accepted)."""
    head = {
        "Host": f"127.0.0.1:{server.port}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
    } | {k.replace("_", "-"): v for k, v in headers.items()}
    lines = ["GET /ws HTTP/1.1"] + [f"{k}: {v}" for k, v in head.items()]
    with _raw(server, source) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        reply = b""
        deadline = time.monotonic() + 5
        while b"\r\n" not in reply and time.monotonic() < deadline:
            chunk = sock.recv(4096)
            if not chunk:
                break
            reply += chunk
    return int(reply.split(b" ", 2)[1])


# -- slow requests ------------------------------------------------------------------------------


def test_slow_and_silent_clients_are_cut_off_while_others_are_served(make_server) -> None:
    server: Server = make_server(extra=("--request-timeout", "2"))
    table, _ = server.create(seats=2)
    opened = time.monotonic()
    partial = []
    for k in range(40):  # half a request line, a header without its end, or nothing
        sock = _raw(server)
        if k % 3 == 0:
            sock.sendall(b"GET /healthz HT")
        elif k % 3 == 1:
            sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-A: ".encode())
        partial.append(sock)
    body_trickle = _raw(server)
    body_trickle.sendall(
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        "Content-Length: 100\r\n\r\n{".encode()
    )
    partial.append(body_trickle)
    try:
        # Meanwhile other clients are served at once.
        for _ in range(5):
            started = time.monotonic()
            assert _http(server)[0] == 200
            assert time.monotonic() - started < 1.5
        watcher = Client(server, table)
        watcher.close()
        for sock in partial:
            left = max(0.1, opened + 2 + 3 - time.monotonic())
            assert _closed_by_peer(sock, left), "a slow request kept its socket"
        assert time.monotonic() - opened < 2 + 3
    finally:
        for sock in partial:
            sock.close()
    assert server.alive()


def test_a_websocket_that_never_joins_a_table_is_closed(make_server) -> None:
    server: Server = make_server(extra=("--request-timeout", "2"))
    table, _ = server.create(seats=2)
    silent = _ws(server)
    pinger = _ws(server)
    joined = _ws(server)
    started = time.monotonic()
    try:
        joined.send(json.dumps({"type": "hello", "table": table}))
        for _ in range(3):  # pings alone do not join a table
            pinger.send('{"type": "ping"}')
            time.sleep(0.5)
        for ws in (silent, pinger):
            with pytest.raises(ConnectionClosed):
                for _ in range(20):
                    ws.recv(timeout=max(0.1, started + 5 - time.monotonic()))
        assert time.monotonic() - started < 5
        time.sleep(1)
        joined.send('{"type": "ping"}')  # a socket that joined stays
        deadline = time.monotonic() + 5
        while json.loads(joined.recv(timeout=5))["type"] != "pong":
            assert time.monotonic() < deadline
    finally:
        for ws in (silent, pinger, joined):
            ws.close()


def test_a_kept_alive_connection_has_the_same_deadline(make_server) -> None:
    server: Server = make_server(extra=("--request-timeout", "2"))
    with _raw(server) as sock:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        sock.settimeout(5)
        assert b" 200 " in sock.recv(65536)
        started = time.monotonic()
        sock.sendall(b"GET /")  # then stalls, one byte a second, inside the next request
        closed = False
        for _ in range(6):
            time.sleep(1)
            try:
                sock.sendall(b"a")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            if _closed_by_peer(sock, 0.01):
                closed = True
                break
        assert closed and time.monotonic() - started < 5


# -- request bodies -------------------------------------------------------------------------------


def test_a_200_mib_body_is_refused_at_once(make_server) -> None:
    server: Server = make_server()
    assert server.proc is not None
    pid = server.proc.pid
    assert _http(server)[0] == 200
    before = _rss_bytes(pid)
    total = 200 * MiB
    chunk = b"x" * MiB
    # Content-Length announced: the answer comes before any of the body is sent.
    with _raw(server) as sock:
        sock.sendall(
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {total}\r\n\r\n".encode()
        )
        reply = _read_all(sock, deadline=time.monotonic() + 5)
        assert reply.startswith(b"HTTP/1.1 413 ")
        assert b"a body of 209715200 bytes: the limit is 4096" in reply
        sent = 0
        with pytest.raises(OSError):  # the server closed: sending soon fails
            for _ in range(200):
                sock.sendall(chunk)
                sent += len(chunk)
        assert sent < 20 * MiB
    # Chunked: counted while read, refused once past the limit.
    with _raw(server) as sock:
        sock.sendall(
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Transfer-Encoding: chunked\r\n\r\n".encode()
        )
        frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        reply = b""
        sent = 0
        try:
            for _ in range(200):
                if select.select([sock], [], [], 0)[0]:
                    reply = _read_all(sock, deadline=time.monotonic() + 2)
                    break
                sock.sendall(frame)
                sent += len(chunk)
        except OSError:
            pass
        if not reply:
            reply = _read_all(sock, deadline=time.monotonic() + 2)
        assert sent < 20 * MiB
        assert not reply or reply.startswith(b"HTTP/1.1 413 ")
    grown = _rss_bytes(pid) - before
    assert grown < 20 * MiB, f"server memory grew by {grown / MiB:.1f} MiB"
    assert server.alive()


def test_small_chunked_bodies_still_work(make_server) -> None:
    server: Server = make_server()
    body = json.dumps({"seats": 3, "name": "Chunked"}).encode()
    with _raw(server) as sock:
        sock.sendall(
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n".encode()
            + f"{len(body):x}\r\n".encode()
            + body
            + b"\r\n0\r\n\r\n"
        )
        reply = _read_all(sock, deadline=time.monotonic() + 5)
    assert reply.startswith(b"HTTP/1.1 200 ")
    assert json.loads(reply.partition(b"\r\n\r\n")[2])["url"].startswith("/t/")


# -- connections per address --------------------------------------------------------------------


def test_plain_http_connections_are_capped_per_address(make_server) -> None:
    server: Server = make_server(max_per_address=5)
    idle = [_raw(server) for _ in range(5)]
    try:
        time.sleep(0.2)
        status, body = _http(server)
        assert status in (0, 503) and status != 200
        if status:
            assert b"too many connections from your address" in body
        assert _http(server, source=OTHER_ADDRESS)[0] == 200  # another address is served
    finally:
        for sock in idle:
            sock.close()
    deadline = time.monotonic() + 5
    status = 0
    while time.monotonic() < deadline and status != 200:  # freed once they are closed
        status = _http(server)[0]
        time.sleep(0.05)
    assert status == 200


def test_spoofed_forwarded_for_is_ignored_by_default(make_server) -> None:
    server: Server = make_server(max_per_address=2)
    table, _ = server.create()
    held = [_ws(server), _ws(server)]
    try:
        assert _handshake(server, X_Forwarded_For="203.0.113.7") == 403
        # a new table per spoofed address does not get around the creation limit either
        statuses = [
            _http(
                server,
                "/api/tables",
                method="POST",
                body=b"{}",
                headers={"X-Forwarded-For": f"203.0.113.{k}"},
            )[0]
            for k in range(25)
        ]
        assert 429 in statuses
    finally:
        for ws in held:
            ws.close()
    assert table


def test_forwarded_for_is_honoured_from_the_configured_proxy_only(make_server) -> None:
    server: Server = make_server(
        max_per_address=2, extra=("--proxy-headers", "--forwarded-allow-ips", OTHER_ADDRESS)
    )
    held = [_ws(server), _ws(server)]
    try:
        # 127.0.0.1 is not the proxy: its X-Forwarded-For counts for nothing.
        assert _handshake(server, X_Forwarded_For="203.0.113.7") == 403
        # The proxy's word is taken: these are two clients, each under its cap.
        via_proxy = [
            _ws(server, source=OTHER_ADDRESS, X_Forwarded_For=f"203.0.113.{k}")
            for k in (1, 1, 2, 2)
        ]
        assert _handshake(server, source=OTHER_ADDRESS, X_Forwarded_For="203.0.113.1") == 403
        for ws in via_proxy:
            ws.close()
    finally:
        for ws in held:
            ws.close()


def test_proxy_headers_need_the_proxy_address() -> None:
    from typer.testing import CliRunner

    from straights.cli.main import app

    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--proxy-headers"])
    assert result.exit_code != 0
    assert "--proxy-headers needs --forwarded-allow-ips" in str(result.exception or result.output)
    result = runner.invoke(app, ["serve", "--proxy-headers", "--forwarded-allow-ips", "proxy.lan"])
    assert "'proxy.lan' is not an IP address or network" in str(result.exception or result.output)


# -- Origin and Host ------------------------------------------------------------------------------


def test_origin_must_match_scheme_host_and_port(make_server) -> None:
    server: Server = make_server()
    table, _ = server.create()
    own = f"http://127.0.0.1:{server.port}"
    assert _handshake(server, Origin=own) == 101
    for foreign in (
        f"http://127.0.0.1:{server.port + 1}",
        f"https://127.0.0.1:{server.port}",
        f"http://localhost:{server.port}",
        "http://evil.example",
        "null",
    ):
        assert _handshake(server, Origin=foreign) == 403, foreign
    status, body = _http(
        server,
        "/api/tables",
        method="POST",
        body=b"{}",
        headers={"Origin": f"http://127.0.0.1:{server.port + 1}"},
    )
    assert status == 403 and json.loads(body)["code"] == "forbidden"
    assert (
        _http(server, "/api/tables", method="POST", body=b"{}", headers={"Origin": own})[0] == 200
    )
    assert table


def test_rebinding_host_is_refused(make_server) -> None:
    server: Server = make_server(
        extra=("--allowed-host", "127.0.0.1", "--allowed-host", "table.lan")
    )
    rebound = {"Host": f"rebind.attacker.example:{server.port}"}
    status, body = _http(server, headers=rebound)
    assert status == 400 and "--allowed-host" in json.loads(body)["message"]
    assert _http(server, headers={"Host": f"table.lan:{server.port}"})[0] == 200
    assert _http(server)[0] == 200
    # The WebSocket too, though a rebinding page would send a matching Origin.
    origin = f"http://rebind.attacker.example:{server.port}"
    assert _handshake(server, Host=rebound["Host"], Origin=origin) == 403
    assert _handshake(server, Host=f"table.lan:{server.port}") == 101


def test_a_loopback_server_answers_to_loopback_names_by_default(make_server) -> None:
    server: Server = make_server()
    assert _http(server, headers={"Host": f"localhost:{server.port}"})[0] == 200
    assert _http(server, headers={"Host": f"attacker.example:{server.port}"})[0] == 400


# -- the budget per address -------------------------------------------------------------------


def _throttled(ws: ClientConnection, limit: float) -> list[dict[str, Any]]:
    errors = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        except TimeoutError:
            break
        if msg["type"] == "error" and msg["code"] == "throttled":
            errors.append(msg)
    return errors


def test_one_address_shares_one_budget_across_its_sockets(make_server) -> None:
    server: Server = make_server()
    table, _ = server.create(seats=2)
    request = json.dumps({"type": "ping"})  # (history has a budget of its own too)
    sockets = [_ws(server) for _ in range(8)]
    other = _ws(server, source=OTHER_ADDRESS)
    try:
        for ws in [*sockets, other]:
            ws.send(json.dumps({"type": "hello", "table": table}))
        # 8 sockets x 39 messages: each under its own burst of 40, together 192 over 120
        # (and over what refills at 60/s while the server reads them).
        for _ in range(39):
            for ws in sockets:
                ws.send(request)
        for _ in range(35):
            other.send(request)
        refused = [m for ws in sockets for m in _throttled(ws, 1.0)]
        assert len(refused) >= 60
        assert all("from your address" in m["message"] for m in refused)
        assert _throttled(other, 1.0) == []  # another address has its own budget
    finally:
        for ws in [*sockets, other]:
            ws.close()


# -- one seat per connection, names over the wire ---------------------------------------------


def test_a_second_hello_is_refused_so_one_socket_holds_one_seat(make_server, clients) -> None:
    server: Server = make_server()
    table, _ = server.create(seats=4)
    other, _ = server.create(seats=4)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    for target in (table, other):
        ann.send({"type": "hello", "table": target})
        err = ann.wait_for(lambda m: m["type"] == "error")
        assert err["code"] == "bad_request" and "already joined table" in err["message"]
    ann.send({"type": "sit", "seat": 1, "name": "Ann2"})
    assert ann.wait_for(lambda m: m["type"] == "error")["code"] == "illegal"
    watcher = Client(server, table)
    clients.append(watcher)
    seated = [s["name"] for s in (watcher.state or {})["seats"] if s is not None]
    assert seated == ["Ann"]


def test_names_are_checked_over_the_wire(make_server, clients) -> None:
    server: Server = make_server()
    table, _ = server.create(seats=4, bots=1)  # "Bot 2" in the second seat
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    for seat, name, says in [
        (2, "Bot 3", "looks like a bot's name"),
        (2, "Аnn", "looks like 'Ann', who sits here"),  # Cyrillic А
        (2, "\u3164", "invisible character U+3164"),
        (2, "Eve\u202eevE", "invisible character U+202E"),
    ]:
        eve = Client(server, table)
        clients.append(eve)
        eve.send({"type": "sit", "seat": seat, "name": name})
        assert says in eve.wait_for(lambda m: m["type"] == "error")["message"]
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    zoe = Client(server, table)
    clients.append(zoe)
    zoe.sit(2, f"{family} Zoë")
    state = zoe.wait_for(lambda m: m["type"] == "state" and m["seats"][2] is not None)
    assert state["seats"][2]["name"] == f"{family} Zoë"
    assert state["seats"][1]["name"] == "Bot 2"


def test_a_table_name_with_a_nul_is_a_clear_400(make_server) -> None:
    server: Server = make_server()
    status, body = _http(
        server, "/api/tables", method="POST", body=json.dumps({"name": "Fri\x00day"}).encode()
    )
    assert status == 400
    assert json.loads(body)["message"] == (
        "bad table settings: name: a table name may not contain the control character U+0000"
    )
