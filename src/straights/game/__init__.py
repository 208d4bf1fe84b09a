"""Straights' own settings, events, wording and hand histories: the table's settings
(:class:`TableConfig`), the events a Straights table tells, the dealer draw, and ``STR``
histories of earlier releases.  Straights is dealt by the engine
(:class:`straights.poker.Deal`) at the one table (:class:`straights.table.Table`).

>>> from straights.game import TableConfig
>>> from straights.store.legacy_straights import variant_of
>>> variant_of(TableConfig(betting="no-limit")).code
'_STR55N'
"""

from __future__ import annotations

from straights.game.config import ROUNDS, TableConfig, max_seats_for_pack
from straights.game.events import Event, event_from_dict

__all__ = [
    "ROUNDS",
    "Event",
    "TableConfig",
    "event_from_dict",
    "max_seats_for_pack",
]
