"""The high rankings: ``high``, ``pai-gow``, ``manila``, ``mexican``, ``short``,
``canadian``.

Every one evaluates any number of cards (best five of N; fewer than five make
pairs, trips and high cards only).  Options, the default first:

* ``wild``: ``'fully'`` | ``'bug'`` — what jokers and wild-rank cards may become;
* ``wild_rank``: ``None`` | a rank 2-14 of the deck — that rank is wild too;
* ``five_of_a_kind``: ``'top'`` | ``'below-royal-flush'`` | ``'below-straight-flush'``;
* ``double_ace``: ``False`` | ``True`` — a wild card in a flush plays as an ace;
* ``natural``: ``'ignore'`` | ``'fewer-wilds'`` | ``'natural-first'``;
* ``trips`` (``short`` only): ``'above-straight'`` | ``'below-straight'``.

``canadian`` takes no options and no wild cards.

>>> from straights.rankings.base import evaluate
>>> evaluate('Jk Th 8h 5h 4h').phrase
'Flush, ace high (joker as A♥)'
>>> evaluate('6h 7d Jc Qc Ks', ranking='mexican').category
'straight'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from math import comb
from typing import Any, Final

from straights.cards import Card, Deck
from straights.errors import HandSizeError, PackError
from straights.rankings.base import (
    CategoryCounter,
    Explanation,
    HandValue,
    Options,
    Progress,
    Ranking,
)
from straights.rankings.compiled import speedups
from straights.rankings.high import (
    CANADIAN,
    CAT_SHIFT,
    COMBO_LENGTH,
    FLUSH,
    FLUSH_ADD,
    FLUSH_TEST,
    FOUR_STRAIGHT,
    FULL_HOUSE,
    HIGH_CARD,
    MANILA,
    MEXICAN,
    ONE_PAIR,
    PACKED,
    PAI_GOW,
    QUADS,
    RANK_BITS,
    RANK_MASK,
    RANK_PART,
    ROYAL,
    SHORT,
    STANDARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TIE_MASK,
    TRIPS,
    TWO_PAIR,
    VARIANTS,
    Lookup,
    Variant,
    canadian_value,
    card_of,
    category_order,
    describe_key,
    high_key,
    key_category,
    key_ranks,
    lookup,
    natural_value,
)
from straights.rankings.wild import best_wild

__all__ = [
    "RANKINGS",
    "best_of",
    "count_classes",
    "count_natural",
    "full_key",
    "hands_walked",
    "key_function",
    "order_for",
    "python_short_key",
    "python_wild_key",
    "short_key",
    "wild_key",
]

Key = tuple[int, ...]


def _order(variant: Variant, opts: Mapping[str, Any]) -> tuple[str, ...]:
    return category_order(
        variant,
        opts.get("five_of_a_kind", "top"),
        opts.get("trips", "above-straight") == "above-straight" and variant is SHORT,
    )


def key_function(name: str = "high", **options: Any) -> Callable[[Sequence[int]], int]:
    """The fast natural-hand function of a high ranking: card ids (0..51) in, packed value out.

    No validation and no wild cards; values compare with ``<`` like
    :func:`~straights.rankings.high.high_key` (which is ``key_function('high')``).

    >>> from straights.rankings.high import ids_of
    >>> key = key_function("manila")
    >>> key(ids_of("Ah Kh Qh Jh 7h")) > key(ids_of("As Ad Ac Kd Kc"))
    True
    """
    from straights.rankings.base import get_ranking

    opts = dict(get_ranking(name).normalise(options))
    order = _order(VARIANTS[name], opts)
    if name == "short" and order == _SHORT_BELOW:
        return short_key  # compiled when built
    if name == "short" and order == _SHORT_ABOVE:
        return lambda ids: short_key(ids, True)
    return lookup(VARIANTS[name], order).value


_SHORT_BELOW: Final = _order(SHORT, {"trips": "below-straight"})
_SHORT_ABOVE: Final = _order(SHORT, {"trips": "above-straight"})


def python_short_key(ids: Sequence[int], trips_above: bool = False) -> int:
    """The ``short`` ranking's key of natural card ids (any number, no validation), three
    of a kind below a straight or (``trips_above``) above it: larger is better.

    >>> from straights.rankings.high import ids_of
    >>> flush, full = ids_of("Ah Jh 9h 8h 6h"), ids_of("As Ad Ac Kd Kc")
    >>> python_short_key(flush) > python_short_key(full)
    True
    >>> python_short_key(ids_of("Ah 6d 7c 8s 9h")) > python_short_key(ids_of("Ah Ad Ac Kd 9c"))
    True
    >>> python_short_key(ids_of("Ah 6d 7c 8s 9h"), trips_above=True) > python_short_key(
    ...     ids_of("Ah Ad Ac Kd 9c"), trips_above=True)
    False
    """
    return lookup(SHORT, _SHORT_ABOVE if trips_above else _SHORT_BELOW).value(ids)


#: :func:`python_short_key`, compiled when built (ranks below six go to Python).
short_key: Callable[..., int] = python_short_key
if speedups is not None and hasattr(speedups, "short_key"):
    speedups.fall_back_to(short_key=python_short_key)
    short_key = speedups.short_key


def python_wild_key(ids: Sequence[int], wild_rank: int | None = None, bug: bool = False) -> int:
    """The ``high`` ranking's key of card ids with wild cards (no validation): jokers and
    the cards of ``wild_rank`` are wild, fully or (``bug``) as a bug; larger is better.
    It is the registry's key (``natural`` ignored, the other options their defaults).

    >>> from straights.cards import parse_cards
    >>> ids = lambda text: [c.id for c in parse_cards(text)]
    >>> python_wild_key(ids("Jk Th 8h 5h 4h"), bug=True) == python_wild_key(ids("Ah Th 8h 5h 4h"))
    True
    >>> python_wild_key(ids("2c 2d Ks Kh Kd"), wild_rank=2) > python_wild_key(ids("As Ah Ad Ac Kd"))
    True
    """
    opts = {"wild": "bug" if bug else "fully", "wild_rank": wild_rank}
    naturals = [((i >> 2) + 2, i & 3) for i in ids if i < 52 and (i >> 2) + 2 != wild_rank]
    order = _order(STANDARD, opts)
    return best_of(STANDARD, order, naturals, len(ids) - len(naturals), opts)[1]


#: :func:`python_wild_key`, compiled when built (for five cards; others go to Python).
wild_key: Callable[..., int] = python_wild_key
if speedups is not None and hasattr(speedups, "wild_key"):
    speedups.fall_back_to(wild_key=python_wild_key)
    wild_key = speedups.wild_key


def order_for(name: str, opts: Mapping[str, Any]) -> tuple[str, ...]:
    """Category names low → high of high ranking ``name`` under ``opts``."""
    return _order(VARIANTS[name], opts)


def hands_walked(name: str, n: int, deck: Deck, opts: Mapping[str, Any]) -> int:
    """How many hands the counter evaluates one at a time (the rest it counts by class)."""
    wild_rank = opts.get("wild_rank")
    wild = sum(1 for c in deck if c.is_joker or c.rank == wild_rank)
    natural = len(deck) - wild
    if VARIANTS[name].four_card:
        return comb(len(deck), n)
    walked = sum(comb(natural, n - w) for w in range(1, min(wild, n) + 1))
    return walked if n <= 9 else walked + comb(natural, n)


def full_key(order: Sequence[str], value: int, wilds: int, natural: str) -> Key:
    """The comparable key of a packed value made with ``wilds`` wild cards.

    ``natural='fewer-wilds'`` compares the wild count after the combination
    and before the kickers (``003``: 9-9-W-5-2 loses to 9-9-9-3-2);
    ``'natural-first'`` compares it right after the category.  Only wild cards
    inside the combination count (a bug playing an ace kicker does not).
    """
    if natural == "ignore":
        return (value,)
    position = value >> CAT_SHIFT
    if natural == "natural-first":
        return (position, -wilds, value)
    length = COMBO_LENGTH[order[position]]
    combo = (value & TIE_MASK) >> (4 * (5 - length))
    return (position, combo, -wilds, value)


def _wilds_in_combination(order: Sequence[str], value: int, became: list[tuple[int, int]]) -> int:
    """Wild cards that are part of the combination: a bug playing a plain ace kicker is not."""
    name = order[value >> CAT_SHIFT]
    length = COMBO_LENGTH[name]
    if length == 5 or name in (STRAIGHT, STRAIGHT_FLUSH, ROYAL, FOUR_STRAIGHT):
        return len(became)
    combo = key_ranks(value)[:length]
    return sum(1 for rank, _ in became if rank in combo)


_SHAPES: Final[dict[str, tuple[int, ...]]] = {
    QUADS: (4, 1),
    FULL_HOUSE: (3, 2),
    TRIPS: (3, 1, 1),
    TWO_PAIR: (2, 2, 1),
    ONE_PAIR: (2, 1, 1, 1),
    HIGH_CARD: (1, 1, 1, 1, 1),
}


def _pick_five(
    variant: Variant, order: Sequence[str], value: int, cards: Sequence[tuple[int, int]]
) -> tuple[int, ...]:
    """Indices of the natural cards that make ``value`` (at most five), in reading order."""
    name = order[value >> CAT_SHIFT]
    ties = key_ranks(value)
    if name in (FLUSH, STRAIGHT_FLUSH, ROYAL):
        suits = [s for _, s in cards]
        suit = max(range(4), key=suits.count)
        cards = [(r, s) if s == suit else (0, s) for r, s in cards]
    by_rank: dict[int, list[int]] = {}
    for i, (r, _) in enumerate(cards):
        by_rank.setdefault(r, []).append(i)
    if name in (STRAIGHT, STRAIGHT_FLUSH, ROYAL):
        chosen = [by_rank[r][0] for r in variant.straights[ties[0]]]
    elif name == FLUSH:
        chosen = [by_rank[r][0] for r in ties]
    else:
        shape = _SHAPES[name]
        chosen = [i for r, k in zip(ties, shape, strict=False) for i in by_rank.get(r, [])[:k]]
    return tuple(chosen)


def best_of(
    variant: Variant,
    order: tuple[str, ...],
    naturals: Sequence[tuple[int, int]],
    wilds: int,
    opts: Mapping[str, Any],
) -> tuple[Key, int, tuple[int, ...], list[tuple[int, int]]]:
    """Best hand of natural ``(rank, suit)`` cards plus ``wilds`` wild cards.

    Returns the key, the packed value, the indices of the naturals that play,
    and what each playing wild card becomes.
    """
    natural = opts.get("natural", "ignore")
    bug = opts.get("wild", "fully") == "bug"
    double_ace = bool(opts.get("double_ace", False))
    n = len(naturals) + wilds
    if wilds == 0 and not variant.four_card:
        tab = lookup(variant, order)
        ids = [(r - 2) * 4 + s for r, s in naturals]
        value = tab.value(ids)
        return (
            full_key(order, value, 0, natural),
            value,
            _pick_five(variant, order, value, naturals),
            [],
        )
    best: tuple[Key, int, tuple[int, ...], int] | None = None
    size = min(n, 5)
    # Fully wild cards can stand in for any natural card, so when wild cards
    # never break ties every one of them plays.
    fewest = min(wilds, size) if not bug and natural == "ignore" else 0
    for w in range(min(wilds, size), fewest - 1, -1):
        for chosen in itertools.combinations(range(len(naturals)), size - w):
            cards = [naturals[i] for i in chosen]
            if variant.four_card:
                value, in_combo = canadian_value(order, cards), 0
            elif w == 0:
                one_suit = len(cards) == 5 and len({su for _, su in cards}) == 1
                value, in_combo = natural_value(variant, order, [r for r, _ in cards], one_suit), 0
            else:
                value, in_combo = _wild_value(variant, order, cards, w, bug, double_ace)
            key = full_key(order, value, in_combo, natural)
            if best is None or key > best[0]:
                best = (key, value, chosen, w)
    assert best is not None
    key, value, chosen, w = best
    became: list[tuple[int, int]] = []
    if w:
        cards = [naturals[i] for i in chosen]
        became = best_wild(variant, order, cards, w, bug=bug, double_ace=double_ace)[1]
    return key, value, chosen, became


_WILD_VALUES: dict[tuple[Any, ...], tuple[int, int]] = {}


def _wild_value(
    variant: Variant,
    order: tuple[str, ...],
    cards: Sequence[tuple[int, int]],
    w: int,
    bug: bool,
    double_ace: bool,
) -> tuple[int, int]:
    """Value and wild cards inside the combination, memoised: both depend only on
    the ranks and on whether the natural cards share one suit."""
    sig = (
        variant.name,
        order,
        bug,
        double_ace,
        w,
        tuple(sorted(r for r, _ in cards)),
        len({s for _, s in cards}) <= 1,
    )
    got = _WILD_VALUES.get(sig)
    if got is None:
        value, became = best_wild(variant, order, cards, w, bug=bug, double_ace=double_ace)
        if len(_WILD_VALUES) > 1_000_000:
            _WILD_VALUES.clear()
        got = _WILD_VALUES[sig] = (value, _wilds_in_combination(order, value, became))
    return got


def _wild_name(card: Card) -> str:
    if card.is_joker:
        n = card.id - 54
        return "joker" if n == 1 else f"joker {n}"
    return str(card)


def _play_order(
    variant: Variant, order: Sequence[str], value: int, plays: list[tuple[Card, int]]
) -> list[Card]:
    """The played cards in reading order: the combination first, kickers after."""
    name = order[value >> CAT_SHIFT]
    if name in (STRAIGHT, STRAIGHT_FLUSH, ROYAL):
        straight = variant.straights[key_ranks(value)[0]]
        return [c for c, _ in sorted(plays, key=lambda p: straight.index(p[1]))]
    if name == FOUR_STRAIGHT:
        four = variant.four_straights[key_ranks(value)[0]]
        return [c for c, _ in sorted(plays, key=lambda p: (p[1] not in four, -p[1]))]
    counts = Counter(r for _, r in plays)
    return [c for c, _ in sorted(plays, key=lambda p: (-counts[p[1]], -p[1], -p[0].id))]


_PLANS: dict[tuple[Variant, Options], tuple[tuple[str, ...], Callable[[Sequence[int]], int]]] = {}


@cache
def _deck_ids(variant: Variant) -> frozenset[int]:
    return frozenset(i for i in range(52) if (i >> 2) + 2 in variant.ranks)


def _explain_natural(
    variant: Variant, order: tuple[str, ...], value: int, cards: tuple[Card, ...]
) -> Explanation:
    pairs = [((c.id >> 2) + 2, c.id & 3) for c in cards]
    played = tuple(cards[i] for i in _pick_five(variant, order, value, pairs))
    return key_category(order, value), played, describe_key(variant, order, value), ()


def _evaluate(variant: Variant, cards: tuple[Card, ...], **opts: Any) -> HandValue:
    if not cards:
        raise HandSizeError(f"a {variant.name!r} hand needs at least one card, not none")
    wild_rank = opts.get("wild_rank")
    allowed = _deck_ids(variant)
    if wild_rank is None and not variant.four_card:
        ids = [c._id for c in cards]
        if allowed.issuperset(ids):
            # No wild card: one table look-up; the explanation waits until asked for.
            options = tuple(opts.items())
            plan = _PLANS.get((variant, options))
            if plan is None:
                order = _order(variant, opts)
                standard = variant is STANDARD and order == category_order(STANDARD)
                value_fn = high_key if standard else lookup(variant, order).value  # compiled
                plan = _PLANS[variant, options] = (order, value_fn)
            order, value_of = plan
            value = value_of(ids)
            natural = opts.get("natural", "ignore")
            return HandValue(
                variant.name,
                options,
                (value,) if natural == "ignore" else full_key(order, value, 0, natural),
                source=cards,
                explain=partial(_explain_natural, variant, order, value, cards),
            )
    naturals: list[Card] = []
    wild_cards: list[Card] = []
    for card in cards:
        i = card.id
        if i not in allowed:
            _check_card(variant, card)
            wild_cards.append(card)
        elif wild_rank is not None and (i >> 2) + 2 == wild_rank:
            wild_cards.append(card)
        else:
            naturals.append(card)
    order = _order(variant, opts)
    pairs = [((c.id >> 2) + 2, c.id & 3) for c in naturals]
    key, value, chosen, became = best_of(variant, order, pairs, len(wild_cards), opts)
    used_wilds = wild_cards[: len(became)]
    plays = [(naturals[i], pairs[i][0]) for i in chosen]
    if wild_cards or variant.four_card:
        plays += [(w, r) for w, (r, _) in zip(used_wilds, became, strict=True)]
        played = tuple(_play_order(variant, order, value, plays))
    else:
        played = tuple(c for c, _ in plays)  # already in reading order
    wild = tuple((w, card_of(r, s)) for w, (r, s) in zip(used_wilds, became, strict=True))
    phrase = describe_key(variant, order, value)
    if wild:
        phrase += " (" + ", ".join(f"{_wild_name(w)} as {c}" for w, c in wild) + ")"
    return HandValue(
        ranking=variant.name,
        options=tuple(opts.items()),
        key=key,
        category=key_category(order, value),
        cards=played,
        phrase=phrase,
        wild=wild,
        source=cards,
    )


def _check_card(variant: Variant, card: Card) -> None:
    """Raise :class:`PackError` unless ``card`` belongs to the variant's deck (jokers do)."""
    if card.is_joker:
        if variant.four_card:
            raise PackError(f"{card.ascii()} cannot play in {variant.name!r}: it has no wild cards")
        return
    if card.rank is None or card.rank not in variant.ranks:
        ranks = "".join(c for i, c in enumerate("23456789TJQKA") if i + 2 in variant.ranks)
        raise PackError(
            f"{card.ascii()} is not in the {variant.deck} deck of ranking {variant.name!r}: "
            f"its cards are ranks {ranks} in four suits"
            + ("" if variant.four_card else ", plus jokers")
        )


# ---------------------------------------------------------------- enumeration

_FOUR_ADD: Final = sum(28 << (RANK_BITS + 6 * s) for s in range(4))
_FLUSH_BITS: Final = tuple(1 << ((i >> 2) + 2 + 16 * (i & 3)) for i in range(52))


def _flush_value(tab: Lookup, s: int, f: int) -> int:
    best = tab.ranks_value(s & RANK_MASK)
    for suit in range(4):
        if (s >> (RANK_BITS + 6 * suit)) & 63 >= 5:
            best = max(best, tab.flush_value((f >> (16 * suit)) & 0xFFFF))
    return best


def count_natural(
    tab: Lookup, ids: Sequence[int], n: int, progress: Progress | None = None
) -> Counter[int]:
    """How many ``n``-card hands from ``ids`` have each packed value (every hand visited).

    Hands are walked with running sums of packed cards; the last card of hands
    that cannot hold a flush is added in bulk through ``Counter.update``.
    """
    size = len(ids)
    packed = [PACKED[i] for i in ids]
    fbits = [_FLUSH_BITS[i] for i in ids]
    suits = [i & 3 for i in ids]
    suffix = [tuple(RANK_PART[i] for i in ids[k:]) for k in range(size + 1)]
    by_suit: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
    by_ranks: Counter[int] = Counter()
    values: Counter[int] = Counter()

    def split(start: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        got = by_suit.get((start, mask))
        if got is None:
            inside = tuple(i for i in range(start, size) if mask >> suits[i] & 1)
            outside = tuple(
                RANK_PART[ids[i]] for i in range(start, size) if not mask >> suits[i] & 1
            )
            got = by_suit[(start, mask)] = (inside, outside)
        return got

    def last(start: int, s: int, f: int) -> None:
        if not (s + _FOUR_ADD) & FLUSH_TEST:
            by_ranks.update(map((s & RANK_MASK).__add__, suffix[start]))
            return
        if (s + FLUSH_ADD) & FLUSH_TEST:
            mask = 15
        else:
            high = (s + _FOUR_ADD) & FLUSH_TEST
            mask = sum(1 << k for k in range(4) if high >> (RANK_BITS + 6 * k + 5) & 1)
        inside, outside = split(start, mask)
        if outside:
            by_ranks.update(map((s & RANK_MASK).__add__, outside))
        for i in inside:
            t = s + packed[i]
            if (t + FLUSH_ADD) & FLUSH_TEST:
                values[_flush_value(tab, t, f + fbits[i])] += 1
            else:
                by_ranks[t & RANK_MASK] += 1

    def walk(start: int, depth: int, s: int, f: int) -> None:
        if depth == n - 1:
            last(start, s, f)
            return
        for i in range(start, size - (n - 1 - depth)):
            walk(i + 1, depth + 1, s + packed[i], f + fbits[i])
            if depth == 0 and progress is not None:
                progress(comb(size - 1 - i, n - 1))

    walk(0, 0, 0, 0)
    if n == 1 and progress is not None:
        progress(size)
    for rank_part, count in by_ranks.items():
        values[tab.ranks_value(rank_part)] += count
    return values


def _multisets(ranks: Sequence[int], size: int, suits: int) -> list[tuple[int, int]]:
    """Every rank multiset of ``size`` cards (at most ``suits`` per rank) as
    ``(rank part, number of ways to choose its suits)``."""
    out: list[tuple[int, int]] = []

    def grow(index: int, left: int, part: int, ways: int) -> None:
        if left == 0:
            out.append((part, ways))
            return
        if index == len(ranks):
            return
        step = 1 << (3 * (ranks[index] - 2))
        for count in range(min(suits, left) + 1):
            grow(index + 1, left - count, part + count * step, ways * comb(suits, count))

    grow(0, size, 0, 1)
    return out


def count_classes(tab: Lookup, ranks: Sequence[int], n: int) -> Counter[int]:
    """Like :func:`count_natural` for a deck of whole ranks, counted by class.

    Every rank multiset is weighted by its number of suit choices; then each
    hand holding five or more cards of one suit (one suit ``s``, its ranks, and
    a multiset of the other three suits) moves from its no-flush value to its
    best value.  Exact for ``n <= 9``, where only one suit can hold five.
    """
    if n > 9:
        raise ValueError("count_classes is exact only up to 9 cards")
    values: Counter[int] = Counter()
    for part, ways in _multisets(ranks, n, 4):
        values[tab.ranks_value(part)] += ways
    for m in range(5, n + 1):
        rest = _multisets(ranks, n - m, 3)
        for suited in itertools.combinations(ranks, m):
            bits = sum(1 << r for r in suited)
            part = sum(1 << (3 * (r - 2)) for r in suited)
            flush = tab.flush_value(bits)
            for other, ways in rest:
                plain = tab.ranks_value(part + other)
                values[plain] -= 4 * ways
                values[max(plain, flush)] += 4 * ways
    return +values


def _make_counter(
    variant: Variant,
) -> CategoryCounter:
    def counter(
        n: int, deck: Deck, opts: Mapping[str, Any], progress: Progress | None
    ) -> tuple[dict[str, int], int]:
        wild_rank = opts.get("wild_rank")
        natural = opts.get("natural", "ignore")
        order = _order(variant, opts)
        for card in deck:
            _check_card(variant, card)
        naturals = [c for c in deck if not c.is_joker and c.rank != wild_rank]
        n_wild = len(deck) - len(naturals)
        keys: Counter[Key] = Counter()
        for w in range(min(n_wild, n) + 1):
            mult = comb(n_wild, w)
            if n - w > len(naturals):
                continue
            if w == 0 and not variant.four_card:
                tab = lookup(variant, order)
                ranks = sorted({int(c.rank or 0) for c in naturals})
                if n <= 9 and len(naturals) == 4 * len(ranks):
                    values = count_classes(tab, ranks, n)
                    if progress is not None:
                        progress(comb(len(naturals), n))
                else:
                    values = count_natural(tab, [c.id for c in naturals], n, progress)
                for value, count in values.items():
                    keys[full_key(order, value, 0, natural)] += count
                continue
            pairs = [(int(c.rank or 0), int(c.suit or 0)) for c in naturals]
            # Up to five cards a value depends only on the ranks and on which cards
            # share a suit, so hands equal up to renaming suits are evaluated once.
            memo: dict[tuple[tuple[int, ...], tuple[int, ...]], Key] = {}
            done = 0
            for hand in itertools.combinations(pairs, n - w):
                if n <= 5:
                    names: dict[int, int] = {}
                    sig = (
                        tuple(r for r, _ in hand),
                        tuple(names.setdefault(s, len(names)) for _, s in hand),
                    )
                    key = memo.get(sig)
                    if key is None:
                        key = memo[sig] = best_of(variant, order, hand, w, opts)[0]
                else:
                    key = best_of(variant, order, hand, w, opts)[0]
                keys[key] += mult
                done += mult
                if progress is not None and done >= 65536:
                    progress(done)
                    done = 0
            if progress is not None and done:
                progress(done)
        counts: Counter[str] = Counter()
        for key, count in keys.items():
            counts[key_category(order, key[-1])] += count
        return dict(counts), len(keys)

    return counter


_WILD_OPTIONS: Final[dict[str, tuple[Any, ...]]] = {
    "wild": ("fully", "bug"),
    "five_of_a_kind": ("top", "below-royal-flush", "below-straight-flush"),
    "double_ace": (False, True),
    "natural": ("ignore", "fewer-wilds", "natural-first"),
}


def _ranking(variant: Variant, description: str, **extra: tuple[Any, ...]) -> Ranking:
    def evaluate(cards: tuple[Card, ...], **opts: Any) -> HandValue:
        return _evaluate(variant, cards, **opts)

    options: dict[str, tuple[Any, ...]] = {}
    if not variant.four_card:
        options = {
            "wild": _WILD_OPTIONS["wild"],
            "wild_rank": (None, *variant.ranks),
            **{k: v for k, v in _WILD_OPTIONS.items() if k != "wild"},
            **extra,
        }
    return Ranking(
        name=variant.name,
        evaluate=evaluate,
        description=description,
        categories=_order(variant, {k: v[0] for k, v in options.items()}),
        options=options,
        deck=variant.deck,
        card_counts=(5, 6, 7),
        counter=_make_counter(variant),
    )


#: The rankings of this family, registered by :func:`~straights.rankings.base.get_ranking`.
RANKINGS: Final = (
    _ranking(STANDARD, "Standard high poker hands, best five of any number of cards"),
    _ranking(PAI_GOW, "High hands, Nevada Pai Gow: the wheel is the second-best straight"),
    _ranking(MANILA, "Manila, 32 cards 7-A: flush beats full house; ace high only"),
    _ranking(MEXICAN, "Mexican stud, no 8 9 T: flush beats full house; 6-7-J-Q-K is a straight"),
    _ranking(
        SHORT,
        "Short deck, 36 cards 6-A: flush beats full house; A-6-7-8-9 is the lowest straight",
        trips=("above-straight", "below-straight"),
    ),
    _ranking(CANADIAN, "Canadian stud: four-card straight and four-card flush beat one pair"),
)
