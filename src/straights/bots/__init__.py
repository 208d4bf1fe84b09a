"""Bots that play from a seat's view: each decides in the deals of :mod:`straights.poker`
(``decide``) — every variant, but ``cfr``: Straights'.

See ``docs/bots.md`` for the interface and how to write your own.
"""

from __future__ import annotations

from straights.bots.base import Bot, can_decide, pick_move
from straights.bots.registry import BOT_KINDS, make_bot
from straights.bots.simple import CallingBot, RandomBot
from straights.bots.strength import StrengthBot

__all__ = [
    "BOT_KINDS",
    "Bot",
    "CallingBot",
    "RandomBot",
    "StrengthBot",
    "can_decide",
    "make_bot",
    "pick_move",
]
