"""Replay hand-history files of every game: the catalogue's variants, Straights' own
``STR`` histories and Pai Gow's ``_PAIGOW`` (``straights history replay``).

>>> replay_line({"file": "a.phh", "index": 0, "variant": "NT",
...              "finishing_stacks": [Decimal("20.50"), 0]})
'a.phh #1 NT: 20.50 0'
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from straights.errors import HandHistoryError
from straights.paigow import history as paigow
from straights.poker.phh import loads, replay
from straights.store.legacy_straights import VARIANT, replay_str

__all__ = ["replay_line", "replay_report", "replay_rows"]


def replay_rows(paths: Iterable[str]) -> Iterable[dict[str, Any]]:
    """One row per hand of the files: ``{"file", "index", "variant", "finishing_stacks"}``,
    or ``"error"`` instead of the stacks for a hand that does not replay.

    A file that cannot be read (missing, not UTF-8, not PHH) is one error row, and
    the other files are still replayed.

    >>> [row["error"] for row in replay_rows(["no-such-file.phh"])]
    ["cannot read 'no-such-file.phh': No such file or directory"]
    """
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            hands = loads(text)
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            yield {"file": path, "index": 0, "variant": "?",
                   "error": f"cannot read {path!r}: {reason}"}  # fmt: skip
            continue
        except HandHistoryError as exc:
            yield {"file": path, "index": 0, "variant": "?", "error": str(exc)}
            continue
        for index, hand in enumerate(hands):
            row: dict[str, Any] = {"file": path, "index": index,
                                   "variant": str(hand.get("variant", "?"))}  # fmt: skip
            try:
                row["finishing_stacks"] = _finishing_stacks(hand)
            except HandHistoryError as exc:
                row["error"] = str(exc)
            yield row


def replay_line(row: dict[str, Any], *, as_json: bool = False) -> str:
    """One row of :func:`replay_rows` as ``replay`` prints it: text or one JSON object.

    >>> replay_line({"file": "a.phh", "index": 0, "variant": "NT",
    ...              "finishing_stacks": [Decimal("20.50"), 0]})
    'a.phh #1 NT: 20.50 0'
    >>> replay_line({"file": "a.phh", "index": 0, "variant": "?", "error": "empty"}, as_json=True)
    '{"file": "a.phh", "index": 0, "variant": "?", "error": "empty"}'
    """
    import json

    if as_json:
        row = dict(row)
        stacks = row.get("finishing_stacks")
        if stacks is not None:
            row["finishing_stacks"] = [_json_number(s) for s in stacks]
        return _dump_row(json, row)
    where = f"{row['file']} #{row['index'] + 1} {row['variant']}"
    if "error" in row:
        return f"{where}: error: {row['error']}"
    return f"{where}: {' '.join(str(s) for s in row['finishing_stacks'])}"


def replay_report(paths: Iterable[str], *, as_json: bool = False) -> Iterable[str]:
    """:func:`replay_rows` as printed lines (:func:`replay_line`)."""
    for row in replay_rows(paths):
        yield replay_line(row, as_json=as_json)


def _finishing_stacks(hand: dict[str, Any]) -> list[int | Decimal]:
    """A hand's finishing stacks; a deal of Straights' table of earlier releases (``STR``)
    through the one engine, one of Pai Gow (``_PAIGOW``) through its own."""
    if hand.get("variant") == VARIANT:
        return list(replay_str(hand).deals[0].stacks)
    if hand.get("variant") == paigow.VARIANT:  # a banked game: its own small replay
        return list(paigow.finishing_stacks(hand))
    return replay(hand).finishing_stacks


def _json_number(value: int | Decimal) -> int | float:
    """A JSON number: ints stay ints; cents become the float that prints the same digits
    (exact for amounts of up to 15 significant digits, checked)."""
    if isinstance(value, int) or value == value.to_integral_value():
        return int(value)
    number = float(value)
    if Decimal(repr(number)) != value:
        raise HandHistoryError(f"the amount {value} has too many digits for a JSON number")
    return number


def _dump_row(json: Any, row: dict[str, Any]) -> str:
    text: str = json.dumps(row, ensure_ascii=False)
    return text
