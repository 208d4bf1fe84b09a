"""Prizes: the payout table by field size, whole-unit prizes, and a deal at the end.

The presets are ours (the splits home games and small card rooms commonly use,
paying about one entry in five): ``standard`` pays by the number of entries as
in :data:`STANDARD`; ``winner`` gives the whole pool to the winner.  The host's
own table is a list of percentages, first place first, adding up to 100.

>>> prizes(1800, payout_table("standard", 18))
[720, 540, 360, 180]
>>> prizes(100, [50, 30, 20]), prizes(101, [50, 30, 20])
([50, 30, 20], [51, 30, 20])
>>> icm_deal([5000, 3000, 2000], [50, 30, 20])
[38, 33, 29]
>>> chip_deal([5000, 3000, 2000], [50, 30, 20])
[40, 32, 28]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Final

from straights.errors import ConfigurationError

__all__ = ["PRESETS", "STANDARD", "chip_deal", "icm_deal", "payout_table", "prizes", "split"]

#: The preset payout tables' names.
PRESETS: Final = ("standard", "winner")
#: (most entries, percentages of the pool, first place first) — ours.
STANDARD: Final[tuple[tuple[int, tuple[float, ...]], ...]] = (
    (3, (100.0,)),
    (6, (65.0, 35.0)),
    (10, (50.0, 30.0, 20.0)),
    (18, (40.0, 30.0, 20.0, 10.0)),
    (27, (35.0, 22.0, 15.0, 11.0, 9.0, 8.0)),
    (45, (30.0, 20.0, 14.0, 10.0, 8.0, 6.5, 5.0, 3.5, 3.0)),
    (100, (25.0, 16.0, 11.0, 8.5, 7.0, 5.5, 4.5, 3.5, 2.5,
           2.0, 2.0, 2.0, 2.0, 2.0, 1.75, 1.75, 1.5, 1.5)),
)  # fmt: skip


def payout_table(name: str | Sequence[float], entries: int) -> list[float]:
    """The percentages paid for a field of ``entries``: a preset (``standard``,
    ``winner``) or the host's own list (first place first, adding up to 100), never
    more places than ``entries``.

    >>> payout_table("standard", 9), payout_table("winner", 9)
    ([50.0, 30.0, 20.0], [100.0])
    >>> payout_table("70,30", 9)
    [70.0, 30.0]
    >>> payout_table([60, 30], 9)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: payouts 60, 30 add up to 90%: give percentages ...
    """
    if entries < 1:
        raise ConfigurationError(f"{entries} entries: a payout table needs a field")
    if isinstance(name, str):
        key = name.strip().lower()
        if key == "winner":
            return [100.0]
        if key == "standard":
            return list(next((p for most, p in STANDARD if entries <= most), STANDARD[-1][1]))
        try:
            table = [float(w) for w in key.split(",")]
        except ValueError:
            raise ConfigurationError(
                f"payouts {name!r}: choose standard or winner, or give percentages such as 50,30,20"
            ) from None
    else:
        table = [float(p) for p in name]
    shown = ", ".join(f"{p:g}" for p in table)
    if not table or any(not math.isfinite(p) or p < 0 for p in table):
        raise ConfigurationError(f"payouts {shown}: give percentages of 0 or more")
    if abs(math.fsum(table) - 100) > 1e-9:
        raise ConfigurationError(
            f"payouts {shown} add up to {math.fsum(table):g}%: give percentages adding up to 100"
        )
    if any(a < b for a, b in itertools.pairwise(table)):
        raise ConfigurationError(f"payouts {shown}: a place never pays more than the one above")
    if len(table) > entries:
        raise ConfigurationError(f"payouts {shown}: {len(table)} places for {entries} entries")
    return table


def split(total: int, weights: Sequence[float]) -> list[int]:
    """``total`` whole units shared in proportion to ``weights`` (largest remainders get
    the odd units; on equal remainders the earlier share): the parts add up to ``total``.

    >>> split(10, [1, 1, 1]), split(7, [0, 2, 1])
    ([4, 3, 3], [0, 5, 2])
    """
    whole = math.fsum(weights)
    if total < 0 or not weights or whole <= 0:
        raise ConfigurationError(f"cannot share {total} by {list(weights)}")
    exact = [total * w / whole for w in weights]
    parts = [math.floor(x) for x in exact]
    rest = total - sum(parts)
    by_remainder = sorted(range(len(parts)), key=lambda i: (-(exact[i] - parts[i]), i))
    for i in by_remainder[:rest]:
        parts[i] += 1
    return parts


def prizes(pool: int, table: Sequence[float]) -> list[int]:
    """Whole-unit prizes of ``pool`` by the percentages ``table``: each place the whole
    units of its share, the odd units to the top places, one each; they add up to
    ``pool``."""
    parts = [math.floor(pool * p / 100 + 1e-9) for p in table]
    for i in range(pool - sum(parts)):
        parts[i % len(parts)] += 1
    return parts


def icm_deal(stacks: Sequence[int], remaining: Sequence[int]) -> list[int]:
    """A deal by ICM: the prizes still to be won (``remaining``, first place first,
    one per player left or fewer) shared by each stack's Malmuth–Harville equity
    (:func:`straights.icm.icm`), in whole units adding up to the prizes."""
    from straights.icm import icm

    paid = list(remaining[: len(stacks)])
    return split(sum(paid), icm(list(stacks), paid).equities)


def chip_deal(stacks: Sequence[int], remaining: Sequence[int]) -> list[int]:
    """A chip-count deal ("chip chop"): everyone is sure of the smallest prize still to
    be won (``0`` when there are more players than prizes); the rest of the money is
    shared in proportion to the chips."""
    paid = list(remaining[: len(stacks)]) + [0] * max(len(stacks) - len(remaining), 0)
    floor = paid[-1]
    shares = split(sum(paid) - floor * len(stacks), list(stacks))
    return [floor + s for s in shares]
