"""``straights history list|show|export``: deals saved by ``straights play``, ``simulate``
and the web tables — Straights, every poker variant and Pai Gow, each history naming
its variant (Pai Gow's is ``_PAIGOW``, :mod:`straights.paigow.history`)."""

from __future__ import annotations

from typing import Annotated

import typer

from straights.cli import site_history
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
    limit: Annotated[int, typer.Option(min=1, help="How many of the latest deals.")] = 20,
) -> None:
    """The latest saved deals, newest first."""
    from rich.table import Table as Grid
    from rich.text import Text

    from straights.cli.render import console
    from straights.store import Store

    store = Store(db, create=False)
    records = store.hands(limit=limit)
    if not records:
        console().print(Text(f"No saved deals in {store.where}."))
        return
    grid = Grid("id", "table", "deal", "game", box=None)
    grid.add_column("players", no_wrap=True)  # names whole; the result wraps
    grid.add_column("pot")
    grid.add_column("result")
    for r in records:
        # Names and summaries are user text: cells of Text, never Rich markup.
        grid.add_row(str(r.id), str(r.table_id), str(r.number), Text(_game_label(r.game)),
                     Text(", ".join(r.players)), str(r.pot), Text(r.summary))  # fmt: skip
    console().print(grid)


@history_app.command("show")
def show(
    hand_id: Annotated[int, typer.Argument(help="The id from `straights history list`.")],
    db: _Db = None,
    phh: Annotated[bool, typer.Option("--phh", help="Print the PHH hand history instead.")] = False,
) -> None:
    """Replay one saved deal step by step."""
    from rich.text import Text

    from straights.cli.render import console
    from straights.store import Store

    record = Store(db, create=False).hand(hand_id)
    if phh:
        typer.echo(record.phh, nl=False)
        return
    out = console()
    head = f" · {_game_label(record.game)} · table {record.table_id} · {record.created}"
    out.print(Text(f"Hand {record.id}", "bold") + Text(head))
    for line in _told(record.phh):
        out.print(Text(line))


@history_app.command("export")
def export(
    out: Annotated[str, typer.Option("--out", "-o", help="The file to write ('-': stdout).")],
    db: _Db = None,
    limit: Annotated[int, typer.Option(min=1, help="How many of the latest deals.")] = 1000,
    files: Annotated[list[str] | None, typer.Argument(help="PHH files to convert.")] = None,
    to: Annotated[str | None, typer.Option(help="With FILES: pokerstars or ohh.")] = None,
) -> None:
    """Write saved deals (oldest first) to a PHH ``.phhs`` file, or PHH FILES ``--to``
    PokerStars text or OHH JSON."""
    from straights.errors import ConfigurationError

    if files or to:
        if not (files and to):
            raise ConfigurationError("give PHH FILES and --to pokerstars|ohh together")
        return site_history.export_files(files, to, out)
    from straights.poker.phh_text import phhs_entry
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
    from straights.cli.render import wrote

    typer.echo(wrote(len(records), out))


@history_app.command("replay")
def replay_files(
    files: Annotated[list[str], typer.Argument(help="PHH files (.phh, .phhs) of any variant.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per hand.")] = False,
) -> None:
    """Replay every hand of PHH files through the engine; print variant and finishing stacks.

    A hand that does not replay (or a file that cannot be read) is one error row; the
    rest are still replayed, and the command then exits with status 1.
    """
    import sys

    from straights.history_files import replay_line, replay_rows

    hands = failed = 0
    for row in replay_rows(files):
        hands += 1
        failed += "error" in row
        typer.echo(replay_line(row, as_json=as_json))
    if failed:
        print(f"error: {failed} of {hands} hands did not replay", file=sys.stderr)
        raise typer.Exit(1)


def _game_label(code: str) -> str:
    """A history's variant as ``straights games`` names it (``pai-gow`` for ``_PAIGOW``)."""
    from straights.errors import StraightsError
    from straights.paigow.history import VARIANT as PAIGOW
    from straights.poker.catalogue import game_name
    from straights.store.legacy_straights import VARIANT

    if code == VARIANT:
        return "straights"
    if code == PAIGOW:
        return "pai-gow"
    try:
        return game_name(code)
    except StraightsError:
        return code


def _told(text: str) -> list[str]:
    """A stored history in words, replayed (and so checked) first: Pai Gow's, or a poker
    deal's (an ``STR`` history of an earlier release dealt by the one engine) told as
    every deal is told (:func:`~straights.game.wording.deal_story`)."""
    from straights.errors import HandHistoryError
    from straights.game.wording import deal_story
    from straights.paigow import history as paigow
    from straights.poker.phh import loads, replay
    from straights.store.legacy_straights import VARIANT, replay_str

    try:
        [history] = loads(text)
    except ValueError:
        raise HandHistoryError("the stored history holds more than one hand") from None
    if history.get("variant") == paigow.VARIANT:
        return paigow.tell_history(history)
    deal = (
        replay_str(history).deals[0] if history.get("variant") == VARIANT else replay(history).deal
    )
    names = [str(p) for p in history.get("players", [])]
    you = names.index("You") if "You" in names else None  # the terminal player: "You show"
    return [*deal_story(deal, lambda i: names[i] if i < len(names) else f"p{i + 1}", you),
            "Stacks after: " + ", ".join(
        f"{n} {s}" for n, s in zip(names, deal.stacks, strict=False))]  # fmt: skip


# Registered last, as the help lists it: `history import` (site hand histories → PHH).
history_app.command("import")(site_history.import_files)
