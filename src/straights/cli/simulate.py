"""``straights simulate``: bots play each other; a summary and optional PHH histories."""

from __future__ import annotations

from typing import Annotated

import typer

from straights.cli.app import app
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
    straights_code,
)
from straights.cli.table_betting import (
    BombAnteOpt,
    BombEveryOpt,
    ButtonStraddleOpt,
    DoubleBoardOpt,
    RunItTwiceOpt,
    RunsOpt,
    StraddleOpt,
    table_house_of,
)
from straights.cli.table_rules import table_house_way, table_rule_options


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
    straddle: StraddleOpt = False,
    button_straddle: ButtonStraddleOpt = False,
    run_it_twice: RunItTwiceOpt = False,
    runs: RunsOpt = None,
    bomb_pot_every: BombEveryOpt = 0,
    bomb_pot_ante: BombAnteOpt = None,
    double_board: DoubleBoardOpt = False,
    muck: Annotated[
        str,
        typer.Option(
            help="At a showdown a bot's hand lost, and when it wins uncontested: show "
            "(every hand shown), ask (each bot asked to show or muck; the bots muck) or "
            "muck (beaten hands mucked unasked)."
        ),
    ] = "show",
    table_rules: dict[str, object] | None = None,
) -> None:
    """Play bots against each other and report chips won per bot (95% interval)."""
    from straights.cli.paigow_simulate import simulate_pai_gow
    from straights.cli.render import console
    from straights.paigow.about import is_pai_gow

    game_name = game_options(game_name, ctx)  # every option applies or is refused
    house_of = table_house_of(game_name, table_rules, straddle=straddle,
                              button_straddle=button_straddle, run_it_twice=run_it_twice,
                              runs=runs, bomb_pot_every=bomb_pot_every,
                              bomb_pot_ante=bomb_pot_ante, double_board=double_board)  # fmt: skip
    if muck not in ("show", "ask", "muck"):
        from straights.errors import ConfigurationError

        raise ConfigurationError(f"--muck {muck}: give show, ask or muck")
    if is_pai_gow(game_name):  # a banked game with its own deal: cli/paigow_simulate.py
        house_of(None)  # refused: Pai Gow has no betting rounds
        if muck != "show":
            from straights.errors import ConfigurationError

            raise ConfigurationError("--muck: Pai Gow shows every hand to the bank; drop it")
        simulate_pai_gow(players=players, deals=hands, seed=seed, stack=stack, out_path=out,
                         progress=progress, as_json=as_json, console=console(),
                         bots=bots, db=db,
                         house_way=table_house_way(table_rules or {}))  # fmt: skip
        return
    ring = ring_games(game_name, games, players)
    house = house_of(ring)  # refused where no game can have it
    code = straights_code(ring, pack, betting)
    if ring is not None and code is None:  # every other game: cli/ring_simulate.py
        from straights.cli.ring_simulate import simulate_ring_games

        simulate_ring_games(ring, players=players, hands=hands, seed=seed, stack=stack,
                            bots=bots, progress=progress, as_json=as_json, out=out,
                            db=db, house=house, muck=muck)  # fmt: skip
        return
    setup = game_setup(seats=players, bots=bots, betting=betting, ante=ante, stack=stack,
                       pack=pack, bot_seats=players)  # fmt: skip
    from straights.cli.game_setup import RingGames
    from straights.cli.ring_simulate import simulate_ring_games
    from straights.poker.catalogue import get_variant

    assert code is not None  # Straights, on its own stakes and dealer draw
    simulate_ring_games(RingGames((get_variant(code),), False), players=players, hands=hands,
                        seed=seed, stack=stack, bots=",".join(setup.bots), progress=progress,
                        as_json=as_json, out=out, db=db, ante=ante, muck=muck,
                        betting="limit" if code.endswith("L") else "no-limit")  # fmt: skip
