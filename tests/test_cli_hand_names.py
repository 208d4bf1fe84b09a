"""The terminal names each hand shown at Straights' showdown in its own ranking's words."""

from __future__ import annotations

from functools import partial

from rich.console import Console

from straights.bots.arena import deal_bots, play_deal
from straights.cli.ring_play import PokerTerminal
from straights.poker.catalogue import get_variant
from straights.rankings.straights import make_hand
from straights.table import PokerGame, Table, straights_stakes


def test_straights_hands_shown_are_named_as_its_ranking_names_them() -> None:
    variant = get_variant("_STR55L")
    table = Table(PokerGame(partial(straights_stakes, ante=1)), ["You", "A", "B"], 100, seed=5)
    terminal = PokerTerminal(table, Console(), iter(()), games=[variant], dealers_choice=False,
                             bots=[], choice_seed=0)  # fmt: skip
    bots, named = deal_bots(["calling"] * 3, 1), 0
    for _ in range(6):
        deal = table.start(variant)
        play_deal(deal, bots)
        board = tuple(c for c in deal.board if c is not None)
        for i in [e.player for e in deal.log if e.kind == "show" and e.player is not None]:
            hole = deal.holes[i]
            assert hole[0] is not None and hole[1] is not None
            words = make_hand((hole[0], hole[1]), board, 55).describe()
            assert terminal.hand_names(deal, i) == words
            named += 1
        table.finish(deal)
    assert named >= 6  # calling bots see every deal to the showdown
