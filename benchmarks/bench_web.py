"""Load on the web table: 100 tables of 6 seats, a simulated client in every seat.

A server process (uvicorn, SQLite in a temporary directory) runs on 127.0.0.1;
this process opens one WebSocket per seat (600 by default) and plays: whoever
may act checks or calls at once. For every action it measures the time from
sending it to the arrival of the resulting update at *each* client of that
table, and reports p50/p99 over all of them, with the CPU time the server and the
clients used (from ``/proc``: on a shared machine, the server's CPU time per action
is steadier than its latencies) and, at the server's exit, how many commands it
stored in how many transactions (the group commit).

Run: ``python benchmarks/bench_web.py [--tables 100 --seats 6 --seconds 20]``;
``--rate 100 --rate 500 --rate 1000`` (what ``make bench-web`` runs) aims at those
rates of actions a second, one fresh server each, and prints a table of the runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import orjson
from websockets.asyncio.client import ClientConnection, connect

SERVER = """
import signal, sys, uvicorn
from straights.web.app import create_app
app = create_app(sys.argv[1], bot_delay=0.0, deal_delay=0.0, create_rate=1e6, create_burst=10**6,
                 max_per_address=10**6, address_rate=1e6, address_burst=10**6)
signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))  # uvicorn raises it again
try:
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), ws="websockets-sansio",
                log_level="warning", access_log=False, ws_max_size=65536,
                ws_per_message_deflate=False)
finally:
    commits = getattr(app.state.manager, "commits", None)  # the group commit (issue 11)
    if commits is not None:
        print(f"server: {commits.commands} commands in {commits.transactions} transactions")
"""

# uvicorn re-raises SIGTERM once it has shut down: a handler of our own turns it into
# SystemExit, so that the profile is written.
PROFILED = """
import cProfile, signal, sys
def stop(signum, frame):
    raise SystemExit(0)
signal.signal(signal.SIGTERM, stop)
profile = cProfile.Profile()
profile.enable()
try:
    exec(compile({server!r}, "server", "exec"))
finally:
    profile.disable()
    profile.dump_stats({path!r})
"""


class Table:
    """The clients of one table and the actions in flight there."""

    def __init__(self, table_id: str, seats: int) -> None:
        self.id = table_id
        self.seats = seats
        self.pending: dict[int, tuple[float, int]] = {}  # version -> (sent at, clients left)
        self.latencies: list[float] = []
        self.actions = 0


async def player(url: str, table: Table, seat: int, gate: asyncio.Semaphore, think: float) -> None:
    ws: ClientConnection
    async with gate:
        ws = await connect(url, max_size=2**22, open_timeout=120)
    async with ws:
        await ws.send(json.dumps({"type": "hello", "table": table.id}))
        await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"p{seat}"}))
        token = None
        acted_on = -1
        while True:
            raw = await ws.recv(decode=False)  # bytes: orjson reads UTF-8 itself
            now = time.perf_counter()
            msg = orjson.loads(raw)  # cheap: the clients share the machine with the server
            if msg["type"] == "seated":
                token = msg["token"]
                continue
            if msg["type"] != "state":
                continue
            version = msg["version"]
            for v in [v for v in table.pending if v < version]:
                sent, left = table.pending[v]
                table.latencies.append(now - sent)
                if left <= 1:
                    del table.pending[v]
                else:
                    table.pending[v] = (sent, left - 1)
            legal = msg["hand"]["legal"]
            if token and legal and version > acted_on:
                acted_on = version
                choice = next((a for a in legal if a["kind"] in ("check", "call")), legal[0])
                message = {"type": "act", "token": token, "action": choice["kind"]}
                if think:
                    delay = random.uniform(0.5, 1.5) * think
                    asyncio.get_running_loop().call_later(
                        delay, act_now, ws, table, version, message
                    )
                else:
                    act_now(ws, table, version, message)


_SENDING: set[asyncio.Future[None]] = set()


def act_now(ws: ClientConnection, table: Table, version: int, message: dict[str, str]) -> None:
    """Send an action; the clock for its updates starts now."""
    table.pending[version] = (time.perf_counter(), table.seats)
    table.actions += 1
    task = asyncio.ensure_future(ws.send(json.dumps(message)))
    _SENDING.add(task)
    task.add_done_callback(_sent)


def _sent(task: asyncio.Future[None]) -> None:
    """Forget a finished send; one cut short when the run ends is no error."""
    _SENDING.discard(task)
    if not task.cancelled():
        task.exception()


def create(base: str, seats: int) -> str:
    body = json.dumps({"seats": seats, "bots": 0, "turn_seconds": 0, "stack": 10**6}).encode()
    req = urllib.request.Request(base + "/api/tables", data=body, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return str(json.loads(r.read())["table"])


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) process ``pid`` has used so far, from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(
    port: int, tables: int, seats: int, seconds: float, think: float, server: int
) -> tuple[list[Table], float, float]:
    """Play, then return the tables and the CPU seconds the server and this process
    used during the measured window."""
    base = f"http://127.0.0.1:{port}"
    all_tables = [Table(create(base, seats), seats) for _ in range(tables)]
    gate = asyncio.Semaphore(20)
    url = base.replace("http", "ws") + "/ws"
    tasks = [
        asyncio.create_task(player(url, t, seat, gate, think))
        for t in all_tables
        for seat in range(seats)
    ]
    joined = time.monotonic()
    while any(t.actions == 0 for t in all_tables) and time.monotonic() - joined < 120:
        await asyncio.sleep(0.2)
    print(f"all {len(tasks)} clients playing after {time.monotonic() - joined:.1f} s")
    # measure only the steady state: forget what happened while clients were joining
    await asyncio.sleep(2.0)
    for t in all_tables:
        t.latencies.clear()
        t.actions = 0
    start = time.monotonic()
    cpu_server, cpu_clients = cpu_seconds(server), time.process_time()
    await asyncio.sleep(seconds)
    elapsed = time.monotonic() - start
    cpu_server = cpu_seconds(server) - cpu_server
    cpu_clients = time.process_time() - cpu_clients
    snapshot = [(t.actions, list(t.latencies)) for t in all_tables]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for t, (actions, lat) in zip(all_tables, snapshot, strict=True):
        t.actions, t.latencies = actions, lat
    print(
        f"measured {elapsed:.1f} s; CPU used: server {cpu_server / elapsed:.0%}, "
        f"clients {cpu_clients / elapsed:.0%} of a core"
    )
    return all_tables, cpu_server / elapsed, cpu_clients / elapsed


def measure(
    tables: int, seats: int, seconds: float, think: float, profile: Path | None = None
) -> tuple[float, list[float], float, float]:
    """One run against a fresh server: actions per second, the sorted latencies in
    seconds, and the cores the server and the clients kept busy.

    With ``profile``, the server runs under cProfile and writes its statistics there.
    """
    with tempfile.TemporaryDirectory() as tmp:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        code = SERVER if profile is None else PROFILED.format(path=str(profile), server=SERVER)
        server = subprocess.Popen([sys.executable, "-c", code, db, str(port)])
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            played, cpu_server, cpu_clients = asyncio.run(
                run(port, tables, seats, seconds, think, server.pid)
            )
        finally:
            server.terminate()
            server.wait(10)
    lat = sorted(x for t in played for x in t.latencies)
    return sum(t.actions for t in played) / seconds, lat, cpu_server, cpu_clients


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a player thinks before acting (0: act at once, a saturation test)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        action="append",
        help="aim at this many actions a second over all tables (sets --think to "
        "tables/rate); repeat for several runs, e.g. --rate 100 --rate 500 --rate 1000",
    )
    parser.add_argument(
        "--profile", type=Path, help="run the server under cProfile, statistics to this file"
    )
    args = parser.parse_args()
    runs = [(r, args.tables / r) for r in args.rate] if args.rate else [(None, args.think)]
    rows = []
    for aim, think in runs:
        rate, lat, cpu_server, cpu_clients = measure(
            args.tables, args.seats, args.seconds, think, args.profile
        )
        if not lat:
            print("no updates measured")
            continue
        p50 = lat[len(lat) // 2] * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        print(
            f"{args.tables} tables x {args.seats} seats = {args.tables * args.seats} clients, "
            f"think {think:g} s: {rate:,.0f} actions/s, {len(lat)} client updates; "
            f"server CPU {cpu_server / rate * 1e3:.2f} ms an action; "
            f"action -> every client's update: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"mean {statistics.fmean(lat) * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms"
        )
        rows.append((aim, think, rate, len(lat), p50, p99, cpu_server, cpu_clients))
    if len(rows) > 1:
        print(
            "\n| aimed at | think | actions/s | client updates | p50 | p99 "
            "| server CPU | per action |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for aim, think, rate, n, p50, p99, cpu, _ in rows:
            print(
                f"| {aim:,.0f}/s | {think:g} s | {rate:,.0f} | {n:,} in {args.seconds:g} s "
                f"| {p50:.1f} ms | {p99:.1f} ms | {cpu:.0%} | {cpu / rate * 1e3:.2f} ms |"
            )


if __name__ == "__main__":
    main()
