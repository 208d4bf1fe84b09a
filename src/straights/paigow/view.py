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
>>> sorted(setting_view(deal.house_way(1).setting))
['back', 'back_hand', 'front', 'front_hand']
>>> deal.set_house_way(1); deal.set_house_way(2)
>>> sorted(deal_view(deal, None)["bank"])
['back', 'back_hand', 'cards', 'front', 'front_hand']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from straights.cards import Card
from straights.paigow.deal import HandSet, PaiGowDeal, settlement_words
from straights.paigow.rules import BANK, Setting, describe, in_order

__all__ = ["deal_view", "setting_view"]


def _text(cards: tuple[Card, ...]) -> list[str]:
    return [c.ascii() for c in cards]


def setting_view(setting: Setting, write: Callable[[str], str] = str) -> dict[str, Any]:
    """A setting's two hands in reading order, and each in words as ``write`` writes them."""
    return {
        "front": _text(in_order(setting.front)),
        "back": _text(in_order(setting.back)),
        "front_hand": write(describe(setting.front_value)),
        "back_hand": write(describe(setting.back_value)),
    }


def deal_view(
    deal: PaiGowDeal, seat: int | None, *, write: Callable[[str], str] = str
) -> dict[str, Any]:
    """The deal as ``seat`` (a player's seat, or ``None`` for a spectator) may see it.

    Keys: ``dice``, ``bets`` (by seat), ``waiting``, ``finished``, ``you``,
    ``cards`` (your seven, or ``None``), ``settings`` (seat → ``front``, ``back``,
    ``front_hand``, ``back_hand``, ``how``: yours at once, all once settled),
    ``bank`` (``cards`` and its setting, once settled) and ``results`` (seat →
    ``outcome``, ``net``, ``commission``, ``back_won``, ``front_won``, ``copies``,
    ``fouled`` and its ``words``, as the history words it).  Cards are written as
    in histories (``"As"``, ``"Jk"``); each hand's words pass through ``write``
    (the web page writes a ten ``10``).
    """
    done = deal.finished
    how = {e.seat: e.how for e in deal.events if isinstance(e, HandSet)}
    settings = {
        str(who): setting_view(setting, write) | {"how": how[who]}
        for who, setting in deal.settings.items()
        if who != BANK and (done or who == seat)
    }
    bank = None
    if done:
        bank = {"cards": _text(deal.cards(BANK))} | setting_view(deal.settings[BANK], write)
    results = {
        str(s): {
            "outcome": r.outcome,
            "net": r.net,
            "commission": r.commission,
            "back_won": r.back_won,
            "front_won": r.front_won,
            "copies": [r.back_copy, r.front_copy],
            "fouled": r.fouled,
            "words": settlement_words(r),
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
