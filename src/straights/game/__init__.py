"""The Straights game: rules configuration, the hand state machine, the table
across deals, the event log, seat views and hand histories.

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=2, betting="no-limit"), ["Ann", "Bob"], seed=1)
>>> hand = t.start_hand()
>>> [str(a) for a in t.legal_actions(hand.actor)]
['check', 'bet 1']
"""

from __future__ import annotations

from straights.game.config import TableConfig, max_seats_for_pack
from straights.game.events import Event, event_from_dict
from straights.game.hand import ACTION_KINDS, ROUNDS, Action, Hand, Pot
from straights.game.table import Seat, Table
from straights.game.view import PlayerView, SeatView, hand_view, redact, table_view

__all__ = [
    "ACTION_KINDS",
    "ROUNDS",
    "Action",
    "Event",
    "Hand",
    "PlayerView",
    "Pot",
    "Seat",
    "SeatView",
    "Table",
    "TableConfig",
    "event_from_dict",
    "hand_view",
    "max_seats_for_pack",
    "redact",
    "table_view",
]
