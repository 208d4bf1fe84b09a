"""``kill -9``: in the middle of hands at several tables, the restarted server resumes
every table at exactly the same state, with every chip and every action; at random
instants and right after the command that ends a deal, on SQLite and on PostgreSQL,
the web server and the terminal game keep every table, stack and archived deal."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select
from webtools import Client, Server, rebuild

from straights.store import Store
from straights.store.opening import database_url
from straights.store.schema import commands, hands
from straights.store.table import StoredTable
from straights.web.tables import WebTable


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
            _catch_up(clients, deadline)
            return
    raise AssertionError("tables did not settle")


def _catch_up(clients: list[Client], deadline: float) -> None:
    """Wait until every client holds its table's newest state: nothing moves once a table
    waits for a person, but a watcher's copy of the last update may still be on its way."""
    while time.monotonic() < deadline:
        newest: dict[str, int] = {}
        for c in clients:
            assert c.state is not None
            newest[c.table] = max(newest.get(c.table, -1), c.state["version"])
        behind = [c for c in clients if c.state and c.state["version"] < newest[c.table]]
        if not behind:
            return
        for c in behind:
            c.drain(0.05)
    raise AssertionError("a client did not catch up with its table")


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
    """The table as ``c`` last saw it (without the seats' offline marks: who happens
    to be connected is the server's, not the table's)."""
    assert c.state is not None
    seats = [
        s if s is None else {k: v for k, v in s.items() if k != "offline"} for s in c.state["seats"]
    ]
    return {"version": c.state["version"], "hand": c.state["hand"], "seats": seats}


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
    assert all(not p["hand"]["finished"] and p["hand"]["street"] for p in before.values()), (
        "every table is in the middle of a deal"
    )
    stored = {t: rebuild(db, t)[0] for t, _ in tables}
    store = Store(db, create=False)
    try:  # every event the engine logged is in the database with its command
        for t, _ in tables:
            row = next(r for r in store.tables("web") if r.key == t)
            log = store.log(row.id)
            kinds = [e["type"] for entry in log for e in entry.events]
            assert kinds.count("deal_started") == stored[t].hand_number
            # each act is logged with the deal's entries it made, the move first
            for entry in log:
                if entry.command["kind"] == "act":
                    first = entry.events[0]
                    assert first["type"] == "entry" and first["kind"] == entry.command["action"]
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
        assert t.game.engine.live_stacks() == stored[table].game.engine.live_stacks()
        assert t.game.engine.hand is not None and stored[table].game.engine.hand is not None
        assert t.game.engine.hand.deal.log == stored[table].game.engine.hand.deal.log

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


# -- kill -9 at random instants, on SQLite and on PostgreSQL --------------------------------------
@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database of a crash test: a plain SQLite path, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "crash.db")
    return str(request.getfixturevalue("postgres_url"))


class Players(threading.Thread):
    """The people at every table, acting at random as fast as the server answers, until
    stopped or until the server dies under them.  Keeps the newest state seen per table."""

    def __init__(
        self, humans: list[Client], seed: int, shove: frozenset[str] = frozenset()
    ) -> None:
        super().__init__(daemon=True)
        self.humans = humans
        self.shove = shove  # tables where everyone bets all he has, so someone goes broke
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.deal_ended = threading.Event()
        self.seen: dict[str, dict[str, Any]] = {h.table: h.state for h in humans if h.state}
        self.start_version = {t: s["version"] for t, s in self.seen.items()}
        self.acted: dict[int, int] = {}

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                for h in self.humans:
                    h.drain(0.002)
                    state = h.state
                    if state is None:
                        continue
                    if state["version"] > self.seen[h.table]["version"]:
                        self.seen[h.table] = state
                        if state["hand"]["finished"] and (
                            state["version"] > self.start_version[h.table]
                        ):
                            self.deal_ended.set()
                    legal = state["hand"]["legal"]
                    if state["you"].get("broke") and self.acted.get(id(h)) != state["version"]:
                        self.acted[id(h)] = state["version"]
                        h.send({"type": "rebuy", "token": h.token})  # a ledger entry
                    elif legal and self.acted.get(id(h)) != state["version"]:
                        self.acted[id(h)] = state["version"]
                        if h.table in self.shove:
                            choice = max(legal, key=lambda a: (a["high"], a["kind"] != "fold"))
                        else:
                            choice = self.rng.choice(legal)
                        # a bet or raise: all in when shoving, else the least
                        amount = choice["high"] if h.table in self.shove else choice["low"]
                        to = amount if choice["kind"] in ("bet", "raise") else None
                        h.send(
                            {
                                "type": "act",
                                "token": h.token,
                                "action": choice["kind"],
                                "to": to,
                            }
                        )
        except Exception:
            return  # the server was killed


def archive_as_found(db: str) -> dict[int, tuple[list[int], list[int]]]:
    """Per table: the deals its log finished and the deals archived, read straight from
    the database (opening a :class:`Store` would repair the archive first)."""
    engine = create_engine(database_url(db))
    try:
        with engine.connect() as conn:
            ended: dict[int, list[int]] = {}
            for table_id, events in conn.execute(
                select(commands.c.table_id, commands.c.events).order_by(commands.c.seq)
            ):
                for e in json.loads(events):
                    if e.get("type") in ("hand_ended", "deal_ended"):
                        ended.setdefault(table_id, []).append(e["number"])
            archived: dict[int, list[int]] = {}
            for table_id, number in conn.execute(select(hands.c.table_id, hands.c.number)):
                archived.setdefault(table_id, []).append(number)
    finally:
        engine.dispose()
    keys = set(ended) | set(archived)
    return {k: (ended.get(k, []), sorted(archived.get(k, []))) for k in keys}


def _check_web_tables(
    db: str, chips: dict[str, int | None], seen: dict[str, dict[str, Any]]
) -> None:
    """Every table, every stack, every ledger entry and every archived deal survived;
    nothing shown was lost (``chips``: a table's total, None where players rebuy)."""
    for table_id, (ended, archived) in archive_as_found(db).items():
        assert archived == ended, f"table {table_id}: the archive is not the log's"
    store = Store(db, create=False)
    try:
        rows = {r.key: r for r in store.tables("web")}
        assert set(chips) <= set(rows), "a table is missing"
        for key, total in chips.items():
            table, commands = rebuild(db, key)
            # Chips come and go only by the ledger: buy-ins less cash-outs.
            assert table.chips() == table.bank(), f"table {key}: chips are missing"
            assert total is None or table.bank() == total, f"table {key}: chips appeared"
            state = seen[key]
            # Everything a player was shown had been committed first ...
            assert table.seq >= state["version"]
            # ... and the stored log gives back exactly the stacks he saw then.
            assert table.settings is not None
            then = WebTable(key, table.settings, table.seed, table.host_hash)
            for command in commands[: state["version"]]:
                then.apply(command)
            assert then.public_state()["seats"] == state["seats"]
            assert then.ledger_rows() == state["ledger"]["rows"], "a ledger entry was lost"
            assert len(table.entries) >= len(then.entries)
            # One archive entry for each deal the log finished, none missing.
            log = store.log(rows[key].id)
            ended = [
                e["number"] for entry in log for e in entry.events if e["type"] == "deal_ended"
            ]
            archived = sorted(h.number for h in store.hands(table_id=rows[key].id, limit=10**6))
            assert archived == ended == list(range(1, len(ended) + 1))
            if state["hand"]["finished"]:
                assert state["hand"]["hand_number"] in archived
    finally:
        store.close()


def test_web_server_killed_at_random_instants_loses_nothing(
    make_server: Callable[..., Server], database: str
) -> None:
    rng = random.Random(2026)
    server = make_server(database)
    specs = [
        dict(seats=3, bots=1, bot_kind="random", turn_seconds=0, stack=5000),
        dict(seats=2, bots=0, turn_seconds=0, pack=52, stack=5000),
        # short stacks at No Limit: players go broke and rebuy (ledger entries) all along
        dict(seats=2, bots=0, turn_seconds=0, stack=10, betting="no-limit", auto_limit=10**6),
    ]
    chips: dict[str, int | None] = {}
    humans: list[Client] = []
    shove: set[str] = set()
    try:
        for spec in specs:
            key, _ = server.create(**spec)
            if "auto_limit" in spec:
                shove.add(key)
            for seat in range(spec["bots"] + (1 if spec["bots"] else 0), spec["seats"]):
                humans.append(Client(server, key))
                humans[-1].sit(seat, f"P{seat + 1}")
            if spec["bots"]:
                humans.append(Client(server, key))
                humans[-1].sit(0, "P1")
            chips[key] = None if "auto_limit" in spec else spec["stack"] * spec["seats"]
        deals_before = 0
        for kill in range(4):
            players = Players(humans, seed=kill, shove=frozenset(shove))
            players.start()
            if kill % 2:  # right after the command that ends a deal
                assert players.deal_ended.wait(60), "no deal ended"
            else:  # at any moment
                time.sleep(rng.uniform(0.3, 1.5))
            server.kill9()
            players.stop.set()
            players.join(10)
            for c in humans:
                with contextlib.suppress(Exception):
                    c.close()
            _check_web_tables(database, chips, players.seen)
            server = make_server(database)
            for key in chips:  # every table is served again
                with urllib.request.urlopen(f"{server.base}/api/tables/{key}", timeout=5) as r:
                    assert r.status == 200
            old, humans = humans, []
            for c in old:
                again = Client(server, c.table, token=c.token)
                assert again.seat == c.seat, "a player lost his seat"
                humans.append(again)
            deals = sum(s["hand"]["hand_number"] for s in players.seen.values())
            assert deals >= deals_before
            deals_before = deals
        assert deals_before > 4, "the tables hardly played"
        rebuys = [
            e
            for key, total in chips.items()
            if total is None
            for e in rebuild(database, key)[0].entries
            if e.note == "rebuys"
        ]
        assert rebuys, "nobody went broke and rebought at the short-stacked table"
    finally:
        for c in humans:
            with contextlib.suppress(Exception):
                c.close()


def tail(path: Path) -> str:
    """The end of a game's output, for a failure message."""
    return path.read_text()[-2000:]


# -- the terminal game, killed the same way -----------------------------------------------------
def test_terminal_game_killed_at_random_instants_resumes_with_everything(
    database: str, tmp_path: Path
) -> None:
    rng = random.Random(7)
    answers = "".join(rng.choice(["c\n", "c\n", "c\n", "b\n", "f\n", "\n"]) for _ in range(6000))
    base = [sys.executable, "-m", "straights.cli.main", "play", "--db", database, "--seats", "3",
            "--bots", "calling,random", "--stack", "10000", "--script", "-"]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    table_id = None
    total_deals = 0
    for kill in range(4):
        out_path = tmp_path / f"play-{kill}.txt"
        args = base + (["--resume"] if kill else ["--seed", "11"])
        with out_path.open("w") as out:
            proc = subprocess.Popen(
                args, stdin=subprocess.PIPE, stdout=out, stderr=out, text=True, env=env
            )
            assert proc.stdin is not None
            proc.stdin.write(answers)
            proc.stdin.flush()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and "Deal " not in out_path.read_text():
                time.sleep(0.01)  # started: the table is open and playing
            ended_deal = None
            if kill % 2:  # right after the command that ends a deal
                deadline = time.monotonic() + 60
                while ended_deal is None and time.monotonic() < deadline:
                    text = out_path.read_text()
                    if "Enter: next deal" in text:  # told once the deal is stored as over
                        tail = text[: text.rfind("Enter: next deal")]
                        ended_deal = int(re.findall(r"Deal (\d+): ", tail)[-1])
                        break
                    time.sleep(0.005)
                assert ended_deal is not None, tail(out_path)
            else:
                time.sleep(rng.uniform(0.0, 1.5))
            proc.kill()  # SIGKILL
            proc.wait(10)
            proc.stdin.close()
        assert proc.returncode == -signal.SIGKILL, tail(out_path)
        for found_ended, found_archived in archive_as_found(database).values():
            assert found_archived == found_ended, f"kill {kill}: the archive is not the log's"
        store = Store(database, create=False)
        try:
            record = store.latest_unfinished("terminal", "_STR55L")
            assert record is not None, f"kill {kill}: no unfinished table\n{tail(out_path)}"
            assert record.id == (table_id or record.id)
            table_id = record.id
            table = StoredTable.load(store, table_id)  # replays, checked against the events
            deal, ring = table.deal, table.table
            if deal is None or deal.finished:
                chips = ring.total_chips()
            else:  # the table takes the deal's chips when it ends
                away = sum(c for s, c in enumerate(ring.stacks) if s not in ring.players)
                chips = away + sum(deal.stacks) + deal.pot
            assert chips == 3 * 10000, f"kill {kill}: chips are missing"
            ended = [
                e["number"]
                for entry in store.log(table_id)
                for e in entry.events
                if e.get("type") in ("hand_ended", "deal_ended")
            ]
            archived = sorted(h.number for h in store.hands(table_id=table_id, limit=10**6))
            assert archived == ended == list(range(1, len(ended) + 1))
            if ended_deal is not None:
                assert ended_deal in archived, f"kill {kill}: deal {ended_deal} not archived"
            assert len(ended) >= total_deals, f"kill {kill}: deals were lost"
            total_deals = len(ended)
        finally:
            store.close()
    assert total_deals > 3, "the game hardly played"
    # And it plays on: the next run continues the same table.
    done = subprocess.run(
        [*base, "--resume"], input="c\n" * 30, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert f"Resuming table {table_id}" in done.stdout
