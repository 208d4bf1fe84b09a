"""``kill -9`` in the middle of hands at several tables: the restarted server resumes
every table at exactly the same state, with every chip and every action."""

from __future__ import annotations

import random
import time

from straights.web.persist import WebStore
from webtools import Client, Server, rebuild


def _settle(clients: list[Client], humans: list[Client], timeout: float = 20.0) -> None:
    """Wait until every table waits for a person (no timers, so nothing else moves)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for c in clients:
            c.drain(0.01)
        if all(any(h.my_turn() for h in group) for group in _groups(humans)):
            time.sleep(0.15)
            for c in clients:
                c.drain(0.01)
            return
    raise AssertionError("tables did not settle")


def _groups(humans: list[Client]) -> list[list[Client]]:
    tables: dict[str, list[Client]] = {}
    for h in humans:
        tables.setdefault(h.table, []).append(h)
    return list(tables.values())


def _step(humans: list[Client], rng: random.Random, actions: int) -> None:
    """Each table's people make ``actions`` random actions between them."""
    for group in _groups(humans):
        done = 0
        deadline = time.monotonic() + 30
        while done < actions and time.monotonic() < deadline:
            for h in group:
                h.drain(0.01)
                if h.my_turn():
                    assert h.state is not None
                    legal = [a["kind"] for a in h.state["hand"]["legal"]]
                    h.act(rng.choice([k for k in legal if k in ("check", "call", "bet")] or legal))
                    version = h.state["version"]
                    h.wait_for(lambda m, v=version: m["type"] == "state" and m["version"] > v)
                    done += 1


def _picture(c: Client) -> dict:
    assert c.state is not None
    return {"version": c.state["version"], "hand": c.state["hand"], "seats": c.state["seats"]}


def test_kill_dash_nine_mid_hand_then_resume_exactly(make_server, clients, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'crash.db'}"
    server: Server = make_server(db)
    specs = [
        # deep stacks, so that nobody goes broke before the crash
        dict(seats=4, bots=1, bot_kind="calling", turn_seconds=0, stack=300),
        dict(seats=5, bots=2, bot_kind="random", turn_seconds=0, betting="no-limit", stack=5000),
        dict(seats=3, bots=0, turn_seconds=0, pack=52, ante=2, stack=500),
    ]
    humans: list[Client] = []
    watchers: list[Client] = []
    tables = []
    for k, spec in enumerate(specs):
        table, _ = server.create(**spec)
        tables.append((table, spec))
        free = [s for s in range(spec["seats"]) if not 1 <= s <= spec["bots"]]
        for seat in free[: 3 - (1 if spec["bots"] else 0)]:
            c = Client(server, table)
            clients.append(c)
            c.sit(seat, f"P{k}{seat}")
            humans.append(c)
        w = Client(server, table)
        clients.append(w)
        watchers.append(w)
    everyone = humans + watchers
    _settle(everyone, humans)
    _step(humans, random.Random(9), actions=23)  # several deals in, part-way into one
    _settle(everyone, humans)

    before = {id(c): _picture(c) for c in everyone}
    assert any(p["hand"]["hand_number"] >= 2 for p in before.values())
    assert all(not p["hand"]["finished"] and p["hand"]["round"] >= 1 for p in before.values()), (
        "every table is in the middle of a deal"
    )
    stored = {t: rebuild(db, t)[0] for t, _ in tables}
    store = WebStore(db)
    try:  # every event the engine logged is in the database with its command
        for t, _ in tables:
            log = store.load_log(t)
            kinds = [e["type"] for _, events in log for e in events]
            assert kinds.count("hand_started") == stored[t].hand_number
            assert kinds.count("acted") == sum(c["kind"] == "act" for c, _ in log)
    finally:
        store.close()

    server.kill9()
    for c in everyone:
        c.close()
    clients.clear()
    server2: Server = make_server(db)

    for old in everyone:
        again = Client(server2, old.table, token=old.token)
        clients.append(again)
        again.drain(0.2)
        assert again.seat == old.seat
        assert _picture(again) == before[id(old)], "state after restart differs"
    for table, spec in tables:
        # every chip is still there: stacks, pot and carried pot
        t = rebuild(db, table)[0]
        players = spec["bots"] + sum(h.table == table for h in humans)
        assert t.chips() == spec.get("stack", 100) * players
        assert t.seq == stored[table].seq
        assert t.game.stacks() == stored[table].game.stacks()
        assert t.game.hand is not None and stored[table].game.hand is not None
        assert t.game.hand.events == stored[table].game.hand.events

    # and play carries on: the person to act acts, the deal goes on to its end
    resumed = [c for c in clients if c.token]
    _step(resumed, random.Random(1), actions=12)
    for c in resumed:
        c.drain(0.1)
    assert any(
        c.state is not None
        and c.state["hand"]["hand_number"] > before[id(o)]["hand"]["hand_number"]
        for c, o in zip(clients, everyone, strict=True)
    )
