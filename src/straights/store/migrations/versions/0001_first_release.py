"""Schema 1: the tables of straights 0.1.0, created where missing.

That release kept two stores in one database, without a version: the terminal's
``tables``, ``events`` and ``hands`` and the web table's ``web_tables`` and
``web_commands``.  A database it wrote has some or all of them; a new database
gets them all, so that revision 0002 has one starting point to migrate from.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = set(sa.inspect(op.get_bind()).get_table_names())
    if "tables" not in have:
        op.create_table(
            "tables",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(200), nullable=False),
            sa.Column("config", sa.Text, nullable=False),
            sa.Column("created", sa.String(40), nullable=False),
        )
    if "events" not in have:
        op.create_table(
            "events",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("type", sa.String(40), nullable=False),
            sa.Column("data", sa.Text, nullable=False),
            sa.Column("created", sa.String(40), nullable=False),
            sa.UniqueConstraint("table_id", "seq"),
        )
        op.create_index("ix_events_table_id", "events", ["table_id"])
    if "hands" not in have:
        op.create_table(
            "hands",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
            sa.Column("number", sa.Integer, nullable=False),
            sa.Column("players", sa.Text, nullable=False),
            sa.Column("pot", sa.Integer, nullable=False),
            sa.Column("carried", sa.Integer, nullable=False),
            sa.Column("summary", sa.Text, nullable=False),
            sa.Column("phh", sa.Text, nullable=False),
            sa.Column("created", sa.String(40), nullable=False),
        )
        op.create_index("ix_hands_table_id", "hands", ["table_id"])
    if "web_tables" not in have:
        op.create_table(
            "web_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("settings", sa.Text, nullable=False),
            sa.Column("seed", sa.String(64), nullable=False),
            sa.Column("host_hash", sa.String(64), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("archive_id", sa.Integer, nullable=True),
        )
    if "web_commands" not in have:
        op.create_table(
            "web_commands",
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("body", sa.Text, nullable=False),
            sa.Column("events", sa.Text, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
