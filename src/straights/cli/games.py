"""``straights games``: the poker variants the engine deals, one line each (or one in full)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from straights.cli.app import app

if TYPE_CHECKING:
    from straights.poker.variant import HandRule, Variant


def showdown_names(variant: Variant) -> list[str]:
    """How each share of the pot is won, in words.

    >>> from straights.poker.catalogue import get_variant
    >>> showdown_names(get_variant("FO/8"))
    ['high (2 hole + 3 board)', 'ace-to-five low (8 or better, 2 hole + 3 board)']
    >>> showdown_names(get_variant("_STR55L"))
    ['straights (rule 10)']
    """
    if variant.pot_rule is not None and not variant.showdown:
        return (
            ["straights (rule 10)"]
            if "rule-10" in variant.pot_rule.name
            else [variant.pot_rule.name]
        )
    return [_rule_name(rule) for rule in variant.showdown]


#: House-rule options in words (the others print as ``key value``).
_OPTION_WORDS: Final = {
    ("wild", "bug"): "the joker is the bug",
    ("wild_rank", 2): "deuces wild",
    ("straights", True): "straights and flushes count",
}


def _rule_name(rule: HandRule) -> str:
    """
    >>> from straights.poker.catalogue import get_variant
    >>> _rule_name(get_variant("_F5CDW").showdown[0])
    'high (deuces wild)'
    """
    name = rule.ranking if rule.label in ("high", rule.ranking) else f"{rule.ranking} {rule.label}"
    notes = [
        f"{value} or better"
        if key == "qualifier"
        else _OPTION_WORDS.get((key, value), f"{key} {value}")
        for key, value in rule.options
    ]
    if rule.hole_cards is not None:
        notes.append(f"{rule.hole_cards} hole + {rule.board_cards} board")
    return f"{name} ({', '.join(notes)})" if notes else name


def describe(code: str) -> dict[str, Any]:
    """One variant for ``--json``: its game name, PHH code, name, description, deck,
    the most players a table seats, betting structure, showdown, streets, other names
    and the house-rule options of ``play`` and ``simulate`` it takes.

    Straights' raises double on a ladder, capped in Limit and not in No Limit:

    >>> [describe(c)["betting"] for c in ("_STR55L", "_STR55N", "FR")]
    ['limit (doubling raises)', 'no-limit (doubling raises)', 'fixed-limit']
    >>> describe("_STR55N")["max_players"], describe("NT")["max_players"]
    (10, 10)
    """
    from straights.cards import make_deck
    from straights.cli.table_rules import house_options
    from straights.game.config import MAX_SEATS
    from straights.poker.catalogue import GAME_NAMES, get_variant
    from straights.poker.variant import Structure

    variant = get_variant(code)
    deck = make_deck(variant.deck, jokers=variant.jokers)
    betting = variant.structure.value
    if variant.structure is Structure.DOUBLING:  # Straights: Limit or No Limit on the ladder
        betting = f"{'no-limit' if code.endswith('N') else 'limit'} (doubling raises)"
    return {
        "game": GAME_NAMES[code][0],
        "code": code,
        "name": variant.name,
        "description": variant.description,
        "deck": variant.deck,
        "deck_size": len(deck),
        # What `play`, `simulate` and the web table seat: the deck's limit, at most 10.
        "max_players": min(MAX_SEATS, variant.max_players(len(deck))),
        "betting": betting,
        "showdown": showdown_names(variant),
        "streets": [street.name for street in variant.streets],
        "also_called": list(GAME_NAMES[code][1:]),
        "house_rules": house_options(variant),
    }


@app.command()
def games(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help="Show this game only: a game name such as razz or omaha-hi-lo, or a PHH code.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON: a list of games (one object with GAME).")
    ] = False,
) -> None:
    """List the poker games the engine deals, with a one-line description each.

    Example: straights games omaha-hi-lo
    """
    from straights.paigow.about import about, is_pai_gow
    from straights.poker.catalogue import VARIANTS, find_variant

    # Pai Gow is a banked game outside the betting engine's catalogue: its row comes last.
    pai_gow = about() | {"house_rules": ["--house-way foxwoods|simple"]}
    if name is not None and is_pai_gow(name):
        rows = [pai_gow]
    else:
        codes = list(VARIANTS) if name is None else [find_variant(name).code]
        rows = [describe(code) for code in codes] + ([pai_gow] if name is None else [])
    if as_json:
        data: object = rows if name is None else rows[0]
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from rich.markup import escape
    from rich.table import Table

    from straights.cli.render import console

    table = Table(title=f"{len(rows)} game{'s' if len(rows) > 1 else ''}", title_justify="left")
    table.add_column("#", justify="right", style="dim")
    table.add_column("Game", style="bold", no_wrap=True)
    table.add_column("Code", no_wrap=True)
    # Deck, betting and showdown go on a dim second line, so the table reads at 80 columns.
    table.add_column("Description", ratio=1)
    for number, row in enumerate(rows, start=1):
        text = row["description"] if name is None else f"{row['name']}: {row['description']}"
        details = f"{row['deck_size']} cards · {row['betting']} · {'; '.join(row['showdown'])}"
        table.add_row(
            str(number),
            escape(row["game"]),
            escape(row["code"]),
            f"{escape(text)}\n[dim]{escape(details)}[/dim]",
        )
    out = console()
    out.print(table)
    if name is not None:
        row = rows[0]
        out.print(f"Streets: {escape(', '.join(row['streets']))}")
        if row["also_called"]:
            out.print(f"Also called: {escape(', '.join(row['also_called']))}")
        if row["house_rules"]:  # the options of `play` and `simulate` this game takes
            out.print(f"House rules: {escape(', '.join(row['house_rules']))}")
