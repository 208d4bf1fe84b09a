"""Pai Gow poker among the games: the names it goes by and its row in ``straights games``.

Pai Gow is a banked game, not a :class:`~straights.poker.variant.Variant` of the
betting engine, so it is described here in the same shape as the catalogue's
variants (see :func:`straights.cli.games.describe`).

>>> is_pai_gow("Pai Gow"), is_pai_gow("_PAIGOW"), is_pai_gow("razz")
(True, True, False)
>>> about()["deck_size"]
53
"""

from __future__ import annotations

from typing import Any, Final

from straights.paigow.deal import MAX_PLAYERS
from straights.paigow.history import VARIANT

__all__ = ["GAME_NAMES", "about", "is_pai_gow"]

#: The names people type for Pai Gow poker, the first the one shown.
GAME_NAMES: Final = ("pai-gow", "pai-gow-poker", "paigow")


def is_pai_gow(name: str | None) -> bool:
    """True when ``name`` (any case, ``_`` or a space for ``-``) or the PHH code names Pai Gow."""
    if name is None:
        return False
    key = "-".join(name.strip().casefold().replace("_", " ").split())
    return key in GAME_NAMES or name.strip().upper() == VARIANT


def about() -> dict[str, Any]:
    """Pai Gow's row for ``straights games`` (the keys of the catalogue's rows)."""
    return {
        "game": GAME_NAMES[0],
        "code": VARIANT,
        "name": "Pai Gow poker (Nevada)",
        "description": (
            "Seven cards set as a five-card and a two-card hand, both against the bank's"
        ),
        "deck": "standard+1 joker",
        "deck_size": 53,
        "max_players": MAX_PLAYERS,
        "betting": "banked",
        "showdown": ["pai-gow (wheel second), copies to the bank, 5% commission"],
        "streets": ["dice and deal (seven cards each)", "set two hands", "the bank sets, settle"],
        "also_called": list(GAME_NAMES[1:]),
    }
