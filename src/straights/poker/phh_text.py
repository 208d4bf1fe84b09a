"""PHH text out: a hand history (a dict of PHH fields) as TOML, for every game.

PHH files are TOML.  A ``.phh`` file holds one hand; a ``.phhs`` file holds many,
as tables ``[1]``, ``[2]`` …  Amounts read from a site stay exact (``Decimal``).

>>> print(dumps_phh({"variant": "NT", "antes": [0, 0], "actions": ["d dh p1 AsAd"]}), end="")
variant = "NT"
antes = [0, 0]
actions = ["d dh p1 AsAd"]
>>> print(dumps_phhs([{"variant": "NT"}, {"variant": "FR"}]), end="")
[1]
variant = "NT"
<BLANKLINE>
[2]
variant = "FR"
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from straights.errors import HandHistoryError

__all__ = ["dumps_phh", "dumps_phhs", "phhs_entry"]


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal) and value.is_finite():  # money read from a site: exact
        return format(value, "f")
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        if all(isinstance(v, str) for v in value) and sum(len(v) + 4 for v in value) > 70:
            inner = "".join(f"  {_toml_string(v)},\n" for v in value)
            return f"[\n{inner}]"
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise HandHistoryError(f"cannot write {value!r} to a hand history")


def _toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def dumps_phh(history: dict[str, Any]) -> str:
    """One hand history as a ``.phh`` TOML text."""
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in history.items())


def phhs_entry(index: int, phh_text: str) -> str:
    """Hand number ``index`` of a ``.phhs`` file: a TOML table ``[index]`` holding ``phh_text``.

    Entries are joined with a blank line.
    """
    return f"[{index}]\n{phh_text}"


def dumps_phhs(histories: Iterable[dict[str, Any]]) -> str:
    """Many hand histories as a ``.phhs`` text: tables ``[1]``, ``[2]`` …"""
    return "\n".join(phhs_entry(i, dumps_phh(h)) for i, h in enumerate(histories, start=1))
