"""Exhaustive counts against published tables and independent counting arguments."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from test_low import A5_NO_PAIR_7  # the published 7-card ace-to-five table, written once

from straights import fast
from straights.cards import Card
from straights.errors import ConfigurationError, PackError, RankingError
from straights.fast.exhaustive import straights_category_rows
from straights.frequencies import (
    check_plot_path,
    count,
    has_kernel,
    plot,
    rule10_fraction,
    rule10_probability,
)
from straights.odds import straights_odds
from straights.rankings.straights import make_hand

CARDS = [Card(i) for i in range(55)]

# Five-card hands, ../shared/seeds/003_*.txt ("STRAIGHT FLUSH (40 = 0.0015 per cent)" …).
PUBLISHED_FIVE = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three of a kind": 54_912,
    "two pair": 123_552,
    "one pair": 1_098_240,
    "high card": 1_302_540,
}
# Seven-card hands: Wikipedia, "Poker probability", frequency of 7-card poker hands
# (also B. Alspach, "7-Card Poker Hands", 2000): 133,784,560 hands, 4,824 distinct values.
PUBLISHED_SEVEN = {
    "royal flush": 4_324,
    "straight flush": 37_260,
    "four of a kind": 224_848,
    "full house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three of a kind": 6_461_620,
    "two pair": 31_433_400,
    "one pair": 58_627_800,
    "high card": 23_294_460,
}


def test_every_five_card_hand_by_category() -> None:
    hands = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    keys = fast.high_keys(hands)
    per_class = np.bincount(keys, minlength=7463)
    by_category: dict[str, int] = {}
    for cls in np.flatnonzero(per_class):
        (cat,) = fast.high_category([cls])
        by_category[cat] = by_category.get(cat, 0) + int(per_class[cls])
    assert by_category == PUBLISHED_FIVE
    assert len(hands) == 2_598_960
    assert len(np.flatnonzero(per_class)) == 7_462


def test_every_seven_card_hand_matches_the_published_table() -> None:
    freq = count("high", 7, kernel=True)
    published = dict(PUBLISHED_SEVEN)
    # The high ranking's category "straight flush" includes the royal flushes.
    published["straight flush"] += published.pop("royal flush")
    assert freq.categories == published
    assert freq.total == math.comb(52, 7) == 133_784_560
    assert freq.distinct == 4_824


def test_every_seven_card_low_matches_the_published_table() -> None:
    freq = count("ace-to-five", 7, kernel=True)
    rows = freq.categories
    assert {k: rows[k] for k in A5_NO_PAIR_7} == A5_NO_PAIR_7
    assert sum(A5_NO_PAIR_7.values()) == 127_615_488
    assert freq.total == 133_784_560
    # The rest pair up: the lows with a pair, two pair or a full house.
    assert rows["one pair"] + rows["two pair"] + rows["full house"] == 133_784_560 - 127_615_488


@pytest.mark.parametrize("ranking", ["high", "ace-to-five"])
def test_the_kernel_and_the_readable_path_give_the_same_table(ranking: str) -> None:
    assert has_kernel(ranking, 7) and not has_kernel(ranking, 6)
    fast_table = count(ranking, 7, kernel=True)
    readable = count(ranking, 7, kernel=False)
    assert fast_table == readable
    assert fast_table.to_dict() == readable.to_dict()


def test_straights_distribution_by_counting_arguments() -> None:
    freq = count("straights")
    rows = freq.categories
    assert freq.n_cards == 7 and freq.deck == "straights"
    assert freq.total == math.comb(55, 7) == 202_927_725
    # S, T, R and at least one 8 among the other four cards.
    assert rows["S-T-R-8"] == math.comb(52, 4) - math.comb(48, 4) == 76_145
    # A 7-card straight fills 7 consecutive places of 14 (the ace at both ends): 8 windows,
    # any suit in each place; 4 of each window's suit patterns are one suit.
    assert rows["7-card straight"] + rows["7-card straight flush"] == 8 * 4**7
    assert rows["7-card straight flush"] == 8 * 4
    assert sum(rows.values()) == freq.total
    assert list(rows)[:2] == ["S-T-R-8", "7-card straight flush"]
    assert freq.notes["rule 10, no winner (players: probability)"]["2"] == rule10_probability(2)
    seen: list[int] = []
    fifty_two = count("straights", pack=52, progress=seen.append)
    assert sum(seen) == fifty_two.total  # progress counts hands, as on the readable path
    assert "S-T-R-8" not in fifty_two.categories
    assert fifty_two.total == 133_784_560 and fifty_two.deck == "standard"
    assert fifty_two.notes == {}


def test_straights_categories_agree_with_straights_key() -> None:
    """The exhaustive counter's classification equals what straights_key says, hand by hand."""
    rng = np.random.default_rng(5)
    hands = np.argsort(rng.random((100_000, 55)), axis=1)[:, :7].astype(np.uint8)
    got = straights_category_rows(hands)
    for row, code in zip(hands.tolist(), got.tolist(), strict=True):
        hand = make_hand((CARDS[row[0]], CARDS[row[1]]), tuple(CARDS[c] for c in row[2:]), 55)
        want = 2 * 15 if hand.is_str8 else 2 * hand.length + hand.is_flush
        assert code == want, row


def test_rule10_closed_form_equals_enumeration() -> None:
    """One player, every deal with S, T and R on the table, enumerated by the odds kernel."""
    r = straights_odds(["? ?"], "S T R ? ?", exact=True)
    assert r.completions == math.comb(52, 2) * math.comb(50, 2)
    # Scale by the chance that S, T and R all lie on the table.
    p_table = Fraction(math.comb(52, 2), math.comb(55, 5))
    no_winner = Fraction(round(r.no_winner * r.completions), r.completions)
    assert no_winner * p_table == rule10_fraction(1)


@pytest.mark.parametrize("players", [2, 4])
def test_rule10_closed_form_within_monte_carlo_error(players: int) -> None:
    r = straights_odds(["? ?"] * players, "S T R ? ?", samples=400_000, seed=players)
    p_table = math.comb(52, 2) / math.comb(55, 5)
    expected = rule10_probability(players) / p_table
    assert abs(r.no_winner - expected) <= 4 * r.no_winner_se


def test_count_errors_and_plot(tmp_path: Path) -> None:
    with pytest.raises(RankingError, match="55, 52"):
        count("straights", pack=53)
    with pytest.raises(ConfigurationError, match="no batch kernel"):
        count("high", 6, kernel=True)
    with pytest.raises(PackError, match="55 or 52"):
        rule10_fraction(2, pack=53)
    with pytest.raises(ConfigurationError, match="players=0"):
        rule10_probability(0)
    assert rule10_fraction(3, pack=52) == 0
    freq = count("straights", pack=52)
    out = plot(freq, tmp_path / "s.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ConfigurationError, match=r"\.png"):
        plot(freq, tmp_path / "s.jpg")
    with pytest.raises(ConfigurationError, match="no folder"):
        check_plot_path(tmp_path / "missing" / "s.png")
