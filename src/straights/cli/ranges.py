"""``straights odds --range …``: range against range in any board or draw game
(:mod:`straights.ranges`); ``cli/odds.py`` hands over when ``--range`` is given."""

from __future__ import annotations

import json

import typer


def range_odds_command(
    ranges: list[str],
    hands: list[str] | None,
    *,
    game: str,
    table: str,
    dead: str,
    exact: bool,
    samples: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Compute and print the equities of ``ranges`` (one per player)."""
    from straights.cli.fast import fast_kernels
    from straights.errors import ConfigurationError
    from straights.ranges import range_odds

    if hands:
        raise ConfigurationError(
            f"hole cards {hands[0]!r} and --range: give every player a range (a hand is one: AsKd)"
        )
    fast_kernels("straights odds --range")
    result = range_odds(
        game,
        ranges,
        board=table.replace("?", " ").strip(),
        dead=dead,
        exact=True if exact else None,
        samples=samples,
        seed=seed,
    )
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    from rich.table import Table
    from rich.text import Text

    from straights.cli.render import console

    out = console()
    out.print(Text(f"{result.game} ranges" + (f", board {table}" if table.strip() else "")))
    grid = Table()
    grid.add_column("player", justify="right")
    grid.add_column("range")
    grid.add_column("hands", justify="right")
    grid.add_column("equity", justify="right")
    split = len(result.pots) > 1
    if split:
        for name in result.pots:
            grid.add_column(name, justify="right")
    for p, text in enumerate(result.ranges):
        equity = _pct(result.equity[p], result.equity_se[p], result.exact)
        row: list[str | Text] = [str(p + 1), Text(text), str(result.combos[p]), equity]
        if split:
            row += [_pct(result.pot_equity[k][p], result.pot_equity_se[k][p], result.exact)
                    for k in range(len(result.pots))]  # fmt: skip
        grid.add_row(*row)
    out.print(grid)
    if result.exact:
        out.print(f"exact: {result.matchups:,} combinations of hands, "
                  f"{result.completions:,} deals in {result.seconds:.2f} s")  # fmt: skip
    else:
        out.print(f"Monte Carlo: {result.matchups:,} deals in {result.seconds:.2f} s "
                  "(± one standard error)")  # fmt: skip


def _pct(value: float, se: float, exact: bool) -> str:
    return f"{100 * value:.3f}%" if exact else f"{100 * value:.2f}% ± {100 * se:.2f}"
