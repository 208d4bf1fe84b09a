"""A ring game: deal after deal of any variant at one table.

:class:`RingGame` keeps what lasts between deals — the players' names and
stacks, the button, the pot Straights' rule 10 carries over — and deals each
:class:`~straights.poker.Deal` with the stakes of
:func:`~straights.poker.stakes.default_stakes`.  The variant may be fixed, or
named per deal (dealer's choice).  A player out of chips leaves after the deal;
the game is over when fewer than two remain.

Seats are numbered from 0 here (the terminal counts them from 1).  A deal's
players are the seats still in, in dealing order: the seat left of the button
first, the button last — so a deal's player ``i`` is seat ``ring.order[i]``.

A carried pot (Straights' rule 10) goes into the next deal's main pot,
whatever variant that deal is.

>>> from straights.poker.catalogue import get_variant
>>> ring = RingGame(["Ann", "Bob", "Cy"], 50, seed=7)
>>> ring.button, ring.order
(2, [0, 1, 2])
>>> deal = ring.start(get_variant("NT"))
>>> while not deal.finished:
...     _ = deal.act("call" if any(a.kind == "call" for a in deal.legal_actions()) else "check")
>>> ring.finish(deal)
>>> sum(ring.stacks) + ring.carry, ring.button, ring.order
(150, 0, [1, 2, 0])
"""

from __future__ import annotations

from collections.abc import Sequence

from straights.cards import Card, RandomLike, make_deck, make_rng
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.stakes import default_stakes
from straights.poker.variant import Variant

__all__ = ["RingGame"]


class RingGame:
    """Consecutive deals at one table of ``names`` with ``stack`` chips each (or one
    stack per name); ``seed`` makes the shuffles repeatable."""

    def __init__(
        self,
        names: Sequence[str],
        stack: int | Sequence[int],
        *,
        seed: RandomLike = None,
        button: int | None = None,
        house: HouseRules | None = None,
    ) -> None:
        if len(names) < 2:
            raise ConfigurationError(f"a ring game needs at least 2 players, not {len(names)}")
        stacks = [stack] * len(names) if isinstance(stack, int) else list(stack)
        if len(stacks) != len(names):
            raise ConfigurationError(f"{len(stacks)} stacks for {len(names)} players")
        if any(not isinstance(s, int) or isinstance(s, bool) or s < 1 for s in stacks):
            raise ConfigurationError(f"stacks {stacks}: give whole numbers of chips >= 1")
        self.names = list(names)
        self.stacks: list[int] = stacks
        self.rng = make_rng(seed)
        #: The table's house rules (the raise cap, the sevens rule …) for every deal.
        self.house = house
        #: The seat on the button (it deals last and acts last in button games).
        self.button = len(names) - 1 if button is None else button % len(names)
        #: Chips carried to the next deal (Straights' rule 10).
        self.carry = 0
        #: Deals finished.
        self.deals = 0
        self._current: Deal | None = None

    @property
    def seated(self) -> list[int]:
        """Seats with chips, in seat order."""
        return [s for s in range(len(self.names)) if self.stacks[s] > 0]

    @property
    def over(self) -> bool:
        """Whether fewer than two players have chips."""
        return len(self.seated) < 2

    @property
    def order(self) -> list[int]:
        """The next deal's players as seats, in dealing order (the button last)."""
        n = len(self.names)
        return [s for s in ((self.button + k) % n for k in range(1, n + 1)) if self.stacks[s] > 0]

    def start(self, variant: Variant, cards: Sequence[Card] | None = None) -> Deal:
        """Shuffle and start the next deal of ``variant`` (``cards``: this deck, in order)."""
        if self._current is not None:
            raise IllegalActionError("finish the deal in play before starting another")
        if self.over:
            raise IllegalActionError("the game is over: fewer than two players have chips")
        order = self.order
        deck = make_deck(variant.deck, jokers=variant.jokers)
        most = variant.max_players(len(deck))
        if len(order) > most:
            raise ConfigurationError(
                f"{variant.name} deals to at most {most} players, not {len(order)}"
            )
        deal = Deal(
            variant,
            default_stakes(variant, len(order)),
            [self.stacks[s] for s in order],
            deck.shuffled(self.rng) if cards is None else cards,
            carry=self.carry,
            rng=self.rng,  # a draw's new stock is shuffled with the table's own generator
            house=self.house,
        )
        self._order = order
        self._current = deal
        return deal

    def seat_of(self, player: int) -> int:
        """The seat of the deal in play's player ``player``."""
        return self._order[player]

    def finish(self, deal: Deal) -> None:
        """Take the finished ``deal``'s stacks and carried pot; move the button on."""
        if deal is not self._current:
            raise IllegalActionError("that is not the deal in play here")
        if not deal.finished:
            raise IllegalActionError("the deal is not over yet")
        for i, seat in enumerate(self._order):
            self.stacks[seat] = deal.stacks[i]
        self.carry = deal.carry_out
        self._current = None
        self.deals += 1
        n = len(self.names)
        after = [(self.button + k) % n for k in range(1, n + 1)]
        self.button = next((s for s in after if self.stacks[s] > 0), self.button)
