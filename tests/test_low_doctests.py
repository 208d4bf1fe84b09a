"""The examples in the docstrings of the low, three-card and split modules run as written."""

from __future__ import annotations

import doctest
from pathlib import Path
from types import ModuleType

import pytest

from straights.rankings import low, split, three_card


@pytest.mark.parametrize("module", [low, three_card, split], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_docs_page_examples() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "low-and-three-card.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0
