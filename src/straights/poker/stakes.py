"""The default stakes of every variant, from what the variant uses (never from its name).

* games with blinds: blinds 1-2, smallest bet 2, fixed limit 2/4;
* games with a bring-in (stud): ante 1, bring-in 1, fixed limit 2/4;
* games with antes only (Straights): ante 1, smallest bet (the doubling
  ladder's unit) 1, fixed limit 1/2.

Keywords change one amount (``None``: the default).

>>> from straights.poker.catalogue import get_variant
>>> default_stakes(get_variant("NT"), 3).blinds, default_stakes(get_variant("FR"), 2).bring_in
((1, 2, 0), 1)
>>> default_stakes(get_variant("NT"), 2, blinds=(5, 10)).blinds  # heads-up: the button posts 5
(10, 5)
"""

from __future__ import annotations

from collections.abc import Sequence

from straights.errors import ConfigurationError
from straights.poker.variant import Stakes, Variant

__all__ = ["default_stakes", "whole_chips"]


def whole_chips(name: str, value: object, least: int = 0) -> int:
    """``value`` if it is a whole number of chips >= ``least``, else a one-line error
    naming ``name``.

    >>> whole_chips("stack", 5, 1)
    5
    >>> whole_chips("ante", 1.5)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: ante=1.5: give a whole number of chips >= 0
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ConfigurationError(f"{name}={value!r}: give a whole number of chips >= {least}")
    return value


def default_stakes(variant: Variant, players: int, **given: object) -> Stakes:
    """The stakes ``variant`` is dealt for at a table of ``players``."""
    if variant.blinds:
        base: dict[str, object] = {"ante": 0, "blinds": (1, 2), "bring_in": 0,
                                   "small_bet": 2, "big_bet": 4, "min_bet": 2}  # fmt: skip
    elif variant.bring_in:
        base = {"ante": 1, "blinds": (), "bring_in": 1, "small_bet": 2, "big_bet": 4,
                "min_bet": 2}  # fmt: skip
    else:
        base = {"ante": 1, "blinds": (), "bring_in": 0, "small_bet": 1, "big_bet": 2,
                "min_bet": 1}  # fmt: skip
    for key, value in given.items():
        if value is None:
            continue
        if key == "blinds":
            if not isinstance(value, Sequence) or isinstance(value, str):
                raise ConfigurationError(f"blinds={value!r}: give the blinds as chips, e.g. (1, 2)")
            base[key] = tuple(whole_chips("blinds", b) for b in value)
        else:
            base[key] = whole_chips(key, value)
    return Stakes.uniform(players, **base)  # type: ignore[arg-type]
