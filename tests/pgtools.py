"""A throwaway PostgreSQL server for tests: a cluster made in a temporary directory,
started and stopped on demand (``tests/conftest.py``'s session server, and the fault
tests that stop it mid-play)."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root: use the package's system user.
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def initdb() -> tuple[str, str, str]:
    """A new PostgreSQL cluster in a temporary directory: (bin directory, root, data)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    assert found, "run scripts/install-test-deps.sh (make test does) to get postgresql"
    bindir = os.path.dirname(found[-1])
    root = tempfile.mkdtemp(prefix="straights-pg-")
    data = os.path.join(root, "data")
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    subprocess.run(
        _as_postgres(
            [f"{bindir}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
        timeout=120,
    )
    return bindir, root, data


def start_postgres(bindir: str, root: str, data: str, port: int) -> subprocess.Popen[bytes]:
    """Start the cluster in ``data`` on 127.0.0.1:``port`` and wait until it answers."""
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
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        ok = subprocess.run(
            [f"{bindir}/pg_isready", "-h", "127.0.0.1", "-p", str(port)], capture_output=True
        )
        if ok.returncode == 0:
            return proc
        time.sleep(0.2)
    stop_postgres(proc)
    raise AssertionError("PostgreSQL did not start")


def stop_postgres(proc: subprocess.Popen[bytes]) -> None:
    """Fast shutdown of a server started by :func:`start_postgres`."""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
