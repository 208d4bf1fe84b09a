"""The store: tables stored command by command and replayed exactly, deals archived with
the command that ends them, a missing archive entry rebuilt, and clear errors."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path

import pytest
from oracle.straights_phh import replay_phh
from oracle.straights_table import Table
from recorded_table import RecordedTable
from sqlalchemy import delete, update

from straights.errors import HandHistoryError, IllegalActionError, StoreError
from straights.game import TableConfig
from straights.poker.phh import loads, replay
from straights.store import LogWrite, Store, database_url, default_url, legacy_straights
from straights.store.schema import SCHEMA_VERSION, commands, hands


def play(table: Table, rng: random.Random, actions: int) -> None:
    """``actions`` random legal steps (a deal started counts as one)."""
    for _ in range(actions):
        if table.is_over:
            return
        if table.hand is None or table.hand.finished:
            table.start_hand()
            continue
        seat = table.actor
        assert seat is not None
        table.act(seat, rng.choice(table.legal_actions(seat)).kind)


def dicts(table: Table) -> list[dict[str, object]]:
    return [e.to_dict() for e in table.events]


def test_every_command_is_stored_before_it_returns_and_a_table_resumes(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    store = Store(db)
    config = TableConfig(seats=4, starting_stack=15)
    t = RecordedTable.create(store, config, ["a", "b", "c", "d"], name="test", seed=8)
    rng = random.Random(8)
    for _ in range(80):
        play(t, rng, 1)
        # What the table holds in memory is what the store holds, after every step.
        assert [e for entry in store.log(t.record.id) for e in entry.events] == dicts(t)[1:]
    # "Crash": another process opens the same file and rebuilds the table mid-deal.
    again = RecordedTable.load(Store(db), t.record.id)
    assert dicts(again) == dicts(t)
    assert again.stacks() == t.stacks() and again.actor == t.actor
    assert again.total_chips() == t.total_chips() == 60
    if t.actor is not None:
        assert again.legal_actions(t.actor) == t.legal_actions(t.actor)
        assert again.hand is not None and t.hand is not None
        assert again.hand.hole(t.actor) == t.hand.hole(t.actor)
    (record,) = store.tables()
    assert (record.name, record.kind, record.seed) == ("test", "terminal", 8)


def test_a_resumed_table_deals_what_the_unbroken_table_would_have() -> None:
    config = TableConfig(seats=3, starting_stack=30)
    unbroken = RecordedTable.create(Store("sqlite://"), config, ["a", "b", "c"], seed=21)
    play(unbroken, random.Random(4), 120)

    store = Store("sqlite://")
    first = RecordedTable.create(store, config, ["a", "b", "c"], seed=21)
    rng = random.Random(4)
    play(first, rng, 37)  # stops somewhere in a deal
    second = RecordedTable.load(store, first.record.id)
    play(second, rng, 120 - 37)
    assert dicts(second) == dicts(unbroken)
    assert RecordedTable.load(store, first.record.id).stacks() == unbroken.stacks()


def test_each_finished_deal_is_archived_with_the_command_that_ends_it() -> None:
    store = Store("sqlite://")
    t = RecordedTable.create(store, TableConfig(seats=3, starting_stack=10), ["ann", "bob", "cy"])
    rng = random.Random(5)
    for _ in range(200):
        play(t, rng, 1)
        finished = sum(1 for h in t.hands if h.finished)
        assert len(store.hands(limit=1000)) == finished
    records = store.hands(limit=1000)
    assert len(records) > 3
    for record in records:
        hand = replay_phh(loads(record.phh)[0])
        assert hand.stacks == t.hands[record.number - 1].stacks
        assert record.pot == hand.pot and record.carried == hand.carry_out
        assert record.summary
        assert set(record.players) <= {"ann", "bob", "cy"}
        assert len(set(record.players)) == len(record.players) == len(hand.seats)
    assert store.hand(records[0].id) == records[0]


def test_missing_archive_entries_are_rebuilt_from_the_log_on_open(tmp_path: Path) -> None:
    db = str(tmp_path / "a.db")
    store = Store(db)
    t = RecordedTable.create(store, TableConfig(seats=3, starting_stack=20), ["x", "y", "z"])
    play(t, random.Random(2), 150)
    before = {r.number: r for r in store.hands(limit=1000)}
    assert len(before) >= 3
    with store.engine.begin() as conn:  # what a crash between two steps could have left
        conn.execute(delete(hands).where(hands.c.number.in_([1, 3])))
    store.close()
    again = Store(db)
    after = {r.number: r for r in again.hands(limit=1000)}
    assert sorted(after) == sorted(before)
    for n in (1, 3):  # archived again by the one engine, with the catalogue's code
        old, new = replay_phh(loads(before[n].phh)[0]), replay(loads(after[n].phh)[0])
        assert (after[n].game, before[n].game) == ("_STR55L", "STR")
        assert (after[n].players, after[n].pot, after[n].carried) == (
            before[n].players,
            before[n].pot,
            before[n].carried,
        )
        assert list(new.deal.stacks) == old.stacks == list(t.hands[n - 1].stacks)
    assert again.repair_archive() == 0


WEB_STRAIGHTS = Path(__file__).parent / "fixtures" / "web_straights_release.db"


def test_a_host_change_between_deals_leaves_nothing_to_repair(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repair rebuilds a log's deals without the host's ``change`` commands, but no
    release leaves it such a log: 0.1.0, the only one that could lose an entry, had no
    ``change``, and every release with one archives a deal in the transaction of the
    command that ends it.  A web table written by such a release (its host raised the
    ante to 2 before deal 4) has nothing to repair; with an entry deleted by hand, the
    store still opens, archives nothing wrong and says why in one line."""
    path = tmp_path / "web.db"
    path.write_bytes(WEB_STRAIGHTS.read_bytes())
    with sqlite3.connect(path) as conn:  # the fixture as its release wrote it
        change = conn.execute(
            "SELECT seq, body FROM commands WHERE table_id = 1 AND body LIKE '%change%'"
        ).fetchall()
        ended = conn.execute(
            "SELECT ended_deal FROM commands WHERE table_id = 1 AND ended_deal IS NOT NULL "
            "ORDER BY seq"
        ).fetchall()
        kept = conn.execute(
            "SELECT number, players, pot, phh FROM hands WHERE table_id = 1 ORDER BY number"
        ).fetchall()
    assert change == [(58, '{"ante":2,"kind":"change","turn_seconds":45}')]
    assert [n for (n,) in ended] == [n for n, *_ in kept] == list(range(1, 9))
    assert "antes = [2, 2, 2]" in kept[4][3]  # deal 5 was played at the changed ante
    store = Store(str(path))
    assert store.repair_archive() == 0
    store.close()

    with sqlite3.connect(path) as conn:  # what no release does
        conn.execute("DELETE FROM hands WHERE table_id = 1 AND number = 5")
    caplog.set_level("WARNING", logger="straights.store")
    again = Store(str(path))
    rows = [(h.number, json.dumps(h.players), h.pot, h.phh) for h in again.hands(table_id=1)]
    assert sorted(rows) == [row for row in kept if row[0] != 5]
    (said,) = [r for r in caplog.records if r.name == "straights.store"]
    assert said.exc_info is None and "\n" not in said.getMessage()
    assert said.getMessage().startswith(f"{path}: table 1 no longer replays (")
    assert "'ante_posted'" in said.getMessage() and "its archive stays" in said.getMessage()
    # A replay that fails for another reason is a bug: its traceback, the store still opens.
    caplog.clear()
    monkeypatch.setattr(legacy_straights, "deals_from_events", _fails)
    assert again.repair_archive() == 0
    (said,) = [r for r in caplog.records if r.name == "straights.store"]
    assert said.exc_info is not None and said.exc_info[0] is RuntimeError
    again.close()


def _fails(*_: object) -> None:
    raise RuntimeError("a bug")


def test_an_illegal_command_stores_nothing_and_two_writers_are_refused() -> None:
    store = Store("sqlite://")
    t = RecordedTable.create(store, TableConfig(seats=2), ["a", "b"], seed=1)
    hand = t.start_hand()
    count = len(store.log(t.record.id))
    with pytest.raises(IllegalActionError):
        t.act(hand.actor, "fold")  # type: ignore[arg-type]  # nothing to fold against
    assert len(store.log(t.record.id)) == count == t.seq
    with pytest.raises(StoreError, match="already has command 1"):
        store.append(t.record.id, 1, {"kind": "deal"}, [])


def test_a_group_commit_stores_all_its_commands_or_none() -> None:
    store = Store("sqlite://")
    config = TableConfig(seats=2)
    a, b = (store.create_table("web", config, seed=1, key=k) for k in "ab")
    store.append_many(
        [
            LogWrite(a.id, 1, {"kind": "deal"}, []),
            LogWrite(b.id, 1, {"kind": "deal"}, []),
            LogWrite(a.id, 2, {"kind": "pause", "on": True}, []),
        ]
    )
    assert [e.seq for e in store.log(a.id)] == [1, 2]
    assert [e.command for e in store.log(b.id)] == [{"kind": "deal"}]
    # b's command 2 is new, a's command 2 is stored already: the whole batch is refused
    with pytest.raises(StoreError, match="one of these commands is already stored"):
        store.append_many(
            [LogWrite(b.id, 2, {"kind": "deal"}, []), LogWrite(a.id, 2, {"kind": "deal"}, [])]
        )
    assert [e.seq for e in store.log(b.id)] == [1]
    assert store.log(a.id)[1].command == {"kind": "pause", "on": True}


def test_lookups_name_what_is_missing() -> None:
    store = Store("sqlite://")
    with pytest.raises(HandHistoryError, match="no hand 7"):
        store.hand(7)
    with pytest.raises(HandHistoryError, match="no table 3"):
        store.table(3)
    assert store.latest_unfinished("terminal") is None


def test_latest_unfinished_table_is_the_one_to_resume() -> None:
    store = Store("sqlite://")
    config = TableConfig(seats=2)
    a = RecordedTable.create(store, config, ["a", "b"])
    b = RecordedTable.create(store, config, ["a", "b"])
    RecordedTable.create(store, config, ["a", "b"], kind="simulate")
    assert store.latest_unfinished("terminal") == b.record
    store.finish_table(b.record.id)
    latest = store.latest_unfinished("terminal")
    assert latest is not None and latest.id == a.record.id


def test_db_takes_a_path_or_a_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert database_url("games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    assert database_url("~/x.db").endswith("/x.db") and "~" not in database_url("~/x.db")
    assert database_url("sqlite:///y.db") == "sqlite:///y.db"
    Store("games.db").close()
    Store(f"sqlite:///{tmp_path / 'url.db'}").close()
    assert (tmp_path / "games.db").is_file() and (tmp_path / "url.db").is_file()


def test_default_database_lives_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'straights' / 'straights.db'}"
    assert (tmp_path / "straights").is_dir()


# -- databases that cannot be used -----------------------------------------------------------
def test_a_missing_file_is_not_created_by_a_reader(tmp_path: Path) -> None:
    path = tmp_path / "typo.db"
    with pytest.raises(StoreError, match=f"{path}: no such database file"):
        Store(str(path), create=False)
    assert not path.exists()
    with pytest.raises(StoreError, match="does not exist"):
        Store(str(tmp_path / "no" / "dir.db"))
    with pytest.raises(StoreError, match="is a directory"):
        Store(str(tmp_path))


def test_a_corrupt_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    with pytest.raises(StoreError, match=f"{path}: not a SQLite database"):
        Store(str(path))
    assert path.read_bytes().startswith(b"these are my notes")


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    with pytest.raises(StoreError, match=f"{path} is another program's database.*contacts"):
        Store(str(path))
    with sqlite3.connect(path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert names == {"contacts"}


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Store(str(path)).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (SCHEMA_VERSION,)
        ]
        conn.execute("UPDATE alembic_version SET version_num = '9001'")
    with pytest.raises(StoreError, match=f"{path} was written by a newer straights"):
        Store(str(path))


def test_an_unusable_url_is_one_error() -> None:
    with pytest.raises(StoreError, match="neither a file path nor a SQLAlchemy URL"):
        Store("nonsense://x")


def schema_differences(store: Store) -> list[object]:
    """What Alembic finds between the database and :mod:`straights.store.schema`."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from straights.store.schema import metadata

    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, metadata))


def test_the_migrations_build_exactly_the_declared_schema(tmp_path: Path) -> None:
    fresh = Store(str(tmp_path / "fresh.db"))
    assert schema_differences(fresh) == []
    old = tmp_path / "old.db"
    old.write_bytes((Path(__file__).parent / "fixtures" / "first_release.db").read_bytes())
    assert schema_differences(Store(str(old))) == []


def test_processes_opening_a_new_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "race.db"
    code = (
        "import sys; from straights.store import Store; "
        "s = Store(sys.argv[1]); print(len(s.tables()))"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    assert [p.communicate(timeout=120)[0] for p in procs] == ["0\n"] * 4
    assert [p.returncode for p in procs] == [0] * 4
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (SCHEMA_VERSION,)
        ]
        assert conn.execute("PRAGMA journal_mode").fetchall() == [("wal",)]


@pytest.mark.parametrize(
    ("journal", "held"),
    [("delete", 2.0), ("wal", 6.0)],  # a new file's WAL switch; a migration over 5 s
)
def test_opening_waits_for_another_process_holding_a_new_file(
    tmp_path: Path, journal: str, held: float
) -> None:
    # Another process has the new file to itself (as one that is migrating it does, on a
    # busy machine for longer than the usual 5 s wait): opening waits for it instead of
    # failing with "database is locked" (the WAL switch does not wait at all by itself).
    import threading

    path = tmp_path / "new.db"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute(f"PRAGMA journal_mode={journal}")
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(held, lambda: other.execute("ROLLBACK")).start()
    began = time.monotonic()
    store = Store(str(path))
    assert time.monotonic() - began >= held - 0.5  # it did wait for the other
    assert store.tables() == []
    other.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchall() == [("wal",)]


def test_a_log_that_no_longer_replays_is_named_with_its_command() -> None:
    store = Store("sqlite://")
    t = RecordedTable.create(store, TableConfig(seats=3, starting_stack=20), ["x", "y", "z"])
    play(t, random.Random(4), 6)
    with store.engine.begin() as conn:  # command 3's events, altered behind the table's back
        conn.execute(
            update(commands)
            .where(commands.c.table_id == t.record.id, commands.c.seq == 3)
            .values(events="[]")
        )
    with pytest.raises(HandHistoryError, match=r"command 3 no longer replays"):
        RecordedTable.load(store, t.record.id)
