"""Low hands: ace-to-five, deuce-to-seven, ace-to-six.

Sources of the expected figures:

* [WP-PROB] Wikipedia, "Poker probability", sections "Frequency of 5-card
  lowball poker hands" and "Frequency of 7-card lowball poker hands"
  (ace-to-five; frequencies given as exact).
* [003] ``shared/seeds/003_*.txt``: the 5-card high table (2,598,960 hands).
* [004] ``shared/seeds/004_*.txt``: the worked lowball examples.
* [WP-LIST] Wikipedia, "List of poker hands": 7,462 distinct five-card ranks;
  ace-to-five has no straights or flushes.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from straights.cards import Card, parse_cards
from straights.errors import (
    DuplicateCardError,
    HandSizeError,
    PackError,
    RankingError,
    StraightsError,
)
from straights.rankings.base import HandValue, evaluate, get_ranking, ranking_names
from straights.rankings.low import (
    ACE_TO_FIVE,
    ACE_TO_SIX,
    DEUCE_TO_SEVEN,
    METHODS,
    NO_LOW,
    LowMethod,
    ace_to_five_key,
    ace_to_six_key,
    deuce_to_seven_key,
    low_key,
)

LOWS = ("ace-to-five", "deuce-to-seven", "ace-to-six")


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def a5(text: str, **options: object) -> HandValue:
    return evaluate(text, ranking="ace-to-five", **options)


def d27(text: str, **options: object) -> HandValue:
    return evaluate(text, ranking="deuce-to-seven", **options)


def a6(text: str, **options: object) -> HandValue:
    return evaluate(text, ranking="ace-to-six", **options)


# --- registry -----------------------------------------------------------------


def test_registered_by_name() -> None:
    for name in LOWS:
        assert name in ranking_names()
        assert get_ranking(name).name == name
        assert get_ranking(name).options["qualifier"] == (None, 8)


# --- 004's lowball examples, ace-to-five ------------------------------------------


def test_004_ace_to_five_examples() -> None:
    eight = a5("8h 5c 4c 3s 2d")
    nine = a5("9s 7c 6h 4h 3c")
    seven = a5("7h 6d 5s 4d 3h")  # a straight for high, a seven for low
    assert eight > nine
    assert seven > eight and seven > nine
    assert seven.category == "7-high"
    # aces are low
    assert a5("8s 5c 4c 3d Ad") > a5("8h 5s 4h 3s 2d")
    # a pair of aces beats a pair of deuces; both lose to king-jack
    aces, deuces, king = a5("As Ac 9d 5d 3c"), a5("2c 2d 5s 4s 3h"), a5("Ks Jh 8s 6h 4d")
    assert aces > deuces
    assert king > aces and king > deuces
    assert aces.phrase == "Pair of aces (A-A-9-5-3)"
    # pairs tie-break on kickers, reversed
    assert a5("3d 3c 6s 4s 2h") > a5("3h 3s 6d 5h Ac")


def test_004_best_ace_to_five_hands_in_order() -> None:
    # "the lowest possible hand is 5-4-3-2-A ... next 6-4-3-2-A, then 6-5-3-2-A, then 6-5-4-2-A"
    order = ["5h 4h 3h 2h Ah", "6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac", "6c 5d 4h 2s Ac"]
    values = [a5(h) for h in order]
    assert all(a > b for a, b in pairwise(values))
    assert values[0].phrase == "Wheel, five low (5-4-3-2-A)"
    assert values[0].category == "5-high"


def test_004_eight_six_beats_eight_seven() -> None:
    eight_six, eight_seven = a5("8s 6s 5c 4d 2d"), a5("8c 7s 5d 4h As")
    assert eight_six > eight_seven
    assert eight_six.phrase == "Eight-six low (8-6-5-4-2)"
    assert eight_seven.phrase == "Eight-seven low (8-7-5-4-A)"


def test_004_steel_wheel_ties_a_plain_wheel_for_low() -> None:
    assert a5("5h 4h 3h 2h Ah") == a5("5s 4d 3d 2c As")


def test_004_joker_plays_lowest_absent_rank() -> None:
    value = a5("7h 5s 4h Jk Ad")
    assert value == a5("7h 5s 4h 2c Ad")
    assert [c.rank for c in value.wild_as.values()] == [2]
    assert value.phrase.endswith("(joker as 2♣)")


def test_004_alice_and_burt() -> None:
    alice, burt = a5("6c 5s 4h 3c 2s"), a5("Jk 6h 5h 4c 3s")
    # "For low, the joker plays as an ace ... his hand also defeats Alice for low"
    assert [str(c.rank.name) for c in burt.wild_as.values()] == ["ACE"]
    assert burt > alice
    assert burt.phrase == "Six-five low (6-5-4-3-A) (joker as A♣)"


def test_003_wild_cards_create_pairs_option() -> None:
    # 003: "A-K-Q-J-9 would beat 7-5-4-3-W, which must be a pair of threes at least"
    wild = a5("7h 5s 4d 3c Jk", joker="must-pair")
    assert wild.category == "one pair"
    assert wild.phrase.startswith("Pair of threes")
    assert a5("Ac Kd Qh Js 9c", joker="must-pair") > wild
    # by default (004) the joker is the lowest absent rank: a seven-five low
    assert a5("7h 5s 4d 3c Jk").phrase.startswith("Seven-five low (7-5-4-3-A)")


def test_two_jokers() -> None:
    assert a5("Jk Jk 7c 5d 4s").phrase.startswith("Seven-five low (7-5-4-2-A)")


# --- must-pair: each joker copies a rank among the natural cards -------------------
# Expected values worked out by hand from 003 ("wild cards in low hands are usually
# held to create pairs ... 7-5-4-3-W, which must be a pair of threes at least"): a
# joker becomes one of the ranks the natural cards show, never a rank none of them
# shows, so two jokers cannot pair each other as aces.  Lower categories are better
# lows: one pair < two pair < three of a kind < full house < four < five of a kind.


def wild_ranks(value: HandValue) -> list[int]:
    return sorted(int(c.rank) for c in value.wild_as.values() if c.rank is not None)


@pytest.mark.parametrize("name", LOWS)
def test_must_pair_two_jokers_copy_natural_ranks(name: str) -> None:
    # Naturals 7, 5, 4.  The jokers may be 7, 5 or 4: 4+5 gives two pair (fives and
    # fours), the best; 4+4 or 5+5 is three of a kind; 7+anything pairs the sevens.
    value = evaluate("Jk Jk2 7c 5d 4h", ranking=name, joker="must-pair")
    assert value.category == "two pair"
    assert value.phrase.startswith("Two pair, fives and fours (5-5-4-4-7)")
    assert wild_ranks(value) == [4, 5]
    # no ace is among the five cards, so no joker may play as one
    assert "A" not in value.phrase.split("(")[1]


@pytest.mark.parametrize("name", LOWS)
def test_must_pair_two_jokers_against_natural_hands(name: str) -> None:
    must = evaluate("Jk Jk2 7c 5d 4h", ranking=name, joker="must-pair")
    # any one-pair hand beats two pair, even a pair of kings
    assert evaluate("Kc Kd 7s 5s 4s", ranking=name, joker="must-pair") > must
    # fives and fours with a seven equals the natural two pair
    assert evaluate("5c 5h 4c 4d 7s", ranking=name, joker="must-pair") == must
    # and beats fives and fours with an eight, sixes and fours, three fours
    assert must > evaluate("5c 5h 4c 4d 8s", ranking=name, joker="must-pair")
    assert must > evaluate("6c 6h 4c 4d 7s", ranking=name, joker="must-pair")
    assert must > evaluate("4c 4d 4s 7h 5h", ranking=name, joker="must-pair")


def test_must_pair_three_jokers_make_a_full_house() -> None:
    # Naturals 6 and 2; three jokers among {6, 2}: 2-2-2-6-6 or 6-6-6-2-2 (full
    # houses) or four of a kind.  A full house is the better low, deuces full best.
    value = a5("Jk Jk2 Jk3 6c 2d", joker="must-pair")
    assert value.category == "full house"
    assert value.phrase.startswith("Full house, deuces full of sixes (2-2-2-6-6)")
    assert wild_ranks(value) == [2, 2, 6]


def test_must_pair_four_jokers_and_one_card_is_five_of_a_kind() -> None:
    value = a5("Jk Jk2 Jk3 Jk4 9s", joker="must-pair")
    assert value.category == "five of a kind"
    assert value.phrase.startswith("Five nines (9-9-9-9-9)")


@pytest.mark.parametrize(("name", "five"), [("ace-to-five", "aces"), ("deuce-to-seven", "deuces")])
def test_must_pair_five_jokers_copy_one_another(name: str, five: str) -> None:
    # decision: with no natural card the jokers copy one another (five of a kind,
    # the best rank for low); lowest-absent would make them the best no-pair low
    value = evaluate("Jk Jk2 Jk3 Jk4 Jk5", ranking=name, joker="must-pair")
    assert value.category == "five of a kind"
    assert value.phrase.startswith(f"Five {five}")


def test_must_pair_prefers_natural_cards_from_more_than_five() -> None:
    # K Q 3 2 and two jokers.  One joker with the four naturals pairs the deuce:
    # 2-2-K-Q-3.  Two jokers with three naturals make at best two pair.  Reading the
    # rule as "jokers may pair each other" would give A-A-Q-3-2 instead.
    value = a5("Jk Jk2 Kc Qd 3h 2s", joker="must-pair")
    assert value.category == "one pair"
    assert value.phrase.startswith("Pair of deuces (2-2-K-Q-3)")
    assert wild_ranks(value) == [2]


# --- deuce-to-seven and ace-to-six ------------------------------------------------


def test_004_deuce_to_seven() -> None:
    best = d27("7c 5s 4d 3s 2c")
    assert best.phrase == "Seven-five low (7-5-4-3-2)"
    assert best > d27("7c 6s 4d 3s 2c")
    assert best > d27("6c 5s 4d 3s 2c")  # a straight counts against you
    assert d27("7c 5c 4c 3c 2c").category == "flush"
    # 004: A-5-4-3-2 is no straight, just ace-five high: it beats a pair or an
    # ace-ten high, but loses to any king-high or lower
    ace_five = d27("Ac 5c 4d 3d 2h")
    assert ace_five.category == "ace-high"
    assert ace_five > d27("2s 2d 5h 4s 3c")
    assert ace_five > d27("As Td 5h 4s 3c")
    assert ace_five < d27("Ks Qd Jh 9s 8c")
    # WP-LIST: "under deuce-to-seven low rules ... 5-4-3-2-A suited is an ace-high flush"
    assert d27("5s 4s 3s 2s As").phrase == "Flush, ace high (A-5-4-3-2)"


def test_004_ace_to_six() -> None:
    best = a6("6h 4s 3c 2d Ac")
    assert best.phrase == "Six-four low (6-4-3-2-A)"
    assert best > a6("6h 5s 3c 2d Ac") > a6("6h 5s 4c 2d Ac")
    wheel = a6("5h 4s 3c 2d Ac")
    assert wheel.category == "straight"
    assert wheel < a6("Ks Qd Jh 9s 8c")
    # decision: the ace never plays high, so K-Q-J-T-A is no straight
    assert a6("Ks Qd Jh Ts Ac").category == "king-high"
    # 003 option (b): a pair of aces is lower than any other pair
    assert a6("Ac Ad 9h 5s 3c") > a6("2c 2d 5h 4s 3c")


def test_003_options_best_hands() -> None:
    # 003: (a) lowest is a non-flush 7-5-4-3-2, (b) a non-flush 6-4-3-2-A,
    # (c) 5-4-3-2-A even if flush
    assert d27("7c 5d 4h 3s 2c").category == "7-high"
    assert a6("6c 4d 3h 2s Ac").category == "6-high"
    assert a5("5c 4c 3c 2c Ac").category == "5-high"


def test_best_five_of_seven() -> None:
    value = a5("Kc Kd 5h 4s 3c 2d Ah")
    assert value.phrase == "Wheel, five low (5-4-3-2-A)"
    assert {c.ascii() for c in value.cards} == {"5h", "4s", "3c", "2d", "Ah"}
    # deuce-to-seven from seven: the suited 7-5-4-3-2 is avoided with an eight
    value = d27("7s 5s 4s 3s 2s 8d Kh")
    assert value.phrase == "Eight-five low (8-5-4-3-2)"
    assert value.category == "8-high"


# --- the qualifier -----------------------------------------------------------------


def test_eight_or_better() -> None:
    assert a5("8h 7c 6c 5s 4d", qualifier=8).category == "8-high"
    nine = a5("9h 5c 4c 3s 2d", qualifier=8)
    pair = a5("2h 2c 4c 3s 5d", qualifier=8)
    assert nine.category == pair.category == "no low"
    assert nine == pair and nine.key == (NO_LOW,)
    assert nine.phrase == "No low: nine-five low (9-5-4-3-2) does not qualify (eight or better)"
    assert a5("8h 7c 6c 5s 4d", qualifier=8) > nine
    # under deuce-to-seven, 8-7-6-5-4 is a straight: no low
    assert d27("8h 7c 6c 5s 4d", qualifier=8).category == "no low"
    assert d27("8h 7c 6c 5s 2d", qualifier=8).category == "8-high"


# --- published frequency tables --------------------------------------------------

# [WP-PROB] 5-card lowball (ace-to-five): distinct hands and frequency by top card.
A5_NO_PAIR_5 = {
    "5-high": (1, 1_024),
    "6-high": (5, 5_120),
    "7-high": (15, 15_360),
    "8-high": (35, 35_840),
    "9-high": (70, 71_680),
    "10-high": (126, 129_024),
    "jack-high": (210, 215_040),
    "queen-high": (330, 337_920),
    "king-high": (495, 506_880),
}
# [003] the paired categories, identical for every method (suits play no part)
PAIRED_5 = {
    "one pair": 1_098_240,
    "two pair": 123_552,
    "three of a kind": 54_912,
    "full house": 3_744,
    "four of a kind": 624,
}
# [WP-PROB] 7-card lowball (ace-to-five), hands whose best five have no pair.
A5_NO_PAIR_7 = {
    "5-high": 781_824,
    "6-high": 3_151_360,
    "7-high": 7_426_560,
    "8-high": 13_171_200,
    "9-high": 19_174_400,
    "10-high": 23_675_904,
    "jack-high": 24_837_120,
    "queen-high": 21_457_920,
    "king-high": 13_939_200,
}
# [003] straight flush 40, straight 10,200, flush 5,108, nothing 1,302,540.  Under
# deuce-to-seven the 10 rank sets A-5-4-3-2 (4**5 = 1,024 hands, 4 suited) are no
# straight: 4 straight flushes become flushes and 1,020 straights become no pair.
# Under ace-to-six A-K-Q-J-T is no straight instead: the same counts.
STRAIGHTS_COUNT_5 = {
    "straight flush": 40 - 4,
    "straight": 10_200 - 1_020,
    "flush": 5_108 + 4,
    "no pair": 1_302_540 + 1_020,
}


def rank_multisets(size: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` ranks (index 0..12, at most 4 each) with its suit weight."""
    out = []
    for combo in combinations_with_replacement(range(13), size):
        counts = Counter(combo)
        if max(counts.values()) <= 4:
            out.append((combo, prod(comb(4, c) for c in counts.values())))
    return out


def representative(combo: tuple[int, ...], suited: bool = False) -> list[int]:
    """Card ids for rank indices (0 = deuce .. 12 = ace): all clubs, or suits spread."""
    if suited:
        return [r * 4 for r in combo]
    seen: Counter[int] = Counter()
    out = []
    for r in combo:
        out.append(r * 4 + seen[r])
        seen[r] += 1
    if len({i & 3 for i in out}) == 1:  # five different ranks, all clubs: break the flush
        out[0] += 1
    return out


def test_ace_to_five_distinct_classes_6175() -> None:
    # 6,175 = 1,287 no-pair lows [WP-PROB] + 2,860 + 858 + 858 + 156 + 156 paired
    # classes (the pair, two pair, trips, full house and quads classes of [WP-LIST]'s 7,462).
    keys = {ace_to_five_key(representative(c)) for c, _ in rank_multisets(5)}
    assert len(keys) == 6_175


@pytest.mark.parametrize("method", [DEUCE_TO_SEVEN, ACE_TO_SIX])
def test_distinct_classes_7462(method: LowMethod) -> None:
    # [WP-LIST] 7,462 distinct ranks when straights and flushes count
    keys = set()
    for combo, _ in rank_multisets(5):
        keys.add(low_key(representative(combo), method))
        if len(set(combo)) == 5:
            keys.add(low_key(representative(combo, suited=True), method))
    assert len(keys) == 7_462


def test_ace_to_five_five_card_table_by_rank_multiset() -> None:
    counts: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    for combo, weight in rank_multisets(5):
        cat = a5([Card(i) for i in representative(combo)]).category
        counts[cat] += weight
        classes[cat] += 1
    for cat, (distinct, freq) in A5_NO_PAIR_5.items():
        assert (classes[cat], counts[cat]) == (distinct, freq), cat
    for cat, freq in PAIRED_5.items():
        assert counts[cat] == freq, cat
    assert sum(counts.values()) == 2_598_960


def test_ace_to_five_seven_card_table_by_rank_multiset() -> None:
    counts: Counter[int] = Counter()
    for combo, weight in rank_multisets(7):
        key = ace_to_five_key(representative(combo))
        counts[key] += weight
    by_cat: Counter[str] = Counter()
    for key, n in counts.items():
        # the category of a key: evaluate any five-card hand with that key
        by_cat[_category_by_key(key)] += n
    for cat, freq in A5_NO_PAIR_7.items():
        assert by_cat[cat] == freq, cat
    assert sum(A5_NO_PAIR_7.values()) == 127_615_488  # [WP-PROB] total
    assert sum(by_cat.values()) == comb(52, 7) == 133_784_560


_KEY_CATEGORY: dict[int, str] = {}


def _category_by_key(key: int) -> str:
    if not _KEY_CATEGORY:
        for combo, _ in rank_multisets(5):
            cards = representative(combo)
            _KEY_CATEGORY[ace_to_five_key(cards)] = a5([Card(i) for i in cards]).category
    return _KEY_CATEGORY[key]


@pytest.mark.slow
@pytest.mark.parametrize("name", LOWS)
def test_five_card_tables_exhaustive(name: str) -> None:
    method = METHODS[name]
    counts: Counter[int] = Counter()
    for five in combinations(range(52), 5):
        counts[low_key(five, method)] += 1
    assert len(counts) == (6_175 if name == "ace-to-five" else 7_462)
    by_cat: Counter[str] = Counter()
    for key, n in counts.items():
        by_cat[_category_for(method, key)] += n
    assert sum(by_cat.values()) == 2_598_960
    for cat, freq in PAIRED_5.items():
        assert by_cat[cat] == freq, cat
    if name == "ace-to-five":
        for cat, (_, freq) in A5_NO_PAIR_5.items():
            assert by_cat[cat] == freq, cat
    else:
        no_pair = sum(n for cat, n in by_cat.items() if cat.endswith("-high"))
        assert no_pair == STRAIGHTS_COUNT_5["no pair"]
        for cat in ("straight flush", "straight", "flush"):
            assert by_cat[cat] == STRAIGHTS_COUNT_5[cat], cat


_CAT_BY_KEY: dict[tuple[str, int], str] = {}


def _category_for(method: LowMethod, key: int) -> str:
    """The category of a five-card key, from one hand of each class."""
    if not _CAT_BY_KEY:
        for m in METHODS.values():
            for five in _class_reps():
                value = evaluate([Card(i) for i in five], ranking=m.name)
                _CAT_BY_KEY[(m.name, value.key[0])] = value.category
    return _CAT_BY_KEY[(method.name, key)]


def _class_reps() -> list[list[int]]:
    reps = []
    for combo, _ in rank_multisets(5):
        reps.append(representative(combo))
        if len(set(combo)) == 5:
            reps.append(representative(combo, suited=True))
    return reps


def test_one_joker_no_pair_counts() -> None:
    # 53-card pack, one joker (lowest absent rank).  By hand: with the joker, four
    # distinct natural ranks whose top is t (ace-low value) and three below it give
    # a t-high: C(t-1, 3) * 4**4 hands; four ranks all within A-5 give the wheel.
    jk = Card("Jk").id
    counts: Counter[str] = Counter()
    for combo, weight in rank_multisets(4):
        cards = [*representative(combo), jk]
        counts[a5([Card(i) for i in cards]).category] += weight
    for combo, weight in rank_multisets(5):
        counts[a5([Card(i) for i in representative(combo)]).category] += weight
    assert counts["5-high"] == 1_024 + comb(5, 4) * 256
    for t in range(6, 14):
        name = f"{t}-high" if t <= 10 else {11: "jack", 12: "queen", 13: "king"}[t] + "-high"
        assert counts[name] == comb(t - 1, 4) * 1_024 + comb(t - 1, 3) * 256, name
    assert sum(counts.values()) == comb(53, 5)


# --- fast keys agree with the readable path ------------------------------------------


@pytest.mark.parametrize("name", LOWS)
@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_fast_key_matches_evaluate(name: str, size: int) -> None:
    rng = random.Random(size * 31 + len(name))
    method = METHODS[name]
    for _ in range(400):
        hand = rng.sample(range(52), size)
        value = evaluate([Card(i) for i in hand], ranking=name)
        assert value.key == (low_key(hand, method),)
        assert evaluate([Card(i) for i in hand], ranking=name, qualifier=8).key == (
            low_key(hand, method, 8),
        )


def test_named_fast_keys() -> None:
    hand = ids("7c 5s 4d 3s 2c Kh Kd")
    assert ace_to_five_key(hand) == low_key(hand, ACE_TO_FIVE)
    assert deuce_to_seven_key(hand) == low_key(hand, DEUCE_TO_SEVEN)
    assert ace_to_six_key(hand) == low_key(hand, ACE_TO_SIX)
    assert deuce_to_seven_key(hand) > deuce_to_seven_key(ids("7c 6s 4d 3s 2c Kh Kd"))


def test_flush_heavy_seven_cards() -> None:
    # six spades: the best deuce-to-seven low must dodge the flush
    hand = "7s 5s 4s 3s 2s 9s Kd"
    value = d27(hand)
    assert value.category == "king-high"
    assert value.key == (deuce_to_seven_key(ids(hand)),)


# --- properties ------------------------------------------------------------------

hands7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@settings(max_examples=150, deadline=None)
@given(hands7, st.sampled_from(LOWS), st.randoms(use_true_random=False))
def test_card_order_never_matters(hand: list[int], name: str, rnd: random.Random) -> None:
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    a = evaluate([Card(i) for i in hand], ranking=name)
    b = evaluate([Card(i) for i in shuffled], ranking=name)
    assert a == b and a.phrase == b.phrase


@settings(max_examples=100, deadline=None)
@given(st.lists(hands7, min_size=3, max_size=3), st.sampled_from(LOWS))
def test_total_order(hands: list[list[int]], name: str) -> None:
    a, b, c = (evaluate([Card(i) for i in h], ranking=name) for h in hands)
    assert (a < b) + (a == b) + (a > b) == 1
    if a <= b and b <= c:
        assert a <= c
    assert (a < b) == (b > a)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=6, unique=True),
    st.sampled_from(LOWS),
    st.sampled_from(["lowest-absent", "must-pair"]),
)
def test_explanation_uses_real_cards(hand: list[int], name: str, joker: str) -> None:
    cards = [Card(i) for i in hand] + [Card("Jk")]
    value = evaluate(cards, ranking=name, joker=joker)
    assert len(value.cards) == 5
    assert set(value.cards) <= set(cards)
    for wild, became in value.wild:
        assert wild.is_joker and wild in value.cards and became.is_ranked


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True), st.sampled_from(LOWS))
def test_joker_never_hurts_a_low(hand: list[int], name: str) -> None:
    # the default joker plays as the best card: swapping it in never makes the low worse
    natural = evaluate([Card(i) for i in hand[:-1]] + [Card(hand[-1])], ranking=name)
    joker = evaluate([Card(i) for i in hand[:-1]] + [Card("Jk")], ranking=name)
    assert joker >= natural


# --- bad input -------------------------------------------------------------------


def test_bad_input() -> None:
    with pytest.raises(HandSizeError, match="at least 5 cards"):
        a5("5h 4h 3h 2h")
    with pytest.raises(DuplicateCardError, match="5h appears twice"):
        a5("5h 4h 3h 2h 5h")
    with pytest.raises(RankingError, match="'wild' is not an option"):
        a5("5h 4h 3h 2h Ah", wild=True)
    with pytest.raises(RankingError, match="qualifier=9 is not allowed"):
        a5("5h 4h 3h 2h Ah", qualifier=9)
    with pytest.raises(RankingError, match="joker='bug' is not allowed"):
        a5("5h 4h 3h 2h Ah", joker="bug")
    with pytest.raises(PackError, match="S is a Straights special card"):
        a5("5h 4h 3h 2h S")
    with pytest.raises(RankingError, match="cannot compare"):
        assert a5("5h 4h 3h 2h Ah") < d27("7h 5h 4c 3h 2h")
    with pytest.raises(RankingError, match="cannot compare"):
        assert a5("5h 4h 3h 2h Ah") < a5("7h 5h 4c 3h 2h", qualifier=8)
    assert issubclass(HandSizeError, StraightsError)


@pytest.mark.parametrize("name", LOWS)
def test_fast_frequencies_match_subset_enumeration(name: str) -> None:
    # the rank-multiset tables against the plain "try every five" path
    from straights.rankings.low import _best

    rng = random.Random(len(name))
    method = METHODS[name]
    for size in (5, 6, 7):
        for _ in range(500):
            hand = rng.sample(range(52), size)
            badness, _choice = _best(hand, method, "lowest-absent")
            assert low_key(hand, method) == (1 << 24) - badness


# --- the exhaustive counter behind `straights stats` -------------------------------

PACK = [Card(i) for i in range(52)]


def test_counter_five_card_tables() -> None:
    from straights.rankings.low import count_low

    counts, distinct = count_low(ACE_TO_FIVE, 5, PACK, {})
    assert distinct == 6_175
    assert counts == {cat: f for cat, (_, f) in A5_NO_PAIR_5.items()} | PAIRED_5
    for method in (DEUCE_TO_SEVEN, ACE_TO_SIX):
        counts, distinct = count_low(method, 5, PACK, {})
        assert distinct == 7_462
        no_pair = sum(n for cat, n in counts.items() if cat.endswith("-high"))
        assert no_pair == STRAIGHTS_COUNT_5["no pair"]
        for cat in ("straight flush", "straight", "flush"):
            assert counts[cat] == STRAIGHTS_COUNT_5[cat]
        for cat, freq in PAIRED_5.items():
            assert counts[cat] == freq
    # eight or better: 1,024 + 5,120 + 15,360 + 35,840 = 57,344 qualifying [WP-PROB]
    counts, distinct = count_low(ACE_TO_FIVE, 5, PACK, {"qualifier": 8})
    assert counts["no low"] == 2_598_960 - 57_344
    assert distinct == 1 + 1 + 5 + 15 + 35


def test_counter_seven_card_ace_to_five() -> None:
    from straights.rankings.low import count_low

    done: list[int] = []
    counts, _ = count_low(ACE_TO_FIVE, 7, PACK, {}, done.append)
    for cat, freq in A5_NO_PAIR_7.items():
        assert counts[cat] == freq, cat
    assert sum(counts.values()) == sum(done) == 133_784_560


def test_counter_walks_other_decks() -> None:
    from straights.rankings.low import count_low

    # 5 cards from a 6-card pack: 6 hands, each a distinct no-pair low
    small = parse_cards("Ac 2d 3h 4s 5c 6d")
    counts, distinct = count_low(ACE_TO_SIX, 5, small, {})
    assert sum(counts.values()) == 6 and distinct == 6
    assert counts["straight"] == 2  # A-2-3-4-5 and 2-3-4-5-6


@pytest.mark.slow
def test_counter_six_card_deuce_to_seven_matches_brute_force() -> None:
    # the multiset counting with its flush correction against all 20,358,520 hands
    from straights.rankings.low import count_low

    expected: Counter[int] = Counter()
    for six in combinations(range(52), 6):
        expected[deuce_to_seven_key(six)] += 1
    by_cat: Counter[str] = Counter()
    for key, n in expected.items():
        by_cat[_category_for(DEUCE_TO_SEVEN, key)] += n
    counts, distinct = count_low(DEUCE_TO_SEVEN, 6, PACK, {})
    assert counts == by_cat
    assert distinct == len(expected)
