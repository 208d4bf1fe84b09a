"""The rich comparisons every hand value shares: order by ``key``, refuse strangers."""

from __future__ import annotations

from typing import Any


class KeyOrdered:
    """Mixin: ``<`` ``<=`` ``>`` ``>=`` compare ``key`` with another value's.

    Subclasses define ``key`` and ``_other_key(other)``, which returns the
    other value's key or raises :class:`~straights.errors.RankingError` when the
    two are not comparable (another ranking, pack or options).
    """

    __slots__ = ()
    key: Any

    def _other_key(self, other: object) -> Any:
        raise NotImplementedError

    def __lt__(self, other: object) -> bool:
        return bool(self.key < self._other_key(other))

    def __le__(self, other: object) -> bool:
        return bool(self.key <= self._other_key(other))

    def __gt__(self, other: object) -> bool:
        return bool(self.key > self._other_key(other))

    def __ge__(self, other: object) -> bool:
        return bool(self.key >= self._other_key(other))
