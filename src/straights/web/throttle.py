"""Per-connection flood control: a token bucket.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0)]
[True, True, False]
>>> bucket.take(1.0)
True
"""

from __future__ import annotations

import time


class TokenBucket:
    """Allow ``burst`` messages at once and ``rate`` per second after that."""

    __slots__ = ("_level", "_stamp", "burst", "rate", "refused")

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self._level = float(burst)
        self._stamp = time.monotonic() if now is None else now
        self.refused = 0

    def take(self, now: float | None = None) -> bool:
        """Spend one token; False (and count a refusal) when the bucket is empty."""
        now = time.monotonic() if now is None else now
        self._level = min(self.burst, self._level + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._level >= 1.0:
            self._level -= 1.0
            return True
        self.refused += 1
        return False
