"""Straights' own engine of releases up to 0.x, kept by the tests as an independent oracle.

Earlier releases dealt Straights with this engine (a hand state machine, a table across
deals, seat views, ``STR`` histories and archive entries).  The package deals Straights
with the one engine (:class:`straights.poker.Deal`) at the one table now; this frozen
copy stays only in the tests, where it writes the logs, databases and histories those
releases wrote and checks the one engine and the translator
(:mod:`straights.store.legacy_straights`) against them.  Do not change its rules.

* :mod:`oracle.events` — the events that table told (``Acted``, ``HandStarted`` …);
* :mod:`oracle.straights_hand` — ``Hand``, one deal (``Action``, ``Pot``);
* :mod:`oracle.straights_table` — ``Table`` across deals (``Seat``, the dealer draw) and
  ``seat_action`` (a bot's action at that table);
* :mod:`oracle.straights_view` — ``SeatView``, ``table_view``, ``hand_view``, ``redact``;
* :mod:`oracle.straights_phh` — ``hand_to_phh``, ``replay_phh`` (``STR`` histories);
* :mod:`oracle.straights_archive` — ``FinishedDeal``, ``deals_from_events`` (archive rows).
"""
