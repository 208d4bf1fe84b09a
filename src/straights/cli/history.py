"""``straights history list|show|export``: deals saved by ``straights play``."""

from __future__ import annotations

from typing import Annotated

import typer

from straights.cli.app import app

history_app = typer.Typer(
    help="Read back the deals saved by `straights play`.", no_args_is_help=True
)
app.add_typer(history_app, name="history")

_Db = Annotated[
    str | None,
    typer.Option(help="Database file or SQLAlchemy URL (default: straights.db in the data dir)."),
]


@history_app.command("list")
def list_hands(
    db: _Db = None,
    limit: Annotated[int, typer.Option(help="How many of the latest deals.")] = 20,
) -> None:
    """The latest saved deals, newest first."""
    from rich.table import Table as Grid

    from straights.cli.render import console
    from straights.store import Store

    store = Store(db, create=False)
    records = store.hands(limit=limit)
    if not records:
        console().print(f"No saved deals in {store.where}.", markup=False)
        return
    grid = Grid("id", "table", "deal", "players", "pot", "result", box=None)
    for r in records:
        grid.add_row(str(r.id), str(r.table_id), str(r.number), ", ".join(r.players),
                     str(r.pot), r.summary)  # fmt: skip
    console().print(grid)


@history_app.command("show")
def show(
    hand_id: Annotated[int, typer.Argument(help="The id from `straights history list`.")],
    db: _Db = None,
    phh: Annotated[bool, typer.Option("--phh", help="Print the PHH hand history instead.")] = False,
) -> None:
    """Replay one saved deal step by step."""
    from straights.cli.play import narrate
    from straights.cli.render import console
    from straights.game.phh import loads_phh, replay_phh
    from straights.store import Store

    record = Store(db, create=False).hand(hand_id)
    if phh:
        typer.echo(record.phh, nl=False)
        return
    hand = replay_phh(loads_phh(record.phh))
    names = dict(zip(hand.seats, record.players, strict=True))
    out = console()
    out.print(f"[bold]Hand {record.id}[/bold] · table {record.table_id} · {record.created}")
    narrate(out, hand.events, lambda seat: names.get(seat, f"seat {seat}"), holes=True)
    stacks = ", ".join(f"{n} {s}" for n, s in zip(record.players, hand.stacks, strict=True))
    out.print(f"Stacks after: {stacks}")


@history_app.command("export")
def export(
    out: Annotated[str, typer.Option("--out", "-o", help="The .phhs file to write ('-': stdout).")],
    db: _Db = None,
    limit: Annotated[int, typer.Option(help="How many of the latest deals.")] = 1000,
) -> None:
    """Write saved deals (oldest first) to a PHH ``.phhs`` file."""
    from straights.errors import ConfigurationError
    from straights.game.phh import phhs_entry
    from straights.store import Store

    records = list(reversed(Store(db, create=False).hands(limit=limit)))
    text = "\n".join(phhs_entry(i, r.phh) for i, r in enumerate(records, start=1))
    if out == "-":
        typer.echo(text, nl=False)
        return
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise ConfigurationError(f"cannot write {out!r}: {exc.strerror}") from exc
    typer.echo(f"wrote {len(records)} hand histories to {out}")
