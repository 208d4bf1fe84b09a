"""``straights history stats``: player statistics of PHH files (:mod:`straights.history_stats`)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from straights.cli.history import history_app
from straights.cli.options import JsonOpt


@history_app.command("stats")
def stats(
    files: Annotated[
        list[str], typer.Argument(help="PHH files (.phh, .phhs) or directories of them.")
    ],
    player: Annotated[str | None, typer.Option(help="Only this player.")] = None,
    by: Annotated[
        str | None, typer.Option("--by", help="position: one row per player and seat.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Also save winnings over hands to this .png file."),
    ] = None,
    executor: Annotated[
        str,
        typer.Option(help="serial, processes (every core) or ray (a cluster, the ray extra)."),
    ] = "serial",
    workers: Annotated[
        int | None, typer.Option(min=1, help="Processes or Ray tasks at once (default: all cores).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """VPIP, PFR, 3-bet, AF, c-bet, WTSD, W$SD and bb/100 of every player (docs/hand-history.md).

    Example: straights history stats data/phh --by position --json
    """
    from straights.errors import ConfigurationError
    from straights.extras import require
    from straights.history_stats import count_files, plot_curves

    if by not in (None, "position"):
        raise ConfigurationError(f"--by {by!r}: the only grouping is 'position'")
    if plot is not None:
        require("plot", "--plot")  # before the long count, not after it
    started = time.perf_counter()
    if executor == "ray":
        require("ray", "--executor ray")
    result = count_files(files, by_position=by == "position", player=player,
                         track=plot is not None, executor=executor, workers=workers)  # fmt: skip
    seconds = time.perf_counter() - started
    if player is not None and not result.counts:
        raise ConfigurationError(f"no hand of {player!r} in {result.hands:,} hands read")
    rows = result.rows()
    if plot is not None:
        plot_curves(result, str(plot))
    if as_json:
        doc: dict[str, Any] = {
            "hands": result.hands,
            "seconds": round(seconds, 3),
            "errors": [vars(e) for e in result.errors],
            "players": rows,
        }
        typer.echo(json.dumps(doc, indent=1, ensure_ascii=False))
    else:
        _print(rows, by == "position", result.hands, result.errors, seconds)
    if plot is not None:
        typer.echo(f"wrote {plot}", err=True)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _print(
    rows: list[dict[str, Any]], by_position: bool, hands: int, errors: list[Any], seconds: float
) -> None:
    from rich.table import Table
    from rich.text import Text

    from straights.cli.render import console

    grid = Table(box=None)
    grid.add_column("player")
    if by_position:
        grid.add_column("pos")
    for head in ("hands", "VPIP", "PFR", "3B", "F3B", "AF", "AFq", "CB", "FCB", "WTSD", "W$SD"):
        grid.add_column(head, justify="right")
    grid.add_column("bb/100 (95 %)", justify="right")
    for r in rows:
        af = "-" if r["af"] is None else f"{r['af']:.2f}"
        ci = r["bb_per_100_ci95"]
        money = f"{r['bb_per_100']:.1f}" + ("" if ci is None else f" ± {(ci[1] - ci[0]) / 2:.1f}")
        cells = [Text(r["player"])] + ([r["position"]] if by_position else [])
        cells += [str(r["hands"]), _pct(r["vpip"]), _pct(r["pfr"]), _pct(r["three_bet"]),
                  _pct(r["fold_to_three_bet"]), af, _pct(r["afq"]), _pct(r["cbet"]),
                  _pct(r["fold_to_cbet"]), _pct(r["wtsd"]), _pct(r["wsd"]), money]  # fmt: skip
        grid.add_row(*cells)
    out = console()
    out.print(grid)
    out.print(Text(f"{hands:,} hands in {seconds:.2f} s; percentages except AF"))
    for e in errors:
        out.print(Text(f"skipped {e.file} #{e.index + 1}: {e.error}"))
