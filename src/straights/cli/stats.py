"""``straights stats``: count every hand of a deck by category."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from straights.cli.app import app
from straights.cli.rank import (
    BugOpt,
    DoubleAceOpt,
    FiveOpt,
    JsonOpt,
    NaturalOpt,
    OptionOpt,
    RankingOpt,
    WildRankOpt,
    build_options,
)


@app.command()
def stats(
    ranking: RankingOpt = "high",
    cards: Annotated[int, typer.Option("--cards", "-n", help="Cards per hand.")] = 5,
    deck: Annotated[
        str | None,
        typer.Option(
            help="standard | straights | manila | mexican | short (default: the ranking's)."
        ),
    ] = None,
    jokers: Annotated[int, typer.Option(help="Jokers added to the deck (always wild).")] = 0,
    wild_rank: WildRankOpt = None,
    bug: BugOpt = False,
    five_of_a_kind: FiveOpt = None,
    double_ace: DoubleAceOpt = False,
    natural: NaturalOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Enumerate every hand of the deck and print each category's count and probability.

    Example: straights stats --ranking high --cards 5 --json
    """
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from straights.frequencies import category_counts, counted_deck, estimate_seconds

    options = build_options(wild_rank, bug, five_of_a_kind, double_ace, natural, option)
    estimate = estimate_seconds(ranking, cards, deck, jokers, **options)
    err = Console(stderr=True, highlight=False)
    if estimate > 30:
        err.print(
            f"[yellow]note:[/] this walks hands one by one in pure Python; "
            f"estimated {_duration(estimate)} (the batch kernels of straights.fast will be faster)"
        )
    from math import comb

    total = comb(len(counted_deck(ranking, deck, jokers)), cards)
    with Progress(
        TextColumn("counting"),
        BarColumn(),
        TextColumn("{task.completed:,}/{task.total:,} hands"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task("count", total=total)
        table = category_counts(
            ranking,
            cards,
            deck,
            jokers,
            progress=lambda k: bar.advance(task, k),
            **options,
        )
    if as_json:
        typer.echo(json.dumps(table.to_dict()))
        return
    from rich.table import Table

    from straights.cli.render import console

    out = Table(title=f"{table.ranking}: {cards}-card hands from the {table.deck} deck")
    out.add_column("category")
    out.add_column("hands", justify="right")
    out.add_column("probability", justify="right")
    for name, count in table.categories.items():
        out.add_row(name, f"{count:,}", f"{count / table.total:.6%}")
    out.add_row("total", f"{table.total:,}", "100%", style="bold")
    console().print(out)
    console().print(f"{table.distinct:,} distinct hand values")
    sys.stdout.flush()


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
