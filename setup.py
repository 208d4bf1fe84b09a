"""The compiled parts, each optional: the install goes on in pure Python without them.

* ``straights._speedups``: the one-hand key functions in C, built when a C compiler is
  present (``straights.rankings.speed`` chooses it or the pure-Python keys).
* The engine modules (:data:`ENGINE`) compiled with mypyc, when mypyc (it comes with
  mypy, a build requirement in pyproject.toml) and a C compiler are present: the same
  Python source, about twice as fast for whole hands.  The ``.py`` files stay the
  definition; ``tests/test_engine_compiled.py`` plays both action by action.  Set
  ``STRAIGHTS_PURE=1`` at install time to skip this step.

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


def engine_extensions() -> list[Extension]:
    """The mypyc extensions of :data:`ENGINE`, optional; none without mypyc."""
    if os.environ.get("STRAIGHTS_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    try:
        extensions = mypycify(ENGINE, opt_level="3")
    except Exception as error:  # a mypyc that cannot read the sources: stay pure Python
        print(f"straights: the engine stays pure Python ({error})")
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
