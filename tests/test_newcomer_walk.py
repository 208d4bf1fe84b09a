"""A newcomer walks the README, then every ``console`` block of ``docs/``, in order.

Each command runs as printed, in a pseudo-terminal (the way a person runs it), in
one scratch folder and a fresh game store, so that what an earlier command writes
(``hands.phhs``, an unfinished table) is there for a later one.  A game's prompts
get a few answers, then ``q``; ``serve`` must print its banner, then gets Ctrl-C.
A command shown failing (an ``error:`` line under it) must fail with that line.

Every page that shows commands states the time each takes: "Each command here
answers within N s", and a command's own comment may give another time
("# about 40 s").  The walk holds every command to its time, with room for a
busy machine (:data:`SLACK`: the suite runs it beside other tests on two cores).

What the walk does not run is listed, with why, in :data:`NOT_RUN`; a command
that matches none of it is run, so a new example in the docs is walked at once.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest
from ptytools import plain

ROOT = Path(__file__).resolve().parent.parent
#: The pages, in the order a newcomer reads them.
PAGES = ("README.md", *sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("docs/*.md")))
#: A command may take this many times its stated time on a busy machine: `make test`
#: runs four workers on two cores, so a command that needs a whole core may get half of
#: one (the 10 s solve took 6.7 s alone and 23 s beside the other workers).
SLACK = 5.0
#: Commands not run, by how they start, and why.
NOT_RUN = {
    "make ": "set-up: tests/test_newcomer.py runs `make play` on a fresh clone",
    "pip install": "installs packages: the walk runs in the installed test environment",
    "source .venv/bin/activate": "the walk puts `straights` on the PATH itself",
    ".venv/bin/python benchmarks/": "a benchmark (minutes): `make bench` runs them",
}
#: The answers a game's prompts get, in turn, before ``q``: check or call through a
#: deal or two (so that `history show 1` has a deal to show); at Pai Gow, the house way.
ANSWERS = ("c",) * 16
PAI_GOW_ANSWERS = ("h",) * 3

#: ``jq -r .showdown[]`` in Python, for a machine without jq.
JQ_SHOWDOWN = 'import json, sys; print(*json.load(sys.stdin)["showdown"], sep=chr(10))'
BUDGET = re.compile(r"answers within (\d+) s\b")
OWN_TIME = re.compile(r"(\d+(?:\.\d+)?) (s|seconds?|minutes?)\b")


@dataclass(frozen=True)
class Step:
    """One command of the docs: where it is, the line, its time, what it must print."""

    where: str
    line: str
    seconds: float
    error: str | None = None  # the `error:` line the docs show under it


def steps() -> list[Step]:
    """Every command of :data:`PAGES`, in order: README's ``sh`` and ``text`` blocks and
    the ``console`` blocks of every page."""
    found: list[Step] = []
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        blocks = re.findall(r"^```(sh|console|text)\n(.*?)^```", text, re.M | re.S)
        if page != "README.md":
            blocks = [b for b in blocks if b[0] == "console"]
        if not blocks:
            continue
        stated = BUDGET.search(text)
        assert stated, f"{page} shows commands but not the time they take ('answers within N s')"
        default = float(stated[1])
        for kind, body in blocks:
            lines = body.splitlines()
            for k, raw in enumerate(lines):
                if kind in ("console", "text"):
                    if not raw.startswith("$ "):
                        continue
                    raw = raw[2:]
                elif not raw.strip() or raw.lstrip().startswith("#"):
                    continue
                parts = re.match(r"(.*?)(\s+#\s.*)?$", raw)
                assert parts is not None
                line, comment = parts[1], parts[2] or ""
                seconds = default
                if own := OWN_TIME.search(comment):
                    seconds = float(own[1]) * (60 if own[2].startswith("minute") else 1)
                after = lines[k + 1] if k + 1 < len(lines) else ""
                error = after if after.startswith("error: ") else None
                found.append(Step(f"{page}: {line.strip()}", line.strip(), seconds, error))
    return found


def not_run(step: Step) -> str | None:
    """Why ``step`` is not run, or ``None``."""
    for start, why in NOT_RUN.items():
        if step.line.startswith(start):
            return why
    if step.error is not None and "is not installed" in step.error:
        return "a core install's message: tests/test_extras.py hides the extra and checks it"
    return None


def _on_path(folder: Path) -> Path:
    """The folder that puts ``straights`` on the PATH: this interpreter's, as after
    ``source .venv/bin/activate`` (``PYTHONPATH`` keeps this checkout first), else
    ``folder`` with a ``straights`` that runs this interpreter."""
    here = Path(sys.executable).parent
    if (here / "straights").exists():
        return here
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "straights"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m straights.cli.main "$@"\n')
    script.chmod(0o755)
    return folder


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def walk(step: Step, cwd: Path, env: dict[str, str]) -> tuple[float, str, int | None]:
    """Run ``step`` as a person does; its seconds, what it printed and its exit status."""
    line = step.line
    serving = line.startswith("straights serve")
    if serving:  # any free port: the docs' 8000 may be taken on this machine
        port = _free_port()
        line = re.sub(r"--port \d+", f"--port {port}", line)
        line += "" if "--port" in step.line else f" --port {port}"
        line = line.replace("--host 0.0.0.0", "--host 127.0.0.1")
    if "| jq" in line and shutil.which("jq") is None:  # the same filter, in Python
        line = line.replace("| jq -r .showdown[]", f"| {sys.executable} -c '{JQ_SHOWDOWN}'")
    limit = step.seconds * SLACK
    start = time.perf_counter()
    child = pexpect.spawn("bash", ["-c", line], cwd=str(cwd), env=env, encoding="utf-8",
                          timeout=limit, dimensions=(50, 120))  # fmt: skip
    seen = []
    answers = 0
    try:
        while True:
            left = max(0.1, limit - (time.perf_counter() - start))
            patterns = ["› ", pexpect.EOF]
            if serving:
                patterns.append("Straights web table on http://")
            got = child.expect(patterns, timeout=left)
            seen.append((child.before or "") + (child.after if got != 1 else ""))
            if got == 0 and (child.before or "").rstrip().endswith("Enter muck"):
                child.sendline("")  # asked to show or muck at a terminal: Enter mucks
            elif got == 0:
                given = PAI_GOW_ANSWERS if "pai-gow" in line else ANSWERS
                child.sendline(given[answers] if answers < len(given) else "q")
                answers += 1
            elif got == 2:
                time.sleep(0.5)
                child.sendintr()
                child.expect(pexpect.EOF, timeout=10)
                seen.append(child.before or "")
                break
            else:
                break
    except pexpect.TIMEOUT:
        child.close(force=True)
        out = plain("".join(seen) + (child.before or ""))
        pytest.fail(f"{step.where}: not done within {limit:.0f} s ({step.seconds:.0f} s stated)"
                    f"\n{out[-2000:]}")  # fmt: skip
    child.close()
    return time.perf_counter() - start, plain("".join(seen)), child.exitstatus


@pytest.mark.slow
def test_every_command_of_the_docs_runs_as_printed(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["PATH"] = f"{_on_path(tmp_path / 'bin')}{os.pathsep}{env['PATH']}"
    env["XDG_DATA_HOME"] = str(tmp_path / "data")  # a fresh store, as on a new machine
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    walked, skipped, slow = [], [], []
    for step in steps():
        why = not_run(step)
        if why is not None:
            skipped.append((step.where, why))
            continue
        seconds, out, status = walk(step, work, env)
        walked.append(step.where)
        if step.error is not None:
            assert status == 2, f"{step.where}: exit {status}, the docs show an error\n{out}"
            assert step.error in " ".join(out.split()), f"{step.where}:\n{out}"
            continue
        expected = (0, 130) if step.line.startswith("straights serve") else (0,)
        assert status in expected, f"{step.where}: exit {status}\n{out[-3000:]}"
        assert "Traceback" not in out, f"{step.where}:\n{out}"
        if seconds > step.seconds:
            slow.append(f"{step.where}: {seconds:.1f} s of {step.seconds:.0f} s")
    print("\n".join(["walked:", *walked, "over their time (within the slack):", *slow]))
    assert len(walked) >= 40, walked
    assert {why for _, why in skipped} <= set(NOT_RUN.values()) | {
        "a core install's message: tests/test_extras.py hides the extra and checks it"
    }


def test_the_docs_state_every_commands_time() -> None:
    # Quick: the parse only.  Every command has a time, and the long ones say theirs.
    found = steps()
    assert any(s.line == "straights play" for s in found[:8])
    assert all(s.seconds > 0 for s in found)
    assert all(s.seconds <= 60 for s in found), [s.where for s in found if s.seconds > 60]
