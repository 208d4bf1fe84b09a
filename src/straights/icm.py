"""The Independent Chip Model: what a tournament stack is worth in prize money.

Malmuth–Harville: a player finishes first with probability stack / total chips;
given the players placed so far, each of the others takes the next place with
probability his stack / the chips still unplaced.  A player's equity is the sum
over places of the chance to finish there times the prize.

* :func:`icm` — exact when the recursion over sets of placed players is small
  enough (at most :data:`EXACT_LIMIT` sets), else Monte Carlo;
* the Monte Carlo draws Harville's finishing orders directly: give player ``i``
  an exponential time ``E_i / stack_i`` (``E_i`` standard exponential) and rank
  the times, fastest first.  The fastest of independent exponentials is player
  ``i`` with probability ``stack_i / total``, and by memorylessness the same
  holds for every later place among those left — Harville's model exactly (the
  "exponential race" construction of the Plackett–Luce model).  Each equity
  comes with its standard error.

Three players, 5000, 3000 and 2000 chips, prizes 50, 30 and 20, worked out by
hand in ``tests/test_icm.py``:

>>> r = icm([5000, 3000, 2000], [50, 30, 20])
>>> [round(e, 4) for e in r.equities], r.exact
([38.3929, 32.75, 28.8571], True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from straights.errors import ConfigurationError

__all__ = ["EXACT_LIMIT", "IcmResult", "icm"]

#: Solve exactly when the recursion visits at most this many sets of placed players.
EXACT_LIMIT: Final = 2_000_000
#: Monte Carlo finishing orders drawn when the exact recursion is too big.
DEFAULT_SAMPLES: Final = 200_000
_BLOCK: Final = 20_000


@dataclass(frozen=True)
class IcmResult:
    """Each player's prize equity (in the payouts' unit) and place probabilities.

    ``places[i][k]``: the chance that player ``i`` finishes in place ``k + 1``
    (paid places only).  ``equities_se``: Monte Carlo standard errors (zeros when
    ``exact``); ``samples``: orders drawn (0 when exact).
    """

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    equities: tuple[float, ...]
    places: tuple[tuple[float, ...], ...]
    exact: bool
    samples: int = 0
    equities_se: tuple[float, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: one row per player."""
        se = self.equities_se or (0.0,) * len(self.stacks)
        return {
            "method": "exact" if self.exact else "monte-carlo",
            "samples": self.samples,
            "payouts": list(self.payouts),
            "players": [
                {"stack": s, "equity": e, "equity_se": d, "places": list(p)}
                for s, e, d, p in zip(self.stacks, self.equities, se, self.places, strict=True)
            ],
        }


def exact_states(players: int, paid: int) -> int:
    """How many sets of placed players the exact recursion visits.

    >>> exact_states(3, 3), exact_states(10, 9), exact_states(100, 10)
    (7, 1013, 2105598691396)
    """
    return sum(math.comb(players, j) for j in range(min(paid, players)))


def icm(
    stacks: Sequence[float],
    payouts: Sequence[float],
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> IcmResult:
    """Malmuth–Harville equities of ``stacks`` for the prizes ``payouts`` (first place first).

    ``exact=None`` solves exactly when :func:`exact_states` is at most
    :data:`EXACT_LIMIT` and samples otherwise; ``exact=True`` insists (and refuses a
    field too big), ``exact=False`` or ``samples=N`` samples.

    >>> icm([1, 1], [10]).equities
    (5.0, 5.0)
    >>> icm([0, 5], [10])
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: stack 1 is 0: every stack must be positive ...
    """
    chips = [float(s) for s in stacks]
    prizes = [float(p) for p in payouts]
    _check(chips, prizes)
    states = exact_states(len(chips), len(prizes))
    if exact and samples is not None:
        raise ConfigurationError("choose exact or samples, not both")
    if exact and states > EXACT_LIMIT:
        raise ConfigurationError(
            f"{len(chips)} players and {len(prizes)} paid places: the exact recursion visits "
            f"{states:,} sets (limit {EXACT_LIMIT:,}); use the Monte Carlo (leave out --exact)"
        )
    if samples is None and exact is not False and states <= EXACT_LIMIT:
        return _exact(chips, prizes)
    return _sample(chips, prizes, samples or DEFAULT_SAMPLES, seed)


def _check(chips: list[float], prizes: list[float]) -> None:
    if len(chips) < 2:
        raise ConfigurationError(f"{len(chips)} stack given: ICM needs at least two players")
    if not prizes:
        raise ConfigurationError("no payouts given: list the prizes, first place first")
    for i, s in enumerate(chips, start=1):
        if not math.isfinite(s) or s <= 0:
            raise ConfigurationError(
                f"stack {i} is {s:g}: every stack must be positive (a busted player is out)"
            )
    for k, p in enumerate(prizes, start=1):
        if not math.isfinite(p) or p < 0:
            raise ConfigurationError(f"payout {k} is {p:g}: prizes must be zero or more")
    if len(prizes) > len(chips):
        raise ConfigurationError(
            f"{len(prizes)} payouts for {len(chips)} players: list only the prizes still to be won"
        )


def _exact(chips: list[float], prizes: list[float]) -> IcmResult:
    """The recursion over the sets of players already placed, place by place."""
    n, paid = len(chips), len(prizes)
    total = sum(chips)
    places = [[0.0] * paid for _ in range(n)]
    layer: dict[int, tuple[float, float]] = {0: (1.0, 0.0)}  # set -> (probability, its chips)
    for place in range(paid):
        following: dict[int, tuple[float, float]] = {}
        for mask, (prob, placed) in layer.items():
            left = total - placed
            for i in range(n):
                if mask >> i & 1:
                    continue
                p = prob * chips[i] / left
                places[i][place] += p
                if place + 1 < paid:
                    key = mask | 1 << i
                    q, _ = following.get(key, (0.0, 0.0))
                    following[key] = (q + p, placed + chips[i])
        layer = following
    equities = tuple(math.fsum(p * w for p, w in zip(row, prizes, strict=True)) for row in places)
    return IcmResult(tuple(chips), tuple(prizes), equities,
                     tuple(tuple(row) for row in places), True, 0, (0.0,) * n)  # fmt: skip


def _sample(chips: list[float], prizes: list[float], samples: int, seed: int | None) -> IcmResult:
    """Harville finishing orders drawn as exponential races (needs numpy)."""
    from straights.extras import require

    require("fast", "ICM's Monte Carlo")
    import numpy as np

    n, paid = len(chips), len(prizes)
    rng = np.random.default_rng(seed)
    rate = np.asarray(chips, dtype=np.float64)
    prize = np.asarray(prizes, dtype=np.float64)
    counts = np.zeros((n, paid), dtype=np.float64)
    total = np.zeros(n)
    square = np.zeros(n)
    done = 0
    while done < samples:
        m = min(_BLOCK, samples - done)
        times = rng.standard_exponential((m, n)) / rate
        if paid < n:
            top = np.argpartition(times, paid - 1, axis=1)[:, :paid]
            order = np.take_along_axis(
                top, np.argsort(np.take_along_axis(times, top, axis=1), axis=1), axis=1
            )
        else:
            order = np.argsort(times, axis=1)
        won = np.zeros((m, n))
        rows = np.arange(m)
        for k in range(paid):
            won[rows, order[:, k]] = prize[k]
            np.add.at(counts[:, k], order[:, k], 1.0)
        total += won.sum(axis=0)
        square += (won * won).sum(axis=0)
        done += m
    mean = total / samples
    var = np.maximum(square / samples - mean * mean, 0.0)
    se = np.sqrt(var / max(samples - 1, 1))
    return IcmResult(
        tuple(chips),
        tuple(prizes),
        tuple(float(x) for x in mean),
        tuple(tuple(float(x) / samples for x in row) for row in counts),
        False,
        samples,
        tuple(float(x) for x in se),
    )
