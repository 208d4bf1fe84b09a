"""The one compiled part: ``straights._speedups``, built when a C compiler is present.

Everything else is in pyproject.toml.  ``optional=True``: without a compiler the
install goes on without the module and the pure-Python key functions are used
(``straights.rankings.speed`` chooses), so a machine with only Python still installs.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "straights._speedups",
            ["src/straights/_speedups.c"],
            optional=True,
            extra_compile_args=["-O3"],
        )
    ]
)
