"""Scripted deals that walk through each rule of ``rules/straights.md``.

Every expected chip count below is worked out by hand in the comments.
"""

from __future__ import annotations

import pytest
from oracle.events import (
    Acted,
    PenaltyPaid,
    PlayerLeft,
    PotAwarded,
    PotCarried,
    RoundStarted,
    event_from_dict,
)
from oracle.straights_hand import Hand
from oracle.straights_table import Table, dealer_draw

from straights.cards import Card, parse_cards
from straights.errors import ConfigurationError, DuplicateCardError, IllegalActionError, PackError
from straights.game import TableConfig

# Table cards with no two consecutive ranks: 2c (key), Kd, 9s, 5h, Jc.
QUIET_TABLE = "2c Kd 9s 5h Jc"


def deal(holes: list[str], table: str = QUIET_TABLE) -> tuple[Card, ...]:
    """A deck in dealing order: first cards of every hole, second cards, then the table."""
    pairs = [parse_cards(h) for h in holes]
    return (*[p[0] for p in pairs], *[p[1] for p in pairs], *parse_cards(table))


def check_down(hand: Hand) -> None:
    while not hand.finished:
        seat = hand.actor
        assert seat is not None
        hand.check(seat)


# -- the dealer draw -------------------------------------------------------------------


def test_dealer_draw_highest_card_rank_then_suit() -> None:
    events = dealer_draw([0, 1, 2], parse_cards("9s 9h 2c"))
    assert [e.winner for e in events] == [1]  # 9h beats 9s: hearts over spades


def test_dealer_draw_special_cards_count_below_every_ranked_card() -> None:
    events = dealer_draw([0, 1, 2], parse_cards("S T 2c"))
    assert [e.winner for e in events] == [2]


def test_dealer_draw_tie_among_special_cards_draws_again_among_the_tied() -> None:
    # Seats 3, 5, 7 all draw special cards; they draw again: Kd, Ks, Kh -> seat 7 (hearts).
    events = dealer_draw([3, 5, 7], parse_cards("S T R Kd Ks Kh"))
    assert [e.winner for e in events] == [None, 7]
    assert events[1].seats == (3, 5, 7)
    # Two of three tie on specials? Impossible unless all drew specials: one ranked card wins.
    events = dealer_draw([0, 1], parse_cards("R S 7c 8c"))
    assert [(e.seats, e.winner) for e in events] == [((0, 1), None), ((0, 1), 1)]


def test_table_draws_for_the_button_then_moves_it_left() -> None:
    t = Table(TableConfig(seats=4), ["a", "b", "c", "d"], seed=5)
    h1 = t.start_hand()
    first = h1.button
    draw = [e for e in t.events if e.type == "dealer_draw"]
    assert draw and draw[-1].winner == first
    check_down(h1)
    h2 = t.start_hand()
    assert h2.button == (first + 1) % 4
    assert h2.seats[0] == (first + 2) % 4  # left of the button acts first


# -- antes, bets and the ladder -------------------------------------------------------


@pytest.mark.parametrize(("ante", "totals"), [(1, [1, 3, 7, 15, 31]), (5, [5, 15, 35])])
def test_ladder_doubles_each_raise(ante: int, totals: list[int]) -> None:
    from straights.cards import make_deck
    from straights.poker import Deal, get_variant
    from straights.table import straights_stakes

    variant = get_variant("_STR55N")  # no-limit: the ladder goes on past two raises
    deal = Deal(
        variant, straights_stakes(variant, 2, ante=ante), [500, 500], make_deck("straights")
    )
    for k in range(len(totals)):
        deal.act("raise" if k else "bet")
    assert [e.amount for e in deal.log if e.kind in ("bet", "raise")] == totals


def test_limit_allows_bet_and_two_raises() -> None:
    h = Hand(TableConfig(seats=3), (0, 1, 2), (100, 100, 100), deal(["Ah 7c", "Qh Th", "4d 3s"]))
    h.bet(0)
    h.raise_(1)
    assert [str(a) for a in h.legal_actions(2)] == ["fold", "call 3", "raise to 7"]
    h.raise_(2)
    assert [str(a) for a in h.legal_actions(0)] == ["fold", "call 6"]
    assert "at most 2 raises" in (h.why_not_raise(0) or "")
    with pytest.raises(IllegalActionError, match="at most 2 raises"):
        h.raise_(0)


def test_no_limit_keeps_doubling() -> None:
    cfg = TableConfig(seats=2, betting="no-limit")
    h = Hand(cfg, (0, 1), (100, 100), deal(["Ah 7c", "Qh Th"]))
    h.bet(0)  # to 1
    h.raise_(1)  # to 3
    h.raise_(0)  # to 7
    h.raise_(1)  # to 15
    assert [str(a) for a in h.legal_actions(0)] == ["fold", "call 8", "raise to 31"]


def test_every_round_starts_left_of_the_dealer() -> None:
    h = Hand(TableConfig(seats=3), (4, 0, 2), (50, 50, 50), deal(["Ah 7c", "Qh Th", "4d 3s"]))
    assert h.button == 2 and h.actor == 4
    h.check(4)
    h.bet(0)
    h.call(2)
    h.call(4)
    assert h.round == 2 and h.actor == 4
    h.check(4)
    h.bet(0)
    h.call(2)
    h.fold(4)
    assert h.round == 3 and h.actor == 0  # the first player still in, left of the dealer


def test_illegal_actions_name_the_reason_and_change_nothing() -> None:
    h = Hand(TableConfig(seats=3), (0, 1, 2), (10, 10, 10), deal(["Ah 7c", "Qh Th", "4d 3s"]))
    before = (list(h.events), list(h.stacks), h.actor)
    cases = [
        (1, "check", "it is seat 0 to act"),
        (0, "call", "no bet to call"),
        (0, "fold", "no bet to call"),
        (0, "raise", "no bet to raise"),
        (9, "check", r"seats in this deal are \[0, 1, 2\]"),
        (0, "shove", "not an action"),
        ([0], "check", "not a seat"),
        ("0", "check", "not a seat"),
    ]
    for seat, kind, reason in cases:
        with pytest.raises(IllegalActionError, match=reason):
            h.act(seat, kind)
        assert (list(h.events), list(h.stacks), h.actor) == before
    with pytest.raises(IllegalActionError, match="the only bet now is bet 1"):
        h.act(0, "bet", to=5)
    with pytest.raises(IllegalActionError, match="not a whole number"):
        h.act(0, "bet", to="1")  # type: ignore[arg-type]
    assert (list(h.events), list(h.stacks), h.actor) == before


# -- all-ins and side pots -------------------------------------------------------------


def test_all_in_side_pots_with_different_winners() -> None:
    # Players A (seat 0, 3 chips), B (seat 1, 10), C (seat 2, 10, button); ante 1, no limit.
    # A: Qh Th makes K-Q-J-T-9 with Kd Jc 9s (5 cards, best);
    # B: 4d 3s makes 5-4-3-2 (4 cards); C: Ah 7c makes only K-A / A-2 (2 cards).
    cfg = TableConfig(seats=3, betting="no-limit")
    h = Hand(cfg, (0, 1, 2), (3, 10, 10), deal(["Qh Th", "4d 3s", "Ah 7c"]))
    h.bet(0)  # A: 1 (1 left)
    h.raise_(1)  # B: to 3
    h.call(2)  # C: 3
    assert [str(a) for a in h.legal_actions(0)] == ["fold", "call 1 (all-in)"]
    h.call(0)  # A all-in: ante 1 + 2 = 3 in total
    h.bet(1)  # round 2: B bets 1, C calls; then both check to the end
    h.call(2)
    check_down(h)
    # Main pot 3 x 3 = 9 (A, B, C) -> A.  Side pot 2 + 2 = 4 (B, C) -> B.
    assert [(p.amount, p.eligible) for p in h.pots] == [(9, (0, 1, 2)), (4, (1, 2))]
    assert h.winners == [0, 1]
    assert h.stacks == [9, 9, 5]  # A 0+9, B 10-5+4, C 10-5


def test_incomplete_all_in_raise_neither_reopens_nor_counts() -> None:
    # Limit, ante 1.  A (seat 0) 10, B (seat 1) 3, C (seat 2, button) 10.
    cfg = TableConfig(seats=3, betting="limit")
    h = Hand(cfg, (0, 1, 2), (10, 3, 10), deal(["Ah 7c", "Qh Th", "4d 3s"]))
    h.bet(0)  # A: 1
    assert [str(a) for a in h.legal_actions(1)] == ["fold", "call 1", "raise to 2 (all-in)"]
    h.raise_(1)  # B all-in to 2: short of the full raise to 3
    assert h.level == 0  # still the bet's level: not a raise towards the cap
    h.call(2)  # C calls 2
    # A acted before the incomplete raise and nobody raised fully since: call or fold only.
    assert [str(a) for a in h.legal_actions(0)] == ["fold", "call 1"]
    assert "does not reopen" in (h.why_not_raise(0) or "")
    h.call(0)
    assert h.round == 2


def test_incomplete_raise_leaves_both_limit_raises_to_the_others() -> None:
    cfg = TableConfig(seats=3, betting="limit")
    h = Hand(cfg, (0, 1, 2), (10, 3, 10), deal(["Ah 7c", "Qh Th", "4d 3s"]))
    h.bet(0)  # 1
    h.raise_(1)  # B all-in to 2 (incomplete)
    h.raise_(2)  # C: first full raise, to 3
    h.raise_(0)  # A: second raise, to 7 (re-opened by C's full raise)
    assert [str(a) for a in h.legal_actions(2)] == ["fold", "call 4"]
    h.call(2)
    check_down(h)  # B is all-in; A and C check rounds 2-5
    # Totals: A 1+7=8, B 1+2=3, C 1+7=8.  Main 3x3=9 (A,B,C) -> B (K-9 straight).
    # Side 5+5=10 (A,C) -> C (5-4-3-2 beats A's 2-card straight).
    assert [(p.amount, p.eligible) for p in h.pots] == [(9, (0, 1, 2)), (10, (0, 2))]
    assert h.stacks == [2, 9, 12]


def test_short_ante_is_all_in_and_skips_betting() -> None:
    # B has a single chip: the ante puts him all-in; A alone cannot bet against nobody.
    h = Hand(TableConfig(seats=2, ante=2), (0, 1), (10, 1), deal(["Ah 7c", "Qh Th"]))
    assert h.finished
    assert [e.betting for e in h.events if isinstance(e, RoundStarted)] == [False] * 5
    # Main pot 1+1 -> B (best hand); A's extra ante chip comes back to A.
    assert [(p.amount, p.eligible) for p in h.pots] == [(2, (0, 1)), (1, (0,))]
    assert h.stacks == [8 + 1, 2]


def test_folding_to_a_bet_wins_without_showdown() -> None:
    h = Hand(TableConfig(seats=3), (0, 1, 2), (10, 10, 10), deal(["Ah 7c", "Qh Th", "4d 3s"]))
    h.bet(0)
    h.fold(1)
    h.fold(2)
    assert h.finished and h.winners == [0]
    assert h.stacks == [12, 9, 9]
    assert not any(e.type == "showdown_revealed" for e in h.events)


# -- rule 10: carry-over and penalty -----------------------------------------------------


STR8_TABLE = "S T R 8h 2c"  # S, T, R and the highest 8 all on the table: rule 10 for sure


def test_rule_10_carries_the_pot_and_charges_every_player_dealt_in() -> None:
    t = Table(TableConfig(seats=3, starting_stack=10), ["a", "b", "c"], seed=1, button=2)
    h = t.start_hand(deal(["Ah 7c", "Qh Th", "4d 3s"], STR8_TABLE))
    h.bet(0)
    h.fold(1)  # b folds: still dealt in, still pays the penalty
    h.call(2)
    check_down(h)
    # Pot: antes 3 + bets 2 = 5, carried.  Penalty 1 each: a 10-2-1=7, b 10-1-1=8, c 7.
    assert h.winners == [None]
    assert [e.seat for e in h.events if isinstance(e, PenaltyPaid)] == [0, 1, 2]
    assert [e.amount for e in h.events if isinstance(e, PotCarried)] == [8]
    assert t.stacks() == {0: 7, 1: 8, 2: 7}
    assert t.carry == 8
    # Next deal: the button moves to seat 0, seat 1 acts first; the carried 8 is in the pot.
    h2 = t.start_hand(deal(["Qh Th", "Ah 7c", "4d 3s"]))
    assert h2.seats == (1, 2, 0) and h2.pot == 8 + 3
    check_down(h2)
    # Seat 1 holds Qh Th (K-Q-J-T-9): wins 11.  Stacks: 8-1+11=18, 7-1=6, 7-1=6.
    assert h2.winners == [1]
    assert t.stacks() == {0: 6, 1: 18, 2: 6} and t.carry == 0
    assert sum(t.stacks().values()) == 30


def test_rule_10_house_rule_charges_only_the_showdown() -> None:
    cfg = TableConfig(seats=3, penalty_payers="showdown")
    h = Hand(cfg, (0, 1, 2), (10, 10, 10), deal(["Ah 7c", "Qh Th", "4d 3s"], STR8_TABLE))
    h.bet(0)
    h.fold(1)
    h.call(2)
    check_down(h)
    assert [e.seat for e in h.events if isinstance(e, PenaltyPaid)] == [0, 2]
    assert h.carry_out == 5 + 2 and h.stacks == [7, 9, 7]


def test_a_higher_8_in_hand_wins_over_str8_on_the_table() -> None:
    # Table S T R 8d: seat 1 holds 8h (higher by suit) and wins; nothing carries.
    h = Hand(TableConfig(seats=2), (0, 1), (10, 10), deal(["Ah 7c", "8h 2d"], "S T R 8d 3c"))
    check_down(h)
    assert h.winners == [1] and h.carry_out == 0 and h.stacks == [9, 11]


def test_penalty_from_a_player_without_chips_is_nothing() -> None:
    # Seat 1 antes its only chip (all-in): it pays no penalty.
    h = Hand(TableConfig(seats=2), (0, 1), (10, 1), deal(["Ah 7c", "Qh Th"], STR8_TABLE))
    assert h.finished
    assert [(e.seat, e.amount) for e in h.events if isinstance(e, PenaltyPaid)] == [(0, 1)]
    assert h.stacks == [8, 0] and h.carry_out == 3


def test_52_card_pack_has_no_rule_10() -> None:
    cfg = TableConfig(seats=2, pack=52)
    with pytest.raises(Exception, match="S is not in the standard deck"):
        Table(cfg, ["a", "b"], button=1).start_hand(deal(["Ah 7c", "Qh Th"], STR8_TABLE))


# -- players go broke and leave ------------------------------------------------------------


def test_broke_players_leave_and_the_last_one_has_all_the_chips() -> None:
    cfg = TableConfig(seats=2, starting_stack=3)
    t = Table(cfg, ["a", "b"], seed=2, button=1)
    h = t.start_hand(deal(["Qh Th", "Ah 7c"]))
    h.bet(0)
    h.raise_(1)  # to 2, all-in (short of the raise to 3)
    h.call(0)
    check_down(h)
    assert t.stacks() == {0: 6}
    assert [e.seat for e in t.events if isinstance(e, PlayerLeft)] == [1]
    assert t.is_over
    with pytest.raises(IllegalActionError, match="at least two players"):
        t.start_hand()


def test_last_player_takes_a_carried_pot_nobody_can_contest() -> None:
    # Heads-up, stacks 5 and 2.  Antes leave 4 and 1; seat 1 bets its last chip, seat 0
    # calls (3 left).  Rule 10 carries 4; penalty: seat 0 pays 1 (2 left), seat 1 has
    # nothing.  Seat 1 is broke and leaves; seat 0 takes the carried 5: 7 chips.
    t = Table(TableConfig(seats=2), ["a", "b"], seed=2, button=1, stacks=[5, 2])
    h = t.start_hand(deal(["Qh Th", "Ah 7c"], STR8_TABLE))
    h.check(0)
    h.bet(1)
    h.call(0)
    assert h.finished and h.carry_out == 5
    assert t.is_over and t.stacks() == {0: 7} and t.carry == 0


def test_a_carried_pot_stays_in_the_middle_when_everyone_is_broke() -> None:
    t = Table(TableConfig(seats=2, starting_stack=2), ["a", "b"], seed=2, button=1)
    h = t.start_hand(deal(["Qh Th", "Ah 7c"], STR8_TABLE))
    h.check(0)
    h.bet(1)  # last chip
    h.call(0)  # last chip
    assert h.stacks == [0, 0] and h.carry_out == 4
    assert t.is_over and t.stacks() == {} and t.carry == 4


# -- table configuration ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pack": 54}, "choose 55"),
        ({"ante": 0}, "at least 1"),
        ({"betting": "pot"}, "'limit' or 'no-limit'"),
        ({"seats": 11}, "up to 25 with allow_many_seats"),
        ({"seats": 24, "pack": 52, "allow_many_seats": True}, "2 to 23"),
        ({"starting_stack": 0}, "at least 1 chip"),
        ({"penalty_payers": "all"}, "'dealt' or 'showdown'"),
    ],
)
def test_bad_configuration_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        TableConfig(**kwargs)  # type: ignore[arg-type]


def test_a_deal_refuses_a_bad_deck() -> None:
    cfg = TableConfig(seats=2)
    with pytest.raises(DuplicateCardError, match="Ah appears twice in the deck"):
        Hand(cfg, (0, 1), (5, 5), deal(["Ah 7c", "Ah Th"]))
    with pytest.raises(PackError, match="S, T and R are only in the 55-card pack"):
        Hand(TableConfig(seats=2, pack=52), (0, 1), (5, 5), deal(["S 7c", "Ah Th"]))
    with pytest.raises(ConfigurationError, match="cannot deal 2 players"):
        Hand(cfg, (0, 1), (5, 5), parse_cards("Ah 7c Kd"))
    with pytest.raises(ConfigurationError, match="every player dealt in has chips"):
        Hand(cfg, (0, 1), (5, 0), deal(["Ah 7c", "Qh Th"]))


def test_many_seats_allowed_up_to_the_pack() -> None:
    assert TableConfig(seats=25, allow_many_seats=True).seats == 25


def test_events_round_trip_through_dicts() -> None:
    t = Table(TableConfig(seats=3), ["a", "b", "c"], seed=9)
    h = t.start_hand()
    while not h.finished:
        seat = h.actor
        assert seat is not None
        t.act(seat, h.legal_actions(seat)[-1].kind)
    for event in t.events:
        assert event_from_dict(event.to_dict()) == event
    assert any(isinstance(e, Acted) for e in t.events)
    assert any(isinstance(e, PotAwarded) for e in t.events)


def test_table_rebuilds_exactly_from_its_event_log() -> None:
    t = Table(TableConfig(seats=4, betting="no-limit", starting_stack=20), list("abcd"), seed=4)
    import random

    rng = random.Random(4)
    for _ in range(6):
        if t.is_over:
            break
        h = t.start_hand()
        while not h.finished:
            seat = h.actor
            assert seat is not None
            t.act(seat, rng.choice(h.legal_actions(seat)).kind)
    # Stop mid-deal too.
    if not t.is_over:
        h = t.start_hand()
        seat = h.actor
        assert seat is not None
        t.act(seat, h.legal_actions(seat)[0].kind)
    copy = Table.from_events([event_from_dict(e.to_dict()) for e in t.events])
    assert [e.to_dict() for e in copy.events] == [e.to_dict() for e in t.events]
    assert copy.stacks() == t.stacks() and copy.carry == t.carry
    assert copy.actor == t.actor


def test_table_keeps_every_deal_in_order() -> None:
    t = Table(TableConfig(seats=2), ["a", "b"], seed=3)
    for n in range(1, 4):
        h = t.start_hand()
        assert t.hands[n - 1] is h and h.number == n
        while not h.finished:
            t.auto_act(h.actor)  # type: ignore[arg-type]
    copy = Table.from_events(t.events)
    assert [h.number for h in copy.hands] == [1, 2, 3]


def test_config_seed_and_actions_determine_everything() -> None:
    import random

    def run(actions: list[tuple[int, str]] | None) -> tuple[list[dict[str, object]], list]:
        rng = random.Random(5)
        t = Table(TableConfig(seats=5, starting_stack=12), list("abcde"), seed=2024)
        taken: list[tuple[int, str]] = []
        feed = iter(actions or [])
        while not t.is_over and len(t.hands) < 30:
            h = t.start_hand()
            while not h.finished:
                seat = h.actor
                assert seat is not None
                if actions is None:
                    kind = rng.choice(h.legal_actions(seat)).kind
                else:
                    seat_, kind = next(feed)
                    assert seat_ == seat
                taken.append((seat, kind))
                t.act(seat, kind)
        return [e.to_dict() for e in t.events], taken

    events, actions = run(None)
    again, _ = run(actions)
    assert again == events


def test_table_dealer_draw_with_a_tie_on_special_cards() -> None:
    import random

    class SpecialsFirst(random.Random):
        """Shuffles normally, except that the first shuffle (the dealer draw) puts
        S and T on top, then the king of diamonds and the king of hearts."""

        first = True

        def shuffle(self, x: list) -> None:  # type: ignore[override]
            super().shuffle(x)
            if self.first:
                self.first = False
                for i, name in enumerate(("S", "T", "Kd", "Kh")):
                    j = x.index(parse_cards(name)[0])
                    x[i], x[j] = x[j], x[i]

    t = Table(TableConfig(seats=2), ["a", "b"], seed=SpecialsFirst(1))
    h = t.start_hand()
    draws = [e for e in t.events if e.type == "dealer_draw"]
    assert [(d.cards, d.winner) for d in draws] == [
        (parse_cards("S T"), None),
        (parse_cards("Kd Kh"), 1),
    ]
    assert h.button == 1 and h.actor == 0


def test_sitting_and_standing_between_deals_only() -> None:
    t = Table(TableConfig(seats=3), ["a", "b"], seed=1)
    with pytest.raises(IllegalActionError, match="seat 0 is taken"):
        t.sit(0, "z")
    with pytest.raises(IllegalActionError, match="seats are 0 to 2"):
        t.sit(3, "z")
    with pytest.raises(ConfigurationError, match="non-empty name"):
        t.sit(2, " ")
    with pytest.raises(IllegalActionError, match="seat 2 is empty"):
        t.stand(2)
    with pytest.raises(IllegalActionError, match="seat 'x' is empty: seats are 0 to 2"):
        t.stand("x")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="1 stacks for 2 names"):
        Table(TableConfig(seats=2), ["a", "b"], stacks=[5])
    h = t.start_hand()
    with pytest.raises(IllegalActionError, match="wait for it"):
        t.sit(2, "c")
    with pytest.raises(IllegalActionError, match="wait for it"):
        t.stand(0)
    while not h.finished:
        t.auto_act(h.actor)  # type: ignore[arg-type]
    t.sit(2, "c", 50)
    assert t.stacks()[2] == 50
    t.stand(0)
    assert 0 not in t.stacks()
    with pytest.raises(ConfigurationError, match="3 players for 2 seats"):
        Table(TableConfig(seats=2), ["a", "b", "c"])
    with pytest.raises(ConfigurationError, match=r"seed=0\.5: give an int"):
        Table(TableConfig(seats=2), ["a", "b"], seed=0.5)  # type: ignore[arg-type]


def test_all_in_bet_below_the_ante_can_be_called_or_completed() -> None:
    # Ante 2.  A (seat 0) has 3 chips, B and C 20.  After the antes A has 1 chip:
    # his bet is an all-in for 1, short of the full bet of 2.
    cfg = TableConfig(seats=3, ante=2)
    h = Hand(cfg, (0, 1, 2), (3, 20, 20), deal(["Qh Th", "4d 3s", "Ah 7c"]))
    assert [str(a) for a in h.legal_actions(0)] == ["check", "bet 1 (all-in)"]
    h.bet(0)
    assert [str(a) for a in h.legal_actions(1)] == ["fold", "call 1", "bet 2"]
    h.bet(1)  # B completes the bet to 2 (the ladder's first level)
    assert [str(a) for a in h.legal_actions(2)] == ["fold", "call 2", "raise to 6"]
    h.call(2)
    check_down(h)
    # Totals A 3, B 4, C 4.  Main 3x3=9 (A,B,C) -> A (K-9); side 1+1=2 (B,C) -> B (5-2).
    assert [(p.amount, p.eligible) for p in h.pots] == [(9, (0, 1, 2)), (2, (1, 2))]
    assert h.stacks == [9, 18, 16]
