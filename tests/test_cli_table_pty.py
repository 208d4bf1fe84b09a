"""``straights play`` at a real terminal (a pseudo-terminal): Straights at the one table
(``--game straights-no-limit``, and Straights itself with its dealer draw, saved and
resumed) prompts, takes typed answers and leaves on ``q``."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")  # POSIX only

PROMPT = "\u203a"  # every prompt ends with ›


def _read(fd: int, seen: list[str], until: str, count: int = 1, timeout: float = 60) -> str:
    """Read the terminal until ``until`` has been shown ``count`` times (else fail)."""
    deadline = time.monotonic() + timeout
    while "".join(seen).count(until) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{until!r} not shown; the terminal showed: {''.join(seen)!r}")
        if select.select([fd], [], [], left)[0]:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the program closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(f"{until!r} not shown before the end: {''.join(seen)!r}")
            seen.append(chunk.decode("utf-8", "replace"))
    return "".join(seen)


def _answer(fd: int, seen: list[str], text: str) -> str:
    """Type ``text`` at the prompt shown last and read up to the next prompt."""
    prompts = "".join(seen).count(PROMPT)
    os.write(fd, text.encode() + b"\n")
    return _read(fd, seen, PROMPT, prompts + 1)


def test_straights_no_limit_takes_typed_answers_at_a_terminal() -> None:
    args = ["--game", "straights-no-limit", "--seats", "3", "--bots", "calling", "--seed", "4"]
    with _playing([*args, "--no-save"]) as (proc, master, seen):
        shown = _read(master, seen, "Your turn")
        assert "Straights, No Limit, 55 cards" in shown
        _fold_refused_then_call_to_the_end(master, seen)
        os.write(master, b"q\n")
        assert proc.wait(timeout=60) == 0


@contextmanager
def _playing(args: list[str]) -> Iterator[tuple[subprocess.Popen[bytes], int, list[str]]]:
    """``straights play args`` on a pseudo-terminal: the process, the terminal's end to
    read and write, and what it has shown; killed if still running at the end."""
    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS="100", TERM="xterm")
    proc = subprocess.Popen(
        [sys.executable, "-m", "straights.cli.main", "play", *args],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    try:
        yield proc, master, []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def _fold_refused_then_call_to_the_end(master: int, seen: list[str]) -> None:
    """Folding when nobody has bet is refused in one line; then check or call until the
    deal ends."""
    shown = _answer(master, seen, "f")
    assert "you cannot fold now" in shown
    for _ in range(12):
        if "Enter: next deal" in _answer(master, seen, "c"):
            break
    assert "Enter: next deal" in "".join(seen)


def test_straights_play_at_the_one_table_draws_for_the_dealer_and_resumes(tmp_path: Path) -> None:
    from straights.poker.phh import loads
    from straights.store import Store

    db = str(tmp_path / "games.db")
    args = ["--seats", "3", "--bots", "calling", "--seed", "4", "--db", db]
    with _playing(args) as (proc, master, seen):
        shown = _read(master, seen, "Your turn")
        assert "Straights, Limit, 55 cards" in shown and "100 chips each" in shown
        assert "Draw for the dealer" in shown and "Deal 1" in shown
        _fold_refused_then_call_to_the_end(master, seen)
        _answer(master, seen, "")  # deal 2 starts; leave in its middle
        os.write(master, b"q\n")
        _read(master, seen, "is saved")
        assert proc.wait(timeout=60) == 0
    store = Store(db)
    (deal,) = store.hands()
    assert loads(deal.phh)[0]["variant"] == "_STR55L"  # the catalogue's code
    store.close()
    with _playing(["--resume", "--db", db]) as (proc, master, seen):
        shown = _read(master, seen, "Your turn")
        assert "Resuming table 1" in shown and "Deal 2" in shown
        os.write(master, b"q\n")
        assert proc.wait(timeout=60) == 0
