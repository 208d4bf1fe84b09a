"""``straights stats``: count every hand of a deck by category (and its alias ``distribution``).

One command for every frequency table; :mod:`straights.frequencies` counts with
a batch kernel where one exists and the readable evaluator otherwise.
``straights distribution NAME`` is kept as a short name for the three
seven-card tables: ``seven-card`` (``stats -r high -n 7``), ``seven-card-low``
(``stats -r ace-to-five -n 7``) and ``straights`` (``stats -r straights``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Final

import typer

from straights.cli.app import app
from straights.cli.options import JsonOpt, RankingOpt, house_rules
from straights.errors import ConfigurationError

CardsOpt = Annotated[
    int | None,
    typer.Option("--cards", "-n", help="Cards per hand (default: the ranking's hand size)."),
]
PlotOpt = Annotated[
    Path | None, typer.Option("--plot", help="Also save a bar chart to this .png file.")
]

#: ``straights distribution NAME`` → (ranking, options) of the 7-card table.
DISTRIBUTIONS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "seven-card": ("high", {}),
    "seven-card-low": ("ace-to-five", {}),
    "straights": ("straights", {}),
}


@app.command()
@house_rules
def stats(
    ranking: RankingOpt = "high",
    cards: CardsOpt = None,
    deck: Annotated[
        str | None,
        typer.Option(
            help="standard | straights | manila | mexican | short (default: the ranking's)."
        ),
    ] = None,
    jokers: Annotated[int, typer.Option(help="Jokers added to the deck (always wild).")] = 0,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
    *,
    options: dict[str, Any],
) -> None:
    """Enumerate every hand of the deck and print each category's count and probability.

    Examples: straights stats --ranking high --cards 5 --json;
    straights stats -r straights -o pack=52 --plot straights.png
    """
    _run(ranking, cards, deck, jokers, options, plot, as_json)


@app.command()
def distribution(
    name: Annotated[str, typer.Argument(help="seven-card, seven-card-low or straights.")],
    plot: PlotOpt = None,
    pack: Annotated[int, typer.Option(help="Straights pack: 55 (with S, T, R) or 52.")] = 55,
    as_json: JsonOpt = False,
) -> None:
    """Short for the seven-card tables of ``stats``: seven-card, seven-card-low, straights.

    Example: straights distribution seven-card --plot seven.png
    """
    if name not in DISTRIBUTIONS:
        raise ConfigurationError(
            f"{name!r} is not a distribution: choose {', '.join(DISTRIBUTIONS)}"
        )
    ranking, options = DISTRIBUTIONS[name]
    if ranking == "straights":
        options = {"pack": pack}
    _run(ranking, 7, None, 0, options, plot, as_json)


def _run(
    ranking: str,
    cards: int | None,
    deck: str | None,
    jokers: int,
    options: dict[str, Any],
    plot: Path | None,
    as_json: bool,
) -> None:
    from rich.console import Console

    from straights.cli.progress import Work
    from straights.extras import require
    from straights.frequencies import (
        check_plot_path,
        count,
        counted_deck,
        estimate_seconds,
        has_kernel,
    )

    if plot is not None:
        check_plot_path(plot)
        require("plot", "--plot")  # before the count, not after it
    err = Console(stderr=True, highlight=False)
    if has_kernel(ranking, cards, deck, jokers, **options):
        from straights.cli.fast import fast_kernels

        err = fast_kernels("straights stats")  # a spinner while a kernel compiles
    estimate = estimate_seconds(ranking, cards, deck, jokers, **options)
    if estimate > 30:
        err.print(
            f"[yellow]note:[/] this walks hands one by one in pure Python; "
            f"estimated {_duration(estimate)}"
        )
    from math import comb

    size = cards if cards is not None else _hand_size(ranking)
    total = comb(len(counted_deck(ranking, deck, jokers, **options)), size)
    with Work("counting", "hands", total, console=err) as work:
        freq = count(ranking, cards, deck, jokers, progress=work.advance, **options)
    if plot is not None:
        from straights.frequencies import plot as draw

        draw(freq, plot)
    if as_json:
        typer.echo(json.dumps(freq.to_dict()))
        return
    _print(freq)
    if plot is not None:
        from rich.text import Text

        from straights.cli.render import console

        console().print(Text(f"chart saved to {plot}"))  # a user's path: text, not markup
    sys.stdout.flush()


def _hand_size(ranking: str) -> int:
    from straights.rankings.base import get_ranking

    return get_ranking(ranking).card_counts[0]


def _print(freq: Any) -> None:
    from rich.table import Table

    from straights.cli.render import console

    out = Table(title=freq.title)
    out.add_column("category")
    out.add_column("hands", justify="right")
    out.add_column("probability", justify="right")
    for name, n in freq.categories.items():
        out.add_row(name, f"{n:,}", f"{n / freq.total:.6%}")
    out.add_row("total", f"{freq.total:,}", "100%", style="bold")
    console().print(out)
    if freq.distinct is not None:
        console().print(f"{freq.distinct:,} distinct hand values")
    for note, values in freq.notes.items():
        console().print(f"{note}:")
        for key, value in values.items():
            console().print(
                f"  {key}: {value:.6%}" if isinstance(value, float) else f"  {key}: {value:,}"
            )
    console().print(f"counted in {freq.seconds:.2f} s")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
