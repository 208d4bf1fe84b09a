"""Every worked example of the seeds that concerns high hands, as a test."""

from __future__ import annotations

import pytest

from straights import evaluate
from straights.cards import Card


def test_seed_001_wild_card_fills_the_highest_gap() -> None:
    # 004 (and rankings.md): J♦ T♠ 9♣ W 7♠ plays the joker as an 8.
    value = evaluate("Jd Ts 9c Jk 7s")
    assert value.category == "straight"
    assert [c.rank for c in value.wild_as.values()] == [8]
    assert value.phrase.startswith("Straight, jack high (joker as 8")
    # W 6♥ 5♦ 4♥ 3♦ plays it as a 7, though a 2 would also make a straight.
    value = evaluate("Jk 6h 5d 4h 3d")
    assert value.category == "straight"
    assert [c.rank for c in value.wild_as.values()] == [7]


def test_seed_001_any_number_of_wilds_fills_any_number_of_gaps() -> None:
    # 001: one wild covers one gap; 8-6-4 needs two; 9-7-5 with two wilds is a straight.
    assert evaluate("Qs Ts 9d 8c Jk").category == "straight"
    assert evaluate("9h 8s 6d 4c Jk").category != "straight"
    value = evaluate("9h 7s 5d Jk Jk")
    assert value.category == "straight"
    assert sorted(c.rank for c in value.wild_as.values()) == [6, 8]
    # Three wilds covering 9, 8 and 7 between a ten and a six: a straight at least
    # (four tens beats it, so the straight is checked without the ten's partner).
    value = evaluate("Jh Jk Jk Jk 7d")
    assert value.category == "four of a kind"
    assert evaluate("Jh 7d Jk Jk Jk", wild="bug").category == "straight"


def test_seed_004_wild_flush_takes_highest_absent_rank() -> None:
    value = evaluate("Jk Th 8h 5h 4h")
    assert value.category == "flush"
    assert value.wild_as == {Card("Jk"): Card("Ah")}
    assert value.phrase == "Flush, ace high (joker as A♥)"
    value = evaluate("Ac Kc Jk 9c 6c")
    assert value.wild_as == {Card("Jk"): Card("Qc")}


def test_seed_004_double_ace_flush_only_under_its_option() -> None:
    wild, plain = "As Jk 9s 5s 2s", "Ad Kd Qd Td 8d"
    assert evaluate(wild) < evaluate(plain)  # the joker is only a K♠
    assert evaluate(wild, double_ace=True) > evaluate(plain, double_ace=True)
    assert evaluate(wild, double_ace=True).wild_as == {Card("Jk"): Card("As")}


def test_seed_003_five_of_a_kind_beats_everything_unless_the_option_says() -> None:
    five, royal, steel = "As Ac Ah Ad Jk", "Ks Qs Js Ts 9s Ah", "Kh Qh Jh Th 9h"
    assert evaluate(five).category == "five of a kind"
    assert evaluate(five) > evaluate("As Ks Qs Js Ts")
    assert evaluate("As Ks Qs Js Ts", five_of_a_kind="below-royal-flush") > evaluate(
        five, five_of_a_kind="below-royal-flush"
    )
    assert evaluate(steel, five_of_a_kind="below-royal-flush") < evaluate(
        five, five_of_a_kind="below-royal-flush"
    )
    assert evaluate(steel, five_of_a_kind="below-straight-flush") > evaluate(
        five, five_of_a_kind="below-straight-flush"
    )
    assert evaluate(royal).category == "straight flush"
    # A-W-W-W-W is five aces too (003).
    assert evaluate("Ah Jk Jk Jk Jk").phrase.startswith("Five of a kind, aces")


TRIPS_003 = {
    "nines with a wild": "9s 9h Jk 5d 2c",
    "eights": "8s 8h 8d 5c 2d",
    "natural nines": "9c 9d 9s 3h 2h",
    "jacks with two wilds": "Jc Jk Jk 3d 2s",
}


def _order(natural: str) -> list[str]:
    values = {name: evaluate(hand, natural=natural) for name, hand in TRIPS_003.items()}
    return sorted(values, key=lambda name: values[name], reverse=True)


def test_seed_003_natural_vs_wild_three_ways() -> None:
    # Default: wild cards don't matter; kickers decide between the two nines.
    assert _order("ignore") == [
        "jacks with two wilds",
        "nines with a wild",
        "natural nines",
        "eights",
    ]
    # "Fewer wilds": 9-9-W-5-2 beats 8-8-8-5-2 but is beaten by 9-9-9-3-2 and J-W-W-3-2.
    fewer = _order("fewer-wilds")
    assert fewer.index("nines with a wild") < fewer.index("eights")
    assert fewer.index("natural nines") < fewer.index("nines with a wild")
    assert fewer.index("jacks with two wilds") < fewer.index("nines with a wild")
    # "Natural first": 003's order from best to worst, 9-9-9-3-2, 8-8-8-5-2, 9-9-W-5-2, J-W-W-3-2.
    assert _order("natural-first") == [
        "natural nines",
        "eights",
        "nines with a wild",
        "jacks with two wilds",
    ]


def test_seed_004_bug_rules() -> None:
    # A pair of kings with a bug is still a pair of kings, with an ace kicker.
    value = evaluate("Ks Kd Jk 7c 3h", wild="bug")
    assert value.category == "one pair"
    assert value.wild_as[Card("Jk")].rank == 14
    # Four clubs and a bug make a flush; 7♥ W 5♣ 4♣ 3♠ is a straight.
    assert evaluate("Kc 9c 6c 3c Jk", wild="bug").category == "flush"
    assert evaluate("7h Jk 5c 4c 3s", wild="bug").category == "straight"
    # Fully wild, a natural pair and a wild card are trips.
    assert evaluate("Ks Kd Jk 7c 3h").category == "three of a kind"
    # Four aces and a bug: five aces.
    assert evaluate("As Ah Ad Ac Jk", wild="bug").category == "five of a kind"


def test_seed_004_alice_and_burt_high_half() -> None:
    alice, burt = evaluate("6c 5s 4h 3c 2s"), evaluate("Jk 6h 5h 4c 3s")
    assert burt.wild_as[Card("Jk")].rank == 7
    assert burt > alice  # seven-high straight over six-high


def test_seed_004_kickers_pairs_and_two_pair() -> None:
    assert evaluate("Tc Ts 6s 4h 2h") > evaluate("9h 9c Ah Qd Td")
    assert evaluate("Th Td Jd 3h 2c") > evaluate("Tc Ts 6s 4h 2h")
    assert evaluate("Kh Kd 2c 2d Jh") > evaluate("Jd Js Ts Tc 9s")
    assert evaluate("9c 9d 7d 7s 6h") > evaluate("9h 9s 5h 5d Kc")
    assert evaluate("4s 4c 3s 3h Kd") > evaluate("4h 4d 3d 3c Ts")
    # Seven cards, best five: two pair and the useless pair of fours.
    value = evaluate("Tc Td 8d 8h Qd 4c 4s")
    assert value.phrase == "Two pair, tens and eights"
    assert Card("Qd") in value.cards
    assert evaluate("8s 8h 8d As 2d") > evaluate("8s 8h 8d 5s 3c")


def test_seed_004_straights_and_the_five_card_rule() -> None:
    assert evaluate("8s 7s 6h 5h 4s") > evaluate("6d 5s 4d 3h 2c")
    assert evaluate("8s 7s 6h 5h 4s") == evaluate("8h 7d 6c 5c 4h")
    assert evaluate("Ac Kc Qd Js Ts") > evaluate("Kh Qs Jh Th 9d")
    assert evaluate("5s 4d 3d 2s Ac").phrase == "Straight, five high"
    assert evaluate("6s 5c 4c 3h 2h") > evaluate("5s 4d 3d 2s Ac")
    assert evaluate("3c 2d As Ks Qc").category == "high card"  # no wrapping
    mine, his = evaluate("Ks Kc Kh Qs Jd Td 9c"), evaluate("Kd Qd Jh Th 9s 8s 7c")
    assert mine == his and mine.category == "straight"
    assert evaluate("Ah Kd Qd Jh Th 9s 8s") > mine


def test_seed_004_flushes_full_houses_quads_straight_flushes() -> None:
    assert evaluate("Ah Qh Th 5h 3h") > evaluate("Ks Qs Js 9s 6s")
    assert evaluate("Ad Kd 7d 6d 2d") > evaluate("Ah Qh Th 5h 3h")
    assert evaluate("Qh Th 9h 5h 2h") == evaluate("Qs Ts 9s 5s 2s")  # suits never break ties
    assert evaluate("Ts Th Td 4s 4d") > evaluate("9h 9c 9s Ah Ac")
    assert evaluate("Ks Kc Kh 3d 3s") > evaluate("Ts Th Td 4s 4d")
    assert evaluate("Tc Td Th Ts 5d") > evaluate("6d 6h 6s 6c Ks")
    assert evaluate("7h 6h 5h 4h 3h") > evaluate("5s 4s 3s 2s As")
    assert evaluate("Jc Tc 9c 8c 7c") == evaluate("Jd Td 9d 8d 7d")
    assert evaluate("Qs Js Ts 9s 8s").phrase == "Straight flush, queen high"
    assert evaluate("As Ks Qs Js Ts").phrase == "Royal flush"


def test_seed_002_wild_ties_full_house_and_quads() -> None:
    # K-K-K-A-A beats K-K-K-J-J: equal trips happen with shared (or wild) cards.
    board = "Ks Kd Kh 4c 3d"
    assert evaluate(f"{board} As Ac") > evaluate(f"{board} Js Jc")
    # With a wild card and two pairs, the wild joins the higher pair.
    assert evaluate("Ks Kd Jk Ah Ac").phrase == "Full house, aces full of kings (joker as A♠)"
    # Two equal quads: the kicker decides.
    assert evaluate("Ts Td Jk Jk2 5d") < evaluate("Th Tc Jk3 Jk4 9d")


def test_seed_004_phrases() -> None:
    assert evaluate("Kh Kd Ks 5c 5d").phrase == "Full house, kings full of fives"
    assert evaluate("Kh Jc 8c 7d 3s").phrase == "High card, king high"
    assert evaluate("4h 4s Ks Td 5s").phrase == "Pair of fours"
    assert evaluate("Jd Jc 4c 4s 9s").phrase == "Two pair, jacks and fours"
    assert evaluate("Tc Td Th Ts 5d").phrase == "Four of a kind, tens"


def test_stripped_decks_and_special_rules() -> None:
    # Mexican stud: 6♥ 7♦ J♣ Q♣ K♠ is a straight; the wheel still counts.
    assert evaluate("6h 7d Jc Qc Ks", ranking="mexican").phrase == "Straight, king high"
    assert evaluate("5h 4d 3c 2c As", ranking="mexican").category == "straight"
    assert evaluate("Jh Qd Kc Ac 2s", ranking="mexican").category == "high card"
    # Manila: A-7-8-9-T is no straight; flush beats full house.
    assert evaluate("Ah 7d 8c 9c Ts", ranking="manila").category == "high card"
    assert evaluate("7h 8d 9c Tc Js", ranking="manila").category == "straight"
    assert evaluate("Kh Jh 9h 8h 7h", ranking="manila") > evaluate(
        "As Ah Ad Kc Kd", ranking="manila"
    )
    assert evaluate("Kh Jh 9h 8h 7h") < evaluate("As Ah Ad Kc Kd")
    # Short deck: A-6-7-8-9 is the lowest straight; trips above a straight by default.
    assert evaluate("As 6d 7c 8c 9s", ranking="short").phrase == "Straight, nine high"
    assert evaluate("As 6d 7c 8c 9s", ranking="short") < evaluate("6s 7d 8c 9c Ts", ranking="short")
    trips, straight = "Qs Qd Qc 7h 6h", "6s 7d 8c 9c Ts"
    assert evaluate(trips, ranking="short") > evaluate(straight, ranking="short")
    below = {"ranking": "short", "trips": "below-straight"}
    assert evaluate(trips, **below) < evaluate(straight, **below)
    # Pai Gow (Nevada): the wheel is below A-K-Q-J-T and above K-Q-J-T-9.
    wheel, king, ace = "5s 4d 3d 2s Ac", "Kh Qs Jh Th 9d", "Ac Kc Qd Js Ts"
    assert evaluate(king, ranking="pai-gow") < evaluate(wheel, ranking="pai-gow")
    assert evaluate(wheel, ranking="pai-gow") < evaluate(ace, ranking="pai-gow")
    assert evaluate(wheel) < evaluate(king)


def test_canadian_stud() -> None:
    def value(cards: str) -> object:
        return evaluate(cards, ranking="canadian")

    four_straight, four_flush = value("9s 8d 7c 6h 2s"), value("Kh 9h 6h 2h Qs")
    pair, two_pair = value("As Ad Kc Qh 9s"), value("3s 3d 2c 2h 9s")
    assert four_straight.category == "four-card straight"  # type: ignore[attr-defined]
    assert four_flush.category == "four-card flush"  # type: ignore[attr-defined]
    assert pair < four_straight < four_flush < two_pair  # type: ignore[operator]
    assert value("9s 8d 7c 6h 5s").category == "straight"  # type: ignore[attr-defined]
    assert value("Ts 9d 8c 7h 2s") > four_straight  # type: ignore[operator]
    assert value("5s 4d 3c 2h Ks").category == "four-card straight"  # type: ignore[attr-defined]


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_fewer_than_five_cards_make_sets_only(count: int) -> None:
    hand = ["As", "Ks", "Qs", "Js"][:count]
    assert evaluate(" ".join(hand)).category == "high card"
    assert evaluate("Ks Kd Jk").category == "three of a kind"
    assert evaluate("Ks Kd 7c") > evaluate("Qs Qd Ac")
    assert evaluate("7s 7d 7c 7h").category == "four of a kind"


def test_wild_cards_follow_each_decks_straights() -> None:
    # Mexican stud: the joker fills the gap across the missing 8 9 T.
    value = evaluate("6h 7d Jc Jk Ks", ranking="mexican")
    assert value.phrase == "Straight, king high (joker as Q♠)"
    # Manila: no straight holds A, 8, 9 and T, so the joker pairs the ace.
    assert evaluate("Ah Jk 8c 9c Ts", ranking="manila").phrase == "Pair of aces (joker as A♠)"
    # Short deck: 6-7-8-9 and a joker is a ten-high straight, not A-6-7-8-9.
    value = evaluate("Jk 6s 7d 8c 9h", ranking="short")
    assert value.phrase.startswith("Straight, ten high (joker as T")
    # Pai Gow: with 2-3-4-5 the joker (a bug) makes the wheel, which beats 6-high there.
    value = evaluate("Jk 2s 3d 4c 5h", ranking="pai-gow", wild="bug")
    assert value.phrase.startswith("Straight, five high (joker as A")
    assert evaluate("Jk 2s 3d 4c 5h", wild="bug").phrase.startswith(
        "Straight, six high (joker as 6"
    )
    # Pai Gow's joker: five aces is the best hand.
    assert evaluate("As Ah Ad Ac Jk", ranking="pai-gow", wild="bug").category == "five of a kind"
