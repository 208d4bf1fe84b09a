"""Mucking a beaten hand at the showdown (``Deal(auto_muck=…)``): who shows first (the
last bettor of the last round, else its first to act), who may muck (a hand a shown one
beats in every pot), where nobody may (anyone all in), and the history that says so."""

from __future__ import annotations

import pytest

from straights.cards import parse_cards
from straights.errors import ConfigurationError
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal
from straights.poker.phh import deal_to_phh, replay
from straights.poker.variant import Stakes

# p1 holds A♠A♦, p2 K♣K♦, p3 2♥7♣; the board 9♠ 3♥ J♣ Q♥ K♥: p2's three kings win.
DECK = "As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d"


def deal(auto_muck: tuple[int, ...], stacks: int = 50, river_bet: int | None = None) -> Deal:
    """Three players check (or call) to the river; there p3 bets ``river_bet`` if given."""
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [stacks] * 3,
             parse_cards(DECK), auto_muck=auto_muck)  # fmt: skip
    while not d.finished:
        kinds = [a.kind for a in d.legal_actions()]
        if river_bet is not None and d.street_name == "river" and d.actor == 2 and "bet" in kinds:
            d.act("bet", river_bet)
        else:
            d.act("check" if "check" in kinds else "call")
    return d


def showdown(d: Deal) -> list[tuple[str, int]]:
    return [(e.kind, e.player) for e in d.log if e.kind in ("show", "muck")]


def test_without_auto_muck_everyone_shows_in_seat_order() -> None:
    assert showdown(deal(())) == [("show", 0), ("show", 1), ("show", 2)]


def test_a_beaten_hand_is_mucked_after_the_first_to_act_shows() -> None:
    d = deal((0, 1, 2))  # all checked on the river: p1, its first to act, shows first
    assert showdown(d) == [("show", 0), ("show", 1), ("muck", 2)]
    assert d.winnings == [0, 6, 0] and d.mucked[2]


def test_the_river_bettor_shows_first_and_nobody_shown_beats_the_next() -> None:
    # p3 bets the river and is called: he shows first (7-high), then p1's aces (which
    # beat it: shown), then p2's kings (they beat both: shown).
    d = deal((0, 1, 2), river_bet=10)
    assert showdown(d) == [("show", 2), ("show", 0), ("show", 1)]


def test_only_players_who_asked_muck() -> None:
    assert showdown(deal((0, 1))) == [("show", 0), ("show", 1), ("show", 2)]


def test_all_in_hands_are_all_shown() -> None:
    d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [20, 20, 20],
             parse_cards(DECK), auto_muck=(0, 1, 2))  # fmt: skip
    d.act("raise", 20)
    d.act("call")
    d.act("call")
    assert d.finished and [k for k, _ in showdown(d)] == ["show"] * 3


def test_the_history_keeps_the_muck() -> None:
    d = deal((2,))
    history = deal_to_phh(d)
    assert "p3 sm" in history["actions"]
    again = replay(history).deal
    assert again.winnings == d.winnings and again.mucked == d.mucked


def test_bad_players_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="auto_muck"):
        deal((3,))
