"""Bots that play Straights from a seat's view: ``random``, ``calling`` and ``strength``.

See ``docs/bots.md`` for the interface and how to write your own.
"""

from __future__ import annotations

from straights.bots.base import BOT_KINDS, Bot, make_bot, pick
from straights.bots.simple import CallingBot, RandomBot
from straights.bots.strength import StrengthBot

__all__ = ["BOT_KINDS", "Bot", "CallingBot", "RandomBot", "StrengthBot", "make_bot", "pick"]
