"""``straights distribution``: exhaustive frequency tables, printed, as JSON or as a PNG."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from straights.cli.app import app


@app.command()
def distribution(
    name: Annotated[str, typer.Argument(help="seven-card, seven-card-low or straights.")],
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Also save a bar chart to this .png file.")
    ] = None,
    pack: Annotated[int, typer.Option(help="Straights pack: 55 (with S, T, R) or 52.")] = 55,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON table.")] = False,
) -> None:
    """Count every 7-card hand: by high category, by ace-to-five low, or Straights' own.

    Example: straights distribution seven-card --plot seven.png
    """
    from straights.cli.fast import fast_kernels
    from straights.extras import require

    fast_kernels("straights distribution")
    if plot is not None:
        require("plot", "--plot")  # before the count, not after it
    from straights.distributions import distribution as compute
    from straights.distributions import plot as draw

    result = compute(name, pack=pack)
    if plot is not None:
        draw(result, plot)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    from rich.table import Table
    from rich.text import Text

    from straights.cli.render import console

    out = console()
    out.print(f"{result.title}: {result.total:,} hands")
    grid = Table()
    grid.add_column("hand")
    grid.add_column("count", justify="right")
    grid.add_column("probability", justify="right")
    for label, n in result.rows:
        grid.add_row(label, f"{n:,}", f"{100 * n / result.total:.6f}%")
    out.print(grid)
    if result.distinct is not None:
        out.print(f"distinct hand values: {result.distinct:,}")
    for key, value in result.notes.items():
        out.print(f"{key}: {value}")
    if plot is not None:
        out.print(Text(f"chart saved to {plot}"))  # a user's path: text, not markup
    out.print(f"counted in {result.seconds:.2f} s")
