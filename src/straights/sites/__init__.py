"""Hand histories of the poker sites, read into PHH (and PHH written back out).

Each site has one small module that reads its text into the shared
:class:`~straights.sites.model.SiteHand`; :func:`read` turns every hand of a file into
a PHH dict checked against the engine, and a hand that cannot be read into one
:class:`Failure` naming the file, the hand and the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from straights.errors import HandHistoryError, StraightsError

__all__ = ["FORMATS", "Failure", "detect", "read", "read_text"]

#: Each ``--from`` name and the module of ``straights.sites`` that reads it.
_MODULES: Final = {"pokerstars": "pokerstars", "ggpoker": "ggpoker", "winamax": "winamax",
                   "ipoker": "ipoker", "partypoker": "partypoker", "888": "pacific",
                   "pokernow-csv": "pokernow", "pokernow-json": "pokernow_json"}  # fmt: skip

#: The ``--from`` names (``auto``, the default, tells them apart by a file's first lines).
FORMATS: Final = tuple(_MODULES)


@dataclass(frozen=True)
class Failure:
    """A hand that could not be imported: the file, the hand's id and line, and why."""

    file: str
    hand: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: hand {self.hand}: {self.reason}"


def detect(text: str) -> str:
    """The format of a history's text, from its first lines.

    >>> detect("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    'pokerstars'
    >>> detect("Poker Hand #RC1: Hold'em No Limit ($0.05/$0.1) - 2023/02/08 19:10:27")
    'ggpoker'
    """
    head = text.lstrip("\ufeff \r\n")[:4000]
    if head.startswith(("PokerStars ", "PokerStars Hand")):
        return "pokerstars"
    if head.startswith("Poker Hand #"):
        return "ggpoker"
    if head.startswith("Winamax Poker"):
        return "winamax"
    if "<session" in head[:500] and "<game" in text:
        return "ipoker"
    if re.search(r"\*\*\*\*\* (888poker|Cassava)[\w ]* Hand History for Game", head):
        return "888"
    if "***** Hand History for Game" in head:
        return "partypoker"
    if head.startswith("entry,at"):
        return "pokernow-csv"
    from straights.sites.pokernow_json import looks_like

    if looks_like(head):
        return "pokernow-json"
    raise HandHistoryError("not a hand history this reader knows (give --from)")


def _hands(fmt: str, text: str) -> Iterator[tuple[str, int, Callable[[], Any]]]:
    """(hand id, line, a function that reads the hand) for every hand of ``text``."""
    import importlib

    if fmt not in _MODULES:
        raise HandHistoryError(f"unknown format {fmt!r}: use one of auto, {', '.join(FORMATS)}")
    module = importlib.import_module(f"straights.sites.{_MODULES[fmt]}")
    found: Iterator[tuple[str, int, Callable[[], Any]]] = module.hands(text)
    return found


def read_text(text: str, fmt: str, file: str = "-") -> Iterator[dict[str, Any] | Failure]:
    """Every hand of ``text`` as a checked PHH dict, or a :class:`Failure`."""
    from straights.sites.model import check, culprit, to_phh

    if fmt == "auto":
        try:
            fmt = detect(text)
        except HandHistoryError as exc:
            yield Failure(file, "-", 1, str(exc))
            return
    try:
        found = list(_hands(fmt, text))
    except HandHistoryError as exc:  # the file as a whole cannot be read (bad XML, JSON)
        yield Failure(file, "-", 1, str(exc))
        return
    for ident, line, parse in found:
        origins: list[int] = []
        phh: dict[str, Any] | None = None
        try:
            phh = to_phh(parse(), origins)
            check(phh)
        except (StraightsError, ArithmeticError, LookupError) as exc:  # one row, never a trace
            reason = str(exc) if isinstance(exc, StraightsError) else f"cannot be read ({exc!r})"
            at = line
            if reason.startswith("line ") and ":" in reason:
                head, _, rest = reason.partition(":")
                if head[5:].isdigit():
                    at, reason = int(head[5:]), rest.strip()
            elif phh is not None:  # the engine refused an action: name its line
                k = culprit(phh)
                if k is not None and origins[k]:
                    at = origins[k]
            yield Failure(file, ident, at, reason)
            continue
        yield phh


def read(path: str, fmt: str = "auto") -> Iterator[dict[str, Any] | Failure]:
    """Every hand of the file at ``path`` (see :func:`read_text`)."""
    from straights.errors import ConfigurationError

    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise ConfigurationError(f"cannot read {path!r}: {exc.strerror}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")  # older PokerStars files
    yield from read_text(text, fmt, path)
