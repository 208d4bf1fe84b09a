"""Running ``straights`` in a pseudo-terminal, as a person does (``pexpect``).

Piped, Rich draws no spinner or progress and the prompts read lines from a pipe; in
a pseudo-terminal the command sees what a person's terminal gives it.

>>> with session("--version") as child:
...     _ = child.expect("straights ")
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect


@contextmanager
def session(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 60,
    command: list[str] | None = None,
) -> Iterator[pexpect.spawn]:
    """``straights *args`` (or ``command``) in a 50x120 pseudo-terminal; killed on exit.

    ``child.expect`` waits for output; ``child.sendline`` answers a prompt.
    """
    argv = command or [sys.executable, "-m", "straights.cli.main", *args]
    child = pexpect.spawn(argv[0], argv[1:], cwd=str(cwd) if cwd else None,
                          env=env or dict(os.environ), encoding="utf-8", timeout=timeout,
                          dimensions=(50, 120))  # fmt: skip
    try:
        yield child
    finally:
        child.close(force=True)


_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


def plain(text: str) -> str:
    r"""``text`` without the terminal's escape sequences (colour, cursor) and carriage returns.

    >>> plain("\x1b[32mThe pot\x1b[0m\r")
    'The pot'
    """
    return _ESCAPES.sub("", text)
