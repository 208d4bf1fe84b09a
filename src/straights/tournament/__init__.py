"""Tournaments on the one table: a blind-and-ante schedule, sit-and-go and
multi-table play, late registration, rebuys, add-ons and re-entry, tables balanced
and broken, the final table, prizes by a payout table and a deal at the end.

* :mod:`~straights.tournament.schedule` — :class:`Level`, :class:`Schedule`,
  :func:`preset`, :func:`parse_levels`;
* :mod:`~straights.tournament.payouts` — :func:`payout_table`, :func:`prizes`,
  :func:`icm_deal`, :func:`chip_deal`;
* :mod:`~straights.tournament.seating` — :func:`~straights.tournament.seating.next_step`:
  when to break a table and whom to balance;
* :mod:`~straights.tournament.core` — :class:`Tournament` and its settings;
* :mod:`~straights.tournament.bots` — :func:`play_bots` plays one to the end.

>>> t = Tournament(TournamentConfig(table_size=9), [f"P{i}" for i in range(18)], seed=3)
>>> [len(table.players) for table in t.tables], t.pool, t.chips
([9, 9], 1800, 27000)
"""

from __future__ import annotations

from straights.tournament.bots import play_bots
from straights.tournament.core import Event, Player, SeatTable, Tournament, TournamentConfig
from straights.tournament.payouts import chip_deal, icm_deal, payout_table, prizes
from straights.tournament.schedule import PRESETS, Level, Schedule, parse_levels, preset

__all__ = [
    "PRESETS",
    "Event",
    "Level",
    "Player",
    "Schedule",
    "SeatTable",
    "Tournament",
    "TournamentConfig",
    "chip_deal",
    "icm_deal",
    "parse_levels",
    "payout_table",
    "play_bots",
    "preset",
    "prizes",
]
