"""Watch Numba compile: :func:`watch_compilation` reports any compilation that happens
(a fresh install, a Numba upgrade, an edited kernel); the CLI shows a spinner while it
lasts.  The steps that compile everything ahead of time are :data:`straights.warmup.STEPS`
(``straights warm-up``), above every layer whose kernels they call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from numba.core import event

__all__ = ["compiling", "watch_compilation"]


class _Watcher(event.Listener):
    """Calls ``on_start`` when an outermost compilation begins, ``on_end`` when it ends."""

    def __init__(self, on_start: Callable[[], Any], on_end: Callable[[], Any]) -> None:
        self._depth = 0
        self._on_start, self._on_end = on_start, on_end

    def on_start(self, event: event.Event) -> None:
        self._depth += 1
        if self._depth == 1:
            self._on_start()

    def on_end(self, event: event.Event) -> None:  # also when compiling raised
        self._depth -= 1
        if self._depth == 0:
            self._on_end()


def watch_compilation(on_start: Callable[[], Any], on_end: Callable[[], Any]) -> Callable[[], None]:
    """From now on, call ``on_start``/``on_end`` around each Numba compilation (loading a
    cached kernel is none); returns the function that stops watching."""
    watcher = _Watcher(on_start, on_end)
    event.register("numba:compile", watcher)  # type: ignore[no-untyped-call]
    return lambda: event.unregister("numba:compile", watcher)  # type: ignore[no-untyped-call]


@contextmanager
def compiling(on_start: Callable[[], Any], on_end: Callable[[], Any]) -> Iterator[None]:
    """:func:`watch_compilation` within a block.

    >>> from numba import njit
    >>> twice = njit(lambda x: 2 * x)        # not cached: the first call compiles
    >>> seen = []
    >>> with compiling(lambda: seen.append("start"), lambda: seen.append("end")):
    ...     twice(21), twice(4)
    (42, 8)
    >>> seen
    ['start', 'end']
    """
    stop = watch_compilation(on_start, on_end)
    try:
        yield
    finally:
        stop()
