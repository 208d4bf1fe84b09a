"""Registers the Straights ranking beside the others (``ranking='straights'``).

Through :func:`~straights.rankings.base.evaluate` the seven cards are given as
one sequence: the two hole cards first, then the five table cards.
"""

from __future__ import annotations

from straights.cards import Card
from straights.errors import HandSizeError
from straights.rankings.base import HandValue, Ranking, register
from straights.rankings.straights import HOLE_CARDS, TABLE_CARDS, evaluate_straights

__all__ = ["STRAIGHTS"]


def _evaluate(cards: tuple[Card, ...], pack: int = 55) -> HandValue:
    if len(cards) != HOLE_CARDS + TABLE_CARDS:
        raise HandSizeError(f"a Straights hand is 7 cards (2 hole, then 5 table), not {len(cards)}")
    hand = evaluate_straights(cards[:HOLE_CARDS], cards[HOLE_CARDS:], pack=pack)
    return HandValue(
        ranking="straights",
        options=(("pack", pack),),
        key=(hand.key,),
        category=hand.category.lower(),
        cards=hand.straight,
        phrase=hand.describe(),
        source=cards,
    )


STRAIGHTS = register(
    Ranking(
        name="straights",
        evaluate=_evaluate,
        description="Straights: longest straight wins; S-T-R-8 beats all (2 hole + 5 table cards)",
        categories=("no straight", "straight", "straight flush", "s-t-r-8"),
        options={"pack": (55, 52)},
        deck="straights",
        card_counts=(7,),
    )
)
