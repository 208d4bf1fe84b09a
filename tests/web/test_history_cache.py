"""History answers are computed once per table version and viewer."""

from __future__ import annotations

import json

from straights.store import Store
from straights.web.manager import Connection, LiveTable, TableManager
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable


async def _ignore(text: str) -> None:  # pragma: no cover - nothing is sent in these tests
    return None


def test_history_is_cached_per_version_and_viewer() -> None:
    table = WebTable("tbl1", TableSettings(seats=2), 99, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64})
    table.apply({"kind": "deal"})
    while table.in_hand:
        actor = table.game.actor
        assert actor is not None
        table.apply(table.fallback(actor, "test"))
    store = Store("sqlite://")
    try:
        manager = TableManager(store)
        live = LiveTable(table)
        ann = Connection(_ignore)
        ann.live, ann.seat, ann.owner = live, 0, table.seats[0].owner  # type: ignore[union-attr]
        spectator = Connection(_ignore)
        spectator.live = live

        first = manager._history(live, ann, 1)
        assert manager._history(live, ann, 1) is first  # the cached text itself
        watched = manager._history(live, spectator, 1)
        assert watched != first and json.loads(watched)["you"] is None
        assert json.loads(first) == table.history_for(0, 1)

        table.apply({"kind": "sitout", "seat": 1})  # a new version of the table
        again = manager._history(live, ann, 1)
        assert again is not first and again == first
        assert set(live.history_cache) == {(1, 0)}
    finally:
        store.close()
