"""The server under faults and abuse (issue 21): each test here failed on the server
before it; the figures they print are reported in ``docs/web.md``, Reliability."""

from __future__ import annotations

import time
from typing import Any

from webtools import Client, Server

from straights.store import Store


def _log(db: str, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    store = Store(db, create=False)
    try:
        row = next(r for r in store.tables("web") if r.key == table_id)
        return [(e.seq, e.command) for e in store.log(row.id)]
    finally:
        store.close()


def _turn(players: list[Client], timeout: float = 15.0) -> Client:
    """The client whose turn it is (each reads what has arrived)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for c in players:
            c.drain(0.02)
        for c in players:
            if c.state and c.state["hand"].get("legal"):
                return c
    raise AssertionError("no one's turn")


def _refusals(c: Client) -> list[str]:
    return [m["message"] for m in c.messages if m["type"] == "error"]


def test_a_duplicated_and_a_stale_act_frame_act_once(make_server: Any, clients: Any) -> None:
    server: Server = make_server()
    table, _ = server.create(games=["holdem"], seats=2, turn_seconds=0)
    ann, bob = Client(server, table), Client(server, table)
    clients += [ann, bob]
    ann.sit(0, "Ann")
    bob.sit(1, "Bob")
    # Call or check until someone may check: then he checks twice with one frame.
    while True:
        c = _turn([ann, bob])
        assert c.state is not None
        kinds = [a["kind"] for a in c.state["hand"]["legal"]]
        version = c.state["version"]
        frame = {"type": "act", "token": c.token, "version": version}
        if "check" in kinds:
            break
        c.send(frame | {"action": "call"})
        c.wait_for(lambda m, v=version: m["type"] == "state" and m["version"] > v)
    checker, other = (ann, bob) if c is ann else (bob, ann)
    assert checker.seat is not None
    checker.send(frame | {"action": "check"})
    checker.send(frame | {"action": "check"})  # the same click, twice
    checker.wait_for(lambda m: m["type"] == "error")
    assert sum("older state" in r for r in _refusals(checker)) == 1
    after = [cmd for seq, cmd in _log(server.db, table) if seq > version]
    assert after[0] == after[0] | {"kind": "act", "seat": checker.seat, "action": "check"}
    assert not any(
        cmd.get("kind") == "act" and cmd.get("seat") == checker.seat for cmd in after[1:]
    ), after
    # Once the other player has acted, the old frame comes again: stale, refused.
    c = _turn([ann, bob])
    if c is other and c.state is not None:
        v2 = c.state["version"]
        kinds = [a["kind"] for a in c.state["hand"]["legal"]]
        c.send({"type": "act", "token": c.token, "version": v2, "action": kinds[0]})
        c.wait_for(lambda m: m["type"] == "state" and m["version"] > v2)
    stored = len(_log(server.db, table))
    checker.send(frame | {"action": "check"})
    checker.wait_for(lambda m: m["type"] == "error" and "older state" in m["message"])
    time.sleep(0.2)
    assert len(_log(server.db, table)) == stored  # nothing happened
    assert sum("older state" in r for r in _refusals(checker)) == 2
