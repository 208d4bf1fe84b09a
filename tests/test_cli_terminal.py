"""Commands as a person runs them: in a pseudo-terminal, with progress drawn and Ctrl-C typed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from ptytools import finish, leftovers, run, spawn

pytest.importorskip("numba")


def test_solve_draws_its_progress_and_finishes_in_a_terminal(tmp_path: Path) -> None:
    done = run("solve", "--game", "kuhn", "-n", "50", "-o", str(tmp_path / "kuhn.npz"))
    assert done.status == 0, done.output
    assert "Traceback" not in done.output
    assert f"average strategy written to {tmp_path / 'kuhn.npz'}" in done.output.replace("\n", "")
    assert (tmp_path / "kuhn.npz").is_file()


@pytest.mark.parametrize("executor", ["serial", "threads", "processes"])
def test_ctrl_c_ends_solve_and_its_workers_within_3_s(tmp_path: Path, executor: str) -> None:
    child = spawn("solve", "-n", "1000000", "--executor", executor, "-o", str(tmp_path / "s.npz"))
    child.expect("solving", timeout=60)
    time.sleep(1.0)  # the workers are busy
    started = time.monotonic()
    child.sendintr()
    done = finish(child, timeout=10)
    assert time.monotonic() - started < 3.0
    assert done.status == 130
    assert done.output.rstrip().endswith("interrupted")
    assert "Traceback" not in done.output
    assert leftovers(child.token, wait=0.5) == []
