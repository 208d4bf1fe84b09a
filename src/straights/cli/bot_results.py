"""How a simulation reports its bots: JSON rows for ``--json`` and the terminal table.

Both list the bots best first, each with its chips won per deal and the 95 %
confidence interval of that mean.

>>> from straights.bots.arena import BotStats
>>> stats = BotStats("random")
>>> for net in (4, -2, 1):
...     stats.add(net)
>>> row = bot_rows([stats])[0]
>>> row["bot"], row["seat_deals"], row["chips_won"], row["per_deal"]
('random', 3, 3, 1.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table as Grid

    from straights.bots.arena import BotStats

__all__ = ["bot_grid", "bot_rows", "ranked"]


def ranked(bots: Iterable[BotStats]) -> list[BotStats]:
    """The bots, most chips won per deal first."""
    return sorted(bots, key=lambda s: -s.mean)


def bot_rows(bots: Iterable[BotStats]) -> list[dict[str, Any]]:
    """One JSON-ready row per bot, in the given order."""
    return [
        {
            "bot": s.name,
            "seat_deals": s.deals,
            "chips_won": s.total,
            "per_deal": s.mean,
            "ci95": [s.mean - s.ci95, s.mean + s.ci95],
        }
        for s in bots
    ]


def bot_grid(title: str, bots: Iterable[BotStats]) -> Grid:
    """The bots as a terminal table titled ``title``, in the given order."""
    from rich.table import Table as Grid

    grid = Grid(title=title, title_style="bold")
    for col in ("bot", "seat-deals", "chips won", "per deal", "95% interval"):
        grid.add_column(col, justify="right" if col != "bot" else "left")
    for stats in bots:
        grid.add_row(
            stats.name,
            str(stats.deals),
            f"{stats.total:+d}",
            f"{stats.mean:+.3f}",
            f"{stats.mean - stats.ci95:+.3f} … {stats.mean + stats.ci95:+.3f}",
        )
    return grid
