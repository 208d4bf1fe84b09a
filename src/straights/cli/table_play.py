"""The one terminal loop of ``straights play``: deal after deal at the one table, for every game.

:func:`play_table` never asks which game it plays: what is particular to a game —
how the next deal is chosen (a variant, Pai Gow's bets), how the player acts in
it, what is told after it — is that game's :class:`TerminalGame`
(:mod:`straights.cli.ring_play` for every variant of the catalogue,
:mod:`straights.cli.paigow_play` for Pai Gow).

>>> class Counting:  # a game of three deals, each over as soon as it starts
...     deals = 0
...     def open(self): print("open"); return 0
...     def resumed(self): return None
...     def can_deal(self): return self.deals < 3
...     def plan(self, first): return "first" if first else "next"
...     def start(self, plan):
...         print("deal", self.deals + 1, plan)
...         return type("Deal", (), {"finished": True})()
...     def play(self, deal): return True
...     def settle(self, deal): self.deals += 1
...     def goodbye(self): print("bye after", self.deals)
>>> play_table(Counting(), hands=2)
open
deal 1 first
deal 2 next
bye after 2
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from straights.table.core import DealT

__all__ = ["TerminalGame", "play_table"]


PlanT = TypeVar("PlanT")


class TerminalGame(Protocol[DealT, PlanT]):
    """What :func:`play_table` asks a game's terminal front end."""

    @property
    def deals(self) -> int:
        """Deals finished at the table."""
        ...

    def open(self) -> int:
        """Greet the player; the count of deals from which ``--hands`` counts."""
        ...

    def resumed(self) -> DealT | None:
        """A stored table's deal left in play, to play on first."""
        ...

    def can_deal(self) -> bool:
        """Whether another deal can start (else why not is told)."""
        ...

    def plan(self, first: bool) -> PlanT | None:
        """What the next deal deals (``first``: the session's first deal); ``None``: the
        player leaves."""
        ...

    def start(self, plan: PlanT) -> DealT:
        """Start the deal ``plan`` names (stored, when the table is)."""
        ...

    def play(self, deal: DealT) -> bool:
        """Play ``deal``: the bots' turns and the player's answers; ``False``: he leaves."""
        ...

    def settle(self, deal: DealT) -> None:
        """The finished ``deal``: its results told and taken by the table."""
        ...

    def goodbye(self) -> None:
        """Tell the final chips."""
        ...


def play_table(game: TerminalGame[DealT, PlanT], hands: int | None) -> None:
    """Deal until the player leaves, no deal can start or ``hands`` deals are over."""
    begun = game.open()
    deal = game.resumed()
    first = True
    while True:
        if deal is None:
            if (hands is not None and game.deals - begun >= hands) or not game.can_deal():
                break
            plan = game.plan(first)
            if plan is None:
                break
            deal = game.start(plan)
        first = False
        stays = game.play(deal)
        if deal.finished:
            game.settle(deal)
        if not stays:
            break
        deal = None
    game.goodbye()
