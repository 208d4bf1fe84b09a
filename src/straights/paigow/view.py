"""What one seat of a Pai Gow deal may see, as JSON-ready data: the one place that hides cards.

Before the settlement a player sees his own seven cards and his own setting,
and of everyone else only who has set; nobody sees the bank's cards.  Once the
bank has set, every hand is turned up, as at the table.  A spectator
(``seat=None``) sees no cards until then.

>>> from straights.paigow.deal import PaiGowDeal
>>> deal = PaiGowDeal({1: 20, 2: 40}, rng=9)
>>> view = deal_view(deal, 1)
>>> len(view["cards"]), view["waiting"], view["bank"]
(7, [1, 2], None)
>>> deal.set_house_way(1); deal.set_house_way(2)
>>> sorted(deal_view(deal, None)["bank"])
['back', 'cards', 'front']
"""

from __future__ import annotations

from typing import Any

from straights.paigow.deal import HandSet, PaiGowDeal
from straights.paigow.rules import BANK, describe, in_order

__all__ = ["deal_view"]


def _text(cards: tuple[Any, ...]) -> list[str]:
    return [c.ascii() for c in cards]


def deal_view(deal: PaiGowDeal, seat: int | None) -> dict[str, Any]:
    """The deal as ``seat`` (a player's seat, or ``None`` for a spectator) may see it.

    Keys: ``dice``, ``bets`` (by seat), ``waiting``, ``finished``, ``you``,
    ``cards`` (your seven, or ``None``), ``settings`` (seat → ``front``, ``back``,
    ``front_hand``, ``back_hand``, ``how``: yours at once, all once settled),
    ``bank`` (``cards``, ``front``, ``back`` once settled) and ``results`` (seat →
    ``outcome``, ``net``, ``commission``, ``back_won``, ``front_won``, ``copies``).
    Cards are written as in histories (``"As"``, ``"Jk"``).
    """
    done = deal.finished
    how = {e.seat: e.how for e in deal.events if isinstance(e, HandSet)}
    settings: dict[str, Any] = {}
    for who, setting in deal.settings.items():
        if who == BANK or not (done or who == seat):
            continue
        settings[str(who)] = {
            "front": _text(in_order(setting.front)),
            "back": _text(in_order(setting.back)),
            "front_hand": describe(setting.front_value),
            "back_hand": describe(setting.back_value),
            "how": how[who],
        }
    bank = None
    if done:
        mine = deal.settings[BANK]
        bank = {
            "cards": _text(deal.cards(BANK)),
            "front": _text(in_order(mine.front)),
            "back": _text(in_order(mine.back)),
        }
    results = {
        str(s): {
            "outcome": r.outcome,
            "net": r.net,
            "commission": r.commission,
            "back_won": r.back_won,
            "front_won": r.front_won,
            "copies": [r.back_copy, r.front_copy],
            "fouled": r.fouled,
        }
        for s, r in deal.results.items()
    }
    return {
        "dice": None if deal.dice is None else list(deal.dice),
        "bets": {str(s): b for s, b in deal.bets.items()},
        "waiting": deal.waiting,
        "finished": done,
        "you": seat,
        "cards": _text(deal.cards(seat)) if seat in deal.bets else None,
        "settings": settings,
        "bank": bank,
        "results": results,
        "house": deal.house if done else None,
    }
