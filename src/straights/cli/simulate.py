"""``straights simulate``: bots play each other; a summary and optional PHH histories."""

from __future__ import annotations

from typing import Annotated

import typer

from straights.cli.app import app
from straights.cli.bot_results import bot_grid, bot_rows, ranked
from straights.cli.game_setup import (
    AnteOpt,
    BettingOpt,
    BotsOpt,
    GameOpt,
    GamesOpt,
    PackOpt,
    game_options,
    game_setup,
    ring_games,
)
from straights.cli.render import counted
from straights.cli.sim_output import SimulationOutput


@app.command()
def simulate(
    ctx: typer.Context,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table.")] = 6,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="Deals to play.")] = 1000,
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable run.")] = None,
    betting: BettingOpt = "limit",
    bots: BotsOpt = None,
    ante: AnteOpt = 1,
    stack: Annotated[
        int, typer.Option(help="Starting chips (one ante at least); a session restarts on a bust.")
    ] = 100,
    pack: PackOpt = 55,
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write every deal to this .phhs file.")
    ] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
    db: Annotated[
        str | None,
        typer.Option(
            help="Also save every table and deal in this database file or SQLAlchemy URL."
        ),
    ] = None,
    game_name: GameOpt = None,
    games: GamesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play bots against each other and report chips won per bot (95% interval)."""
    from straights.cli.paigow_simulate import simulate_pai_gow
    from straights.cli.render import console
    from straights.paigow.about import is_pai_gow

    game_name = game_options(game_name, ctx)  # every option applies or is refused
    if is_pai_gow(game_name):  # a banked game with its own deal: cli/paigow_simulate.py
        if db is not None:  # its deals are independent, at no table: nothing to resume
            from straights.errors import ConfigurationError

            raise ConfigurationError(
                "--db: Pai Gow's simulation deals independent hands at no table; "
                "--out writes their histories"
            )
        simulate_pai_gow(players=players, deals=hands, seed=seed, stack=stack, out_path=out,
                         progress=progress, as_json=as_json, console=console(),
                         bots=bots)  # fmt: skip
        return
    ring = ring_games(game_name, games, players)
    if ring is not None:  # every other game: cli/ring_simulate.py
        from straights.cli.ring_simulate import simulate_ring_games

        simulate_ring_games(ring, players=players, hands=hands, seed=seed, stack=stack,
                            bots=bots, progress=progress, as_json=as_json, out=out,
                            db=db)  # fmt: skip
        return
    from rich.progress import Progress
    from rich.text import Text

    from straights.bots.arena import simulate as run
    from straights.cli.render import console
    from straights.errors import ConfigurationError
    from straights.game.config import TableConfig
    from straights.game.hand import Hand
    from straights.game.phh import dumps_phh, hand_to_phh
    from straights.game.table import Table

    setup = game_setup(
        seats=players,
        bots=bots,
        betting=betting,
        ante=ante,
        stack=stack,
        pack=pack,
        bot_seats=players,
    )
    con = console()
    output = SimulationOutput(out, db)
    make_table = None
    if output.store is not None:
        from straights.store import RecordedTable

        store = output.store

        def make_table(config: TableConfig, names: list[str], seed: int) -> Table:
            table = RecordedTable.create(
                store,
                config,
                names,
                kind="simulate",
                name=f"simulate: {', '.join(setup.bots)}",
                seed=seed,
            )
            output.stored(table.record.id)
            return table

    with Progress(console=con, transient=True, disable=not progress or as_json) as bar:
        task = bar.add_task("Dealing", total=hands)

        def on_hand(hand: Hand, names: list[str]) -> None:
            if output.writing:
                output.write(dumps_phh(hand_to_phh(hand, names)))
            bar.advance(task)

        with output:
            result = run(setup.config, setup.bots, hands, seed, on_hand, make_table)
    if as_json:
        import json

        summary = {
            "game": "straights",
            "deals": result.hands,
            "seats": players,
            "betting": betting,
            "bots": bot_rows(ranked(result.bots.values())),
            "carry_overs": result.carry_overs,
            "showdowns": result.showdowns,
            "average_pot": result.average_pot,
            "sessions": result.sessions,
        }  # fmt: skip
        con.print_json(json.dumps(summary))
        return
    best_first = ranked(result.bots.values())
    con.print(
        bot_grid(
            f"{counted(result.hands, 'deal', 'deals')}, {players} seats, {betting}", best_first
        )
    )
    con.print(
        f"carry-overs (rule 10): {result.carry_overs} · showdowns: {result.showdowns} · "
        f"average pot: {result.average_pot:.2f} · sessions: {result.sessions}"
    )
    if output.writing:
        from straights.cli.render import wrote

        con.print(Text(wrote(output.written, out)), soft_wrap=True)
    if output.store is not None:
        con.print(Text(f"saved {result.hands} deals in {output.store.where}"), soft_wrap=True)
