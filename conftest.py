"""Collection of the whole run: the doctests of the engine modules compiled with mypyc.

When ``setup.py`` compiled ``poker/engine.py`` (and its neighbours), ``import`` gives the
compiled module, whose docstrings pytest cannot collect from the ``.py`` file; those
files are then left out here and ``tests/test_engine_compiled.py`` runs their doctests
on the modules loaded again from the ``.py`` source (``poker/actions.py``,
``rl/dealer.py`` and ``rl/observation.py``: ``tests/test_rl_observation_incremental.py``).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: The modules setup.py compiles (as in its ``ENGINE`` and ``RL``), by folder and name.
COMPILED = {
    ("poker", "engine"), ("poker", "showdown"), ("poker", "cards_source"),
    ("poker", "actions"), ("rl", "dealer"), ("rl", "observation"),
}  # fmt: skip


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out a compiled module's ``.py`` (its doctests run elsewhere)."""
    if (collection_path.parent.name, collection_path.stem) not in COMPILED:
        return None
    if collection_path.suffix != ".py":
        return None
    built = (collection_path.with_name(collection_path.stem + s) for s in EXTENSION_SUFFIXES)
    return True if any(p.exists() for p in built) else None
