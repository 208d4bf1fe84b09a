"""The rule books' house rules a web host sets for a poker table of the catalogue.

Where the rule books disagree (the raise cap, heads-up raising, the blind counted
toward the cap, the half-bet reopening, the odd chip, check-raise and the sevens
rule in lowball, the open pair in stud) the table chooses, as ``straights play
--raise-cap …`` does at the terminal.  A table keeps what it changes as
:meth:`HouseRules.changes() <straights.poker.house.HouseRules.changes>` gives it
(``TableSettings.house``); which rule applies to which game is
:func:`~straights.poker.house.unused_in`'s, the definition the terminal's
options use too.  The new-table form and the host's panel offer only the rules
one of the table's games uses, each set to the rule book's reading.

>>> [r["key"] for r in rules_for(("F7S",))]
['raise_cap', 'heads_up_unlimited', 'half_bet_reopens', 'rule_book_odd_chip', 'open_pair']
>>> check_house({"open_pair": False, "raise_cap": None}, ("F7S",))
{'open_pair': False}
>>> check_house({"raise_cap": 3}, ("NT", "PO"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
straights.errors.ConfigurationError: house rule raise_cap: no game of this table is ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, Final

from straights.errors import ConfigurationError
from straights.poker.catalogue import get_variant
from straights.poker.house import TABLE_BETTING, HouseRules, unused_in

__all__ = ["RULE_BOOK_KEYS", "check_house", "house_words", "rules_for"]

#: The house rules of the rule books, as :class:`HouseRules` names them (its other
#: settings, straddles, runs and bomb pots, are the table's betting).
RULE_BOOK_KEYS: Final = tuple(f.name for f in fields(HouseRules) if f.name not in TABLE_BETTING)

#: The most bets and raises a host may set in a round.
MOST_RAISES: Final = 10

#: Each rule as the form says it: its label and, for a choice, its options (value, words).
_WORDS: Final[dict[str, tuple[str, str]]] = {
    "raise_cap": ("Raise cap", "bets and raises a round; rule book: a bet and three raises "
                  "(four in a game of two rounds)"),
    "heads_up_unlimited": ("Heads-up raising unlimited", "no cap while two players contest "
                           "the pot"),
    "blind_is_bet": ("Big blind counts toward the cap", "the blind is the round's bet"),
    "half_bet_reopens": ("Half a bet all in reopens", "TDA 47-B: an all-in of half a bet or "
                         "more is a full bet or raise"),
    "rule_book_odd_chip": ("Odd chip by the rule book", "first from the button; in stud the "
                           "highest card by suit (off: to p1 first)"),
    "lowball_check_raise": ("Check-raise in limit lowball", "the rule book does not allow it"),
    "sevens_rule": ("Sevens rule", "a seven or better checked after the draw wins no action "
                    "after it"),
    "open_pair": ("Open pair on fourth street", "any player may bet the big bet"),
}  # fmt: skip


def rules_for(codes: Sequence[str]) -> list[dict[str, Any]]:
    """The house rules one of the games ``codes`` uses, as the form shows them: ``key``,
    ``label``, ``about``, ``kind`` (``"number"``: the raise cap, ``None`` the rule book's;
    ``"flag"``) and ``default`` (the rule book's reading)."""
    variants = [get_variant(code) for code in codes if not code.startswith("_STR")]
    rule_book = HouseRules()
    out = []
    for key in RULE_BOOK_KEYS:
        if all(unused_in(key, v) is not None for v in variants):
            continue
        label, about = _WORDS[key]
        kind = "number" if key == "raise_cap" else "flag"
        out.append({"key": key, "label": label, "about": about, "kind": kind,
                    "default": getattr(rule_book, key)})  # fmt: skip
    return out


def check_house(house: Mapping[str, Any], codes: Sequence[str]) -> dict[str, Any]:
    """The house rules ``house`` asks for at a table dealing ``codes`` (PHH codes), as
    :meth:`HouseRules.changes` keeps them (a rule set to the rule book's reading is
    dropped; ``None`` is the rule book's).  A rule that is not one of
    :data:`RULE_BOOK_KEYS`, of the wrong kind, or that no game of the table uses is
    refused in one line (a :class:`ConfigurationError`)."""
    asked = {k: v for k, v in house.items() if v is not None}
    for key in asked:
        if key not in RULE_BOOK_KEYS:
            raise ConfigurationError(
                f"house rule {key!r} is not one of {', '.join(RULE_BOOK_KEYS)}"
            )
    variants = [get_variant(code) for code in codes if not code.startswith("_STR")]
    if asked and not variants:  # Straights' own table, or Pai Gow's
        raise ConfigurationError(
            "house rules are for poker tables of the catalogue: Straights and Pai Gow "
            "play by their own rule books"
        )
    for key in asked:
        reasons = [unused_in(key, v) for v in variants]
        if all(reasons):  # the reason is the rule's, the same for every game
            raise ConfigurationError(
                f"house rule {key}: no game of this table {_negate(str(reasons[0]))}"
            )
    cap = asked.get("raise_cap")
    if cap is not None and (type(cap) is not int or not 1 <= cap <= MOST_RAISES):
        raise ConfigurationError(f"house rule raise_cap={cap!r}: give 1 to {MOST_RAISES}")
    return HouseRules.from_changes(asked).changes()


def house_words(house: Mapping[str, Any]) -> str:
    """The house rules ``house`` (a table's, as :func:`check_house` keeps them) in words,
    for the chat.

    >>> house_words({"raise_cap": 3, "open_pair": False})
    'house rules: raise cap 3, open pair on fourth street off'
    >>> house_words({})
    "the rule book's house rules"
    """
    said = []
    for key, value in house.items():
        if value is None:  # the rule book's
            continue
        label = _WORDS[key][0]
        label = label[0].lower() + label[1:]
        said.append(
            f"{label} {value}" if key == "raise_cap" else f"{label} {'on' if value else 'off'}"
        )
    return f"house rules: {', '.join(said)}" if said else "the rule book's house rules"


def _negate(why: str) -> str:
    """:func:`unused_in`'s reason for one game, said of none of a table's games.

    >>> _negate("is not played fixed limit")
    'is played fixed limit'
    >>> _negate("has no sevens rule (limit California lowball)")
    'has a sevens rule (limit California lowball)'
    >>> _negate("has no open-pair option (seven-card stud)")
    'has an open-pair option (seven-card stud)'
    """
    if why.startswith("is not "):
        return "is " + why.removeprefix("is not ")
    if why.startswith("has no blinds"):
        return "has blinds" + why.removeprefix("has no blinds")
    if why.startswith("has no "):
        rest = why.removeprefix("has no ")
        return ("has an " if rest[0] in "aeiou" else "has a ") + rest
    if why.startswith("allows "):
        return "forbids " + why.removeprefix("allows ")
    return why
