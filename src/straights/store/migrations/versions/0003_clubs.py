"""Schema 3: clubs, which keep their players and their tables across evenings.

* ``clubs``: one row per club — its public ``key``, its name and the hash of its
  host's token;
* ``club_members``: the people a club keeps, by name (bots are the house's, never
  members);
* ``club_tables``: which tables were played in a club, and on which evening
  (``night``, the date the table was opened, UTC).

Nothing existing changes: tables and their logs stay as they are.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_index("ux_clubs_key", "clubs", ["key"], unique=True)
    op.create_table(
        "club_members",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_index("ux_club_members_name", "club_members", ["club_id", "name"], unique=True)
    op.create_table(
        "club_tables",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("night", sa.String(10), nullable=False),
    )
    op.create_index("ix_club_tables_club", "club_tables", ["club_id"])
