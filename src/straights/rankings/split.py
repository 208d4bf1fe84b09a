"""High-low split: share a pot between the best high hand and the best low hand.

The pot is cut in two halves.  The best high hand takes the high half, the
best qualifying low hand the low half; equal hands share their half; one hand
that wins both halves *scoops* the pot.  When no hand has a low (every low is
missing or fails its qualifier) the high hand takes the whole pot.

Odd chips (``rankings.md``), option ``odd_chip``:

* ``'high'`` (default): an odd chip between the halves goes to the high half.
  Within a half shared by equal hands, leftover chips go one each to the
  winners in seat order — list hands from the first seat after the button.
* ``'suit'``: every odd chip goes by *high card by suit*: to the winner holding
  the highest card (rank first, then bridge order c < d < h < s), then the next.

Chips are integers and always conserved: ``sum(result.shares) == pot``.

>>> from straights.rankings.base import evaluate
>>> hands = ['Ah Kh Qh', '3c 2d Ac', '5s 4s 2c']
>>> result = high_low(hands, 11, high='three-card', low='ace-to-three',
...                   high_options={'straights': True})
>>> result.shares
(6, 5, 0)
>>> result.reasons[0]
'high half 6: hand 1 wins with Straight flush, ace high (A-K-Q)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from straights.cards import SPECIAL_BASE, Card, CardsLike
from straights.errors import ConfigurationError
from straights.rankings.base import HandValue, evaluate

__all__ = ["ODD_CHIP_RULES", "SplitResult", "high_low", "split_pot"]

ODD_CHIP_RULES: Final = ("high", "suit")


@dataclass(frozen=True)
class SplitResult:
    """Who gets how many chips, and why.

    ``shares[i]`` is hand ``i``'s chips; ``high_winners`` and ``low_winners``
    are hand indices (``low_winners`` is empty when no low qualifies);
    ``scoop`` is the index of a hand that took the whole pot, else ``None``.
    """

    pot: int
    shares: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_half: int
    low_half: int
    scoop: int | None
    reasons: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description."""
        return {
            "pot": self.pot,
            "shares": list(self.shares),
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
            "high_half": self.high_half,
            "low_half": self.low_half,
            "scoop": self.scoop,
            "reasons": list(self.reasons),
        }


def _best(values: Sequence[HandValue | None]) -> tuple[int, ...]:
    """Indices of the best values (comparison raises across rankings)."""
    present = [(i, v) for i, v in enumerate(values) if v is not None]
    if not present:
        return ()
    top = present[0][1]
    for _, v in present[1:]:
        if v > top:
            top = v
    return tuple(i for i, v in present if v == top)


def _qualifies(value: HandValue | None) -> bool:
    return value is not None and value.category != "no low"


def _high_card_by_suit(value: HandValue | None) -> int:
    """Id of the highest ranked card (ids order by rank, then bridge suit); -1 if none."""
    if value is None:
        return -1
    ids = [c.id for c in (value.source or value.cards) if c.id < SPECIAL_BASE]
    return max(ids, default=-1)


def _names(indices: Sequence[int]) -> str:
    """Hands named for people, counted from 1 (index 0 is "hand 1").

    >>> _names([0]), _names([0, 2, 3])
    ('hand 1', 'hands 1, 3 and 4')
    """
    if len(indices) == 1:
        return f"hand {indices[0] + 1}"
    return "hands " + ", ".join(str(i + 1) for i in indices[:-1]) + f" and {indices[-1] + 1}"


def split_pot(
    pot: int,
    high: Sequence[HandValue | None],
    low: Sequence[HandValue | None] | None = None,
    *,
    odd_chip: str = "high",
) -> SplitResult:
    """Share ``pot`` chips between the hands' ``high`` and ``low`` values.

    ``high[i]`` and ``low[i]`` belong to hand ``i``; ``None`` means the hand
    does not contend for that half.  A low whose category is ``'no low'``
    (it failed its qualifier) does not contend either.

    >>> from straights.rankings.base import evaluate
    >>> hi = [evaluate(h, ranking='three-card') for h in ('Kc Kd 2h', 'Qs Qh 3c')]
    >>> lo = [evaluate(h, ranking='ace-to-three') for h in ('Kc Kd 2h', 'Qs Qh 3c')]
    >>> split_pot(7, hi, lo).shares
    (4, 3)
    >>> six = [evaluate(h, ranking='ace-to-three', qualifier=6) for h in ('Kc Kd 2h', 'Qs Qh 3c')]
    >>> split_pot(7, hi, six).shares, split_pot(7, hi, six).scoop
    ((7, 0), 0)
    """
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise ConfigurationError(f"pot={pot!r} is not a number of chips: give an int >= 0")
    if odd_chip not in ODD_CHIP_RULES:
        raise ConfigurationError(
            f"odd_chip={odd_chip!r} is not a rule: choose one of {', '.join(ODD_CHIP_RULES)}"
        )
    lows: Sequence[HandValue | None] = low if low is not None else [None] * len(high)
    if len(lows) != len(high):
        raise ConfigurationError(
            f"{len(high)} high values but {len(lows)} low values: give one of each per hand "
            "(None where a hand does not contend)"
        )
    high_winners = _best(high)
    if not high_winners:
        raise ConfigurationError("no hand contends for the pot: give at least one high value")
    low_winners = _best([v if _qualifies(v) else None for v in lows])

    def by_suit(i: int) -> tuple[int, int]:
        return (-max(_high_card_by_suit(high[i]), _high_card_by_suit(lows[i])), i)

    order = (lambda i: (0, i)) if odd_chip == "high" else by_suit
    shares = [0] * len(high)
    reasons: list[str] = []
    if not low_winners:
        high_half, low_half = pot, 0
    elif odd_chip == "high" or pot % 2 == 0:
        high_half, low_half = pot - pot // 2, pot // 2
    else:
        first = min(high_winners + low_winners, key=by_suit)
        to_high = first in high_winners
        high_half, low_half = (pot // 2 + 1, pot // 2) if to_high else (pot // 2, pot // 2 + 1)
    for label, winners, half, values in (
        ("high", high_winners, high_half, high),
        ("low", low_winners, low_half, lows),
    ):
        if not winners:
            continue
        each, extra = divmod(half, len(winners))
        for i in winners:
            shares[i] += each
        lucky = sorted(winners, key=order)[:extra]
        for i in lucky:
            shares[i] += 1
        best = values[winners[0]]
        verb = "wins" if len(winners) == 1 else "split"
        text = f"{label} half {half}: {_names(winners)} {verb} with {best}"
        if extra:
            rule = "seat order" if odd_chip == "high" else "high card by suit"
            text += f"; odd chip{'s' if extra > 1 else ''} to {_names(lucky)} ({rule})"
        reasons.append(text)
    if not low_winners:
        reasons.append("no low qualifies: the high hand takes the whole pot")
    elif pot % 2:
        side = "high" if high_half > low_half else "low"
        rule = "to the high hand" if odd_chip == "high" else "by high card by suit"
        reasons.append(f"the odd chip of the pot goes to the {side} half ({rule})")
    scoop = None
    if len(set(high_winners) | set(low_winners)) == 1:
        scoop = high_winners[0]
        reasons.append(f"{_names([scoop])} scoops the pot")
    assert sum(shares) == pot
    return SplitResult(
        pot=pot,
        shares=tuple(shares),
        high_winners=high_winners,
        low_winners=low_winners,
        high_half=high_half,
        low_half=low_half,
        scoop=scoop,
        reasons=tuple(reasons),
    )


def high_low(
    hands: Sequence[CardsLike | Sequence[Card]],
    pot: int,
    *,
    high: str = "high",
    low: str = "ace-to-five",
    high_options: Mapping[str, Any] | None = None,
    low_options: Mapping[str, Any] | None = None,
    odd_chip: str = "high",
) -> SplitResult:
    """Evaluate each hand for high and for low by ranking name, then :func:`split_pot`.

    Pass ``low_options={'qualifier': 8}`` for eight or better: the high hand
    then scoops when no low qualifies.
    """
    his = [evaluate(h, ranking=high, **dict(high_options or {})) for h in hands]
    los = [evaluate(h, ranking=low, **dict(low_options or {})) for h in hands]
    return split_pot(pot, his, los, odd_chip=odd_chip)
