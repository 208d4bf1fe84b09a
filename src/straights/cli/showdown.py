"""``straights showdown``: rank a Straights showdown and explain it."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from straights.cli.app import app


@app.command()
def showdown(
    hands: Annotated[list[str], typer.Argument(help="Each player's two hole cards, e.g. 'Qs 9d'.")],
    table: Annotated[str, typer.Option("--table", "-t", help="The five table cards.")],
    pack: Annotated[int, typer.Option(help="55 (with S, T, R) or 52.")] = 55,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON result.")] = False,
) -> None:
    """Decide a Straights showdown and say which rule decided it.

    Example: straights showdown --table "5c 4d 3d 2h Jh" "Qs 9d" "Qd 3s"
    """
    from straights.showdowns import showdown as decide

    result = decide(hands, table, pack=pack)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    from straights.cli.render import print_showdown

    print_showdown(result)
