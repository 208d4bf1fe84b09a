"""Two simple bots: one that picks any legal action, one that never bets.

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
>>> hand = t.start_hand()
>>> RandomBot(1).act(t.view(hand.actor)) in t.view(hand.actor).legal
True
"""

from __future__ import annotations

from straights.bots.base import pick
from straights.cards import RandomLike, make_rng
from straights.game.hand import Action
from straights.game.view import SeatView

__all__ = ["CallingBot", "RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions (from its own RNG)."""

    def __init__(self, rng: RandomLike = None, name: str = "random") -> None:
        self.rng = make_rng(rng)
        self.name = name

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


class CallingBot:
    """A calling station: checks when it can, otherwise calls; never bets or folds."""

    def __init__(self, name: str = "calling") -> None:
        self.name = name

    def act(self, view: SeatView) -> Action:
        return pick(view, "check", "call")
