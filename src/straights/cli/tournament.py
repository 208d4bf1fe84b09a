"""``straights tournament``: bots play a tournament to its end (:mod:`straights.tournament`).

It prints each player's place and prize, the levels played, the tables broken and
the final table: a Rich summary (with a progress bar on a terminal, counting the
players out), or JSON with ``--json``.  Levels go by deals here: bots play a
level in moments, so a clock would never move on.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from straights.cli.app import app
from straights.cli.options import JsonOpt

if TYPE_CHECKING:
    from straights.poker.variant import Variant
    from straights.tournament import Tournament

__all__ = ["tournament"]


@app.command()
def tournament(
    players: Annotated[
        int, typer.Option("--players", "-p", help="Players (late entrants included).")
    ] = 9,
    table_size: Annotated[
        int | None,
        typer.Option(
            help="Seats a table (2 to 10; default 9, or fewer where the game deals fewer)."
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots for the players, in turn: random, calling, strength, equity, "
            "equity:tight, equity:loose, equity:aggressive (default: "
            "strength,calling,random)."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable tournament.")] = None,
    game: Annotated[
        str,
        typer.Option(
            help="Any game of `straights games`: blinds in flop and draw games, antes and a "
            "bring-in in stud."
        ),
    ] = "holdem",
    schedule: Annotated[
        str, typer.Option(help="Blinds schedule: standard, turbo or bb-ante.")
    ] = "standard",
    levels: Annotated[
        str | None,
        typer.Option(
            help="Your own levels instead, comma-separated: SMALL/BIG or SMALL/BIG/ANTE "
            "(bbANTE: a big-blind ante), e.g. 10/20,20/40,50/100/bb100."
        ),
    ] = None,
    level_deals: Annotated[
        int | None, typer.Option(min=1, help="Deals a level lasts (default: the schedule's).")
    ] = None,
    stack: Annotated[int, typer.Option(min=1, help="Chips of an entry.")] = 1500,
    buy_in: Annotated[int, typer.Option(min=1, help="What an entry pays into the pool.")] = 100,
    payouts: Annotated[
        str, typer.Option(help="standard, winner, or percentages first place first: 50,30,20.")
    ] = "standard",
    rebuys: Annotated[
        int, typer.Option(min=0, help="Rebuys a player may take (a bot takes one when broke).")
    ] = 0,
    rebuy_levels: Annotated[int, typer.Option(min=1, help="Levels rebuys last.")] = 3,
    add_on: Annotated[
        int, typer.Option(min=0, help="Chips of the add-on offered when rebuys end (0: none).")
    ] = 0,
    late: Annotated[
        int, typer.Option(min=0, help="Of the players, this many register late, one a deal.")
    ] = 0,
    late_levels: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Levels late registration lasts (default 2 with --late or --reentries, else 0).",
        ),
    ] = None,
    reentries: Annotated[
        int,
        typer.Option(
            min=0,
            help="Re-entries a busted player may buy while registration "
            "is open (a bot always does).",
        ),
    ] = 0,
    deal: Annotated[
        str | None,
        typer.Option(help="icm or chips: the last --deal-at players split the prizes left."),
    ] = None,
    deal_at: Annotated[int, typer.Option(min=2, max=10, help="Players left when they deal.")] = 3,
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write every deal to this .phhs file.")
    ] = None,
    progress: Annotated[bool, typer.Option(help="Show progress on a terminal.")] = True,
    as_json: JsonOpt = False,
) -> None:
    """Bots play a tournament to the end: places, prizes, levels and tables broken.

    Example: straights tournament --players 18 --table-size 9 --seed 3
    """
    from straights.bots.arena import deal_bots
    from straights.cli.game_setup import DEFAULT_BOTS
    from straights.cli.progress import Work
    from straights.cli.sim_output import SimulationOutput
    from straights.errors import ConfigurationError
    from straights.poker.engine import Deal
    from straights.poker.phh import deal_to_phh, dumps
    from straights.tournament import (
        Tournament,
        TournamentConfig,
        parse_levels,
        play_bots,
        preset,
    )

    if players < 2:
        raise ConfigurationError(f"--players {players}: a tournament needs two or more")
    if late >= players:
        raise ConfigurationError(f"--late {late}: at least one of the {players} must start")
    if deal is not None and deal not in ("icm", "chips"):
        raise ConfigurationError(f"--deal {deal}: choose icm or chips")
    variant = _game(game)
    plan = preset(schedule)
    if levels is not None:
        plan = parse_levels(levels, deals=level_deals or plan.length)
    elif level_deals is not None:
        plan = type(plan)(plan.levels, level_deals, "deals")
    opened = late_levels if late_levels is not None else (2 if late or reentries else 0)
    if (late or reentries) and opened == 0:
        raise ConfigurationError("--late and --reentries need --late-levels 1 or more")
    size = _table_size(variant, table_size)
    config = TournamentConfig(table_size=size, stack=stack, buy_in=buy_in, schedule=plan,
                              game=variant, payouts=payouts, late_levels=opened,
                              reentries=reentries, rebuys=rebuys, rebuy_levels=rebuy_levels,
                              add_on=add_on, deal=deal, deal_at=deal_at)  # type: ignore[arg-type]  # fmt: skip
    kinds = [k.strip() for k in (bots.split(",") if bots else DEFAULT_BOTS) if k.strip()]
    deal_bots(kinds, 0, [variant])  # a bot that cannot play this game says so before any deal
    names = [f"{kinds[i % len(kinds)]}{i + 1}" for i in range(players)]
    start, arrive = names[: players - late], names[players - late :]

    def always(_: object) -> bool:
        return True

    t = Tournament(config, start, seed=seed, rebuy=always, add_on=always, reenter=always)
    output = SimulationOutput(out, None)
    with Work("Playing", "players out", players, enabled=progress) as work, output:

        def on_deal(t: Tournament, table: int, deal: Deal) -> None:
            work.update(len(t.out))
            if output.writing:
                history = deal_to_phh(deal)
                history["hand"], history["table"] = t.deals, table
                history["level"] = t.levels[-1][0] + 1  # the level it was dealt at
                history["players"] = [p.name for p in t.players_of(table)]
                output.write(dumps(history))

        play_bots(t, kinds, seed=seed, late=arrive, on_deal=on_deal)
    result = t.summary()
    result["schedule"] = schedule if levels is None else "own"
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    _print(t, result)
    if output.writing:
        from rich.text import Text

        from straights.cli.render import console, wrote

        console().print(Text(wrote(output.written, out)), soft_wrap=True)


def _game(name: str) -> Variant:
    """The catalogue game ``name``; one line for Pai Gow or dealer's choice."""
    from straights.errors import ConfigurationError
    from straights.paigow.about import is_pai_gow
    from straights.poker.catalogue import find_variant

    if is_pai_gow(name) or name.strip().casefold() == "dealers-choice":
        raise ConfigurationError(
            f"--game {name}: a tournament deals one poker game of `straights games`"
        )
    return find_variant(name)


def _table_size(variant: Variant, given: int | None) -> int:
    """``given``, else 9 or as many as ``variant`` deals to (8 at seven-card stud)."""
    from straights.cards import make_deck

    if given is not None:
        return given
    return min(9, variant.max_players(len(make_deck(variant.deck, jokers=variant.jokers))))


def _print(t: Tournament, result: dict[str, Any]) -> None:
    from rich.table import Table
    from rich.text import Text

    from straights.cli.render import console

    out = console()
    title = (f"{result['players']} players, {result['tables']} "
             f"table{'s' if result['tables'] > 1 else ''} of {result['table_size']}, "
             f"{result['game']}")  # fmt: skip
    grid = Table(title=title)
    grid.add_column("place", justify="right")
    grid.add_column("player")
    grid.add_column("prize", justify="right")
    grid.add_column("out at deal", justify="right")
    grid.add_column("buys", justify="right")
    for p in t.standings():
        buys = p.entries + p.rebuys + p.add_ons
        out_at = "-" if p.out_at is None else str(p.out_at)
        prize = f"{p.prize:,}" + (" (deal)" if p.dealt else "")
        grid.add_row(str(p.place), p.name, prize if p.prize else "", out_at, str(buys))
    out.print(grid)
    lines = [
        f"prize pool {t.pool:,} ({result['entries']} entries, {t.pool // t.config.buy_in} buys "
        f"of {t.config.buy_in}); {t.chips:,} chips; {t.deals} deals",
        "levels played: " + ", ".join(f"{lv['level']}) {lv['stakes']}" for lv in result["levels"]),
    ]  # fmt: skip
    for b in result["tables_broken"]:
        lines.append(f"table {b['table']} broken after deal {b['at_deal']}: "
                     f"{', '.join(b['moved'])} moved")  # fmt: skip
    if result["balancing_moves"]:
        lines.append(f"balancing moves: {result['balancing_moves']}")
    if result["final_table"] is not None:
        final = result["final_table"]
        when = "from the start" if final["at_deal"] == 0 else f"after deal {final['at_deal']}"
        lines.append(f"final table {when}: {len(final['players'])} players")
    if t.dealt:
        how = "ICM" if t.dealt == "icm" else "chip count"
        dealt = sum(1 for p in t.players if p.dealt)
        lines.append(f"the last {dealt} made a deal by {how}")
    for line in lines:
        out.print(Text(line), soft_wrap=True)
