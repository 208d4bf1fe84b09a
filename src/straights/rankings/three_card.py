"""Three-card hands: high (with or without straights and flushes) and three lows.

``004`` names them: three-card high hands are ranked "either with or without
straights and flushes"; three-card lows use the three five-card low methods,
which on three cards become ace-to-three, deuce-to-five and ace-to-four.

* ``three-card`` (high), option ``straights``: ``False`` (default; Chinese
  poker's no pair < pair < three of a kind) or ``True`` (Mambo stud's no pair <
  pair < flush < straight < three of a kind < straight flush).  A-2-3 and
  Q-K-A are straights, K-A-2 is not.
* ``ace-to-three``: ace low, straights and flushes ignored; best 3-2-A.
* ``deuce-to-five``: ace high, straights and flushes count against you in the
  three-card order above; A-2-3 is no straight; best 5-3-2 unsuited.
* ``ace-to-four``: ace low, straights and flushes count; A-2-3 is a straight,
  Q-K-A is not (the ace never plays high); best 4-2-A unsuited.

The lows take the option ``qualifier``: ``None`` or ``6``, "six or better",
which ``004`` gives as the three-card equivalent of an eight-or-better low.
A hand is exactly three cards of the 52-card pack.

>>> from straights.rankings.base import evaluate
>>> evaluate('Qs Kd Ah', ranking='three-card', straights=True).phrase
'Straight, ace high (A-K-Q)'
>>> evaluate('Qs Kd Ah', ranking='three-card').phrase
'Ace-king high (A-K-Q)'
>>> evaluate('3c 2d Ah', ranking='ace-to-three').phrase
'Three-deuce low (3-2-A)'
>>> evaluate('3c 2d Ah', ranking='ace-to-four').category
'straight'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from straights.cards import SPECIAL_BASE, Card, check_unique
from straights.errors import HandSizeError, PackError
from straights.rankings.base import HandValue, Ranking
from straights.rankings.compiled import speedups
from straights.rankings.low import RANK_PLURALS, RANK_SHOWN, RANK_WORDS, high_name

__all__ = [
    "ACE_TO_FOUR",
    "ACE_TO_THREE",
    "DEUCE_TO_FIVE",
    "METHODS",
    "RANKINGS",
    "THREE_CARD_HIGH",
    "ThreeCardMethod",
    "evaluate_three",
    "method_number",
    "python_three_card_best",
    "three_card_best",
    "three_card_key",
]

HAND_SIZE: Final = 3
_HIGH_CARD, _PAIR, _FLUSH, _STRAIGHT, _TRIPS, _SFLUSH = range(6)
_NAMES: Final = (
    "high card",
    "one pair",
    "flush",
    "straight",
    "three of a kind",
    "straight flush",
)
_KEY_BASE: Final = 1 << 16


@dataclass(frozen=True)
class ThreeCardMethod:
    """A three-card ranking: high or low, the ace's place, whether straights count."""

    name: str
    low: bool
    ace_low: bool
    counts_straights: bool
    best: str
    wheel: bool = False  # an ace-high method that still lets A-2-3 be a straight

    def rank(self, card_id: int) -> int:
        rank = (card_id >> 2) + 2
        return 1 if rank == 14 and self.ace_low else rank


ACE_TO_THREE: Final = ThreeCardMethod("ace-to-three", True, True, False, "3-2-A")
DEUCE_TO_FIVE: Final = ThreeCardMethod("deuce-to-five", True, False, True, "5-3-2 unsuited")
ACE_TO_FOUR: Final = ThreeCardMethod("ace-to-four", True, True, True, "4-2-A unsuited")
_HIGH_PLAIN: Final = ThreeCardMethod("three-card", False, False, False, "A-A-A")
_HIGH_STRAIGHTS: Final = ThreeCardMethod("three-card", False, False, True, "A-K-Q suited", True)


def _strength(ids: Sequence[int], method: ThreeCardMethod) -> tuple[int, list[int]]:
    """High-hand strength of three cards under the method's ace and straight rules.

    Returns the strength (larger is a stronger *high* hand) and the ranks in
    display order.
    """
    ranks = sorted((method.rank(i) for i in ids), reverse=True)
    a, b, c = ranks
    if a == c:
        cat = _TRIPS
    elif a == b or b == c:
        cat = _PAIR
        if b == c:  # the pair first
            ranks = [b, c, a]
    else:
        cat = _HIGH_CARD
        if method.counts_straights:
            straight = a - c == 2
            if method.wheel and ranks == [14, 3, 2]:
                straight, ranks = True, [3, 2, 14]
            flush = len({i & 3 for i in ids}) == 1
            if straight:
                cat = _SFLUSH if flush else _STRAIGHT
            elif flush:
                cat = _FLUSH
    top = 3 if cat in (_STRAIGHT, _SFLUSH) and ranks[0] == 3 else ranks[0]
    value = cat << 12 | top << 8 | ranks[1] << 4 | ranks[2]
    return value, ranks


def _qualifies(value: int, qualifier: int | None) -> bool:
    return qualifier is None or value < (qualifier + 1) << 8


def three_card_key(
    ids: Sequence[int], method: ThreeCardMethod, qualifier: int | None = None
) -> int:
    """The key of three distinct ranked card ids (no validation); larger is better.

    For lows, ``0`` means the hand fails the qualifier.

    >>> three_card_key([0, 4, 48], ACE_TO_THREE) > three_card_key([0, 4, 8], ACE_TO_THREE)
    True
    """
    value, _ = _strength(ids, method)
    if not method.low:
        return value
    return _KEY_BASE - value if _qualifies(value, qualifier) else 0


#: Every method, numbered for :func:`three_card_best` (and ``_speedups.c``) by place.
METHODS: Final = (ACE_TO_THREE, DEUCE_TO_FIVE, ACE_TO_FOUR, _HIGH_PLAIN, _HIGH_STRAIGHTS)


def method_number(ranking: str, straights: bool = False) -> int:
    """The place in :data:`METHODS` of ``ranking`` (``straights``: the high one's option).

    >>> METHODS[method_number("ace-to-three")] is ACE_TO_THREE
    True
    >>> METHODS[method_number("three-card", straights=True)].counts_straights
    True
    """
    if ranking == "three-card":
        return 4 if straights else 3
    return [m.name for m in METHODS].index(ranking)


def python_three_card_best(ids: Sequence[int], method: int, qualifier: int | None = None) -> int:
    """The key of the best three of ``ids`` (distinct ranked card ids, no validation)
    under ``METHODS[method]``: the largest :func:`three_card_key` of any three, ``0``
    for fewer than three cards or a low that fails the qualifier with every three.

    >>> from straights.rankings.high import ids_of
    >>> low = method_number("ace-to-three")
    >>> python_three_card_best(ids_of("Ah Kd 2c 3s"), low, 6) == three_card_key(
    ...     ids_of("Ah 2c 3s"), ACE_TO_THREE, 6)
    True
    >>> python_three_card_best(ids_of("Ah Kd 7c 9s"), low, 6)  # no three of six or better
    0
    """
    chosen = METHODS[method]
    return max((three_card_key(c, chosen, qualifier) for c in combinations(ids, 3)), default=0)


#: :func:`python_three_card_best`, compiled when built.
three_card_best: Callable[..., int] = python_three_card_best
if speedups is not None and hasattr(speedups, "three_card_best"):
    speedups.fall_back_to(three_card_best=python_three_card_best)
    three_card_best = speedups.three_card_best


def _describe(value: int, ranks: list[int], method: ThreeCardMethod) -> tuple[str, str]:
    cat = value >> 12
    cards = "-".join(RANK_SHOWN[r] for r in ranks)
    top = ranks[0]
    if cat == _HIGH_CARD:
        if method.low:
            name = f"{RANK_WORDS[top]}-{RANK_WORDS[ranks[1]]} low".capitalize()
            category = high_name(top)
        else:
            name = f"{RANK_WORDS[top]}-{RANK_WORDS[ranks[1]]} high".capitalize()
            category = _NAMES[cat]
        return category, f"{name} ({cards})"
    text = {
        _PAIR: f"Pair of {RANK_PLURALS[top]}",
        _FLUSH: f"Flush, {RANK_WORDS[top]} high",
        _STRAIGHT: f"Straight, {RANK_WORDS[top]} high",
        _TRIPS: f"Three {RANK_PLURALS[top]}",
        _SFLUSH: f"Straight flush, {RANK_WORDS[top]} high",
    }[cat]
    return _NAMES[cat], f"{text} ({cards})"


def evaluate_three(
    cards: Sequence[Card], method: ThreeCardMethod, *, qualifier: int | None = None
) -> HandValue:
    """Evaluate exactly three cards; see the module docstring.

    >>> from straights.cards import parse_cards
    >>> evaluate_three(parse_cards('4c 3d 2h'), DEUCE_TO_FIVE).category
    'straight'
    """
    if len(cards) != HAND_SIZE:
        raise HandSizeError(f"a {method.name} hand is exactly 3 cards, not {len(cards)}")
    check_unique(cards, "in the hand")
    for card in cards:
        if card.id >= SPECIAL_BASE:
            raise PackError(
                f"{card.ascii()} is not in the 52-card pack: {method.name} hands use ranked "
                "cards only (no jokers or special cards)"
            )
    ids = [c.id for c in cards]
    value, ranks = _strength(ids, method)
    category, phrase = _describe(value, ranks, method)
    key = three_card_key(ids, method, qualifier)
    if method.low and key == 0:
        category = "no low"
        phrase = f"No low: {phrase[0].lower()}{phrase[1:]} does not qualify (six or better)"
    order = sorted(cards, key=lambda c: (ranks.index(method.rank(c.id)), -c.id))
    if method.low:
        options: tuple[tuple[str, object], ...] = (("qualifier", qualifier),)
    else:
        options = (("straights", method.counts_straights),)
    return HandValue(
        ranking=method.name,
        options=options,
        key=(key,),
        category=category,
        cards=tuple(order),
        phrase=phrase,
        source=tuple(cards),
    )


def _evaluate_high(cards: tuple[Card, ...], straights: bool = False) -> HandValue:
    return evaluate_three(cards, _HIGH_STRAIGHTS if straights else _HIGH_PLAIN)


def _low_categories(method: ThreeCardMethod) -> tuple[str, ...]:
    made = ["straight flush", "three of a kind", "straight", "flush", "one pair"]
    if not method.counts_straights:
        made = ["three of a kind", "one pair"]
    best_top = {"ace-to-three": 3, "deuce-to-five": 5, "ace-to-four": 4}[method.name]
    worst_top = 13 if method.ace_low else 14
    tops = [high_name(t) for t in range(worst_top, best_top - 1, -1)]
    return ("no low", *made, *tops)


THREE_CARD_HIGH: Final = Ranking(
    name="three-card",
    evaluate=_evaluate_high,
    description="Three-card high: no pair < pair < three of a kind; with straights=True "
    "flush < straight < three of a kind < straight flush above the pair",
    categories=_NAMES,
    options={"straights": (False, True)},
    deck="standard",
    card_counts=(3,),
)


def _low_ranking(method: ThreeCardMethod) -> Ranking:
    def _evaluate(cards: tuple[Card, ...], qualifier: int | None = None) -> HandValue:
        return evaluate_three(cards, method, qualifier=qualifier)

    return Ranking(
        name=method.name,
        evaluate=_evaluate,
        description=f"Three-card {method.name} low: best hand {method.best}",
        categories=_low_categories(method),
        options={"qualifier": (None, 6)},
        deck="standard",
        card_counts=(3,),
    )


#: The rankings of this family, registered by :func:`~straights.rankings.base.get_ranking`.
RANKINGS: Final = (
    THREE_CARD_HIGH,
    *(_low_ranking(method) for method in (ACE_TO_THREE, DEUCE_TO_FIVE, ACE_TO_FOUR)),
)
