"""A bot that estimates its chance of winning and bets by it and the pot odds.

The estimate samples the cards the seat cannot see — the opponents' hole
cards, the face-down key card and the table cards still to come — from the
unseen part of the pack, and counts the deals its hand wins outright (a rule-10
carry-over counts as no win).

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, deal_view, get_variant
>>> deal = Deal(get_variant("_STR55L"), Stakes.uniform(3, ante=1, min_bet=1),
...             [50, 50, 50], make_deck("straights").shuffled(11))
>>> bot = StrengthBot(rng=1, samples=50)
>>> 0.0 <= bot.deal_equity(deal_view(deal, deal.actor)) <= 1.0
True

In a deal of any variant (``decide``) the estimate is
:func:`straights.bots.estimate.equity`: the variant's own showdown, its share of
a high-low pot, a draw chosen by :func:`~straights.bots.estimate.best_discard`,
and in Mexican stud the least telling card turned up (see :meth:`StrengthBot.decide`).
"""

from __future__ import annotations

from typing import Final

from straights.bots.base import pick_move
from straights.bots.estimate import best_discard
from straights.bots.estimate import equity as deal_equity
from straights.bots.simple import down_cards
from straights.cards import Card, RandomLike, make_rng
from straights.errors import ConfigurationError
from straights.poker.view import DealView, Move

__all__ = ["DEFAULT_SAMPLES", "StrengthBot"]

#: Monte Carlo deals per estimate: enough to tell 30% from 50%, cheap enough for simulation.
DEFAULT_SAMPLES: Final = 64


class StrengthBot:
    """Bets or raises with a strong estimate, calls when the pot odds pay, else folds.

    ``aggression`` scales the equity needed to bet: it bets when its chance of
    winning exceeds ``aggression`` times a fair share (1 / players in the deal).
    """

    def __init__(
        self,
        *,
        rng: RandomLike = None,
        samples: int = DEFAULT_SAMPLES,
        aggression: float = 1.5,
        name: str = "strength",
    ) -> None:
        if not isinstance(samples, int) or samples < 1:
            raise ConfigurationError(f"samples={samples!r}: give a whole number of at least 1")
        self.rng = make_rng(rng)
        self.samples = samples
        self.aggression = aggression
        self.name = name
        self._deal_cache: tuple[object, float] | None = None

    def deal_equity(self, view: DealView) -> float:
        """Estimated share of the pot for the seat of ``view`` (a deal of any variant)."""
        known = (view.variant, view.street, view.phase, view.board,
                 tuple(p.cards for p in view.players))  # fmt: skip
        if self._deal_cache is not None and self._deal_cache[0] == known:
            return self._deal_cache[1]
        value = deal_equity(view, self.rng, self.samples)
        self._deal_cache = (known, value)
        return value

    def decide(self, view: DealView) -> Move:
        """Bet, call or fold by the estimated share of the pot and the pot odds;
        draw what :func:`~straights.bots.estimate.best_discard` prefers; and turn
        up its lowest face-down card that pairs none of its others (a pair or a wild
        card stays hidden as long as it can)."""
        choice = view.choice
        if choice is not None and choice.kind == "discard":
            return Move("discard", cards=best_discard(view, self.rng))
        if choice is not None:
            return Move("expose", cards=_least_telling(view)[: choice.most])
        e = self.deal_equity(view)
        fair = 1.0 / max(1, len(view.in_hand()))
        if e >= min(0.85, self.aggression * fair):
            return pick_move(view, "raise", "bet", "complete", "call", "check", "bring-in")
        if view.to_call == 0:
            return pick_move(view, "check", "bring-in")
        odds = view.to_call / (view.pot + view.to_call)
        return pick_move(view, "call" if e >= odds else "fold", "bring-in")


def _least_telling(view: DealView) -> tuple[Card, ...]:
    """Face-down cards in the order to turn them up: unpaired before paired, natural
    before wild (jokers), low ranks before high."""
    down = down_cards(view)
    me = view.me
    mine = [c for c in (me.cards if me else ()) if c is not None]

    def order(card: Card) -> tuple[bool, bool, int]:
        paired = card.rank is not None and sum(1 for c in mine if c.rank == card.rank) > 1
        return (not card.is_ranked, paired, int(card.rank or 0))

    return tuple(sorted(down, key=order))
