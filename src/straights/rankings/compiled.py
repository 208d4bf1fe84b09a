"""The compiled twins of the one-hand key functions, when the install built them.

``pip install`` (``make play``, ``make test``) compiles the C module
``straights._speedups`` when a C compiler is present; without one the install
goes on and :data:`speedups` is ``None``.  The readable modules define every
value: :mod:`straights.rankings.high`, :mod:`~straights.rankings.low`,
:mod:`~straights.rankings.badugi`, :mod:`~straights.rankings.three_card` and
:mod:`~straights.rankings.high_family` (short deck, wild cards) bind their public
key functions to the compiled ones when they exist, and hand each compiled
function its Python twin for whatever it does not take (sizes out of range, bad
ids), so every input gets the Python answer or the Python error.  ``tests/test_speedups*.py``
check them equal on random hands of every size.

``STRAIGHTS_PURE_PYTHON=1`` in the environment ignores the compiled module (for
measuring the Python path, or ruling the C out when hunting a bug).

>>> from straights.rankings.high import high_key, python_high_key, ids_of
>>> high_key(ids_of('As Ks Qs Js Ts 2c 2d')) == python_high_key(ids_of('As Ks Qs Js Ts 2c 2d'))
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["speedups"]


def _load() -> ModuleType | None:
    if os.environ.get("STRAIGHTS_PURE_PYTHON"):
        return None
    try:
        return importlib.import_module("straights._speedups")
    except ImportError:
        return None


#: ``straights._speedups``, or ``None`` when it was not built (or is switched off).
speedups: ModuleType | None = _load()
