"""Perft for the high rankings: exhaustive frequency tables against published figures.

Every expected number below is copied from the source cited next to it (or,
where no table is published, from the closed-form count written beside it);
none is computed by the code under test.
"""

from __future__ import annotations

from math import comb

import pytest

from straights.frequencies import count
from straights.rankings.high import STANDARD, category_order, key_category, lookup
from straights.rankings.high_family import count_classes, count_natural

# seeds/003_*.txt (Parlett's table, "orthodox Poker combinations … in a 52-card pack");
# 7,462 distinct values: Cactus Kev, "Poker Hand Evaluator" (suffe.cool/poker/evaluator.html).
FIVE_CARD = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three of a kind": 54912,
    "two pair": 123552,
    "one pair": 1098240,
    "high card": 1302540,
}

# Brian Alspach, "6-Card Poker Hands" (people.math.sfu.ca/~alspach/comp19), 20,358,520 hands.
SIX_CARD = {
    "straight flush": 1844,
    "four of a kind": 14664,
    "full house": 165984,
    "flush": 205792,
    "straight": 361620,
    "three of a kind": 732160,
    "two pair": 2532816,
    "one pair": 9730740,
    "high card": 6612900,
}

# Wikipedia, "Poker probability", 7-card poker hands (133,784,560 hands, 4,824 distinct).
SEVEN_CARD = {
    "straight flush": 41584,
    "four of a kind": 224848,
    "full house": 3473184,
    "flush": 4047644,
    "straight": 6180020,
    "three of a kind": 6461620,
    "two pair": 31433400,
    "one pair": 58627800,
    "high card": 23294460,
}

# Brian Alspach, "Bring On The Jokers", Poker Digest 4(18), 2001
# (people.math.sfu.ca/~alspach/mag79): the four-card hands of a 52-card deck.
FOUR_CARD = {
    "four of a kind": 13,
    "three of a kind": 2496,
    "two pair": 2808,
    "one pair": 82368,
    "high card": 183040,
}

# One joker, fully wild, 53 cards, 2,869,685 hands: DataGenetics, "Poker odds with wild
# cards" (datagenetics.com/blog/september32016), and Wizard of Odds, "Poker Probabilities".
ONE_JOKER = {
    "five of a kind": 13,
    "straight flush": 204,
    "four of a kind": 3120,
    "full house": 6552,
    "flush": 7804,
    "straight": 20532,
    "three of a kind": 137280,
    "two pair": 123552,
    "one pair": 1268088,
    "high card": 1302540,
}

# Deuces wild, fully wild, no double-ace flush: Cactus Kev, "Enumerating Wild Card Hands"
# (suffe.cool/poker/wild.html), after Scarne's Guide to Modern Poker.
DEUCES_WILD = {
    "five of a kind": 672,
    "straight flush": 2552,
    "four of a kind": 31552,
    "full house": 12672,
    "flush": 14472,
    "straight": 62232,
    "three of a kind": 355080,
    "two pair": 95040,
    "one pair": 1225008,
    "high card": 799680,
}


def _manila_closed_form() -> dict[str, int]:
    """The 32-card deck (ranks 7-A, 8 ranks, straights 7-J … T-A only: 4 of them).

    The standard closed forms for a deck of R ranks in 4 suits (as published in
    D. R. Adaskin, "Poker Odds for Arbitrary Decks", 2004, adaskin.com/Play/Poker),
    with R = 8 and Manila's ace-high-only straights: 4 runs instead of R - 3 = 5.
    """
    straights = 4
    return {
        "straight flush": 4 * straights,
        "four of a kind": 8 * 7 * 4,
        "flush": 4 * comb(8, 5) - 4 * straights,
        "full house": 8 * 4 * 7 * 6,
        "straight": straights * (4**5 - 4),
        "three of a kind": 8 * 4 * comb(7, 2) * 16,
        "two pair": comb(8, 2) * 36 * 6 * 4,
        "one pair": 8 * 6 * comb(7, 3) * 64,
        "high card": (comb(8, 5) - straights) * (4**5 - 4),
    }


def test_five_card_table_of_seed_003_and_7462_classes() -> None:
    table = count("high", 5)
    assert table.total == 2598960
    assert table.categories == FIVE_CARD
    assert list(table.categories) == list(FIVE_CARD)  # best first, as 003 prints it
    assert table.distinct == 7462


def test_five_card_table_by_visiting_every_hand() -> None:
    """The walk visits all 2,598,960 hands; it must agree with the class counting."""
    order = category_order(STANDARD)
    values = count_natural(lookup(STANDARD, order), list(range(52)), 5)
    counts: dict[str, int] = {}
    for value, n in values.items():
        counts[key_category(order, value)] = counts.get(key_category(order, value), 0) + n
    assert counts == FIVE_CARD
    assert len(values) == 7462
    assert values == count_classes(lookup(STANDARD, order), list(range(2, 15)), 5)


def test_four_card_table() -> None:
    table = count("high", 4)
    assert table.total == 270725
    assert table.categories == FOUR_CARD


@pytest.mark.slow
def test_six_card_table() -> None:
    table = count("high", 6)
    assert table.total == 20358520
    assert table.categories == SIX_CARD


@pytest.mark.slow
def test_six_card_table_by_visiting_every_hand() -> None:
    order = category_order(STANDARD)
    values = count_natural(lookup(STANDARD, order), list(range(52)), 6)
    assert sum(values.values()) == 20358520
    assert values == count_classes(lookup(STANDARD, order), list(range(2, 15)), 6)


@pytest.mark.slow
def test_seven_card_table_and_4824_classes() -> None:
    table = count("high", 7, kernel=False)  # the readable path (the kernel: test_fast_*)
    assert table.total == 133784560
    assert table.categories == SEVEN_CARD
    assert table.distinct == 4824


def test_one_joker_fully_wild() -> None:
    table = count("high", 5, jokers=1)
    assert table.total == 2869685
    assert table.categories == ONE_JOKER


def test_deuces_wild() -> None:
    table = count("high", 5, wild_rank=2)
    assert table.total == 2598960
    assert table.categories == DEUCES_WILD


def test_manila_32_card_deck() -> None:
    table = count("manila", 5)
    assert table.total == 201376 == comb(32, 5)
    assert table.categories == _manila_closed_form()
    # Flush ranks above full house in Manila (seed 004), so it is listed first.
    names = list(table.categories)
    assert names.index("flush") < names.index("full house")


def test_mexican_stud_deck() -> None:
    """40 cards, 10 ranks; straights are 6 runs across the gap plus the wheel = 7."""
    table = count("mexican", 5)
    straights = 7
    assert table.total == comb(40, 5)
    assert table.categories["straight flush"] == 4 * straights
    assert table.categories["straight"] == straights * (4**5 - 4)
    assert table.categories["flush"] == 4 * comb(10, 5) - 4 * straights
    assert table.categories["high card"] == (comb(10, 5) - straights) * (4**5 - 4)


def test_short_deck() -> None:
    """36 cards, 9 ranks; straights A-6-7-8-9 up to T-A: 6 of them."""
    table = count("short", 5)
    straights = 6
    assert table.total == comb(36, 5)
    assert table.categories["straight"] == straights * (4**5 - 4)
    assert table.categories["flush"] == 4 * comb(9, 5) - 4 * straights
    assert table.categories["full house"] == 9 * 4 * 8 * 6
    names = list(table.categories)
    assert names.index("three of a kind") < names.index("straight")  # trips above by default
    below = list(count("short", 5, trips="below-straight").categories)
    assert below.index("straight") < below.index("three of a kind")


def test_pai_gow_only_moves_the_wheel() -> None:
    table = count("pai-gow", 5)
    assert table.categories == FIVE_CARD
    assert table.distinct == 7462


def test_fewer_cards_and_probability() -> None:
    two = count("high", 2)
    assert two.categories == {"one pair": 13 * 6, "high card": comb(52, 2) - 78}
    assert two.probability("one pair") == pytest.approx(1 / 17)
    assert count("high", 1).categories == {"high card": 52}


def test_generic_walk_for_rankings_without_a_counter() -> None:
    """A ranking registered without a counter is walked hand by hand, with progress."""
    from dataclasses import replace

    from straights.rankings.base import get_ranking, register

    register(replace(get_ranking("manila"), name="manila-generic", counter=None))
    seen: list[int] = []
    table = count("manila-generic", 4, deck="manila", progress=seen.append)
    assert sum(seen) == comb(32, 4)
    # Four-card hands of 8 ranks: closed forms.
    assert table.categories == {
        "four of a kind": 8,
        "three of a kind": 8 * 4 * 7 * 4,
        "two pair": comb(8, 2) * 36,
        "one pair": 8 * 6 * comb(7, 2) * 16,
        "high card": comb(8, 4) * 4**4,
    }


def test_one_joker_as_a_bug() -> None:
    """The joker is an ace unless it completes a straight or flush (Pai Gow's joker).

    The table is printed by Wizard of Odds, "Poker Probabilities" (5-card stud
    with one partially wild card); the counts below are re-derived in closed form.
    """
    table = count("high", 5, jokers=1, wild="bug")
    natural = FIVE_CARD
    assert table.total == 2869685
    assert table.categories["five of a kind"] == 1  # four aces and the joker
    # The bug completes straights and flushes exactly as a fully wild card does.
    assert table.categories["straight flush"] == ONE_JOKER["straight flush"]
    assert table.categories["flush"] == ONE_JOKER["flush"]
    assert table.categories["straight"] == ONE_JOKER["straight"]
    # Quads: natural, or three aces + bug + any of 48, or non-ace quads + bug (ace kicker).
    assert table.categories["four of a kind"] == natural["four of a kind"] + 4 * 48 + 12
    # Full house: natural, or A-A + another pair + bug, or trips + one ace + bug.
    assert table.categories["full house"] == natural["full house"] + 6 * 12 * 6 + 12 * 4 * 4
    # Two pair: natural, or two non-ace pairs + bug, or a non-ace pair + one ace + a
    # fifth card of another rank + bug.
    assert table.categories["two pair"] == (
        natural["two pair"] + comb(12, 2) * 36 + 12 * 6 * 4 * 44
    )
    assert table.categories == {
        "five of a kind": 1,
        "straight flush": 204,
        "four of a kind": 828,
        "full house": 4368,
        "flush": 7804,
        "straight": 20532,
        "three of a kind": 63360,
        "two pair": 138600,
        "one pair": 1215024,
        "high card": 1418964,
    }


@pytest.mark.slow
def test_canadian_stud_five_card_table() -> None:
    """No published table found; the new categories come out of the old two, and the
    four-card flush has a closed form: exactly four of one suit (4 · C(13,4) · 39)
    minus the straights among them (10 straights · 5 odd cards · 4 suits · 3 others)."""
    table = count("canadian", 5)
    assert table.total == 2598960
    for name in ("straight flush", "four of a kind", "full house", "flush", "straight"):
        assert table.categories[name] == FIVE_CARD[name]
    assert table.categories["three of a kind"] == FIVE_CARD["three of a kind"]
    assert table.categories["two pair"] == FIVE_CARD["two pair"]
    assert table.categories["four-card flush"] == 4 * comb(13, 4) * 39 - 10 * 5 * 4 * 3
    assert (
        table.categories["four-card flush"]
        + table.categories["four-card straight"]
        + table.categories["one pair"]
        + table.categories["high card"]
        == FIVE_CARD["one pair"] + FIVE_CARD["high card"]
    )
    names = list(table.categories)
    assert (
        names.index("two pair")
        < names.index("four-card flush")
        < names.index("four-card straight")
        < names.index("one pair")
    )


def test_estimates_warn_about_long_walks() -> None:
    from straights.cards import make_deck
    from straights.frequencies import estimate_seconds
    from straights.rankings.high_family import hands_walked

    assert estimate_seconds("high", 7) < 5  # nothing walked: counted by class
    # With one joker every hand holding it is walked: C(52, 6) = 20,358,520 of them,
    # far beyond the 30 s after which the CLI warns (the rate itself is not asserted).
    deck = make_deck("standard", jokers=1)
    assert hands_walked("high", 7, deck, {"wild_rank": None}) == 20_358_520
    assert estimate_seconds("high", 7, jokers=1) > 30
