"""The action indices, worked by hand: bet sizes per structure, bring-ins, draws."""

from __future__ import annotations

from straights.cards import parse_cards
from straights.poker.view import deal_view
from straights.rl import env
from straights.rl.dealer import Dealer
from straights.rl.table import table_for


def legal_names(dealer: Dealer) -> list[str]:
    return [dealer.actions.names[i] for i in dealer.legal()]


def play_named(dealer: Dealer, name: str) -> None:
    dealer.play(dealer.actions.names.index(name))


def test_no_limit_sizes_heads_up_before_the_flop() -> None:
    # The button (player_1) posted 1, the big blind 2: pot 3, to call 1.  A pot-sized
    # raise is to 2 + (3 + 1) = 6; half a pot is to 4, the smallest raise, so it is not
    # offered twice; two pots to 2 + 8 = 10; the largest is all-in, 200.
    dealer = Dealer(table_for("holdem", 2))
    dealer.new_deal(seed=1)
    assert dealer.actor == 1
    assert legal_names(dealer) == [
        "fold", "call", "raise-min", "raise-1-pot", "raise-2-pot", "raise-max",
    ]  # fmt: skip
    targets = {}
    for name in ("raise-min", "raise-1-pot", "raise-2-pot", "raise-max"):
        dealer.new_deal(seed=1)
        play_named(dealer, name)
        targets[name] = dealer.deal.bets[1]  # type: ignore[union-attr]
    assert targets == {"raise-min": 4, "raise-1-pot": 6, "raise-2-pot": 10, "raise-max": 200}


def test_no_limit_sizes_after_a_raise_and_on_the_flop() -> None:
    dealer = Dealer(table_for("holdem", 2))
    dealer.new_deal(seed=1)
    play_named(dealer, "raise-1-pot")  # to 6
    # The big blind: pot 8, to call 4: a pot raise is to 6 + 12 = 18, half a pot to 12,
    # the smallest raise to 10, two pots to 30.
    sizes = {}
    for name in ("raise-min", "raise-0.5-pot", "raise-1-pot", "raise-2-pot", "raise-max"):
        probe = Dealer(table_for("holdem", 2))
        probe.new_deal(seed=1)
        play_named(probe, "raise-1-pot")
        play_named(probe, name)
        sizes[name] = probe.deal.bets[0]  # type: ignore[union-attr]
    assert sizes == {"raise-min": 10, "raise-0.5-pot": 12, "raise-1-pot": 18,
                     "raise-2-pot": 30, "raise-max": 200}  # fmt: skip
    play_named(dealer, "call")  # the flop: pot 12, nothing to call: bets of 2, 6, 12, 24
    assert dealer.deal.street_name == "flop"  # type: ignore[union-attr]
    flop = {}
    for name in ("raise-min", "raise-0.5-pot", "raise-1-pot", "raise-2-pot"):
        probe = Dealer(table_for("holdem", 2))
        probe.new_deal(seed=1)
        for step in ("raise-1-pot", "call", name):
            play_named(probe, step)
        flop[name] = max(probe.deal.bets)  # type: ignore[union-attr]
    assert flop == {"raise-min": 2, "raise-0.5-pot": 6, "raise-1-pot": 12, "raise-2-pot": 24}


def test_pot_limit_offers_the_smallest_raise_and_the_pot() -> None:
    # Pot limit heads-up: the most is the call plus the pot after it, to 6 = a pot raise,
    # so the pot-sized action is the largest one; two pots is above the limit.
    dealer = Dealer(table_for("pot-limit-holdem", 2))
    dealer.new_deal(seed=2)
    assert legal_names(dealer) == ["fold", "call", "raise-min", "raise-max"]
    play_named(dealer, "raise-max")
    assert dealer.deal.bets == [2, 6]  # type: ignore[union-attr]


def test_a_short_stack_has_the_smallest_raise_and_all_in() -> None:
    dealer = Dealer(table_for("holdem", 2, stack=5))
    dealer.new_deal(seed=3)
    assert legal_names(dealer) == ["fold", "call", "raise-min", "raise-max"]
    play_named(dealer, "raise-max")
    assert dealer.deal.bets[1] == 5 and dealer.deal.stacks[1] == 0  # type: ignore[union-attr]


def test_fixed_limit_and_the_doubling_ladder_have_one_raise() -> None:
    dealer = Dealer(table_for("limit-holdem", 2))
    dealer.new_deal(seed=4)
    assert dealer.actions.names == ("fold", "call", "raise")
    play_named(dealer, "raise")
    assert dealer.deal.bets[1] == 4  # type: ignore[union-attr]
    # Straights Limit: a bet of one ante, raises to 3 and 7, then only calls (cap 3).
    dealer = Dealer(table_for("straights", 2))
    dealer.new_deal(seed=4)
    assert legal_names(dealer) == ["call", "raise"]  # check or bet
    totals = []
    for _ in range(3):
        play_named(dealer, "raise")
        totals.append(max(dealer.deal.bets))  # type: ignore[union-attr]
    assert totals == [1, 3, 7]
    assert legal_names(dealer) == ["fold", "call"]


def test_the_bring_in_is_the_passive_action_and_completing_the_raise() -> None:
    dealer = Dealer(table_for("seven-card-stud", 3))
    dealer.new_deal(seed=5)
    assert legal_names(dealer) == ["call", "raise"]  # bring in 1 or complete to 2
    actor = dealer.actor
    play_named(dealer, "call")
    assert dealer.deal.bets[actor] == 1  # type: ignore[union-attr,index]
    assert dealer.deal.log[-1].kind == "bring-in"  # type: ignore[union-attr]


def test_a_draw_discards_the_cards_at_the_bits_set() -> None:
    dealer = Dealer(table_for("triple-draw-2-7", 2))
    deck = parse_cards("2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 7h 8h 9h Th Jh Qh Kh Ah")
    dealer.new_deal(deck=deck)
    while dealer.deal.phase != "draw":  # type: ignore[union-attr]
        dealer.play(1)
    first = dealer.actions.first_draw
    assert dealer.legal() == list(range(first, first + 32))  # any subset of five
    actor = dealer.actor
    dealer.play(first + 0b10011)  # cards 1, 2 and 5
    assert dealer.actions.names[first + 0b10011] == "discard-1-2-5"
    hand = dealer.deal.holes[actor]  # type: ignore[union-attr,index]
    # His three new cards come at once, after the burn (7h): 8h 9h Th.
    mine = parse_cards("2c 3c 4c 5c 6c") if actor == 0 else parse_cards("2d 3d 4d 5d 6d")
    assert hand == [mine[2], mine[3], *parse_cards("8h 9h Th")]
    dealer.play(first)  # the other stands pat
    assert dealer.deal.holes[actor][:2] == [mine[2], mine[3]]  # type: ignore[union-attr,index]
    assert len(dealer.deal.holes[actor]) == 5  # type: ignore[union-attr,index]
    assert dealer.deal.phase == "betting"  # type: ignore[union-attr]


def test_badugi_draws_up_to_four_and_masks_by_the_draw_limit() -> None:
    dealer = Dealer(table_for("badugi", 2))
    assert dealer.actions.size == 3 + 16
    mask = dealer.actions.draw_mask(4, 2)  # a street allowing two cards at most
    allowed = [bits for bits in range(16) if mask[dealer.actions.first_draw + bits]]
    assert allowed == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12]


def test_raise_sizes_are_an_option() -> None:
    e = env("holdem", 2, raise_sizes=(0.33, 0.75))
    assert e.action_names() == (
        "fold", "call", "raise-min", "raise-0.33-pot", "raise-0.75-pot", "raise-max",
    )  # fmt: skip


def test_mexican_stud_turns_up_the_chosen_card_when_everyone_has_chosen() -> None:
    dealer = Dealer(table_for("mexican-stud", 2))
    dealer.new_deal(seed=6)
    deal = dealer.deal
    assert deal is not None and deal.phase == "expose"
    first = dealer.actions.first_expose
    assert dealer.legal() == [first + 0b01, first + 0b10]  # one of his two down cards
    chooser = dealer.actor
    assert chooser is not None
    mine = list(deal.holes[chooser])
    dealer.play(first + 0b10)  # turn up his second card
    other = 1 - chooser
    # Not shown yet: the other player still sees two face-down cards of his.
    assert deal_view(deal, other).players[chooser].cards == (None, None)
    assert deal.up[chooser] == [False, False]
    dealer.play(first + 0b01)  # the other turns up his first
    assert deal.up[chooser] == [False, True] and deal.holes[chooser] == mine
    assert deal.up[other] == [True, False]
    assert deal.phase == "betting"


def test_the_legal_indices_are_the_mask_in_increasing_order() -> None:
    # Every structure (limit, pot, no limit, the doubling ladder, a bring-in), with
    # sizes that collide: the dealer lists the moves as the layout makes them.
    games = ("limit-holdem", "omaha", "short-deck", "seven-card-stud", "straights")
    for game in games:
        for sizes in ((0.5, 1.0, 2.0), (0.01, 0.02, 0.5, 0.51)):
            dealer = Dealer(table_for(game, 3), raise_sizes=sizes)
            for seed in range(40):
                dealer.new_deal(seed=seed)
                while dealer.actor is not None:
                    mask = dealer.observe(dealer.actor)["action_mask"]
                    legal = dealer.legal()
                    assert legal == [int(k) for k in mask.nonzero()[0]]
                    dealer.play(legal[seed % len(legal)])
