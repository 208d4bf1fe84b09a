"""Durable storage of web tables: each table is its settings plus an append-only command log.

A table's state is a pure function of its settings, its secret seed and its
commands (seat taken, bot added, deal, action, timeout …), so a server killed
with ``kill -9`` rebuilds every table exactly by replaying them. A command is
committed before anything it causes is sent to a client.

Works on any SQLAlchemy URL; tested on SQLite (the default) and PostgreSQL.

>>> db = WebStore("sqlite://")
>>> db.create_table("t1", {"pack": 55}, seed=7, host_hash="h")
>>> db.append("t1", 1, {"kind": "deal"})
>>> [c["kind"] for c in db.load_commands("t1")]
['deal']
>>> db.close()
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.pool import StaticPool

from straights.errors import ConfigurationError

metadata = MetaData()

web_tables = Table(
    "web_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("settings", Text, nullable=False),
    # The shuffle seed never leaves the server: knowing it would reveal every card.
    Column("seed", String(64), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    # The table's id in the project's hand archive (straights.store), if any.
    Column("archive_id", Integer, nullable=True),
)

web_commands = Table(
    "web_commands",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("body", Text, nullable=False),
    # The game events the command caused, as the engine logged them (server-side:
    # they hold every card). Replays are checked against them.
    Column("events", Text, nullable=False, default="[]"),
    Column("at", Float, nullable=False),
)


@dataclass(frozen=True)
class StoredTable:
    """One table row as stored."""

    id: str
    settings: dict[str, Any]
    seed: int
    host_hash: str
    created: float
    archive_id: int | None = None


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL survives a killed process with every committed transaction; NORMAL
    # sync only risks the last commits on a power cut, not on kill -9.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def driver_url(url: str) -> str:
    """``url`` with the driver this project installs (psycopg 3 for PostgreSQL).

    >>> driver_url("postgresql://me@localhost/db")
    'postgresql+psycopg://me@localhost/db'
    """
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def open_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url``; a bad URL is a :class:`ConfigurationError`."""
    try:
        if url.startswith("sqlite"):
            memory = url in ("sqlite://", "sqlite:///:memory:")
            engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if memory else None,
            )
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_engine(driver_url(url), pool_pre_ping=True)
    except (ArgumentError, ImportError) as exc:
        raise ConfigurationError(
            f"--db {url!r} is not a usable SQLAlchemy URL ({exc}): "
            "e.g. sqlite:///straights.db or postgresql://user@localhost/straights"
        ) from None
    return engine


class WebStore:
    """Tables and their command logs in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = open_engine(url)
        try:
            metadata.create_all(self.engine)
        except OperationalError as exc:
            raise ConfigurationError(f"cannot open database {url!r}: {exc.orig}") from None

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    def create_table(
        self,
        table_id: str,
        settings: dict[str, Any],
        seed: int,
        host_hash: str,
        archive_id: int | None = None,
    ) -> None:
        """Store a new table."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(web_tables).values(
                    id=table_id,
                    settings=json.dumps(settings, sort_keys=True),
                    seed=_seed_text(seed),
                    host_hash=host_hash,
                    created=time.time(),
                    archive_id=archive_id,
                )
            )

    def append(
        self,
        table_id: str,
        seq: int,
        command: dict[str, Any],
        events: list[dict[str, Any]] | None = None,
    ) -> None:
        """Commit one command and the events it caused, in one transaction; the
        primary key makes a duplicate ``seq`` fail loudly."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(web_commands).values(
                    table_id=table_id,
                    seq=seq,
                    body=json.dumps(command, sort_keys=True, separators=(",", ":")),
                    events=json.dumps(events or [], separators=(",", ":")),
                    at=time.time(),
                )
            )

    def tables(self) -> list[StoredTable]:
        """Every stored table, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(web_tables).order_by(web_tables.c.created)).all()
        return [
            StoredTable(
                r.id,
                json.loads(r.settings),
                _seed_value(r.seed),
                r.host_hash,
                r.created,
                r.archive_id,
            )
            for r in rows
        ]

    def load_commands(self, table_id: str) -> list[dict[str, Any]]:
        """A table's commands in order."""
        return [command for command, _ in self.load_log(table_id)]

    def load_log(self, table_id: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """A table's commands in order, each with the events it caused."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(web_commands.c.seq, web_commands.c.body, web_commands.c.events)
                .where(web_commands.c.table_id == table_id)
                .order_by(web_commands.c.seq)
            ).all()
        out: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        for expected, row in enumerate(rows, start=1):
            if row.seq != expected:
                raise ConfigurationError(
                    f"table {table_id}: command {expected} is missing from the database"
                )
            out.append((json.loads(row.body), json.loads(row.events)))
        return out


def _seed_text(seed: int) -> str:
    """A 256-bit secret as 64 hex digits (fits the column); older 63-bit seeds in decimal."""
    return format(seed, "064x") if seed >= 2**64 else str(seed)


def _seed_value(text: str) -> int:
    return int(text, 16) if len(text) == 64 else int(text)
