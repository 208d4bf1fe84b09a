"""Wild cards in high hands: the best hand five cards can make, and what each wild became.

Wild cards are jokers and cards of a designated wild rank.  **Fully wild**
cards become any card; a **bug** is an ace unless naming it otherwise
completes a straight, a flush or a straight flush (``rankings.md``).  Rather
than trying every substitution, the best hand is built category by category:

* five of a kind — every natural card of one rank (all wild: aces);
* straight (flush) — distinct natural ranks inside the strongest straight that
  holds them all; wild cards fill the gaps (``J T 9 W 7`` → 8, ``W 6 5 4 3`` → 7);
* four / three of a kind — wild cards join the highest rank they can lift;
* full house — two pair and one wild card; pair — one wild card, no pair;
* flush — wild cards take the highest ranks absent from the suit
  (``W Th 8h 5h 4h`` → A♥), or every one an ace under the double-ace rule.

Tests check this against trying every substitution.

>>> from straights.rankings.high import STANDARD, standard_order, describe_key
>>> value, became = best_wild(STANDARD, standard_order(), [(11, 1), (10, 3), (9, 0), (7, 3)], 1)
>>> describe_key(STANDARD, standard_order(), value), became
('Straight, jack high', [(8, 3)])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from straights.rankings.high import (
    FIVE_KIND,
    FLUSH,
    FULL_HOUSE,
    ONE_PAIR,
    QUADS,
    TRIPS,
    Variant,
    _straight_value,
    natural_value,
    pack_value,
)

__all__ = ["Candidate", "best_wild"]

#: A made hand: its packed value and the (rank, suit) each wild card plays as.
Candidate = tuple[int, list[tuple[int, int]]]

_SPADES = 3


def _other_suit(suits: Sequence[int]) -> int:
    """A suit for a wild card that must not make a flush by accident."""
    return next(s for s in (3, 2, 1, 0) if s not in suits[:1])


def _straights(
    variant: Variant,
    order: Sequence[str],
    naturals: Sequence[tuple[int, int]],
    w: int,
    double_ace: bool,
) -> list[Candidate]:
    """Straight, flush and straight flush candidates (wild cards free)."""
    ranks = [r for r, _ in naturals]
    suits = [s for _, s in naturals]
    present = set(ranks)
    one_suit = len(set(suits)) <= 1
    suit = suits[0] if suits else _SPADES
    out: list[Candidate] = []
    if len(present) == len(ranks):
        for strength in range(len(variant.straights) - 1, -1, -1):
            straight = variant.straights[strength]
            if present <= set(straight):
                missing = [r for r in straight if r not in present]
                if one_suit:
                    value = _straight_value(variant, order, strength, flush=True)
                    out.append((value, [(r, suit) for r in missing]))
                value = _straight_value(variant, order, strength, flush=False)
                out.append((value, [(r, _other_suit(suits)) for r in missing]))
                break
        if one_suit:
            if double_ace:
                fill = [14] * w
            else:
                fill = [r for r in reversed(variant.ranks) if r not in present][:w]
            value = pack_value(order, FLUSH, sorted([*ranks, *fill], reverse=True))
            out.append((value, [(r, suit) for r in fill]))
    return out


def _sets(
    variant: Variant, order: Sequence[str], naturals: Sequence[tuple[int, int]], w: int
) -> list[Candidate]:
    """Five/four/three of a kind, full house and pair candidates for fully wild cards."""
    ranks = [r for r, _ in naturals]
    counts = Counter(ranks)
    out: list[Candidate] = []
    if len(counts) <= 1:
        rank = ranks[0] if ranks else variant.ranks[-1]
        used = {s for _, s in naturals}
        free = [s for s in (3, 2, 1, 0) if s not in used] + [3] * 5
        out.append((pack_value(order, FIVE_KIND, (rank,)), [(rank, s) for s in free[:w]]))
        return out
    by_height = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    (r1, c1), (r2, c2) = by_height[0], by_height[1]
    # Wild cards join the rank they lift highest; ties go to the higher rank.
    best = max(counts, key=lambda r: (counts[r], r))
    size = counts[best] + w
    kickers = sorted((r for r in ranks if r != best), reverse=True)
    used = {s for r, s in naturals if r == best}
    free = [s for s in (3, 2, 1, 0) if s not in used]
    became = [(best, s) for s in free[:w]]
    if size >= 4:
        out.append((pack_value(order, QUADS, [best, *kickers]), became))
    elif size == 3:
        if w == 1 and c1 == 2 and c2 == 2:
            used_low = {s for r, s in naturals if r == r1}
            suit = next(s for s in (3, 2, 1, 0) if s not in used_low)
            out.append((pack_value(order, FULL_HOUSE, (r1, r2)), [(r1, suit)]))
        out.append((pack_value(order, TRIPS, [best, *kickers]), became))
    else:
        out.append((pack_value(order, ONE_PAIR, [best, *kickers]), became))
    return out


def best_wild(
    variant: Variant,
    order: Sequence[str],
    naturals: Sequence[tuple[int, int]],
    w: int,
    *,
    bug: bool = False,
    double_ace: bool = False,
) -> Candidate:
    """The best value of ``naturals`` (``(rank, suit)`` pairs) plus ``w`` wild cards.

    At most five cards in all; fewer than five make sets and high cards only.
    Returns the packed value and, for each wild card, the (rank, suit) it plays.
    """
    if len(naturals) + w < 5:
        return _short(variant, order, naturals, w, bug)
    candidates = _straights(variant, order, naturals, w, double_ace)
    if bug:
        aces = [r for r, _ in naturals] + [14] * w
        candidates.append((natural_value(variant, order, aces), [(14, _SPADES)] * w))
    else:
        candidates += _sets(variant, order, naturals, w)
    return max(candidates, key=lambda c: c[0])


def _short(
    variant: Variant, order: Sequence[str], naturals: Sequence[tuple[int, int]], w: int, bug: bool
) -> Candidate:
    ranks = [r for r, _ in naturals]
    if bug or not ranks:
        best = 14
    else:
        counts = Counter(ranks)
        best = max(counts, key=lambda r: (counts[r], r))
    became = [(best, _SPADES)] * w
    return natural_value(variant, order, [*ranks, *(r for r, _ in became)]), became
