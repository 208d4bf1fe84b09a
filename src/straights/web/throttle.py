"""Per-connection flood control: a token bucket.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0)]
[True, True, False]
>>> bucket.take(1.0)
True

Limits "per address" count an IPv6 client by its /64 network, which is what one
household or one server is given (:func:`address_key`).
"""

from __future__ import annotations

import ipaddress
import time


def address_key(address: str) -> str:
    """The key per-address limits count by: an IPv4 address, or an IPv6 /64 network.

    >>> address_key("203.0.113.7"), address_key("2001:db8:1:2:aaaa::1"), address_key("::1")
    ('203.0.113.7', '2001:db8:1:2::/64', '::1')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and not ip.is_loopback:
        mapped = ip.ipv4_mapped
        if mapped is not None:
            return str(mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


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
