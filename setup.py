"""The compiled parts, each optional: the install goes on in pure Python without them.

* ``straights._speedups``: the one-hand key functions in C, built when a C compiler is
  present (``straights.rankings.speed`` chooses it or the pure-Python keys).
* The engine modules (:data:`ENGINE`) compiled with mypyc, when mypyc (it comes with
  mypy, a build requirement in pyproject.toml) and a C compiler are present: the same
  Python source, about twice as fast for whole hands.  The ``.py`` files stay the
  definition; ``tests/test_engine_compiled.py`` plays both action by action.  Set
  ``STRAIGHTS_PURE=1`` at install time to skip this step.
* The research environments' action layout, dealer and observation encoder
  (:data:`RL`), compiled the same way, in one group with the engine (the dealer then
  reads the deal's fields and calls its methods natively); if mypyc refuses that,
  each in a group of its own (so that the engine is compiled even if they cannot be):
  about 1.6x the AEC steps of a game.  They import
  NumPy, which pip's isolated build environment does not hold, so mypyc reads them
  with :data:`RL_MYPY_CONFIG`: NumPy and Numba are never read (their values are plain
  Python objects to the compiled code, whether or not they are installed), and the
  strict checks that ``make typecheck`` runs with NumPy's types are left to it.
  ``tests/test_rl_observation_incremental.py`` plays the compiled dealer step by step
  against its source, and both against the encoding made afresh.

Everything else is in pyproject.toml.
"""

import os
import tempfile

from setuptools import Extension, setup

#: The modules of the one engine compiled with mypyc (paths from the project root).
ENGINE = [
    "src/straights/poker/engine.py",
    "src/straights/poker/showdown.py",
    "src/straights/poker/cards_source.py",
]

#: The modules of the environments compiled with mypyc (their own group).
RL = [
    "src/straights/poker/actions.py",
    "src/straights/rl/dealer.py",
    "src/straights/rl/observation.py",
]

#: The mypy configuration mypyc reads :data:`RL` with: NumPy and Numba are skipped (typed
#: ``Any``), so that the build needs neither and compiles the same code whether or not
#: they are installed; only the compiled modules must type-check (the modules they import
#: use NumPy's types in their annotations, which mean nothing without NumPy).
RL_MYPY_CONFIG = """\
[mypy]
ignore_missing_imports = True
ignore_errors = True
[mypy-numpy,numpy.*,numba,numba.*]
follow_imports = skip
follow_imports_for_stubs = True
[mypy-straights.poker.actions,straights.rl.dealer,straights.rl.observation]
ignore_errors = False
"""

#: :data:`RL_MYPY_CONFIG` for :data:`ENGINE` and :data:`RL` compiled as one group.
ONE_GROUP_MYPY_CONFIG = (
    RL_MYPY_CONFIG
    + """\
[mypy-straights.poker.engine,straights.poker.showdown,straights.poker.cards_source]
ignore_errors = False
"""
)


def compiled_extensions() -> list[Extension]:
    """The mypyc extensions of :data:`ENGINE` and :data:`RL` as one group (the
    environments then call the engine's methods and read its fields as native code: an
    AEC step about a tenth quicker); if mypyc refuses that, each in a group of its own."""
    return engine_extensions([*ENGINE, *RL], ONE_GROUP_MYPY_CONFIG) or [
        *engine_extensions(),
        *engine_extensions(RL, RL_MYPY_CONFIG),
    ]


def engine_extensions(paths: list[str] = ENGINE, config: str | None = None) -> list[Extension]:
    """The mypyc extensions of ``paths``, optional; none without mypyc.  ``config``: a
    mypy configuration to read them with, in place of pyproject.toml's."""
    if os.environ.get("STRAIGHTS_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    options: list[str] = []
    if config is not None:
        handle, name = tempfile.mkstemp(suffix=".ini", prefix="straights-mypyc-")
        with os.fdopen(handle, "w") as file:
            file.write(config)
        options = ["--config-file", name]
    try:
        extensions = mypycify([*options, *paths], opt_level="3")
    except (Exception, SystemExit) as error:  # mypyc refused the sources: stay pure Python
        print(f"straights: {', '.join(paths)} stay pure Python ({error})")
        return []
    finally:
        if options:
            os.unlink(options[1])
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
        *compiled_extensions(),
    ]
)
