"""Cards, notation and decks."""

from __future__ import annotations

import random

import pytest

from straights.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from straights.errors import (
    CardNotationError,
    DuplicateCardError,
    PackError,
    StraightsError,
)

ALL_IDS = range(55 + 3)  # the 52, S T R, and three jokers


@pytest.mark.parametrize("card_id", ALL_IDS)
def test_every_card_round_trips(card_id: int) -> None:
    card = Card(card_id)
    assert card.id == card_id
    assert parse_card(card.ascii()) is card
    assert parse_card(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card


def test_notation_variants() -> None:
    assert Card("10s") is Card("Ts") is Card("T♠") is Card("ts") is Card("TS")
    assert Card("Q♠").rank == Rank.QUEEN and Card("Q♠").suit == Suit.SPADES
    assert Card("S").is_special and Card("S").letter == "S" and Card("S").rank is None
    assert Card("t") is Card("T") and Card("T").is_special  # one letter: always a special card
    assert Card("Jk").is_joker and Card("🃏") is Card("Jk") and Card("Jk2").ascii() == "Jk2"
    assert str(Card("Ah")) == "A♥" and Card("Ah").ascii() == "Ah"
    assert repr(Card("10d")) == "Card('Td')"


def test_parse_cards_forms() -> None:
    assert format_cards(parse_cards("As, Kd  10h"), unicode=False) == "As Kd Th"
    assert parse_cards([Card("As"), "Kd"]) == (Card("As"), Card("Kd"))
    assert [c.ascii() for c in parse_cards("Jk Jk2 Jk")] == ["Jk", "Jk2", "Jk3"]


@pytest.mark.parametrize("bad", ["Xx", "1h", "", "   ", "Ahh", "AsKs", "Kx", "11s", "Jk0", "Jk99"])
def test_bad_notation_names_the_input(bad: str) -> None:
    with pytest.raises(CardNotationError) as info:
        parse_cards(bad)
    assert isinstance(info.value, StraightsError) and isinstance(info.value, ValueError)
    if bad.strip():
        assert repr(bad) in str(info.value)
    valid = ("ranks are", "holds no cards", "jokers are numbered 1 to")
    assert any(v in str(info.value) for v in valid)


def test_bad_card_types() -> None:
    with pytest.raises(CardNotationError):
        Card(99)
    with pytest.raises(CardNotationError):
        Card(1.5)  # type: ignore[arg-type]
    with pytest.raises(CardNotationError):
        parse_cards([3.0])  # type: ignore[list-item]


def test_duplicates_are_named() -> None:
    with pytest.raises(DuplicateCardError, match="As appears twice"):
        parse_cards("As Kd As")


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card("As")._id = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("name", "size", "lowest"),
    [
        ("standard", 52, 2),
        ("straights", 55, 2),
        ("manila", 32, 7),
        ("mexican", 40, 2),
        ("short", 36, 6),
    ],
)
def test_decks(name: str, size: int, lowest: int) -> None:
    deck = make_deck(name)
    assert len(deck) == size and len(set(deck)) == size
    assert min(c.rank for c in deck if c.rank is not None) == lowest
    assert len(make_deck(name, jokers=2)) == size + 2


def test_mexican_deck_has_no_eights_nines_tens() -> None:
    assert not {c.rank for c in make_deck("mexican")} & {8, 9, 10}


def test_straights_pack_holds_the_special_cards() -> None:
    deck = make_deck("straights")
    assert all(Card(x) in deck for x in "STR")
    assert Card("S") not in make_deck("standard")
    with pytest.raises(PackError, match="not in the standard deck"):
        make_deck("standard").check_contains([Card("S")])
    with pytest.raises(PackError, match="S is not in the standard deck"):  # any iterable
        make_deck("standard").check_contains(iter([Card("As"), Card("S")]))
    make_deck("standard").check_contains(iter([Card("As")]))


def test_shuffled_draws_as_random_shuffle_does() -> None:
    for name, seed in [
        ("standard", 0),
        ("straights", 1),
        ("short", 2),
        ("manila", 3),
        ("standard", 7),
    ]:
        deck = make_deck(name)
        mine, theirs = random.Random(seed), random.Random(seed)
        expected = list(deck)
        theirs.shuffle(expected)
        assert deck.shuffled(mine) == expected
        assert mine.getstate() == theirs.getstate()
    # Many seeds, every deck size the decks have (words refused at each step included),
    # several shuffles from one generator: the same orders, the generator left alike.
    for jokers in (0, 1, 16):
        for name in ("standard", "straights", "short", "manila", "mexican"):
            deck = make_deck(name, jokers=jokers)
            mine, theirs = random.Random(jokers), random.Random(jokers)
            for _ in range(40):
                expected = list(deck)
                theirs.shuffle(expected)
                assert deck.shuffled(mine) == expected
            assert mine.getstate() == theirs.getstate()


def test_check_dealable_names_a_repeated_card_first_then_a_foreign_one() -> None:
    standard = make_deck("standard")
    standard.check_dealable(standard.shuffled(1))
    with pytest.raises(DuplicateCardError, match="As appears twice in the deck"):
        standard.check_dealable([Card("S"), Card("As"), Card("As")], "in the deck")
    with pytest.raises(PackError, match="S is not in the standard deck"):
        standard.check_dealable((Card("As"), Card("S")))


def test_a_deck_is_built_once_per_name_and_jokers() -> None:
    assert make_deck("short") is make_deck("short")
    assert make_deck("short", jokers=1) is not make_deck("short")
    assert len(make_deck("short", jokers=1)) == 37 and len(make_deck("short")) == 36


def test_shuffle_uses_only_the_given_rng() -> None:
    deck = make_deck("straights")
    assert deck.shuffled(42) == deck.shuffled(42)
    assert deck.shuffled(random.Random(5)) == deck.shuffled(random.Random(5))
    assert deck.shuffled(1) != deck.shuffled(2)
    assert sorted(deck.shuffled()) == sorted(deck)  # the OS's source by default
    assert list(deck) == list(make_deck("straights"))  # the deck itself never changes


def test_bad_decks() -> None:
    with pytest.raises(PackError, match="'pinochle' is not a deck"):
        make_deck("pinochle")
    with pytest.raises(PackError):
        make_deck("standard", jokers=-1)
