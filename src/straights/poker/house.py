"""House rules: the points where rule books differ, which a table sets.

A :class:`HouseRules` is a small frozen settings object passed to
:class:`~straights.poker.engine.Deal` (``house=``).  The defaults are the common
card-room reading (Robert's Rules of Poker, the TDA rules); :data:`POKERKIT`
is the reading of PokerKit, which the differential test plays.

>>> HouseRules().bets_per_round(4), HouseRules().bets_per_round(2)
(4, 5)
>>> POKERKIT.bets_per_round(4), POKERKIT.heads_up_unlimited
(4, False)
>>> HouseRules(raise_cap=0)
Traceback (most recent call last):
  ...
straights.errors.ConfigurationError: raise_cap=0: give 1 or more bets and raises a round, or None
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from straights.errors import ConfigurationError

if TYPE_CHECKING:
    from straights.poker.variant import Variant

__all__ = ["POKERKIT", "TABLE_BETTING", "HouseRules", "unused_in"]

#: The house rules of what a table deals beyond the rule book (straddles, runs of the
#: board, bomb pots): a deal's history writes what happened (``_bomb_pot``, ``_runs``)
#: rather than these settings.
TABLE_BETTING = ("straddle", "runs", "bomb_pot_every", "bomb_pot_ante", "double_board")


@dataclass(frozen=True, slots=True)
class HouseRules:
    """How a table plays where the rule books disagree (fixed limit unless said).

    * ``raise_cap``: the most bets and raises (a blind or a completion counts
      as the bet) in a betting round of a multi-way pot; ``None``, the rule
      book: a bet and three raises in a game of three or more betting rounds, a
      bet and four in a game of two (single-draw lowball and draw) — Robert's
      *Betting and raising* 3.
    * ``heads_up_unlimited``: no cap while only two players in the pot are
      not all-in, judged at each raise; a round once capped stays capped
      (Robert's 4).
    * ``blind_is_bet``: the big blind counts as the round's bet toward the cap
      (``False``: only the raises after it count, PokerKit's reading).
    * ``half_bet_reopens``: TDA 47-B / Robert's 6: an all-in wager of half a
      bet or more is a full bet or raise and reopens the betting; a player
      facing a smaller one may complete it.  ``False``: only a full raise (or
      short all-ins adding up to one) reopens, as in no limit (PokerKit).
    * ``rule_book_odd_chip``: Robert's *Ties*: one odd chip a player, in a
      button game to the first from the button, in stud to the highest card by
      suit (the lowest in a low share); ``False``: every odd chip of a share to
      its first winner from ``p1`` (PokerKit).
    * ``lowball_check_raise``: limit lowball allows check-raise (Robert's: not
      "unless the players are alerted that it is allowed").
    * ``sevens_rule``: in limit California lowball a seven or better checked
      after the draw wins no action after the draw (Robert's *Lowball*).
    * ``open_pair``: in limit seven-card stud an open pair on fourth street
      lets any player bet or raise the big bet (Robert's *Seven-card stud*).

    What a table deals beyond the rule book (a game with blinds, or a board):

    * ``straddle``: ``"utg"`` or ``"button"``, a straddle of twice the big blind
      every deal (:func:`~straights.poker.stakes.straddled`); ``None``: none.
    * ``runs``: the most times the players may agree to run the rest of the board
      when the betting is over early (2: run it twice); 1: never.
    * ``bomb_pot_every``: every N-th deal is a bomb pot (0: never): everyone antes
      ``bomb_pot_ante`` (``None``: twice the big blind), no betting before the flop;
      ``double_board``: a bomb pot is dealt on two boards, each pot split between
      them (and its board is run once).

    >>> HouseRules(straddle="utg", runs=2, bomb_pot_every=5).bomb_pot(10)
    True
    """

    raise_cap: int | None = None
    heads_up_unlimited: bool = True
    blind_is_bet: bool = True
    half_bet_reopens: bool = True
    rule_book_odd_chip: bool = True
    lowball_check_raise: bool = False
    sevens_rule: bool = True
    open_pair: bool = True
    straddle: str | None = None
    runs: int = 1
    bomb_pot_every: int = 0
    bomb_pot_ante: int | None = None
    double_board: bool = False

    def __post_init__(self) -> None:
        if self.straddle is not None and self.straddle not in ("utg", "button"):
            raise ConfigurationError(f"straddle={self.straddle!r}: choose utg, button or None")
        for name, least in (("runs", 1), ("bomb_pot_every", 0)):
            value = getattr(self, name)
            if type(value) is not int or value < least:
                raise ConfigurationError(f"{name}={value!r}: give a whole number >= {least}")
        ante = self.bomb_pot_ante
        if ante is not None and (type(ante) is not int or ante < 1):
            raise ConfigurationError(f"bomb_pot_ante={ante!r}: give a whole number of chips >= 1")
        if self.raise_cap is not None and (type(self.raise_cap) is not int or self.raise_cap < 1):
            raise ConfigurationError(
                f"raise_cap={self.raise_cap!r}: give 1 or more bets and raises a round, or None"
            )

    def bomb_pot(self, number: int) -> bool:
        """Whether deal ``number`` (the first is 1) of the table is a bomb pot."""
        every = self.bomb_pot_every
        return every > 0 and number % every == 0

    def bets_per_round(self, rounds: int) -> int:
        """The most bets and raises in a multi-way betting round of a game with
        ``rounds`` betting rounds."""
        if self.raise_cap is not None:
            return self.raise_cap
        return 5 if rounds <= 2 else 4

    def changes(self) -> dict[str, Any]:
        """The rules that differ from the rule book's (the defaults), by field name: what
        a stored table's settings and a PHH history (``_``-fields) keep.

        >>> HouseRules(sevens_rule=False, raise_cap=3).changes()
        {'raise_cap': 3, 'sevens_rule': False}
        """
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(_RULE_BOOK, f.name)
        }

    @classmethod
    def from_changes(cls, changes: Mapping[str, Any]) -> HouseRules:
        """The rule book's rules with ``changes`` (as :meth:`changes` gives them).

        >>> HouseRules.from_changes({"open_pair": False}).open_pair
        False
        >>> HouseRules.from_changes({"open_pair": "no"})
        Traceback (most recent call last):
          ...
        straights.errors.ConfigurationError: house rule open_pair='no': give true or false
        """
        known = {f.name for f in fields(cls)}
        for name, value in changes.items():
            if name not in known:
                raise ConfigurationError(
                    f"house rule {name!r} is not one of {', '.join(sorted(known))}"
                )
            if name not in _NOT_FLAGS and type(value) is not bool:
                raise ConfigurationError(f"house rule {name}={value!r}: give true or false")
        return cls(**changes)


_RULE_BOOK = HouseRules()
#: The settings that are not true-or-false (checked by ``HouseRules`` itself).
_NOT_FLAGS = frozenset({"raise_cap", "straddle", "runs", "bomb_pot_every", "bomb_pot_ante"})


def unused_in(setting: str, variant: Variant) -> str | None:
    """Why the house rule ``setting`` (a field of :class:`HouseRules`) changes nothing in
    ``variant``, worded to follow the game's name; ``None`` when it applies.  A front end
    refuses a setting its game does not use with it.

    >>> from straights.poker.catalogue import get_variant
    >>> unused_in("raise_cap", get_variant("NT")), unused_in("raise_cap", get_variant("FT"))
    ('is not played fixed limit', None)
    >>> unused_in("sevens_rule", get_variant("FR"))
    'has no sevens rule (limit California lowball)'
    """
    from straights.poker.variant import Structure

    fixed = variant.structure is Structure.FIXED_LIMIT
    if setting in ("raise_cap", "heads_up_unlimited", "half_bet_reopens"):
        return None if fixed else "is not played fixed limit"
    if setting == "blind_is_bet":
        return None if fixed and variant.blinds else "has no blinds in a fixed-limit game"
    if setting == "lowball_check_raise":
        return None if not variant.check_raise else "allows check-raise by its rule book"
    if setting == "sevens_rule":
        return None if variant.sevens_rule else "has no sevens rule (limit California lowball)"
    if setting == "open_pair":
        return None if variant.open_pair else "has no open-pair option (seven-card stud)"
    if setting == "rule_book_odd_chip":
        return None
    raise ConfigurationError(f"{setting!r} is not a house rule of HouseRules")


#: PokerKit's reading: four bets and raises after the blinds in every fixed-limit
#: round, heads-up too; only full raises reopen; odd chips from ``p1``; no sevens
#: rule, no open-pair option.
POKERKIT = HouseRules(
    raise_cap=4,
    heads_up_unlimited=False,
    blind_is_bet=False,
    half_bet_reopens=False,
    rule_book_odd_chip=False,
    sevens_rule=False,
    open_pair=False,
)
