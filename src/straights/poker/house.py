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

from dataclasses import dataclass

from straights.errors import ConfigurationError

__all__ = ["POKERKIT", "TABLE_BETTING", "HouseRules", "house_settings"]

#: The house rules a table's settings keep (what a stored table deals again).
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


def house_settings(house: HouseRules) -> dict[str, object]:
    """The table betting of ``house`` as JSON-ready settings; ``HouseRules(**them)``
    is the same table again.

    >>> house_settings(HouseRules(straddle="button", runs=2))  # doctest: +NORMALIZE_WHITESPACE
    {'straddle': 'button', 'runs': 2, 'bomb_pot_every': 0, 'bomb_pot_ante': None,
     'double_board': False}
    """
    return {name: getattr(house, name) for name in TABLE_BETTING}
