"""The server under faults and abuse (issue 21): each test here failed on the server
before it; the figures they print are reported in ``docs/web.md``, Reliability."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import weakref
from typing import Any

import precache
import pytest
from pgtools import free_port, initdb, start_postgres, stop_postgres
from webtools import Client, Server

from straights.errors import HandHistoryError
from straights.store import Store
from straights.web.manager import (
    Connection,
    TableManager,
    TableWaiting,
    Throttled,
    make_table,
)
from straights.web.protocol import Hello, TableSettings


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


async def _nothing(text: str) -> None:  # pragma: no cover - these sockets send nothing
    return None


def _refusals(c: Client) -> list[str]:
    return [m["message"] for m in c.messages if m["type"] == "error"]


@pytest.mark.parametrize("kind", [{"games": ["holdem"]}, {}, {"games": ["omaha"]}])
def test_a_duplicated_and_a_stale_act_frame_act_once(
    make_server: Any, clients: Any, kind: dict[str, Any]
) -> None:
    """On hold'em, Straights (the create form's) and Omaha (Pai Gow has no ``act``)."""
    server: Server = make_server()
    table, _ = server.create(seats=2, turn_seconds=0, **kind)
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


def _stored_table(db: str, table_id: str, upto: int | None = None) -> tuple[Any, int]:
    """Table ``table_id`` replayed from its stored log (to version ``upto``), checking
    each command still causes the events stored with it; and the log's length."""
    store = Store(db, create=False)
    try:
        row = next(r for r in store.tables("web") if r.key == table_id)
        log = store.log(row.id)  # raises on a gap in the numbering
    finally:
        store.close()
    assert row.seed is not None and row.host_hash is not None
    table = make_table(
        table_id, TableSettings.model_validate(row.settings), row.seed, row.host_hash
    )
    for entry in log[:upto]:
        assert table.apply(entry.command) == entry.events, (table_id, entry.seq)
    return table, len(log)


def _without_timers(state: dict[str, Any]) -> dict[str, Any]:
    """A state without its clock, the connection's host and removed flags, the seats'
    offline marks and the requests for seats (the server's own, from its connections)."""
    you = {k: v for k, v in state["you"].items() if k not in ("host", "removed", "banned")}
    seats = [
        s if s is None else {k: v for k, v in s.items() if k != "offline"} for s in state["seats"]
    ]
    ledger = {k: v for k, v in state["ledger"].items() if k != "requests"}
    return {k: v for k, v in state.items() if k != "turn"} | {
        "you": you,
        "seats": seats,
        "ledger": ledger,
    }


@pytest.mark.postgres
@pytest.mark.slow
def test_a_postgresql_outage_loses_no_table(make_server: Any, clients: Any) -> None:
    """PostgreSQL stopped for 6 s mid-play under five tables of five kinds, started
    again, then the server restarted: every table is there, its log has no gap, and
    it replays to what its watchers last saw."""
    bindir, root, data = initdb()
    port = free_port()
    pg = start_postgres(bindir, root, data, port)
    try:
        subprocess.run(
            [f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "w"],
            check=True,
            capture_output=True,
            timeout=30,
        )
        db = f"postgresql://postgres@127.0.0.1:{port}/w"
        server: Server = make_server(db, bot_delay=0.02)
        kinds: list[dict[str, Any]] = [
            {},
            {"games": ["holdem"]},
            {"games": ["stud"]},
            {"games": ["omaha-hi-lo"]},
            {"game": "pai-gow"},
        ]
        # 300 chips (the auto buy-in limit): nobody goes broke and ends a table in the
        # 7.5 s of play (Pai Gow bets go in steps of 20)
        tables = [server.create(seats=3, bots=2, turn_seconds=0, stack=300, **k)[0] for k in kinds]
        watchers = [Client(server, t) for t in tables]
        clients.extend(watchers)
        for c in watchers:
            c.sit(0, "Ann")
        acted = [-1] * len(watchers)
        calm = [0.0] * len(watchers)

        def play(seconds: float) -> None:
            """Each Ann checks, calls or brings in (else her first choice), or sets
            her Pai Gow hands the house way, once per state she is shown."""
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                for i, c in enumerate(watchers):
                    seen = len(c.messages)
                    c.drain(0.005)
                    if any(m["type"] == "error" for m in c.messages[seen:]):
                        acted[i] = -1  # refused while the table waited: again, soon
                        calm[i] = time.monotonic() + 0.3
                    st = c.state
                    if not st or not st["hand"].get("legal") or st["version"] <= acted[i]:
                        continue
                    if time.monotonic() < calm[i]:
                        continue
                    legal = st["hand"]["legal"]
                    msg: dict[str, Any] = {"type": "act", "token": c.token}
                    if legal == ["set"]:
                        msg = {"type": "set_hands", "token": c.token, "house_way": True}
                    else:
                        kinds_ = [a["kind"] for a in legal]
                        pick = ("check", "call", "bring-in")
                        msg["action"] = next((k for k in pick if k in kinds_), kinds_[0])
                    c.send(msg)
                    acted[i] = st["version"]

        play(1.5)
        stop_postgres(pg)
        down = [c.state["version"] if c.state else 0 for c in watchers]
        play(6.0)
        pg = start_postgres(bindir, root, data, port)
        deadline = time.monotonic() + 60  # a loaded machine restarts PostgreSQL slowly
        while any(
            (c.state or {}).get("version", 0) <= v for c, v in zip(watchers, down, strict=True)
        ):
            stuck = [k for k, c, v in zip(kinds, watchers, down, strict=True)
                     if (c.state or {}).get("version", 0) <= v]  # fmt: skip
            assert time.monotonic() < deadline, f"tables did not resume: {stuck}"
            play(0.2)
        play(1.5)
        server.stop()
        said = [m for c in watchers for m in c.messages if m["type"] == "error"]
        assert not [m for m in said if m["code"] == "internal"], said
        assert not [m for m in said if str(port) in m["message"] or "/" in m["message"]]
        waited = sum(m["code"] in ("waiting", "unavailable") for m in said)
        for c in watchers:
            with contextlib.suppress(Exception):  # the server closed the socket
                c.drain(0.2)
        for table_id, c in zip(tables, watchers, strict=True):
            assert c.state is not None
            seen = c.state["version"]
            table, stored = _stored_table(db, table_id, seen)
            assert seen <= stored
            assert _without_timers(table.state_for(c.seat, turn_left=None)) == _without_timers(
                c.state
            ), table_id
        again = make_server(db)
        with urllib.request.urlopen(again.base + "/healthz", timeout=5) as r:
            assert json.loads(r.read())["tables"] == len(tables)
        for table_id in tables:
            _, stored = _stored_table(db, table_id)
            fresh = Client(again, table_id)
            clients.append(fresh)
            assert fresh.state is not None and fresh.state["version"] == stored
        logs = [_stored_table(db, t)[1] for t in tables]
        print(f"outage: {waited} refusals while waiting; logs of {logs} commands")
    finally:
        with contextlib.suppress(Exception):
            stop_postgres(pg)
        shutil.rmtree(root, ignore_errors=True)


def test_the_kernels_are_imported_before_any_table_starts(tmp_path: Any) -> None:
    """Bots deciding in threads at once used to import the kernels concurrently."""
    script = (
        "import asyncio, sys\n"
        "from straights.store import Store\n"
        "from straights.web.manager import TableManager\n"
        "assert 'straights.fast.equity' not in sys.modules\n"
        f"manager = TableManager(Store({str(tmp_path / 'k.db')!r}))\n"
        "asyncio.run(manager.start())\n"
        "print(sorted(m for m in sys.modules if m.startswith('straights.fast.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    for module in ("equity", "kernels", "lookup", "more_keys", "variant_keys"):
        assert f"'straights.fast.{module}'" in out, out


def _silent_socket(server: Server, table_id: str) -> socket.socket:
    """A WebSocket that says hello to ``table_id`` and then never reads again (a tiny
    receive buffer, so the server's sends soon block)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    _frame(s, {"type": "hello", "table": table_id})
    return s


def _frame(s: socket.socket, message: dict[str, Any]) -> None:
    """Send one masked text frame (as a client must)."""
    payload = json.dumps(message).encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)


@pytest.mark.slow
def test_sockets_that_stop_reading_are_dropped(make_server: Any, clients: Any) -> None:
    """Four sockets that never read (and Ann) hold all five slots of an address; the server
    drops each once a message has waited ``--ping-timeout`` (1 s) to go out, and
    the address may connect again."""
    server: Server = make_server(max_per_address=5, extra=("--ping-timeout", "1"))
    table, _ = server.create(seats=3, bots=2, turn_seconds=0)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    acted = -1

    def play(seconds: float) -> None:
        nonlocal acted
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ann.drain(0.02)
            if ann.state and ann.my_turn() and ann.state["version"] > acted:
                ann.act()
                acted = ann.state["version"]

    while ann.state is None or ann.state["hand"]["hand_number"] < 2:  # deal 1 is history
        play(0.1)
    silent = [_silent_socket(server, table) for _ in range(4)]  # Ann holds the fifth slot
    try:
        started = time.monotonic()
        deadline = started + 60
        while True:  # the bots play on: states pile up until the sockets are dropped
            try:
                c = Client(server, table)
            except Exception:
                assert time.monotonic() < deadline, "the silent sockets are still held"
                for s in silent:  # answers pile up on top of the table's states
                    with contextlib.suppress(OSError):  # (one already dropped)
                        for _ in range(6):
                            _frame(s, {"type": "history", "hand": 1})
                play(0.5)  # the table plays on: states pile up for the silent sockets
                continue
            clients.append(c)
            break
        took = time.monotonic() - started
        assert server.log is not None
        dropped = server.log.read_text().count("stopped reading: connection dropped")
        # Dropped when a message waited 1 s to go out, or by the keepalive ping (every
        # 20 s, 1 s to answer) if their buffers had not filled by then: either way
        # hard, where a graceful close used to wait for the full buffers forever.
        print(f"slots back after {took:.1f} s; {dropped} dropped for not reading")
    finally:
        for s in silent:
            s.close()


#: Another table's ping, p50 and p95, a history flood may cause on the cached server.
#: The old server's median must be at least :data:`FLOOD_PING_WORSE` times the cached
#: one's (measured here: 2-4 ms cached, 38-58 ms before the cache; both grow together
#: on a loaded machine, where the cached median reached 43 ms, which is why the bounds
#: leave room and the old server is held to a ratio; with the engine compiled the old
#: server's replays got cheaper: 9 ms cached against 33 ms old, 3.6×, in one CI run). See
#: docs/web.md, Reliability.
FLOOD_PING_P50, FLOOD_PING_P95, FLOOD_PING_WORSE = 0.1, 0.5, 2.5


@pytest.mark.slow
def test_a_history_flood_does_not_stall_another_table(
    make_server: Any, clients: Any, tmp_path: Any
) -> None:
    """Ten addresses, one socket each, ask for the 16 past deals of a busy eight-seat
    stud table (every one in turn; each replay about 14 ms) as fast as an address may
    send (58 a second) while the table plays on; another table's ping, from an address
    of its own, stays under :data:`FLOOD_PING_P50` and :data:`FLOOD_PING_P95`. The same
    flood on the old server (``precache.py``: answers computed on the event loop, kept
    for one table version) must slow that ping :data:`FLOOD_PING_WORSE` times as much,
    or the flooded table's own deals, or the test proves nothing."""
    cached = _flood_pings(make_server(db=f"sqlite:///{tmp_path / 'new.db'}"), clients)
    old = _flood_pings(
        make_server(db=f"sqlite:///{tmp_path / 'old.db'}", before=precache.INSTALL), clients
    )
    assert cached[0] < FLOOD_PING_P50 and cached[1] < FLOOD_PING_P95, cached
    # The old server stalls the ping, or (when its lock queue starves the flooded
    # table's bots, so that its answers stay kept) the flooded table itself.
    assert old[0] > FLOOD_PING_WORSE * cached[0] or old[2] * 4 < cached[2], (old, cached)


def _flood_pings(server: Server, clients: Any) -> tuple[float, float, int]:
    """Another table's ping (p50, p95) during a history flood on ``server``, and the
    deals the flooded table dealt meanwhile (see
    :func:`test_a_history_flood_does_not_stall_another_table`)."""
    busy, _ = server.create(
        games=["stud"], seats=8, bots=7, bot_kind="calling", turn_seconds=0, stack=100_000
    )
    quiet, _ = server.create(seats=3)
    # Ann and the pinger come from other addresses than the flood, whose 58 messages a
    # second from each of its ten addresses take the whole of each one's budget.
    ann = Client(server, busy, source="127.0.0.2")
    clients.append(ann)
    ann.sit(0, "Ann")
    acted, sent = -1, 0.0
    stop = threading.Event()

    def play() -> None:
        # The bots play at once, so Ann's turns come fast enough for the per-socket
        # throttle to drop an act now and then: one still unanswered after 0.5 s is sent
        # again (the state's version guards against acting twice).
        nonlocal acted, sent
        while not stop.is_set():
            ann.drain(0.01)
            if not (ann.state and ann.my_turn()):
                continue
            version = ann.state["version"]
            if version > acted or time.monotonic() - sent > 0.5:
                kinds = [a["kind"] for a in ann.state["hand"]["legal"]]
                kind = next((k for k in ("check", "call", "bring-in") if k in kinds), kinds[0])
                ann.send({"type": "act", "token": ann.token, "action": kind, "version": version})
                acted, sent = version, time.monotonic()

    player = threading.Thread(target=play)
    player.start()
    threads: list[threading.Thread] = []
    try:
        deadline = time.monotonic() + 120  # 17 deals: about 2 s here, far more when loaded
        while ann.state is None or ann.state["hand"]["hand_number"] < 17:
            assert time.monotonic() < deadline and player.is_alive(), "the table stopped"
            time.sleep(0.1)
        past = ann.state["hand"]["hand_number"] - 1
        flooders = [Client(server, busy, source=f"127.0.1.{i}") for i in range(1, 11)]
        pinger = Client(server, quiet, source="127.0.0.3")
        clients.extend([*flooders, pinger])

        def flood(c: Client, first: int) -> None:
            n = first
            while not stop.is_set():
                c.send({"type": "history", "hand": 1 + n % past})
                n += 1
                c.drain(0.0)
                time.sleep(1 / 58)

        threads = [threading.Thread(target=flood, args=(c, i * 3)) for i, c in enumerate(flooders)]
        for t in threads:
            t.start()
        time.sleep(1.0)  # the flood under way
        rtts = []
        for _ in range(60):
            sent = time.monotonic()
            pinger.send({"type": "ping"})
            pinger.wait_for(lambda m: m["type"] == "pong", timeout=60)
            rtts.append(time.monotonic() - sent)
            time.sleep(0.05)
    finally:
        stop.set()
        player.join()
        for t in threads:
            t.join()
    rtts.sort()
    p50, p95 = rtts[len(rtts) // 2], rtts[int(len(rtts) * 0.95)]
    answers = sum(m["type"] == "history" for c in flooders for m in c.messages)
    dealt = ann.state["hand"]["hand_number"] - past - 1
    name = "old" if server.before else "cached"
    print(f"{name}: {dealt} deals during the flood; ping p50 {p50 * 1000:.0f} ms, ", end="")
    print(f"p95 {p95 * 1000:.0f} ms; {answers} answers")
    assert answers > 0
    server.stop()
    return p50, p95, dealt


@pytest.mark.slow
def test_closed_tables_leave_memory_and_one_address_cannot_fill_the_cap() -> None:
    """1,000 tables created and closed, then a new one (before and after a restart):
    each closed table leaves memory, yet its link still answers with its final state
    and ledger; an address at its own limit is refused while another still creates."""

    async def close(manager: TableManager, table_id: str) -> None:
        await manager.run(manager.tables[table_id], {"kind": "close"})
        while manager._archiving:  # marked finished in the store, then dropped
            await asyncio.sleep(0.001)

    async def main() -> None:
        store = Store("sqlite://")
        try:
            manager = TableManager(store, max_tables=1000, max_per_address=1000)
            first, host = await manager.create(TableSettings(seats=2, bots=1), "10.0.0.1")
            gone = weakref.ref(manager.tables[first])
            await close(manager, first)
            settings = TableSettings(seats=2)
            for _ in range(999):
                await close(manager, (await manager.create(settings, "10.0.0.1"))[0])
            gc.collect()
            assert manager.tables == {} and gone() is None  # not in memory any more
            fresh, _ = await manager.create(settings, "10.0.0.1")  # used to be refused
            # The closed table's link answers with its final state and ledger.
            conn = Connection(_nothing)
            await manager.handle(conn, Hello(type="hello", table=first))
            sent = [json.loads(conn.queue.get_nowait() or "{}") for _ in range(2)]
            state = sent[1]
            assert state["type"] == "state" and state["ledger"]["closed"] is True
            (bot,) = state["ledger"]["rows"]
            assert (bot["name"], bot["bought"], bot["cashed"]) == ("Bot 2", 100, 100)
            csv = await manager.ledger_csv(first, host)
            assert "Bot 2" in csv
            assert len(manager.archived) == 1 and first not in manager.tables
            await manager.stop()

            again = TableManager(store, max_tables=1000, max_per_address=2)
            await again.start()
            assert list(again.tables) == [fresh]  # the closed ones are not replayed
            await again.create(settings, "10.0.0.1")
            await again.create(settings, "10.0.0.1")
            with pytest.raises(Throttled, match="open tables, the most it may have"):
                await again.create(settings, "10.0.0.1")
            await again.create(settings, "10.0.0.2")  # another address is not locked out
            info = await again.info(first)  # a closed table is still there to read
            assert info is not None and info["closed"] is True and info["seats_taken"] == 0
            assert await again.info("nosuchtable") is None
            await again.stop()
        finally:
            store.close()

    asyncio.run(main())


def test_a_table_closed_while_its_mark_fails_is_archived_at_the_next_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The close is stored but marking the table finished fails (the database went
    away in between): it leaves memory all the same, and the next start marks it and
    does not load it, while its link still answers."""

    async def main() -> None:
        store = Store("sqlite://")
        try:
            manager = TableManager(store)
            closed, _ = await manager.create(TableSettings(seats=2))
            still, _ = await manager.create(TableSettings(seats=2))

            def down(row_id: int) -> None:
                raise OSError("the database is away")

            with monkeypatch.context() as m:
                m.setattr(store, "finish_table", down)
                await manager.run(manager.tables[closed], {"kind": "close"})
                while manager._archiving:
                    await asyncio.sleep(0.001)
            assert list(manager.tables) == [still]
            assert [r.finished for r in store.tables("web")] == [False, False]
            await manager.stop()
            again = TableManager(store)
            await again.start()
            assert list(again.tables) == [still]
            assert [r.finished for r in store.tables("web")] == [True, False]
            info = await again.info(closed)
            assert info is not None and info["closed"] is True
            again.archived.clear()

            def away(row_id: int, marks: Any) -> None:
                raise OSError("/secret/path: the database is away")

            def broken(row_id: int, marks: Any) -> None:
                raise HandHistoryError("command 3 no longer replays")

            with monkeypatch.context() as m:
                m.setattr(again, "_reload", away)
                with pytest.raises(TableWaiting, match="database is unavailable") as refused:
                    await again.info(closed)
                assert "/secret" not in str(refused.value)
                m.setattr(again, "_reload", broken)
                assert await again.info(closed) is None  # logged; not tried again
                assert closed not in again.row_ids
            await again.stop()
        finally:
            store.close()

    asyncio.run(main())


@pytest.mark.parametrize("kind", [{}, {"games": ["holdem"]}, {"game": "pai-gow"}])
def test_a_removed_player_stays_out_until_the_host_lets_her_back(
    make_server: Any, clients: Any, kind: dict[str, Any]
) -> None:
    """On every game's table; and a bot a seated guest adds waits for the host's
    approval (its chips out of the ledger until then), while the host's does not."""
    server: Server = make_server()
    table, host = server.create(seats=4, stack=200, **kind)
    ann, boss, bob = Client(server, table), Client(server, table), Client(server, table)
    clients += [ann, boss, bob]
    boss.send({"type": "hello", "table": table, "host": host})
    ann.sit(0, "Ann")
    token = ann.token
    boss.send({"type": "remove", "token": host, "seat": 0})
    ann.wait_for(lambda m: m["type"] == "state" and m["seats"][0] is None)
    ann.send({"type": "sit", "seat": 1, "name": "Ann", "token": token})
    refused = ann.wait_for(lambda m: m["type"] == "error")
    assert "the host removed you" in refused["message"]
    player = 1  # Ann's ledger number: the first account of the table
    boss.send({"type": "let_back", "token": host, "player": player})
    boss.wait_for(lambda m: m["type"] == "state" and m["version"] == 3)
    ann.send({"type": "sit", "seat": 1, "name": "Ann", "token": token})
    seated = ann.wait_for(lambda m: m["type"] in ("seated", "error"))
    assert seated["type"] == "seated" and seated["token"] == token
    # Bob, a guest, adds a bot: it waits for the host, its chips nowhere in the ledger.
    bob.sit(2, "Bob")
    bob.send({"type": "add_bot", "token": bob.token, "seat": 3, "kind": "calling"})
    state = bob.wait_for(lambda m: m["type"] == "state" and m["seats"][3] is not None)
    row = next(r for r in state["ledger"]["rows"] if r["seat"] == 3)
    assert (row["bought"], row["pending"]) == (0, 200), row
    assert state["seats"][3]["status"] == "buy-in waits for the host"
    boss.send({"type": "answer", "token": host, "player": row["player"], "accept": True})

    def approved(m: dict[str, Any]) -> bool:
        rows = m["ledger"]["rows"] if m["type"] == "state" else []
        return any(r["bought"] for r in rows if r["seat"] == 3)

    state = bob.wait_for(approved)
    rows = state["ledger"]["rows"]  # Ann's return is a buy-in of the chips she cashed
    assert sum(r["bought"] - r["cashed"] for r in rows) == 3 * 200
    # The host pauses, then closes between deals: the table leaves memory, and its
    # link still answers with its final state and ledger.
    boss.send({"type": "pause", "token": host, "on": True})
    boss.wait_for(lambda m: m["type"] == "state" and m["ledger"]["paused"])
    deadline = time.monotonic() + 30
    while True:
        boss.send({"type": "close", "token": host})
        said = boss.wait_for(lambda m: m["type"] == "error" or m.get("ledger", {}).get("closed"))
        if said["type"] == "state":
            break
        assert time.monotonic() < deadline, said  # a deal was on: it ends, paused
        time.sleep(0.3)
    deadline = time.monotonic() + 10
    while True:  # archived a moment after the close is stored
        with urllib.request.urlopen(f"{server.base}/healthz", timeout=5) as r:
            if json.loads(r.read())["tables"] == 0:
                break
        assert time.monotonic() < deadline, "the closed table is still live"
        time.sleep(0.05)
    late = Client(server, table)
    clients.append(late)
    assert late.state is not None and late.state["ledger"]["closed"] is True
    final = late.state["ledger"]["rows"]
    assert sum(r["cashed"] for r in final) == sum(r["bought"] for r in final)
    with urllib.request.urlopen(f"{server.base}/api/tables/{table}", timeout=5) as r:
        assert json.loads(r.read())["closed"] is True
