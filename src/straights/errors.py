"""The exception tree of the project.

Every error a user can cause is a :class:`StraightsError`, itself a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do
not know this package.  Messages name the bad input and say what is valid.

>>> from straights.errors import CardNotationError, StraightsError
>>> issubclass(CardNotationError, StraightsError) and issubclass(StraightsError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CardNotationError",
    "ConfigurationError",
    "DuplicateCardError",
    "HandHistoryError",
    "HandSizeError",
    "IllegalActionError",
    "MissingExtraError",
    "PackError",
    "RankingError",
    "StoreError",
    "StraightsError",
    "TieError",
]


class StraightsError(ValueError):
    """Root of every error this package raises on purpose."""


class CardNotationError(StraightsError):
    """A string that is not a card, e.g. ``'Xx'`` or ``'1h'``."""


class DuplicateCardError(StraightsError):
    """The same card appears twice where every card must be unique."""


class HandSizeError(StraightsError):
    """The wrong number of cards: hole cards, table cards or a hand."""


class PackError(StraightsError):
    """A card that the chosen pack or deck does not contain (S in a 52-card game)."""


class RankingError(StraightsError):
    """An unknown ranking or option, or a comparison across rankings."""


class ConfigurationError(StraightsError):
    """Bad game or table settings."""


class MissingExtraError(ConfigurationError, ImportError):
    """An optional dependency is not installed: the message names the ``pip install`` to run.

    Also an :class:`ImportError`, so ``except ImportError`` keeps working.
    """


class IllegalActionError(StraightsError):
    """An action that the rules do not allow at this point of the hand."""


class HandHistoryError(StraightsError):
    """A hand history that cannot be read or does not replay."""


class TieError(StraightsError):
    """Two Straights hands compared equal outside rule 10: a bug, never a result."""


class StoreError(StraightsError):
    """A database that cannot be used: missing, corrupt, another program's, or newer."""
