"""game/wording.py: one phrase per event, with the grammar of "You"."""

from __future__ import annotations

import pytest

from straights.cards import Card
from straights.game import events as ev
from straights.game.wording import action_label, phrase, text

NAMES = {0: "Ann", 1: "Bob"}.get

CASES: list[tuple[ev.Event, str, str]] = [
    # event, told about Ann to others, told to Ann herself (seat 0)
    (ev.Acted(0, "fold", 0, 0, False), "Ann folds", "You fold"),
    (ev.Acted(0, "check", 0, 0, False), "Ann checks", "You check"),
    (ev.Acted(0, "call", 2, 3, True), "Ann calls 2 (all-in)", "You call 2 (all-in)"),
    (ev.Acted(0, "bet", 1, 1, False), "Ann bets 1", "You bet 1"),
    (ev.Acted(0, "raise", 2, 3, False), "Ann raises to 3", "You raise to 3"),
    (ev.AntePosted(0, 1, False), "Ann antes 1", "You ante 1"),
    (ev.HoleDealt(0, (Card("Qs"), Card("9d"))), "Ann is dealt Q♠ 9♦", "You are dealt Q♠ 9♦"),
    (ev.HoleDealt(0, ()), "Ann is dealt two cards face down", "You are dealt two cards face down"),
    (
        ev.ShowdownRevealed(0, (Card("Qs"), Card("9d")), "straight"),
        "Ann shows Q♠ 9♦: straight",
        "You show Q♠ 9♦: straight",
    ),
    (
        ev.PotAwarded(1, 6, 0, (0, 1), 7, "priority card"),
        "Side pot 1 (6) goes to Ann: priority card",
        "Side pot 1 (6) goes to you: priority card",
    ),
    (
        ev.PenaltyPaid(0, 1),
        "Ann pays a penalty of 1 into the carried pot (rule 10)",
        "You pay a penalty of 1 into the carried pot (rule 10)",
    ),
    (
        ev.PlayerLeft(0, "broke", 0),
        "Ann is out of chips and leaves",
        "You are out of chips and leave",
    ),
    (
        ev.PlayerLeft(0, "stood", 40),
        "Ann leaves the table with 40 chips",
        "You leave the table with 40 chips",
    ),
    (
        ev.PlayerSat(0, "Ann", 100),
        "Ann sits down in seat 1 with 100 chips",
        "You sit down in seat 1 with 100 chips",
    ),
    (
        ev.HandStarted(3, 0, (1, 0), (9, 9), 4, ()),
        "Deal 3 · Ann deals · 4 chips carried over are in the pot",
        "Deal 3 · you deal · 4 chips carried over are in the pot",
    ),
    (
        ev.DealerDraw((1, 0), (Card("7c"), Card("Kd")), 0),
        "Draw for the dealer: Bob 7♣, Ann K♦ — Ann deals first",
        "Draw for the dealer: Bob 7♣, you K♦ — you deal first",
    ),
]


@pytest.mark.parametrize(("event", "others", "hers"), CASES)
def test_each_event_in_the_third_and_second_person(event: ev.Event, others: str, hers: str) -> None:
    assert text(phrase(event, NAMES, you=7)) == others  # told to someone else
    assert text(phrase(event, NAMES)) == others
    assert text(phrase(event, NAMES, you=0)) == hers


def test_rounds_cards_and_unnamed_seats() -> None:
    assert text(phrase(ev.RoundStarted(3, True), NAMES)) == "Round 3 of 5"
    assert text(phrase(ev.RoundStarted(4, False), NAMES)).startswith("Round 4 of 5: no betting")
    assert text(phrase(ev.TableCardDealt(2, Card("Td")), NAMES), ascii=True) == "Table card 2: Td"
    assert text(phrase(ev.KeyTurned(Card("S")), NAMES)) == "The key card is turned: S"
    # A seat nobody named is counted from 1, like everywhere people read it.
    assert text(phrase(ev.Acted(4, "check", 0, 0, False), NAMES)) == "seat 5 checks"


def test_the_key_card_never_shows_before_it_is_turned() -> None:
    told = phrase(ev.KeyDealt(Card("8h")), NAMES)
    assert not any(isinstance(p, Card) for p in told) and "8" not in text(told)


def test_action_labels_are_the_engines() -> None:
    from oracle.straights_hand import Action

    for action in (Action("fold"), Action("call", 4, 5, True), Action("raise", 2, 3, False)):
        assert str(action) == action_label(
            action.kind, amount=action.amount, to=action.to, all_in=action.all_in
        )


def test_unnamed_players_are_counted_from_one_in_views_and_histories() -> None:
    from oracle.straights_phh import hand_to_phh
    from oracle.straights_table import Table
    from oracle.straights_view import hand_view

    from straights.game.config import TableConfig

    hand = Table(TableConfig(seats=2), ["Ann", "Bob"], seed=3).start_hand()
    # A hand told without its names: its players are "seat 1" and "seat 2", never 0.
    assert sorted(p.name for p in hand_view(hand, None).players) == ["seat 1", "seat 2"]
    history = hand_to_phh(hand)
    assert sorted(history["players"]) == ["seat 1", "seat 2"]
    assert sorted(history["seats"]) == [1, 2]  # the same numbers as the names


def test_a_pot_won_by_a_kicker_names_it() -> None:
    """Three players with three twos on the board (issue 22): the line says which
    kicker decided; a pot won on the hand itself says nothing more."""
    from straights.cards import make_deck, parse_cards
    from straights.game.wording import pot_lines
    from straights.poker import Deal, Stakes, get_variant

    def played(cards: str) -> list[str]:
        top = list(parse_cards(cards))
        deck = top + [c for c in make_deck() if c not in top]
        deal = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [50] * 3, deck)
        while not deal.finished:
            kinds = {a.kind for a in deal.legal_actions()}
            deal.act("check" if "check" in kinds else "call")
        return pot_lines(deal, ["Ann", "Bob", "Cleo"].__getitem__)

    # holes Ann Ks 4c, Bob Qd 4d, Cleo Jd 5c; burn, flop 2h 2d 2c, burn, 7s, burn, 8h
    assert played("Ks 4c Qd 4d Jd 5c 9s 2h 2d 2c 9h 7s 9c 8h") == [
        "The pot of 6 to Ann with Three of a kind, twos (king kicker)"
    ]
    # Ann's kings full beat the others' trips: no kicker to tell
    assert played("Ks Kc Qd 4d Jd 5c 9s 2h 2d 2c 9h 7s 9c 8h") == [
        "The pot of 6 to Ann with Full house, twos full of kings"
    ]
