"""Persistence of tables, their events and their hand histories (SQLAlchemy).

SQLite in the user's data directory by default; any SQLAlchemy URL works
(``postgresql+psycopg://…``).  Three tables:

* ``tables``: one row per table (its configuration as JSON, a name, when);
* ``events``: every event of every table, numbered ``seq`` 0, 1, 2 … per table
  — the raw log, secrets included, from which :meth:`Store.load_table`
  rebuilds a table exactly (crash recovery);
* ``hands``: one row per finished deal with its PHH history and a summary.

Each :meth:`Store.append_event` commits before it returns, so a caller that
stores an event before sending it never sends what was not stored.

>>> from straights.game import Table, TableConfig
>>> store = Store("sqlite://")
>>> t = Table(TableConfig(seats=2), ["ann", "bob"], seed=1)
>>> tid = store.record(t)
>>> hand = t.start_hand()
>>> len(store.events(tid)) == len(t.events)
True
>>> store.load_table(tid).stacks() == t.stacks()
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    func,
    select,
)
from sqlalchemy import (
    event as sa_event,
)
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from straights.errors import ConfigurationError, HandHistoryError
from straights.game.config import TableConfig
from straights.game.events import Event, HandEnded, PotAwarded, event_from_dict
from straights.game.hand import Hand
from straights.game.phh import dumps_phh, hand_to_phh
from straights.game.table import Table

__all__ = ["HandRecord", "Store", "TableRecord", "default_url"]


def default_url() -> str:
    """``sqlite:///<user data dir>/straights.db`` (the directory is created)."""
    from platformdirs import user_data_dir

    path = Path(user_data_dir("straights", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'straights.db'}"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class _Base(DeclarativeBase):
    pass


class _TableRow(_Base):
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    config: Mapped[str] = mapped_column(Text)
    created: Mapped[str] = mapped_column(String(40))


class _EventRow(_Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    data: Mapped[str] = mapped_column(Text)
    created: Mapped[str] = mapped_column(String(40))


class _HandRow(_Base):
    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    players: Mapped[str] = mapped_column(Text)
    pot: Mapped[int] = mapped_column(Integer)
    carried: Mapped[int] = mapped_column(Integer)
    summary: Mapped[str] = mapped_column(Text)
    phh: Mapped[str] = mapped_column(Text)
    created: Mapped[str] = mapped_column(String(40))


@dataclass(frozen=True)
class TableRecord:
    id: int
    name: str
    config: TableConfig
    created: str
    events: int


@dataclass(frozen=True)
class HandRecord:
    """A stored deal: ``phh`` is its hand history text; ``summary`` says who won what."""

    id: int
    table_id: int
    number: int
    players: list[str]
    pot: int
    carried: int
    summary: str
    phh: str
    created: str


class Store:
    """A database of tables, events and hands.  ``url`` defaults to :func:`default_url`."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        try:
            self.engine = create_engine(self.url)
            if self.engine.dialect.name == "sqlite":
                sa_event.listen(self.engine, "connect", _sqlite_pragmas)
            _Base.metadata.create_all(self.engine)
        except (ArgumentError, OperationalError) as exc:
            raise ConfigurationError(
                f"cannot open the database {self.url!r}: {exc.__class__.__name__}: {exc}; "
                "give a SQLAlchemy URL such as sqlite:///games.db"
            ) from exc
        except ImportError as exc:
            raise ConfigurationError(f"no driver for {self.url!r}: {exc}") from exc

    def close(self) -> None:
        self.engine.dispose()

    # -- tables and events --------------------------------------------------------------
    def create_table(self, config: TableConfig, name: str = "") -> int:
        """A new table row; returns its id."""
        with Session(self.engine) as s:
            row = _TableRow(name=name, config=json.dumps(config.to_dict()), created=_now())
            s.add(row)
            s.commit()
            return row.id

    def append_event(self, table_id: int, seq: int, event: Event) -> None:
        """Store event number ``seq`` of a table (committed on return).

        A ``seq`` already stored raises :class:`HandHistoryError` (two writers).
        """
        self.append_events(table_id, seq, [event])

    def append_events(self, table_id: int, first_seq: int, events: Sequence[Event]) -> None:
        """Store events ``first_seq``, ``first_seq + 1`` … in one transaction."""
        now = _now()
        with Session(self.engine) as s:
            for k, event in enumerate(events):
                s.add(
                    _EventRow(
                        table_id=table_id,
                        seq=first_seq + k,
                        type=event.type,
                        data=json.dumps(event.to_dict()),
                        created=now,
                    )
                )
            try:
                s.commit()
            except IntegrityError as exc:
                raise HandHistoryError(
                    f"table {table_id} already has event {first_seq}: one writer per table"
                ) from exc

    def events(self, table_id: int) -> list[Event]:
        """Every stored event of a table, in order."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(_EventRow.data).where(_EventRow.table_id == table_id).order_by(_EventRow.seq)
            ).all()
        return [event_from_dict(json.loads(r)) for r in rows]

    def event_count(self, table_id: int) -> int:
        """How many events a table has stored (the next ``seq`` to write)."""
        with Session(self.engine) as s:
            count = s.scalar(
                select(func.count()).select_from(_EventRow).where(_EventRow.table_id == table_id)
            )
        return int(count or 0)

    def record(self, table: Table, name: str = "", *, hands: bool = True) -> int:
        """Store ``table``'s events so far and every later one as it happens.

        With ``hands`` each finished deal is also saved as a :class:`HandRecord`.
        Returns the new table id.
        """
        table_id = self.create_table(table.config, name)
        self.append_events(table_id, 0, table.events)
        self._attach(table, table_id, hands=hands)
        return table_id

    def resume(self, table_id: int, *, seed: Any = None, hands: bool = True) -> Table:
        """Rebuild a stored table (after a crash) and keep recording its new events."""
        table = self.load_table(table_id, seed=seed)
        self._attach(table, table_id, hands=hands)
        return table

    def _attach(self, table: Table, table_id: int, *, hands: bool) -> None:
        seq = len(table.events)

        def listener(event: Event) -> None:
            nonlocal seq
            self.append_event(table_id, seq, event)
            seq += 1
            if hands and isinstance(event, HandEnded) and table.hand is not None:
                names = [_name(table, s) for s in table.hand.seats]
                self.save_hand(table_id, table.hand, names)

        table.subscribe(listener)

    def load_table(self, table_id: int, *, seed: Any = None) -> Table:
        """Rebuild a table exactly from its stored events (future shuffles from ``seed``)."""
        events = self.events(table_id)
        if not events:
            raise HandHistoryError(f"no table {table_id} in {self.url}")
        return Table.from_events(events, seed=seed)

    def tables(self) -> list[TableRecord]:
        with Session(self.engine) as s:
            counts = dict(
                s.execute(
                    select(_EventRow.table_id, func.count()).group_by(_EventRow.table_id)
                ).all()
            )
            rows = s.scalars(select(_TableRow).order_by(_TableRow.id)).all()
            return [
                TableRecord(
                    r.id,
                    r.name,
                    TableConfig.from_dict(json.loads(r.config)),
                    r.created,
                    int(counts.get(r.id, 0)),
                )
                for r in rows
            ]

    # -- hands -----------------------------------------------------------------------------
    def save_hand(self, table_id: int, hand: Hand, names: Sequence[str]) -> int:
        """Store a finished deal with its PHH history; returns the hand id."""
        if not hand.finished:
            raise HandHistoryError(f"deal {hand.number} is not over yet: store finished deals")
        history = hand_to_phh(hand, names)
        with Session(self.engine) as s:
            row = _HandRow(
                table_id=table_id,
                number=hand.number,
                players=json.dumps(list(names)),
                pot=hand.pot,
                carried=hand.carry_out,
                summary=_summary(hand, names),
                phh=dumps_phh(history),
                created=_now(),
            )
            s.add(row)
            s.commit()
            return row.id

    def hands(self, *, table_id: int | None = None, limit: int = 50) -> list[HandRecord]:
        """The latest stored deals, newest first."""
        with Session(self.engine) as s:
            q = select(_HandRow).order_by(_HandRow.id.desc()).limit(limit)
            if table_id is not None:
                q = q.where(_HandRow.table_id == table_id)
            return [_record(r) for r in s.scalars(q).all()]

    def hand(self, hand_id: int) -> HandRecord:
        """One stored deal; an unknown id raises :class:`HandHistoryError`."""
        with Session(self.engine) as s:
            row = s.get(_HandRow, hand_id)
            if row is None:
                raise HandHistoryError(
                    f"no hand {hand_id} in {self.url}: see `straights history list`"
                )
            return _record(row)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a commit survives the process being killed (kill -9);
    # only a power cut can lose the last commits.  Per-event commits stay fast.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _name(table: Table, seat: int) -> str:
    player = table.seats[seat]
    return player.name if player is not None else f"seat {seat}"


def _record(r: _HandRow) -> HandRecord:
    return HandRecord(
        r.id,
        r.table_id,
        r.number,
        json.loads(r.players),
        r.pot,
        r.carried,
        r.summary,
        r.phh,
        r.created,
    )


def _summary(hand: Hand, names: Sequence[str]) -> str:
    by_seat = dict(zip(hand.seats, names, strict=True))
    parts = []
    for e in hand.events:
        if isinstance(e, PotAwarded):
            who = "carried over" if e.winner is None else f"to {by_seat.get(e.winner, '?')}"
            parts.append(f"{e.amount} {who} ({e.reason})")
    return "; ".join(parts)
