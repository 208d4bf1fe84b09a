"""The :class:`Store`: tables, their command logs and the hand archive in one database.

>>> from straights.game import TableConfig
>>> store = Store("sqlite://")
>>> record = store.create_table("web", TableConfig(seats=2), seed=7, key="t1")
>>> store.append(record.id, 1, {"kind": "deal"}, [])
>>> [entry.command["kind"] for entry in store.log(record.id)]
['deal']
>>> store.close()
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, exists, func, insert, select, update
from sqlalchemy.engine import Connection, Row
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from straights.errors import HandHistoryError, StoreError, StraightsError
from straights.game.config import TableConfig
from straights.store.archive import ArchiveEntry, HandRecord, now
from straights.store.opening import database_url, describe, open_engine
from straights.store.schema import club_members, club_tables, clubs, commands, hands, tables

__all__ = ["ClubRecord", "LogEntry", "LogWrite", "Store", "TableRecord"]

logger = logging.getLogger("straights.store")


@dataclass(frozen=True)
class TableRecord:
    """A stored table.  ``seed`` is secret: it decides every card still to be dealt."""

    id: int
    kind: str
    name: str
    config: TableConfig
    settings: dict[str, Any]
    seed: int | None
    created: str
    finished: bool
    key: str | None = None
    host_hash: str | None = None

    @property
    def game(self) -> str:
        """The game played: ``straights``, or as its ``settings`` name it (a variant's
        code, ``dealers-choice`` or ``pai-gow``); ``config`` holds Straights' settings only."""
        return str(self.settings.get("game", "straights"))


@dataclass(frozen=True)
class ClubRecord:
    """A club: its public ``key``, name and host token's hash; its tables by evening
    (``nights``: table row id -> the date it was opened) and its members' names."""

    id: int
    key: str
    name: str
    host_hash: str
    created: str
    nights: dict[int, str]
    members: tuple[str, ...]


@dataclass(frozen=True)
class LogWrite:
    """One command to store: a table's command ``seq`` with the events it caused, and
    the deal it finished, if any (see :meth:`Store.append`)."""

    table_id: int
    seq: int
    command: dict[str, Any]
    events: list[dict[str, Any]]
    deal: ArchiveEntry | None = None


@dataclass(frozen=True)
class LogEntry:
    """One row of a table's log: a command and the engine events it caused."""

    seq: int
    command: dict[str, Any]
    events: list[dict[str, Any]]

    def check(self, table_id: int, replayed: list[dict[str, Any]]) -> None:
        """Raise :class:`HandHistoryError` unless replaying the command gave its events."""
        if replayed != self.events:
            raise HandHistoryError(
                f"table {table_id}: command {self.seq} no longer replays to the events "
                "stored with it (was the engine changed?)"
            )


def _compact(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Store:
    """One database of tables, their logs and finished deals.

    ``db`` is a file path or a SQLAlchemy URL (default: ``straights.db`` in the
    user data directory).  Opening migrates an older schema and writes any
    archive entry missing from the log (:meth:`repair_archive`).  ``create=False``
    refuses a SQLite file that does not exist (commands that only read).
    """

    def __init__(self, db: str | None = None, *, create: bool = True) -> None:
        self.url = database_url(db)
        self.where = describe(self.url)
        self.engine = open_engine(self.url, create=create)
        self.repair_archive()

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    # -- tables -------------------------------------------------------------------------
    def create_table(
        self,
        kind: str,
        config: TableConfig | None = None,
        *,
        seed: int,
        name: str = "",
        settings: dict[str, Any] | None = None,
        key: str | None = None,
        host_hash: str | None = None,
    ) -> TableRecord:
        """A new table (its log empty); returns its record.  ``config`` holds the settings
        of a Straights table of an earlier release (the defaults for any other table)."""
        values = {
            "kind": kind,
            "name": name,
            "config": json.dumps((config or TableConfig()).to_dict()),
            "settings": _compact(settings or {}),
            "seed": _seed_text(seed),
            "key": key,
            "host_hash": host_hash,
            "created": now(),
            "finished": False,
        }
        with self._write() as conn:
            result = conn.execute(insert(tables).values(**values))
            assert result.inserted_primary_key is not None
            table_id = int(result.inserted_primary_key[0])
        return self.table(table_id)

    def table(self, table_id: int) -> TableRecord:
        """One table; an unknown id raises :class:`HandHistoryError`."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
        if row is None:
            raise HandHistoryError(f"no table {table_id} in {self.where}")
        return _table_record(row)

    def tables(self, kind: str | None = None) -> list[TableRecord]:
        """Every stored table (of ``kind``), oldest first."""
        query = select(tables).order_by(tables.c.id)
        if kind is not None:
            query = query.where(tables.c.kind == kind)
        with self.engine.connect() as conn:
            return [_table_record(r) for r in conn.execute(query)]

    def latest_unfinished(self, kind: str, game: str = "straights") -> TableRecord | None:
        """The newest table of ``kind`` and ``game`` (:attr:`TableRecord.game`) whose game
        is not over (``straights play --resume``)."""
        query = (
            select(tables)
            .where(tables.c.kind == kind, tables.c.finished == False)  # noqa: E712
            .order_by(tables.c.id.desc())
        )
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                record = _table_record(row)
                if record.game == game:
                    return record
        return None

    def finish_table(self, table_id: int) -> None:
        """Mark a table's game as over (it is no longer offered for resuming)."""
        with self._write() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(finished=True))

    # -- the log ------------------------------------------------------------------------
    def append(
        self,
        table_id: int,
        seq: int,
        command: dict[str, Any],
        events: list[dict[str, Any]],
        deal: ArchiveEntry | None = None,
    ) -> None:
        """Commit command ``seq`` of a table with the events it caused — and, when they
        end a deal, that deal's archive entry — in one transaction.

        A ``seq`` already stored raises :class:`StoreError` (two writers).
        """
        self.append_many([LogWrite(table_id, seq, command, events, deal)])

    def append_many(self, writes: Sequence[LogWrite]) -> None:
        """Commit several commands, of one table or many, in one transaction: all are
        stored or none (a group commit; each as :meth:`append` describes).

        >>> store = Store("sqlite://")
        >>> a, b = (store.create_table("web", TableConfig(seats=2), seed=7) for _ in "ab")
        >>> store.append_many([LogWrite(a.id, 1, {"kind": "deal"}, []),
        ...                    LogWrite(b.id, 1, {"kind": "pause", "on": True}, [])])
        >>> [len(store.log(t.id)) for t in (a, b)]
        [1, 1]
        """
        if not writes:
            return
        rows = []
        deals = []
        stamp = now()
        for w in writes:
            ended = next(
                (int(e["number"]) for e in w.events if e.get("type") == "hand_ended"), None
            )
            if ended is not None and (w.deal is None or w.deal.number != ended):
                raise ValueError(f"command {w.seq} ends deal {ended}: pass that deal to archive it")
            rows.append(
                {
                    "table_id": w.table_id,
                    "seq": w.seq,
                    "body": _compact(w.command),
                    "events": json.dumps(w.events, separators=(",", ":")),
                    "ended_deal": ended,
                    "created": stamp,
                }
            )
            if w.deal is not None:
                deals.append(w.deal.row(w.table_id))
        try:
            with self._write() as conn:
                # One statement, compiled once, with the values as parameters (and
                # executed once for all the rows).
                conn.execute(_INSERT_COMMAND, rows)
                if deals:
                    conn.execute(_INSERT_HAND, deals)
        except IntegrityError as exc:
            which = (
                f"table {writes[0].table_id} already has command {writes[0].seq}"
                if len(writes) == 1
                else "one of these commands is already stored"
            )
            raise StoreError(
                f"{self.where}: {which} (is another program playing this table?)"
            ) from exc

    def log(self, table_id: int) -> list[LogEntry]:
        """A table's commands in order, each with the events it caused."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(commands.c.seq, commands.c.body, commands.c.events)
                .where(commands.c.table_id == table_id)
                .order_by(commands.c.seq)
            ).all()
        out = []
        for expected, row in enumerate(rows, start=1):
            if row.seq != expected:
                raise StoreError(f"{self.where}: command {expected} of table {table_id} is missing")
            out.append(LogEntry(row.seq, json.loads(row.body), json.loads(row.events)))
        return out

    # -- clubs --------------------------------------------------------------------------
    def create_club(self, key: str, name: str, host_hash: str) -> ClubRecord:
        """A new club, with no tables and no members yet."""
        values = {"key": key, "name": name, "host_hash": host_hash, "created": now()}
        with self._write() as conn:
            conn.execute(insert(clubs).values(**values))
        return self.club(key)

    def club(self, key: str) -> ClubRecord:
        """The club of public key ``key``; an unknown key raises :class:`HandHistoryError`.

        >>> store = Store("sqlite://")
        >>> club = store.create_club("c1", "Thursdays", "h" * 64)
        >>> store.add_club_members("c1", ["Ann", "Bob", "Ann"])
        >>> store.club("c1").members
        ('Ann', 'Bob')
        """
        with self.engine.connect() as conn:
            row = conn.execute(select(clubs).where(clubs.c.key == key)).first()
            if row is None:
                raise HandHistoryError(f"no club {key!r} in {self.where}")
            nights = conn.execute(
                select(club_tables.c.table_id, club_tables.c.night)
                .where(club_tables.c.club_id == row.id)
                .order_by(club_tables.c.table_id)
            ).all()
            names = conn.execute(
                select(club_members.c.name)
                .where(club_members.c.club_id == row.id)
                .order_by(club_members.c.id)
            ).all()
        return ClubRecord(
            row.id, row.key, row.name, row.host_hash, row.created,
            {int(t): str(n) for t, n in nights}, tuple(str(n) for (n,) in names),
        )  # fmt: skip

    def add_club_table(self, key: str, table_id: int, night: str | None = None) -> None:
        """Table ``table_id`` is played in club ``key`` on ``night`` (default: today, UTC)."""
        club = self.club(key)
        with self._write() as conn:
            conn.execute(
                insert(club_tables).values(
                    table_id=table_id, club_id=club.id, night=night or now()[:10]
                )
            )

    def add_club_members(self, key: str, names: Sequence[str]) -> None:
        """Keep ``names`` as members of club ``key`` (names it keeps already are skipped)."""
        club = self.club(key)
        fresh = [n for n in dict.fromkeys(names) if n not in club.members]
        if fresh:
            with self._write() as conn:
                conn.execute(
                    insert(club_members),
                    [{"club_id": club.id, "name": n, "created": now()} for n in fresh],
                )

    # -- the hand archive ---------------------------------------------------------------
    def hands(self, *, table_id: int | None = None, limit: int = 50) -> list[HandRecord]:
        """The latest archived deals, newest first."""
        with self.engine.connect() as conn:
            query = select(hands).order_by(hands.c.id.desc()).limit(limit)
            if table_id is not None:
                query = query.where(hands.c.table_id == table_id)
            return [_hand_record(r) for r in conn.execute(query)]

    def hand(self, hand_id: int) -> HandRecord:
        """One archived deal; an unknown id raises :class:`HandHistoryError`."""
        with self.engine.connect() as conn:
            row = conn.execute(select(hands).where(hands.c.id == hand_id)).first()
        if row is None:
            raise HandHistoryError(
                f"no hand {hand_id} in {self.where}: see `straights history list`"
            )
        return _hand_record(row)

    def repair_archive(self) -> int:
        """Archive every finished deal of the log that has no entry (returns how many).

        Each deal is archived in the transaction of the command that ends it, so this
        finds nothing unless a database was written by straights 0.1.0, which
        archived in a second step that a crash could skip.  Its logs replay on the
        table's stored settings: 0.1.0 had no host's ``change`` between deals.  A log
        that does not replay keeps its archive as it is (an error line says why).
        """
        archived = exists().where(
            and_(hands.c.table_id == commands.c.table_id, hands.c.number == commands.c.ended_deal)
        )
        with self.engine.connect() as conn:
            missing = conn.execute(
                select(commands.c.table_id, func.count())
                .where(commands.c.ended_deal.is_not(None), ~archived)
                .group_by(commands.c.table_id)
            ).all()
        added = 0
        for table_id, _ in missing:
            record = self.table(table_id)
            if record.game != "straights" or "config" in record.settings:
                continue  # only the events of Straights' own table rebuild a deal
            from straights.store.legacy_straights import deals_from_events

            events = [e for entry in self.log(table_id) for e in entry.events]
            try:
                deals = deals_from_events(record.config, events)
            except StraightsError as exc:  # a log that differs: said in one line
                logger.error(
                    "%s: table %d no longer replays (%s); its archive stays",
                    self.where, table_id, exc,
                )  # fmt: skip
                continue
            except Exception:  # a bug: its traceback, and the store still opens
                logger.exception("%s: table %d cannot be replayed", self.where, table_id)
                continue
            with self._write() as conn:
                have = set(
                    conn.execute(select(hands.c.number).where(hands.c.table_id == table_id))
                    .scalars()
                    .all()
                )
                for deal in deals:
                    if deal.number not in have:
                        conn.execute(insert(hands).values(**deal.row(table_id)))
                        added += 1
        if added:
            logger.warning(
                "%s: %d finished deal(s) were missing from the archive", self.where, added
            )
        return added

    # -- plumbing -----------------------------------------------------------------------
    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction; a failing database is a :class:`StoreError` (a duplicate key
        stays an ``IntegrityError`` for the caller to name)."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError:
            raise
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.where}: cannot write ({exc.__class__.__name__})") from exc


_INSERT_COMMAND = insert(commands)
_INSERT_HAND = insert(hands)


def _seed_text(seed: int) -> str:
    """A seed as stored: 64 hex digits for a 256-bit secret (the web's), decimal below 2**64.

    >>> _seed_text(7), len(_seed_text(2**255)), _seed_value(_seed_text(2**255)) == 2**255
    ('7', 64, True)
    """
    return format(seed, "064x") if seed >= 2**64 else str(seed)


def _seed_value(text: str) -> int:
    return int(text, 16) if len(text) == 64 else int(text)


def _table_record(r: Row[Any]) -> TableRecord:
    return TableRecord(
        id=r.id,
        kind=r.kind,
        name=r.name,
        config=TableConfig.from_dict(json.loads(r.config)),
        settings=json.loads(r.settings),
        seed=None if r.seed is None else _seed_value(r.seed),
        created=r.created,
        finished=bool(r.finished),
        key=r.key,
        host_hash=r.host_hash,
    )


def _hand_record(r: Row[Any]) -> HandRecord:
    return HandRecord(
        r.id, r.table_id, r.number, json.loads(r.players), r.pot, r.carried, r.summary, r.phh,
        r.created,
    )  # fmt: skip
