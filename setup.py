"""The compiled parts, each optional: the install goes on in pure Python without them.

* ``straights._speedups``: the one-hand key functions in C, built when a C compiler is
  present (``straights.rankings.speed`` chooses it or the pure-Python keys).
* The engine modules (:data:`ENGINE`) compiled with mypyc, when mypyc (it comes with
  mypy, a build requirement in pyproject.toml) and a C compiler are present: the same
  Python source, about twice as fast for whole hands.  The ``.py`` files stay the
  definition; ``tests/test_engine_compiled.py`` plays both action by action.  Set
  ``STRAIGHTS_PURE=1`` at install time to skip this step.

The research environments' dealer and encoder are not compiled at install: mypyc
type-checks what they import, NumPy and Numba, which the isolated build environment
does not hold (compiled by hand they took 12.5 µs a step against 20 µs; see
docs/performance.md).

Everything else is in pyproject.toml.
"""

import os

from setuptools import Extension, setup

#: The modules of the one engine compiled with mypyc (paths from the project root).
ENGINE = [
    "src/straights/poker/engine.py",
    "src/straights/poker/showdown.py",
    "src/straights/poker/cards_source.py",
]


def engine_extensions(paths: list[str] = ENGINE) -> list[Extension]:
    """The mypyc extensions of ``paths``, optional; none without mypyc."""
    if os.environ.get("STRAIGHTS_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    try:
        extensions = mypycify(paths, opt_level="3")
    except (Exception, SystemExit) as error:  # mypyc refused the sources: stay pure Python
        print(f"straights: {', '.join(paths)} stay pure Python ({error})")
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


setup(
    ext_modules=[
        Extension(
            "straights._speedups",
            ["src/straights/_speedups.c"],
            optional=True,
            extra_compile_args=["-O3"],
        ),
        *engine_extensions(),
    ]
)
