"""``straights deal``: deal a random Straights showdown and explain it."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from straights.cli.app import app


@app.command()
def deal(
    players: Annotated[int, typer.Option("--players", "-p", min=2, max=10)] = 4,
    pack: Annotated[int, typer.Option(help="55 (with S, T, R) or 52.")] = 55,
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable deal.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON result.")] = False,
) -> None:
    """Deal two hole cards to each player and five table cards, then decide the showdown."""
    from straights.cards import make_deck
    from straights.showdowns import showdown

    deck = make_deck("straights" if pack == 55 else "standard").shuffled(seed)
    holes = [deck[2 * i : 2 * i + 2] for i in range(players)]
    table = deck[2 * players : 2 * players + 5]
    result = showdown(holes, table, pack=pack)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    from straights.cli.render import print_showdown

    print_showdown(result)
