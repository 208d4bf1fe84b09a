"""Long work says how far it has got: a bar on a terminal, a line a minute when piped.

Every command that can run for more than a few seconds (``solve``, ``simulate``,
``odds``, ``stats``, ``rank``) counts its work through one :class:`Work`.  On a
terminal the count is a transient bar on stderr; on a pipe or a log a plain line
goes to stderr every :data:`PIPED_EVERY` seconds (nothing at all for work that
ends sooner), so a long piped run is never silent and a short one prints
nothing extra.  ``$STRAIGHTS_PROGRESS_EVERY`` sets that interval in seconds.

>>> import io
>>> from rich.console import Console
>>> with Work("solving", "iterations", 50, console=Console(file=io.StringIO())) as work:
...     work.update(20)
...     work.line()
'solving: 20/50 iterations (40%)'
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Final

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TaskID, TextColumn
from rich.text import Text

from straights.cli.interrupt import on_end

__all__ = ["PIPED_EVERY", "Work", "piped_every"]

#: Seconds between two progress lines when stderr is not a terminal.
PIPED_EVERY: Final = 60.0
_ENV: Final = "STRAIGHTS_PROGRESS_EVERY"


def piped_every() -> float:
    """The interval between piped progress lines: ``$STRAIGHTS_PROGRESS_EVERY`` if it
    holds a positive number of seconds, else :data:`PIPED_EVERY`.

    >>> os.environ[_ENV] = "0.5"; piped_every()
    0.5
    >>> os.environ[_ENV] = "soon"; piped_every()
    60.0
    >>> del os.environ[_ENV]
    """
    try:
        seconds = float(os.environ.get(_ENV, ""))
    except ValueError:
        return PIPED_EVERY
    return seconds if 0 < seconds < float("inf") else PIPED_EVERY


def _rate(per_second: float) -> str:
    """``3,100``, ``12``, ``0.25``: a rate with as many figures as it deserves.

    >>> _rate(3100.4), _rate(12.3), _rate(0.25)
    ('3,100', '12', '0.25')
    """
    return f"{per_second:,.0f}" if per_second >= 10 else f"{per_second:.2g}"


def _duration(seconds: float) -> str:
    """``1 h 02 min``, ``3 min 05 s``, ``42 s``.

    >>> _duration(42.4), _duration(185), _duration(3720)
    ('42 s', '3 min 05 s', '1 h 02 min')
    """
    whole = int(seconds + 0.5)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


class _Count(ProgressColumn):
    """``12/50 iterations`` (or ``12 iterations`` while the total is unknown)."""

    def __init__(self, work: Work) -> None:
        super().__init__()
        self._work = work

    def render(self, task: Task) -> Text:
        return Text(self._work.count())


class _Left(ProgressColumn):
    """Time spent, and the time left once a share of the work is done."""

    def __init__(self, work: Work) -> None:
        super().__init__()
        self._work = work

    def render(self, task: Task) -> Text:
        return Text(self._work.times(), style="progress.elapsed")


class Work:
    """Counts ``total`` units of ``unit`` done as ``label`` (the total may come later;
    with ``unit=""`` nothing is counted and only the time spent is shown).

    Use it as a context manager; call :meth:`advance` or :meth:`update` as the work
    goes (from any thread).  ``enabled=False`` shows nothing (``--no-progress``,
    ``--json`` runs that must keep stderr quiet).
    """

    def __init__(
        self,
        label: str,
        unit: str,
        total: int | None = None,
        *,
        console: Console | None = None,
        enabled: bool = True,
    ) -> None:
        self.label = label
        self.unit = unit
        self.total = total
        self.done = 0
        self._console = console if console is not None else Console(stderr=True)
        self._enabled = enabled
        self._started = time.monotonic()
        self._bar: Progress | None = None
        self._task = TaskID(0)
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._forget: Callable[[], None] = lambda: None

    def __enter__(self) -> Work:
        self._started = time.monotonic()
        if not self._enabled:
            return self
        if self._console.is_terminal:
            self._bar = Progress(
                TextColumn(self.label),
                BarColumn(),
                _Count(self),
                _Left(self),
                console=self._console,
                transient=True,
            )
            self._task = self._bar.add_task(self.label, total=self.total)
            self._bar.start()
            self._forget = on_end(self._bar.stop)  # Ctrl-C's watchdog: off the screen first
        else:
            self._ticker = threading.Thread(target=self._tick, name="progress", daemon=True)
            self._ticker.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._bar is not None:
            self._forget()
            self._bar.stop()
        if self._ticker is not None:
            self._ticker.join(timeout=1.0)

    def advance(self, units: int = 1) -> None:
        """``units`` more are done."""
        self.update(self.done + units)

    def update(self, done: int, total: int | None = None) -> None:
        """``done`` units are done in all (out of ``total``, when it is newly known)."""
        self.done = done
        if total is not None:
            self.total = total
        if self._bar is not None:
            self._bar.update(self._task, completed=done, total=self.total)

    def count(self) -> str:
        """``20/50 iterations``, or ``20 iterations`` while the total is unknown
        (nothing for work that is not counted: ``unit=""``)."""
        if not self.unit:
            return ""
        if self.total is None:
            return f"{self.done:,} {self.unit}"
        return f"{self.done:,}/{self.total:,} {self.unit}"

    def times(self) -> str:
        """``1 min 05 s`` spent, with the rate (``, 3,100 deals/s``) once some counted
        work is done, and ``, about 2 min left`` while the total is ahead."""
        spent = time.monotonic() - self._started
        text = _duration(spent)
        if self.unit and self.done and spent > 0:
            text += f", {_rate(self.done / spent)} {self.unit}/s"
        if self.total and 0 < self.done < self.total:
            text += f", about {_duration(spent * (self.total - self.done) / self.done)} left"
        return text

    def line(self) -> str:
        """The piped progress line (without the times): ``solving: 20/50 iterations (40%)``."""
        if not self.unit:
            return self.label
        text = f"{self.label}: {self.count()}"
        if self.total:
            text += f" ({100 * self.done // self.total}%)"
        return text

    def _tick(self) -> None:
        every = piped_every()
        while not self._stop.wait(every):
            try:
                self._console.print(
                    f"{self.line()}, {self.times()}", markup=False, highlight=False, soft_wrap=True
                )
            except (OSError, ValueError):  # stderr closed: nothing left to tell
                return
