"""``straights odds``: each player's chance to win, exactly or by sampling."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from straights.cli.app import app

if TYPE_CHECKING:
    from straights.odds import OddsResult

#: Show progress (a bar, or a line a minute when piped) for jobs of at least this many deals.
PROGRESS_FROM = 20_000_000


@app.command()
def odds(
    hands: Annotated[
        list[str] | None,
        typer.Argument(help="Each player's two hole cards, e.g. 'Qs 9d' or '? ?'."),
    ] = None,
    table: Annotated[
        str,
        typer.Option(
            "--table", "-t", help="Known table cards, ? for unknown ones (missing = unknown)."
        ),
    ] = "",
    game: Annotated[str, typer.Option(help="straights or holdem.")] = "straights",
    exact: Annotated[
        bool, typer.Option("--exact", help="Enumerate every completion (refuses huge jobs).")
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option("--samples", "-n", min=1, help="Monte Carlo: this many random deals."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, help="Seed for --samples (repeatable runs).")
    ] = None,
    dead: Annotated[str, typer.Option(help="Cards out of play, e.g. 'Ah 2c'.")] = "",
    pack: Annotated[
        int | None, typer.Option(help="Straights pack: 55 (with S, T, R) or 52.  [default: 55]")
    ] = None,
    threads: Annotated[
        int | None, typer.Option(min=1, help="Cores to use (default: all of them).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON result.")] = False,
    ranges: Annotated[
        list[str] | None,
        typer.Option("--range", help="A player's range ('QQ+,AKs:0.5', 'AAxx'); any game."),
    ] = None,
) -> None:
    """Each player's equity; Straights also reports rule 10's no-winner share.

    Example: straights odds --table "5c 4d 3d ? ?" "Qs 9d" "Qd 3s"
    """
    from straights.cli.fast import fast_kernels
    from straights.errors import ConfigurationError
    from straights.odds import AUTO_EXACT_LIMIT
    from straights.odds import odds as compute

    if ranges:  # range against range, any board or draw game (cli/ranges.py)
        from straights.cli.ranges import range_odds_command

        return range_odds_command(ranges, hands, game=game, table=table, dead=dead, exact=exact,
                                  samples=samples, seed=seed, as_json=as_json)  # fmt: skip
    if not hands:
        raise ConfigurationError("give each player's hole cards, or --range for each player")
    if game not in ("straights", "holdem"):
        raise ConfigurationError(f"--game {game!r} is not known: choose straights or holdem")
    if game == "holdem" and pack is not None:
        raise ConfigurationError(
            f"--pack {pack} is for Straights: hold'em always deals from the 52-card deck"
        )
    if pack is None:
        pack = 55
    if pack not in (55, 52):
        raise ConfigurationError(f"--pack {pack}: choose 55 (with S, T, R) or 52")
    err = fast_kernels("straights odds")
    kwargs: dict[str, Any] = {
        "game": game,
        "dead": dead,
        "exact": True if exact else None,
        "samples": samples,
        "seed": seed,
        "threads": threads,
    }
    if game == "straights":
        kwargs["pack"] = pack
    if as_json:
        result = compute(hands, table, **kwargs)
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    from straights.cli.progress import Work

    # Only long jobs show their progress: a quick first pass says how big the job is.
    size = _job_size(hands, table, game, pack, dead)
    enumerate_all = exact or (samples is None and size <= AUTO_EXACT_LIMIT)
    if (size if enumerate_all else samples or 0) < PROGRESS_FROM:
        _print(compute(hands, table, **kwargs))
        return
    label = "dealing every completion" if enumerate_all else "sampling"
    with Work(label, "parts", console=err) as work:  # err: nests with the compile spinner
        result = compute(hands, table, progress=work.update, **kwargs)
    _print(result)


def _job_size(hands: list[str], table: str, game: str, pack: int, dead: str) -> int:
    from straights.odds import _deal

    return _deal(hands, table, dead, pack if game == "straights" else 52).completions()


def _print(result: OddsResult) -> None:
    from rich.table import Table
    from rich.text import Text

    from straights.cli.render import cards_line, console

    out = console()
    head = Text(f"{result.game} odds, table ").append_text(cards_line(result.table))
    if result.dead:
        head.append(", dead ").append_text(cards_line(result.dead))
    out.print(head)
    grid = Table()
    grid.add_column("player", justify="right")
    grid.add_column("cards")
    grid.add_column("win", justify="right")
    high = result.game != "straights"
    if high:
        grid.add_column("tie", justify="right")
        grid.add_column("equity", justify="right")
    for i, p in enumerate(result.players, start=1):
        win = f"{100 * p.win:.3f}%"
        if not result.exact:
            win += f" ± {100 * p.win_se:.3f}"
        row: list[str | Text] = [str(i), cards_line(p.cards), win]
        if high:
            eq = f"{100 * p.equity:.3f}%"
            if not result.exact:
                eq += f" ± {100 * p.equity_se:.3f}"
            row += [f"{100 * p.tie:.3f}%", eq]
        grid.add_row(*row)
    out.print(grid)
    if not high:
        nw = f"{100 * result.no_winner:.4f}%"
        if not result.exact:
            nw += f" ± {100 * result.no_winner_se:.4f}"
        out.print(f"no winner (rule 10, the pot carries over): {nw}")
    how = "exact" if result.exact else "Monte Carlo"
    out.print(f"{how}: {result.completions:,} deals in {result.seconds:.3f} s")
