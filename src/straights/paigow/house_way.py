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
from collections.abc import Sequence
from dataclasses import dataclass
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
    simple = way == "simple"
    if len(seven) != 7 or len(set(seven)) != 7:
        raise HandSizeError(f"the house way sets seven different cards, not {len(seven)}")
    shape = _Shape.of(seven)
    chosen = _sets_and_quads(shape, simple)
    if chosen is None and (len(shape.pairs) < 2 or simple):
        straight = _straight_or_better(seven)
        if straight is not None:
            chosen = None if simple else _straight_given_up(shape, straight)
            if chosen is None:
                return HouseWay(straight, "straight or flush")
    if chosen is None:
        chosen = _pairs_and_less(shape, simple)
    front, rule = chosen
    return _done(seven, shape.cards, front, rule)


@dataclass(frozen=True)
class _Shape:
    """Seven cards by rank: ``cards`` highest first, ``groups`` each rank's cards,
    ``by_size`` the ranks by size of group then rank (the shape of the hand, highest
    first), ``sizes`` their sizes, ``pairs`` the ranks of exactly two cards."""

    cards: list[Card]
    groups: dict[int, list[Card]]
    by_size: list[int]
    sizes: list[int]
    pairs: list[int]

    @classmethod
    def of(cls, seven: Sequence[Card]) -> _Shape:
        cards = sorted(seven, key=_order, reverse=True)
        groups: dict[int, list[Card]] = {}
        for card in cards:
            groups.setdefault(_rank(card), []).append(card)
        by_size = sorted(groups, key=lambda r: (len(groups[r]), r), reverse=True)
        sizes = [len(groups[r]) for r in by_size]
        pairs = [r for r in by_size if len(groups[r]) == 2]
        return cls(cards, groups, by_size, sizes, pairs)

    @property
    def top(self) -> int:
        return self.by_size[0]

    def singles_except(self, *ranks: int) -> list[Card]:
        return [c for c in self.cards if _rank(c) not in ranks]


_Front = tuple[Sequence[Card], str]


def _sets_and_quads(shape: _Shape, simple: bool) -> _Front | None:
    """Five aces, four of a kind, two threes of a kind and the full house; else ``None``
    (``simple``: the simple way, without the exceptions)."""
    groups, sizes, top, pairs = shape.groups, shape.sizes, shape.top, shape.pairs
    if sizes[0] == 5:
        if 13 in pairs and not simple:
            return groups[13], "five aces, kings in front"
        return groups[_ACE][:2], "five aces"
    if sizes[0] == 4:
        others = [r for r in shape.by_size[1:] if len(groups[r]) >= 2]
        if others:
            return groups[others[0]][:2], "four of a kind and a pair"
        rest = shape.singles_except(top)
        if simple:
            return rest[:2], "four of a kind, together"
        if top <= 6:
            return rest[:2], "four of a kind, low: together"
        if top <= 10 and _rank(rest[0]) >= _KING:
            return rest[:2], "four of a kind, middle: together with a king or ace in front"
        return groups[top][2:], "four of a kind, split"
    if sizes[0] == 3 and sizes[1] >= 2:
        if sizes[1] == 3:
            return groups[top][:2], "two threes of a kind"
        return groups[pairs[0]], "full house, split"
    return None


def _straight_given_up(shape: _Shape, straight: Setting) -> _Front | None:
    """A pair of tens to kings with an ace and a straight or flush: the ace in front and
    the pair behind when the straight's front would hold no ace; else ``None``."""
    if not (shape.sizes[0] == 2 and 10 <= shape.top <= _KING):
        return None
    rest = shape.singles_except(shape.top)
    if (
        _rank(rest[0]) == _ACE
        and straight.front_value.category == "high card"
        and not any(_rank(c) == _ACE for c in straight.front)
    ):
        return rest[:2], "straight or flush given up: ace in front, pair behind"
    return None


def _pairs_and_less(shape: _Shape, simple: bool) -> _Front:
    """Three pairs, two pairs, three of a kind, one pair and no pair (``simple``: the
    simple way, without the exceptions)."""
    groups, top, pairs = shape.groups, shape.top, shape.pairs
    if len(pairs) == 3:
        return groups[pairs[0]], "three pairs"
    if len(pairs) == 2:
        high, low = pairs
        rest = shape.singles_except(high, low)
        if simple:
            return groups[low], "two pairs, split"
        if high <= 10 and _rank(rest[0]) == _ACE:
            return rest[:2], "two pairs together, ace in front"
        if high <= 6 and _rank(rest[0]) >= _KING:
            return rest[:2], "two low pairs together, king or ace in front"
        return groups[low], "two pairs, split"
    if shape.sizes[0] == 3:
        rest = shape.singles_except(top)
        if top == _ACE and not simple:
            return [groups[top][0], rest[0]], "three aces, split"
        return rest[:2], "three of a kind"
    if shape.sizes[0] == 2:
        return shape.singles_except(top)[:2], "one pair"
    return shape.cards[1:3], "no pair"


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
