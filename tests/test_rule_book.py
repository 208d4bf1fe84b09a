"""The rule book of ``docs/games.md``, rule by rule: each test quotes the rule it checks
(briefly, with its source) and plays it through the engine.

Decks are rigged in the engine's dealing order (each player's cards of a street
together, ``p1`` first; burns before each later street); the expected outcome is
read from the rule, never computed by the engine.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from clitools import run_main
from poker_random import random_deal

from straights.cards import Card, make_deck, parse_cards
from straights.errors import HandHistoryError, IllegalActionError
from straights.game.wording import deal_story, entry_phrase
from straights.poker import Deal, Stakes, get_variant
from straights.poker.cards_source import DeckSource
from straights.poker.house import POKERKIT, HouseRules
from straights.poker.phh import loads, replay
from straights.table import PokerGame, Table

LIMIT = Stakes.uniform(3, blinds=(5, 10), small_bet=10, big_bet=20)
STUD2 = Stakes.uniform(2, ante=1, bring_in=1, small_bet=2, big_bet=4)


def deck_after(text: str = "", jokers: int = 0) -> list[Card]:
    """``text`` cards on top (``|`` only for the eye), the rest of the deck after them."""
    top = list(parse_cards(text.replace("|", " "))) if text else []
    return top + [c for c in make_deck("standard", jokers=jokers) if c not in top]


def kinds(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


def passive(deal: Deal) -> Deal:
    """Bring in, check or call to the end, standing pat in draws."""
    while not deal.finished:
        if deal.phase == "draw":
            deal.discard([])
            continue
        legal = {a.kind for a in deal.legal_actions()}
        deal.act(next(k for k in ("bring-in", "check", "call") if k in legal))
    return deal


# -- draws ---------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["F2L3D", "FB", "_F5CD"])
def test_a_draw_never_deals_a_player_a_card_he_threw_away(code: str) -> None:
    """PokerStars, *Reshuffling the deck*: "it is impossible for you to receive back a
    card that you have discarded" (Hoyle's draw rule 37: discards "shall not again be
    taken into the hand of the player discarding them").

    Full tables of eight with random bots: every replacement card is checked against
    everything its receiver threw away in the deal; new stocks must have been needed.
    """
    variant = get_variant(code)
    rng = random.Random(f"own discards/{code}")
    replacements = recycled = 0
    for _ in range(150):
        deal = random_deal(variant, rng, players=8)
        thrown: list[set[Card | None]] = [set() for _ in range(deal.n)]
        everyone: set[Card | None] = set()
        drawing = False
        for entry in deal.log:
            if entry.kind == "discard" and entry.player is not None:
                thrown[entry.player].update(entry.cards)
                everyone.update(entry.cards)
                drawing = True
            elif entry.kind == "hole" and drawing and entry.player is not None:
                for card in entry.cards:
                    assert card not in thrown[entry.player], (code, entry, deal.log)
                    replacements += 1
                    recycled += card in everyone
    assert replacements > 1000
    assert recycled > 50  # the stock ran out often enough to test the rule


def test_a_new_stock_is_shuffled_with_the_tables_generator() -> None:
    """Issue 20, *Deliver* 1 (docs/games.md, *When the stock runs out*): "reshuffles use
    the table's own generator", never one seeded with 0 (a player could tell where his discards
    will land)."""
    cards = list(make_deck().shuffled(random.Random(1)))
    orders = set()
    for _ in range(3):
        source = DeckSource(cards[:2])
        source.restock(cards[2:])
        orders.add(tuple(source.hole(0, 50)))
    assert len(orders) == 3  # no fixed seed: 50! orders, three draws differ
    same = []
    for _ in range(2):
        ring = Table(PokerGame(), ["a", "b", "c"], 100, seed=7)
        deal = ring.start(get_variant("F2L3D"))
        assert deal.source._rng is ring.rng  # type: ignore[attr-defined]
        same.append(tuple(make_deck().shuffled(ring.rng)))
    assert same[0] == same[1]


# -- Manila --------------------------------------------------------------------------------


def test_manila_bets_first_after_the_two_hole_cards_and_the_first_board_card() -> None:
    """Manila (the references of issue 20; docs/games.md: "two hole cards and the first
    board card before the first bet, then one board card and a round at a time, five
    rounds")."""
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = Deal(get_variant("_FMANILA"), stakes, [50, 50], list(make_deck("manila")))
    assert len(deal.board) == 1 and deal.phase == "betting"
    passive(deal)
    assert sum(e.kind == "betting" for e in deal.log) == 5
    assert len(deal.board) == 5


def test_straights_simulate_manila_bets_after_the_first_board_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """As above ("the first board card before the first bet"), through ``straights
    simulate --game manila``: in every deal written out, the first board card comes
    before the first betting action."""
    out = tmp_path / "manila.phhs"
    args = ["--players", "4", "--hands", "5", "--seed", "2", "--no-progress", "-o", str(out)]
    code, _, err = run_main(capsys, "simulate", "--game", "manila", *args)
    assert code == 0, err
    hands = loads(out.read_text())
    assert len(hands) == 5
    for hand in hands:
        lines = [a for a in hand["actions"] if not a.startswith("d dh")]
        assert lines[0].startswith("d db"), lines[:3]


# -- fixed-limit betting -------------------------------------------------------------------


def _flop_all_in(short_stack: int, reraise: int) -> str:
    return f"""
variant = 'FT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [200, {short_stack}, 200]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', 'p3 cc', 'p1 cc', 'p2 cc',
  'd db Jc8d3h', 'p1 cbr 10', 'p2 cbr {short_stack - 10}', 'p3 cc', 'p1 cbr {reraise}',
  'p3 cc', 'd db 4s', 'p1 cc', 'p3 cc', 'd db 5d', 'p1 cc', 'p3 cc']
"""


def test_an_all_in_raise_of_half_a_raise_reopens_the_betting() -> None:
    """Robert's *Betting and raising* 6 (TDA 47-B): "An all-in wager of a half a bet or
    more is treated as a full bet, and a player may fold, call, or make a full raise."
    The flop bet of 10 is raised all-in to 15; p1, who bet, re-raises to 25 and the
    hand replays."""
    done = replay(loads(_flop_all_in(25, 25))[0]).deal
    assert [(e.kind, e.player, e.amount) for e in done.log if e.kind == "raise"][-1] == (
        "raise", 0, 25)  # fmt: skip
    assert sum(done.stacks) == 425


def test_an_all_in_raise_of_less_than_half_a_raise_does_not_reopen_it() -> None:
    """Robert's 6: "an all-in wager of less than half a bet does not reopen the betting
    for any player who has already acted".  Raised all-in to 14 (4 of 10), p1's
    re-raise is refused."""
    with pytest.raises(HandHistoryError, match=r"legal: fold, call 4$"):
        replay(loads(_flop_all_in(24, 24))[0])


def test_straights_history_replay_takes_the_half_raise_and_refuses_the_short_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The two hands above as PHH files through ``straights history replay`` (Robert's 6,
    "an all-in wager of less than half a bet does not reopen the betting"): the re-raise
    after a half raise replays, the one after less is refused in one line."""
    half, short = tmp_path / "half.phh", tmp_path / "short.phh"
    half.write_text(_flop_all_in(25, 25), encoding="utf-8")
    short.write_text(_flop_all_in(24, 24), encoding="utf-8")
    code, out, err = run_main(capsys, "history", "replay", str(half))
    assert (code, err) == (0, "")
    assert out.strip().endswith("FT: 200 25 200")  # the finishing stacks
    code, out, err = run_main(capsys, "history", "replay", str(short))
    assert code == 1
    assert out.strip().endswith("error: p1 cannot complete now; legal: fold, call 4")
    assert err.strip() == "error: 1 of 1 hands did not replay"


def test_a_short_all_in_opening_bet_may_be_completed_to_a_full_bet() -> None:
    """Robert's 6: "A player who has not yet acted ..., facing an all-in wager of less
    than half a bet, may fold, call, or complete the wager."  A 3-chip all-in with
    bets of 10 is completed to 10, not raised to 13."""
    deal = Deal(get_variant("FT"), LIMIT, [13, 200, 200], deck_after())
    passive_round(deal)
    deal.act("bet", 3)  # p1: all in
    assert kinds(deal) == ["fold", "call 3", "complete to 10"]
    deal.act("complete", 10)
    assert kinds(deal) == ["fold", "call 10", "raise to 20"]


def test_an_all_in_of_half_a_bet_is_raised_by_a_full_raise() -> None:
    """Robert's 6: "An example of a full raise on a $20 betting round is raising a $15
    all-in bet to $35."  Here: a 5-chip all-in bet with bets of 10 is raised to 15."""
    deal = Deal(get_variant("FT"), LIMIT, [15, 200, 200], deck_after())
    passive_round(deal)
    deal.act("bet", 5)
    assert kinds(deal) == ["fold", "call 5", "raise to 15"]


def passive_round(deal: Deal) -> None:
    """Call the pre-flop round around (the big blind checks)."""
    while deal.street_name == "pre-flop":
        legal = {a.kind for a in deal.legal_actions()}
        deal.act("check" if "check" in legal else "call")


def test_a_multi_way_pot_allows_a_bet_and_three_raises() -> None:
    """Robert's *Betting and raising* 3: "A game with three or more betting rounds allows
    a maximum of a bet and three raises" (the big blind is the bet)."""
    deal = Deal(get_variant("FT"), LIMIT, [200] * 3, deck_after())
    for to in (20, 30, 40):
        deal.act("raise", to)
    assert kinds(deal) == ["fold", "call 20"]


def test_a_two_round_game_allows_a_bet_and_four_raises() -> None:
    """Robert's 3: "A game with two betting rounds (such as lowball or draw) allows a
    maximum of a bet and four raises."  Five-card draw, three players."""
    deal = Deal(get_variant("_F5CD"), LIMIT, [200] * 3, deck_after())
    for to in (20, 30, 40, 50):
        deal.act("raise", to)
    assert kinds(deal) == ["fold", "call 20"]


def test_heads_up_raising_is_unlimited_unless_the_round_was_capped() -> None:
    """Robert's 4: "Unlimited raising is allowed in heads-up play.  This applies any time
    the action becomes heads-up before the raising has been capped.  Once the raising
    is capped on a betting round, it cannot be uncapped by a subsequent fold"."""
    heads_up = Stakes.uniform(2, blinds=(5, 10), small_bet=10, big_bet=20)
    deal = Deal(get_variant("FT"), heads_up, [500, 500], deck_after())
    for to in range(20, 90, 10):
        deal.act("raise", to)
    assert kinds(deal)[-1] == "raise to 90"
    three = Deal(get_variant("FT"), LIMIT, [200] * 3, deck_after())
    three.act("fold")  # heads-up before the cap: unlimited
    for to in range(20, 70, 10):
        three.act("raise", to)
    assert kinds(three)[-1] == "raise to 70"
    capped = Deal(get_variant("FT"), LIMIT, [200] * 3, deck_after())
    for to in (20, 30, 40):
        capped.act("raise", to)
    capped.act("fold")  # heads-up after the cap: still capped
    assert kinds(capped) == ["fold", "call 10"]


def test_completing_the_bring_in_is_the_bet_and_three_raises_follow() -> None:
    """Robert's *Seven-card stud* 3: "Increasing the amount wagered by the opening forced
    bet up to a full bet does not count as a raise, but merely as a completion of the
    bet ... up to three raises are then allowed"."""
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    deal = Deal(get_variant("F7S"), stakes, [50] * 3, deck_after())
    deal.act("bring-in")
    deal.act("complete", 2)
    for to in (4, 6, 8):
        deal.act("raise", to)
    assert kinds(deal) == ["fold", "call 4"]


def test_triple_draw_has_four_rounds_and_a_bet_and_three_raises() -> None:
    """Robert's *Betting and raising* 3 counts betting rounds, not draws: triple draw
    has four, so "a maximum of a bet and three raises" (a table may set more)."""
    deal = Deal(get_variant("F2L3D"), LIMIT, [200] * 3, deck_after())
    for to in (20, 30, 40):
        deal.act("raise", to)
    assert kinds(deal) == ["fold", "call 20"]
    more = Deal(get_variant("F2L3D"), LIMIT, [200] * 3, deck_after(),
                house=HouseRules(raise_cap=5))  # fmt: skip
    for to in (20, 30, 40, 50):
        more.act("raise", to)
    assert kinds(more) == ["fold", "call 20"]


def test_the_pokerkit_reading_caps_four_raises_after_the_blind_heads_up_too() -> None:
    """PokerKit's reading (a house rule the differential plays): the big blind and four
    raises, heads-up as well."""
    heads_up = Stakes.uniform(2, blinds=(5, 10), small_bet=10, big_bet=20)
    deal = Deal(get_variant("FT"), heads_up, [500, 500], deck_after(), house=POKERKIT)
    for to in (20, 30, 40, 50):
        deal.act("raise", to)
    assert kinds(deal) == ["fold", "call 10"]
    table = Deal(get_variant("FT"), heads_up, [500, 500], deck_after(),
                 house=HouseRules(raise_cap=2, heads_up_unlimited=False))  # fmt: skip
    table.act("raise", 20)
    assert kinds(table) == ["fold", "call 10"]


# -- stud ----------------------------------------------------------------------------------


def test_stud_deals_eight_with_one_community_card_when_the_deck_runs_short() -> None:
    """PokerStars, *Reshuffling the deck*: "a community card is used" when there are not
    enough cards for everyone on the last street: one card face up for all (eight
    players have 51 cards out by sixth street: 8 × 6 and three burns)."""
    stakes = Stakes.uniform(8, ante=1, bring_in=1, small_bet=2, big_bet=4)
    deal = passive(Deal(get_variant("F7S"), stakes, [50] * 8, deck_after()))
    assert len(deal.board) == 1 and all(len(h) == 6 for h in deal.holes)
    assert sum(deal.stacks) == 400


def test_straights_simulate_plays_seven_card_stud_with_eight(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """River Rock Casino, *Seven Card Stud*: "restricted to a maximum of eight players";
    ``straights simulate --game seven-card-stud --players 8`` plays."""
    code, out, err = run_main(capsys, "simulate", "--game", "seven-card-stud", "--players",
                              "8", "--hands", "5", "--seed", "1", "--no-progress")  # fmt: skip
    assert code == 0, err
    assert "8 seats" in out


def test_stud_gives_the_odd_chip_to_the_highest_card_by_suit() -> None:
    """Robert's *Ties*: "In a stud game, the odd chip is given to the highest card by
    suit in all high games ... all cards are used".  p1 and p2 both hold A-K-Q-J-7;
    p2's A♠ outranks p1's A♥, so p2 takes the odd chip of the 5-chip pot."""
    cards = "Ah Kd 2c | As Kc 2d | 9s 9d Kh | 4h Qc Qd | 5h Jd Jc | 6h 7h 7c | 8h 3s 3h"
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    for house, gains in ((None, [0, 1, -1]), (POKERKIT, [1, 0, -1])):
        deal = Deal(get_variant("F7S"), stakes, [50] * 3, deck_after(cards), house=house)
        deal.act("bring-in")  # p1's 2♣ is the lowest up card
        deal.act("call")
        deal.act("fold")
        passive(deal)
        assert [s - 50 for s in deal.stacks] == gains


def test_a_low_stud_share_gives_the_odd_chip_to_the_lowest_card() -> None:
    """Robert's *Ties*: "... and to the lowest card by suit in all low games".  Razz:
    p1 and p2 both make 5-4-3-2-A; p2's A♣ (the ace low, clubs lowest) is the lowest
    card and takes the odd chip of the 7-chip pot (one chip carried in)."""
    cards = ("Ad 2d Kd | Ac 2c Kc | 9s 9d Kh | Qs 3d 3c Qh | Js 4d 4c Jh | Ts 5d 5c Th"
             " | 8s 7d 7c 8h")  # fmt: skip
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    for house, gains in ((None, [1, 2, -2]), (POKERKIT, [2, 1, -2])):
        deal = Deal(get_variant("FR"), stakes, [50] * 3, deck_after(cards), carry=1,
                    house=house)  # fmt: skip
        deal.act("bring-in")  # razz: p3's K♥ is the highest up card
        passive(deal)
        assert [s - 50 for s in deal.stacks] == gains


def test_no_player_receives_more_than_one_odd_chip() -> None:
    """Robert's *Ties*: "No player can receive more than one odd chip"; in a button game
    "the first hand clockwise from the button gets the odd chip".  Three share a pot
    of 8 (6 in bets and 2 carried): 3, 3 and 2."""
    cards = "2c 3d | 4h 5s | 6c 7d | 8s Ac Kd Qh | 9h Js | 8d Tc"
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = passive(Deal(get_variant("NT"), stakes, [50] * 3, deck_after(cards), carry=2))
    assert [s - 50 for s in deal.stacks] == [1, 1, 0]


def test_an_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    """Robert's *Seven-card stud*: "if there is an open pair on fourth street, any
    player has the option of making the smaller or larger bet"; once the larger is
    made, raises follow it.  Not in stud hi-lo, and a house rule."""
    cards = "Ah Kd 9c | As Kc 2d | 5h 9d 3c"
    deal = Deal(get_variant("F7S"), STUD2, [50, 50], deck_after(cards))
    deal.act("bring-in")  # p2's 2♦
    deal.act("call")
    assert deal.street_name == "fourth street" and deal.actor == 0
    assert kinds(deal) == ["check", "bet to 2", "bet to 4"]
    with pytest.raises(IllegalActionError, match="cannot bet to 3: the range now is 4 to 4"):
        deal.act("bet", 3)
    deal.act("bet", 2)
    assert kinds(deal) == ["fold", "call 2", "raise to 4", "raise to 6"]
    deal.act("raise", 6)
    assert kinds(deal) == ["fold", "call 4", "raise to 10"]
    for code, house in (("F7S/8", None), ("F7S", HouseRules(open_pair=False))):
        other = Deal(get_variant(code), STUD2, [50, 50], deck_after(cards), house=house)
        other.act("bring-in")
        other.act("call")
        assert kinds(other) == ["check", "bet to 2"]


# -- California lowball --------------------------------------------------------------------

CALIFORNIA = "7c 5d 4h 3s 2c | 9d 8s 6h 4c Ah"
HEADS_UP = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)


def _after_the_draw(house: HouseRules | None = None) -> Deal:
    deal = Deal(get_variant("_FCALIFORNIA"), HEADS_UP, [50, 50], deck_after(CALIFORNIA, 1),
                house=house)  # fmt: skip
    deal.act("call")  # p2, the button, posts the small blind and acts first
    deal.act("check")
    deal.discard([])
    deal.discard([])
    deal.act("check")  # p1 checks a seven
    deal.act("bet", 4)
    return deal


def test_limit_lowball_has_no_check_raise() -> None:
    """Robert's *Ace-to-five lowball*: "In limit play, check-raise is not permitted
    (unless the players are alerted that it is allowed)": a house rule."""
    assert kinds(_after_the_draw()) == ["fold", "call 4"]
    draw = Deal(get_variant("_F5CD"), HEADS_UP, [50, 50], deck_after(CALIFORNIA))
    draw.act("call")
    draw.act("check")
    draw.discard([])
    draw.discard([])
    draw.act("check")
    draw.act("bet", 4)
    assert kinds(draw) == ["fold", "call 4", "raise to 8"]  # high draw allows it
    alerted = _after_the_draw(HouseRules(lowball_check_raise=True))
    assert kinds(alerted) == ["fold", "call 4", "raise to 8"]  # "unless the players are alerted"


def test_the_sevens_rule_voids_the_action_after_a_checked_seven() -> None:
    """Robert's *Ace-to-five lowball*: "If you check a seven or better and it is the best
    hand, all action after the draw is void ... You are still eligible to win whatever
    existed in the pot before the draw".  p1 checks 7-5-4-3-2, calls p2's bet and wins
    only the 4 chips of before the draw; without the house rule he wins 8."""
    deal = _after_the_draw()
    deal.act("call")
    assert [s - 50 for s in deal.stacks] == [2, -2]
    back = [k for k, e in enumerate(deal.log) if e.kind == "penalty"]
    told = [entry_phrase(deal, k, lambda i: f"p{i + 1}") for k in back]
    assert told == [("p1 takes back 4 (the sevens rule)",), ("p2 takes back 4 (the sevens rule)",)]
    story = deal_story(deal, lambda i: f"p{i + 1}")  # the history tells it too
    assert "p1 takes back 4 (the sevens rule)" in story
    free = _after_the_draw(HouseRules(sevens_rule=False))
    free.act("call")
    assert [s - 50 for s in free.stacks] == [6, -6]


# -- button games --------------------------------------------------------------------------


def test_omaha_plays_exactly_two_hole_cards_and_three_board_cards() -> None:
    """Robert's *Omaha* (docs/games.md: "exactly two hole and three board cards"): a
    hand is made of exactly two of the player's four cards and three of the board.
    p1's A♠ with four spades on the board is no flush (in hold'em it would be); p2's
    queens win."""
    cards = "As 7c 3d 2h | Qc Qd Jh Th | 6c | Ks 9s 5s | 6d | 4s | 6h | 8d"
    stakes = Stakes.uniform(2, blinds=(1, 2), min_bet=2)
    deal = passive(Deal(get_variant("PO"), stakes, [50, 50], deck_after(cards)))
    assert [s - 50 for s in deal.stacks] == [-2, 2]


def test_in_hi_lo_the_high_hand_gets_the_odd_chip() -> None:
    """Robert's *Ties*: "In high-low split games, the high hand receives the odd chip in a
    split between the high and the low hands."  A 7-chip pot: p1's three kings take 4,
    p2's 7-6-3-2-A low takes 3."""
    cards = "Ks Kc Td 9c | 6s 7c Jd Jc | 9s 9h 8s 8h | 5d | Ah 2c 3d | 5h | Kh | 4d | Qs"
    stakes = Stakes.uniform(3, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = passive(Deal(get_variant("FO/8"), stakes, [50] * 3, deck_after(cards), carry=1))
    assert [s - 50 for s in deal.stacks] == [2, 1, -2]


def test_chips_nobody_can_call_go_back_to_the_bettor() -> None:
    """TDA and Robert's *Betting and raising* (docs/games.md: "Uncalled chips go back to
    their bettor at the end of the round"): a player can win from each opponent only
    what he put in; what no one called goes back.  p1 bets 98 into p2's 18; 80 of it
    comes back and p2's aces win 40."""
    cards = "2c 7d | As Ad | 5c | Kc 9h 4s | 5d | 3d | 5h | Jh"
    stakes = Stakes.uniform(2, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [100, 20], deck_after(cards))
    deal.act("call")
    deal.act("check")
    deal.act("bet", 98)
    deal.act("call")
    assert deal.stacks == [80, 40]


# -- the older rules, quoted: openers, Canadian, Mexican and Mambo stud, the texts' decks --


def play_out(deal: Deal, shown: dict[int, list[str]] | None = None) -> Deal:
    """:func:`passive`, turning up the ``shown`` cards in order in Mexican stud."""
    turn = {i: [Card(c) for c in cards] for i, cards in (shown or {}).items()}
    while not deal.finished:
        if deal.phase == "expose":
            deal.expose([turn[deal.actor or 0].pop(0)])
        elif deal.phase == "draw":
            deal.discard([])
        else:
            legal = {a.kind for a in deal.legal_actions()}
            deal.act(next(k for k in ("bring-in", "check", "call") if k in legal))
    return deal


def heads_up(code: str, cards: str, shown: dict[int, list[str]] | None = None) -> list[int]:
    """Two players, an ante of 1 and a bring-in of 1, checked and called down: each
    one's gain (the pot is 4: +2 to a winner, 0 each on a split)."""
    deal = Deal(get_variant(code), STUD2, [50, 50], list(parse_cards(cards.replace("|", " "))))
    return [s - 50 for s in play_out(deal, shown).stacks]


def test_the_lowest_up_card_brings_in_ties_broken_by_suit() -> None:
    """docs/games.md, stud (RRP *Seven-card stud* 1-2): "the lowest up card brings in
    ..., ties by suit c < d < h < s".  Up cards 2♥, 2♦, 2♠: the 2♦ brings in, in
    seven-card and in five-card stud."""
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    for code, cards in (("F7S", "Kc Qc 2h Kd Qd 2d Ks Qs 2s"), ("_F5S", "Kc 2h Kd 2d Ks 2s")):
        deal = Deal(get_variant(code), stakes, [50] * 3, deck_after(cards))
        assert deal.actor == 1 and kinds(deal)[0].startswith("bring-in"), code


def test_razz_and_london_bring_in_with_the_highest_up_card_the_ace_low() -> None:
    """docs/games.md, stud: "(razz, London: the highest, ace low)".  Up cards K♦, K♠ and
    A♣: the ace is low, the K♠ outranks the K♦ by suit and brings in."""
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    for code in ("FR", "_FLONDON"):
        deal = Deal(get_variant(code), stakes, [50] * 3,
                    deck_after("2c 3c Kd 2d 3d Ks 2h 3h Ac"))  # fmt: skip
        assert deal.actor == 1, code


def test_later_stud_rounds_open_with_the_best_hand_showing_ties_to_the_first_seat() -> None:
    """docs/games.md, stud (RRP *Seven-card stud* 1): "Later rounds open with the best
    hand showing (razz, London: the lowest), ties to the first seat".  On fourth street
    p1 and p3 both show K-5 and p2 shows 9-3: p1 opens; in razz the 9-3 opens."""
    cards = "2c 3c Kd | 2d 3d 9s | 2h 3h Kh | 4c | 5c 3s 5h"
    stakes = Stakes.uniform(3, ante=1, bring_in=1, small_bet=2, big_bet=4)
    for code, opener in (("F7S", 0), ("FR", 1)):
        deal = Deal(get_variant(code), stakes, [50] * 3, deck_after(cards))
        while deal.street_index == 0:
            legal = {a.kind for a in deal.legal_actions()}
            deal.act(next(k for k in ("bring-in", "check", "call") if k in legal))
        assert deal.street_name == "fourth street" and deal.actor == opener, code


def test_canadian_stud_ranks_four_card_straights_and_flushes() -> None:
    """The texts (004): "There is a variant called Canadian stud in which a four-card
    straight ranks above one pair, a four-card flush above that, followed by two pair."
    Each pair of hands below is played to the showdown, one down and four up."""
    # p1 5-6-7-8 (a four-card straight) against p2's pair of aces: p1 wins
    assert heads_up("_FCANADIAN", "5c 6d | Ac Ad | Jc | 7h 2h | Jd | 8s 9c | Js | Kc 3s") == [
        2, -2]  # fmt: skip
    # p1's four hearts (a four-card flush) against p2's 5-6-7-8: p1 wins
    assert heads_up("_FCANADIAN", "2h 7h | 5c 6d | Jc | 9h 7s | Jd | Kh 8d | Js | 3c Qs") == [
        2, -2]  # fmt: skip
    # p1's four hearts against p2's two pair (fours and nines): p2 wins
    assert heads_up("_FCANADIAN", "2h 7h | 4c 4d | Jc | 9h 9s | Jd | Kh 9d | Js | 3c Qs") == [
        -2, 2]  # fmt: skip
    # the same cards in plain five-card stud: the four-card straight is no hand
    assert heads_up("_F5S", "5c 6d | Ac Ad | Jc | 7h 2h | Jd | 8s 9c | Js | Kc 3s") == [-2, 2]


def test_canadian_stud_opens_with_the_best_hand_of_the_game_showing() -> None:
    """docs/games.md, Canadian stud (*decision*): "who acts first on a later street is
    the best showing hand of this game: with four up cards a four-card straight or
    flush showing counts".  p1 shows K-K-2-3, p2 shows 5-6-7-8: p2 opens the last round
    (in five-card stud the kings open)."""
    cards = "Ac Kc | As 5s | Jc | Kd 6h | Jd | 2c 7d | Js | 3d 8c"
    for code, opener in (("_FCANADIAN", 1), ("_F5S", 0)):
        deal = Deal(get_variant(code), STUD2, [50, 50], list(parse_cards(cards.replace("|", " "))))
        while deal.street_index < len(deal.variant.streets) - 1:
            legal = {a.kind for a in deal.legal_actions()}
            deal.act(next(k for k in ("bring-in", "check", "call") if k in legal))
        assert deal.actor == opener, code


def test_mexican_stud_removes_the_eights_nines_and_tens() -> None:
    """The texts (004): "[Mexican stud] removes the 8, 9, and 10-spot cards"."""
    variant = get_variant("_FMEXICAN")
    deck = make_deck(variant.deck, jokers=variant.jokers)
    assert len(deck) == 40
    assert not {c.ascii()[0] for c in deck} & {"8", "9", "T"}


def test_mexican_stud_ranks_a_flush_above_a_full_house() -> None:
    """The texts (004): "In both of these games [Manila, Mexican stud], a flush ranks
    above a full house".  p1 turns up four hearts (A♥ down): a flush; p2 a full house of
    kings: p1 wins."""
    cards = "Ah 2h | Kc Kd | 4s | 5h Ks | 4d | 6h 3c | 4c | Jh 3d"
    shown = {0: ["2h", "5h", "6h", "Jh"], 1: ["Kd", "Ks", "3c", "3d"]}
    assert heads_up("_FMEXICAN", cards, shown) == [2, -2]


def test_mexican_stud_counts_six_seven_jack_queen_king_as_a_straight() -> None:
    """The texts (004): "a hand such as 6♥ 7♦ J♣ Q♣ K♠ counts as a straight".  It beats
    p2's three aces."""
    cards = "6h 7d | As Ad | 4s | Jc Ac | 4d | Qc 2s | 4c | Ks 3s"
    shown = {0: ["7d", "Jc", "Qc", "Ks"], 1: ["Ad", "Ac", "2s", "3s"]}
    assert heads_up("_FMEXICAN", cards, shown) == [2, -2]


def test_mexican_stud_keeps_exactly_one_card_down() -> None:
    """docs/games.md, Mexican stud: "Every card is dealt face down; on each street each
    player turns one of his face-down cards up, so he always keeps exactly one card
    down"."""
    cards = "6h 7d | As Ad | 4s | Jc Ac | 4d | Qc 2s | 4c | Ks 3s"
    shown = {0: ["7d", "Jc", "Qc", "Ks"], 1: ["Ad", "Ac", "2s", "3s"]}
    deal = Deal(
        get_variant("_FMEXICAN"), STUD2, [50, 50], list(parse_cards(cards.replace("|", " ")))
    )
    play_out(deal, shown)
    assert [flags.count(False) for flags in deal.up] == [1, 1]
    assert [len(flags) for flags in deal.up] == [5, 5]


@pytest.mark.parametrize(
    ("cards", "gains", "why"),
    [
        ("Qs Qd | 7h 9h | 2c | 7c Jh | 2d | Kc", [-2, 2], "one pair < flush"),
        ("7h 9h | 8c 9d | 2c | Jh Ts | 2d | Kc", [-2, 2], "flush < straight"),
        ("9c Td | 7s 7d | 2c | Jh 7h | 2d | Kc", [-2, 2], "straight < three of a kind"),
        ("7h 8h | Ks Kd | 2c | 9h Kc | 2d | Tc", [2, -2], "three of a kind < straight flush"),
    ],
)
def test_mambo_stud_ranks_three_card_hands_with_straights_and_flushes(
    cards: str, gains: list[int], why: str
) -> None:
    """The texts (004): "If you add straights and flushes, the order of hands should
    be ...: no pair, one pair, flush, straight, three of a kind, straight flush.  This
    order is used, for example, in [Mambo stud]".  No card is six or lower, so there is
    no low and the high hand takes the pot."""
    assert heads_up("_FMAMBO", cards) == gains, why


def test_mambo_stud_splits_with_a_six_or_better_low() -> None:
    """docs/games.md, Mambo stud (the texts: ace-to-three, six or better the three-card
    eight or better): "the best ace-to-three low of six or better wins low; a low nobody
    qualifies for goes to the high hand".  p1's K-7-3 takes high, p2's 6-4-2 low half;
    against p1's K-8-3, p2's 7-4-2 is no low and p1 scoops."""
    assert heads_up("_FMAMBO", "7h 3c | 6s 4d | 9c | 2d 2c | 9d | Kh") == [0, 0]
    assert heads_up("_FMAMBO", "8h 3c | 7s 4d | 9c | 2d 2c | 9d | Kh") == [2, -2]


def test_manila_and_its_32_card_deck() -> None:
    """The texts (004): "the Australian game of Manila uses a 32-card deck in which all
    cards below the rank of 7 are removed"."""
    variant = get_variant("_FMANILA")
    deck = make_deck(variant.deck, jokers=variant.jokers)
    assert len(deck) == 32
    assert {c.ascii()[0] for c in deck} == set("789TJQKA")


def test_lowball_with_a_joker_plays_it_as_the_lowest_card_not_in_the_hand() -> None:
    """The texts (004): "The joker always plays as the lowest card not already present
    in the hand: in 7♥ 5♠ 4♥ (Joker) A♦, for example, the joker plays as a 2-spot".
    California lowball, heads-up, both stand pat: p1's 7-5-4-joker-A is 7-5-4-2-A and
    beats p2's 7-5-4-3-A."""
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)
    cards = "7h 5s 4h Jk Ad | 7c 5c 4d 3s Ac"
    deal = Deal(get_variant("_FCALIFORNIA"), stakes, [50, 50],
                deck_after(cards, jokers=1))  # fmt: skip
    assert [s - 50 for s in play_out(deal).stacks] == [2, -2]


def test_london_lowball_counts_straights_and_flushes_against_you() -> None:
    """The texts (004), ace-to-six low, "the traditional hand ranking of "London"
    lowball": "Aces are low cards, but straights and flushes count for high ...
    Therefore, the best possible hand is 6-4-3-2-A".  p1's 5-4-3-2-A is a straight
    and loses to p2's 6-4-3-2-A."""
    cards = "Ac 2d Kc | As 2s Ks | Qc | 3h 3c | Qd | 4h 4c | Qh | 5s 6d | Qs | Kd Kh"
    assert heads_up("_FLONDON", cards) == [-2, 2]


def test_five_card_draw_with_the_bug_plays_it_as_an_ace_or_to_complete_a_hand() -> None:
    """The texts (004): the bug "is given the rank of ace unless designating it as a
    different card would complete a straight, flush, or straight flush. ... a pair of
    kings with a bug is still just a pair of kings (with an ace kicker), but four clubs
    and a bug make a flush"."""
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)

    def gains(cards: str) -> list[int]:
        deal = Deal(get_variant("_F5CDJ"), stakes, [50, 50], deck_after(cards, jokers=1))
        return [s - 50 for s in play_out(deal).stacks]

    # pair of kings + bug (kings, ace kicker) beats kings with a queen kicker
    assert gains("Kc Kd Jk 7h 3s | Ks Kh Qd 7d 2c") == [2, -2]
    # ... but not a pair of aces: the bug is no third king
    assert gains("Kc Kd Jk 7h 3s | As Ah 9d 7d 2c") == [-2, 2]
    # four clubs and a bug: a flush, which beats three queens
    assert gains("2c 5c 9c Jc Jk | Qs Qh Qd 7d 3h") == [2, -2]


# -- the rules every game shares, and the button games', quoted ----------------------------


def test_blinds_sit_left_of_the_button_and_the_first_round_opens_left_of_the_big_blind() -> None:
    """docs/games.md, button games (RRP *Button and blind use*, *Hold'em*): "Blinds left of
    the button"; "The first round opens left of the big blind, later rounds left of the
    button".  Four players, p4 on the button: p1 posts 1, p2 posts 2, p3 acts first;
    on the flop p1 acts first."""
    stakes = Stakes.uniform(4, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [50] * 4, deck_after())
    assert deal.bets == [1, 2, 0, 0] and deal.actor == 2
    for _ in range(3):
        deal.act("call")
    deal.act("check")
    assert deal.street_name == "flop" and deal.actor == 0


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop() -> None:
    """docs/games.md, button games (RRP *Button and blind use*): "heads-up the button
    posts the small blind and acts first before the flop only".  p2 is the button."""
    stakes = Stakes.uniform(2, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [50, 50], deck_after())
    assert deal.bets == [2, 1] and deal.actor == 1
    deal.act("call")
    deal.act("check")
    assert deal.street_name == "flop" and deal.actor == 0


def test_hold_em_burns_a_card_before_the_flop_the_turn_and_the_river() -> None:
    """docs/games.md, hold'em (RRP *Hold'em*): "two down; flop of three, turn, river, a
    burn before each".  After the hole cards (two each, p1 first) a card is burned,
    the next three are the flop, then a burn, the turn, a burn, the river."""
    cards = "As Ad | Ks Kd | 2c | 7h 8h 9h | 3c | Th | 4c | Jh"
    stakes = Stakes.uniform(2, blinds=(1, 2), min_bet=2)
    deal = play_out(Deal(get_variant("NT"), stakes, [50, 50], deck_after(cards)))
    assert deal.board == list(parse_cards("7h 8h 9h Th Jh"))
    assert deal.stacks == [50, 50]  # both play the board's straight flush: a split


def test_fixed_limit_hold_em_bets_small_then_big() -> None:
    """docs/games.md, fixed-limit hold'em (RRP): "the small bet pre-flop and on the
    flop, the big bet after"."""
    deal = Deal(get_variant("FT"), LIMIT, [500] * 3, deck_after())
    sizes: dict[str, int] = {}
    while not deal.finished:
        legal = {a.kind: a for a in deal.legal_actions()}
        top = legal.get("bet") or legal.get("raise")
        if top is not None:  # the size of a bet or raise: its amount over the call
            sizes.setdefault(deal.street_name, top.low - max(deal.bets))
        deal.act(next(k for k in ("check", "call") if k in legal))
    assert sizes == {"pre-flop": 10, "flop": 10, "turn": 20, "river": 20}


def test_seven_card_stud_bets_small_on_third_and_fourth_street_big_after() -> None:
    """docs/games.md, seven-card stud (RRP): "the small bet on third and fourth street,
    the big bet after" (no open pair dealt here)."""
    cards = "2c 3c Kd | 2d 3d 9s | 4c | Qh 8s | 5c | Jh 7s | 6c | Th 6s | 7c | 4h 5h"
    deal = Deal(get_variant("F7S"), STUD2, [50, 50], deck_after(cards))
    sizes: dict[str, int] = {}
    while not deal.finished:
        legal = {a.kind: a for a in deal.legal_actions()}
        top = legal.get("bet") or legal.get("complete")
        if top is not None:
            sizes.setdefault(deal.street_name, top.low)
        deal.act(next(k for k in ("bring-in", "check", "call") if k in legal))
    assert sizes == {"third street": 2, "fourth street": 2, "fifth street": 4,
                     "sixth street": 4, "seventh street": 4}  # fmt: skip


def test_no_limit_raises_at_least_the_last_full_raise() -> None:
    """docs/games.md (RRP *No-limit* 2-3, TDA): "No limit: a bet at least the minimum
    bet, a raise at least the last full bet or raise".  After a bet of 4 the smallest
    raise is to 8; after a raise to 12 (8 more) the smallest is to 20."""
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [100] * 3, deck_after())
    for _ in range(2):
        deal.act("call")
    deal.act("check")
    assert deal.legal_actions()[-1].low == 2  # the minimum bet
    deal.act("bet", 4)
    assert deal.legal_actions()[-1].low == 8
    deal.act("raise", 12)
    assert deal.legal_actions()[-1].low == 20


def test_pot_limit_raises_at_most_the_call_plus_the_pot_after_it() -> None:
    """docs/games.md (RRP *Pot-limit*): "a raise reaches at most the call plus the pot
    after the call".  Blinds 1-2, the first to act: call 2 makes the pot 5, so he may
    raise to 2 + 5 = 7."""
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("PO"), stakes, [100] * 3, deck_after())
    assert deal.legal_actions()[-1].high == 7


def test_side_pots_go_by_what_each_player_put_in() -> None:
    """docs/games.md (RRP *The showdown*): "Side pots by contribution".  p1 is all in for
    10 with the best hand and wins 30 (10 from each); p2 beats p3 for the other 40."""
    cards = "As Ad | Ks Kd | Qs Qd | 2c | 7h 8c 3d | 4c | 9s | 5c | 2h"
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [10, 30, 30], deck_after(cards))
    deal.act("raise", 30)  # p3 all in
    deal.act("call")  # p1 all in for 10
    deal.act("call")  # p2
    play_out(deal)
    assert deal.stacks == [30, 40, 0]


def test_a_hand_that_cannot_win_a_chip_is_killed() -> None:
    """docs/games.md (RRP *The showdown*): "a hand that cannot win a chip is killed";
    then "neighbouring pots then contested by the same players are one pot".  p1 is all
    in for 10 with a pair of nines, beaten by both aces-kings: his hand is killed
    (mucked, never shown), the main pot and the side pot, both now contested by p2
    and p3 alone, are one pot of 70, and their tie splits it 35 and 35."""
    cards = "3s 7d | As Kd | Ah Kc | 3c | 9h 9c 4d | 5c | Js | 6c | 2h"
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [10, 30, 30], deck_after(cards))
    deal.act("raise", 30)  # p3 all in
    deal.act("call")  # p1 all in for 10
    deal.act("call")  # p2
    play_out(deal)
    assert deal.mucked == [True, False, False]
    assert [(v.amount, v.winners, v.eligible) for v in deal.verdicts] == [(70, (1, 2), (1, 2))]
    assert deal.stacks == [0, 35, 35]


def test_betting_goes_clockwise_with_fold_check_call_bet_and_raise() -> None:
    """docs/games.md (RRP *Betting and raising*): "Betting goes clockwise; a player may
    fold, check (no bet to him), call, bet or raise".  Three players: p3, p1, p2 in
    turn before the flop (facing the blind: fold, call, raise), p1, p2, p3 after it
    (no bet: check or bet)."""
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = Deal(get_variant("NT"), stakes, [50] * 3, deck_after())
    order = []
    while deal.street_name == "pre-flop":
        assert {a.kind for a in deal.legal_actions()} <= {"fold", "call", "raise", "check"}
        order.append(deal.actor)
        legal = {a.kind for a in deal.legal_actions()}
        deal.act("check" if "check" in legal else "call")
    assert order == [2, 0, 1]
    assert [a.kind for a in deal.legal_actions()] == ["check", "bet"]
    order = []
    for _ in range(3):
        order.append(deal.actor)
        deal.act("check")
    assert order == [0, 1, 2]


def test_cards_speak_and_a_tie_splits_the_pot_as_evenly_as_possible() -> None:
    """docs/games.md (RRP *Ties*): "Cards speak; split pots are split as evenly as
    possible".  p1 and p2 both make a jack-high straight; the pot of 7 (6 in blinds
    and calls, 1 carried) splits 4 and 3, the odd chip to p1, first from the button."""
    cards = "Jc 3d | Jd 4s | Ac Kd | 2c | 7h 8h 9s | 3c | Tc | 4c | 2d"
    stakes = Stakes.uniform(3, blinds=(1, 2), min_bet=2)
    deal = play_out(Deal(get_variant("NT"), stakes, [50] * 3, deck_after(cards), carry=1))
    assert [s - 50 for s in deal.stacks] == [2, 1, -2]


def test_short_deck_plays_a_flush_over_a_full_house_and_a_six_to_ace_straight() -> None:
    """docs/games.md, short deck (*decision*, PokerKit's order): "36 cards; flush over
    full house, straight over trips, A-6-7-8-9 the lowest straight".  p1's flush beats
    p2's full house; then p1's A-6-7-8-9 beats p2's three kings."""
    stakes = Stakes.uniform(2, blinds=(1, 2), min_bet=2)

    def gains(cards: str) -> list[int]:
        top = list(parse_cards(cards.replace("|", " ")))
        deck = top + [c for c in make_deck("short") if c not in top]
        assert len(deck) == 36
        return [s - 50 for s in play_out(Deal(get_variant("NS"), stakes, [50, 50], deck)).stacks]

    assert gains("Ah 6h | Kc Kd | 7c | Kh 9h Th | 8c | 9s | 8d | 7d") == [2, -2]
    assert gains("Ac 6d | Kc Kd | 7s | Ks 7h 8h | Jc | 9s | Jd | Qc") == [2, -2]


def test_single_draw_bets_small_before_the_draw_and_big_after() -> None:
    """docs/games.md, draw games (RRP *Lowball*, *Draw high*): "single draw: the small
    bet before the draw, the big bet after"."""
    stakes = Stakes.uniform(2, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = Deal(get_variant("_F5CD"), stakes, [50, 50], deck_after())
    sizes: dict[str, int] = {}
    while not deal.finished:
        if deal.phase == "draw":
            deal.discard([])
            continue
        legal = {a.kind: a for a in deal.legal_actions()}
        top = legal.get("bet") or legal.get("raise")
        if top is not None:
            sizes.setdefault(deal.street_name, top.low - max(deal.bets))
        deal.act(next(k for k in ("check", "call") if k in legal))
    assert list(sizes.values()) == [2, 4]


def test_a_draw_burns_first_players_draw_in_turn_and_the_big_bet_starts_at_the_second() -> None:
    """docs/games.md, draw games (RRP *Lowball*, *Draw high*): "a burn before each draw;
    players draw in turn"; "triple draw and badugi: the big bet from the second draw".
    Three players each throw one card at every draw: a burn, then p1, p2, p3 (the first
    from the button first) in turn discard and are each served at once; bets 2, 2, 4, 4."""
    stakes = Stakes.uniform(3, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = Deal(get_variant("F2L3D"), stakes, [50] * 3, deck_after())
    sizes: dict[str, int] = {}
    while not deal.finished:
        if deal.phase == "draw":
            deal.discard(list(deal.holes[deal.actor or 0][:1]))
            continue
        legal = {a.kind: a for a in deal.legal_actions()}
        top = legal.get("bet") or legal.get("raise")
        if top is not None:
            sizes.setdefault(deal.street_name, top.low - max(deal.bets))
        deal.act(next(k for k in ("check", "call") if k in legal))
    assert list(sizes.values()) == [2, 2, 4, 4]
    steps = [(e.kind, e.player) for e in deal.log if e.kind in ("burn", "discard", "hole")]
    one_draw = [("burn", None), ("discard", 0), ("hole", 0), ("discard", 1), ("hole", 1),
                ("discard", 2), ("hole", 2)]  # fmt: skip
    assert steps[-21:] == one_draw * 3


def test_stud_burns_a_card_before_each_later_street() -> None:
    """docs/games.md, seven-card stud (RRP): "two down, one up; three up; one down, a burn
    before each later street": four burns, seven cards each."""
    deal = passive(Deal(get_variant("F7S"), STUD2, [50, 50], deck_after()))
    assert [e.kind for e in deal.log].count("burn") == 4
    assert [len(h) for h in deal.holes] == [7, 7]
    assert [sum(deal.up[i]) for i in range(2)] == [4, 4]


def test_in_hi_lo_the_high_hand_scoops_when_no_low_qualifies() -> None:
    """docs/games.md, Omaha hi-lo (RRP *Omaha high-low*): "the high hand scoops when there
    is none" (no eight-or-better low).  The board K-Q-J-9-9 holds no card of eight or
    less, so no low: p1's kings and nines take the whole pot of 6."""
    cards = "Ac Kd 2h 3h | 7c 6d 5s 4s | 8h 8s 3d 2d | 5d | Ks Qc Jh | 5h | 9d | 4d | 9c"
    stakes = Stakes.uniform(3, blinds=(1, 2), small_bet=2, big_bet=4)
    deal = passive(Deal(get_variant("FO/8"), stakes, [50] * 3, deck_after(cards)))
    assert [s - 50 for s in deal.stacks] == [4, -2, -2]


# -- the audit: every rule of the rule book has a test here that quotes it -----------------

_SOURCES = ("Robert", "RRP", "TDA", "docs/games.md", "texts", "PokerStars", "River Rock",
            "Issue 20", "Hoyle", "references", "decision")  # fmt: skip


def _rule_book_rules() -> list[str]:
    """Each rule of docs/games.md's rule book: a table row or a game's paragraph."""
    docs = (Path(__file__).parents[1] / "docs" / "games.md").read_text(encoding="utf-8")
    book = docs.split("## The rule book, game by game")[1].split("\n## ")[0]
    rules = []
    for block in re.split(r"\n(?=\| |\* \*\*)", book):
        first = block.split("\n\n")[0]
        if first.startswith("* **") or (first.startswith("| ") and not first.startswith("| rule")):
            rules.append(first)
    return rules


def _docstrings() -> dict[str, str]:
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    return {
        node.name: ast.get_docstring(node) or ""
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def test_every_rule_of_the_rule_book_has_a_test_here_that_quotes_it() -> None:
    """Issue 20, *Deliver* 3: "a test for each rule that quotes it".  Every row and game
    paragraph of docs/games.md's rule book (Straights excepted: its own book) names a
    test of this file; that test's docstring names its source and quotes ("…") it;
    every test named anywhere in the rule book exists."""
    here = _docstrings()
    named_anywhere = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        named_anywhere.update(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    rules = _rule_book_rules()
    assert len(rules) >= 27
    gaps = []
    for rule in rules:
        names = re.findall(r"`(test_\w+?)`", rule)
        if rule.startswith("* **Straights**"):
            continue
        gaps += [f"{n}: no such test" for n in names if n not in named_anywhere]
        quoting = [
            n for n in names
            if n in here and '"' in here[n] and any(s in here[n] for s in _SOURCES)
        ]  # fmt: skip
        if not quoting:
            gaps.append(f"no test here quotes: {rule[:70]}")
    assert gaps == []
    killed = next(r for r in rules if "cannot win a chip is killed" in r)
    assert "`test_a_hand_that_cannot_win_a_chip_is_killed`" in killed
