"""Fixtures shared by the tests: a throwaway PostgreSQL server (Debian's ``postgresql``,
installed by ``scripts/install-test-deps.sh``) for tests marked ``postgres``."""

from __future__ import annotations

import glob
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from itertools import count

import pytest

_DATABASES = count(1)


@pytest.fixture(autouse=True)
def straights_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every test as in an activated environment: this interpreter's folder, with
    its ``straights`` script, first on the ``PATH`` (so the hints the commands print read
    ``straights …``; tests/test_cli_options.py checks the other case)."""
    import sys

    here = os.path.dirname(sys.executable)
    monkeypatch.setenv("PATH", here + os.pathsep + os.environ.get("PATH", ""))


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root: use the package's system user.
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[tuple[str, int]]:
    """A PostgreSQL server on 127.0.0.1 for the test session (per worker): (bin directory, port)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    assert found, "run scripts/install-test-deps.sh (make test does) to get postgresql"
    bindir = os.path.dirname(found[-1])
    root = tempfile.mkdtemp(prefix="straights-pg-")
    data = os.path.join(root, "data")
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()
    subprocess.run(
        _as_postgres(
            [f"{bindir}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
        timeout=120,
    )
    proc = subprocess.Popen(
        _as_postgres(
            [
                f"{bindir}/postgres",
                "-D",
                data,
                "-p",
                str(port),
                "-k",
                root,
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
            ]
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            ok = subprocess.run(
                [f"{bindir}/pg_isready", "-h", "127.0.0.1", "-p", str(port)], capture_output=True
            )
            if ok.returncode == 0:
                break
            time.sleep(0.2)
        else:
            raise AssertionError("PostgreSQL did not start")
        yield bindir, port
    finally:
        os.killpg(proc.pid, signal.SIGINT)  # fast shutdown of the server we started
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
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
