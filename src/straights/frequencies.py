"""Frequency tables: how many hands of a deck fall in each category.

:func:`count` counts every hand of a deck under any registered ranking.  Three
counts have a batch kernel (:mod:`straights.fast`, Numba, every core): the
7-card hands of the 52-card pack under ``high`` and under ``ace-to-five``, and
the 7-card sets of a Straights pack.  Everything else is counted by the
ranking's own counter (the high and low families count whole rank classes at
once) or walked hand by hand through its ``evaluate``.  Either way the result
is the same :class:`Frequencies`; the tests check the kernels against the
readable path.

>>> freq = count('high', 5)
>>> freq.total, freq.categories['straight flush'], freq.distinct
(2598960, 40, 7462)
>>> str(rule10_fraction(1))
'15229/284098815'

Straights' table is finer than its four categories: straights are counted by
length (``'7-card straight flush'`` … ``'2-card straight'``), since length is
what ranks them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from straights.cards import Deck, make_deck
from straights.errors import ConfigurationError, HandSizeError, PackError
from straights.rankings.base import (
    FAMILY_MODULES,
    HandValue,
    Progress,
    Ranking,
    get_ranking,
    walk,
)

__all__ = [
    "Frequencies",
    "Progress",
    "check_plot_path",
    "count",
    "counted_deck",
    "estimate_seconds",
    "has_kernel",
    "plot",
    "rule10_fraction",
    "rule10_probability",
]


@dataclass(frozen=True)
class Frequencies:
    """Counts per category, best category first, and the number of distinct values.

    ``distinct`` is ``None`` for Straights, whose values differ hand by hand
    (rule 8 looks at the hole cards); ``notes`` holds exact extras (Straights:
    the chance that rule 10 leaves a showdown without a winner).
    """

    ranking: str
    n_cards: int
    deck: str
    options: dict[str, Any]
    total: int
    categories: dict[str, int]
    distinct: int | None
    notes: dict[str, Any] = field(default_factory=dict)
    seconds: float = field(default=0.0, compare=False)

    @property
    def title(self) -> str:
        """``'high: 7-card hands from the standard deck'``."""
        return f"{self.ranking}: {self.n_cards}-card hands from the {self.deck} deck"

    def probability(self, category: str) -> float:
        """The chance that a random hand of the deck is in ``category``."""
        return self.categories.get(category, 0) / self.total

    def to_dict(self) -> dict[str, Any]:
        """``{"total": …, "categories": {"straight flush": 40, …}}`` (and ``notes`` if any)."""
        out: dict[str, Any] = {"total": self.total, "categories": dict(self.categories)}
        if self.notes:
            out["notes"] = self.notes
        return out


def counted_deck(ranking: str, deck: str | None = None, jokers: int = 0, **options: Any) -> Deck:
    """The deck a count enumerates: ``deck`` or the ranking's own, plus jokers.

    Straights with ``pack=52`` is played without S, T and R: the standard deck.
    """
    if deck is None:
        deck = "standard" if options.get("pack") == 52 else get_ranking(ranking).deck
    return make_deck(deck, jokers=jokers)


def _plan(
    ranking: str, n_cards: int | None, deck: str | None, jokers: int, options: Mapping[str, Any]
) -> tuple[Ranking, int, Deck, dict[str, Any]]:
    """The ranking, hand size, deck and options of a count, checked."""
    chosen = get_ranking(ranking)
    opts = dict(chosen.normalise(options))
    n = chosen.card_counts[0] if n_cards is None else n_cards
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise ConfigurationError(f"jokers={jokers!r}: choose 0 or more")
    cards = counted_deck(chosen.name, deck, jokers, **opts)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(cards):
        raise HandSizeError(
            f"cannot deal {n!r} cards from the {cards.name} deck: choose 1 to {len(cards)}"
        )
    return chosen, n, cards, opts


def count(
    ranking: str = "high",
    n_cards: int | None = None,
    deck: str | None = None,
    jokers: int = 0,
    *,
    kernel: bool | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> Frequencies:
    """Count every ``n_cards``-card hand of a deck by category under ``ranking``.

    ``n_cards`` defaults to the ranking's hand size; ``deck`` to the ranking's
    deck; ``jokers`` are added to it; ``options`` are the ranking's house rules.
    ``kernel``: ``None`` uses a batch kernel where one exists, ``False`` the
    readable path, ``True`` insists on a kernel.  ``executor`` spreads a
    kernel's work (first cards) over any :class:`concurrent.futures.Executor`.
    Categories come out best first, and only those that occur.

    >>> count('manila', 5).categories['flush']
    208
    """
    chosen, n, cards, opts = _plan(ranking, n_cards, deck, jokers, options)
    start = time.perf_counter()
    batch = _kernel(chosen.name, n, cards, opts) if kernel is not False else None
    if kernel and batch is None:
        raise ConfigurationError(
            f"no batch kernel counts {n}-card {chosen.name} hands of the {cards.name} deck "
            "(kernels: high and ace-to-five 7-card hands of the standard deck, "
            "Straights 7-card sets), or NumPy/Numba are missing"
        )
    distinct: int | None
    if batch is not None:
        counts, distinct = batch(executor, progress)
    elif chosen.name == "straights":
        counts, distinct = walk(chosen.evaluate, cards.cards, n, opts, progress, _straights_label)
    elif chosen.counter is not None:
        counts, distinct = chosen.counter(n, cards, opts, progress)
    else:
        counts, distinct = walk(chosen.evaluate, cards.cards, n, opts, progress)
    return Frequencies(
        ranking=chosen.name,
        n_cards=n,
        deck=cards.name,
        options=opts,
        total=math.comb(len(cards), n),
        categories=_ordered(counts, _category_rank(chosen, counts, opts)),
        distinct=None if chosen.name == "straights" else distinct,
        notes=_notes(chosen.name, opts),
        seconds=time.perf_counter() - start,
    )


def has_kernel(
    ranking: str,
    n_cards: int | None = None,
    deck: str | None = None,
    jokers: int = 0,
    **options: Any,
) -> bool:
    """True when :func:`count` would use a batch kernel for these arguments."""
    chosen, n, cards, opts = _plan(ranking, n_cards, deck, jokers, options)
    return _kernel(chosen.name, n, cards, opts) is not None


# -- the readable path -------------------------------------------------------------------


def _straights_label(value: HandValue) -> str:
    """Straights' table rows: S-T-R-8, straights by length (flush or not), no straight."""
    if value.category in ("s-t-r-8", "no straight"):
        return "S-T-R-8" if value.category == "s-t-r-8" else "no straight"
    return f"{len(value.cards)}-card {value.category}"


def _ordered(counts: Mapping[str, int], low_to_high: list[str]) -> dict[str, int]:
    rank = {name: i for i, name in enumerate(low_to_high)}
    names = sorted(counts, key=lambda c: rank.get(c, -1), reverse=True)
    return {name: counts[name] for name in names if counts[name]}


def _straights_rows() -> list[str]:
    """Straights' rows from worst to best."""
    rows = ["no straight"]
    for length in range(2, 8):
        rows += [f"{length}-card straight", f"{length}-card straight flush"]
    return [*rows, "S-T-R-8"]


def _category_rank(chosen: Ranking, counts: Mapping[str, int], opts: dict[str, Any]) -> list[str]:
    """Categories low → high as the options order them (the ranking's own list otherwise)."""
    if chosen.name == "straights":
        return _straights_rows()
    if FAMILY_MODULES.get(chosen.name) == "straights.rankings.high_family":
        from straights.rankings.high import CAT_SHIFT, key_category
        from straights.rankings.high_family import order_for

        order = order_for(chosen.name, opts)
        return list(dict.fromkeys(key_category(order, i << CAT_SHIFT) for i in range(len(order))))
    known = chosen.categories
    return [c for c in known if c in counts] + [c for c in counts if c not in known]


def _notes(ranking: str, opts: Mapping[str, Any]) -> dict[str, Any]:
    if ranking != "straights" or opts.get("pack") != 55:
        return {}
    return {
        "rule 10, no winner (players: probability)": {
            str(n): rule10_probability(n) for n in range(2, 9)
        }
    }


def estimate_seconds(
    ranking: str,
    n_cards: int | None = None,
    deck: str | None = None,
    jokers: int = 0,
    **options: Any,
) -> float:
    """A rough (pessimistic) estimate of :func:`count`'s run time in seconds.

    Up to 2,000 hands are evaluated to measure the rate; the high family's
    counter only walks hands holding wild cards (and Canadian stud's), counting
    the rest by class in about a second; a batch kernel takes a few seconds.
    """
    chosen, n, cards, opts = _plan(ranking, n_cards, deck, jokers, options)
    if _kernel(chosen.name, n, cards, opts) is not None:
        return 3.0
    walked = math.comb(len(cards), n)
    overhead = 0.0
    if FAMILY_MODULES.get(chosen.name) == "straights.rankings.high_family":
        from straights.rankings.high_family import hands_walked

        walked, overhead = hands_walked(chosen.name, n, cards, opts), 1.0
    if not walked:
        return overhead
    rng = random.Random(0)
    start = time.perf_counter()
    for _ in range(_SAMPLE):
        chosen.evaluate(tuple(rng.sample(cards.cards, n)), **opts)
    rate = _SAMPLE / max(time.perf_counter() - start, 1e-9)
    return overhead + walked / rate


_SAMPLE = 2000


# -- the batch kernels -------------------------------------------------------------------

Batch = Callable[[Executor | None, Progress | None], tuple[dict[str, int], int]]


def _kernel(name: str, n: int, cards: Deck, opts: Mapping[str, Any]) -> Batch | None:
    """The batch kernel that counts these hands, or ``None``."""
    ids = [c.id for c in cards]
    standard = ids == list(range(52))
    covered = n == 7 and (
        (name == "high" and standard and opts == dict(get_ranking("high").defaults))
        or (name == "ace-to-five" and standard and opts.get("qualifier") is None)
        or (name == "straights" and ids == list(range(opts["pack"])))
    )
    if not covered:
        return None
    from straights.extras import available

    if not available("fast"):
        return None
    if name == "high":
        return _high7
    if name == "ace-to-five":
        return _low7
    pack = int(opts["pack"])
    return lambda executor, progress: _straights7(pack, executor, progress)


def _hands_from(first: int, n: int) -> int:
    """Seven-card hands whose lowest card is ``first`` in an ``n``-card pack."""
    return math.comb(n - 1 - first, 6)


def _chunks(n: int, parts: int) -> list[Any]:
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


def _spread(
    fn: Callable[..., Any],
    n: int,
    executor: Executor | None,
    progress: Progress | None,
    *args: Any,
) -> Any:
    """``fn(first cards, *args)`` summed over all first cards, in chunks when asked."""
    if executor is None and progress is None:
        return fn(_snake(n), *args)
    chunks = _chunks(n, 16)

    def parts() -> Iterator[tuple[Any, Any]]:
        if executor is None:
            for chunk in chunks:
                yield chunk, fn(chunk, *args)
            return
        futures = {executor.submit(fn, chunk, *args): chunk for chunk in chunks}
        for fut in as_completed(futures):
            yield futures[fut], fut.result()

    total = None
    for chunk, part in parts():
        total = part if total is None else total + part
        if progress is not None:
            progress(sum(_hands_from(int(a), n) for a in chunk))
    return total


def _high_counts(firsts: Any) -> Any:
    """Worker entry point (loads the lookup itself, so only the first cards travel)."""
    from straights.fast.exhaustive import high7_counts
    from straights.fast.lookup import high_lookup

    t = high_lookup()
    return high7_counts(firsts, t.rank7, t.flush, t.flush_suit, t.classes)


def _low_counts(firsts: Any) -> Any:
    from straights.fast.exhaustive import low7_counts
    from straights.fast.lookup import low_lookup

    t = low_lookup()
    return low7_counts(firsts, t.rank7, t.classes)


def _straights_counts(firsts: Any, pack: int) -> Any:
    from straights.fast.exhaustive import straights7_counts

    return straights7_counts(firsts, pack)


def _high7(executor: Executor | None, progress: Progress | None) -> tuple[dict[str, int], int]:
    import numpy as np

    from straights.fast.lookup import HIGH_CATEGORIES, high_lookup

    counts = _spread(_high_counts, 52, executor, progress)
    cats = np.bincount(high_lookup().category, weights=counts, minlength=9).astype(np.int64)
    return {HIGH_CATEGORIES[c]: int(cats[c]) for c in range(9)}, int((counts > 0).sum())


def _low7(executor: Executor | None, progress: Progress | None) -> tuple[dict[str, int], int]:
    import numpy as np

    from straights.fast.lookup import LOW_CATEGORIES, low_lookup
    from straights.rankings.low import high_name

    counts = _spread(_low_counts, 52, executor, progress)
    t = low_lookup()
    rows = {}
    for top in range(5, 14):
        rows[high_name(top)] = int(counts[(t.category == 0) & (t.high_card == top)].sum())
    cats = np.bincount(t.category, weights=counts, minlength=len(LOW_CATEGORIES))
    for c in range(1, len(LOW_CATEGORIES)):
        rows[LOW_CATEGORIES[c]] = int(cats[c])
    return rows, int((counts > 0).sum())


def _straights7(
    pack: int, executor: Executor | None, progress: Progress | None
) -> tuple[dict[str, int], int]:
    from straights.fast.exhaustive import STR8_ROW

    counts = _spread(_straights_counts, pack, executor, progress, pack)
    rows = {"S-T-R-8": int(counts[STR8_ROW, 0]), "no straight": int(counts[0, 0])}
    for length in range(2, 8):
        rows[f"{length}-card straight flush"] = int(counts[length, 1])
        rows[f"{length}-card straight"] = int(counts[length, 0])
    return rows, 0


# -- Straights' closed forms -------------------------------------------------------------


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
    return Fraction(0) + sum(
        Fraction(48 + o, math.comb(55, 5))
        * Fraction(math.comb(47 + o, holes), math.comb(50, holes))
        for o in range(4)
    )


# -- charts ------------------------------------------------------------------------------


def check_plot_path(path: str | Path) -> Path:
    """``path`` as a PNG file that can be written; raises :class:`ConfigurationError`.

    Called before a long count, so that a mistyped path fails at once.
    """
    out = Path(path)
    if out.suffix.lower() != ".png":
        raise ConfigurationError(f"plot path {str(path)!r} must end in .png")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise ConfigurationError(f"cannot write the plot to {str(path)!r}: no folder {folder}")
    if out.is_dir():
        raise ConfigurationError(f"cannot write the plot to {str(path)!r}: it is a folder")
    return out


def plot(freq: Frequencies, path: str | Path) -> Path:
    """Save a horizontal bar chart of ``freq`` (log-scaled counts) as a PNG; returns the path."""
    out = check_plot_path(path)
    from straights.extras import require

    require("plot", "plot()")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = list(freq.categories)
    counts = list(freq.categories.values())
    fig, ax = plt.subplots(figsize=(9, 0.45 * len(labels) + 1.6), dpi=120)
    bars = ax.barh(range(len(labels)), [max(n, 0.8) for n in counts], color="#3b6ea8")
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("hands (log scale)")
    ax.set_title(f"{freq.title}\n{freq.total:,} hands", fontsize=11)
    for bar, n in zip(bars, counts, strict=True):
        share = f"{n:,}  ({100 * n / freq.total:.4g}%)"
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
