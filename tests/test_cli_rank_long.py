"""``straights rank`` of many cards counts the five-card hands it tries: the best of
every five is what the ranking gives for the whole hand."""

from __future__ import annotations

import pytest
from clitools import run_main

from straights.cards import make_deck, make_rng
from straights.cli.rank import best_of_fives
from straights.rankings.base import evaluate, get_ranking, ranking_names

#: The rankings that play the best five cards of a larger hand.
FIVES = [name for name in ranking_names() if min(get_ranking(name).card_counts) == 5]


def test_the_rankings_of_five_are_the_long_kind() -> None:
    assert {"high", "ace-to-five", "deuce-to-seven", "manila", "mexican", "short"} <= set(FIVES)
    assert not {"badugi", "straights", "three-card"} & set(FIVES)


@pytest.mark.parametrize("name", FIVES)
def test_the_best_of_every_five_is_the_whole_hands_value(name: str) -> None:
    ranking = get_ranking(name)
    cards = list(make_deck(ranking.deck, jokers=1 if name == "high" else 0))
    rng = make_rng(11)
    option_sets: list[dict[str, object]] = [{}]
    if name == "high":
        option_sets += [{"wild_rank": 2}, {"wild_rank": 2, "wild": "bug"}]
    for options in option_sets:
        for _ in range(15):
            hand = rng.sample(cards, 9)
            whole = evaluate(hand, ranking=name, **options)
            tried: list[int] = []
            best = best_of_fives(hand, name, dict(options), tried.append)
            assert sum(tried) == 126  # C(9, 5): every five tried once
            assert best.key == whole.key, (hand, options)
            assert best.category == whole.category


def test_a_long_hand_of_a_ranking_of_fewer_cards_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deck = " ".join(c.ascii() for c in make_deck("standard"))
    code, _, err = run_main(capsys, "rank", deck, "-r", "badugi")
    assert code == 2
    assert err.strip() == "error: a badugi hand is 1 to 7 cards, not 52"  # no "note:" first
