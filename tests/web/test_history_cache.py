"""History answers are computed once per finished deal and viewer, and kept; each
computation spends the address's budget for expensive requests."""

from __future__ import annotations

import asyncio
import json

import pytest

from straights.store import Store
from straights.web.manager import Connection, LiveTable, TableManager, Throttled
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable
from straights.web.throttle import TokenBucket


async def _ignore(text: str) -> None:  # pragma: no cover - nothing is sent in these tests
    return None


def test_history_is_computed_once_per_deal_and_viewer_within_a_budget() -> None:
    table = WebTable("tbl1", TableSettings(seats=2), 99, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64})
    table.apply({"kind": "deal"})
    while table.in_hand:
        actor = table.game.engine.actor
        assert actor is not None
        table.apply(table.game.fallback(actor, "test"))
    store = Store("sqlite://")
    try:
        manager = TableManager(store)
        live = LiveTable(table)
        ann = Connection(_ignore)
        ann.live, ann.seat, ann.owner = live, 0, table.seats[0].owner  # type: ignore[union-attr]
        spectator = Connection(_ignore)
        spectator.live = live

        async def ask(conn: Connection) -> str:
            return await manager._history(live, conn, 1)

        first = asyncio.run(ask(ann))
        assert asyncio.run(ask(ann)) is first  # the kept text itself
        watched = asyncio.run(ask(spectator))
        assert watched != first and json.loads(watched)["you"] is None
        assert json.loads(first) == table.history_for(0, 1)

        table.apply({"kind": "sitout", "seat": 1})  # a new version: deal 1 is the same
        assert asyncio.run(ask(ann)) is first
        assert set(live.history_cache) == {(1, 0), (1, None)}

        # A computation spends the address's budget; a kept answer does not.
        flooder = Connection(_ignore, expensive=TokenBucket(0.001, 1))
        flooder.live = live
        live.history_cache.clear()
        assert asyncio.run(ask(flooder)) == watched  # computed: the one token spent
        assert asyncio.run(ask(flooder)) == watched  # kept: free
        live.history_cache.clear()
        with pytest.raises(Throttled, match="too many history requests"):
            asyncio.run(ask(flooder))
    finally:
        store.close()
