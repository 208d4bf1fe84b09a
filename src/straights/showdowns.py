"""The Straights showdown: one winner, or none under rule 10 — never a split.

>>> r = showdown(['Qs 9d', 'Qd 3s'], '5c 4d 3d 2h Jh')
>>> r.winner, r.rule, r.reason
(1, 7, 'priority card 3♠ (rule 7)')
>>> showdown(['Kh 2c', 'Kd Qd'], 'Ts 9s 8h 7s 4d').reason
'highest card in hand: K♥ over K♦ (rule 8)'
>>> showdown(['8d 2c', 'Kd Qd'], 'S T R 8h 4d').winner is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from straights.cards import Card, CardsLike, check_unique, format_cards
from straights.errors import HandSizeError, TieError
from straights.rankings.straights import (
    StraightsHand,
    _check_pack,
    check_cards_for_pack,
    compare_reason,
    make_hand,
    parse_hole,
    parse_table,
)

__all__ = ["NO_WINNER_REASON", "ShowdownResult", "decide", "showdown"]

NO_WINNER_REASON = (
    "S-T-R-8 on the table and no higher 8 in hand: no winner, the pot carries over (rule 10)"
)


@dataclass(frozen=True)
class ShowdownResult:
    """The verdict of a showdown.

    ``winner`` is the index of the single winner, or ``None`` under rule 10;
    ``values`` holds each player's :class:`StraightsHand` in input order;
    ``rule`` and ``reason`` name the step that decided between the winner and
    the best of the rest.
    """

    winner: int | None
    values: tuple[StraightsHand, ...]
    rule: int
    reason: str
    table: tuple[Card, ...]
    pack: int

    @property
    def no_winner(self) -> bool:
        """True when rule 10 leaves the pot without a winner."""
        return self.winner is None

    @property
    def ranking(self) -> tuple[int, ...]:
        """Player indices from best hand to worst."""
        return tuple(sorted(range(len(self.values)), key=lambda i: -self.values[i].key))

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready result (cards in ASCII notation)."""
        return {
            "winner": self.winner,
            "no_winner": self.no_winner,
            "rule": self.rule,
            "reason": self.reason,
            "pack": self.pack,
            "table": format_cards(self.table, unicode=False),
            "players": [v.to_dict() for v in self.values],
        }


def decide(values: Sequence[StraightsHand]) -> tuple[int | None, int, str]:
    """(winner, rule, reason) for evaluated hands; raises :class:`TieError` on a tie."""
    if not values:
        raise HandSizeError("a showdown needs at least one player")
    order = sorted(range(len(values)), key=lambda i: -values[i].key)
    best = values[order[0]]
    if len(values) == 1:
        if best.is_str8 and all(c in best.table for c in _str8_cards(best)):
            return None, 10, NO_WINNER_REASON
        return order[0], 0, "the only player in the showdown"
    second = values[order[1]]
    if best.key == second.key:
        if best.is_str8:
            return None, 10, NO_WINNER_REASON
        raise TieError(
            f"players {order[0]} and {order[1]} tie with {best.describe()}: "
            "a Straights pot is never split, so this is a bug"
        )
    rule, reason = compare_reason(best, second)
    return order[0], rule, reason


def _str8_cards(hand: StraightsHand) -> list[Card]:
    assert hand.str8_eight is not None
    return [Card("S"), Card("T"), Card("R"), hand.str8_eight]


def showdown(hands: Sequence[CardsLike], table: CardsLike, pack: int = 55) -> ShowdownResult:
    """Rank every player's best hand and name the single winner.

    ``hands`` holds each player's two hole cards (``"Qs 9d"`` or ``Card``
    sequences), ``table`` the five table cards.  Bad input raises a
    :class:`~straights.errors.StraightsError` subclass naming it.
    """
    _check_pack(pack)
    if isinstance(hands, str):
        raise HandSizeError(
            f"hands {hands!r} is one string: pass a list of hole cards, like ['Qs 9d', 'Qd 3s']"
        )
    holes = [parse_hole(h, f"player {i}'s hole cards") for i, h in enumerate(hands, 1)]
    if not holes:
        raise HandSizeError("a showdown needs at least one player's hole cards")
    table_cards = parse_table(table)
    check_unique([c for h in holes for c in h] + list(table_cards), "among the hands and table")
    for i, hole in enumerate(holes, 1):
        check_cards_for_pack(hole, pack, f"player {i}'s hole cards")
    check_cards_for_pack(table_cards, pack, "the table")
    values = tuple(make_hand(h, table_cards, pack) for h in holes)
    winner, rule, reason = decide(values)
    return ShowdownResult(winner, values, rule, reason, table_cards, pack)
