"""How far the long differential and exhaustive suites run.

``make test`` (and so CI) runs each at its *CI size*, which keeps the whole suite
well inside CI's time on two cores; ``STRAIGHTS_FULL_TESTS=1`` (``make test-full``)
runs each at the *full size* its docstring and the docs quote, as is done and
reported before a release (docs/performance.md, "The long suites at full size").

>>> size(1_000, 10_000) == (10_000 if FULL else 1_000)
True
"""

from __future__ import annotations

import os

#: Whether the long suites run at their full size.
FULL = os.environ.get("STRAIGHTS_FULL_TESTS", "") not in ("", "0")


def size(ci: int, full: int) -> int:
    """``full`` when the long suites run at full size, else ``ci``."""
    return full if FULL else ci
