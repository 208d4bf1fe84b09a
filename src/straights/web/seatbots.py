"""Bots for web seats: the game's bots (:mod:`straights.bots`) when present.

A thin adapter: until the bots package exists on this branch, a seat bot is a
calling station (checks, else calls). Bots see only their seat's view.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from straights.game.hand import Action
from straights.game.view import SeatView


class SeatBot(Protocol):
    def act(self, view: SeatView) -> Action: ...


class _CallingBot:
    def act(self, view: SeatView) -> Action:
        for kind in ("check", "call"):
            for action in view.legal:
                if action.kind == kind:
                    return action
        return view.legal[0]


def make_seat_bot(kind: str, rng: random.Random) -> SeatBot:
    """The bot of ``kind`` (``strength``, ``calling`` or ``random``)."""
    try:
        bots = importlib.import_module("straights.bots")
    except ImportError:
        return _CallingBot()
    bot: SeatBot = bots.make_bot(kind, rng)
    return bot
