"""``straights icm``: tournament stacks in prize money (Malmuth–Harville, :mod:`straights.icm`)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from straights.cli.app import app
from straights.cli.options import JsonOpt


@app.command(context_settings={"ignore_unknown_options": True})
def icm(
    values: Annotated[
        list[str],
        typer.Argument(
            metavar="--stacks S1 S2 … --payouts P1 P2 …",
            help="Each player's chips after --stacks; the prizes, first place first, "
            "after --payouts.",
            show_default=False,
        ),
    ],
    exact: Annotated[
        bool, typer.Option("--exact", help="Insist on the exact recursion (refuses huge fields).")
    ] = False,
    samples: Annotated[
        int | None, typer.Option("--samples", "-n", min=1, help="Monte Carlo: this many orders.")
    ] = None,
    seed: Annotated[int | None, typer.Option(min=0, help="Seed for the Monte Carlo.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Each player's prize equity under the Independent Chip Model (Malmuth–Harville).

    Example: straights icm --stacks 5000 3000 2000 --payouts 50 30 20
    """
    stacks, payouts = _lists(values)
    from straights.icm import icm as compute

    result = compute(stacks, payouts, exact=True if exact else None, samples=samples, seed=seed)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    from rich.table import Table

    from straights.cli.render import console

    grid = Table()
    grid.add_column("player", justify="right")
    grid.add_column("stack", justify="right")
    grid.add_column("chips %", justify="right")
    grid.add_column("equity", justify="right")
    grid.add_column("prize %", justify="right")
    chips, pool = sum(result.stacks), sum(result.payouts)
    for i, (s, e) in enumerate(zip(result.stacks, result.equities, strict=True), start=1):
        eq = f"{e:.4f}" if result.exact else f"{e:.3f} ± {result.equities_se[i - 1]:.3f}"
        share = f"{100 * e / pool:.2f}%" if pool else "-"
        grid.add_row(str(i), f"{s:g}", f"{100 * s / chips:.2f}%", eq, share)
    out = console()
    out.print(grid)
    how = "exact (Malmuth–Harville)" if result.exact else (
        f"Monte Carlo Harville: {result.samples:,} finishing orders")  # fmt: skip
    out.print(how)


def _lists(values: list[str]) -> tuple[list[float], list[float]]:
    """The numbers after ``--stacks`` and after ``--payouts`` (each flag once, any order).

    >>> _lists(["--stacks", "5000", "3000", "--payouts", "70", "30"])
    ([5000.0, 3000.0], [70.0, 30.0])
    """
    from straights.errors import ConfigurationError

    lists: dict[str, list[float]] = {}
    current: list[float] | None = None
    for word in values:
        if word in ("--stacks", "--payouts", "-s", "-p"):
            key = "--stacks" if word in ("--stacks", "-s") else "--payouts"
            if key in lists:
                raise ConfigurationError(f"{key} given twice: list every value after one {key}")
            current = lists[key] = []
        elif current is None:
            raise ConfigurationError(f"{word!r}: start with --stacks S1 S2 … --payouts P1 P2 …")
        else:
            try:
                current.append(float(word))
            except ValueError:
                raise ConfigurationError(f"{word!r} is not a number") from None
    for key in ("--stacks", "--payouts"):
        if not lists.get(key):
            raise ConfigurationError(
                f"no {key} given: straights icm --stacks S1 S2 … --payouts P1 …"
            )
    return lists["--stacks"], lists["--payouts"]
