"""Fixtures of the web table's tests (the helpers live in ``webtools``, a unique name).

A test marked ``browser`` that fails runs again, up to twice (pytest-rerunfailures):
it drives a real Chromium and a server through wall-clock waits, and on a loaded 2-core
machine (CI runs four workers) a wait can run out where the code is right. A defect that
fails every time still fails the run; the summary counts each rerun (``R``), and the
closing notes report them. ``-p no:rerunfailures`` runs each test once.
"""

from __future__ import annotations

import pytest
from webtools import browser, clients, make_server

__all__ = ["browser", "clients", "make_server"]

#: How many times a failed browser test runs again, and the pause before each.
BROWSER_RERUNS, RERUN_DELAY = 2, 1.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS, reruns_delay=RERUN_DELAY))
