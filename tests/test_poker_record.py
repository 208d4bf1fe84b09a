"""What a Deal records for the layers above it: forced bets and betting rounds in
its log, side pots only at all-in levels, and a verdict for every pot.

Expected values are worked out by hand in the comments, never by the engine.
"""

from __future__ import annotations

from straights.cards import make_deck, parse_cards
from straights.poker import Deal, Stakes, get_variant
from straights.poker.engine import Pot, Verdict
from straights.poker.straights_rules import straights_variant


def _straights(stacks: list[int]) -> Deal:
    n = len(stacks)
    stakes = Stakes((1,) * n, (0,) * n, min_bet=1, trim_antes=False, dead_antes=False)
    return Deal(straights_variant(55, "no-limit"), stakes, stacks, make_deck().shuffled(5))


def test_the_log_names_forced_bets_and_each_betting_round() -> None:
    deal = _straights([10, 10])
    kinds = [e.kind for e in deal.log]
    # Two antes, two players' hole cards, the key card down, a card up, round 1 opens.
    assert kinds == ["ante", "ante", "hole", "hole", "board", "board", "betting"]
    assert [e.amount for e in deal.log[:2]] == [1, 1]


def test_a_bet_not_yet_called_is_no_side_pot() -> None:
    # Hold'em, blinds 1-2, three players of 100: p1 posts the small blind, p2 the
    # big one; p3 (the button) acts first and raises to 6; nobody has answered yet.
    deck = make_deck().shuffled(3)
    deal = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2), [100] * 3, deck)
    deal.act("raise", 6)
    # One pot of 1 + 2 + 6 = 9 that all three may still win.
    assert deal.side_pots() == [Pot(9, (0, 1, 2))]


def test_straights_keeps_an_uncalled_bet_as_its_bettors_own_pot() -> None:
    # Ante 1.  p1 has 2 chips (1 after the ante), p2 and p3 have 10.
    deal = _straights([2, 10, 10])
    deal.act("bet")  # p1 bets his last chip: all-in at 2 in total
    deal.act("raise")  # p2 raises to the ladder's 3: 4 in total
    deal.act("fold")  # p3 folds his ante: p2's raise beyond p1 is never called
    while not deal.finished:
        deal.act("check")
    # Main pot: 2 from p1, 2 from p2, p3's ante 1 = 5 for p1 and p2; p2's other
    # 2 chips are a pot only he may win.
    assert [(v.pot, v.amount, v.eligible) for v in deal.verdicts] == [(0, 5, (0, 1)), (1, 2, (1,))]
    assert deal.verdicts[1] == Verdict(1, 2, (1,), (1,), 0, "the only player eligible for this pot")
    assert sum(deal.stacks) + deal.carry_out == 22


def test_hold_em_returns_an_uncalled_bet_and_records_the_pot() -> None:
    # Heads-up hold'em, blinds 1-2 (p2 is the button and small blind).  p1 holds
    # As Ad, p2 Kc Kd; the board 7c 8d 9s Jc Qh after the burns gives p1 aces.
    deck = parse_cards("As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh")
    deal = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [20, 50], deck)
    deal.act("raise", 50)  # p2 (small blind, first pre-flop) moves in for 50 of his 50
    deal.act("call")  # p1 calls his 20: 30 of p2's raise are never called
    # The pot is 20 + 20; p1's aces win it, p2 gets his 30 back at the end of the round.
    assert deal.verdicts == [Verdict(0, 40, (0,), (0,))]
    assert deal.stacks == [40, 30]
    assert deal.describe(0) == "high: Pair of aces"
