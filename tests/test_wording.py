"""game/wording.py: one wording of a deal's lines, with the grammar of "You"."""

from __future__ import annotations

import pytest

from straights.cards import Card, make_deck, parse_cards
from straights.game.draw import DealerDraw
from straights.game.wording import action_label, deal_story, entry_phrase, phrase, text
from straights.poker import Deal, get_variant
from straights.table import straights_stakes

NAMES = {0: "Ann", 1: "Bob"}.get


def _straights(moves: list[str]) -> Deal:
    """A heads-up deal of Straights (``_STR55L``): Ann As Kd, Bob Qs 9d, the key card
    8h face down, then 2c 3c 4c 5c; ``moves`` are played in turn."""
    top = list(parse_cards("As Kd Qs 9d 8h 2c 3c 4c 5c"))
    deck = top + [c for c in make_deck("straights") if c not in top]
    variant = get_variant("_STR55L")
    deal = Deal(variant, straights_stakes(variant, 2), [20, 20], deck)
    for move in moves:
        deal.act(move)
    return deal


def _told(deal: Deal, you: int | None) -> list[str]:
    return [text(w) for k in range(len(deal.log)) if (w := entry_phrase(deal, k, NAMES, you))]


CASES: list[tuple[list[str], str, str]] = [
    # Ann's moves and Bob's in turn; Ann's last told to others, and to Ann (player 0)
    (["bet"], "Ann bets 1", "You bet 1"),
    (["check"], "Ann checks", "You check"),
    (["check", "bet", "raise"], "Ann raises to 3", "You raise to 3"),
    (["bet", "raise", "call"], "Ann calls 2", "You call 2"),  # 1 in, Bob raised to 3
    (["check", "bet", "fold"], "Ann folds", "You fold"),
]


@pytest.mark.parametrize(("moves", "others", "hers"), CASES)
def test_each_action_in_the_third_and_second_person(
    moves: list[str], others: str, hers: str
) -> None:
    deal = _straights(moves)
    last = 2 + len(moves)  # after her cards, the key card and the first table card
    assert _told(deal, 1)[last] == others  # told to someone else
    assert _told(deal, None)[last - 1] == others  # to a spectator (no hole cards told)
    assert _told(deal, 0)[last] == hers


def test_the_key_card_never_shows_before_it_is_turned() -> None:
    deal = _straights(["check", "check"])
    for you in (None, 0, 1):
        told = _told(deal, you)
        assert "The key card is dealt face down" in told
        assert not any("8♥" in line for line in told)
    assert _told(deal, 0)[0] == "You get A♠ K♦"  # her own cards, never Bob's
    assert not any("Q♠" in line for line in _told(deal, 0))
    # A history (after the deal) holds every card, the key card's too.
    story = deal_story(deal, ["Ann", "Bob"].__getitem__)
    assert story[:3] == ["Ann gets A♠ K♦", "Bob gets Q♠ 9♦", "Table: 8♥"]


def test_a_seat_nobody_named_is_counted_from_one() -> None:
    deal = _straights(["check"])
    assert text(entry_phrase(deal, len(deal.log) - 1, lambda i: None) or ()) == "seat 1 checks"


def test_the_dealer_draw_in_the_third_and_second_person() -> None:
    draw = DealerDraw((1, 0), (Card("7c"), Card("Kd")), 0)
    assert text(phrase(draw, NAMES)) == "Draw for the dealer: Bob 7♣, Ann K♦ — Ann deals first"
    assert text(phrase(draw, NAMES, you=0)) == (
        "Draw for the dealer: Bob 7♣, you K♦ — you deal first"
    )
    tie = DealerDraw((0, 1), (Card("S"), Card("R")), None)
    assert text(phrase(tie, NAMES), ascii=True) == (
        "Draw for the dealer: Ann S, Bob R — a tie on special cards: draw again"
    )


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
