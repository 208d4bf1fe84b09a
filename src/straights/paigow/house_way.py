"""The house way: how the bank sets any seven cards, and how a player may ask to.

It is **Foxwoods' published house way** for Pai Gow poker, as the Wizard of Odds
prints it (https://wizardofodds.com/games/pai-gow-poker/house-way/foxwoods/),
rule by rule; docs/games.md quotes each rule beside its test.  The rules are
tried in this order and the first that fits sets the hand.  The joker counts as
an ace in every rule except the straight-and-flush one, where it may complete
the straight or flush (it is a bug).  "Highest" means by rank.  Where a rule
names ranks and other cards of those ranks could go in front instead (which
ace: the joker or a natural one), the setting with the better five-card hand is
taken (the joker stays behind where it completes a flush); on a tie equal ranks
are taken spades, hearts, diamonds, clubs, a natural ace before the joker.

1. **Five aces** (four aces and the joker): a pair of kings goes in front if
   there is one; otherwise a pair of aces.
2. **Four of a kind**: with another pair (or three of a kind), the highest such
   pair goes in front and the four stay together.  Otherwise fours of 2 to 6
   stay together; fours of 7 to 10 stay together when a king or an ace can go in
   front (with the highest other card), and are split into two pairs when not;
   fours of jacks, queens, kings or aces are split (one pair in front).
3. **Full house, or two threes of a kind**: with two threes, a pair of the
   higher goes in front; otherwise the highest pair goes in front.
4. **Straight, flush or straight flush** (with at most one pair or three of a
   kind beside it): of the settings that keep a straight or better behind, the
   one with the best two-card hand, then the best five-card hand.  Except: with
   one pair of tens to kings and an ace, when that two-card hand holds no ace
   (nor a pair), the ace goes in front with the highest other card and the pair
   plays behind, the straight or flush given up.
5. **Three pairs**: the highest pair in front.
6. **Two pairs**: split them (the higher pair behind, the lower in front) when
   the higher is jacks or better; when it is 7s to 10s, keep both behind with an
   ace (and the highest other card) in front if there is one, else split; when it
   is 6s or lower, the same with a king or an ace.
7. **Three of a kind**: three aces are split (a pair behind, an ace and the
   highest other card in front); any other three stay behind with the two
   highest other cards in front.
8. **One pair**: the pair behind, the two highest other cards in front.
9. **No pair**: the highest card behind, the next two in front.

No rule ever fouls (the tests check every rule, and random hands by the
thousand): the five-card hand always keeps the highest combination.

**The simple way** (``house_way(seven, "simple")``) is the same list with every
exception taken out, as a table may deal it for newcomers: five aces always put
a pair of aces in front; four of a kind without another pair always stay
together (the two highest other cards in front); a straight, flush or straight
flush is always kept behind with the best two-card hand in front, whatever
pairs lie beside it, and never given up for an ace; two pairs are always split
(the lower pair in front); three aces stay together like any other three.

>>> from straights.cards import parse_cards
>>> way = house_way(parse_cards("As Kd Qh 9c 7d 4s 2h"))
>>> way.rule, " ".join(c.ascii() for c in way.setting.front)
('no pair', 'Kd Qh')
>>> way = house_way(parse_cards("Jh Js 4c 4d Ac 9s 2h"))
>>> way.rule, " ".join(c.ascii() for c in way.setting.front)
('two pairs, split', '4d 4c')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from straights.cards import Card
from straights.errors import ConfigurationError, HandSizeError
from straights.paigow.rules import HOUSE_WAYS, HouseWayName, Setting, hand_value

__all__ = ["HOUSE_WAYS", "HouseWay", "HouseWayName", "house_way"]

_ACE: Final = 14
_KING: Final = 13
_STRAIGHT_OR_BETTER: Final = frozenset(
    {"straight", "flush", "full house", "four of a kind", "straight flush", "five of a kind"}
)


@dataclass(frozen=True)
class HouseWay:
    """The house way's setting of seven cards and the name of the rule that made it."""

    setting: Setting
    rule: str


def _rank(card: Card) -> int:
    """A card's rank for grouping: the joker groups with the aces."""
    return _ACE if card.is_joker else int(card.rank or 0)


def _order(card: Card) -> tuple[int, int, int]:
    """Sort key, highest first when reversed: rank, a natural ace before the joker, suit."""
    return (_rank(card), 0 if card.is_joker else 1, int(card.suit or 0))


class _Hand:
    """Seven cards by rank: ``cards`` highest first, ``groups`` each rank's cards,
    ``sizes`` the sizes of the groups, largest (then highest) first, ``top`` the rank
    of the first group and ``second`` the size of the next, ``pairs`` the ranks of
    exactly two cards, ``odd`` the cards of no pair or more (highest first) and
    ``kicker`` the rank of the highest of them."""

    def __init__(self, seven: Sequence[Card]) -> None:
        self.seven = seven
        self.cards = sorted(seven, key=_order, reverse=True)
        self.groups: dict[int, list[Card]] = {}
        for card in self.cards:
            self.groups.setdefault(_rank(card), []).append(card)
        self.by_size = sorted(self.groups, key=lambda r: (len(self.groups[r]), r), reverse=True)
        self.sizes = [len(self.groups[r]) for r in self.by_size] + [0]
        self.top, self.second = self.by_size[0], self.sizes[1]
        self.pairs = [r for r in self.by_size if len(self.groups[r]) == 2]
        self.odd = [c for c in self.cards if len(self.groups[_rank(c)]) == 1]
        self.kicker = _rank(self.odd[0]) if self.odd else 0

    @cached_property
    def straight(self) -> Setting | None:
        """Of the settings with a straight or better behind, the one with the best
        two-card hand, then the best five-card hand (``None``: no straight)."""
        return _straight_or_better(self.seven)

    def gives_up_straight(self) -> bool:
        """One pair of tens to kings and an ace, where the straight's two-card hand
        holds no ace (nor a pair): the ace goes in front and the pair behind."""
        straight = self.straight
        return (
            self.sizes[0] == 2
            and 10 <= self.top <= _KING
            and self.kicker == _ACE
            and straight is not None
            and straight.front_value.category == "high card"
            and not any(_rank(c) == _ACE for c in straight.front)
        )


_FOXWOODS: Final = ("foxwoods",)
_SIMPLE: Final = ("simple",)
_Rule = tuple[
    str, tuple[str, ...], Callable[[_Hand], bool], Callable[[_Hand], Sequence[Card] | Setting]
]

#: The house ways as a table of cases, tried in order, the first that fits setting the
#: hand: the rule's name, the ways that have it (the simple way is the Foxwoods way with
#: every exception taken out), whether the hand fits, and what goes in front (or the
#: whole setting, for a straight kept behind).  See the module's note.
# fmt: off
_RULES: Final[tuple[_Rule, ...]] = (
    ("five aces, kings in front", _FOXWOODS,
     lambda h: h.sizes[0] == 5 and _KING in h.pairs, lambda h: h.groups[_KING]),
    ("five aces", HOUSE_WAYS, lambda h: h.sizes[0] == 5, lambda h: h.groups[_ACE][:2]),
    ("four of a kind and a pair", HOUSE_WAYS,
     lambda h: h.sizes[0] == 4 and h.second >= 2, lambda h: h.groups[h.by_size[1]][:2]),
    ("four of a kind, together", _SIMPLE, lambda h: h.sizes[0] == 4, lambda h: h.odd[:2]),
    ("four of a kind, low: together", _FOXWOODS,
     lambda h: h.sizes[0] == 4 and h.top <= 6, lambda h: h.odd[:2]),
    ("four of a kind, middle: together with a king or ace in front", _FOXWOODS,
     lambda h: h.sizes[0] == 4 and h.top <= 10 and h.kicker >= _KING, lambda h: h.odd[:2]),
    ("four of a kind, split", _FOXWOODS,
     lambda h: h.sizes[0] == 4, lambda h: h.groups[h.top][2:]),
    ("two threes of a kind", HOUSE_WAYS,
     lambda h: h.sizes[0] == h.second == 3, lambda h: h.groups[h.top][:2]),
    ("full house, split", HOUSE_WAYS,
     lambda h: h.sizes[0] == 3 and h.second == 2, lambda h: h.groups[h.pairs[0]]),
    ("straight or flush given up: ace in front, pair behind", _FOXWOODS,
     lambda h: len(h.pairs) < 2 and h.gives_up_straight(), lambda h: h.odd[:2]),
    ("straight or flush", _FOXWOODS,
     lambda h: len(h.pairs) < 2 and h.straight is not None, lambda h: h.straight or ()),
    ("straight or flush", _SIMPLE, lambda h: h.straight is not None, lambda h: h.straight or ()),
    ("three pairs", HOUSE_WAYS, lambda h: len(h.pairs) == 3, lambda h: h.groups[h.pairs[0]]),
    ("two pairs together, ace in front", _FOXWOODS,
     lambda h: len(h.pairs) == 2 and h.pairs[0] <= 10 and h.kicker == _ACE, lambda h: h.odd[:2]),
    ("two low pairs together, king or ace in front", _FOXWOODS,
     lambda h: len(h.pairs) == 2 and h.pairs[0] <= 6 and h.kicker >= _KING, lambda h: h.odd[:2]),
    ("two pairs, split", HOUSE_WAYS, lambda h: len(h.pairs) == 2, lambda h: h.groups[h.pairs[1]]),
    ("three aces, split", _FOXWOODS,
     lambda h: h.sizes[0] == 3 and h.top == _ACE, lambda h: [h.groups[_ACE][0], h.odd[0]]),
    ("three of a kind", HOUSE_WAYS, lambda h: h.sizes[0] == 3, lambda h: h.odd[:2]),
    ("one pair", HOUSE_WAYS, lambda h: h.sizes[0] == 2, lambda h: h.odd[:2]),
    ("no pair", HOUSE_WAYS, lambda h: True, lambda h: h.cards[1:3]),
)
# fmt: on


def house_way(seven: Sequence[Card], way: HouseWayName = "foxwoods") -> HouseWay:
    """Set ``seven`` cards the house way ``way``: ``"foxwoods"`` (the rules above) or
    ``"simple"`` (:data:`HOUSE_WAYS`).

    >>> from straights.cards import parse_cards
    >>> house_way(parse_cards("Ah Ad As Ac Jk Kd 3c")).rule
    'five aces'
    >>> house_way(parse_cards("Ah Ad As Ac Jk Kd Kc"), "simple").rule
    'five aces'
    """
    if way not in HOUSE_WAYS:
        raise ConfigurationError(f"house way {way!r} is not one of {', '.join(HOUSE_WAYS)}")
    if len(seven) != 7 or len(set(seven)) != 7:
        raise HandSizeError(f"the house way sets seven different cards, not {len(seven)}")
    hand = _Hand(seven)
    rule, front = next((r[0], r[3](hand)) for r in _RULES if way in r[1] and r[2](hand))
    if isinstance(front, Setting):
        return HouseWay(front, rule)
    return _done(seven, hand.cards, front, rule)


def _done(seven: Sequence[Card], cards: list[Card], front: Sequence[Card], rule: str) -> HouseWay:
    """``front`` in front, the rest behind.  The rules name ranks; where other cards of
    the same ranks could go in front instead (the joker or another ace), the best
    five-card hand decides."""
    want = sorted(map(_rank, front))
    setting = Setting.split(seven, front)
    for pair in itertools.combinations(cards, 2):
        if sorted(map(_rank, pair)) == want and set(pair) != set(front):
            other = Setting.split(seven, pair)
            if other.back_value > setting.back_value:
                setting = other
    return HouseWay(setting, rule)


def _straight_or_better(seven: Sequence[Card]) -> Setting | None:
    """Of the settings with a straight or better behind, the one with the best two-card
    hand, then the best five-card hand; ``None`` when no five cards make a straight."""
    if not _may_make_straight_or_flush(seven):
        return None
    best: tuple[tuple[int, ...], tuple[int, ...], Setting] | None = None
    for front in itertools.combinations(seven, 2):
        back = [c for c in seven if c not in front]
        if hand_value(back).category not in _STRAIGHT_OR_BETTER:
            continue
        setting = Setting.split(seven, front)
        key = (setting.front_value.key, setting.back_value.key)
        if best is None or key > best[:2]:
            best = (*key, setting)
    return None if best is None else best[2]


def _may_make_straight_or_flush(seven: Sequence[Card]) -> bool:
    """A quick test before trying every setting: five cards of a suit, or five ranks in
    a row (the ace also low), counting the joker as any card."""
    jokers = sum(1 for c in seven if c.is_joker)
    suits = [int(c.suit) for c in seven if c.suit is not None]
    if any(suits.count(s) + jokers >= 5 for s in set(suits)):
        return True
    ranks = {int(c.rank) for c in seven if c.rank is not None}
    if _ACE in ranks:
        ranks.add(1)
    return any(len(ranks & set(range(low, low + 5))) + jokers >= 5 for low in range(1, 11))
