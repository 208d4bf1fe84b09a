"""One address floods the server with history requests; how slow is everyone else?

A ``straights serve`` process runs on 127.0.0.1 with its default limits. One
table plays a deal so that there is a history to ask for. Then, for
``--seconds``, a probe from another address (127.0.0.2) pings the server on
another table ten times a second, first alone, then while ``--sockets``
WebSockets from 127.0.0.1 each ask for that history ``--rate`` times a second.
Reports the probe's round-trip p50/p99 in both phases, and how many history
requests were answered or refused (``throttled``).

Run: ``python benchmarks/bench_web_flood.py [--sockets 95 --rate 19 --seconds 8]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

from websockets.asyncio.client import connect

SRC = Path(__file__).resolve().parents[1] / "src"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _create(port: int) -> str:
    body = json.dumps({"seats": 3, "bots": 1}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST")
    with urllib.request.urlopen(req, timeout=5) as r:
        return str(json.loads(r.read())["table"])


async def _play_one_deal(url: str, table: str) -> None:
    """Sit at ``table`` and check or call until its first deal is over."""
    async with connect(url, proxy=None, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table}))
        await ws.send(json.dumps({"type": "sit", "seat": 0, "name": "Pat"}))
        token = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if msg["type"] == "seated":
                token = msg["token"]
            if msg["type"] != "state":
                continue
            hand = msg["hand"]
            if hand["hand_number"] >= 2 or (hand["hand_number"] == 1 and hand["finished"]):
                return
            if hand["legal"] and token:
                choice = hand["legal"][0]
                act = {"type": "act", "token": token, "action": choice["kind"], "to": choice["to"]}
                await ws.send(json.dumps(act))
    raise RuntimeError("the first deal did not finish in 60 s")


async def _flooder(url: str, table: str, rate: float, stop: float, seen: Counter[str]) -> None:
    async with connect(url, proxy=None, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table}))

        async def read() -> None:
            async for raw in ws:
                msg = json.loads(raw)
                seen[msg.get("code") or msg["type"]] += 1

        reader = asyncio.create_task(read())
        request = json.dumps({"type": "history", "hand": 1})
        while time.monotonic() < stop:
            await ws.send(request)
            await asyncio.sleep(1 / rate)
        reader.cancel()


async def _probe(url: str, table: str, stop: float) -> list[float]:
    rtts: list[float] = []
    async with connect(url, proxy=None, local_addr=("127.0.0.2", 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table}))
        await asyncio.sleep(0.5)
        while time.monotonic() < stop:
            sent = time.perf_counter()
            await ws.send('{"type":"ping"}')
            while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "pong":
                pass
            rtts.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(0.1)
    return rtts


async def _phase(url: str, quiet: str, busy: str, args: argparse.Namespace, flood: bool) -> str:
    stop = time.monotonic() + args.seconds
    seen: Counter[str] = Counter()
    sockets = args.sockets if flood else 0
    floods = [
        asyncio.create_task(_flooder(url, busy, args.rate, stop, seen)) for _ in range(sockets)
    ]
    rtts = sorted(await _probe(url, quiet, stop))
    await asyncio.gather(*floods, return_exceptions=True)
    p99 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))]
    line = f"p50 {statistics.median(rtts):7.1f} ms   p99 {p99:7.1f} ms   ({len(rtts)} pings)"
    if flood:
        line += f"   history {seen['history']}, throttled {seen['throttled']}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=95)
    parser.add_argument("--rate", type=float, default=19.0, help="history requests/s per socket")
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable, "-m", "straights.cli.main", "serve", "--port", str(port),
            "--db", f"sqlite:///{tmp}/web.db", "--quiet", "--bot-delay", "0", "--deal-delay", "0",
        ]  # fmt: skip
        env = dict(os.environ, PYTHONPATH=str(SRC))
        server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            url = f"ws://127.0.0.1:{port}/ws"
            quiet, busy = _create(port), _create(port)
            asyncio.run(_play_one_deal(url, busy))
            print("alone:   ", asyncio.run(_phase(url, quiet, busy, args, flood=False)))
            print("flooded: ", asyncio.run(_phase(url, quiet, busy, args, flood=True)))
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
