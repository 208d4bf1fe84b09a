"""Straights' own settings and the words of every game: the table's settings
(:class:`TableConfig`), the dealer draw (:mod:`.draw`) and the wording of every deal
(:mod:`.wording`).  Straights is dealt by the engine (:class:`straights.poker.Deal`)
at the one table (:class:`straights.table.Table`); ``STR`` histories of earlier
releases are read by :mod:`straights.store.legacy_straights`.

>>> from straights.game import TableConfig
>>> from straights.store.legacy_straights import variant_of
>>> variant_of(TableConfig(betting="no-limit")).code
'_STR55N'
"""

from __future__ import annotations

from straights.game.config import TableConfig

__all__ = ["TableConfig"]
