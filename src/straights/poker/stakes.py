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

:func:`stakes_words` says a deal's stakes as the tables (cash and tournament) show them:

>>> stakes_words(default_stakes(get_variant("FR"), 3), get_variant("FR").structure)
'ante 1 · bring-in 1 · bets 2/4'

A straddle is one more blind (:func:`straddled`); a bomb pot's stakes are antes only
(:func:`bomb_pot_stakes`):

>>> straddled(default_stakes(get_variant("NT"), 6), "button").blinds
(1, 2, 0, 0, 0, 4)
>>> bomb_pot_stakes(default_stakes(get_variant("NT"), 3), 5).antes
(5, 5, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from straights.errors import ConfigurationError
from straights.poker.variant import Stakes, Structure, Variant

__all__ = [
    "STRADDLES",
    "bomb_pot_stakes",
    "default_stakes",
    "stakes_words",
    "straddled",
    "whole_chips",
]

#: The straddles a table may allow: under the gun, or on the button.
STRADDLES: Final = ("utg", "button")


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


def stakes_words(stakes: Stakes, structure: Structure) -> str:
    """A deal's stakes in words, as every table shows them (a cash table's deal, a
    tournament's level): the blinds, the ante (a big-blind ante: one dead ante posted
    by one seat), the bring-in, and the bets of a fixed-limit game.

    >>> from straights.poker.catalogue import get_variant
    >>> stakes_words(default_stakes(get_variant("FT"), 3, blinds=(5, 10), small_bet=10,
    ...                             big_bet=20), Structure.FIXED_LIMIT)
    'blinds 5/10 · bets 10/20'
    >>> stakes_words(default_stakes(get_variant("NT"), 6, blinds=(2, 4), ante=1),
    ...              Structure.NO_LIMIT)
    'blinds 2/4 · ante 1'
    >>> stakes_words(Stakes((0, 100), (100, 50), dead_antes=True), Structure.NO_LIMIT)
    'blinds 50/100 · big-blind ante 100'
    >>> stakes_words(Stakes((2, 2), (0, 0)), Structure.DOUBLING)
    'ante 2'

    Heads-up the big blind is first to post, but the blinds read small to big:

    >>> stakes_words(default_stakes(get_variant("NT"), 2), Structure.NO_LIMIT)
    'blinds 1/2'
    """
    parts = []
    blinds = sorted(b for b in stakes.blinds if b)
    if blinds:
        parts.append("blinds " + "/".join(str(b) for b in blinds))
    antes = [a for a in stakes.antes if a]
    if antes:
        one = len(antes) == 1 and len(stakes.antes) > 1 and stakes.antes_are_dead
        parts.append(f"{'big-blind ante' if one else 'ante'} {max(antes)}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    if structure == Structure.FIXED_LIMIT and stakes.small_bet and stakes.big_bet:
        parts.append(f"bets {stakes.small_bet}/{stakes.big_bet}")
    return " · ".join(parts)


def straddled(stakes: Stakes, kind: str) -> Stakes:
    """``stakes`` with a live straddle of twice the big blind, posted ``utg`` (under the
    gun: the player after the big blind) or on the ``button``.

    The straddler acts last before the flop and may raise.  A button straddle follows
    PHH's ``blinds_or_straddles`` (its example ``[1, 2, 0, 0, 0, 4]``) and PokerKit:
    the action before the flop starts left of the button, with the small blind, and
    the button acts last (the Rio's "button straddle"); three-handed the button is
    under the gun.  Heads-up nobody straddles (``stakes`` unchanged).

    >>> straddled(Stakes.uniform(4, blinds=(1, 2), min_bet=2), "utg").blinds
    (1, 2, 4, 0)
    >>> straddled(Stakes.uniform(4, blinds=(1, 2), min_bet=2), "left")
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: straddle 'left': choose utg or button
    """
    if kind not in STRADDLES:
        raise ConfigurationError(f"straddle {kind!r}: choose {' or '.join(STRADDLES)}")
    blinds = list(stakes.blinds)
    if not any(blinds):
        raise ConfigurationError("a straddle needs blinds: this game has none")
    n = len(blinds)
    if n < 3:
        return stakes
    seat = 2 if kind == "utg" else n - 1
    if blinds[seat]:
        raise ConfigurationError(f"p{seat + 1} already posts {blinds[seat]}: no straddle there")
    blinds[seat] = 2 * max(abs(b) for b in blinds)
    return replace(stakes, blinds=tuple(blinds))


def bomb_pot_stakes(stakes: Stakes, ante: int) -> Stakes:
    """``stakes`` for a bomb pot: everyone antes ``ante`` (live, as bets are), no blinds."""
    whole_chips("bomb pot ante", ante, 1)
    n = len(stakes.antes)
    return replace(stakes, antes=(ante,) * n, blinds=(0,) * n, trim_antes=True, dead_antes=False)
