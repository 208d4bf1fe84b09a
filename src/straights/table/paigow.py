"""Pai Gow at :class:`~straights.table.Table`: :class:`PaiGowGame`, the bank's hook.

The house banks every deal; the table is told each deal's bets (seat → chips)
before the cards; each seat's result and the house's (the commission included)
come from the :class:`~straights.paigow.deal.PaiGowDeal`.  There is no button
and nothing carries over; a player who cannot cover the minimum bet has left.
The table's seat ``s`` is the deal's seat ``s + 1`` (the deal's seat 0 is the bank).

>>> from straights.table import Table
>>> table = Table(PaiGowGame(), ["Ann", "Bob"], 100, seed=3)
>>> deal = table.start({0: 20, 1: 40})
>>> for seat in deal.waiting:
...     deal.set_house_way(seat)
>>> table.finish(deal)
>>> sum(table.stacks) + table.house
200
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeAlias

from straights.cards import Card
from straights.errors import ConfigurationError
from straights.paigow.deal import MAX_PLAYERS, PaiGowDeal
from straights.paigow.rules import PaiGowRules
from straights.table.core import Settled, Table

__all__ = ["PaiGowGame", "PaiGowTable"]


class PaiGowGame:
    """The hook for Pai Gow under ``rules`` (the commission, the bets allowed, fouls)."""

    min_players = 1
    max_seats: int | None = MAX_PLAYERS
    has_button = False

    def __init__(self, rules: PaiGowRules | None = None) -> None:
        self.rules = rules or PaiGowRules()
        #: A player who covers the minimum bet plays on.
        self.least = self.rules.min_bet

    def players(self, order: Sequence[int], plan: Mapping[int, int]) -> list[int]:
        """The seats with a bet, in seat order; each must still be playing (and one at least:
        :class:`PaiGowDeal` says so)."""
        for seat in plan:
            if seat not in order:
                raise ConfigurationError(f"seat {seat} cannot bet: nobody plays there")
        return sorted(plan)

    def deal(
        self,
        players: Sequence[int],
        stacks: Sequence[int],
        carry: int,
        rng: random.Random,
        plan: Mapping[int, int],
        cards: Sequence[Card] | None,
    ) -> PaiGowDeal:
        """Check each bet against its stack and deal from the shuffle and the dice."""
        if cards is not None:
            raise ConfigurationError("Pai Gow deals from its shuffle and dice, not a set deck")
        for seat, stack in zip(players, stacks, strict=True):
            self.rules.check_bet(plan[seat], stack)
        return PaiGowDeal({s + 1: plan[s] for s in players}, rng=rng, rules=self.rules)

    def settle(self, deal: PaiGowDeal, stacks: Sequence[int]) -> Settled:
        """Each player's stack moved by his result; the house's result."""
        nets = [deal.results[seat].net for seat in deal.bets]
        return Settled(tuple(s + n for s, n in zip(stacks, nets, strict=True)), 0, deal.house)


#: A table of Pai Gow: told each deal's bets (seat → chips), it deals a :class:`PaiGowDeal`.
PaiGowTable: TypeAlias = Table[PaiGowDeal, Mapping[int, int]]
