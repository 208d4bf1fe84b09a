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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from straights.cli.app import app
from straights.extras import require

__all__ = ["COMPILING", "UNCACHED", "compile_spinner", "fast_kernels", "warm_up"]

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
    compile_spinner()
    return _err


def compile_spinner() -> None:
    """From now on, show :data:`COMPILING` with a spinner on stderr (a terminal only)
    while a Numba kernel compiles; nothing when the ``fast`` extra is not installed
    (whatever needs it says so itself).  ``play`` and ``simulate`` call it for the
    equity bots, which compile on first use unless ``straights warm-up`` ran first."""
    from straights.extras import available

    if not _stop_watching and available("fast"):
        from straights.fast import cache_trouble
        from straights.fast.warm import watch_compilation

        trouble = cache_trouble()
        if trouble is not None:
            _err.print(f"note: {trouble}; {UNCACHED}", markup=False, soft_wrap=True)

        status = _err.status(COMPILING)
        _stop_watching.append(watch_compilation(status.start, status.stop))


@app.command("warm-up")
def warm_up(
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing.")] = False,
    background: Annotated[
        bool,
        typer.Option(
            help="Start the work in a separate low-priority process and return at once "
            "(`make play` does, so the game starts without waiting)."
        ),
    ] = False,
    stamp: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Touch FILE when every step is done (make's record)."),
    ] = None,
    byte_compile: Annotated[
        bool,
        typer.Option(
            help="First write the .pyc files of the installed packages (`make play` has pip "
            "leave them, to start the game sooner)."
        ),
    ] = False,
) -> None:
    """Compile the fast kernels and build the lookup tables now, not on first use.

    Two to three minutes on a fresh install, a few seconds afterwards; one warm-up
    runs at a time (a second one waits for it, or with --background leaves it be).
    Example: straights warm-up
    """
    require("fast", "straights warm-up")
    from straights.fast.lookup import cache_dir

    folder = cache_dir()
    if background:  # never stops `make play`: at worst the kernels compile on first use
        try:
            folder.mkdir(parents=True, exist_ok=True)
            _start_in_background(folder, stamp, quiet, byte_compile)
        except OSError as exc:
            _err.print(f"no warm-up in the background ({exc}): kernels compile on first use",
                       markup=False)  # fmt: skip
        return
    folder.mkdir(parents=True, exist_ok=True)
    with _one_at_a_time(folder / "warm-up.lock", quiet):
        if byte_compile:
            _byte_compile(quiet)
        _warm(quiet)
    if stamp is not None:
        stamp.touch()


def _byte_compile(quiet: bool) -> None:
    """Write the ``.pyc`` files of every installed package, so that no command compiles
    Python sources again (even under ``PYTHONDONTWRITEBYTECODE``)."""
    import compileall
    import sysconfig

    began = time.perf_counter()
    import straights

    paths = sysconfig.get_paths()  # the packages, and this one (an editable install's src)
    folders = dict.fromkeys(
        [paths["purelib"], paths["platlib"], str(Path(straights.__file__).parent)]
    )
    with _err.status("installed packages …", spinner="dots"):
        for folder in folders:
            compileall.compile_dir(folder, quiet=2, workers=1)
    if not quiet:
        _err.print(f"[green]✓[/] installed packages ({time.perf_counter() - began:.1f} s)")


def _warm(quiet: bool) -> None:
    started = time.perf_counter()
    from straights.fast import cache_trouble, kernel_cache_dir

    trouble = cache_trouble()
    if trouble is not None:
        _err.print(f"note: {trouble}; {UNCACHED}", markup=False, soft_wrap=True)
    from straights.warmup import STEPS

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


@contextmanager
def _one_at_a_time(lock: Path, quiet: bool) -> Iterator[None]:
    """Hold an exclusive lock on ``lock`` (waiting for another warm-up to finish)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no lock
        yield
        return
    with lock.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not quiet:
                _err.print("waiting for the warm-up already running …")
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _running(lock: Path) -> bool:
    """True while another process holds the warm-up lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover
        return False
    with lock.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def _start_in_background(folder: Path, stamp: Path | None, quiet: bool, byte_compile: bool) -> None:
    """Run ``straights warm-up --quiet`` detached (its own session, so Ctrl-C in the
    terminal does not reach it), at low priority, its output in ``warm-up.log``."""
    import os
    import subprocess
    import sys

    log = folder / "warm-up.log"
    if _running(folder / "warm-up.lock"):
        if not quiet:
            _err.print(f"the fast kernels are being compiled in the background (log: {log})")
        return
    command = [sys.executable, "-m", "straights.cli.main", "warm-up", "--quiet"]
    if stamp is not None:
        command += ["--stamp", str(stamp.resolve())]
    if byte_compile:
        command.append("--byte-compile")
    with log.open("w") as out:
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=(lambda: os.nice(10)) if hasattr(os, "nice") else None,
        )
    if not quiet:
        _err.print(
            "compiling the fast kernels in the background for the commands that use them "
            f"(odds, stats, equity bots; log: {log})",
            markup=False,
        )
