"""The history answer as the server gave it before the cache of issue 21, to run a
test server on the old behaviour (``Server(before=INSTALL)``) and show that the
history-flood test fails on it.

Before the cache, a history answer was computed on the event loop for every
request whose table had changed since the last (answers were kept for one table
version), with no budget for the address: each answer replays a whole deal while
every other table waits.
"""

from __future__ import annotations

from typing import Any

#: Python run in the server's process before ``straights serve`` (see ``webtools.Server``).
INSTALL = "import precache; precache.install()"


def install() -> None:
    """Put the pre-cache ``_history`` in place of the manager's."""
    from straights.web import manager

    async def history(self: Any, live: Any, conn: Any, number: int) -> str:
        table = live.table
        if live.__dict__.get("version_kept") != table.seq:
            live.history_cache.clear()
            live.version_kept = table.seq
        viewer = table.owner_in_deal(live.seat_of(conn), number)
        key = (number, viewer)
        text = live.history_cache.get(key)
        if text is None:
            text = manager.to_json(table.history_for(viewer, number))
            live.history_cache[key] = text
        return str(text)

    manager.TableManager._history = history  # type: ignore[method-assign]
