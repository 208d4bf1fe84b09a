"""The examples in the docstrings of the low, three-card and split modules run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from straights.rankings import low, split, three_card


@pytest.mark.parametrize("module", [low, three_card, split], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
