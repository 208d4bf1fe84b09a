"""Side pots come from all-in players only: a bet not yet called is not a side pot."""

from __future__ import annotations

from oracle.straights_hand import Pot
from oracle.straights_table import Table

from straights.game.config import TableConfig


def test_an_uncalled_bet_is_no_side_pot() -> None:
    table = Table(TableConfig(seats=3), ["Ann", "Bob", "Cy"], seed=4, button=2)
    hand = table.start_hand()
    assert hand.actor == 0
    table.act(0, "bet")  # Ann bets 1; Bob and Cy have not answered yet
    # One pot of 3 antes + 1, and every player still in contends for it.
    assert hand.side_pots() == [Pot(4, (0, 1, 2))]


def test_an_all_in_makes_a_side_pot_as_soon_as_someone_bets_beyond_it() -> None:
    config = TableConfig(seats=3, betting="no-limit")
    table = Table(config, ["Ann", "Bob", "Cy"], seed=4, stacks=[100, 2, 100], button=2)
    hand = table.start_hand()
    table.act(0, "bet")  # Ann 1
    table.act(1, "call")  # Bob calls his last chip: all-in with 2 in the pot
    assert hand.side_pots() == [Pot(5, (0, 1, 2))]  # Cy has not called yet: still one pot
    table.act(2, "raise")  # Cy raises to 3: 2 chips beyond Bob's all-in
    # The main pot is Bob's 2 from each (and Ann's 2 so far); Cy's excess is a side
    # pot for Ann and Cy only, though Ann has not called it yet.
    assert hand.side_pots() == [Pot(6, (0, 1, 2)), Pot(2, (0, 2))]
