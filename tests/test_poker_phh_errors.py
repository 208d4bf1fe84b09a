"""Hand histories that cannot be replayed are refused with one line naming the problem."""

from __future__ import annotations

import pytest

from straights.errors import HandHistoryError
from straights.poker.phh import loads, replay

BASE = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [20, 20, 20]
"""


@pytest.mark.parametrize(
    ("actions", "words"),
    [
        ('["d dh p1 AsAd", "p1 cc"]', "it is p3's turn"),
        ('["d dh p1 AsXd"]', "is not a PHH card string"),
        ('["p3 cbr 1"]', "cannot raise to 1"),
        ('["p4 f"]', "is not a player"),
        ('["p3 cc", "p1 cc"]', "stops in the pre-flop"),
        ('["p3 jump"]', "is not a PHH action"),
        ('["d dh p1 AsAdKc"]', "dealt 3 cards where the variant deals 2"),
    ],
)
def test_bad_hands_name_their_problem(actions: str, words: str) -> None:
    with pytest.raises(HandHistoryError, match=words):
        replay(loads(BASE + f"actions = {actions}\n")[0])


def test_unknown_variants_and_bad_toml_are_refused() -> None:
    with pytest.raises(HandHistoryError, match="'XX' is not a variant"):
        replay(loads(BASE.replace('"NT"', '"XX"') + "actions = []\n")[0])
    with pytest.raises(HandHistoryError, match="not a PHH"):
        loads("variant = ")
