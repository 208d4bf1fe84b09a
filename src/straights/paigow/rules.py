"""The rules of Pai Gow poker that do not change during a deal: the pack, the hands'
values, a legal setting, a table's house rules, and how two settings compare.

The pack is 52 cards and one joker, which plays as a *bug*: an ace, or any card
that completes a straight, a flush or a straight flush.  Hands rank as the
``pai-gow`` ranking says (A-2-3-4-5, the wheel, is the second-best straight);
a two-card hand is a pair or high cards.

>>> setting = Setting.of("Ah Kd", "Qs Qh 7c 4d 2s")
>>> setting.front_value.phrase, setting.back_value.phrase
('High card, ace high', 'Pair of queens')
>>> setting.fouled
False
>>> foul = Setting.of("Qs Qh", "Ah Kd 7c 4d 2s")
>>> foul.fouled
True
>>> foul.foul_reason()
'the two-card hand (pair of queens) beats the five-card hand (ace high): a foul'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final, Literal

from straights.cards import (
    JOKER_BASE,
    Card,
    CardsLike,
    Deck,
    check_unique,
    make_deck,
    parse_cards,
)
from straights.errors import ConfigurationError, HandSizeError, IllegalActionError, PackError
from straights.rankings.base import HandValue, get_ranking

__all__ = [
    "BANK",
    "COMMISSION_RULES",
    "FOUL_RULES",
    "HOUSE_WAYS",
    "JOKER",
    "FoulError",
    "HouseWayName",
    "PaiGowRules",
    "Setting",
    "beats",
    "bet_unit",
    "commission",
    "describe",
    "hand_value",
    "in_order",
    "pack",
]

#: The bank's seat number in a deal (players sit in seats 1 to 6).
BANK: Final = 0

#: What happens to a foul (a two-card hand that beats the five-card hand).
FOUL_RULES: Final = ("refuse", "house-way", "forfeit")
Foul = Literal["refuse", "house-way", "forfeit"]

#: How the commission is counted: ``'exact'`` (exactly the percent, bets in whole
#: multiples of :attr:`PaiGowRules.bet_unit`), or ``'rounded-up'`` (to a whole chip: how
#: deals were settled before version 0.2, kept to replay what was recorded under it).
COMMISSION_RULES: Final = ("exact", "rounded-up")
CommissionRule = Literal["exact", "rounded-up"]
#: The house ways a table may choose (``paigow/house_way.py``); the first is the default.
HOUSE_WAYS: Final = ("foxwoods", "simple")
HouseWayName = Literal["foxwoods", "simple"]

#: The pack's one joker.
JOKER: Final = Card(JOKER_BASE)

_RANKING: Final = "pai-gow"
_OPTIONS: Final = {"wild": "bug"}


class FoulError(IllegalActionError):
    """A setting the table does not accept: a foul, wrong cards, or a seat that cannot set."""


def pack() -> Deck:
    """The 53-card pack: 52 cards and one joker.

    >>> len(pack()), pack()[-1].ascii()
    (53, 'Jk')
    """
    return make_deck("standard", jokers=1)


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The value of a two- or five-card Pai Gow hand (the joker as a bug).

    >>> hand_value(parse_cards("Jk 2h 3h 4h 5h")).phrase
    'Straight flush, five high (joker as A♥)'
    >>> hand_value(parse_cards("Jk Ks")).phrase
    'High card, ace high (joker as A♠)'
    """
    ranking = get_ranking(_RANKING)
    return ranking.evaluate(tuple(cards), **dict(ranking.normalise(_OPTIONS)))


def describe(value: HandValue) -> str:
    """A hand's value as words inside a sentence.

    >>> describe(hand_value(parse_cards("Jk 9d"))), describe(hand_value(parse_cards("9s 9d")))
    ('ace high (joker as A♠)', 'pair of nines')
    """
    text = value.phrase.removeprefix("High card, ")
    return text[0].lower() + text[1:]


def in_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand's cards in reading order: the combination first, then the kickers.

    >>> " ".join(c.ascii() for c in in_order(parse_cards("2h 7d Jc Js 8s")))
    'Jc Js 8s 7d 2h'
    """
    played = hand_value(cards).cards
    return played if len(played) == len(cards) else tuple(cards)


def commission(win: int, percent: int, rule: CommissionRule = "exact") -> int:
    """The house's commission on a winning bet of ``win`` chips: ``percent`` of it.

    Under the ``'exact'`` rule the bet must make it whole (5 % of a multiple of 20);
    under ``'rounded-up'`` (old records only) it is rounded up to a whole chip.

    >>> commission(20, 5), commission(100, 5), commission(2_000, 5)
    (1, 5, 100)
    >>> commission(10, 5, "rounded-up"), commission(25, 5, "rounded-up")
    (1, 2)
    >>> commission(10, 5)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: 5% of a bet of 10 is not a whole chip: ...
    """
    if rule == "rounded-up":
        return -(-win * percent // 100)
    taken, rest = divmod(win * percent, 100)
    if rest:
        raise ConfigurationError(
            f"{percent}% of a bet of {win} is not a whole chip: "
            f"bet a multiple of {bet_unit(percent)}"
        )
    return taken


def bet_unit(percent: int) -> int:
    """The smallest bet of which ``percent`` is a whole chip (every exact bet is a multiple).

    >>> bet_unit(5), bet_unit(4), bet_unit(10), bet_unit(0), bet_unit(3)
    (20, 25, 10, 1, 100)
    """
    return 100 // math.gcd(100, percent)


@dataclass(frozen=True)
class PaiGowRules:
    """A table's house rules.

    ``commission_percent`` of a winning bet goes to the house, exactly: under the
    ``commission`` rule ``'exact'`` (the default) every bet is a whole multiple of
    :attr:`bet_unit` (20 chips at 5 %), so the commission is always whole chips;
    ``'rounded-up'`` is the rule of old records (any bet, the commission rounded up
    to a chip).  ``min_bet`` is the smallest bet (20: one unit), ``max_bet`` the
    largest; ``foul`` says what a foul does: ``'refuse'`` (the table refuses it and
    the player sets again), ``'house-way'`` (the dealer sets the hand the house way)
    or ``'forfeit'`` (the bet is lost).  ``house_way`` is how the bank (and a player who
    asks) sets hands: ``'foxwoods'`` (Foxwoods' published way) or ``'simple'``.

    >>> PaiGowRules().bet_unit, PaiGowRules(commission_percent=4, min_bet=25).bet_unit
    (20, 25)
    >>> PaiGowRules(min_bet=10)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: a minimum bet of 10 is not a multiple of 20, ...
    """

    commission_percent: int = 5
    min_bet: int = 20
    max_bet: int = 10_000
    foul: Foul = "refuse"
    commission: CommissionRule = "exact"
    house_way: HouseWayName = "foxwoods"

    def __post_init__(self) -> None:
        for what, value, choices in (
            ("house way", self.house_way, HOUSE_WAYS),
            ("foul rule", self.foul, FOUL_RULES),
            ("commission rule", self.commission, COMMISSION_RULES),
        ):
            if value not in choices:
                raise ConfigurationError(f"{what} {value!r} is not one of {', '.join(choices)}")
        if not 0 <= self.commission_percent < 100:
            raise ConfigurationError(
                f"commission {self.commission_percent}% is not possible: use 0 to 99"
            )
        if not 1 <= self.min_bet <= self.max_bet:
            raise ConfigurationError(
                f"bets from {self.min_bet} to {self.max_bet} chips are not possible: "
                "the minimum must be at least 1 and at most the maximum"
            )
        for name, limit in (("minimum", self.min_bet), ("maximum", self.max_bet)):
            if limit % self.bet_unit:
                raise ConfigurationError(
                    f"a {name} bet of {limit} is not a multiple of {self.bet_unit}, "
                    f"the bet of which {self.commission_percent}% is a whole chip"
                )

    @property
    def bet_unit(self) -> int:
        """Every bet is a multiple of this: 20 at 5 % (1 under ``'rounded-up'``)."""
        return bet_unit(self.commission_percent) if self.commission == "exact" else 1

    def commission_on(self, win: int) -> int:
        """The commission on a winning bet of ``win`` chips under these rules.

        >>> PaiGowRules().commission_on(60), PaiGowRules(commission="rounded-up").commission_on(10)
        (3, 1)
        """
        return commission(win, self.commission_percent, self.commission)

    def largest_bet(self, chips: int) -> int:
        """The largest bet a stack of ``chips`` covers (0: none), at most ``max_bet``.

        >>> PaiGowRules().largest_bet(119), PaiGowRules().largest_bet(19)
        (100, 0)
        """
        bet = min(chips, self.max_bet) // self.bet_unit * self.bet_unit
        return bet if bet >= self.min_bet else 0

    def check_bet(self, bet: int, stack: int | None = None) -> None:
        """Raise :class:`ConfigurationError` unless ``bet`` is allowed and ``stack`` covers it."""
        if isinstance(bet, bool) or not isinstance(bet, int):
            raise ConfigurationError(f"a bet is a whole number of chips, not {bet!r}")
        if bet % self.bet_unit:
            raise ConfigurationError(
                f"a bet of {bet} is not a multiple of {self.bet_unit}: bets are in steps of "
                f"{self.bet_unit} so that the {self.commission_percent}% commission is whole chips"
            )
        if not self.min_bet <= bet <= self.max_bet:
            raise ConfigurationError(
                f"a bet of {bet} is outside the table's limits: {self.min_bet} to {self.max_bet}"
            )
        if stack is not None and bet > stack:
            raise ConfigurationError(f"a bet of {bet} is more than the {stack} chips in front")


@dataclass(frozen=True)
class Setting:
    """Seven cards set as a two-card hand (``front``) and a five-card hand (``back``)."""

    front: tuple[Card, ...]
    back: tuple[Card, ...]
    values: tuple[HandValue, HandValue] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.front) != 2 or len(self.back) != 5:
            raise HandSizeError(
                f"a setting is a two-card and a five-card hand, not {len(self.front)} "
                f"and {len(self.back)} cards"
            )
        check_unique((*self.front, *self.back), "in one player's seven cards")
        for card in (*self.front, *self.back):
            if not card.is_ranked and card != JOKER:
                raise PackError(f"{card.ascii()} is not in the 53-card Pai Gow pack")
        object.__setattr__(self, "values", (hand_value(self.front), hand_value(self.back)))

    @classmethod
    def of(cls, front: CardsLike, back: CardsLike) -> Setting:
        """A setting from card text: ``Setting.of("Ah Kd", "Qs Qh 7c 4d 2s")``."""
        return cls(parse_cards(front), parse_cards(back))

    @classmethod
    def split(cls, seven: Sequence[Card], front: Sequence[Card]) -> Setting:
        """Set ``seven`` cards with ``front`` (two of them) as the two-card hand.

        >>> cards = parse_cards("As Kd Qh 9c 7d 4s 2h")
        >>> Setting.split(cards, parse_cards("Kd Qh")).back_value.phrase
        'High card, ace high'
        """
        if len(seven) != 7:
            raise HandSizeError(f"a Pai Gow hand is seven cards, not {len(seven)}")
        if len(front) != 2 or len(set(front)) != 2:
            raise HandSizeError("the two-card hand is two different cards")
        for card in front:
            if card not in seven:
                raise FoulError(f"{card.ascii()} is not one of your seven cards")
        return cls(tuple(front), tuple(c for c in seven if c not in front))

    @property
    def front_value(self) -> HandValue:
        """The two-card hand's value."""
        return self.values[0]

    @property
    def back_value(self) -> HandValue:
        """The five-card hand's value."""
        return self.values[1]

    @cached_property
    def fouled(self) -> bool:
        """True when the two-card hand beats the five-card hand (a foul)."""
        return self.values[0] > self.values[1]

    def foul_reason(self) -> str:
        """Why this setting is a foul, in words."""
        front, back = self.values
        return (
            f"the two-card hand ({describe(front)}) beats the five-card hand "
            f"({describe(back)}): a foul"
        )

    def cards(self) -> tuple[Card, ...]:
        """The seven cards, the two-card hand first."""
        return (*self.front, *self.back)


def beats(player: Setting, bank: Setting) -> tuple[bool, bool]:
    """Whether the player wins the five-card and the two-card hand; copies (equal
    hands) go to the bank.

    >>> beats(Setting.of("Ah Kd", "Qs Qh 9c 4d 2s"), Setting.of("Ac Ks", "Qd Qc 9h 4c 2d"))
    (False, False)
    """
    return player.back_value > bank.back_value, player.front_value > bank.front_value
