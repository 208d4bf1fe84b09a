"""Whole-deck statistics: every seven-card hand counted, and Straights' own distributions.

* :func:`seven_card` — all 133,784,560 seven-card hands by best standard high
  category, and the number of distinct five-card hands that occur (4,824).
* :func:`seven_card_low` — the same hands by best ace-to-five low.
* :func:`straights_stats` — every seven-card set of the Straights pack by what
  it makes (S-T-R-8, straight flush or straight by length, no straight), plus
  the exact chance that rule 10 leaves a showdown without a winner.

Counting is exhaustive (Numba kernels, every core by default); ``executor``
spreads the first-card ranges over any :class:`concurrent.futures.Executor`.
:func:`plot` draws a table as a PNG bar chart.

>>> str(rule10_fraction(1))
'15229/284098815'
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from straights.errors import ConfigurationError, PackError

__all__ = [
    "DISTRIBUTIONS",
    "Distribution",
    "distribution",
    "plot",
    "rule10_fraction",
    "rule10_probability",
    "seven_card",
    "seven_card_low",
    "straights_stats",
]

DISTRIBUTIONS: Final = ("seven-card", "seven-card-low", "straights")
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Distribution:
    """A frequency table: ``rows`` of (label, count), best hand first."""

    name: str
    title: str
    rows: tuple[tuple[str, int], ...]
    total: int
    distinct: int | None = None
    notes: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def count(self, label: str) -> int:
        """The count of one row, by label."""
        for name, n in self.rows:
            if name == label:
                return n
        raise KeyError(label)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: counts and probabilities."""
        return {
            "name": self.name,
            "title": self.title,
            "total": self.total,
            "distinct": self.distinct,
            "rows": [
                {"label": label, "count": n, "probability": n / self.total}
                for label, n in self.rows
            ],
            "notes": self.notes,
            "seconds": round(self.seconds, 3),
        }


def _firsts_chunks(n: int, parts: int) -> list[Any]:
    """The first cards 0 … n-7 dealt into ``parts`` interleaved chunks (low first cards
    carry far more hands, so every chunk gets some of each)."""
    import numpy as np

    order = np.arange(n - 6, dtype=np.int64)
    # Contiguous copies: one compiled signature per kernel (straights.fast.warm).
    return [order[i::parts].copy() for i in range(parts) if len(order[i::parts])]


def _snake(n: int) -> Any:
    """First cards ordered so that Numba's equal contiguous blocks per thread carry equal
    work: heaviest first, dealt to the threads in a snake (0, 1, …, t-1, t-1, …, 0, …)."""
    import numba
    import numpy as np

    threads = numba.get_num_threads()
    bins: list[list[int]] = [[] for _ in range(threads)]
    for k in range(n - 6):
        turn, pos = divmod(k, threads)
        bins[pos if turn % 2 == 0 else threads - 1 - pos].append(k)
    return np.array([a for b in bins for a in b], dtype=np.int64)


def _count(
    fn: Callable[..., Any],
    n: int,
    executor: Executor | None,
    progress: Progress | None,
    *args: Any,
) -> Any:
    if executor is None and progress is None:
        return fn(_snake(n), *args)
    chunks = _firsts_chunks(n, 16)
    if executor is None:
        total = None
        for done, chunk in enumerate(chunks, 1):
            part = fn(chunk, *args)
            total = part if total is None else total + part
            if progress:
                progress(done, len(chunks))
        return total
    futures = [executor.submit(fn, chunk, *args) for chunk in chunks]
    total = None
    for done, fut in enumerate(as_completed(futures), 1):
        part = fut.result()
        total = part if total is None else total + part
        if progress:
            progress(done, len(chunks))
    return total


def _high_counts(firsts: Any) -> Any:
    """Worker entry point (loads the tables itself, so only the first cards travel)."""
    from straights.fast.exhaustive import high7_counts
    from straights.fast.tables import high_tables

    t = high_tables()
    return high7_counts(firsts, t.rank7, t.flush, t.flush_suit, t.classes)


def _low_counts(firsts: Any) -> Any:
    from straights.fast.exhaustive import low7_counts
    from straights.fast.tables import low_tables

    t = low_tables()
    return low7_counts(firsts, t.rank7, t.classes)


def _straights_counts(firsts: Any, pack: int) -> Any:
    from straights.fast.exhaustive import straights7_counts

    return straights7_counts(firsts, pack)


def seven_card(
    *, executor: Executor | None = None, progress: Progress | None = None
) -> Distribution:
    """Every 7-card hand of the 52-card pack by its best 5-card high hand."""
    import numpy as np

    from straights.fast.tables import HIGH_CATEGORIES, high_tables

    start = time.perf_counter()
    counts = _count(_high_counts, 52, executor, progress)
    cats = np.bincount(high_tables().category, weights=counts, minlength=9).astype(np.int64)
    royal = int(counts[-1])
    rows = [("royal flush", royal), ("straight flush", int(cats[8]) - royal)]
    rows += [(HIGH_CATEGORIES[c], int(cats[c])) for c in range(7, -1, -1)]
    return Distribution(
        "seven-card",
        "Best five-card hand of every seven-card hand (52 cards)",
        tuple(rows),
        int(counts.sum()),
        int((counts > 0).sum()),
        {"straight flush including royal": int(cats[8])},
        time.perf_counter() - start,
    )


def seven_card_low(
    *, executor: Executor | None = None, progress: Progress | None = None
) -> Distribution:
    """Every 7-card hand of the 52-card pack by its best ace-to-five low."""
    import numpy as np

    from straights.fast.tables import LOW_CATEGORIES, low_tables

    start = time.perf_counter()
    counts = _count(_low_counts, 52, executor, progress)
    t = low_tables()
    rows = []
    for top in range(5, 14):
        mask = (t.category == 0) & (t.high_card == top)
        rows.append((f"{'A23456789TJQK'[top - 1]}-high", int(counts[mask].sum())))
    cats = np.bincount(t.category, weights=counts, minlength=len(LOW_CATEGORIES))
    for c in range(1, len(LOW_CATEGORIES)):
        if cats[c]:
            rows.append((LOW_CATEGORIES[c], int(cats[c])))
    return Distribution(
        "seven-card-low",
        "Best ace-to-five low of every seven-card hand (52 cards)",
        tuple(rows),
        int(counts.sum()),
        int((counts > 0).sum()),
        {"no pair (a low without a pair)": int(cats[0])},
        time.perf_counter() - start,
    )


def rule10_probability(players: int, pack: int = 55) -> float:
    """:func:`rule10_fraction` as a float."""
    return float(rule10_fraction(players, pack))


def rule10_fraction(players: int, pack: int = 55) -> Fraction:
    """Chance that a showdown of ``players`` random hands ends without a winner (rule 10).

    The table must hold S, T, R and an 8 and no player a higher 8.  With the
    table's highest 8 of suit order ``o`` (clubs 0 … hearts 3) the other table
    card is one of ``48 + o`` cards, and the ``3 - o`` higher 8s must all stay
    out of the ``2 * players`` hole cards.
    """
    if pack == 52:
        return Fraction(0)
    if pack != 55:
        raise PackError(f"pack {pack!r} is not a Straights pack: choose 55 or 52")
    holes = 2 * players
    if players < 1 or holes > 50:
        raise ConfigurationError(f"players={players}: a Straights showdown seats 1 to 25 players")
    p = Fraction(0) + sum(
        Fraction(48 + o, math.comb(55, 5))
        * Fraction(math.comb(47 + o, holes), math.comb(50, holes))
        for o in range(4)
    )
    return p


def straights_stats(
    pack: int = 55,
    *,
    players: Sequence[int] = (2, 3, 4, 5, 6, 7, 8),
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> Distribution:
    """Every 7-card set of the Straights pack by the best hand it makes.

    Two hole plus five table cards make the same straight whichever two are
    the hole cards, so the 202,927,725 sets of the 55-card pack (133,784,560
    of the 52) count every hand once.
    """
    from straights.fast.exhaustive import STR8_ROW

    if pack not in (55, 52):
        raise PackError(f"pack {pack!r} is not a Straights pack: choose 55 or 52")
    start = time.perf_counter()
    counts = _count(_straights_counts, pack, executor, progress, pack)
    rows: list[tuple[str, int]] = []
    if pack == 55:
        rows.append(("S-T-R-8", int(counts[STR8_ROW, 0])))
    for length in range(7, 1, -1):
        rows.append((f"{length}-card straight flush", int(counts[length, 1])))
        rows.append((f"{length}-card straight", int(counts[length, 0])))
    rows.append(("no straight", int(counts[0, 0])))
    total = int(counts.sum())
    lengths = {
        str(length): int(counts[length].sum()) for length in range(2, 8) if counts[length].sum()
    }
    notes: dict[str, Any] = {"longest straight (cards: hands)": lengths}
    if pack == 55:
        notes["rule 10, no winner (players: probability)"] = {
            str(n): rule10_probability(n, pack) for n in players
        }
    return Distribution(
        "straights",
        f"Straights: best hand of every 7-card set ({pack}-card pack)",
        tuple(rows),
        total,
        None,
        notes,
        time.perf_counter() - start,
    )


def distribution(
    name: str,
    *,
    pack: int = 55,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> Distribution:
    """One of :data:`DISTRIBUTIONS` by name."""
    if name == "seven-card":
        return seven_card(executor=executor, progress=progress)
    if name == "seven-card-low":
        return seven_card_low(executor=executor, progress=progress)
    if name == "straights":
        return straights_stats(pack, executor=executor, progress=progress)
    raise ConfigurationError(f"{name!r} is not a distribution: choose {', '.join(DISTRIBUTIONS)}")


def plot(dist: Distribution, path: str | Path) -> Path:
    """Save a horizontal bar chart of ``dist`` (log-scaled counts) as a PNG; returns the path."""
    from straights.extras import require

    require("plot", "plot()")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(path)
    if out.suffix.lower() != ".png":
        raise ConfigurationError(f"plot path {str(path)!r} must end in .png")
    labels = [label for label, _ in dist.rows]
    counts = [n for _, n in dist.rows]
    fig, ax = plt.subplots(figsize=(9, 0.45 * len(labels) + 1.6), dpi=120)
    bars = ax.barh(range(len(labels)), [max(n, 0.8) for n in counts], color="#3b6ea8")
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("hands (log scale)")
    ax.set_title(f"{dist.title}\n{dist.total:,} hands", fontsize=11)
    for bar, n in zip(bars, counts, strict=True):
        share = f"{n:,}  ({100 * n / dist.total:.4g}%)"
        ax.text(
            bar.get_width() * 1.05,
            bar.get_y() + bar.get_height() / 2,
            share,
            va="center",
            fontsize=8,
        )
    ax.set_xlim(right=max(counts) * 40)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    try:
        fig.savefig(out, format="png")
    except OSError as exc:
        raise ConfigurationError(f"cannot write the plot to {str(path)!r}: {exc}") from None
    finally:
        plt.close(fig)
    return out
