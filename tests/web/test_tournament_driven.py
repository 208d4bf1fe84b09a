"""The table manager serves a tournament's tables while they deal (``driven``) and
drops each from memory once the tournament breaks it or ends: a broken table's
watchers are sent its final state, and nothing of it stays."""

from __future__ import annotations

from typing import Any

from straights.store import Store
from straights.tournament import Tournament, TournamentConfig, parse_levels
from straights.web.manager import TableManager
from straights.web.tournament_tables import TournamentTables


async def _driver(command: dict[str, Any], token: str) -> None:
    raise AssertionError("no person plays here")


def test_driven_tables_leave_memory_when_broken_and_at_the_end() -> None:
    levels = parse_levels("10/20, 20/40, 50/100, 100/200, 200/400", deals=3)
    t = Tournament(TournamentConfig(table_size=4, schedule=levels), [f"P{i}" for i in range(7)],
                   seed=4)  # fmt: skip
    tables = TournamentTables(t, "k", 9, bots={f"P{i}": "calling" for i in range(7)})
    manager = TableManager(Store("sqlite://"))
    seen: list[set[str]] = []  # the driven tables after each deal
    while not t.finished:
        for number in t.ready():
            if number in t.ready():
                tables.start(number)
                tables.bot_moves(number)
                tables.end(number)
        for web in tables.tables.values():  # as the hall's listener does after a change
            manager.attach(web, _driver)
        seen.append(set(manager.driven))
    assert seen[0] == {"k-1", "k-2"}
    broken = next(i for i, s in enumerate(seen) if len(s) == 1)
    assert all(len(s) == 1 for s in seen[broken:-1])  # one table left, the final one
    assert [x.live for x in t.tables].count(True) <= 1
    assert seen[-1] == set() and manager.driven == {}
    assert all(web.closed for web in tables.tables.values())
    # A closed table is not served again by a later change.
    for web in tables.tables.values():
        manager.attach(web, _driver)
    assert manager.driven == {}
