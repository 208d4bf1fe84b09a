"""Straights' own face at the one table: :class:`StraightsGame`, a hook whose deal is a
:class:`~straights.game.hand.Hand`.

The deal is the engine's :class:`~straights.poker.Deal` of the Straights variant on
Straights' stakes (live antes of the table's ante), dealt from the shuffle exactly as
:class:`~straights.table.PokerGame` deals it (each player's two hole cards together),
and told as Straights' events and views for the terminal.  The table is told each
deal's number; the finished deal keeps its engine deal (:attr:`Hand.engine`) for the
archive, in the catalogue's dialect (``_STR55L`` …).

>>> from straights.game.config import TableConfig
>>> from straights.table import Table
>>> table = Table(StraightsGame(TableConfig(seats=3)), ["Ann", "Bob", "Cy"], 20, seed=7)
>>> hand = table.start(1)
>>> while not hand.finished:
...     _ = hand.act(hand.actor, "call" if hand.can_call(hand.actor) else "check")
>>> table.finish(hand)
>>> table.total_chips(), hand.engine.variant.code
(60, '_STR55L')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from straights.cards import Card, make_deck
from straights.game.config import TableConfig
from straights.game.hand import Hand
from straights.table.core import Settled

__all__ = ["StraightsGame", "hole_rounds"]


def hole_rounds(cards: Sequence[Card], players: int) -> list[Card]:
    """``cards`` in the engine's order (each player's two hole cards together, then the
    table) rearranged as :class:`Hand` takes them (a round of single hole cards, then a
    second round, then the table).

    >>> from straights.cards import parse_cards
    >>> [c.ascii() for c in hole_rounds(parse_cards("As Ad Ks Kd 9h"), 2)]
    ['As', 'Ks', 'Ad', 'Kd', '9h']
    """
    rounds = list(cards)
    rounds[:players] = cards[0 : 2 * players : 2]
    rounds[players : 2 * players] = cards[1 : 2 * players : 2]
    return rounds


class StraightsGame:
    """The hook for Straights under ``config`` (pack, betting, ante, penalty, seats)."""

    min_players = 2
    has_button = True
    #: A player with a chip plays on.
    least = 1

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.max_seats: int | None = config.seats

    def players(self, order: Sequence[int], plan: int) -> list[int]:
        """Every seat with chips, left of the button first and the button last."""
        return list(order)

    def deal(
        self,
        players: Sequence[int],
        stacks: Sequence[int],
        carry: int,
        rng: random.Random,
        plan: int,
        cards: Sequence[Card] | None,
    ) -> Hand:
        """Deal number ``plan``: shuffle (or take ``cards``, in the engine's order)."""
        if cards is None:
            cards = make_deck("straights" if self.config.pack == 55 else "standard").shuffled(rng)
        deck = hole_rounds(cards, len(players))
        return Hand(self.config, players, stacks, deck, carry=carry, number=plan, keep=True)

    def settle(self, deal: Hand, stacks: Sequence[int]) -> Settled:
        """The deal's stacks and the pot it carries out (rule 10)."""
        return Settled(tuple(deal.stacks), deal.carry_out)
