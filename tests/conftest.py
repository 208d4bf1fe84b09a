"""Fixtures shared by the tests: a throwaway PostgreSQL server (Debian's ``postgresql``,
installed by ``scripts/install-test-deps.sh``) for tests marked ``postgres``; and, at
the end of a run, why each test that ran again had failed (the rerun summary names only
the test)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from itertools import count

import pytest
from pgtools import free_port, initdb, start_postgres, stop_postgres

_DATABASES = count(1)
#: Each rerun's test and the last lines of its failure, for the summary.
_RERUN_REASONS: list[tuple[str, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":  # pytest-rerunfailures' outcome for a failed try
        lines = [line for line in report.longreprtext.splitlines() if line.strip()]
        errors = [line for line in lines if line.startswith("E ")][:12]
        _RERUN_REASONS.append(
            (report.nodeid, "\n".join([*errors, lines[-1]] if errors else lines[-12:]))
        )


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _RERUN_REASONS:
        terminalreporter.section("why each rerun's first try failed")
        for nodeid, reason in _RERUN_REASONS:
            terminalreporter.write_line(f"{nodeid}:")
            terminalreporter.write_line(reason)


@pytest.fixture(autouse=True)
def straights_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every test as in an activated environment: this interpreter's folder, with
    its ``straights`` script, first on the ``PATH`` (so the hints the commands print read
    ``straights …``; tests/test_cli_options.py checks the other case)."""
    import sys

    here = os.path.dirname(sys.executable)
    monkeypatch.setenv("PATH", here + os.pathsep + os.environ.get("PATH", ""))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[tuple[str, int]]:
    """A PostgreSQL server on 127.0.0.1 for the test session (per worker): (bin directory, port)."""
    bindir, root, data = initdb()
    port = free_port()
    proc = start_postgres(bindir, root, data, port)
    try:
        yield bindir, port
    finally:
        stop_postgres(proc)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: tuple[str, int], request: pytest.FixtureRequest) -> str:
    """A fresh database for one test."""
    bindir, port = postgres_server
    name = f"t{next(_DATABASES)}_" + re.sub(r"[^a-z0-9_]", "_", request.node.name.lower())[:36]
    subprocess.run(
        [f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", name],
        check=True,
        capture_output=True,
        timeout=30,
    )
    return f"postgresql://postgres@127.0.0.1:{port}/{name}"
