"""The ``fast`` extra on the command line: ``straights warm-up``, and a word while kernels compile.

Commands that run Numba kernels (``odds``, and ``stats`` on its kernels) start with
:func:`fast_kernels`: it names the ``pip install`` when the extra is missing,
and from then on shows a spinner on stderr while a kernel compiles —
"compiling the fast kernels, first run only …".  The spinner appears only when
stderr is a terminal: logs and pipes get no animation and no extra lines.
After ``straights warm-up`` (which ``make play`` runs) nothing compiles.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console

from straights.cli.app import app
from straights.extras import require

__all__ = ["COMPILING", "UNCACHED", "fast_kernels", "warm_up"]

COMPILING = "compiling the fast kernels, first run only …"
#: Said once, after the reason, when compiled kernels cannot be kept on disk.
UNCACHED = (
    "compiled kernels and lookup tables are not kept there, so each run may build them "
    "again (a minute or more); set STRAIGHTS_CACHE to a folder you can write"
)

_err = Console(stderr=True, highlight=False)  # resolves sys.stderr at each write
_stop_watching: list[Callable[[], None]] = []


def fast_kernels(command: str) -> Console:
    """Check the ``fast`` extra for ``command`` and announce compilations on stderr.

    Returns the stderr console: a progress bar drawn on it nests with the spinner.
    """
    require("fast", command)
    if not _stop_watching:
        from straights.fast import cache_trouble
        from straights.fast.warm import watch_compilation

        trouble = cache_trouble()
        if trouble is not None:
            _err.print(f"note: {trouble}; {UNCACHED}", markup=False, soft_wrap=True)

        status = _err.status(COMPILING)
        _stop_watching.append(watch_compilation(status.start, status.stop))
    return _err


@app.command("warm-up")
def warm_up(
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing.")] = False,
) -> None:
    """Compile the fast kernels and build the lookup tables now, not on first use.

    `make play` runs it.  About a minute on a fresh install, a second afterwards.
    Example: straights warm-up
    """
    require("fast", "straights warm-up")
    started = time.perf_counter()
    from straights.fast import cache_trouble, kernel_cache_dir

    trouble = cache_trouble()
    if trouble is not None:
        _err.print(f"note: {trouble}; {UNCACHED}", markup=False, soft_wrap=True)
    from straights.fast.warm import STEPS

    for number, (label, step) in enumerate(STEPS, 1):
        began = time.perf_counter()
        with _err.status(f"{label} ({number} of {len(STEPS)}) …", spinner="dots"):
            step()
        if not quiet:
            _err.print(f"[green]✓[/] {label} ({time.perf_counter() - began:.1f} s)")
    if not quiet:
        _err.print(
            f"fast kernels ready in {time.perf_counter() - started:.1f} s "
            f"(cache: {kernel_cache_dir().parent})",
            markup=False,
        )
