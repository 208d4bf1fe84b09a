"""Hypothesis properties of the Straights ranking and showdown."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from straights import showdown
from straights.cards import Card, make_deck
from straights.rankings.straights import make_hand

PACKS = {55: make_deck("straights").cards, 52: make_deck("standard").cards}


@st.composite
def deals(
    draw: st.DrawFn, min_players: int = 2, max_players: int = 10
) -> tuple[int, list[tuple[Card, Card]], tuple[Card, ...]]:
    pack = draw(st.sampled_from([55, 52]))
    players = draw(st.integers(min_players, max_players))
    cards = draw(st.permutations(PACKS[pack]))
    holes = [(cards[2 * i], cards[2 * i + 1]) for i in range(players)]
    return pack, holes, tuple(cards[2 * players : 2 * players + 5])


@settings(max_examples=300)
@given(deals(), st.randoms(use_true_random=False))
def test_card_order_never_matters(
    deal: tuple[int, list[tuple[Card, Card]], tuple[Card, ...]], rnd: object
) -> None:
    import random

    assert isinstance(rnd, random.Random)
    pack, holes, table = deal
    base = showdown(holes, table, pack=pack)
    shuffled_table = list(table)
    rnd.shuffle(shuffled_table)
    swapped = [(b, a) for a, b in holes]
    again = showdown(swapped, shuffled_table, pack=pack)
    assert [v.key for v in again.values] == [v.key for v in base.values]
    assert (again.winner, again.reason) == (base.winner, base.reason)
    # Reordering the players moves the winner with them.
    order = list(range(len(holes)))
    rnd.shuffle(order)
    moved = showdown([holes[i] for i in order], table, pack=pack)
    expected = None if base.winner is None else order.index(base.winner)
    assert moved.winner == expected


@settings(max_examples=300)
@given(deals(min_players=3, max_players=3))
def test_order_is_total_and_consistent(
    deal: tuple[int, list[tuple[Card, Card]], tuple[Card, ...]],
) -> None:
    pack, holes, table = deal
    a, b, c = (make_hand(h, table, pack) for h in holes)
    for x, y in ((a, b), (b, c), (a, c)):
        assert (x < y) + (x == y) + (x > y) == 1  # exactly one holds
        assert (x < y) == (y > x) and (x <= y) == (y >= x)
        if x == y:  # only rule 10: both play the same S-T-R-8 from the table
            assert x.is_str8 and x.str8_eight == y.str8_eight and x.str8_eight in table
    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        if x <= y <= z:
            assert x <= z


@settings(max_examples=500)
@given(deals())
def test_one_winner_except_rule_10(
    deal: tuple[int, list[tuple[Card, Card]], tuple[Card, ...]],
) -> None:
    pack, holes, table = deal
    result = showdown(holes, table, pack=pack)
    str8_on_table = (
        pack == 55
        and {"S", "T", "R"} <= {c.ascii() for c in table}
        and any(c.rank == 8 for c in table)
    )
    if result.winner is None:
        assert str8_on_table and result.rule == 10
    else:
        best = result.values[result.winner]
        assert all(best > v for i, v in enumerate(result.values) if i != result.winner)
