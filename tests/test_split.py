"""High-low split pots: halves, odd chips (``rankings.md``), scoops, the qualifier."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from straights.cards import Card, parse_cards
from straights.errors import ConfigurationError, RankingError
from straights.rankings.base import HandValue, evaluate
from straights.rankings.split import high_low, split_pot


def high_value(key: int, name: str, cards: str) -> HandValue:
    """A stand-in high value whose order the test states (larger key wins)."""
    return HandValue(
        ranking="test-high",
        options=(),
        key=(key,),
        category="test",
        cards=parse_cards(cards),
        phrase=name,
        source=parse_cards(cards),
    )


def test_004_steel_wheel_wins_only_a_quarter() -> None:
    # 004: steel wheel, a plain wheel and a ten-high straight flush: the straight
    # flush takes the high half, the two wheels split the low half.
    steel, wheel, ten = "5h 4h 3h 2h Ah", "5s 4d 3d 2c As", "Tc 9c 8c 7c 6c"
    highs = [
        high_value(5, "Straight flush, five high", steel),
        high_value(1, "Straight, five high", wheel),
        high_value(10, "Straight flush, ten high", ten),
    ]
    lows = [evaluate(h, ranking="ace-to-five") for h in (steel, wheel, ten)]
    result = split_pot(12, highs, lows)
    assert result.shares == (3, 3, 6)
    assert result.high_winners == (2,) and result.low_winners == (0, 1)
    assert result.scoop is None
    assert result.reasons[1].startswith("low half 6: hands 1 and 2 split with Wheel")


def test_scoop_and_odd_chip_to_high() -> None:
    hands = ["5h 4h 3h 2h Ah", "Kc Kd Ks 9h 9c"]
    highs = [high_value(9, "Straight flush", hands[0]), high_value(7, "Full house", hands[1])]
    lows = [evaluate(h, ranking="ace-to-five") for h in hands]
    result = split_pot(13, highs, lows)
    assert result.shares == (13, 0)
    assert result.scoop == 0
    assert result.high_half == 7 and result.low_half == 6  # the odd chip goes high
    assert "hand 1 scoops the pot" in result.reasons  # counted from 1


def test_odd_chip_to_the_high_hand() -> None:
    hands = ["Kc Kd Ks 9h 9c", "7h 5d 4c 3s 2h"]
    highs = [high_value(7, "Full house", hands[0]), high_value(0, "Seven high", hands[1])]
    lows = [evaluate(h, ranking="ace-to-five") for h in hands]
    assert split_pot(11, highs, lows).shares == (6, 5)
    assert "odd chip of the pot goes to the high half" in split_pot(11, highs, lows).reasons[-1]


def test_odd_chip_by_high_card_by_suit() -> None:
    # the low hand holds the highest card by suit (K♠ beats K♦): the odd chip goes low
    hands = ["Kd Kc Kh 9h 9c", "Ks 7h 5d 4c 3s 2h"]
    highs = [high_value(7, "Full house", hands[0]), high_value(0, "King high", hands[1])]
    lows = [evaluate(h, ranking="ace-to-five") for h in hands]
    assert split_pot(11, highs, lows, odd_chip="suit").shares == (5, 6)
    # …and when the high hand holds it, high
    hands = ["Ks Kc Kh 9h 9c", "Kd 7h 5d 4c 3s 2h"]
    highs = [high_value(7, "Full house", hands[0]), high_value(0, "King high", hands[1])]
    lows = [evaluate(h, ranking="ace-to-five") for h in hands]
    assert split_pot(11, highs, lows, odd_chip="suit").shares == (6, 5)


def test_odd_chips_within_a_shared_half() -> None:
    # three equal highs share 7 chips: 3, 2, 2 in seat order; by suit the A♠ gets it
    hands = ["2c 3d 4h Ad", "2d 3h 4s As", "2h 3s 4c Ac"]
    highs = [high_value(1, "Same", h) for h in hands]
    assert split_pot(7, highs).shares == (3, 2, 2)
    assert split_pot(7, highs, odd_chip="suit").shares == (2, 3, 2)


def test_qualifier_high_scoops_when_no_low() -> None:
    hands = ["Kc Kd Ks 9h 9c", "Qh Jh 9d 5c 4s"]
    highs = [high_value(7, "Full house", hands[0]), high_value(0, "Queen high", hands[1])]
    lows = [evaluate(h, ranking="ace-to-five", qualifier=8) for h in hands]
    assert all(v.category == "no low" for v in lows)
    result = split_pot(10, highs, lows)
    assert result.shares == (10, 0) and result.scoop == 0
    assert result.low_winners == ()
    assert "no low qualifies: the high hand takes the whole pot" in result.reasons
    # without the qualifier the queen low takes half
    lows = [evaluate(h, ranking="ace-to-five") for h in hands]
    assert split_pot(10, highs, lows).shares == (5, 5)


def test_high_low_by_ranking_names() -> None:
    result = high_low(
        ["Ah Kh Qh", "3c 2d Ac", "5s 4s 2c"],
        11,
        high="three-card",
        low="ace-to-three",
        high_options={"straights": True},
        low_options={"qualifier": 6},
    )
    assert result.shares == (6, 5, 0)
    assert result.to_dict()["low_winners"] == [1]


def test_bad_input() -> None:
    v = high_value(1, "x", "2c 3d 4h 5s 7c")
    with pytest.raises(ConfigurationError, match="pot=-1"):
        split_pot(-1, [v])
    with pytest.raises(ConfigurationError, match="odd_chip='dealer'"):
        split_pot(3, [v], odd_chip="dealer")
    with pytest.raises(ConfigurationError, match="1 high values but 2 low values"):
        split_pot(3, [v], [None, None])
    with pytest.raises(ConfigurationError, match="no hand contends"):
        split_pot(3, [None])
    other = evaluate("2c 3d 4h", ranking="three-card")
    with pytest.raises(RankingError, match="cannot compare"):
        split_pot(3, [v, other])


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(st.tuples(st.integers(0, 3), st.integers(-1, 3)), min_size=1, max_size=8),
    st.sampled_from(["high", "suit"]),
)
def test_chips_are_conserved(pot: int, keys: list[tuple[int, int]], rule: str) -> None:
    cards = [Card(i) for i in range(52)]
    highs = [high_value(h, f"high {h}", cards[i].ascii()) for i, (h, _) in enumerate(keys)]
    lows: list[HandValue | None] = [
        None
        if lo < 0
        else HandValue("test-low", (), (lo,), "low", (cards[i],), f"low {lo}", source=(cards[i],))
        for i, (_, lo) in enumerate(keys)
    ]
    result = split_pot(pot, highs, lows, odd_chip=rule)
    assert sum(result.shares) == pot
    assert all(s >= 0 for s in result.shares)
    # every winner of a half gets at least its fair floor share
    for winners, half in (
        (result.high_winners, result.high_half),
        (result.low_winners, result.low_half),
    ):
        for i in winners:
            assert result.shares[i] >= half // len(winners)
    assert abs(result.high_half - result.low_half) <= 1 or not result.low_winners


def test_alice_and_burt_joker_scoops_high_low() -> None:
    # seeds/004: Alice 6c 5s 4h 3c 2s; Burt Jk 6h 5h 4c 3s. "Burt's joker plays as a
    # 7-spot for high, giving him a seven-high straight"; "for low, the joker plays as an
    # ace ... his hand also defeats Alice for low". Burt wins both halves.
    result = high_low(["6c 5s 4h 3c 2s", "Jk 6h 5h 4c 3s"], 10)
    burt_high = evaluate("Jk 6h 5h 4c 3s", ranking="high")
    burt_low = evaluate("Jk 6h 5h 4c 3s", ranking="ace-to-five")
    assert burt_high.category == "straight" and burt_high.wild_as[Card("Jk")].rank == 7
    assert burt_low.wild_as[Card("Jk")].rank == 14  # the ace, playing low
    assert result.shares == (0, 10)
    assert result.scoop == 1
