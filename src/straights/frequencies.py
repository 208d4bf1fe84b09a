"""Exhaustive frequencies: how many hands of a deck fall in each category.

:func:`category_counts` works for every registered ranking.  Rankings that
offer a fast counter (the high family) use it; any other ranking is walked
hand by hand through its ``evaluate`` — exact, but in pure Python only tens of
thousands of hands a second, so :func:`estimate_seconds` says how long a run
will take before it starts.

>>> table = category_counts('high', 5)
>>> table.total, table.categories['straight flush'], table.distinct
(2598960, 40, 7462)
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Any

from straights.cards import Deck, make_deck
from straights.errors import HandSizeError
from straights.rankings.base import FAMILY_MODULES, HandValue, get_ranking

__all__ = ["Frequencies", "category_counts", "counted_deck", "estimate_seconds"]

Progress = Callable[[int], None] | None


@dataclass(frozen=True)
class Frequencies:
    """Counts per category, best category first, and the number of distinct values."""

    ranking: str
    n_cards: int
    deck: str
    options: dict[str, Any]
    total: int
    categories: dict[str, int]
    distinct: int

    def probability(self, category: str) -> float:
        """The chance that a random hand of the deck is in ``category``."""
        return self.categories.get(category, 0) / self.total

    def to_dict(self) -> dict[str, Any]:
        """``{"total": …, "categories": {"straight flush": 40, …}}``, as ``stats --json``."""
        return {"total": self.total, "categories": dict(self.categories)}


def counted_deck(ranking: str, deck: str | None = None, jokers: int = 0) -> Deck:
    """The deck a table enumerates: ``deck`` or the ranking's own, plus jokers."""
    return make_deck(deck or get_ranking(ranking).deck, jokers=jokers)


def _ordered(counts: dict[str, int], categories: tuple[str, ...]) -> dict[str, int]:
    rank = {name: i for i, name in enumerate(categories)}
    names = sorted(counts, key=lambda c: rank.get(c, -1), reverse=True)
    return {name: counts[name] for name in names if counts[name]}


def category_counts(
    ranking: str,
    n_cards: int,
    deck: str | None = None,
    jokers: int = 0,
    *,
    progress: Progress = None,
    **options: Any,
) -> Frequencies:
    """Count every ``n_cards``-card hand of a deck by category under ``ranking``.

    ``deck`` defaults to the ranking's deck; ``jokers`` are added to it;
    ``options`` are the ranking's house rules.  ``progress(k)`` is called as
    ``k`` more hands are counted.  Categories come out best first, and only
    those that occur.

    >>> category_counts('manila', 5).categories['flush']
    208
    """
    chosen = get_ranking(ranking)
    opts = dict(chosen.normalise(options))
    cards = counted_deck(ranking, deck, jokers)
    if not isinstance(n_cards, int) or not 1 <= n_cards <= len(cards):
        raise HandSizeError(
            f"cannot deal {n_cards!r} cards from the {cards.name} deck: choose 1 to {len(cards)}"
        )
    if chosen.counter is not None:
        counts, distinct = chosen.counter(n_cards, cards, opts, progress)
    else:
        counts, distinct = _walk(chosen.evaluate, cards, n_cards, opts, progress)
    order = tuple(_category_rank(chosen.name, counts, opts, chosen.categories))
    return Frequencies(
        ranking=chosen.name,
        n_cards=n_cards,
        deck=cards.name,
        options=opts,
        total=comb(len(cards), n_cards),
        categories=_ordered(counts, order),
        distinct=distinct,
    )


def _category_rank(
    name: str, counts: dict[str, int], opts: dict[str, Any], categories: tuple[str, ...]
) -> list[str]:
    """Categories low → high as the options order them (the ranking's own list otherwise)."""
    if _is_high(name):
        from straights.rankings.high import CAT_SHIFT, key_category
        from straights.rankings.high_family import order_for

        order = order_for(name, opts)
        return list(dict.fromkeys(key_category(order, i << CAT_SHIFT) for i in range(len(order))))
    return [c for c in categories if c in counts] + [c for c in counts if c not in categories]


def _is_high(name: str) -> bool:
    """True for the rankings of the high family (their options reorder categories)."""
    return FAMILY_MODULES.get(name) == "straights.rankings.high_family"


def _walk(
    evaluate: Callable[..., HandValue],
    cards: Deck,
    n_cards: int,
    opts: dict[str, Any],
    progress: Progress,
) -> tuple[dict[str, int], int]:
    counts: Counter[str] = Counter()
    keys: set[tuple[int, ...]] = set()
    done = 0
    for hand in itertools.combinations(cards.cards, n_cards):
        value = evaluate(hand, **opts)
        counts[value.category] += 1
        keys.add(value.key)
        done += 1
        if progress is not None and done == 8192:
            progress(done)
            done = 0
    if progress is not None and done:
        progress(done)
    return dict(counts), len(keys)


def estimate_seconds(
    ranking: str, n_cards: int, deck: str | None = None, jokers: int = 0, **options: Any
) -> float:
    """A rough (pessimistic) estimate of :func:`category_counts`' run time in seconds.

    Up to 2,000 hands are evaluated to measure the rate; the high family's
    counter only walks hands holding wild cards (and Canadian stud's), counting
    the rest by class in about a second.
    """
    chosen = get_ranking(ranking)
    opts = dict(chosen.normalise(options))
    cards = counted_deck(ranking, deck, jokers)
    walked = comb(len(cards), n_cards)
    overhead = 0.0
    if _is_high(chosen.name):
        from straights.rankings.high_family import hands_walked

        walked, overhead = hands_walked(chosen.name, n_cards, cards, opts), 1.0
    if not walked:
        return overhead
    rng = random.Random(0)
    start = time.perf_counter()
    for _ in range(_SAMPLE):
        chosen.evaluate(tuple(rng.sample(cards.cards, n_cards)), **opts)
    rate = _SAMPLE / max(time.perf_counter() - start, 1e-9)
    return overhead + walked / rate


_SAMPLE = 2000
