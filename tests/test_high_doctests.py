"""The docstring examples of the high-hand modules run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "straights.rankings.high",
    "straights.rankings.wild",
    "straights.rankings.high_family",
    "straights.tables",
    "straights.cli.rank",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
