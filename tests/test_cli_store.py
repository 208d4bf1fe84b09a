"""The store from the command line: ``--db`` as a path or a URL, one line for every
unusable database, and ``straights play --resume`` continuing a table exactly."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clitools import run

from straights.store import Store
from straights.store.table import StoredTable

CLI = [sys.executable, "-m", "straights.cli.main"]


def events_of(db: Path, table_id: int) -> list[dict[str, object]]:
    store = Store(str(db), create=False)
    try:
        return [e for entry in store.log(table_id) for e in entry.events]
    finally:
        store.close()


# -- unusable databases: one line naming the file, exit 2 ------------------------------------
def corrupt(path: Path) -> None:
    path.write_bytes(b"\x00\x01 definitely not sqlite " * 300)


def foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, title TEXT)")


def newer(path: Path) -> None:
    Store(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0999'")
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file compared


BAD = {
    "corrupt": (corrupt, "not a SQLite database"),
    "foreign": (foreign, "another program's database"),
    "newer": (newer, "written by a newer straights"),
}
COMMANDS = {
    "history list": ["history", "list"],
    "history show": ["history", "show", "1"],
    "history export": ["history", "export", "--out", "-"],
    "play": ["play", "--script", "-"],
    "simulate": ["simulate", "-n", "3", "--no-progress"],
    "serve": ["serve", "--port", "1"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("problem", sorted(BAD))
def test_an_unusable_database_is_one_line(tmp_path: Path, command: str, problem: str) -> None:
    path = tmp_path / "bad.db"
    make, message = BAD[problem]
    make(path)
    before = path.read_bytes()
    out = run(*COMMANDS[command], "--db", str(path), stdin="q\n")
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), out.stderr
    assert message in lines[0]
    assert "Traceback" not in out.stderr + out.stdout
    assert path.read_bytes() == before, "the database was changed"


@pytest.mark.parametrize("command", ["history list", "history show", "history export"])
def test_a_reader_does_not_create_a_missing_file(tmp_path: Path, command: str) -> None:
    path = tmp_path / "typo.db"
    for db in (str(path), f"sqlite:///{path}"):
        out = run(*COMMANDS[command], "--db", db)
        assert out.returncode == 2
        assert (
            out.stderr == f"error: {path}: no such database file (nothing has been saved there)\n"
        )
        assert not path.exists()


def test_db_takes_a_path_or_a_url(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    out = run("simulate", "-n", "4", "-p", "3", "--seed", "1", "--no-progress", "--db", str(path))
    assert out.returncode == 0, out.stderr
    assert f"saved 4 deals in {path}" in out.stdout
    by_path = run("history", "list", "--db", str(path))
    by_url = run("history", "list", "--db", f"sqlite:///{path}")
    assert by_path.returncode == by_url.returncode == 0
    assert by_path.stdout == by_url.stdout and by_path.stdout.count("\n") >= 4


# -- leaving and resuming -----------------------------------------------------------------------
PLAY = ["play", "--seats", "3", "--seed", "5", "--script", "-"]


def test_resume_continues_mid_deal_exactly_as_the_unbroken_game(tmp_path: Path) -> None:
    answers = ["c", "b", "c", "", "c", "f", "", "c", "c", "r", "c", "c", ""] * 4
    whole = tmp_path / "whole.db"
    out = run(*PLAY, "--db", str(whole), stdin="\n".join(answers) + "\n")
    assert out.returncode == 0, out.stderr
    assert "Table 1 is saved" in out.stdout  # the end of the input (Ctrl-D) leaves it too

    broken = tmp_path / "broken.db"
    cut = 17
    first = run(*PLAY, "--db", str(broken), stdin="\n".join([*answers[:cut], "q"]) + "\n")
    assert first.returncode == 0, first.stderr
    assert "in the middle of a deal" in first.stdout
    saved = [line for line in first.stdout.splitlines() if "is saved" in line]
    assert saved == [f"Table 1 is saved: `straights play --resume --db {broken}` continues it."]
    store = Store(str(broken))
    unfinished = store.latest_unfinished("terminal", "_STR55L")
    assert unfinished is not None
    mid = StoredTable.load(store, unfinished.id)
    assert mid.deal is not None and not mid.deal.finished and mid.deal.actor == 0
    store.close()

    second = run(
        "play", "--resume", "--script", "-", "--db", str(broken),
        stdin="\n".join(answers[cut:]) + "\n",
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert f"Resuming table 1 from {broken}." in second.stdout
    # Same cards, same actor, same later deals: the two tables' logs are identical.
    assert events_of(broken, 1) == events_of(whole, 1)
    assert len(Store(str(broken)).hands(limit=100)) == len(Store(str(whole)).hands(limit=100)) > 2


def test_resume_with_nothing_to_resume_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    out = run("play", "--resume", "--db", str(path), stdin="")
    assert out.returncode == 2
    assert out.stderr == f"error: no unfinished table in {path}: start one with `straights play`\n"


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / "done.db"
    out = run("play", "--seats", "2", "--stack", "4", "--bots", "calling", "--seed", "3",
              "--db", str(path), "--script", "-", stdin="b\n" * 400)  # fmt: skip
    assert out.returncode == 0 and "is saved" not in out.stdout
    store = Store(str(path))
    assert store.latest_unfinished("terminal", "_STR55L") is None
    assert store.tables()[0].finished


def test_ctrl_c_saves_says_how_to_resume_and_exits_130(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [*CLI, *PLAY, "--db", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write("c\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait for the second prompt: the game waits on us
        time.sleep(0.2)
        store = Store(str(path))
        try:
            tables = store.tables()
            ready = bool(tables) and any(
                e.command.get("seat") == 0 for e in store.log(tables[0].id)
            )
        finally:
            store.close()
        if ready:
            break
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert f"Table 1 is saved: `straights play --resume --db {path}` continues it." in out
    store = Store(str(path))
    assert store.latest_unfinished("terminal", "_STR55L") is not None


def test_a_straights_table_of_an_earlier_release_resumes_at_the_one_table(
    tmp_path: Path,
) -> None:
    # Earlier releases stored Straights' own table (RecordedTable, events as its log):
    # `play --resume` replays it by the one engine and plays on at the one table.
    from recorded_table import RecordedTable

    from straights.game import TableConfig
    from straights.store.legacy_straights import SWITCH

    path = tmp_path / "old.db"
    store = Store(str(path))
    settings = {"bots": {"1": "calling"}, "bot_seed": 7}
    old = RecordedTable.create(store, TableConfig(seats=2), ["You", "Calling 1"], seed=5,
                               settings=settings)  # fmt: skip
    hand = old.start_hand()
    old.act(hand.actor, "check")  # type: ignore[arg-type]
    before = old.stacks()
    store.close()
    out = run("play", "--resume", "--script", "-", "--db", str(path), stdin="q\n")
    assert out.returncode == 0, out.stderr
    assert "Resuming table 1" in out.stdout and "Your turn" in out.stdout
    assert "is saved: `straights play --resume" in out.stdout
    store = Store(str(path))
    again = StoredTable.load(store, 1)
    assert again.deal is not None and not again.deal.finished
    seats = [again.table.seat_of(i) for i in range(2)]
    assert list(again.deal.stacks) == [before[s] for s in seats]  # the antes are in
    assert again.table.stacks == [100, 100]  # as the deal in play started
    assert [e.seq for e in store.log(1) if e.command == SWITCH] == [
        5
    ]  # after 2 sits, a deal, a check
    store.close()
