"""Hypothesis properties of the high rankings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from straights import evaluate
from straights.cards import Card
from straights.rankings.base import HandValue

RANKINGS = ["high", "pai-gow", "canadian"]
OPTIONS = st.fixed_dictionaries(
    {
        "wild": st.sampled_from(["fully", "bug"]),
        "natural": st.sampled_from(["ignore", "fewer-wilds", "natural-first"]),
        "five_of_a_kind": st.sampled_from(["top", "below-royal-flush", "below-straight-flush"]),
        "double_ace": st.booleans(),
    }
)
JOKERS = [Card("Jk"), Card("Jk2"), Card("Jk3")]


def hands(min_size: int = 1, max_size: int = 7, jokers: int = 0) -> st.SearchStrategy[list[Card]]:
    pool = [Card(i) for i in range(52)] + JOKERS[:jokers]
    return st.lists(st.sampled_from(pool), min_size=min_size, max_size=max_size, unique=True)


@settings(max_examples=150, deadline=None)
@given(hands(5, 7, 2), hands(5, 7, 2), hands(5, 7, 2), OPTIONS)
def test_values_are_a_total_order(a: list[Card], b: list[Card], c: list[Card], opts: dict) -> None:
    x, y, z = (evaluate(h, **opts) for h in (a, b, c))
    assert sum([x < y, x == y, x > y]) == 1
    assert (x <= y) == (not x > y)
    if x <= y and y <= z:
        assert x <= z


@settings(max_examples=150, deadline=None)
@given(hands(1, 7, 2), st.randoms(use_true_random=False), OPTIONS)
def test_card_order_never_matters(cards: list[Card], rnd: object, opts: dict) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    a, b = evaluate(cards, **opts), evaluate(shuffled, **opts)
    assert (
        a == b and a.category == b.category and a.phrase.split(" (")[0] == b.phrase.split(" (")[0]
    )


@settings(max_examples=200, deadline=None)
@given(hands(1, 6, 1), OPTIONS)
def test_adding_a_wild_card_never_makes_a_high_hand_worse(cards: list[Card], opts: dict) -> None:
    if opts["wild"] == "bug" and opts["natural"] == "natural-first":
        opts["natural"] = "ignore"  # the one documented exception, tested below
    joker = next(j for j in JOKERS if j not in cards)
    assert evaluate([*cards, joker], **opts) >= evaluate(cards, **opts)


def test_natural_first_with_a_bug_that_must_play_is_the_exception() -> None:
    """With fewer than five naturals every card plays; a bug that only makes an ace
    kicker still "uses a wild card", and natural-first puts that below natural hands."""
    opts = {"wild": "bug", "natural": "natural-first"}
    assert evaluate("Kd Qc 7h 3s Jk", **opts) < evaluate("Kd Qc 7h 3s", **opts)
    assert evaluate("Kd Qc 7h 3s Jk", wild="bug") > evaluate("Kd Qc 7h 3s", wild="bug")


@settings(max_examples=200, deadline=None)
@given(hands(1, 7, 3), OPTIONS, st.sampled_from([None, 2, 11]))
def test_explanation_cards_are_in_the_hand(cards: list[Card], opts: dict, wild_rank: int) -> None:
    value = evaluate(cards, wild_rank=wild_rank, **opts)
    assert isinstance(value, HandValue)
    assert set(value.cards) <= set(cards)
    assert len(value.cards) == min(5, len(cards))
    assert len(set(value.cards)) == len(value.cards)
    for wild, became in value.wild:
        assert wild in value.cards
        assert wild.is_joker or wild.rank == wild_rank
        assert became.is_ranked


@settings(max_examples=200, deadline=None)
@given(hands(5, 7, 2), OPTIONS, st.sampled_from([None, 2]))
def test_the_five_cards_shown_make_the_value(cards: list[Card], opts: dict, wild_rank: int) -> None:
    value = evaluate(cards, wild_rank=wild_rank, **opts)
    assert evaluate(list(value.cards), wild_rank=wild_rank, **opts) == value


@settings(max_examples=100, deadline=None)
@given(hands(1, 7), st.sampled_from(RANKINGS))
def test_natural_hands_for_every_ranking(cards: list[Card], ranking: str) -> None:
    value = evaluate(cards, ranking=ranking)
    assert set(value.cards) <= set(cards)
    assert value == evaluate(list(reversed(cards)), ranking=ranking)


def test_lookup_best_five_of_many_ranks_is_the_best_five_card_choice() -> None:
    """The lookup fills six or more cards from smaller multisets; checked against every
    five-card choice valued one by one, in every high variant."""
    import itertools
    import random

    from straights.rankings import high

    variants = [v for v in vars(high).values() if isinstance(v, high.Variant)]
    rng = random.Random(11)
    pack = [r for r in range(2, 15) for _ in range(4)]
    for variant in variants:
        order = high.category_order(variant)
        lookup = high.Lookup(variant, order)  # a fresh, empty one
        for _ in range(300):
            ranks = sorted(rng.sample(pack, rng.randint(6, 9)))
            part = sum(1 << 3 * (r - 2) for r in ranks)
            expected = max(
                high.natural_value(variant, order, five)
                for five in itertools.combinations(ranks, 5)
            )
            assert lookup.ranks_value(part) == expected, (variant, ranks)


def test_lookup_holds_every_five_card_value_without_a_flush_once_filled() -> None:
    """Before a best five of seven, the lookup holds the 6,175 five-card rank multisets
    of a full deck, each its own value, in the published counts of the 7,462 distinct
    five-card hands less the flushes and straight flushes (1,277 + 10)."""
    from collections import Counter

    from straights.rankings import high

    lookup = high.Lookup(high.STANDARD, high.standard_order())
    seven = sum(1 << 3 * (r - 2) for r in (14, 14, 13, 9, 7, 4, 2))
    lookup.ranks_value(seven)
    fives = {p: v for p, v in lookup.by_ranks.items() if len(high._multiset(p)) == 5}
    assert len(fives) == 6175
    assert len(set(fives.values())) == 6175
    by_category = Counter(high.standard_order()[v >> high.CAT_SHIFT] for v in fives.values())
    assert by_category == {
        "high card": 1277,
        "one pair": 2860,
        "two pair": 858,
        "three of a kind": 858,
        "straight": 10,
        "full house": 156,
        "four of a kind": 156,
    }
    assert lookup.by_ranks[seven] == high.natural_value(high.STANDARD, high.standard_order(),
                                                        [14, 14, 13, 9, 7])  # fmt: skip
