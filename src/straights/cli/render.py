"""Rich rendering of cards and results for the terminal.

People are counted from 1 here (player 1 is the first hand given), while
``--json`` output keeps the library's 0-based indexes.

Colour and symbols follow what the terminal allows: Rich drops colour when
output is not a terminal, and ``ascii_only`` gives ``Qs`` instead of ``Q♠``.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from straights.cards import Card

if TYPE_CHECKING:
    from straights.game.wording import Phrase
    from straights.showdowns import ShowdownResult

_console: Console | None = None


def program() -> str:
    """How to run this very ``straights`` from where the user is: ``straights`` when that
    name on the ``PATH`` is this installation's script, else the script's path
    (``.venv/bin/straights`` after ``make play``, relative to the current folder when
    inside it), else ``python -m straights.cli.main`` with this interpreter.

    >>> here = Path(sys.executable).parent
    >>> program() in ("straights", ".venv/bin/straights", str(here / "straights")) or program()
    True
    """
    here = Path(sys.executable).parent / "straights"  # the console script beside python
    found = shutil.which("straights")
    if found is not None and (not here.exists() or Path(found).resolve() == here.resolve()):
        return "straights"
    if here.exists():
        return _from_here(here)
    return f"{_from_here(Path(sys.executable))} -m straights.cli.main"


def runnable(text: str) -> str:
    """``text`` with every command it suggests in backquotes (`` `straights …` ``), and
    every ``pip install``, written so that it runs as printed from where the user is
    (see :func:`program`).

    >>> runnable("see `straights history list`") == f"see `{program()} history list`"
    True
    """
    name = program()
    if name == "straights":
        return text
    text = text.replace("`straights ", f"`{name} ")
    pip = Path(sys.executable).parent / "pip"
    if pip.exists():
        text = text.replace("pip install ", f"{_from_here(pip)} install ")
    return text


def counted(n: int, one: str, many: str) -> str:
    """``n`` and the noun that agrees with it.

    >>> counted(1, "hand history", "hand histories"), counted(3, "deal", "deals")
    ('1 hand history', '3 deals')
    """
    return f"{n:,} {one if n == 1 else many}"


def wrote(n: int, where: object) -> str:
    """The line that ends a command writing hand histories.

    >>> wrote(1, "mine.phhs")
    'wrote 1 hand history to mine.phhs'
    """
    return f"wrote {counted(n, 'hand history', 'hand histories')} to {where}"


def _from_here(path: Path) -> str:
    """``path`` relative to the current folder when inside it, else absolute."""
    try:
        return str(path.absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(path.absolute())


def console() -> Console:
    """The shared console (created on first use)."""
    global _console
    if _console is None:
        _console = Console(highlight=False)
    return _console


def ascii_only() -> bool:
    """True when the terminal cannot print suit symbols."""
    encoding = (console().encoding or "").lower()
    return "utf" not in encoding


def card_text(card: Card, *, hidden: bool = False) -> Text:
    """One card, coloured: red hearts and diamonds, magenta S T R and jokers."""
    if hidden:
        return Text("🂠" if not ascii_only() else "??", style="bold blue")
    label = card.ascii() if ascii_only() else str(card)
    if card.is_ranked:
        assert card.suit is not None
        return Text(label, style="bold red" if card.suit.is_red else "bold")
    return Text(label, style="bold magenta")


def cards_text(cards: Iterable[Card], sep: str = " ") -> Text:
    """Several cards, coloured, joined by ``sep``."""
    return Text(sep).join(card_text(c) for c in cards)


def cards_line(notation: str) -> Text:
    """Cards written in ASCII notation (``"5c 4d ? ?"``), coloured; ``?`` stays a
    dim unknown card and anything else not a card is kept as plain text."""
    from straights.errors import CardNotationError

    parts: list[Text] = []
    for token in notation.split():
        if token == "?":
            parts.append(Text("?", style="dim"))
            continue
        try:
            parts.append(card_text(Card(token)))
        except CardNotationError:
            parts.append(Text(token))
    return Text(" ").join(parts)


def print_showdown(result: ShowdownResult) -> None:
    """Print the table, each player's best hand, and the verdict."""
    out = console()
    out.print(Text("Table  ").append_text(cards_text(result.table)), f"  (pack {result.pack})")
    for i, value in enumerate(result.values):
        mark = Text("★ ", style="bold green") if i == result.winner else Text("  ")
        line = mark + Text(f"Player {i + 1}  ") + cards_text(value.hole) + Text("  ")
        if value.straight:
            line += cards_text(value.straight, "-") + Text(f"  {value.category}")
        else:
            line += Text(value.describe(unicode=not ascii_only()))
        out.print(line)
    if result.winner is None:
        out.print(Text("No winner: ", style="bold yellow") + Text(result.reason))
    else:
        out.print(
            Text(f"Player {result.winner + 1} wins", style="bold green")
            + Text(f": {result.reason}")
        )


def phrase_text(parts: Phrase, style: str = "") -> Text:
    """A phrase of :mod:`straights.game.wording` as Rich text: its words as plain
    text (never markup: names come from users) and its cards coloured."""
    line = Text(style=style)
    for part in parts:
        line.append_text(card_text(part) if isinstance(part, Card) else Text(part))
    return line
