"""Malformed, oversized, out-of-turn, forged and flooding messages: the server answers
with errors, stays up, and the game state does not change."""

from __future__ import annotations

import contextlib
import json
import random
import secrets
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from webtools import Client, Server, assert_no_leaks


def _frozen_table(make_server, clients) -> tuple[Server, str, Client, Client, Client]:
    """Two people, no bots, no timer: the state only moves when someone acts."""
    server: Server = make_server()
    table, _ = server.create(seats=4, bots=0, turn_seconds=0)
    ann, bob, watcher = Client(server, table), Client(server, table), Client(server, table)
    clients.extend([ann, bob, watcher])
    ann.sit(0, "Ann")
    bob.sit(1, "Bob")
    watcher.wait_for(lambda m: m["type"] == "state" and m["hand"]["actor"] is not None)
    for c in (ann, bob):
        c.wait_for(lambda m: m["type"] == "state" and m["hand"]["actor"] is not None)
    return server, table, ann, bob, watcher


def _snapshot(c: Client) -> dict:
    c.drain(0.2)
    assert c.state is not None
    return json.loads(json.dumps(c.state["hand"])) | {"version": c.state["version"]}


HOSTILE: list[str | bytes] = [
    "",
    "not json",
    "[]",
    "null",
    "42",
    '"hello"',
    "{}",
    '{"type": 7}',
    '{"type": "act"}',
    '{"type": "__class__"}',
    '{"type": "hello", "table": "../../etc/passwd"}',
    '{"type": "hello", "table": "nope-nope"}',
    '{"type": "sit", "seat": -1, "name": "x"}',
    '{"type": "sit", "seat": 1.5, "name": "x"}',
    '{"type": "sit", "seat": true, "name": "x"}',
    '{"type": "sit", "seat": "0", "name": "x"}',
    '{"type": "sit", "seat": 99999999999999999999, "name": "x"}',
    '{"type": "sit", "seat": 2, "name": "\\u0000\\u0007"}',
    '{"type": "sit", "seat": 2, "name": "' + "n" * 200 + '"}',
    '{"type": "act", "token": "a", "action": "call"}',
    '{"type": "act", "token": "' + "x" * 65 + '", "action": "call"}',
    '{"type": "act", "token": "abcdefgh", "action": "call", "extra": 1}',
    '{"type": "act", "token": "abcdefgh", "action": "call", "to": -5}',
    '{"type": "history", "hand": 0}',
    '{"type": "change", "token": "abcdefgh", "ante": 0}',
    '{"type": "change", "token": "abcdefgh", "betting": "pot-limit"}',
    '{"type": "answer", "token": "abcdefgh", "player": 0, "accept": true}',
    '{"type": "answer", "token": "abcdefgh", "player": 1, "accept": 1}',
    '{"type": "pause", "token": "abcdefgh", "on": "yes"}',
    '{"type": "remove", "token": "abcdefgh", "seat": 16}',
    '{"type": "close", "token": "abcdefgh", "now": true}',
    '{"type": "rebuy"}',
    '{"type": "history", "hand": 999}',
    "[" * 3000 + "]" * 3000,
    '{"a":' * 1500 + "1" + "}" * 1500,
    b"\xff\xfe\x00garbage",
    b'{"type": "ping"}',
    "x" * 5000,
]


def test_hostile_messages_get_errors_and_change_nothing(make_server, clients) -> None:
    server, table, ann, bob, watcher = _frozen_table(make_server, clients)
    before = _snapshot(watcher)
    actor, other = (ann, bob) if before["actor"] == 0 else (bob, ann)
    fuzzer = Client(server, table)
    clients.append(fuzzer)
    fuzzer.drain(0.1)
    start = len(fuzzer.messages)
    for raw in HOSTILE:
        fuzzer.send(raw) if isinstance(raw, str) else fuzzer.ws.send(raw)
        fuzzer.wait_for(lambda m: m["type"] in ("error", "pong"), timeout=5)
        time.sleep(0.06)  # stay under the flood limit: this test is about content
    replies = fuzzer.messages[start:]
    errors = [m for m in replies if m["type"] == "error"]
    assert len(errors) == len(HOSTILE) - 1  # every frame but the valid binary ping
    assert all(m["message"] and len(m["message"]) < 600 for m in errors)
    # out of turn, with his own real token
    other.send({"type": "act", "token": other.token, "action": "check"})
    err = other.wait_for(lambda m: m["type"] == "error")
    assert err["code"] == "illegal" and "to act" in err["message"]
    # the actor's action with forged tokens, from the actor's own connection and another
    for conn in (actor, fuzzer):
        conn.send({"type": "act", "token": secrets.token_urlsafe(24), "action": "check"})
        assert conn.wait_for(lambda m: m["type"] == "error")["code"] == "forbidden"
    # a wrong amount and a stale deal number
    actor.send({"type": "act", "token": actor.token, "action": "bet", "to": 999})
    assert actor.wait_for(lambda m: m["type"] == "error")["code"] == "illegal"
    actor.send({"type": "act", "token": actor.token, "action": "check", "hand": 99})
    assert actor.wait_for(lambda m: m["type"] == "error")["code"] == "illegal"
    # the fuzzer may not take an occupied seat or add a bot without a seat
    fuzzer.send({"type": "sit", "seat": 0, "name": "Mallory"})
    assert fuzzer.wait_for(lambda m: m["type"] == "error")["code"] == "illegal"
    fuzzer.send({"type": "add_bot", "token": "abcdefghijkl", "seat": 3})
    assert fuzzer.wait_for(lambda m: m["type"] == "error")["code"] == "forbidden"
    # the host's messages from a player who is not the host, and with forged tokens
    for conn, token in ((actor, actor.token), (fuzzer, secrets.token_urlsafe(24))):
        for message in (
            {"type": "pause", "on": True},
            {"type": "change", "ante": 5},
            {"type": "remove", "seat": 0},
            {"type": "make_host", "seat": 1},
            {"type": "close"},
            {"type": "answer", "player": 1, "accept": True},
        ):
            conn.send(message | {"token": token})
            err = conn.wait_for(lambda m: m["type"] == "error")
            assert err["code"] == "forbidden" and err["message"].startswith("only the host can")

    assert _snapshot(watcher) == before
    assert server.alive()
    for c in (fuzzer, watcher, ann, bob):
        assert_no_leaks(c, server.db)  # errors never name a card
    # the real player can still act
    actor.act("check")
    watcher.wait_for(lambda m: m["type"] == "state" and m["version"] > before["version"])


def test_random_garbage_never_breaks_the_table(make_server, clients) -> None:
    server, table, _ann, _bob, watcher = _frozen_table(make_server, clients)
    before = _snapshot(watcher)
    rng = random.Random(2026)
    fuzzer = Client(server, table)
    clients.append(fuzzer)
    keys = ["type", "token", "seat", "name", "action", "to", "hand", "table", "kind"]
    values = [None, 0, -1, 2**70, 1.5, "", "check", "act", "sit", "hello", table, [], {}, True]
    for _ in range(150):
        msg = {rng.choice(keys): rng.choice(values) for _ in range(rng.randint(0, 5))}
        fuzzer.send(json.dumps(msg))
        time.sleep(0.02)
    fuzzer.drain(0.3)
    assert server.alive()
    after = _snapshot(watcher)
    assert after == before


def test_oversized_frames_close_only_that_connection(make_server, clients) -> None:
    server, _table, _ann, _bob, watcher = _frozen_table(make_server, clients)
    before = _snapshot(watcher)
    with connect(server.ws_url, open_timeout=5) as ws:
        ws.send("x" * 200_000)  # above the frame limit: the server closes the socket
        with pytest.raises(ConnectionClosed):
            for _ in range(10):
                ws.recv(timeout=5)
    assert server.alive()
    assert _snapshot(watcher) == before


def test_a_flooding_connection_is_throttled_then_cut(make_server, clients) -> None:
    server, table, _ann, _bob, watcher = _frozen_table(make_server, clients)
    before = _snapshot(watcher)
    flood = Client(server, table)
    clients.append(flood)
    with contextlib.suppress(ConnectionClosed):
        for _ in range(400):  # 40 in a burst + 200 refused close the connection
            flood.send('{"type": "ping"}')
    deadline = time.monotonic() + 60  # at most a minute, not 5000 reads of 5 s
    with pytest.raises(ConnectionClosed):
        while time.monotonic() < deadline:
            flood.recv(1)
    throttled = [m for m in flood.messages if m.get("code") == "throttled"]
    pongs = [m for m in flood.messages if m["type"] == "pong"]
    assert throttled, "a flood gets 'throttled' errors before being cut off"
    assert len(pongs) < 200
    assert server.alive()
    assert _snapshot(watcher) == before


def test_a_page_from_another_site_cannot_open_a_socket(make_server) -> None:
    server: Server = make_server()
    with pytest.raises(InvalidStatus) as info:
        connect(server.ws_url, open_timeout=5, origin="http://evil.example")  # type: ignore[arg-type]
    assert info.value.response.status_code == 403
    with connect(server.ws_url, open_timeout=5, origin=server.base) as ws:  # type: ignore[arg-type]
        ws.send('{"type": "ping"}')
        assert json.loads(ws.recv(timeout=5)) == {"type": "pong"}


def test_one_address_cannot_open_endless_sockets(make_server, clients) -> None:
    server: Server = make_server(max_per_address=4)
    table, _ = server.create(seats=2, bots=0)
    for _ in range(4):
        clients.append(Client(server, table))
    with pytest.raises(InvalidStatus) as info:  # refused at the handshake
        connect(server.ws_url, open_timeout=5)
    assert info.value.response.status_code == 403
    clients.pop().close()  # one leaves: a newcomer gets in again
    time.sleep(0.3)
    clients.append(Client(server, table))
    assert server.alive()
