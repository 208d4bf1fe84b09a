"""The database schema (the latest version; :mod:`straights.store.migrations` builds it).

Three tables hold everything:

* ``tables``: one row per poker table — where it is played (``kind``:
  ``terminal``, ``web``, ``simulate``, or ``legacy`` for tables written before
  schema version 2), its engine settings (``config``: Straights'), the settings
  of its front end (``settings``, whose ``game`` names any other game), the
  secret shuffle seed and, for the web, the table's public ``key`` and the hash
  of its host token;
* ``commands``: each table's append-only log.  Row ``seq`` (1, 2, 3 …) holds one
  command and the engine events it caused (secrets included); a table is its
  seed plus its commands replayed, checked against those events;
* ``hands``: the hand archive, one row per finished deal with its PHH history —
  written in the transaction of the command that ended the deal, and rebuilt
  from ``commands`` if it is ever missing.

Clubs (schema 3) add three more: ``clubs`` (a club's public key, name and host
token's hash), ``club_members`` (the people it keeps, by name) and ``club_tables``
(each table played in a club, with the evening it was opened: ``night``).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

#: The Alembic revision this code writes; a database at another revision is migrated
#: (older) or refused (newer).
SCHEMA_VERSION: Final = "0003"

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, default=""),
    Column("config", Text, nullable=False),
    Column("created", String(40), nullable=False),
    Column("key", String(32), nullable=True),
    Column("kind", String(16), nullable=False),
    Column("settings", Text, nullable=False),
    # The shuffle seed never leaves the server: knowing it would reveal every card.
    Column("seed", String(64), nullable=True),
    Column("host_hash", String(64), nullable=True),
    Column("finished", Boolean, nullable=False, server_default=false()),
    Index("ux_tables_key", "key", unique=True),
)

commands = Table(
    "commands",
    metadata,
    Column("table_id", ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("body", Text, nullable=False),
    Column("events", Text, nullable=False),
    # The number of the deal this command finished, if it finished one.
    Column("ended_deal", Integer, nullable=True),
    Column("created", String(40), nullable=False),
    Index("ix_commands_ended_deal", "ended_deal"),
)

hands = Table(
    "hands",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("players", Text, nullable=False),
    Column("pot", Integer, nullable=False),
    Column("carried", Integer, nullable=False),
    Column("summary", Text, nullable=False),
    Column("phh", Text, nullable=False),
    Column("created", String(40), nullable=False),
    Index("ux_hands_table_number", "table_id", "number", unique=True),
)

clubs = Table(
    "clubs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(32), nullable=False),
    Column("name", String(200), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("created", String(40), nullable=False),
    Index("ux_clubs_key", "key", unique=True),
)

club_members = Table(
    "club_members",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("name", String(200), nullable=False),
    Column("created", String(40), nullable=False),
    Index("ux_club_members_name", "club_id", "name", unique=True),
)

club_tables = Table(
    "club_tables",
    metadata,
    Column("table_id", ForeignKey("tables.id"), primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("night", String(10), nullable=False),
    Index("ix_club_tables_club", "club_id"),
)
