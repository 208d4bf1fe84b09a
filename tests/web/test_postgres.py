"""PostgreSQL must work too: a throwaway PostgreSQL server on loopback (Debian's
``postgresql``, installed by ``scripts/install-test-deps.sh``) holds the tables of a
server that is killed mid-hand and restarted."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import IntegrityError
from straights.web.persist import WebStore
from webtools import Client, Server, free_port, rebuild

pytestmark = pytest.mark.postgres


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root: use the package's system user.
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="module")
def postgres_server() -> Iterator[tuple[str, int]]:
    """A PostgreSQL server on 127.0.0.1 for this module: (bin directory, port)."""
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
    name = "t_" + request.node.name.lower()[:40]
    subprocess.run(
        [f"{bindir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", name],
        check=True,
        capture_output=True,
        timeout=30,
    )
    return f"postgresql://postgres@127.0.0.1:{port}/{name}"


def test_store_round_trip_and_duplicate_commands_fail(postgres_url: str) -> None:
    store = WebStore(postgres_url)
    try:
        store.create_table("pgtable1", {"pack": 52}, seed=2**62, host_hash="h" * 64)
        store.append("pgtable1", 1, {"kind": "deal"})
        store.append("pgtable1", 2, {"kind": "act", "seat": 0, "action": "check"})
        with pytest.raises(IntegrityError):
            store.append("pgtable1", 2, {"kind": "deal"})
        assert [c["kind"] for c in store.load_commands("pgtable1")] == ["deal", "act"]
        row = next(t for t in store.tables() if t.id == "pgtable1")
        assert row.seed == 2**62 and row.settings == {"pack": 52}
    finally:
        store.close()


def test_server_on_postgres_resumes_after_kill_dash_nine(
    postgres_url, make_server, clients
) -> None:
    server: Server = make_server(postgres_url)
    table, _ = server.create(seats=3, bots=1, bot_kind="calling", turn_seconds=0, stack=300)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    for _ in range(7):  # a few of Ann's actions, the bot answering each
        ann.wait_for(lambda m: m["type"] == "state" and bool(m["hand"]["legal"]))
        ann.act("call" if any(a["kind"] == "call" for a in ann.state["hand"]["legal"]) else "bet")
    ann.wait_for(lambda m: m["type"] == "state" and bool(m["hand"]["legal"]))
    time.sleep(0.2)
    ann.drain(0.05)
    before = ann.state
    assert before is not None and not before["hand"]["finished"]

    server.kill9()
    clients.remove(ann)
    ann.close()
    again = Client(make_server(postgres_url), table, token=ann.token)
    clients.append(again)
    again.drain(0.2)
    assert again.seat == 0
    assert again.state is not None
    assert again.state["version"] == before["version"]
    assert again.state["hand"] == before["hand"]
    stored, _ = rebuild(postgres_url, table)
    assert stored.chips() == 2 * 300
