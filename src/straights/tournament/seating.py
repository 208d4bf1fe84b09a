"""When to break a table and whom to balance: :func:`next_step`, on player counts alone.

* **Break** a table when the players left fit at one table fewer; the
  highest-numbered table goes first (a pre-set order), and not while it is dealing.
* **Balance** when the fullest table has two or more players more than the
  shortest: one player moves from the fullest to the shortest (among the tables
  between deals; on equal counts the lower-numbered table gives, the
  lower-numbered table takes).

Both follow the TDA's tournament rules ("Breaking Tables"; "Balancing Tables and
Halting Play", Rule 10 of the 2019 edition).  Steps repeat until :func:`next_step`
returns ``None``.

>>> next_step({1: 9, 2: 9, 3: 6}, 9)
('move', 1, 3)
>>> next_step({1: 9, 2: 8, 3: 1}, 9)
('break', 3, 0)
>>> next_step({1: 9, 2: 8, 3: 8}, 9) is None
True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

__all__ = ["next_step"]


def next_step(
    counts: Mapping[int, int], size: int, busy: Collection[int] = ()
) -> tuple[str, int, int] | None:
    """The next rearrangement of live tables with ``counts`` players (table number ->
    players) of ``size`` seats, ``busy`` tables being in a deal: ``('break', table, 0)``,
    ``('move', from_table, to_table)`` or ``None`` when nothing is to be done now.

    >>> next_step({1: 5, 2: 2}, 9)
    ('break', 2, 0)
    >>> next_step({1: 5, 2: 2}, 9, busy={2}) is None  # it breaks when its deal ends
    True
    >>> next_step({1: 7, 2: 9, 3: 7}, 9, busy={2}) is None  # the fullest is dealing
    True
    """
    players = sum(counts.values())
    if len(counts) > 1 and players <= (len(counts) - 1) * size:
        target = max(counts)
        return None if target in busy else ("break", target, 0)
    free = sorted(t for t in counts if t not in busy)
    if len(free) < 2:
        return None
    full = max(free, key=lambda t: (counts[t], -t))
    short = min(free, key=lambda t: (counts[t], t))
    if counts[full] - counts[short] < 2:
        return None
    return ("move", full, short)
