"""Every worked example of rules/straights.md and of the source text is a test."""

from __future__ import annotations

import pytest

from straights import showdown
from straights.rankings.straights import evaluate_straights


def test_priority_card_example() -> None:
    # Source rule 7: A Qs 9d, B Qd 3s, table 5c 4d 3d 2h Jh -> B, by the 3 of spades.
    result = showdown(["Qs 9d", "Qd 3s"], "5c 4d 3d 2h Jh")
    assert result.winner == 1
    assert result.rule == 7
    assert result.reason == "priority card 3♠ (rule 7)"
    a, b = result.values
    assert a.priority is None and str(b.priority) == "3♠"
    assert [str(c) for c in b.straight] == ["5♣", "4♦", "3♠", "2♥"]


def test_table_straight_high_card_example() -> None:
    # Source rule 8: table Ts 9s 8h 7s 4d; Kh 2c beats Kd Qd by the king's suit.
    result = showdown(["Kh 2c", "Kd Qd"], "Ts 9s 8h 7s 4d")
    assert result.winner == 0
    assert result.rule == 8
    assert "K♥ over K♦" in result.reason


# Hands "Kc Qd" < "Jc Th 9s" < "5c 4d 3h 2s": give each straight to a player with
# filler cards that make nothing longer.
def test_longer_beats_shorter() -> None:
    two = evaluate_straights("Kc Qd", "2h 7h 9c Tc 4d")  # also 9-T: two cards, lower
    three = evaluate_straights("Jc Th", "9s 2d 4h 6c Kd")
    four = evaluate_straights("5c 4d", "3h 2s 8c Tc Qd")
    assert (two.length, three.length, four.length) == (2, 3, 4)
    assert two < three < four


def test_straight_flush_beats_mixed_of_equal_length() -> None:
    flush = evaluate_straights("6c 5c", "4c 3c Kd Td 8h")
    mixed = evaluate_straights("9h 8s", "7d 6h Kc Qc 2c")
    assert flush.length == mixed.length == 4
    assert flush.is_flush and not mixed.is_flush
    assert flush > mixed
    assert showdown(["6c 5c", "9h 8s"], "4c 3c Kd Jd Ad").winner == 0


def test_top_card_suit_decides_equal_mixed_straights() -> None:
    # 9d 8h 7d 6d loses to 9h 8s 7d 6h: same length and top rank, hearts beat diamonds.
    result = showdown(["9d 8h", "9h 8s"], "7d 6h Kc Jc 2c")
    assert result.winner == 1
    assert result.rule == 6
    assert result.values[0].top is not None and str(result.values[0].top) == "9♦"


def test_ace_is_high_or_low_never_in_the_middle() -> None:
    assert evaluate_straights("Kc Ad", "2h 7s 9c Jd 4s").length == 2  # K-A
    assert evaluate_straights("2c Ad", "Kh 7s 9c Jd 4s").length == 2  # A-2 (K-A-2 is not 3)
    low = evaluate_straights("2c Ad", "3h 7s 9c Jd Qs")
    assert low.length == 3 and low.top is not None and str(low.top) == "3♥"  # A-2-3 is 3-high


def test_str8_beats_any_straight_and_higher_eight_wins() -> None:
    result = showdown(["S 8c", "9h Th"], "T R Jh Qh Kh")
    assert result.winner == 0 and result.rule == 9
    two = showdown(["8d 2c", "8h 3c"], "S T R Jh 5c")
    assert two.winner == 1 and "8♥ over 8♦" in two.reason


def test_rule_10_no_winner() -> None:
    result = showdown(["8d 2c", "Kd Qd", "Ac Ah"], "S T R 8h 4d")
    assert result.winner is None and result.no_winner and result.rule == 10
    assert "carries over" in result.reason


def test_rule_10_higher_eight_in_hand_wins() -> None:
    # The table's 8 is the diamond; a player holding the 8 of hearts wins outright.
    result = showdown(["8c 2c", "8h Qd", "Ac Ah"], "S T R 8d 4d")
    assert result.winner == 1


def test_str8_on_table_with_lower_eight_in_hand_is_still_no_winner() -> None:
    assert showdown(["8c 2c", "Kd Qd"], "S T R 8h 4d").winner is None


def test_52_card_pack_has_no_str8_and_no_special_cards() -> None:
    result = showdown(["Qs 9d", "Qd 3s"], "5c 4d 3d 2h Jh", pack=52)
    assert result.winner == 1


def test_no_straight_at_all_highest_hole_card_wins() -> None:
    result = showdown(["Ah Jc", "As 9d"], "3d 5c 7s Jh Ac")
    assert all(v.length == 0 for v in result.values)
    assert result.winner == 0 and result.rule == 8  # A♥ over A♠ (hearts highest)


@pytest.mark.parametrize(
    ("hole", "table", "description"),
    [
        ("Qd 3s", "5c 4d 3d 2h Jh", "straight 5♣-4♦-3♠-2♥ (4 cards, top 5♣), priority card 3♠"),
        ("S 8h", "T R 8d 2c 9s", "S-T-R-8 with 8♥"),
        ("Ac Jd", "Ah 3d 5c 7s 9h", "no straight; high card A♣"),
    ],
)
def test_describe(hole: str, table: str, description: str) -> None:
    assert evaluate_straights(hole, table).describe() == description
