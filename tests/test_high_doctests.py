"""The docstring examples of the high-hand modules run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "straights.rankings.high",
    "straights.rankings.wild",
    "straights.rankings.high_family",
    "straights.frequencies",
    "straights.cli.rank",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


def test_docs_rankings_examples_run() -> None:
    from pathlib import Path

    path = Path(__file__).parent.parent / "docs" / "rankings.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.attempted >= 15
    assert result.failed == 0
