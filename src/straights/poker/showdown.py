"""Hands at the showdown and who opens a stud street: the variant's rules applied to cards.

:func:`best_hand` evaluates a player's known cards under one
:class:`~straights.poker.variant.HandRule` through the ranking registry;
:func:`split` shares a pot between the hand rules and the winners of each;
:func:`opener_key` ranks up cards for the bring-in and the later stud streets.

>>> from straights.cards import parse_cards
>>> from straights.poker.variant import HandRule
>>> omaha = HandRule("high", hole_cards=2, board_cards=3)
>>> best_hand(omaha, parse_cards('Ah Ad Kc Qs'), parse_cards('Ac 7h 2d 9s 3c')).phrase
'Three of a kind, aces'
>>> split(11, [[0, 2], [1]])   # high half 6 for p1 and p3, low half 5 for p2
(3, 5, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import Any, Final

from straights.cards import SPECIAL_BASE, Card
from straights.poker.variant import HandRule, Opener
from straights.rankings.base import Explanation, HandValue, get_ranking
from straights.rankings.high import high_key, split_high_key
from straights.rankings.high_family import key_function, wild_key
from straights.rankings.low import ACE_TO_FIVE, ace_to_five_key, ace_to_six_key, deuce_to_seven_key
from straights.rankings.three_card import method_number, three_card_best

__all__ = ["best_hand", "best_key", "first_best", "hand_key", "opener_key", "showing_key", "split"]

_MIN_CARDS: Final = {"badugi": 1, "three-card": 3, "ace-to-three": 3}
#: High rankings whose natural hands have a fast key function.
FAST_HIGH: Final = ("high", "short", "manila", "mexican", "pai-gow")
_NO_LOW: Final = "no low"


def _evaluate(rule: HandRule, cards: tuple[Card, ...]) -> HandValue:
    ranking = get_ranking(rule.ranking)
    return ranking.evaluate(cards, **dict(ranking.normalise(dict(rule.options))))


def best_hand(rule: HandRule, hole: Sequence[Card], board: Sequence[Card]) -> HandValue | None:
    """The best hand ``rule`` allows from known ``hole`` and ``board`` cards, or ``None``
    when the cards make no hand (too few known, or no qualifying low).

    Where the ranking has a fast key function (natural cards), the value carries
    that key and is explained through the registry only when asked.
    """
    if rule.hole_cards is None and rule.board_cards is None:
        if len(hole) + len(board) < _MIN_CARDS.get(rule.ranking, 5):
            return None
        size = max(get_ranking(rule.ranking).card_counts)
        if size < 5 and len(hole) + len(board) > size:
            # A ranking of fixed-size hands (three cards): the best of every choice.
            combos = list(combinations((*hole, *board), size))
        else:
            combos = [(*hole, *board)]
    else:
        h, b = rule.hole_cards or 0, rule.board_cards or 0
        if len(hole) < h or len(board) < b:
            return None
        combos = [(*m, *t) for m in combinations(hole, h) for t in combinations(board, b)]
    fast = _fast_key(rule)
    first = [x._id for x in combos[0]]
    if fast is None or (first and max(first) >= SPECIAL_BASE and not _takes_jokers(rule)):
        value = max(_evaluate(rule, c) for c in combos)
        return None if value.category == _NO_LOW else value
    if len(combos) == 1:
        key, best = fast(first), combos[0]
    else:
        key, best = max((fast([x._id for x in c]), c) for c in combos)
    if key == 0 and rule.ranking != "high":
        return None  # the low keys give 0 to a hand that fails the qualifier

    def explain() -> Explanation:
        value = _evaluate(rule, best)
        return (value.category, value.cards, value.phrase, value.wild)

    ranking = get_ranking(rule.ranking)
    return HandValue(
        rule.ranking, ranking.normalise(dict(rule.options)), (key,), source=best, explain=explain
    )


def best_key(rule: HandRule, hole: Sequence[Card], board: Sequence[Card]) -> Any:
    """The key of :func:`best_hand` (its ``.key``; ``None`` where it gives ``None``): what
    the showdown compares, found without building a :class:`HandValue` where the rule
    has a fast key (:func:`hand_key`) and the cards are natural.

    >>> from straights.cards import parse_cards
    >>> from straights.poker.variant import HandRule
    >>> high, hole = HandRule("high"), parse_cards("Ah Ad")
    >>> board = parse_cards("Ac 7h 2d 9s 3c")
    >>> best_key(high, hole, board) == best_hand(high, hole, board).key
    True
    >>> best_key(HandRule("ace-to-five", options=(("qualifier", 8),)), hole, board) is None
    True
    """
    known = _KEYERS.get(id(rule))  # by identity: hashing the rule costs more than the key
    if known is not None and known[0] is rule:
        keyer = known[1]
    else:
        keyer = hand_key(rule)
        if len(_KEYERS) >= 256:
            _KEYERS.clear()
        _KEYERS[id(rule)] = (rule, keyer)
    if keyer is not None:
        hole_ids = _natural_ids(hole)
        board_ids = _natural_ids(board)
        if (hole_ids is None or board_ids is None) and _takes_jokers(rule):  # keyed all the same
            hole_ids, board_ids = [c._id for c in hole], [c._id for c in board]
        if hole_ids is not None and board_ids is not None:
            key = keyer(hole_ids, board_ids)
            return None if key == 0 else (key,)
    value = best_hand(rule, hole, board)
    return None if value is None else value.key


def _natural_ids(cards: Sequence[Card]) -> list[int] | None:
    """The ids of ``cards``, or ``None`` when one is not a natural card (a joker).

    >>> from straights.cards import parse_cards
    >>> _natural_ids(parse_cards("As Kd")), _natural_ids([])
    ([51, 45], [])
    """
    ids: list[int] = []
    for card in cards:
        k = card._id
        if k >= SPECIAL_BASE:
            return None
        ids.append(k)
    return ids


#: :func:`hand_key` of each rule :func:`best_key` has met, by the rule's ``id`` (the rule is
#: kept with it, so that the ``id`` stays its own).
_KEYERS: Final[
    dict[int, tuple[HandRule, Callable[[Sequence[int], Sequence[int]], int] | None]]
] = {}


#: The three-card rankings (:mod:`straights.rankings.three_card`), keyed by ``three_card_best``.
_THREE_CARD: Final = frozenset({"three-card", "ace-to-three", "deuce-to-five", "ace-to-four"})

_FAST: Final[dict[str, Callable[..., int]]] = {
    "ace-to-five": ace_to_five_key,
    "ace-to-six": ace_to_six_key,
    "deuce-to-seven": deuce_to_seven_key,
}


@cache
def _fast_key(rule: HandRule) -> Callable[[list[int]], int] | None:
    """A fast key function for natural cards (larger is better), if the ranking has one."""
    options = dict(rule.options)
    low = _FAST.get(rule.ranking)
    if low is not None:
        if set(options) <= {"qualifier"}:
            qualifier = options.get("qualifier")
            return lambda ids: low(ids, qualifier)
        return None
    if rule.ranking == "high" and not options:
        return high_key
    if rule.ranking == "high" and _takes_jokers(rule):
        wild_rank, bug = options.get("wild_rank"), options.get("wild") == "bug"
        return lambda ids: wild_key(ids, wild_rank, bug)
    if rule.ranking in _THREE_CARD and set(options) <= {"qualifier", "straights"}:
        # the best three of the cards given (of three: their key)
        method = method_number(rule.ranking, bool(options.get("straights", False)))
        qualifier = options.get("qualifier")
        return lambda ids: three_card_best(ids, method, qualifier)
    if rule.ranking in FAST_HIGH and not set(options) - {"trips"}:
        return key_function(rule.ranking, **options)
    return None


@cache
def _takes_jokers(rule: HandRule) -> bool:
    """Whether the fast key of ``rule`` takes jokers: the high ranking with wild cards and
    no other option (:func:`~straights.rankings.high_family.wild_key`), and the lows of
    :data:`_FAST` (a joker plays as the lowest rank the hand lacks); cards from anywhere.

    >>> _takes_jokers(HandRule("high", (("wild", "bug"),))), _takes_jokers(HandRule("high"))
    (True, False)
    >>> _takes_jokers(HandRule("ace-to-five", (("qualifier", 8),)))
    True
    """
    options = set(dict(rule.options))
    if rule.hole_cards is not None or rule.board_cards is not None:
        return False  # hole and board apart: natural cards only
    if rule.ranking in _FAST:
        return options <= {"qualifier"}
    return rule.ranking == "high" and bool(options) and options <= {"wild", "wild_rank"}


def hand_key(rule: HandRule) -> Callable[[Sequence[int], Sequence[int]], int] | None:
    """A fast evaluator of ``rule`` for natural cards, or ``None`` when the rule has none.

    It takes hole and board card ids and returns the key of the best hand that
    :func:`best_hand` would find (larger is better), 0 when the cards make no
    hand (a failed low qualifier, too few cards) — for samplers that need no
    names.  Jokers are not natural cards: give them to :func:`best_hand`.

    >>> from straights.cards import parse_cards
    >>> from straights.poker.variant import HandRule
    >>> omaha = hand_key(HandRule("high", hole_cards=2, board_cards=3))
    >>> ids = lambda text: [c.id for c in parse_cards(text)]
    >>> omaha(ids('Ah Ad Kc Qs'), ids('Ac 7h 2d 9s 3c')) > omaha(ids('Kh Kd Jc Qs'),
    ...     ids('Ac 7h 2d 9s 3c'))
    True
    """
    fast = _fast_key(rule)
    if fast is None:
        return None
    size = max(get_ranking(rule.ranking).card_counts)
    if rule.ranking in _THREE_CARD and rule.hole_cards is None and rule.board_cards is None:
        return lambda hole, board: fast([*hole, *board])  # 0 for fewer than three cards
    if size < 5 or (rule.hole_cards is None) != (rule.board_cards is None):
        return None
    h, b = rule.hole_cards, rule.board_cards
    if h is None or b is None:

        def anywhere(hole: Sequence[int], board: Sequence[int]) -> int:
            return fast([*hole, *board]) if len(hole) + len(board) >= 5 else 0

        return anywhere

    if fast is high_key and (h, b) == (2, 3):
        return split_high_key  # Omaha high, compiled when built
    qualifier = dict(rule.options).get("qualifier")
    if rule.ranking == "ace-to-five" and qualifier is not None:
        return _qualified_low(fast, qualifier, h, b)

    def exactly(hole: Sequence[int], board: Sequence[int]) -> int:
        if len(hole) < h or len(board) < b:
            return 0
        boards = list(combinations(board, b))
        return max(fast([*m, *t]) for m in combinations(hole, h) for t in boards)

    return exactly


def _qualified_low(
    fast: Callable[[list[int]], int], qualifier: int, h: int, b: int
) -> Callable[[Sequence[int], Sequence[int]], int]:
    """:func:`hand_key` of an ace-to-five low with a ``qualifier`` from exactly ``h`` hole
    and ``b`` board cards (Omaha hi-lo, of four or five hole cards): only five different
    ranks, each at most the qualifier, make a low, and suits never count, so one card of
    each such rank stands for all of its rank (of the 100 choices from five hole cards,
    at most 10 are tried).

    >>> from straights.cards import parse_cards
    >>> low = hand_key(HandRule("ace-to-five", (("qualifier", 8),), hole_cards=2, board_cards=3))
    >>> ids = lambda text: [c.id for c in parse_cards(text)]
    >>> low(ids("Ah 2d Kc Kd 9s"), ids("3c 4h 8d Qs Js")) > low(ids("Ah 3d"), ids("2c 5h 8d")) > 0
    True
    >>> low(ids("Ah 2d Kc Kd 9s"), ids("3c 3h 8d Qs Js"))  # two low ranks on the board
    0
    """

    def lows(ids: Sequence[int]) -> list[int]:
        """One card id of each low rank of ``ids``."""
        seen: dict[int, int] = {}
        for i in ids:
            rank = ACE_TO_FIVE.low_rank(i)
            if rank <= qualifier and rank not in seen:
                seen[rank] = i
        return list(seen.values())

    def low(hole: Sequence[int], board: Sequence[int]) -> int:
        mine, theirs = lows(hole), lows(board)
        if len(mine) < h or len(theirs) < b:
            return 0
        best = 0
        boards = list(combinations(theirs, b))
        for m in combinations(mine, h):
            for t in boards:
                key = fast([*m, *t])  # 0 where a hole rank pairs the board
                if key > best:
                    best = key
        return best

    return low


def split(
    amount: int, winners: Sequence[Sequence[int]], *, ordered: bool = False
) -> tuple[int, ...]:
    """Chips per player when ``amount`` is shared equally between the shares that have
    winners, and each share equally between its ``winners`` (player indices).

    Odd chips: the first share with winners takes the pot's remainder; within a
    share, the remainder goes to its first winner in seat order (``p1`` first).
    With ``ordered`` each share's winners are given in the order odd chips go to
    them, one chip each (Robert's: no player receives more than one odd chip).
    The result has one entry per player up to the highest index named.

    >>> split(11, [[0, 1, 2]]), split(11, [[2, 0, 1]], ordered=True)
    ((5, 3, 3), (4, 3, 4))
    """
    if ordered:
        shares = [list(w) for w in winners if w]
        size = 1 + max((i for w in shares for i in w), default=-1)
        out = [0] * size
        if not shares:
            return tuple(out)
        each, rest = divmod(amount, len(shares))
        for k, share in enumerate(shares):
            per, odd = divmod(each + (rest if k == 0 else 0), len(share))
            for n, i in enumerate(share):
                out[i] += per + (n < odd)
        return tuple(out)
    shares = [sorted(w) for w in winners if w]
    size = 0  # one more than the highest player named
    for share in shares:
        if share[-1] >= size:
            size = share[-1] + 1
    out = [0] * size
    if not shares:
        return tuple(out)
    each, rest = divmod(amount, len(shares))
    for k, share in enumerate(shares):
        part = each + (rest if k == 0 else 0)
        per, odd = divmod(part, len(share))
        for i in share:
            out[i] += per
        out[share[0]] += odd
    return tuple(out)


#: Each rank counted ace low (ace 1), by ``card id >> 2`` (2 … king, ace).
_LOW_RANK: Final = (*range(2, 14), 1)


#: The showing hand's category by the sizes of its rank groups: pair, two pair, trips, quads.
_SHOWING_CATEGORY: Final = {
    (2,): 1, (2, 1): 1, (2, 1, 1): 1, (2, 2): 2, (3,): 3, (3, 1): 3, (4,): 4
}  # fmt: skip


def _showing(ranks: list[int]) -> tuple[int, ...]:
    """The key of the up cards of ``ranks`` (each stud street asks it of every player)."""
    return _showing_sorted(tuple(sorted(ranks)))


@cache
def _showing_sorted(ranks: tuple[int, ...]) -> tuple[int, ...]:
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    return (_SHOWING_CATEGORY.get(shape, 0), *(r for r, _ in groups))


_ACE_LOW_TO_HIGH: Final = (14, *range(2, 15))
#: Four ranks in sequence, ace low (A-2-3-4) or high (J-Q-K-A).
_FOUR_STRAIGHTS: Final = tuple(frozenset(_ACE_LOW_TO_HIGH[k : k + 4]) for k in range(11))


def _canadian_showing(ids: Sequence[int]) -> tuple[int, ...]:
    """Canadian stud's showing hand of natural cards (ids): pair (3) < four-card
    straight (4) < four-card flush (5) < two pair (6) < trips (9) < quads (12), then
    the ranks."""
    ranks = [(i >> 2) + 2 for i in ids]
    category, *rest = _showing(ranks)
    scaled = 3 * category
    if len(ids) == 4 and len({i & 3 for i in ids}) == 1 and scaled < 5:
        return (5, *sorted(ranks, reverse=True))
    if len(ids) == 4 and frozenset(ranks) in _FOUR_STRAIGHTS and scaled < 4:
        top = 4 if set(ranks) == {14, 2, 3, 4} else max(ranks)
        return (4, top)
    return (scaled, *rest)


def opener_key(opener: Opener, up: Sequence[Card]) -> Any:
    """A key whose **largest** value among the players opens the betting.

    >>> from straights.cards import parse_cards
    >>> opener_key(Opener.LOWEST_UP_CARD, parse_cards('2c')) > opener_key(
    ...     Opener.LOWEST_UP_CARD, parse_cards('2d'))
    True
    >>> opener_key(Opener.BEST_LOW_SHOWING, parse_cards('Ah 3c')) > opener_key(
    ...     Opener.BEST_LOW_SHOWING, parse_cards('4h 2c'))
    True
    >>> canadian = Opener.BEST_CANADIAN_SHOWING
    >>> opener_key(canadian, parse_cards('9h Th Jc Qd')) > opener_key(
    ...     canadian, parse_cards('Ah Ad Kc Qs'))
    True
    """
    return showing_key(opener, [c.id for c in up])


_BEST_HIGH: Final = Opener.BEST_HIGH_SHOWING
_LOWEST: Final = Opener.LOWEST_UP_CARD
_HIGHEST: Final = Opener.HIGHEST_UP_CARD
_CANADIAN: Final = Opener.BEST_CANADIAN_SHOWING


def first_best(opener: Opener, showing: list[list[int]]) -> int:
    """The position in ``showing`` (the card ids each player shows, in seat order) of
    the first player whose :func:`showing_key` is the largest; 0 when nobody shows a
    natural card.

    >>> first_best(Opener.LOWEST_UP_CARD, [[20], [4], [5]]), first_best(_BEST_HIGH, [[], []])
    (1, 0)
    """
    if opener is _LOWEST:  # the lowest card id is the lowest rank, then suit
        lows = [min(ids) if ids else SPECIAL_BASE for ids in showing]
        low = min(lows)
        return 0 if low >= SPECIAL_BASE else lows.index(low)
    best, first = None, 0
    for k, ids in enumerate(showing):
        key = showing_key(opener, ids)
        if key is not None and (best is None or key > best):
            best, first = key, k
    return first


def showing_key(opener: Opener, ids: list[int]) -> Any:
    """:func:`opener_key` of the cards of ``ids`` (card ids: asked of every player on
    every stud street, it reads rank and suit from the ids)."""
    if not ids:
        return None
    if max(ids) >= SPECIAL_BASE:
        ids = [i for i in ids if i < SPECIAL_BASE]  # the natural cards
        if not ids:
            return None
    if opener is _BEST_HIGH:
        return _showing_sorted(tuple(sorted([(i >> 2) + 2 for i in ids])))
    if opener is _LOWEST:  # the lowest card: rank, then suit, as the id orders them
        low = min(ids)
        return (-(low >> 2) - 2, -(low & 3))
    if opener is _HIGHEST:
        return max((_LOW_RANK[i >> 2], i & 3) for i in ids)
    if opener is _CANADIAN:
        return _canadian_showing(ids)
    low_ranks = _showing_sorted(tuple(sorted([_LOW_RANK[i >> 2] for i in ids])))
    return tuple(-x for x in low_ranks)
