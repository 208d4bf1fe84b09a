"""Schema 2: one log for every table, the hand archive kept in step with it.

Every table — terminal, web or simulated — is a ``tables`` row (settings, secret
seed) and an append-only ``commands`` log whose rows also hold the engine events
each command caused.  Moved here:

* ``web_tables`` rows, merged into the ``tables`` row their deals were archived
  under (``archive_id``), with their ``web_commands``;
* the terminal's per-event log (``events``): each event becomes a command of kind
  ``legacy`` of a ``legacy`` table (finished: 0.1.0 could not resume it, and it
  kept no seed for later deals).

``hands`` keeps its rows (a deal archived twice keeps its first row) and gains one
row per table and deal number.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# The tables as this revision leaves them (only the columns it writes).
_tables = sa.Table(
    "tables",
    sa.MetaData(),
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String),
    sa.Column("config", sa.Text),
    sa.Column("created", sa.String),
    sa.Column("key", sa.String),
    sa.Column("kind", sa.String),
    sa.Column("settings", sa.Text),
    sa.Column("seed", sa.String),
    sa.Column("host_hash", sa.String),
    sa.Column("finished", sa.Boolean),
)
_commands = sa.table(
    "commands",
    sa.column("table_id", sa.Integer),
    sa.column("seq", sa.Integer),
    sa.column("body", sa.Text),
    sa.column("events", sa.Text),
    sa.column("ended_deal", sa.Integer),
    sa.column("created", sa.String),
)


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def _ended(events: list[dict[str, Any]]) -> int | None:
    return next((int(e["number"]) for e in events if e.get("type") == "hand_ended"), None)


def _web_config(settings: dict[str, Any]) -> str:
    # The engine settings 0.1.0's web table derived from its form (web/tables.py then).
    config = {
        "pack": settings.get("pack", 55),
        "ante": settings.get("ante", 1),
        "betting": settings.get("betting", "limit"),
        "seats": settings.get("seats", 6),
        "starting_stack": settings.get("stack", 100),
        "penalty": 1,
        "penalty_payers": "dealt",
        "allow_many_seats": False,
    }
    return json.dumps(config)


def upgrade() -> None:
    op.add_column("tables", sa.Column("key", sa.String(32), nullable=True))
    op.add_column(
        "tables", sa.Column("kind", sa.String(16), nullable=False, server_default="legacy")
    )
    op.add_column("tables", sa.Column("settings", sa.Text, nullable=False, server_default="{}"))
    op.add_column("tables", sa.Column("seed", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column("host_hash", sa.String(64), nullable=True))
    op.add_column(
        "tables", sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_index("ux_tables_key", "tables", ["key"], unique=True)
    op.create_table(
        "commands",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("ended_deal", sa.Integer, nullable=True),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_index("ix_commands_ended_deal", "commands", ["ended_deal"])

    conn = op.get_bind()
    # The terminal's tables of 0.1.0: closed, their event log kept as legacy commands.
    conn.execute(sa.update(_tables).values(kind="legacy", finished=True))
    legacy = conn.execute(
        sa.text("SELECT table_id, seq, data, created FROM events ORDER BY table_id, seq")
    )
    rows = []
    for table_id, seq, data, created in legacy:
        event = json.loads(data)
        rows.append(
            {
                "table_id": table_id,
                "seq": seq + 1,
                "body": '{"kind":"legacy"}',
                "events": json.dumps([event], separators=(",", ":")),
                "ended_deal": _ended([event]),
                "created": created,
            }
        )
        if len(rows) >= 1000:
            conn.execute(sa.insert(_commands), rows)
            rows = []
    if rows:
        conn.execute(sa.insert(_commands), rows)

    # The web tables of 0.1.0, each joined to its archive row.
    known = {r[0] for r in conn.execute(sa.select(_tables.c.id))}
    web = conn.execute(
        sa.text(
            "SELECT id, settings, seed, host_hash, created, archive_id FROM web_tables "
            "ORDER BY created"
        )
    ).all()
    for key, settings_text, seed, host_hash, created, archive_id in web:
        settings = json.loads(settings_text)
        values = {
            "key": key,
            "kind": "web",
            "settings": json.dumps(settings, sort_keys=True),
            "seed": seed,
            "host_hash": host_hash,
            "finished": False,
        }
        if archive_id is not None and archive_id in known:
            conn.execute(sa.update(_tables).where(_tables.c.id == archive_id).values(**values))
            table_id = archive_id
        else:
            result = conn.execute(
                sa.insert(_tables).values(
                    name=settings.get("name") or key,
                    config=_web_config(settings),
                    created=_iso(created),
                    **values,
                )
            )
            assert result.inserted_primary_key is not None
            table_id = result.inserted_primary_key[0]
        log = conn.execute(
            sa.text("SELECT seq, body, events, at FROM web_commands WHERE table_id = :t"),
            {"t": key},
        ).all()
        rows = [
            {
                "table_id": table_id,
                "seq": seq,
                "body": body,
                "events": events,
                "ended_deal": _ended(json.loads(events)),
                "created": _iso(at),
            }
            for seq, body, events, at in log
        ]
        if rows:
            conn.execute(sa.insert(_commands), rows)

    # One archive row per deal: keep the first of any duplicates.
    conn.execute(
        sa.text(
            "DELETE FROM hands WHERE id NOT IN "
            "(SELECT keep FROM (SELECT MIN(id) AS keep FROM hands GROUP BY table_id, number) k)"
        )
    )
    op.create_index("ux_hands_table_number", "hands", ["table_id", "number"], unique=True)
    op.drop_table("web_commands")
    op.drop_table("web_tables")
    op.drop_index("ix_events_table_id", table_name="events")
    op.drop_table("events")
