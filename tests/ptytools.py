"""Running ``straights`` as a person does: in a pseudo-terminal, with keys and Ctrl-C.

Piped runs miss what only a terminal shows (progress bars, spinners, prompts):
:func:`spawn` starts the command on a pty of a fixed size, :func:`finish` waits
for it and returns its exit status and everything it drew, :func:`leftovers`
lists any process it started that is still alive (each run carries a token in
its environment, so workers are found even after their parent has gone);
:func:`session` is :func:`spawn` as a ``with`` block that kills what is left.

>>> done = run("--version")
>>> done.status, "straights" in done.output
(0, True)
>>> with session("--version") as child:
...     _ = child.expect("straights ")
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pexpect

__all__ = [
    "TOKEN",
    "PtyRun",
    "finish",
    "leftovers",
    "marked",
    "plain",
    "run",
    "session",
    "spawn",
]

#: The environment variable that marks every process of one run.
TOKEN = "STRAIGHTS_PTY_RUN"
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-B]|\r")


@dataclass(frozen=True)
class PtyRun:
    """One finished run: exit status (``-N`` for death by signal N) and what it drew."""

    status: int
    output: str


def spawn(
    *args: str,
    env: dict[str, str] | None = None,
    cwd: str | Path | None = None,
    timeout: float = 120,
    size: tuple[int, int] = (40, 120),
) -> pexpect.spawn:
    """``straights *args`` on a new pseudo-terminal (``size`` = rows, columns).

    ``env`` is added to this process's environment; the child's ``.token`` names
    its run for :func:`leftovers`.  Read with ``child.expect(...)``; type with
    ``child.sendline(...)``; Ctrl-C is ``child.sendintr()`` (the terminal sends
    SIGINT to the whole foreground process group, workers included).
    """
    token = uuid.uuid4().hex
    full = dict(os.environ) | (env or {}) | {TOKEN: token}
    full.pop("NO_COLOR", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "straights.cli.main", *args],
        env=full,
        cwd=None if cwd is None else str(cwd),
        timeout=timeout,
        dimensions=size,
        encoding="utf-8",
        codec_errors="replace",
    )
    child.token = token  # type: ignore[attr-defined]
    return child


@contextlib.contextmanager
def session(*args: str, **kwargs: object) -> Iterator[pexpect.spawn]:
    """:func:`spawn` in a ``with`` block: on leaving it the child and every process
    of its run are killed."""
    child = spawn(*args, **kwargs)  # type: ignore[arg-type]
    try:
        yield child
    finally:
        child.close(force=True)
        leftovers(child.token, wait=0)


def finish(child: pexpect.spawn, timeout: float = 120) -> PtyRun:
    """Wait up to ``timeout`` s for ``child`` to end; its status and all its output."""
    child.expect(pexpect.EOF, timeout=timeout)
    child.close()
    status = child.exitstatus if child.exitstatus is not None else -int(child.signalstatus)
    return PtyRun(status, plain(str(child.before or "")))


def run(*args: str, timeout: float = 120, **kwargs: object) -> PtyRun:
    """``straights *args`` in a pseudo-terminal to its end (see :func:`spawn`)."""
    child = spawn(*args, timeout=timeout, **kwargs)  # type: ignore[arg-type]
    everything = ""
    while True:
        index = child.expect([pexpect.EOF, pexpect.TIMEOUT, r".+"], timeout=timeout)
        if index != 2:
            break
        everything += str(child.after)
    child.close()
    status = child.exitstatus if child.exitstatus is not None else -int(child.signalstatus)
    return PtyRun(status, plain(everything + str(child.before or "")))


def plain(text: str) -> str:
    """``text`` without terminal escape sequences and carriage returns.

    >>> plain("\\x1b[1msolving\\x1b[0m\\r\\n")
    'solving\\n'
    """
    return _ANSI.sub("", text)


def leftovers(token: str, wait: float = 3.0) -> list[int]:
    """Processes still alive (zombies aside) whose environment carries ``token``, after
    giving them ``wait`` seconds to go; any found are killed before returning."""
    deadline = time.monotonic() + wait
    while True:
        alive = marked(token)
        if not alive or time.monotonic() >= deadline:
            break
        time.sleep(0.1)
    for pid in alive:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return alive


def marked(token: str) -> list[int]:
    """Live processes (zombies aside) whose environment carries ``token``."""
    mark = f"{TOKEN}={token}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if mark not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:  # gone, or not ours
            continue
        if state != "Z":
            found.append(int(entry.name))
    return found
