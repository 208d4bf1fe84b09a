"""PostgreSQL must work too: a throwaway PostgreSQL server on loopback (the fixtures are
in ``tests/conftest.py``) holds the store, a 0.1.0 database migrated onto it, and the
tables of a server that is killed mid-hand and restarted.  The kill-at-random-instants
tests run here too (``test_crash.py``, parametrised over both databases)."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pytest
from recorded_table import RecordedTable
from sqlalchemy import create_engine, insert, text
from webtools import Client, Server, rebuild

from straights.errors import StoreError
from straights.game import TableConfig
from straights.store import Store
from straights.store.opening import alembic_config, database_url

pytestmark = pytest.mark.postgres

FIXTURE = Path(__file__).parents[1] / "fixtures" / "first_release.db"


def test_store_round_trip_and_duplicate_commands_fail(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        table = RecordedTable.create(store, TableConfig(seats=3), ["a", "b", "c"], seed=2**62)
        rng = random.Random(1)
        while len(store.hands()) < 3:
            if table.hand is None or table.hand.finished:
                table.start_hand()
            else:
                seat = table.actor
                assert seat is not None
                table.act(seat, rng.choice(table.legal_actions(seat)).kind)
        with pytest.raises(StoreError, match="already has command 2"):
            store.append(table.record.id, 2, {"kind": "deal"}, [])
        again = RecordedTable.load(Store(postgres_url), table.record.id)
        assert again.events == table.events
        assert [h.number for h in store.hands()] == [3, 2, 1]
        assert store.table(table.record.id).seed == 2**62
        from test_store import schema_differences

        assert schema_differences(store) == []
    finally:
        store.close()


def test_a_first_release_database_migrates_on_postgres(postgres_url: str) -> None:
    """0.1.0's tables (revision 0001) filled with the fixture's rows, then opened."""
    from alembic import command

    engine = create_engine(database_url(postgres_url))
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(text("DROP TABLE alembic_version"))  # 0.1.0 had no version
    from sqlalchemy import MetaData

    old = MetaData()
    old.reflect(engine)
    with sqlite3.connect(FIXTURE) as source, engine.begin() as conn:
        for name in ("tables", "events", "hands", "web_tables", "web_commands"):
            cursor = source.execute(f"SELECT * FROM {name}")
            columns = [c[0] for c in cursor.description]
            rows = [dict(zip(columns, r, strict=True)) for r in cursor]
            conn.execute(insert(old.tables[name]), rows)
        for name in ("tables", "events", "hands"):  # serial columns continue after the copies
            conn.execute(
                text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), max(id)) FROM {name}")
            )
    engine.dispose()

    import test_store_migration as migration  # tests/ is on the path (rootdir)

    store = Store(postgres_url)
    try:
        expected = migration.read_old(FIXTURE)
        migration.check_migrated(store, expected)
        from test_store import schema_differences

        assert schema_differences(store) == []
        table = RecordedTable.create(store, TableConfig(seats=2), ["x", "y"])
        assert table.record.id == 4  # after the migrated ones
    finally:
        store.close()


def test_server_on_postgres_resumes_after_kill_dash_nine(
    postgres_url, make_server, clients
) -> None:
    server: Server = make_server(postgres_url)
    table, _ = server.create(seats=3, bots=1, bot_kind="calling", turn_seconds=0, stack=300)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    for _ in range(7):  # a few of Ann's actions, the bot answering each
        ann.wait_for(lambda m: m["type"] == "state" and bool(m["hand"]["legal"]))
        ann.act("call" if any(a["kind"] == "call" for a in ann.state["hand"]["legal"]) else "bet")
    ann.wait_for(lambda m: m["type"] == "state" and bool(m["hand"]["legal"]))
    time.sleep(0.2)
    ann.drain(0.05)
    before = ann.state
    assert before is not None and not before["hand"]["finished"]

    server.kill9()
    clients.remove(ann)
    ann.close()
    again = Client(make_server(postgres_url), table, token=ann.token)
    clients.append(again)
    again.drain(0.2)
    assert again.seat == 0
    assert again.state is not None
    assert again.state["version"] == before["version"]
    assert again.state["hand"] == before["hand"]
    stored, _ = rebuild(postgres_url, table)
    assert stored.chips() == 2 * 300
