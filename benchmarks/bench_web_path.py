"""The web table's command path in one process, without sockets: per command, the CPU
time to apply and commit it (SQLite, one transaction: the group commit of a single
table's command) and to build and serialise every seat's update
(``TableManager.broadcast`` into six connections' queues).

What ``make bench-web`` measures end to end also includes the WebSocket layer and
the clients; this isolates the server's own work, and so is steadier on a shared
machine.

Run: ``python benchmarks/bench_web_path.py [--commands 3000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from straights.store import Store
from straights.web.manager import Connection, TableManager
from straights.web.protocol import TableSettings


async def _ignore(text: str) -> None:
    """Where a connection's writer would send: nothing here."""


async def measure(commands: int, seats: int) -> tuple[float, float]:
    """Mean CPU seconds per command: (apply and commit, broadcast)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'path.db'}")
        manager = TableManager(store, bot_delay=0, deal_delay=0)
        table_id, _ = await manager.create(TableSettings(seats=seats, stack=10**6))
        live = manager.tables[table_id]
        assert live.task is not None
        live.task.cancel()  # no bots or timers: this loop drives the table
        conns = []
        for seat in range(seats):
            sit = {"kind": "sit", "seat": seat, "name": f"p{seat}", "token_hash": f"{seat:064d}"}
            await manager.run(live, sit)
            conn = Connection(_ignore)
            conn.live, conn.seat = live, seat
            conn.owner = live.table.seats[seat].owner  # type: ignore[union-attr]
            live.conns.add(conn)
            conns.append(conn)
        table = live.table
        commit = broadcast = 0.0
        for _ in range(commands):
            command: dict[str, object]
            if not table.in_hand:
                command = {"kind": "deal"}
            else:
                actor = table.game.actor
                assert actor is not None
                kinds = {a.kind: a for a in table.game.legal_actions(actor)}
                action = kinds.get("check") or kinds["call"]
                command = {"kind": "act", "seat": actor, "action": action.kind, "to": action.to}
            start = time.process_time()
            await manager._commit(live, command)
            middle = time.process_time()
            manager.broadcast(live)
            broadcast += time.process_time() - middle
            commit += middle - start
            for conn in conns:
                while not conn.queue.empty():
                    conn.queue.get_nowait()
        store.close()
    return commit / commands, broadcast / commands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=3000)
    parser.add_argument("--seats", type=int, default=6)
    args = parser.parse_args()
    commit, broadcast = asyncio.run(measure(args.commands, args.seats))
    total = commit + broadcast
    print(
        f"{args.commands} commands at a {args.seats}-seat table: "
        f"{total * 1e3:.2f} ms each ({1 / total:,.0f}/s on one core): "
        f"apply and commit {commit * 1e3:.2f} ms, broadcast {broadcast * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
