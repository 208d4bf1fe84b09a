"""Two simple bots: one that picks any legal action, one that never bets.

Both decide in a deal of any variant (``decide``).

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, deal_view, get_variant
>>> deal = Deal(get_variant("_STR55L"), Stakes.uniform(2, ante=1, min_bet=1),
...             [50, 50], make_deck("straights").shuffled(5))
>>> CallingBot().decide(deal_view(deal, deal.actor))
Move(kind='check', to=None, cards=())
"""

from __future__ import annotations

from collections.abc import Sequence

from straights.bots.base import pick_move
from straights.cards import Card, RandomLike, make_rng
from straights.poker.view import DealView, Move

__all__ = ["CallingBot", "RandomBot", "down_cards"]


def down_cards(view: DealView) -> list[Card]:
    """The viewing seat's face-down cards, in the order it holds them."""
    me = view.me
    if me is None:
        return []
    return [c for c, up in zip(me.cards, me.up, strict=True) if not up and c is not None]


def _cards_at(view: DealView, positions: Sequence[int]) -> tuple[Card, ...]:
    """The viewing seat's cards at ``positions`` (of its hand)."""
    me = view.me
    assert me is not None
    return tuple(c for c in (me.cards[k] for k in positions) if c is not None)


class RandomBot:
    """Chooses uniformly among the legal actions (from its own RNG); in any variant a bet
    goes to a uniform total within the allowed range, and a card decision (a draw, a
    discard, cards to turn up) takes a uniform number of uniform cards among those the
    engine allows."""

    def __init__(self, rng: RandomLike = None, name: str = "random") -> None:
        self.rng = make_rng(rng)
        self.name = name

    def runs(self, view: DealView) -> int:
        """How many times to run the board: uniform among the counts offered."""
        return view.runs[int(self.rng.random() * len(view.runs))]

    def decide(self, view: DealView) -> Move:
        choice = view.choice
        if choice is not None:
            least, most = choice.least, choice.most
            count = least if least == most else self.rng.randint(least, most)
            picks = self.rng.sample(choice.positions, count)
            return Move(choice.kind, cards=_cards_at(view, picks))
        legal = view.legal[int(self.rng.random() * len(view.legal))]
        if legal.kind in ("bet", "raise", "complete"):
            return Move(legal.kind, self.rng.randint(legal.low, legal.high))
        return Move(legal.kind)


class CallingBot:
    """A calling station: checks when it can, otherwise calls; never bets or folds.
    In any variant it stands pat at every draw; where it must pick cards (a discard,
    cards to turn up) it picks the first the engine allows."""

    def __init__(self, name: str = "calling") -> None:
        self.name = name

    def decide(self, view: DealView) -> Move:
        choice = view.choice
        if choice is not None:
            return Move(choice.kind, cards=_cards_at(view, choice.positions[: choice.least]))
        return pick_move(view, "check", "call", "bring-in")
