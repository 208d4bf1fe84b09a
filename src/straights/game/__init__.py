"""Straights' own settings, wording and hand histories: the table's settings
(:class:`TableConfig`), the dealer draw, the wording of every game, and ``STR``
histories of earlier releases.  Straights is dealt by the engine
(:class:`straights.poker.Deal`) at the one table (:class:`straights.table.Table`).

>>> from straights.game import TableConfig
>>> from straights.store.legacy_straights import variant_of
>>> variant_of(TableConfig(betting="no-limit")).code
'_STR55N'
"""

from __future__ import annotations

from straights.game.config import TableConfig

__all__ = ["TableConfig"]
