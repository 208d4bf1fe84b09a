"""Badugi: the best set of cards of different ranks *and* different suits, ace low.

From the cards held (four in the game), the hand is the largest subset whose
cards differ pairwise in rank and in suit.  A four-card hand (a *badugi*) beats
every three-card hand, three beat two, two beat one.  Hands of the same size
compare from the highest card down, and the lower hand wins: the best is
4-3-2-A of four suits.  Suits never break ties.

:attr:`HandValue.key` is ``(size, -r1, -r2, …)`` with ``r1 > r2 > …`` the
ranks played (ace = 1), so a larger key is a better hand.

>>> from straights.rankings.base import evaluate
>>> evaluate('As 2h 3d 4c', ranking='badugi').phrase
'Four-card badugi, four high (4-3-2-A)'
>>> evaluate('Kc Qd Jh Ts', ranking='badugi') < evaluate('As 2h 3d 3c', ranking='badugi')
False
>>> evaluate('As 2s 3d 4c', ranking='badugi').category
'three-card hand'
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Final

from straights.cards import Card
from straights.errors import HandSizeError, PackError
from straights.rankings.base import HandValue, Ranking
from straights.rankings.compiled import speedups
from straights.rankings.low import RANK_SHOWN, RANK_WORDS

__all__ = ["RANKINGS", "badugi_key", "python_badugi_key"]

_SIZE_NAMES: Final = ("", "one-card hand", "two-card hand", "three-card hand", "four-card badugi")


def _low_rank(card_id: int) -> int:
    rank = (card_id >> 2) + 2
    return 1 if rank == 14 else rank


def _best(ids: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The key and the card ids of the best badugi subset."""
    for size in range(min(4, len(ids)), 0, -1):
        best: tuple[int, ...] | None = None
        best_ids: tuple[int, ...] = ()
        for combo in combinations(ids, size):
            if len({i & 3 for i in combo}) < size:
                continue
            ranks = sorted((_low_rank(i) for i in combo), reverse=True)
            if len(set(ranks)) < size:
                continue
            key = (size, *(-r for r in ranks))
            if best is None or key > best:
                best, best_ids = key, combo
        if best is not None:
            return best, best_ids
    raise HandSizeError("a badugi hand needs at least one card")  # pragma: no cover


def python_badugi_key(ids: tuple[int, ...]) -> tuple[int, ...]:
    """The key of card ids (ranked cards, at least one): larger is better.

    :func:`badugi_key` is this function, or its compiled twin when the install
    built one (:mod:`straights.rankings.compiled`).

    >>> from straights.rankings.high import ids_of
    >>> key = python_badugi_key
    >>> key(tuple(ids_of('Ah 2c 3d Ks'))) > key(tuple(ids_of('Ah 2c 3d 4d')))
    True
    """
    return _best(ids)[0]


#: The badugi key of card ids: :func:`python_badugi_key`, compiled when built.
badugi_key: Callable[[tuple[int, ...]], tuple[int, ...]] = python_badugi_key
if speedups is not None:
    speedups.fall_back_to(badugi_key=python_badugi_key)
    badugi_key = speedups.badugi_key


def _evaluate(cards: tuple[Card, ...]) -> HandValue:
    if not 1 <= len(cards) <= 7:
        raise HandSizeError(f"a badugi hand is 1 to 7 cards, not {len(cards)}")
    for card in cards:
        if not card.is_ranked:
            raise PackError(f"{card.ascii()} has no place in badugi: it is played without jokers")
    key, chosen = _best(tuple(c.id for c in cards))
    played = tuple(sorted((Card(i) for i in chosen), key=lambda c: -_low_rank(c.id)))
    size = key[0]
    letters = "-".join(RANK_SHOWN[_low_rank(c.id)] for c in played)
    top = RANK_WORDS[_low_rank(played[0].id)]
    title = _SIZE_NAMES[size]
    phrase = f"{title[0].upper()}{title[1:]}, {top} high ({letters})"
    return HandValue(
        ranking="badugi",
        options=(),
        key=key,
        category="badugi" if size == 4 else title,
        cards=played,
        phrase=phrase,
        source=cards,
    )


#: The badugi ranking, registered by :func:`~straights.rankings.base.get_ranking`.
RANKINGS: Final = (
    Ranking(
        name="badugi",
        evaluate=_evaluate,
        description="Badugi: most cards of different ranks and suits, then lowest (ace low)",
        categories=("one-card hand", "two-card hand", "three-card hand", "badugi"),
        card_counts=(4,),
    ),
)
