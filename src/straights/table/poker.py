"""Every variant of the catalogue at :class:`~straights.table.Table`: :class:`PokerGame`.

A deal is one engine :class:`~straights.poker.Deal` of the variant the table is
told (dealer's choice names one per deal) with its
:func:`~straights.poker.stakes.default_stakes`.  A carried pot (Straights' rule
10, penalties included) goes into the next deal's main pot, whatever variant
that deal is: the engine reports it as ``carry_out``.

>>> from straights.poker.catalogue import find_variant
>>> from straights.table import Table
>>> table = Table(PokerGame(), ["Ann", "Bob"], 20, seed=1)
>>> deal = table.start(find_variant("razz"))
>>> [table.seat_of(i) for i in range(deal.n)], deal.variant.code
([0, 1], 'FR')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import TypeAlias

from straights.cards import Card, make_deck
from straights.errors import ConfigurationError
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.stakes import bomb_pot_stakes, default_stakes, straddled
from straights.poker.variant import Stakes, Variant
from straights.table.core import Settled, Table

__all__ = ["PokerGame", "PokerTable", "StakesRule", "straights_stakes"]


#: The stakes a table deals ``variant`` for at a table of ``players``.
StakesRule: TypeAlias = Callable[[Variant, int], Stakes]


def straights_stakes(variant: Variant, players: int, ante: int = 1) -> Stakes:
    """Straights' own table's stakes: ``ante`` from everyone, live (neither trimmed to
    the shortest stack nor dead), and the doubling ladder's unit is the ante.

    >>> from straights.poker.catalogue import find_variant
    >>> s = straights_stakes(find_variant("straights"), 3, ante=2)
    >>> s.antes, s.min_bet, s.trim_antes, s.dead_antes
    ((2, 2, 2), 2, False, False)
    """
    return Stakes((ante,) * players, (0,) * players, min_bet=ante, trim_antes=False,
                  dead_antes=False)  # fmt: skip


class PokerGame:
    """The hook for any poker variant; the table is told each deal's variant.

    ``stakes`` gives each deal's stakes (default: the catalogue's
    :func:`~straights.poker.stakes.default_stakes`; Straights' own table deals on
    :func:`straights_stakes` with its ante); ``house`` the table's house rules (the
    raise cap, the sevens rule …: :class:`~straights.poker.house.HouseRules`) for every
    deal, with the straddle, the runs of the board and the bomb pots it deals where
    the deal's game has blinds and a board (:attr:`dealt` counts the deals).

    >>> from straights.poker.catalogue import find_variant
    >>> game = PokerGame(house=HouseRules(straddle="utg", runs=2, bomb_pot_every=2))
    >>> table = Table(game, ["Ann", "Bob", "Cy", "Di"], 100, seed=1)
    >>> first = table.start(find_variant("holdem")); first.stakes.blinds, first.most_runs
    ((1, 2, 4, 0), 2)

    ``asked``: the table's seats asked "show or muck" at a showdown their hand lost,
    and whether to show a hand that won uncontested (the engine's ``ask_muck``; the
    terminal's player); ``muckers``: the seats that muck a beaten hand unasked (the
    engine's ``auto_muck``); every other seat shows every hand at the showdown.

    >>> ring = Table(PokerGame(asked={1}), ["Ann", "Bob", "Cy"], 100, seed=1)
    >>> deal = ring.start(find_variant("holdem"))
    >>> [ring.seat_of(i) for i in deal.ask_muck]
    [1]
    """

    def __init__(
        self,
        stakes: StakesRule = default_stakes,
        house: HouseRules | None = None,
        asked: Collection[int] = (),
        muckers: Collection[int] = (),
    ) -> None:
        self.stakes = stakes
        self.house = house
        self.dealt = 0
        self.asked = frozenset(asked)
        self.muckers = frozenset(muckers)
        #: Deal a draw's replacements when all drew (tables stored before edition 4:
        #: see :attr:`Deal.draws_together`).
        self.draws_together = False

    min_players = 2
    max_seats: int | None = None
    has_button = True
    #: A player with a chip plays on.
    least = 1

    def players(self, order: Sequence[int], plan: Variant) -> list[int]:
        """Every seat with chips, the button last; refused beyond what the deck serves."""
        most = plan.max_players(len(make_deck(plan.deck, jokers=plan.jokers)))
        if len(order) > most:
            raise ConfigurationError(
                f"{plan.name} deals to at most {most} players, not {len(order)}"
            )
        return list(order)

    def deal(
        self,
        players: Sequence[int],
        stacks: Sequence[int],
        carry: int,
        rng: random.Random,
        plan: Variant,
        cards: Sequence[Card] | None,
        auto_muck: Collection[int] | None = None,
        ask_muck: Collection[int] | None = None,
    ) -> Deal:
        """Shuffle (or take ``cards``, in order) and start the engine's deal of ``plan``
        (``auto_muck``: the players who muck a beaten hand at the showdown, by default
        those of :attr:`muckers`; ``ask_muck``: the players asked to show or muck, by
        default those of :attr:`asked`)."""
        deck = make_deck(plan.deck, jokers=plan.jokers)
        self.dealt += 1
        stakes = self.stakes(plan, len(players))
        bomb, double, runs, house = False, False, 1, self.house
        if house is not None and plan.blinds and any(s.board for s in plan.streets):
            if house.bomb_pot(self.dealt):
                ante = house.bomb_pot_ante or 2 * max(stakes.blinds)
                stakes, bomb = bomb_pot_stakes(stakes, ante), True
                double = house.double_board and not any(s.board_down or s.turn
                                                        for s in plan.streets)  # fmt: skip
            elif house.straddle is not None:
                stakes = straddled(stakes, house.straddle)
            if plan.pot_rule is None and not double:
                runs = house.runs
        return Deal(
            plan,
            stakes,
            list(stacks),
            deck.shuffled(rng) if cards is None else cards,
            carry=carry,
            rng=rng,  # a draw's new stock is shuffled with the table's own generator
            house=house,
            bomb_pot=bomb,
            runs=runs,
            double_board=double,
            auto_muck=[k for k, s in enumerate(players) if s in self.muckers]
            if auto_muck is None
            else auto_muck,
            draws_together=self.draws_together,
            ask_muck=[k for k, s in enumerate(players) if s in self.asked]
            if ask_muck is None
            else ask_muck,
        )

    def settle(self, deal: Deal, stacks: Sequence[int]) -> Settled:
        """The engine's stacks after the deal and the pot it carries out."""
        return Settled(tuple(deal.stacks), deal.carry_out)


#: A table of poker: told each deal's variant, it deals the engine's :class:`Deal`.
PokerTable: TypeAlias = Table[Deal, Variant]
