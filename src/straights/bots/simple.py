"""Two simple bots: one that picks any legal action, one that never bets.

Both play Straights' table (``act``) and a deal of any variant (``decide``).

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
>>> hand = t.start_hand()
>>> RandomBot(1).act(t.view(hand.actor)) in t.view(hand.actor).legal
True
"""

from __future__ import annotations

from straights.bots.base import pick, pick_move
from straights.cards import Card, RandomLike, make_rng
from straights.game.hand import Action
from straights.game.view import SeatView
from straights.poker.view import DealView, Move

__all__ = ["CallingBot", "RandomBot", "down_cards"]


def down_cards(view: DealView) -> list[Card]:
    """The viewing seat's face-down cards, in the order it holds them."""
    me = view.me
    if me is None:
        return []
    return [c for c, up in zip(me.cards, me.up, strict=True) if not up and c is not None]


class RandomBot:
    """Chooses uniformly among the legal actions (from its own RNG); in any variant a bet
    goes to a uniform total within the allowed range, a draw throws a uniform number
    of uniform cards, and the cards turned up are uniform."""

    def __init__(self, rng: RandomLike = None, name: str = "random") -> None:
        self.rng = make_rng(rng)
        self.name = name

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

    def decide(self, view: DealView) -> Move:
        me = view.me
        cards = [c for c in me.cards if c is not None] if me is not None else []
        if view.draw_limit:
            count = self.rng.randint(0, min(view.draw_limit, len(cards)))
            return Move("discard", cards=tuple(self.rng.sample(cards, count)))
        if view.choose_up:
            return Move("expose", cards=tuple(self.rng.sample(down_cards(view), view.choose_up)))
        if view.phase == "draw":
            return Move("discard")
        legal = view.legal[int(self.rng.random() * len(view.legal))]
        if legal.kind in ("bet", "raise", "complete"):
            return Move(legal.kind, self.rng.randint(legal.low, legal.high))
        return Move(legal.kind)


class CallingBot:
    """A calling station: checks when it can, otherwise calls; never bets or folds.
    In any variant it stands pat at every draw and turns up its first face-down cards."""

    def __init__(self, name: str = "calling") -> None:
        self.name = name

    def act(self, view: SeatView) -> Action:
        return pick(view, "check", "call")

    def decide(self, view: DealView) -> Move:
        if view.phase == "draw":
            return Move("discard")
        if view.choose_up:
            return Move("expose", cards=tuple(down_cards(view)[: view.choose_up]))
        return pick_move(view, "check", "call", "bring-in")
