"""benchmarks/bench_paigow_edge.py: its arithmetic, and its progress as a terminal and a
pipe show it (the terminal through a pseudo-terminal)."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import pty
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bench_paigow_edge.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_paigow_edge", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "100"}


def test_the_edge_and_its_interval_from_the_counts() -> None:
    bench = _bench()
    # Four one-player deals betting 20: a win (+19), a push, two losses (-20 each).
    tally = bench.Tally(deals=4, bets=4, win=1, push=1, lose=2, total=19 - 40, squares=361 + 800)
    mean, low, high = tally.edge(1)
    samples = [19 / 20, 0, -1, -1]
    want = sum(samples) / 4
    sd = math.sqrt(sum((x - want) ** 2 for x in samples) / 3)
    assert math.isclose(mean, want)
    assert math.isclose(high - mean, 1.96 * sd / 2) and math.isclose(mean - low, high - mean)


def test_chunks_are_the_same_whatever_the_jobs() -> None:
    bench = _bench()
    one = bench.measure(60, seed=5, jobs=1, players=2, chunk=20)
    again = bench.deal_chunk(5, 0, 20, 2)
    for number in (1, 2):
        again.add(bench.deal_chunk(5, number, 20, 2))
    assert one == again and one.deals == 60 and one.bets == 120
    assert one.win + one.push + one.lose == 120
    assert sum(one.rules.values()) == 120


def test_progress_is_a_bar_on_a_terminal() -> None:
    main, child = pty.openpty()
    cmd = [sys.executable, str(SCRIPT), "--deals", "100", "--chunk", "50"]
    proc = subprocess.Popen(cmd, stdout=child, stderr=child, env=_env(), close_fds=True)
    os.close(child)
    seen = b""
    while True:
        try:
            data = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        seen += data
    os.close(main)
    assert proc.wait(timeout=60) == 0
    text = seen.decode("utf-8", "replace")
    assert "100/100" in text and "deals" in text
    assert "of 100 deals" not in text  # the plain lines are for pipes
    assert "player's edge" in text


def test_progress_is_a_line_a_tenth_through_a_pipe() -> None:
    cmd = [sys.executable, str(SCRIPT), "--deals", "100", "--chunk", "25", "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=_env(), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stderr.splitlines() == [f"{n} of 100 deals" for n in (25, 50, 75, 100)]
    assert '"deals": 100' in out.stdout


def test_the_docs_state_the_million_deal_edge_the_results_file_holds() -> None:
    """Issue 20, *Deliver* 2: the player's edge "over at least 1,000,000 deals ... in the
    docs beside the published figure": docs/games.md's words are the benchmark's row
    (``benchmarks/results/paigow-edge.jsonl``), rounded, with the published 2.5–2.7 %."""
    rows = [
        json.loads(line)
        for line in (ROOT / "benchmarks" / "results" / "paigow-edge.jsonl").read_text().splitlines()
        if line.strip()
    ]
    row = [r for r in rows if r["deals"] >= 1_000_000][-1]
    assert row["counts"]["bets"] == row["deals"] and row["seed"] == 2026

    def pct(x: float) -> str:
        return f"{x * 100:.2f}".replace("-", "−")

    low, high = row["player_edge_ci95"]
    said = (
        f"edge is {pct(row['player_edge'])} % of each chip bet (95 % interval "
        f"{pct(low)} % to {pct(high)} %)"
    )
    docs = " ".join((ROOT / "docs" / "games.md").read_text(encoding="utf-8").split())
    assert said in docs
    assert f"--deals {row['deals']}" in docs and f"--seed {row['seed']}" in docs
    assert "about 2.5–2.7 %" in docs
