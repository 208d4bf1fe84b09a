"""Bad input to the high rankings raises a clear StraightsError."""

from __future__ import annotations

import pytest

from straights import evaluate
from straights.errors import (
    CardNotationError,
    DuplicateCardError,
    HandSizeError,
    PackError,
    RankingError,
)
from straights.frequencies import count


def test_card_not_in_the_chosen_deck() -> None:
    with pytest.raises(PackError, match=r"2c is not in the manila deck.*789TJQKA"):
        evaluate("As Ks 2c 9d 8d", ranking="manila")
    with pytest.raises(PackError, match="9h is not in the mexican deck"):
        evaluate("9h", ranking="mexican")
    with pytest.raises(PackError, match="5s is not in the short deck"):
        evaluate("5s 6s", ranking="short")
    with pytest.raises(PackError, match="S is not in the standard deck"):
        evaluate("S Ah Kh")
    with pytest.raises(PackError, match="Jk cannot play in 'canadian'"):
        evaluate("Jk Ah Kh", ranking="canadian")
    with pytest.raises(PackError, match="manila"):
        count("manila", 5, deck="standard")


def test_duplicates_and_notation() -> None:
    with pytest.raises(DuplicateCardError, match="As appears twice"):
        evaluate("As Ks As")
    with pytest.raises(CardNotationError, match="'Xx' is not a card"):
        evaluate("As Xx")


def test_wrong_card_count() -> None:
    with pytest.raises(HandSizeError, match="at least one card"):
        evaluate([])
    with pytest.raises(HandSizeError, match="choose 1 to 52"):
        count("high", 0)
    with pytest.raises(HandSizeError, match="choose 1 to 32"):
        count("manila", 33)


def test_unknown_ranking_and_options() -> None:
    with pytest.raises(RankingError, match=r"'highest' is not a ranking: choose one of .*high"):
        evaluate("As", ranking="highest")
    with pytest.raises(RankingError, match="'wilds' is not an option of ranking 'high'"):
        evaluate("As", wilds="bug")
    with pytest.raises(
        RankingError, match="wild='half' is not allowed: choose one of 'fully', 'bug'"
    ):
        evaluate("As", wild="half")
    with pytest.raises(RankingError, match="wild_rank=5 is not allowed"):
        evaluate("As", ranking="manila", wild_rank=5)
    with pytest.raises(RankingError, match="'trips' is not an option of ranking 'high'"):
        evaluate("As", trips="below-straight")
    with pytest.raises(RankingError, match="its options are none"):
        evaluate("As", ranking="canadian", wild="bug")


def test_comparing_across_rankings_or_options() -> None:
    with pytest.raises(RankingError, match="cannot compare"):
        _ = evaluate("As Ks") < evaluate("As Ks", ranking="pai-gow")
    with pytest.raises(RankingError, match="evaluate both the same way"):
        _ = evaluate("As Ks") < evaluate("As Ks", natural="fewer-wilds")
    assert evaluate("As Ks") != evaluate("As Ks", ranking="pai-gow")
