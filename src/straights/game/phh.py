"""Hand histories in the PHH format (TOML), extended for Straights.

PHH is the plain-text hand-history standard of the PokerKit authors.  A
Straights deal uses its standard fields (``variant``, ``antes``,
``starting_stacks``, ``actions`` with ``d dh``, ``d db``, ``pN f``,
``pN cc``, ``pN cbr``, ``pN sm``, ``players``, ``finishing_stacks`` …) plus
``_``-prefixed fields for what PHH has no word for (the pack, the betting
structure, the key card, the carried pot).  ``docs/hand-history.md`` documents
every field.  Special cards are the capital letters ``S``, ``T``, ``R``
(``Ts`` is the ten of spades: suits are always lower case).

Earlier releases wrote Straights' deals as ``STR`` histories; :func:`str_setup` reads
the deal one describes, and :func:`straights.store.legacy_straights.replay_str`
replays it by the one engine.  A deal of today is written with the catalogue's code
(:mod:`straights.poker.phh`).

>>> text = '''variant = "STR"
... min_bet = 1
... starting_stacks = [5, 5]
... actions = ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f"]
... _table_cards = ["9h", "4d", "5s", "6h", "7c"]'''
>>> str_setup(loads_phh(text)).stacks
[5, 5]
"""

from __future__ import annotations

import tomllib
from typing import Any, Final, NamedTuple

from straights.cards import Card
from straights.errors import HandHistoryError
from straights.game.config import TableConfig
from straights.poker.phh import parse_phh_cards

__all__ = [
    "VARIANT",
    "StrSetup",
    "loads_phh",
    "loads_phhs",
    "str_setup",
]

#: The ``variant`` code of a Straights history (not one of PokerKit's variants).
VARIANT: Final = "STR"


# -- TOML in -------------------------------------------------------------------------------


def loads_phh(text: str) -> dict[str, Any]:
    """Read one ``.phh`` text; raises :class:`HandHistoryError` for bad TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HandHistoryError(f"not a PHH (TOML) text: {exc}") from exc


def loads_phhs(text: str) -> list[dict[str, Any]]:
    """Read a ``.phhs`` text: every top-level table is one hand, in file order."""
    data = loads_phh(text)
    hands = [v for v in data.values() if isinstance(v, dict)]
    if len(hands) != len(data):
        raise HandHistoryError("a .phhs file holds only tables of hands ([1], [2], …)")
    return hands


def _field(history: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = history.get(name, default)
    # TOML booleans are Python bools, and bool is an int: never accept one for the other.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise HandHistoryError(
            f"hand history field {name!r} is {value!r}: expected a {kind.__name__}"
        )
    return value


class StrSetup(NamedTuple):
    """What an ``STR`` history deals: the table's settings, the seats (left of the
    button first), their stacks, the cards in Straights' dealing order (first hole
    card to each player, then the second, then the key card and the four face-up
    cards), the carried pot, the deal's number and its action lines."""

    config: TableConfig
    seats: list[int]
    stacks: list[int]
    deck: list[Card]
    carry: int
    number: int
    actions: list[str]


def str_setup(history: dict[str, Any]) -> StrSetup:
    """Read the deal an ``STR`` history describes (raises :class:`HandHistoryError`).

    >>> setup = str_setup({"starting_stacks": [5, 5], "min_bet": 1, "actions": [
    ...     "d dh p1 AsKd", "d dh p2 2c3c"], "_table_cards": ["9h", "4d", "5s", "6h", "7c"]})
    >>> setup.seats, setup.deck[:4], setup.config.pack
    ([0, 1], [Card('As'), Card('2c'), Card('Kd'), Card('3c')], 55)
    """
    stacks = _field(history, "starting_stacks", list)
    n = len(stacks)
    ante = _field(history, "min_bet", int)
    seats_1 = history.get("seats", list(range(1, n + 1)))
    seats = [s - 1 for s in seats_1]
    config = TableConfig(
        pack=_field(history, "_pack", int, 55),
        ante=ante,
        betting=_field(history, "_betting", str, "limit"),
        seats=_field(history, "seat_count", int, n),
        starting_stack=max(1, max(stacks)),
        penalty=_field(history, "_penalty", int, 1),
        penalty_payers=_field(history, "_penalty_payers", str, "dealt"),
        allow_many_seats=True,
    )
    actions = _field(history, "actions", list)
    holes: dict[int, list[Card]] = {}
    for line in actions:
        parts = str(line).split()
        if parts[:2] == ["d", "dh"] and len(parts) >= 4:
            player = _player(parts[2], n, line)
            cards = parse_phh_cards(parts[3])
            if len(cards) != 2 or None in cards:
                raise HandHistoryError(f"{line!r}: a deal needs both hole cards known")
            holes[player] = [c for c in cards if c is not None]
    if sorted(holes) != list(range(n)):
        raise HandHistoryError(f"hole cards dealt to players {sorted(holes)}, expected all {n}")
    table = [Card(c) for c in _field(history, "_table_cards", list)]
    deck = [holes[i][0] for i in range(n)] + [holes[i][1] for i in range(n)] + table
    carry = _field(history, "_carry_in", int, 0)
    number = _field(history, "hand", int, 1)
    return StrSetup(config, seats, stacks, deck, carry, number, [str(a) for a in actions])


def _player(token: str, n: int, line: str) -> int:
    if not (token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= n):
        raise HandHistoryError(f"{line!r}: {token!r} is not a player: use p1 to p{n}")
    return int(token[1:]) - 1
