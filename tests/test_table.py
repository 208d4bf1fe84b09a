"""The one table across deals (straights.table): chips, the button, the carried pot,
players who go broke leaving, and Pai Gow's bank — every game through one class."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Literal

import pytest

from straights.bots.arena import play_deal
from straights.bots.registry import make_bot
from straights.cards import make_deck, parse_cards
from straights.errors import ConfigurationError, IllegalActionError
from straights.paigow.deal import PaiGowDeal
from straights.poker import VARIANTS, Deal, get_variant
from straights.poker.catalogue import find_variant
from straights.table import PaiGowGame, PokerGame, Table

CODES = sorted(VARIANTS)


def _check_or_call(deal: Deal) -> None:
    while not deal.finished:
        kinds = {a.kind for a in deal.legal_actions()}
        deal.act("call" if "call" in kinds else "check")


@pytest.mark.parametrize("code", CODES)
def test_chips_are_conserved_over_many_deals_of_every_variant(code: str) -> None:
    variant = get_variant(code)
    players = min(4, variant.max_players(len(make_deck(variant.deck, jokers=variant.jokers))))
    table = Table(PokerGame(), [f"p{k}" for k in range(players)], 30, seed=random.Random(code))
    rng = random.Random(code)
    bots = [make_bot(kind, rng.getrandbits(32)) for kind in ("random", "strength", "calling")]
    deals = 0
    while not table.over and deals < 25:
        deal = table.start(variant)
        play_deal(deal, [bots[table.seat_of(i) % 3] for i in range(deal.n)])  # type: ignore[misc]
        table.finish(deal)
        deals += 1
        assert table.total_chips() == 30 * players
        assert all(s >= 0 for s in table.stacks)
    assert deals >= 1


def test_the_button_moves_one_seat_with_chips_a_deal() -> None:
    table = Table(PokerGame(), ["a", "b", "c", "d"], [10, 10, 10, 10], seed=1)
    seen = []
    for _ in range(5):
        seen.append(table.button)
        deal = table.start(find_variant("holdem"))
        assert table.players == [(seen[-1] + k) % 4 for k in range(1, 5)]  # the button last
        while not deal.finished:
            deal.act("fold" if any(a.kind == "fold" for a in deal.legal_actions()) else "check")
        table.finish(deal)
    assert seen == [3, 0, 1, 2, 3]


def test_a_broke_player_leaves_and_the_button_skips_him() -> None:
    table = Table(PokerGame(), ["a", "b", "c"], [40, 1, 40], seed=3)
    while 1 in table.seated:
        deal = table.start(find_variant("holdem"))
        _check_or_call(deal)
        table.finish(deal)
    assert table.seated in ([0, 2], [0], [2])
    if not table.over:
        assert 1 not in table.order and table.button != 1


def test_the_table_refuses_what_it_cannot_do() -> None:
    with pytest.raises(ConfigurationError, match="seats at least 2"):
        Table(PokerGame(), ["alone"], 10)
    with pytest.raises(ConfigurationError, match=">= 1"):
        Table(PokerGame(), ["a", "b"], [10, 0])
    with pytest.raises(ConfigurationError, match="3 stacks for 2 players"):
        Table(PokerGame(), ["a", "b"], [10, 10, 10])
    table = Table(PokerGame(), ["a", "b"], 10, seed=1)
    deal = table.start(find_variant("razz"))
    with pytest.raises(IllegalActionError, match="finish the deal in play"):
        table.start(find_variant("razz"))
    with pytest.raises(IllegalActionError, match="not over yet"):
        table.finish(deal)
    with pytest.raises(ConfigurationError, match="at most 8 players, not 9"):
        Table(PokerGame(), [f"p{k}" for k in range(9)], 10).start(find_variant("razz"))


def _rule_10_deck(players: int) -> list[object]:
    """No 8 in any hole, S T R and an 8 on the table: nobody wins, the pot carries."""
    holes = list(parse_cards("2c 3d 4h 5s 6c 7d"))[: 2 * players]
    board = [c for c in make_deck("straights") if not c.is_ranked] + list(parse_cards("8s 9h"))
    rest = [c for c in make_deck("straights") if c not in holes and c not in board]
    return [*holes, *board, *rest]


def test_a_carried_straights_pot_goes_into_the_next_deal_of_any_game() -> None:
    table = Table(PokerGame(), ["a", "b", "c"], 20, seed=0)
    deal = table.start(find_variant("straights"), _rule_10_deck(3))  # type: ignore[arg-type]
    while not deal.finished:
        deal.act("check")
    table.finish(deal)
    assert table.carry == 3 + 3  # three antes and three one-chip penalties
    assert table.stacks == [18, 18, 18] and table.total_chips() == 60
    deal = table.start(find_variant("razz"))
    assert deal.pot == 6 + 3  # the carried pot and this deal's antes


def test_the_last_player_with_chips_takes_a_carried_pot_nobody_can_contest() -> None:
    table = Table(PokerGame(), ["a", "b"], [2, 20], seed=0)
    deal = table.start(find_variant("straights"), _rule_10_deck(2))  # type: ignore[arg-type]
    while not deal.finished:
        deal.act("check")
    table.finish(deal)
    # Both pay an ante and a penalty; a is out, and b (18 left) takes the 4 in the middle.
    assert table.stacks == [0, 22] and table.carry == 0
    assert table.seated == [1] and table.over


def test_at_open_seats_the_carried_pot_waits_for_a_player_to_sit_down() -> None:
    table = Table(PokerGame(), ["a", "b"], [2, 20], seed=0, open_seats=True)
    deal = table.start(find_variant("straights"), _rule_10_deck(2))  # type: ignore[arg-type]
    while not deal.finished:
        deal.act("check")
    table.finish(deal)
    assert table.stacks == [0, 18] and table.carry == 4 and table.over
    table.stacks[0] = 10  # a sits down again
    assert table.start(find_variant("razz")).carry_in == 4


def test_at_open_seats_the_button_moves_when_the_deal_starts() -> None:
    table = Table(PokerGame(), ["a", "b", "c"], [20, 0, 20], seed=1, open_seats=True)
    deal = table.start(find_variant("holdem"))
    assert table.button == 0 and table.players == [2, 0]
    _check_or_call(deal)
    table.finish(deal)
    assert table.button == 0  # (a closed table moves it on to c now)
    table.stacks[1] = 20  # b sits down between the deals: the button is his
    table.start(find_variant("holdem"))
    assert table.button == 1 and table.players == [2, 0, 1]


def test_straights_no_limit_plays_at_the_one_table() -> None:
    table = Table(PokerGame(), ["a", "b", "c"], 30, seed=5)
    for _ in range(6):
        if table.over:
            break
        deal = table.start(find_variant("straights-no-limit"))
        assert deal.variant.code == "_STR55N"
        _check_or_call(deal)
        table.finish(deal)
        assert table.total_chips() == 90


# -- Pai Gow: the bank --------------------------------------------------------------------


def _house_way(table: Table[PaiGowDeal, Mapping[int, int]], bets: dict[int, int]) -> None:
    deal = table.start(bets)
    for seat in deal.waiting:
        deal.set_house_way(seat)
    table.finish(deal)


def test_pai_gow_conserves_chips_with_the_house_and_takes_its_commission() -> None:
    table = Table(PaiGowGame(), ["a", "b", "c"], 1000, seed=11)
    wins = 0
    for _ in range(30):
        before = list(table.stacks)
        deal = table.start({0: 20, 2: 20})
        assert table.players == [0, 2] and sorted(deal.bets) == [1, 3]
        for seat in deal.waiting:
            deal.set_house_way(seat)
        table.finish(deal)
        assert table.stacks[1] == before[1]  # no bet, no change
        net = table.stacks[0] - before[0]
        assert net in (19, 0, -20)  # a win pays 20 less a 5 % commission (1 chip)
        wins += net == 19
        assert sum(table.stacks) + table.house == 3000
    assert wins > 0
    assert table.button == 2 and table.order == [0, 1, 2]  # no button moves at a bank


def test_a_pai_gow_player_below_the_minimum_bet_leaves() -> None:
    table = Table(PaiGowGame(), ["a", "b"], [20, 100], seed=4)
    while 0 in table.seated:
        _house_way(table, {0: 20, 1: 20})
        if table.stacks[0] < 20:
            break
    assert table.stacks[0] < 20 and table.seated == [1] and not table.over
    with pytest.raises(ConfigurationError, match="seat 0 cannot bet"):
        table.start({0: 20})


def test_pai_gow_refuses_what_its_bank_cannot_do() -> None:
    with pytest.raises(ConfigurationError, match="seats 1 to 6"):
        Table(PaiGowGame(), [f"p{k}" for k in range(7)], 100)
    with pytest.raises(ConfigurationError, match=">= 2"):
        Table(PaiGowGame(), ["a"], [1])
    table = Table(PaiGowGame(), ["a", "b"], 30, seed=1)
    with pytest.raises(ConfigurationError, match="more than the 30 chips"):
        table.start({0: 40})
    with pytest.raises(ConfigurationError, match="at least one player's bet"):
        table.start({})
    with pytest.raises(ConfigurationError, match="not a set deck"):
        table.start({0: 20}, list(make_deck()))
    assert table.current is None and table.stacks == [30, 30]


# -- Straights at the one table deals exactly as Straights' own table ----------------------


@pytest.mark.parametrize(
    ("pack", "betting", "ante", "seed"),
    [(55, "limit", 1, 1), (55, "no-limit", 2, 2), (52, "limit", 1, 3), (52, "no-limit", 1, 4)],
)
def test_straights_at_the_one_table_matches_straights_own_table(
    pack: int, betting: Literal["limit", "no-limit"], ante: int, seed: int
) -> None:
    """The same decks and the same choices at both tables deal to the same seats and
    leave the same stacks and carried pot after every deal (broke players leaving too)."""
    from functools import partial

    from oracle.straights_table import Table as StraightsTable

    from straights.game import TableConfig
    from straights.poker.straights_rules import straights_variant
    from straights.table import straights_stakes

    names = ["a", "b", "c", "d"]
    config = TableConfig(pack=pack, betting=betting, ante=ante, seats=4, starting_stack=15)
    own = StraightsTable(config, names, seed=0, button=3)
    one = Table(PokerGame(partial(straights_stakes, ante=ante)), names, 15, seed=0, button=3)
    variant = straights_variant(pack, betting)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(12):
        if own.is_over:
            assert one.over
            break
        deck = list(make_deck("straights" if pack == 55 else "standard"))
        rng.shuffle(deck)
        hand = own.start_hand(deck)
        # Straights' own table deals a deck one hole card to each player, then the second;
        # the engine deals each player's two together: the same cards, rearranged.
        n = len(hand.seats)
        engine_order = list(deck)
        engine_order[0 : 2 * n : 2], engine_order[1 : 2 * n : 2] = deck[:n], deck[n : 2 * n]
        deal = one.start(variant, engine_order)
        # (Straights' own table moves its button as a deal starts, the one table as one ends)
        assert one.button == own.button
        assert [one.seat_of(i) for i in range(deal.n)] == list(hand.seats)
        while not hand.finished:
            seat = hand.actor
            assert seat is not None and one.seat_of(deal.actor or 0) == seat
            action = rng.choice(own.legal_actions(seat))
            own.act(seat, action.kind, action.to if action.kind in ("bet", "raise") else None)
            deal.act(action.kind, action.to if action.kind in ("bet", "raise") else None)
        assert deal.finished
        one.finish(deal)
        assert one.stacks == [own.stacks().get(s, 0) for s in range(4)]
        assert one.carry == own.carry
