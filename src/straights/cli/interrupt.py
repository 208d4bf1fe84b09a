"""Ctrl-C ends every command with one line, ``interrupted``, and exit status 130.

Python turns Ctrl-C into ``KeyboardInterrupt`` in the main thread, which the
entry point reports.  Two things can swallow it: a ``__del__`` running when it
arrives (LLVM objects are collected all the time while Numba compiles, and an
exception there is only "ignored"), and compiled code that holds the main
thread for long.  So the first Ctrl-C also starts a watchdog: if the command
has not ended :data:`GRACE` seconds later, it ends the process itself.  A
second Ctrl-C ends it at once.  Code that catches the interrupt on purpose and
carries on (the game's prompt, which leaves the table) calls :func:`handled`.

Worker processes never outlive the command: a terminal sends Ctrl-C to the
whole process group, so workers start with :func:`ignore_interrupts` and the
main process ends them (:func:`stop_workers`, :func:`end_children`) before it
exits, by itself or by the watchdog.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from concurrent.futures import Executor
    from sys import UnraisableHookArgs

__all__ = [
    "EXIT_STATUS",
    "GRACE",
    "announce",
    "end_children",
    "end_now",
    "exit_if_busy",
    "handled",
    "ignore_interrupts",
    "install",
    "on_end",
    "pending",
    "set_grace",
    "stop_workers",
]

#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
EXIT_STATUS: Final = 130
#: Seconds a command has to end by itself after Ctrl-C.
GRACE: Final = 2.0
_MESSAGE: Final = "interrupted\n"

_grace = GRACE
_lock = threading.RLock()  # re-entrant: the handler may run while the main thread holds it
_announced = False
_watchdog: threading.Timer | None = None
_on_end: list[Callable[[], None]] = []
#: Seconds the watchdog gives the :func:`on_end` callbacks before it ends the process.
_ON_END_WAIT: Final = 0.3


def install() -> Callable[[], None]:
    """Handle Ctrl-C as described above (from the main thread); returns the function
    that puts back the previous handling.

    Python runs signal handlers in the main thread only, when compiled code gives
    it back; but the C-level handler writes each signal's number to a "wakeup"
    file descriptor at once, so a small thread reading it sees every Ctrl-C in
    time to start the watchdog.
    """
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    old_fd = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(read_end,), name="ctrl-c", daemon=True).start()
    old_handler = signal.signal(signal.SIGINT, _raise)
    old_hook = sys.unraisablehook

    def quiet(unraisable: UnraisableHookArgs) -> None:
        # A Ctrl-C that Python can only "ignore" (in a __del__ or a ctypes callback
        # such as LLVM's while Numba compiles) is not a second error to print: the
        # watchdog already ends the command with its one line.
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            old_hook(unraisable)

    sys.unraisablehook = quiet

    def restore() -> None:
        sys.unraisablehook = old_hook
        signal.signal(signal.SIGINT, old_handler)
        signal.set_wakeup_fd(old_fd)
        os.close(write_end)  # the watching thread reads the end of the pipe and stops

    return restore


def set_grace(seconds: float) -> None:
    """Give this command ``seconds`` to end by itself after Ctrl-C (a server that
    closes its connections gracefully needs longer than :data:`GRACE`)."""
    global _grace
    _grace = seconds


def pending() -> bool:
    """Whether a Ctrl-C arrived that nothing has handled yet (its watchdog runs):
    a server whose own signal handler shut it down gracefully then ends as any
    interrupted command does."""
    with _lock:
        return _watchdog is not None


def handled() -> None:
    """The interrupt was caught on purpose: stop the watchdog, the command goes on."""
    global _watchdog
    with _lock:
        if _watchdog is not None:
            _watchdog.cancel()
            _watchdog = None


def announce() -> None:
    """Print ``interrupted`` on stderr, once, however many paths report it."""
    global _announced
    with _lock:
        if _announced:
            return
        _announced = True
    try:
        sys.stderr.write(_MESSAGE)
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed or broken: the file descriptor itself
        os.write(2, _MESSAGE.encode())


def ignore_interrupts() -> None:
    """Run first in a worker process: Ctrl-C is for the main process, which ends
    the workers itself (a forked worker would otherwise also count the Ctrl-C on
    the main process's wakeup pipe, and print its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)


def stop_workers(pool: Executor) -> None:
    """Cancel what ``pool`` has not started and end its worker processes now."""
    pool.shutdown(wait=False, cancel_futures=True)
    end_children()


def end_children(wait: float = 1.0) -> None:
    """End every worker process this process started (``multiprocessing``'s
    children): politely, then after ``wait`` seconds by force."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:  # never imported: no workers
        return
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    deadline = time.monotonic() + wait
    for child in children:
        child.join(max(0.0, deadline - time.monotonic()))
        if child.is_alive():
            child.kill()
            child.join(0.5)


def exit_if_busy() -> None:
    """After Ctrl-C: if worker threads are still computing (a thread pool's, which
    Python waits for at exit and cannot stop), end the process now with
    :data:`EXIT_STATUS` rather than wait for them."""
    main = threading.main_thread()
    if any(t is not main and not t.daemon and t.is_alive() for t in threading.enumerate()):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(EXIT_STATUS)


def on_end(callback: Callable[[], None]) -> Callable[[], None]:
    """Have the watchdog call ``callback`` before it ends the process (a progress bar
    takes itself off the screen, so ``interrupted`` is the last line); returns the
    function that cancels this.  Callbacks get :data:`_ON_END_WAIT` seconds in all."""
    _on_end.append(callback)

    def cancel() -> None:
        with contextlib.suppress(ValueError):
            _on_end.remove(callback)

    return cancel


def _call_on_end() -> None:
    def call_all() -> None:
        for callback in list(_on_end):
            with contextlib.suppress(Exception):
                callback()

    # In a thread of their own: one that blocks must not keep the process alive.
    caller = threading.Thread(target=call_all, name="on-end", daemon=True)
    caller.start()
    caller.join(_ON_END_WAIT)


def end_now() -> None:
    """End the command now, as the watchdog does: progress off the screen,
    ``interrupted``, worker processes ended, exit status :data:`EXIT_STATUS`."""
    _call_on_end()
    announce()
    try:
        end_children(wait=0.5)
    finally:
        os._exit(EXIT_STATUS)


def _watch(fd: int) -> None:
    """Count Ctrl-Cs as they arrive: the first starts the watchdog, the second ends now."""
    global _watchdog
    while True:
        try:
            data = os.read(fd, 64)
        except OSError:  # pragma: no cover - the pipe is gone
            return
        if not data:
            os.close(fd)
            return
        for _ in range(data.count(signal.SIGINT)):
            with _lock:
                again = _watchdog is not None
                if not again:
                    _watchdog = threading.Timer(_grace, end_now)
                    _watchdog.daemon = True
                    _watchdog.start()
            if again:
                end_now()


def _raise(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt
