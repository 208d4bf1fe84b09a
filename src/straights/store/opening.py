"""Opening a database: where it is, whether it is one of ours, and bringing it up to date.

``--db`` is a plain path (``games.db``, ``~/poker/straights.db``) or a SQLAlchemy
URL (``sqlite:///games.db``, ``postgresql://me@localhost/straights``).  Every
problem is one :class:`~straights.errors.StoreError` naming the database and
what is wrong with it: a missing file for a command that only reads, a file
that is not SQLite, another program's database, or one written by a newer
straights.  A usable database is migrated to :data:`SCHEMA_VERSION` (Alembic,
with the scripts shipped in :mod:`straights.store.migrations`).

>>> database_url("games.db").startswith("sqlite:///") and database_url("games.db").endswith(
...     "/games.db")
True
>>> database_url("postgresql://me@localhost/db")
'postgresql+psycopg://me@localhost/db'
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import create_engine, event, inspect
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DatabaseError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.pool import StaticPool

from straights.errors import StoreError
from straights.store.schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "alembic_config",
    "database_url",
    "default_url",
    "describe",
    "migrate",
    "open_engine",
    "sqlite_pragmas",
]

#: Tables of straights 0.1.0 (before the schema had a version).
_FIRST_RELEASE: Final = frozenset({"tables", "events", "hands", "web_tables", "web_commands"})
_MEMORY: Final = ("sqlite://", "sqlite:///:memory:")
#: Seconds a SQLite connection waits for another writer: at most one commit's time …
BUSY_WAIT: Final = 5
#: … and, while opening, for another process migrating the same new file.
MIGRATION_WAIT: Final = 120


def default_url() -> str:
    """``sqlite:///<user data dir>/straights.db`` (the directory is created)."""
    from platformdirs import user_data_dir

    path = Path(user_data_dir("straights", appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a read-only home, a full disk …
        raise StoreError(
            f"cannot create the data folder {path}: {exc.strerror}; give --db FILE, "
            "or set XDG_DATA_HOME to a folder you can write"
        ) from exc
    return f"sqlite:///{path / 'straights.db'}"


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: a plain path becomes ``sqlite:///<absolute path>``,
    ``postgresql://`` gets the driver this project installs (psycopg 3), ``None`` is
    :func:`default_url`."""
    if db is None:
        return default_url()
    if "://" not in db:
        return f"sqlite:///{Path(db).expanduser().absolute()}"
    if db.startswith("postgresql://"):
        return "postgresql+psycopg://" + db.removeprefix("postgresql://")
    return db


def describe(url: str) -> str:
    """How messages name a database: its file for SQLite, else the URL without password.

    >>> describe("sqlite:////tmp/x.db"), describe("postgresql://me:secret@h/db")
    ('/tmp/x.db', 'postgresql://me:***@h/db')
    """
    path = sqlite_path(url)
    if path is not None:
        return str(path)
    if url in _MEMORY:
        return "the in-memory database"
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (``None`` for other databases and in-memory ones)."""
    if not url.startswith("sqlite") or url in _MEMORY:
        return None
    try:
        database = make_url(url).database
    except ArgumentError:
        return None
    return Path(database) if database and database != ":memory:" else None


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Every SQLite connection: ``synchronous=NORMAL`` (in WAL mode, which :func:`migrate`
    sets once a file is known to be ours, a commit survives the process being killed;
    only a power cut can lose the last ones), foreign keys enforced, and waiting up
    to 5 s for another writer instead of failing."""
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_WAIT * 1000}")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def open_engine(url: str, *, create: bool = True) -> Engine:
    """An engine for ``url`` (from :func:`database_url`) that is migrated and ready.

    ``create=False`` (commands that only read) refuses a SQLite file that does not
    exist instead of creating an empty one.
    """
    where = describe(url)
    path = sqlite_path(url)
    if path is not None:
        if path.is_dir():
            raise StoreError(f"{where} is a directory: give a database file")
        if not path.exists():
            if not create:
                raise StoreError(f"{where}: no such database file (nothing has been saved there)")
            if not path.parent.is_dir():
                raise StoreError(f"{where}: the directory {path.parent} does not exist")
    try:
        if url.startswith("sqlite"):
            engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if url in _MEMORY else None,
            )
            event.listen(engine, "connect", sqlite_pragmas)
        else:
            engine = create_engine(url, pool_pre_ping=True)
    except (ArgumentError, NoSuchModuleError) as exc:
        raise StoreError(
            f"--db {url!r} is neither a file path nor a SQLAlchemy URL ({exc}): "
            "e.g. games.db, sqlite:///games.db or postgresql://me@localhost/straights"
        ) from None
    except ImportError as exc:
        raise StoreError(f"{where}: the database driver is not installed ({exc})") from None
    try:
        migrate(engine, where)
    except StoreError:
        engine.dispose()
        raise
    except DatabaseError as exc:
        engine.dispose()
        raise StoreError(f"{where}: {_problem(exc, path is not None)}") from None
    except SQLAlchemyError as exc:
        engine.dispose()
        raise StoreError(f"{where}: cannot use this database ({exc.__class__.__name__})") from None
    return engine


def _problem(exc: DatabaseError, is_file: bool) -> str:
    text = str(getattr(exc, "orig", exc))
    if is_file and ("not a database" in text or "malformed" in text or "encrypted" in text):
        return "not a SQLite database (the file is corrupt or of another kind)"
    if "readonly" in text or "read-only" in text:
        return "the database is read-only"
    if "unable to open" in text:
        return "cannot open the database file (check the path and permissions)"
    return f"cannot use this database: {text.strip().splitlines()[0] if text.strip() else exc}"


def alembic_config() -> Config:
    """Alembic's configuration for the migrations shipped in this package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "straights.store:migrations")
    return config


def migrate(engine: Engine, where: str) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION`, refusing a database that is not ours."""
    from alembic import command
    from alembic.script import ScriptDirectory

    config = alembic_config()
    known = {s.revision for s in ScriptDirectory.from_config(config).walk_revisions()}
    for locked in (False, True):
        with engine.begin() as conn, _patient(conn):
            if locked:  # one process migrates; the others wait, then find it done
                _lock(conn)
            current = _version(conn, where, known)
            if conn.dialect.name == "sqlite" and not locked:
                _wal(conn)
            if current == SCHEMA_VERSION:
                return
            if locked:
                config.attributes["connection"] = conn
                command.upgrade(config, SCHEMA_VERSION)


def _wal(conn: Connection) -> None:
    """Put a SQLite file in WAL mode (persistent in the file; set before anything is
    written).  The change needs the file to itself and SQLite does not wait for that
    (no busy handler), so while another process holds it, try again for up to
    :data:`MIGRATION_WAIT` s."""
    deadline = time.monotonic() + MIGRATION_WAIT
    while True:
        try:
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")
            return
        except OperationalError as exc:
            if "locked" not in str(exc.orig) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@contextmanager
def _patient(conn: Connection) -> Iterator[None]:
    """Wait up to :data:`MIGRATION_WAIT` s (not the usual 5) for another process's lock
    on a SQLite file: opening a new file, one process migrates it while the others wait,
    and on a busy machine that takes more than 5 s."""
    if conn.dialect.name != "sqlite":
        yield
        return
    conn.exec_driver_sql(f"PRAGMA busy_timeout={MIGRATION_WAIT * 1000}")
    try:
        yield
    finally:
        conn.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_WAIT * 1000}")


def _lock(conn: Connection) -> None:
    """Hold the database's migration lock until the transaction ends."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7402319)")


def _version(conn: Connection, where: str, known: set[str]) -> str | None:
    """The database's schema revision (``None``: unversioned, 0.1.0's or empty), or a
    :class:`StoreError` when it is not a straights database this release can read."""
    names = set(inspect(conn).get_table_names())
    current = None
    if "alembic_version" in names:
        current = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    ours = {"tables", "hands"} & names
    if current is not None and current not in known:
        if ours:
            raise StoreError(
                f"{where} was written by a newer straights (schema {current}; this one "
                f"reads up to {SCHEMA_VERSION}): upgrade straights to open it"
            )
        raise StoreError(f"{where} is another program's database (schema {current})")
    if current is None and names and not (names & _FIRST_RELEASE):
        shown = ", ".join(sorted(names)[:5])
        raise StoreError(
            f"{where} is another program's database (it holds {shown}): "
            "give a new file or a straights database"
        )
    if current is None and "tables" in names:
        columns = {c["name"] for c in inspect(conn).get_columns("tables")}
        if not {"id", "name", "config", "created"} <= columns:
            raise StoreError(
                f"{where} is another program's database (its 'tables' table is not ours)"
            )
    return None if current is None else str(current)
