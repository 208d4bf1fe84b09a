"""The rules of one Straights table: pack, ante, betting structure, seats, stacks.

Every house decision of ``rules/straights.md`` is a field here with its
documented default, never an accident of the engine.

>>> c = TableConfig(seats=6, betting="no-limit", ante=2)
>>> TableConfig.from_dict(c.to_dict()) == c
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Final, Literal, get_args

from straights.errors import ConfigurationError
from straights.rankings.straights import HOLE_CARDS, PACKS, TABLE_CARDS

__all__ = [
    "LIMIT_RAISES",
    "MAX_SEATS",
    "MIN_SEATS",
    "ROUNDS",
    "Betting",
    "PenaltyPayers",
    "TableConfig",
    "max_seats_for_pack",
]

Betting = Literal["limit", "no-limit"]
PenaltyPayers = Literal["dealt", "showdown"]
#: Limit Straights allows a bet and at most two raises in a betting round.
LIMIT_RAISES: Final = 2
MIN_SEATS: Final = 2
#: Betting rounds per deal: four as the table cards are turned, one after the key card.
ROUNDS: Final = 5
MAX_SEATS: Final = 10


def max_seats_for_pack(pack: int) -> int:
    """The most players one pack can deal to: two cards each plus five on the table.

    >>> max_seats_for_pack(55), max_seats_for_pack(52)
    (25, 23)
    """
    return (pack - TABLE_CARDS) // HOLE_CARDS


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Settings of a table; validated on construction (:class:`ConfigurationError`).

    * ``pack``: 55 (with S, T, R) or 52 (without; no S-T-R-8, no rule 10).
    * ``ante``: chips each player antes; also the first bet of every round.
    * ``betting``: ``"limit"`` (bet and two raises) or ``"no-limit"`` (raises
      unbounded, still doubling).
    * ``seats``: seats at the table, 2..10 by default; up to what the pack allows
      (:func:`max_seats_for_pack`) with ``allow_many_seats=True``.
    * ``starting_stack``: chips each player brings.
    * ``penalty``: chips each player pays into a pot carried over under rule 10.
    * ``penalty_payers``: ``"dealt"`` (every player dealt in — the project's
      default) or ``"showdown"`` (house rule: only those in the showdown).
    """

    pack: int = 55
    ante: int = 1
    betting: Betting = "limit"
    seats: int = 6
    starting_stack: int = 100
    penalty: int = 1
    penalty_payers: PenaltyPayers = "dealt"
    allow_many_seats: bool = False

    def __post_init__(self) -> None:
        for name in ("pack", "ante", "seats", "starting_stack", "penalty"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigurationError(f"{name}={value!r} is not a whole number of chips/cards")
        if self.pack not in PACKS:
            raise ConfigurationError(f"pack={self.pack!r}: choose 55 (with S, T, R) or 52")
        if self.ante < 1:
            raise ConfigurationError(f"ante={self.ante}: the ante is at least 1 chip")
        if self.betting not in get_args(Betting):
            raise ConfigurationError(f"betting={self.betting!r}: choose 'limit' or 'no-limit'")
        limit = max_seats_for_pack(self.pack) if self.allow_many_seats else MAX_SEATS
        if not MIN_SEATS <= self.seats <= limit:
            more = (
                ""
                if self.allow_many_seats
                else f" (up to {max_seats_for_pack(self.pack)} with allow_many_seats)"
            )
            raise ConfigurationError(
                f"seats={self.seats}: a {self.pack}-card table seats {MIN_SEATS} to {limit}{more}"
            )
        if self.starting_stack < 1:
            raise ConfigurationError(f"starting_stack={self.starting_stack}: give at least 1 chip")
        if self.penalty < 0:
            raise ConfigurationError(f"penalty={self.penalty}: the penalty is 0 chips or more")
        if self.penalty_payers not in get_args(PenaltyPayers):
            raise ConfigurationError(
                f"penalty_payers={self.penalty_payers!r}: choose 'dealt' or 'showdown'"
            )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        """Build from :meth:`to_dict` output; unknown keys raise :class:`ConfigurationError`."""
        if not isinstance(data, dict):
            raise ConfigurationError(f"a table configuration is a mapping, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            valid = ", ".join(sorted(known))
            raise ConfigurationError(
                f"unknown table setting(s) {', '.join(unknown)}: valid are {valid}"
            )
        return cls(**data)
