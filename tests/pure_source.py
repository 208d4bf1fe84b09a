"""Modules executed again from their ``.py`` source, beside the (maybe compiled) ones
``import`` gives: what the tests of compiled modules compare them with."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_from_source(names: tuple[str, ...]) -> dict[str, ModuleType]:
    """``names`` (in the order they import one another) executed again from their
    ``.py`` files, each importing the others' source versions; ``sys.modules`` is
    restored after.

    >>> pure = load_from_source(("straights.errors",))
    >>> pure["straights.errors"] is sys.modules["straights.errors"]
    False
    """
    saved = {name: importlib.import_module(name) for name in names}
    pure: dict[str, ModuleType] = {}
    try:
        for name in names:
            compiled = str(saved[name].__file__)
            path = Path(compiled).parent / f"{name.split('.')[-1]}.py"
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = pure[name] = module
            spec.loader.exec_module(module)
    finally:
        sys.modules.update(saved)
    return pure
