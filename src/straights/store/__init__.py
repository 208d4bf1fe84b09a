"""The store: every table, its log and the hand archive in one database.

One schema, versioned and migrated with Alembic on open (:mod:`.opening`,
:mod:`.migrations`), used by ``straights play``, ``simulate``, ``history`` and
the web table:

* :mod:`.schema` — the tables: ``tables`` (settings and secret seed),
  ``commands`` (each table's append-only log of commands with the events they
  caused) and ``hands`` (the archive, one PHH history per finished deal of any
  game: Straights, every poker variant, Pai Gow);
* :mod:`.database` — :class:`Store`, reading and writing them;
* :mod:`.table` — ``StoredTable``, the one :class:`~straights.table.Table` of every
  game (Straights, the catalogue, Pai Gow) stored command by command and replayed
  exactly (``straights play --resume``, a terminal Straights table of an earlier
  release included); :mod:`.legacy_straights` replays the Straights tables and
  ``STR`` histories of earlier releases by the one engine;
* :mod:`.archive` — archive entries, derived from a finished deal (or, for a deal an
  earlier release did not archive, from its table's stored events);
* :mod:`.opening` — ``--db`` paths and URLs, and one clear error per unusable database;
* clubs (:meth:`Store.create_club`, :class:`ClubRecord`): the tables a club played,
  evening by evening, and the people it keeps.

>>> from straights.store.table import POKER, StoredTable
>>> store = Store("sqlite://")
>>> t = StoredTable.create(store, POKER, "holdem", ["ann", "bob"], 100, seed=1)
>>> [(r.kind, r.game) for r in store.tables()]
[('terminal', 'holdem')]
"""

from straights.store.archive import (
    ArchiveEntry,
    HandRecord,
    PaiGowEntry,
    PokerEntry,
)
from straights.store.database import ClubRecord, LogEntry, LogWrite, Store, TableRecord
from straights.store.opening import database_url, default_url

__all__ = [
    "ArchiveEntry",
    "ClubRecord",
    "HandRecord",
    "LogEntry",
    "LogWrite",
    "PaiGowEntry",
    "PokerEntry",
    "Store",
    "TableRecord",
    "database_url",
    "default_url",
]
