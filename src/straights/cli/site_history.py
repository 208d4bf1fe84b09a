"""``straights history import`` (site hand histories → PHH) and the site formats of
``straights history export`` (PHH → PokerStars text or OHH JSON).

A hand that cannot be read is one line on stderr naming the file, the line and the
hand; the others are written, and the command exits with status 1.
:mod:`straights.cli.history` registers :func:`import_files` as ``history import``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Annotated, Any, Final

import typer

from straights.sites import FORMATS

#: What ``--to`` accepts.
TARGETS: Final = ("pokerstars", "ohh")

#: Exit status when some hands could not be imported or exported (the rest were).
SOME_FAILED: Final = 1


def _write(out: str, text: str) -> None:
    from straights.errors import ConfigurationError

    if out == "-":
        sys.stdout.write(text)
        return
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise ConfigurationError(f"cannot write {out!r}: {exc.strerror}") from exc


def _say(text: str, out: str) -> None:
    """A summary line: on stdout, or on stderr when stdout carries the hands."""
    typer.echo(text, err=out == "-")


def import_files(
    files: Annotated[list[str], typer.Argument(help="Hand-history files of a poker site.")],
    out: Annotated[str, typer.Option("--out", "-o", help="The .phhs file to write ('-': stdout).")],
    fmt: Annotated[
        str,
        typer.Option("--from", help="auto, or one of: " + ", ".join(FORMATS) + "."),
    ] = "auto",
) -> None:
    """Read site hand histories into PHH; every hand is replayed against the site's stacks."""
    from straights.errors import ConfigurationError
    from straights.poker.phh_text import dumps_phhs
    from straights.sites import Failure, read

    if fmt != "auto" and fmt not in FORMATS:
        raise ConfigurationError(f"--from {fmt!r}: use auto or one of {', '.join(FORMATS)}")
    hands: list[dict[str, Any]] = []
    failures = 0
    for path in files:
        for item in read(path, fmt):
            if isinstance(item, Failure):
                failures += 1
                typer.echo(f"error: {item}", err=True)
            else:
                hands.append(item)
    _write(out, dumps_phhs(hands))
    _say(f"imported {len(hands)} hands to {out}"
         + (f"; {failures} could not be read" if failures else ""), out)  # fmt: skip
    if failures:
        raise typer.Exit(SOME_FAILED)


def export_files(files: Iterable[str], to: str, out: str) -> None:
    """PHH files (``.phh``, ``.phhs``) written as PokerStars text or OHH JSON to ``out``."""
    from straights.errors import ConfigurationError, StraightsError
    from straights.poker.phh import loads
    from straights.sites.export import to_ohh, to_pokerstars

    if to not in TARGETS:
        raise ConfigurationError(f"--to {to!r}: use one of {', '.join(TARGETS)}")
    parts: list[str] = []
    failures = 0
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            raise ConfigurationError(f"cannot read {path!r}: {reason}") from exc
        try:
            hands = loads(text)
        except StraightsError as exc:
            failures += 1
            typer.echo(f"error: {path}:1: {exc}", err=True)
            continue
        for number, hand in enumerate(hands, start=1):
            try:
                if to == "pokerstars":
                    parts.append(to_pokerstars(hand) + "\n")
                else:
                    parts.append(json.dumps(to_ohh(hand), indent=2, ensure_ascii=False) + "\n")
            except (StraightsError, KeyError, ValueError, ArithmeticError) as exc:
                failures += 1
                typer.echo(f"error: {path}: hand {hand.get('hand', number)} (#{number}): "
                           f"{exc}", err=True)  # fmt: skip
    _write(out, "\n\n".join(parts))
    _say(f"wrote {len(parts)} hands to {out}"
         + (f"; {failures} could not be written" if failures else ""), out)  # fmt: skip
    if failures:
        raise typer.Exit(SOME_FAILED)
