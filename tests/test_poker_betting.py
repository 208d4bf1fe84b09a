"""Straddles, running the board more than once and bomb pots: the rules, PHH round
trips, and a differential test against PokerKit (the oracle).

Straddles and bomb pots go to PokerKit as PHH text (straddles are blinds in
``blinds_or_straddles``; a bomb pot's antes with every player checking before the
flop), read by its own ``HandHistory``.  PHH has no notation for several runouts or
boards, so for those the test drives PokerKit's state directly, deal for deal: the same
hole and board cards, the same actions, each player's answer to "how many runs"
through ``select_runout_count`` (cash-game mode, where PokerKit asks).
"""

from __future__ import annotations

import random
import warnings

import pokerkit  # a dev extra: the oracle must be there (no skipping)
import pytest
from sizes import size
from test_poker_pokerkit import _pokerkit_stacks

from straights.bots.base import answer
from straights.bots.registry import make_bot
from straights.cards import Card, make_deck, parse_cards
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker import Deal, Stakes, deal_view, get_variant, play
from straights.poker.house import POKERKIT, HouseRules
from straights.poker.phh import deal_to_phh, dumps, loads, replay
from straights.poker.stakes import bomb_pot_stakes, straddled

NT = get_variant("NT")


def _deck(text: str) -> list[Card]:
    """A stacked deck: ``text`` first, then the rest of the pack in a fixed order."""
    top = list(parse_cards(text))
    return top + [c for c in make_deck() if c not in top]


# -- the rules, by hand -------------------------------------------------------------------


def test_an_under_the_gun_straddle_acts_last_before_the_flop_and_may_raise() -> None:
    stakes = straddled(Stakes.uniform(5, blinds=(1, 2), min_bet=2), "utg")
    assert stakes.blinds == (1, 2, 4, 0, 0)
    deal = Deal(NT, stakes, [100] * 5, make_deck().shuffled(1))
    assert deal.actor == 3  # the player after the straddler opens
    for _ in range(4):  # p4, p5, p1 and p2 call the straddle of 4
        deal.act("call")
    assert deal.actor == 2 and deal.street_name == "pre-flop"  # the straddler's option
    kinds = {a.kind for a in deal.legal_actions()}
    assert kinds == {"check", "raise"}
    deal.act("check")
    assert deal.street_name == "flop" and deal.pot == 20


def test_a_button_straddle_lets_the_small_blind_open_and_the_button_act_last() -> None:
    stakes = straddled(Stakes.uniform(6, blinds=(1, 2), min_bet=2), "button")
    assert stakes.blinds == (1, 2, 0, 0, 0, 4)  # PHH's own example of a button straddle
    deal = Deal(NT, stakes, [100] * 6, make_deck().shuffled(2))
    order = []
    while deal.street_name == "pre-flop":
        order.append(deal.actor)
        deal.act("call" if deal.actor != 5 else "check")
    assert order == [0, 1, 2, 3, 4, 5]


def test_straddles_are_refused_where_they_do_not_apply() -> None:
    with pytest.raises(ConfigurationError, match="straddle"):
        straddled(Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4), "utg")
    three = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    assert straddled(three, "button").blinds == (1, 2, 4)  # the button is under the gun
    with pytest.raises(ConfigurationError, match="'mississippi'"):
        straddled(Stakes.uniform(4, blinds=(1, 2), min_bet=2), "mississippi")
    heads_up = Stakes.uniform(2, blinds=(1, 2), min_bet=2)
    assert straddled(heads_up, "utg") == heads_up  # heads-up there is nobody to straddle


def test_a_bomb_pot_antes_everyone_and_deals_the_flop_without_betting() -> None:
    stakes = bomb_pot_stakes(Stakes.uniform(4, blinds=(1, 2), min_bet=2), 10)
    deal = Deal(NT, stakes, [100] * 4, make_deck().shuffled(3), bomb_pot=True)
    assert deal.street_name == "flop" and len(deal.board) == 3
    assert deal.pot == 40 and deal.stacks == [90] * 4 and deal.actor == 0
    assert [e.kind for e in deal.log].count("blind") == 0


def test_a_double_board_bomb_pot_splits_each_pot_between_the_boards() -> None:
    # p1 As Ad, p2 Kc Kd; burn 2h, flop 7c 8d 9s | Kh 2c 3d; burn 3h, turn Jc | 5c;
    # burn 4d, river Qh | 6d: the aces win board 1, the kings' set board 2.
    deck = _deck("As Ad Kc Kd 2h 7c 8d 9s Kh 2c 3d 3h Jc 5c 4d Qh 6d")
    stakes = bomb_pot_stakes(Stakes.uniform(2, blinds=(1, 2), min_bet=2), 5)
    deal = Deal(NT, stakes, [25, 26], deck, bomb_pot=True, double_board=True)
    assert [str(c) for c in deal.boards[1]] == ["K♥", "2♣", "3♦"]
    assert deal_view(deal, None).second_board == tuple(deal.boards[1])
    deal.act("bet", 20)  # p1 all in
    deal.act("call")
    assert [len(b) for b in deal.boards] == [5, 5]
    assert [(v.amount, v.winners, v.reason) for v in deal.verdicts] == [
        (25, (0,), "board 1"),
        (25, (1,), "board 2"),
    ]
    assert deal.stacks == [25, 26]
    with pytest.raises(ConfigurationError, match="two boards are run once"):
        Deal(NT, stakes, [25, 26], make_deck(), bomb_pot=True, double_board=True, runs=2)


def test_bomb_pots_and_runs_are_refused_in_games_without_a_board() -> None:
    stud, draw = get_variant("F7S"), get_variant("F2L3D")
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    with pytest.raises(ConfigurationError, match="no flop for a bomb pot"):
        Deal(stud, stakes, [50] * 3, make_deck().shuffled(1), bomb_pot=True)
    with pytest.raises(ConfigurationError, match="no board to run"):
        Deal(draw, Stakes.uniform(3, blinds=(1, 2), small_bet=2, big_bet=4), [50] * 3,
             make_deck().shuffled(1), runs=2)  # fmt: skip
    with pytest.raises(ConfigurationError, match="runs=0"):
        Deal(NT, Stakes.uniform(2, blinds=(1, 2), min_bet=2), [50] * 2, make_deck(), runs=0)


def _all_in_pair(runs: int, *answers: int) -> Deal:
    """Aces against kings all in before the flop, heads-up; the answers given in order."""
    deck = _deck("As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d")
    deal = Deal(NT, Stakes.uniform(2, blinds=(1, 2), min_bet=2), [50, 50], deck, runs=runs)
    deal.act("raise", 50)
    deal.act("call")
    for count in answers:
        deal.choose_runs(count)
    return deal


def test_run_it_twice_when_both_agree_splits_the_pot_between_the_boards() -> None:
    deal = _all_in_pair(2, 2, 2)
    # Run 1 (7c 8d 9s Jc Qh): the aces win 50; run 2 (Kh 2c 3d 5c 6d): the kings' set.
    assert [str(Card(c.ascii())) for c in deal.boards[1]][:1] == ["K♥"]
    assert deal.stacks == [50, 50]
    assert [v.winners for v in deal.verdicts] == [(0,), (1,)]


def test_one_refusal_runs_the_board_once() -> None:
    deal = _all_in_pair(2, 2, 1)
    assert deal.runs == 1 and deal.boards == [] and deal.stacks == [100, 0]


def test_the_runs_question_is_asked_of_every_player_in_and_checked() -> None:
    deal = _all_in_pair(3)
    assert deal.phase == "runs" and deal.run_choice() == (1, 2, 3)
    view = deal_view(deal, 0)
    assert view.runs == (1, 2, 3) and deal_view(deal, 1).runs == ()
    with pytest.raises(IllegalActionError, match="1 to 3 times, not 4"):
        deal.choose_runs(4)
    with pytest.raises(IllegalActionError, match="nobody can call"):
        deal.act("call")
    play(deal, answer(make_bot("calling"), view))  # bots agree to the most runs offered
    assert deal.actor == 1
    deal.choose_runs(3)
    # 100 chips in three runs: 34, 33 and 33, the odd chip to the first run.
    assert [v.amount for v in deal.verdicts] == [34, 33, 33]


def test_a_player_who_leaves_while_asked_is_not_waited_for() -> None:
    deal = Deal(NT, Stakes.uniform(3, blinds=(1, 2), min_bet=2), [20, 20, 100],
                make_deck().shuffled(5), runs=2)  # fmt: skip
    deal.act("raise", 20)  # p3 (the button) raises to 20, 80 behind
    deal.act("call")  # p1 all in
    deal.act("call")  # p2 all in: nobody is left to bet against p3
    assert deal.phase == "runs" and deal.actor == 0
    deal.choose_runs(2)
    deal.choose_runs(2)
    assert deal.actor == 2
    deal.forfeit(2)  # p3 leaves at his turn to answer: the two left agreed
    assert deal.finished and deal.runs == 2 and len(deal.boards) == 2
    assert sum(deal.stacks) == 140 and deal.stacks[2] == 80


# -- PHH round trips and the differential test against PokerKit ------------------------------


FEATURES = ("straddle", "bomb", "double board", "runs")


def _random_deal(rng: random.Random, feature: str, house: HouseRules = POKERKIT) -> Deal:
    n = rng.randint(2, 6)
    base = Stakes.uniform(n, blinds=(1, 2), min_bet=2)
    stacks = [rng.choice((rng.randint(3, 30), rng.randint(30, 200))) for _ in range(n)]
    bomb, runs, double = False, 1, False
    if feature == "straddle":
        stakes = straddled(base, rng.choice(("utg", "button")) if n >= 4 else "utg")
    elif feature in ("bomb", "double board"):
        stakes, bomb = bomb_pot_stakes(base, rng.choice((2, 5, 10))), True
        double = feature == "double board"
    else:
        stakes, runs = straddled(base, "utg") if rng.random() < 0.3 else base, rng.choice((2, 3))
        bomb = rng.random() < 0.3
        if bomb:
            stakes = bomb_pot_stakes(base, 5)
    deal = Deal(NT, stakes, stacks, make_deck().shuffled(rng), bomb_pot=bomb, runs=runs,
                house=house, double_board=double)  # fmt: skip
    bots = [make_bot(rng.choice(("random", "calling")), rng.getrandbits(32)) for _ in range(n)]
    while not deal.finished:
        i = deal.actor
        assert i is not None
        play(deal, answer(bots[i], deal_view(deal, i)))
    assert sum(deal.stacks) == sum(deal.starting_stacks)
    return deal


_AUTOMATIONS = tuple(
    getattr(pokerkit.Automation, name)
    for name in (
        "ANTE_POSTING",
        "BET_COLLECTION",
        "BLIND_OR_STRADDLE_POSTING",
        "CARD_BURNING",
        "HOLE_CARDS_SHOWING_OR_MUCKING",
        "HAND_KILLING",
        "CHIPS_PUSHING",
        "CHIPS_PULLING",
    )
)


def _pokerkit_runs(deal: Deal) -> list[int]:
    """PokerKit's stacks for ``deal``, its state driven with the engine's cards and moves
    (its boards dealt one after the other each street, as the engine deals them)."""
    history = deal_to_phh(deal)
    state = pokerkit.NoLimitTexasHoldem.create_state(
        _AUTOMATIONS,
        True,
        history["antes"],
        history["blinds_or_straddles"],
        history["min_bet"],
        history["starting_stacks"],
        deal.n,
        mode=pokerkit.Mode.CASH_GAME,
        starting_board_count=2 if deal.double_board else 1,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # burns PokerKit draws from its own deck
        for e in deal.log:
            cards = "".join(c.ascii() for c in e.cards if c is not None)
            if e.kind == "hole":
                state.deal_hole(cards)
            elif e.kind in ("board", "runout"):
                while not deal.most_runs > 1 and state.can_select_runout_count():
                    state.select_runout_count(1)  # a table that never runs it twice
                state.deal_board(cards)
            elif e.kind == "fold":
                state.fold()
            elif e.kind in ("check", "call"):
                state.check_or_call()
            elif e.kind in ("bet", "raise"):
                state.complete_bet_or_raise_to(e.amount)
            elif e.kind == "no betting" and deal.bomb_pot and not state.board_cards:
                while state.can_check_or_call():
                    state.check_or_call()
            elif e.kind == "runs":
                # PokerKit 0.7.7's select_runout_count passes its player_index to its check
                # as the count: the player is left to PokerKit, who asks in the same order.
                assert next(state.runout_count_selector_indices) == e.player
                state.select_runout_count(e.amount)
    assert not state.status, f"PokerKit's hand is not over:\n{dumps(history)}"
    return [int(s) for s in state.stacks]


def _agree(feature: str, deals: int, seed: int) -> dict[str, int]:
    rng = random.Random(f"{feature}/{seed}")
    seen = {"deals": 0, "runs agreed": 0, "runs refused": 0}
    for _ in range(deals):
        deal = _random_deal(rng, feature)
        text = dumps(deal_to_phh(deal))
        if feature in ("runs", "double board"):
            oracle = _pokerkit_runs(deal)
            asked = any(e.kind == "runs" for e in deal.log)
            seen["runs agreed"] += deal.runs > 1
            seen["runs refused"] += asked and deal.runs == 1
        else:
            oracle = _pokerkit_stacks(text)
        assert oracle == deal.stacks, f"{deal.stacks} != PokerKit {oracle}\n{text}"
        seen["deals"] += 1
    return seen


@pytest.mark.parametrize("feature", FEATURES)
def test_the_phh_history_replays_every_feature_to_the_same_stacks(feature: str) -> None:
    rng = random.Random(f"round trip/{feature}")
    for _ in range(60):
        deal = _random_deal(rng, feature, HouseRules())
        text = dumps(deal_to_phh(deal))
        again = replay(loads(text)[0]).deal
        assert again.stacks == deal.stacks, f"the PHH replays to other stacks:\n{text}"
        assert [e for e in again.log if e.kind in ("runs", "board", "runout")] == [
            e for e in deal.log if e.kind in ("runs", "board", "runout")
        ]


@pytest.mark.parametrize("feature", FEATURES)
def test_pokerkit_agrees_with_straddles_bomb_pots_and_runs(feature: str) -> None:
    seen = _agree(feature, 120, seed=1)
    assert seen["deals"] == 120
    if feature == "runs":  # both answers happen, so both paths were compared
        assert seen["runs agreed"] >= 5 and seen["runs refused"] >= 5, seen


@pytest.mark.slow
@pytest.mark.parametrize("feature", FEATURES)
def test_pokerkit_agrees_on_many_betting_feature_deals(feature: str) -> None:
    """1,000 deals a feature in CI, 10,000 at full size (``tests/sizes.py``)."""
    deals = size(1_000, 10_000)
    seen = _agree(feature, deals, seed=2)
    print(f"{feature}: {seen}")
    assert seen["deals"] == deals


def test_the_research_environments_deal_straddles_runs_and_bomb_pots() -> None:
    from straights.rl.dealer import Dealer
    from straights.rl.table import table_for

    straddled_table = table_for("holdem", 4, straddle="utg")
    assert straddled_table.stakes.blinds == (1, 2, 4, 0)
    bomb = Dealer(table_for("holdem", 3, bomb_pot_ante=5))
    bomb.new_deal(seed=1)
    assert bomb.deal is not None and bomb.deal.street_name == "flop" and bomb.deal.pot == 15
    # Heads-up aces against kings all in: both seats agree to run it twice (the
    # table's runs), one run each (the boards of _all_in_pair).
    dealer = Dealer(table_for("holdem", 2, stack=50, runs=2))
    dealer.new_deal(deck=_deck("Kc Kd As Ad 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d"))
    names = dealer.actions.names
    dealer.play(names.index("all-in") if "all-in" in names else len(names) - 1)
    dealer.play(names.index("call"))
    assert dealer.finished and dealer.deal is not None and dealer.deal.runs == 2
    assert dealer.payoffs() == [0, 0]
    with pytest.raises(ConfigurationError, match="no flop for a bomb pot"):
        table_for("razz", 3, bomb_pot_ante=5)
