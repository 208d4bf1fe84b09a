"""What one seat may see of a deal: the only place that hides cards.

A seat sees its own hole cards, every card dealt face up, the face-up board
cards (not a face-down key card before it is turned), and the cards a player
showed; everything else is ``None`` (face down).  A spectator
(``seat=None``) sees only what is public.

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, get_variant
>>> deal = Deal(get_variant("F7S"), Stakes.uniform(2, ante=1, bring_in=1, small_bet=2,
...             big_bet=4), [20, 20], make_deck().shuffled(2))
>>> mine = deal_view(deal, 0)
>>> [c is None for c in mine.players[0].cards], [c is None for c in mine.players[1].cards]
([False, False, False], [True, True, False])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from straights.cards import Card
from straights.poker.engine import Deal, Legal

__all__ = ["DealView", "PlayerView", "deal_view"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as a viewer sees him; ``cards`` hold ``None`` for a face-down card."""

    index: int
    stack: int
    bet: int
    folded: bool
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class DealView:
    """The deal as ``seat`` sees it (``None``: a spectator)."""

    variant: str
    street: str
    seat: int | None
    players: tuple[PlayerView, ...]
    board: tuple[Card | None, ...]
    pot: int
    actor: int | None
    legal: tuple[Legal, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (cards in ASCII, ``"??"`` face down)."""

        def text(cards: tuple[Card | None, ...]) -> list[str]:
            return ["??" if c is None else c.ascii() for c in cards]

        return {
            "variant": self.variant,
            "street": self.street,
            "seat": self.seat,
            "players": [
                {
                    "index": p.index,
                    "stack": p.stack,
                    "bet": p.bet,
                    "folded": p.folded,
                    "cards": text(p.cards),
                }
                for p in self.players
            ],
            "board": text(self.board),
            "pot": self.pot,
            "actor": self.actor,
            "legal": [str(a) for a in self.legal],
        }


def _shown(deal: Deal) -> list[set[Card]]:
    shown: list[set[Card]] = [set() for _ in range(deal.n)]
    for entry in deal.log:
        if entry.kind == "show" and entry.player is not None:
            shown[entry.player].update(c for c in entry.cards if c is not None)
    return shown


def deal_view(deal: Deal, seat: int | None) -> DealView:
    """The deal as ``seat`` (a player index, or ``None``) may see it."""
    shown = _shown(deal)
    players = []
    for i in range(deal.n):
        cards: list[Card | None] = []
        if not deal.folded[i]:
            for card, up in zip(deal.holes[i], deal.up[i], strict=True):
                visible = i == seat or up or card in shown[i]
                cards.append(card if visible else None)
        players.append(PlayerView(i, deal.stacks[i], deal.bets[i], deal.folded[i], tuple(cards)))
    actor = deal.actor
    return DealView(
        variant=deal.variant.code,
        street=deal.street_name,
        seat=seat,
        players=tuple(players),
        board=tuple(c if up else None for c, up in zip(deal.board, deal.board_up, strict=True)),
        pot=deal.pot,
        actor=actor,
        legal=deal.legal_actions() if seat is not None and seat == actor else (),
    )
