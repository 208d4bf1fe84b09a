"""Worked examples of the generic engine's rules (WSOP/TDA defaults, see docs/games.md)."""

from __future__ import annotations

import pytest

from straights.cards import Card, make_deck, parse_cards
from straights.errors import IllegalActionError
from straights.poker import Deal, Stakes, get_variant
from straights.poker.showdown import split


def kinds(deal: Deal) -> list[str]:
    return [a.kind for a in deal.legal_actions()]


def deck_after(*first: str) -> list[Card]:
    """``first`` cards on top, the rest of the 52 after them in a fixed order."""
    top = list(parse_cards(" ".join(first))) if first else []
    return top + [c for c in make_deck() if c not in top]


def test_min_raise_is_the_last_full_raise_and_a_short_all_in_does_not_reopen() -> None:
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [100, 100, 9], deck_after())
    assert deal.actor == 2  # left of the big blind
    deal.act("call")
    deal.act("call")
    deal.act("check")  # the big blind's option
    assert deal.street_name == "flop" and deal.actor == 0
    deal.act("bet", 4)
    raise_ = deal.legal_actions()[-1]
    assert (raise_.kind, raise_.low, raise_.high) == ("raise", 8, 98)  # 4 more than 4
    deal.act("call")
    deal.act("raise", 7)  # all in: 3 more, less than the full bet of 4
    assert deal.actor == 0 and kinds(deal) == ["fold", "call"]
    with pytest.raises(IllegalActionError):
        deal.act("raise", 11)
    assert deal.actor == 0 and deal.bets == [4, 4, 7]  # unchanged by the refusal
    deal.act("call")
    assert kinds(deal) == ["fold", "call"]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_only_pre_flop() -> None:
    deal = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [50, 50],
                deck_after())  # fmt: skip
    assert deal.bets == [2, 1] and deal.actor == 1
    deal.act("call")
    deal.act("check")
    assert deal.street_name == "flop" and deal.actor == 0


def test_fixed_limit_allows_a_bet_and_three_raises_a_multi_way_round() -> None:
    stakes = Stakes.uniform(3, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = Deal(get_variant("FT"), stakes, [100, 100, 100], deck_after())
    for to in (4, 6, 8):  # the big blind is the bet
        assert deal.legal_actions()[-1].low == deal.legal_actions()[-1].high == to
        deal.act("raise", to)
    assert kinds(deal) == ["fold", "call"]


def test_pot_limit_raise_is_at_most_the_pot_after_the_call() -> None:
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("PO"), stakes, [100, 100, 100], deck_after())
    top = deal.legal_actions()[-1]
    # call 2, then the pot is 1 + 2 + 2 = 5: raise to 2 + 5 = 7
    assert (top.low, top.high) == (4, 7)


def test_stud_bring_in_lowest_card_by_suit_completion_and_best_hand_showing_opens() -> None:
    # p1: 9s 9d up 2d; p2: As Ks up 2c; p3: Qd Jd up Kh; burn 3c; p1 9h, p2 2h, p3 Qs
    deck = parse_cards("9s 9d 2d As Ks 2c Qd Jd Kh 3c 9h 2h Qs 4c 5c 6c 7c 8c Tc Jc Qc Kc Ac")
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    deal = Deal(get_variant("F7S"), stakes, [50, 50, 50], deck)
    assert deal.actor == 1 and kinds(deal) == ["bring-in", "complete"]
    deal.act("bring-in")
    complete = deal.legal_actions()[-1]
    assert (complete.kind, complete.low, complete.high) == ("complete", 2, 2)
    deal.act("call")
    deal.act("call")
    assert deal.street_name == "fourth street"
    assert deal.actor == 1  # the pair of deuces showing beats K-Q and 9-2


def test_razz_brings_in_the_highest_up_card_kings_by_suit() -> None:
    deck = deck_after("2s 3s Kh 4s 5s Ks 6s 7s 8d")
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    deal = Deal(get_variant("FR"), stakes, [50, 50, 50], deck)
    assert deal.actor == 1  # K♠ is higher than K♥


def test_odd_chips_go_to_the_high_share_and_then_to_the_first_seat() -> None:
    assert split(11, [[1], [0]]) == (5, 6)  # high half 6 to p2, low half 5 to p1
    assert split(11, [[2, 0]]) == (6, 0, 5)  # p1 is the first winner left of the button
    assert split(10, [[0, 1], []]) == (5, 5)  # no qualifying low: the high hands share all


def test_stud_running_out_of_cards_deals_one_community_card() -> None:
    stakes = Stakes.uniform(8, ante=1, bring_in=1, small_bet=2, big_bet=4)
    deal = Deal(get_variant("F7S"), stakes, [100] * 8, make_deck().shuffled(5))
    while not deal.finished:
        passive = [k for k in kinds(deal) if k in ("bring-in", "check", "call")]
        deal.act(passive[0])
    assert len(deal.board) == 1 and all(len(h) == 6 for h in deal.holes)
    assert sum(deal.stacks) == 800


def test_a_draw_reshuffles_the_discards_when_the_stock_runs_out() -> None:
    cards = parse_cards("Ac 2d 3h 4s Kc Kd Kh Ks 9c Qc Qd Qh")
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = Deal(get_variant("FB"), stakes, [40, 40], cards)
    deal.act("call")
    deal.act("check")
    assert deal.phase == "draw"
    deal.discard([])  # p1 stands pat on a perfect badugi
    deal.discard(deal.holes[1])  # p2 throws four kings: only three cards are left
    assert len(deal.holes[1]) == 4
    held = [c for h in deal.holes for c in h]
    assert len(set(held)) == 8


def test_the_big_blind_ante_is_dead_money_everyone_in_may_win() -> None:
    stakes = Stakes(antes=(0, 3, 0), blinds=(1, 2, 0), min_bet=2, trim_antes=False)
    deal = Deal(get_variant("NT"), stakes, [50, 3, 50], deck_after())
    assert deal.stacks[1] == 0 and deal.pots == [] and deal.pot == 4
    assert deal.dead == 3


def test_bad_actions_are_refused_with_one_clear_reason() -> None:
    deal = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [50, 50],
                deck_after())  # fmt: skip
    refused = (("raise", "lots", "not a whole number"), ("raise", 999, "range"),
               ("jump", None, "cannot jump"), ("check", None, "cannot check"))  # fmt: skip
    for kind, to, words in refused:
        with pytest.raises(IllegalActionError, match=words):
            deal.act(kind, to)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="nobody may draw"):
        deal.discard([])
    assert deal.actor == 1 and deal.bets == [2, 1]


def test_bad_decks_and_stakes_are_refused() -> None:
    from straights.errors import ConfigurationError, DuplicateCardError, PackError

    stakes = Stakes.uniform(2, blinds=(1, 2), min_bet=2)
    with pytest.raises(DuplicateCardError):
        Deal(get_variant("NT"), stakes, [9, 9], parse_cards("As Ad") * 4)
    with pytest.raises(PackError, match="2c is not in the short deck"):
        Deal(get_variant("NS"), stakes, [9, 9], make_deck().cards)
    stud = Stakes.uniform(2, ante=1, bring_in=2, small_bet=2, big_bet=4)
    with pytest.raises(ConfigurationError, match="less than the small bet"):
        Deal(get_variant("F7S"), stud, [9, 9], make_deck().cards)


def test_five_card_draw_high_hand_wins_after_the_draw() -> None:
    # p1: As Ad Kc 7h 2s; p2: Qc Qd 9s 8h 3c; burn 4d; p1 draws 3 (Ah Kd 5c) for aces full
    deck = deck_after("As Ad Kc 7h 2s Qc Qd 9s 8h 3c 4d Ah Kd 5c")
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = Deal(get_variant("_F5CD"), stakes, [30, 30], deck)
    deal.act("call")  # the button (p2) completes the small blind
    deal.act("check")
    deal.discard(parse_cards("Kc 7h 2s"))
    deal.discard([])
    assert deal.holes[0][-3:] == list(parse_cards("Ah Kd 5c"))
    while not deal.finished:
        deal.act("check")
    assert deal.stacks == [32, 28]


def test_five_card_stud_lowest_up_card_brings_in() -> None:
    deck = deck_after("Kc 3d Ac 3c Qh 9s")  # up cards 3♦, 3♣, 9♠
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    deal = Deal(get_variant("_F5S"), stakes, [20, 20, 20], deck)
    assert deal.actor == 1 and kinds(deal) == ["bring-in", "complete"]


def test_first_best_is_the_first_largest_showing_key() -> None:
    """The openers' one call agrees with asking each player's showing key in turn (ties
    to the first; players showing no natural card skipped), jokers and S/T/R included."""
    import random

    from straights.cards import JOKER_BASE, SPECIAL_BASE
    from straights.poker.showdown import first_best, showing_key
    from straights.poker.variant import Opener

    rng = random.Random(5)
    pool = [*range(52), SPECIAL_BASE, SPECIAL_BASE + 1, JOKER_BASE]
    for opener in Opener:
        if opener is Opener.POSITION:
            continue
        for _ in range(400):
            cards = rng.sample(pool, 24)
            showing = [cards[4 * k : 4 * k + rng.randint(0, 4)] for k in range(rng.randint(2, 6))]
            best, first = None, 0
            for k, ids in enumerate(showing):
                key = showing_key(opener, list(ids))
                if key is not None and (best is None or key > best):
                    best, first = key, k
            assert first_best(opener, showing) == first, (opener, showing)


def test_a_draw_serves_each_player_as_he_draws_unless_draws_together() -> None:
    from straights.cards import parse_cards
    from straights.poker import Deal, Stakes, get_variant

    top = parse_cards("2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 7h 8h 9h Th Jh Qh")
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)
    for together in (False, True):
        deal = Deal(get_variant("_F5CD"), stakes, [50, 50], list(top), draws_together=together)
        deal.act("call")
        deal.act("check")
        deal.discard(parse_cards("2c 3c"))  # p1 draws two; the burn 7h goes first
        mine = list(parse_cards("4c 5c 6c" if together else "4c 5c 6c 8h 9h"))
        assert deal.holes[0] == mine and deal.phase == "draw"
        deal.discard(parse_cards("6d"))
        assert deal.holes[0] == list(parse_cards("4c 5c 6c 8h 9h"))
        assert deal.holes[1] == list(parse_cards("2d 3d 4d 5d Th"))
        kinds = [e.kind for e in deal.log if e.kind in ("discard", "hole")][2:]
        want = ["discard", "discard", "hole", "hole"] if together else ["discard", "hole"] * 2
        assert kinds == want
