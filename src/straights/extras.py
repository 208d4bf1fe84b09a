"""The optional parts of the package and the one check that names a missing one.

The core (cards, rankings, the game, bots, the store and the CLI) needs only
Typer, Rich, SQLAlchemy, Alembic and platformdirs.  Heavier parts are extras,
installed with ``pip install 'straights[NAME]'`` and imported only by the code
that uses them:

=========  ==============================================  ============================
extra      what it enables                                 modules
=========  ==============================================  ============================
``fast``   ``odds``, fast ``stats``, :mod:`straights.fast`    numpy, numba
``web``    ``serve``: the web table                        starlette, uvicorn, …
``plot``   ``--plot`` charts                               matplotlib
``ray``    :class:`straights.scale.RayExecutor`            ray
``rl``     :mod:`straights.rl`: research environments      numpy, pettingzoo, gymnasium
=========  ==============================================  ============================

``all`` is ``fast``, ``web``, ``plot`` and ``rl``: everything one machine uses (Ray,
some 600 MB, is for clusters and stays apart); ``dev`` is ``all`` and ``ray`` plus
the test and lint tools.  Every heavy import goes through :func:`require`, so a
missing extra is one clear line (:class:`~straights.errors.MissingExtraError`),
never a traceback:

>>> require("fast", "straights odds")    # numpy and numba are installed here
>>> require("colour", "x")
Traceback (most recent call last):
...
straights.errors.ConfigurationError: 'colour' is not an extra: choose fast, web, plot, ray or rl
"""

from __future__ import annotations

import importlib
from typing import Final

from straights.errors import ConfigurationError, MissingExtraError

__all__ = ["EXTRAS", "available", "require"]

#: The modules each extra provides (top-level import names, in import order).
EXTRAS: Final[dict[str, tuple[str, ...]]] = {
    "fast": ("numpy", "numba"),
    "web": ("pydantic", "starlette", "uvicorn", "websockets", "grapheme", "orjson", "icu"),
    "plot": ("matplotlib",),
    "ray": ("ray",),
    "rl": ("numpy", "pettingzoo", "gymnasium"),
}


def _modules(extra: str) -> tuple[str, ...]:
    try:
        return EXTRAS[extra]
    except KeyError:
        names = ", ".join(list(EXTRAS)[:-1]) + f" or {list(EXTRAS)[-1]}"
        raise ConfigurationError(f"{extra!r} is not an extra: choose {names}") from None


def require(extra: str, what: str) -> None:
    """Import the modules of ``extra``, or raise :class:`MissingExtraError` naming the fix.

    ``what`` names the feature that needs them (``"straights odds"``, ``"--plot"``).
    Call it right before the heavy import, and early in a command (before a long
    computation) when an option such as ``--plot`` will need an extra later.
    """
    for module in _modules(extra):
        try:
            importlib.import_module(module)
        except ImportError as exc:
            missing = isinstance(exc, ModuleNotFoundError) and exc.name == module
            why = "is not installed" if missing else f"does not import ({exc})"
            raise MissingExtraError(
                f"{what} needs {module}, which {why}: pip install 'straights[{extra}]'"
            ) from exc


def available(extra: str) -> bool:
    """True when every module of ``extra`` imports (for optional speed-ups, not errors).

    >>> available("fast")
    True
    """
    try:
        require(extra, extra)
    except MissingExtraError:
        return False
    return True
