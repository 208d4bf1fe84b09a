"""``straights rules``: print the rule book, or one ranking family of it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Final

import typer
from rich.segment import Segment
from rich.style import Style

from straights.cli.app import app

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

#: What a terminal without suit symbols (or without Unicode) shows instead.
_ASCII: dict[int, str] = str.maketrans(
    {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "🃏": "Jk", "—": "-", "…": "...", "•": "*"}
)
_RED_CARD: Final = re.compile(r"((?:10|[2-9TJQKA])?[♥♦])")


def for_terminal(text: str, encoding: str) -> str:
    """Text the terminal can show: suit letters and plain dashes when it lacks Unicode.

    >>> for_terminal("K♥ beats K♦ — rule 8", "ascii")
    'Kh beats Kd - rule 8'
    >>> for_terminal("K♥", "utf-8")
    'K♥'
    """
    if "utf" in encoding.lower():
        return text
    return text.translate(_ASCII).encode(encoding, "replace").decode(encoding)


class TerminalPage:
    """Wraps a renderable for this terminal: red hearts and diamonds, as cards are
    drawn elsewhere, and plain characters where the terminal has no Unicode."""

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        red = Style(color="red", bold=True)
        encoding = console.encoding or "utf-8"
        for segment in console.render(self.inner, options):
            if segment.control:
                yield segment
                continue
            for i, part in enumerate(_RED_CARD.split(segment.text)):
                if part:
                    style = (segment.style or Style()) + red if i % 2 else segment.style
                    yield Segment(for_terminal(part, encoding), style)


@app.command()
def rules(
    ranking: Annotated[
        str | None,
        typer.Option(
            "--ranking",
            "-r",
            metavar="NAME",
            help="Print only the family of this ranking, e.g. deuce-to-seven or straights.",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print JSON: every section and the numbered showdown rules "
            "(with --ranking: that family's section).",
        ),
    ] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the Markdown source instead (docs/rules.md).")
    ] = False,
) -> None:
    """Print the rules of Straights and a summary of every hand ranking.

    Rule numbers are those the showdown explanations cite ("priority card 3♠ (rule 7)").

    Example: straights rules --ranking deuce-to-seven
    """
    from straights import rulebook

    section = rulebook.family(ranking) if ranking is not None else None
    if as_json:
        data: object
        if section is not None:
            data = section.to_dict()
        else:
            data = {
                "sections": [s.to_dict() for s in rulebook.sections()],
                "showdown_rules": [r.to_dict() for r in rulebook.showdown_rules()],
            }
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    text = section.markdown if section is not None else rulebook.rules_text()
    if markdown:
        typer.echo(text, nl=False)
        return
    from rich.markdown import Markdown

    from straights.cli.render import console

    console().print(TerminalPage(Markdown(text, code_theme="ansi_dark")))
