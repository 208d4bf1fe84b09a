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
    GameSetup,
    GamesOpt,
    PackOpt,
    game_options,
    game_setup,
    ring_games,
)
from straights.cli.render import counted
from straights.cli.sim_output import SimulationOutput
from straights.cli.table_rules import table_house_rules, table_house_way, table_rule_options


@app.command()
@table_rule_options
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
    table_rules: dict[str, object] | None = None,
) -> None:
    """Play bots against each other and report chips won per bot (95% interval)."""
    from straights.cli.paigow_simulate import simulate_pai_gow
    from straights.cli.render import console
    from straights.paigow.about import is_pai_gow

    game_name = game_options(game_name, ctx)  # every option applies or is refused
    house = table_house_rules(game_name, table_rules or {})
    if is_pai_gow(game_name):  # a banked game with its own deal: cli/paigow_simulate.py
        simulate_pai_gow(players=players, deals=hands, seed=seed, stack=stack, out_path=out,
                         progress=progress, as_json=as_json, console=console(),
                         bots=bots, db=db,
                         house_way=table_house_way(table_rules or {}))  # fmt: skip
        return
    ring = ring_games(game_name, games, players)
    if ring is not None:  # every other game: cli/ring_simulate.py
        from straights.cli.ring_simulate import simulate_ring_games

        simulate_ring_games(ring, players=players, hands=hands, seed=seed, stack=stack,
                            bots=bots, progress=progress, as_json=as_json, out=out,
                            db=db, house=house)  # fmt: skip
        return
    setup = game_setup(seats=players, bots=bots, betting=betting, ante=ante, stack=stack,
                       pack=pack, bot_seats=players)  # fmt: skip
    if "cfr" in setup.bots:  # the cfr bot acts only on Straights' own table's views
        _simulate_with_cfr(setup, hands=hands, seed=seed, out=out, db=db, progress=progress,
                           as_json=as_json)  # fmt: skip
        return
    from straights.cli.game_setup import RingGames
    from straights.cli.ring_simulate import simulate_ring_games
    from straights.poker.catalogue import get_variant

    variant = get_variant(f"_STR{pack}{'L' if betting == 'limit' else 'N'}")
    simulate_ring_games(RingGames((variant,), False), players=players, hands=hands, seed=seed,
                        stack=stack, bots=",".join(setup.bots), progress=progress,
                        as_json=as_json, out=out, db=db, ante=ante,
                        betting=betting)  # fmt: skip


def _simulate_with_cfr(
    setup: GameSetup,
    *,
    hands: int,
    seed: int | None,
    out: str | None,
    db: str | None,
    progress: bool,
    as_json: bool,
) -> None:
    """Straights with a ``cfr`` bot: at the one table through Straights' own face
    (:func:`~straights.bots.arena.simulate_straights`), as the ``cfr`` bot reads the
    round's raise level and the button from Straights' views."""
    from rich.text import Text

    from straights.bots.arena import simulate as run
    from straights.cli.progress import Work
    from straights.cli.render import console
    from straights.game.hand import Hand
    from straights.poker.phh import deal_to_phh, dumps

    players, betting = setup.config.seats, setup.config.betting
    con = console()
    output = SimulationOutput(out, db)
    make_table = None
    if output.store is not None:
        from straights.store.table import STRAIGHTS, STRAIGHTS_TABLE, StoredTable

        store = output.store
        settings = {"bots": list(setup.bots), "config": setup.config.to_dict()}

        def make_table(
            names: list[str], stack: int, seed: int, button: int
        ) -> StoredTable[Hand, int]:
            stored = StoredTable.create(store, STRAIGHTS, STRAIGHTS_TABLE, names, stack,
                                        kind="simulate", seed=seed, button=button,
                                        settings=settings)  # fmt: skip
            output.stored(stored.record.id)
            return stored

    with Work("Dealing", "deals", hands, enabled=progress) as work:  # stderr: JSON stays clean

        def on_hand(hand: Hand, names: list[str]) -> None:
            if output.writing:
                assert hand.engine is not None  # the one table keeps each deal's engine
                history = deal_to_phh(hand.engine)
                history["hand"], history["players"] = hand.number, names
                output.write(dumps(history))
            work.advance()

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
        saved = counted(result.hands, "deal", "deals")
        con.print(Text(f"saved {saved} in {output.store.where}"), soft_wrap=True)
