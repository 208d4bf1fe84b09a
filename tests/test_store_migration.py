"""A database written by straights 0.1.0 (schema without a version: two stores side by
side) opens, migrates to the current schema, and keeps every table, log and deal.

``tests/fixtures/first_release.db`` was written by 0.1.0's own code
(``tests/fixtures/make_first_release_db.py``): a terminal table, a web table whose
deal 2 is missing from the archive (the crash 0.1.0 could not repair) and a web
table without an archive.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from oracle.straights_phh import replay_phh
from recorded_table import RecordedTable
from sqlalchemy import create_engine

from straights.errors import HandHistoryError
from straights.poker.phh import loads, replay
from straights.store import HandRecord, Store
from straights.store.legacy_straights import deals_from_events
from straights.store.schema import SCHEMA_VERSION
from straights.web.manager import TableManager
from straights.web.straights_move import MOVE

FIXTURE = Path(__file__).parent / "fixtures" / "first_release.db"


def first_release_copy(tmp_path: Path) -> Path:
    path = tmp_path / "old.db"
    shutil.copy(FIXTURE, path)
    return path


def old_rows(path: Path, query: str) -> list[Any]:
    with sqlite3.connect(path) as conn:
        return conn.execute(query).fetchall()


def check_migrated(store: Store, old: dict[str, Any]) -> None:
    """Everything ``old`` (read from the 0.1.0 database) holds is in ``store``."""
    by_key = {t.key: t for t in store.tables()}
    legacy = by_key[None]
    assert (legacy.kind, legacy.finished, legacy.seed) == ("legacy", True, None)
    # The terminal table's event log, every event in order.
    assert [e for entry in store.log(legacy.id) for e in entry.events] == old["events"]
    with pytest.raises(HandHistoryError, match=r"saved by straights 0\.1\.0"):
        RecordedTable.load(store, legacy.id)
    # Its archived deals are unchanged, and the log still replays to them.
    archived = {(h.table_id, h.number): h for h in store.hands(limit=1000)}
    for table_id, number, phh in old["hands"]:
        assert archived[(table_id, number)].phh == phh
    replayed = deals_from_events(legacy.config, old["events"])  # by the one engine
    assert [d.number for d in replayed] == [1, 2, 3, 4, 5]
    for deal in replayed:
        record = archived[(legacy.id, deal.number)]
        assert record.players == list(deal.names)
        assert list(deal.deal.stacks) == replay_phh(loads(record.phh)[0]).stacks

    for key, commands in old["web"].items():
        record = by_key[key]
        assert (record.kind, record.finished, record.host_hash) == ("web", False, "h" * 64)
        log = store.log(record.id)
        assert [(e.command, e.events) for e in log if e.command != MOVE] == commands
        # Every deal the log finished is archived: 0.1.0's lost deal 2 was rebuilt.
        ended = [e["number"] for _, events in commands for e in events if e["type"] == "hand_ended"]
        numbers = sorted(n for (t, n) in archived if t == record.id)
        assert numbers == ended and ended
        for n in ended:
            final = next(
                e for _, events in commands for e in events
                if e["type"] == "hand_ended" and e["number"] == n
            )  # fmt: skip
            assert _finishing_stacks(archived[(record.id, n)]) == final["stacks"]
        # The web server replays 0.1.0's commands, each to the events stored with it,
        # and moves the table onto the one table (issue 19), the move stored once.
        table = TableManager(store)._rebuild(record)
        assert table.seq == len(commands) + 1 and store.log(record.id)[-1].command == MOVE
        assert type(table.game).__name__ == "PokerWebGame"
        assert table.chips() == table.bank() == 3 * 60
    assert archived[(by_key["webtable1"].id, 1)].phh == old["web1_deal1_phh"]


def _finishing_stacks(record: HandRecord) -> list[int]:
    """An archived deal's finishing stacks: 0.1.0's own ``STR`` entries by the old engine,
    the deals it lost (archived again on open) by the one engine."""
    if record.game == "STR":
        return list(replay_phh(loads(record.phh)[0]).stacks)
    assert record.game == "_STR55L"
    return list(replay(loads(record.phh)[0]).deal.stacks)


def read_old(path: Path) -> dict[str, Any]:
    web = {}
    for (key,) in old_rows(path, "SELECT id FROM web_tables"):
        rows = old_rows(
            path, f"SELECT body, events FROM web_commands WHERE table_id = '{key}' ORDER BY seq"
        )
        web[key] = [(json.loads(b), json.loads(e)) for b, e in rows]
    return {
        "events": [
            json.loads(d) for (d,) in old_rows(path, "SELECT data FROM events ORDER BY seq")
        ],
        "hands": old_rows(path, "SELECT table_id, number, phh FROM hands"),
        "web": web,
        "web1_deal1_phh": old_rows(
            path,
            "SELECT h.phh FROM hands h JOIN web_tables w ON w.archive_id = h.table_id "
            "WHERE w.id = 'webtable1' AND h.number = 1",
        )[0][0],
    }


def test_the_first_release_database_opens_and_migrates(tmp_path: Path) -> None:
    path = first_release_copy(tmp_path)
    old = read_old(path)
    assert len(old["events"]) > 100 and set(old["web"]) == {"webtable1", "webtable2"}
    assert not old_rows(path, "SELECT name FROM sqlite_master WHERE name = 'alembic_version'")

    store = Store(str(path))
    check_migrated(store, old)
    assert old_rows(path, "SELECT version_num FROM alembic_version") == [(SCHEMA_VERSION,)]
    tables = {r[0] for r in old_rows(path, "SELECT name FROM sqlite_master WHERE type='table'")}
    clubs = {"clubs", "club_members", "club_tables"}  # schema 3
    assert tables == {"alembic_version", "tables", "commands", "hands"} | clubs
    store.close()
    # Opening again changes nothing.
    again = Store(str(path))
    check_migrated(again, old)
    again.close()


def test_a_migrated_web_table_plays_on(tmp_path: Path) -> None:
    path = first_release_copy(tmp_path)
    store = Store(str(path))
    record = next(t for t in store.tables("web") if t.key == "webtable1")
    manager = TableManager(store)
    manager.row_ids[record.key] = record.id  # type: ignore[index]
    table = manager._rebuild(record)
    from straights.web.manager import LiveTable

    live = LiveTable(table)
    before = len(store.hands(table_id=record.id, limit=100))

    async def play_to_the_end() -> None:
        while table.in_hand:
            actor = table.game.engine.actor
            assert actor is not None
            await manager._commit(live, table.game.fallback(actor, "test"))

    asyncio.run(play_to_the_end())
    assert len(store.hands(table_id=record.id, limit=100)) == before + 1
    assert len(store.log(record.id)) == table.seq


def test_an_empty_first_release_schema_migrates(tmp_path: Path) -> None:
    """A 0.1.0 database that only ever saw the web table (no terminal tables)."""
    path = tmp_path / "web-only.db"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE TABLE web_tables (id VARCHAR(32) PRIMARY KEY, settings TEXT NOT NULL, "
            "seed VARCHAR(64) NOT NULL, host_hash VARCHAR(64) NOT NULL, created FLOAT NOT NULL, "
            "archive_id INTEGER)"
        )
        conn.exec_driver_sql(
            "CREATE TABLE web_commands (table_id VARCHAR(32), seq INTEGER, body TEXT NOT NULL, "
            "events TEXT NOT NULL, at FLOAT NOT NULL, PRIMARY KEY (table_id, seq))"
        )
        conn.exec_driver_sql(
            "INSERT INTO web_tables VALUES ('w1', '{\"name\": \"\", \"seats\": 2}', '5', 'h', 1.5, "
            "NULL)"
        )
    engine.dispose()
    store = Store(str(path))
    (record,) = store.tables()
    assert (record.key, record.kind, record.seed, record.config.seats) == ("w1", "web", 5, 2)
    assert record.created.startswith("1970-01-01T00:00:01")
