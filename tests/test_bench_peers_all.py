"""benchmarks/bench_peers_all.py: the scoreboard's rows, ratios and verdicts assembled
from canned results (no peer, no timing), and its command line on a saved run."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "bench_peers_all.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_peers_all", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_peers_all"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _hands(n: float, cpu: float = 1.0) -> dict[str, float]:
    return {"hands": n, "cpu": cpu, "decisions": 9.3 * n}


RAW: dict[str, Any] = {
    "hands": {
        "holdem": {
            "straights": [_hands(30_000), _hands(20_000)],
            "openspiel": [_hands(10_000), _hands(10_000)],
            "pokerfast": [_hands(15_000), _hands(15_000)],
        },
        "pokerkit": {"NT": {"straights": [_hands(2_000, 0.1)], "pokerkit": [_hands(300, 1.0)]}},
    },
    "fastest": {
        **{f"high_key {n}": [20e6] for n in (5, 6, 7)},
        **{f"pkrbot {n}": [10e6] for n in (5, 6, 7)},
        **{
            f"evaluate {label}": [12e6]
            for label in (
                "high, 5 cards",
                "high, 6 cards",
                "high, 7 cards",
                "ace-to-five, 7 cards",
                "deuce-to-seven, 7 cards",
                "ace-to-five, 5 cards",
                "deuce-to-seven, 5 cards",
            )
        },
        "evaluate badugi, 4 cards": [8e6],
        "pkrbot 7 again": [10e6],
        "omaha again": [15e6],
        "omp 1000000": [180e6],
        "fast new 1000000": [300e6],
        "fast out 1000000": [252e6],
        "enumeration": [558e6, 542e6],
    },
    "solver": {"Kuhn poker": [[1.2e6, 5e4], [1.0e6, 5e4]], "Leduc hold'em": [[27_000, 140]]},
    "rl": {
        "holdem": {
            **{f"straights {n}": [150_000.0] for n in (2, 6)},
            **{f"openspiel {n}": [120_000.0] for n in (2, 6)},
            **{f"pettingzoo {n}": [9_000.0] for n in (2, 6)},
        },
        "games": [
            {"pettingzoo": [9_000, 11_000], "games": {"NT": 150_000, "FB": 90_000}, "seats": 6}
        ],
    },
}


def test_verdicts(bench: ModuleType) -> None:
    row = bench.Row
    assert row(1, "w", "p", "u", [2.0, 3.0], [1.0, 1.0], 2.0).verdict() == "yes"
    assert row(1, "w", "p", "u", [2.0, 1.0], [1.0, 1.0], 2.0).verdict() == "1 of 2 rounds"
    assert row(1, "w", "p", "u", [1.0, 1.0], [1.0, 1.0], 2.0).verdict() == "no"
    assert row(3, "w", "p", "u", [1.0], [2.0], None).verdict() == "stated"


def test_rows_of_every_section(bench: ModuleType) -> None:
    rows = bench.assemble(RAW)
    by = {(r.work, r.peer): r for r in rows}
    assert [r.item for r in rows] == [1] * 3 + [2] * 12 + [3] * 4 + [4] * 2 + [5] * 6
    openspiel = by["whole hands, 6-max no-limit hold'em", "OpenSpiel universal_poker"]
    assert openspiel.ratios == [3.0, 2.0] and openspiel.verdict() == "yes"
    pokerfast = by["whole hands, 6-max no-limit hold'em", "pokerfast FastHand"]
    assert pokerfast.verdict() == "1 of 2 rounds"
    nt = by["whole hands, holdem (`NT`)", "PokerKit"]
    assert nt.ratios == [pytest.approx(20_000 / 300)] and nt.target == 10
    badugi = by["one hand a call, `evaluate`, badugi, 4 cards", "pkrbot, 7 cards"]
    assert badugi.ratios == [0.8] and badugi.verdict() == "no"
    assert by["one 5-card hand a call, `high_key` on ids", "pkrbot, 5 cards"].ratios == [2.0]
    batch = by["batch, 1,000,000 random 7-card hands, 1 thread, into `out`", "OMPEval (pokerfast)"]
    assert batch.ratios == [1.4] and batch.verdict() == "no"
    record = by["all 133,784,560 seven-card hands, 1 thread", "OMPEval, published"]
    assert record.ratios == [0.72, 542 / 775] and record.verdict() == "stated"
    kuhn = by["CFR+ on Kuhn poker", "OpenSpiel C++ CFRPlusSolver"]
    assert kuhn.ratios == [24.0, 20.0]
    aec = "AEC environment, no-limit hold'em, 6 seats"
    assert by[aec, "OpenSpiel universal_poker, state API"].ratios == [1.25]
    assert by[aec, "PettingZoo texas_holdem_no_limit_v6"].verdict() == "yes"  # 16.7×
    games = {r.work: r.ratios for r in rows if r.peer == "PettingZoo hold'em, 6 seats"}
    assert games == {
        "AEC environment, holdem (`NT`)": [15.0],
        "AEC environment, badugi (`FB`)": [9.0],
    }


def test_table_lines(bench: ModuleType) -> None:
    lines = bench.table(bench.assemble(RAW)).splitlines()
    assert lines[0].startswith("| item | row | straights | peer |")
    assert lines[2] == (
        "| 1 | whole hands, 6-max no-limit hold'em | 25,000 hands/CPU s "
        "| OpenSpiel universal_poker 10,000 | 2.00× / 2.50× | ≥ 2× | yes |"
    )
    assert (
        "| 3 | all 133,784,560 seven-card hands, 1 thread | 550.0 M hands/CPU s "
        "| OMPEval, published 775.0 M | 0.70× / 0.71× | stated | stated |"
    ) in lines
    assert len(lines) == 2 + 27


def test_two_runs_leave_or_fill_the_quiet_column(bench: ModuleType) -> None:
    rows = bench.assemble({"solver": RAW["solver"]})
    alone = bench.two_runs(rows, None).splitlines()
    assert alone[2] == (
        "| 4 | CFR+ on Kuhn poker | OpenSpiel C++ CFRPlusSolver | ≥ 1× | 20.00× / 22.00× | yes "
        "|  |  |"
    )
    quiet = bench.assemble({"solver": {"Kuhn poker": [[30.0, 60.0]]}})
    both = bench.two_runs(rows, quiet).splitlines()
    assert both[2].endswith("| 20.00× / 22.00× | yes | 0.50× / 0.50× | no |")
    assert both[3].endswith("| yes |  |  |")  # Leduc: not in the quiet run


def test_command_line_on_a_saved_run(tmp_path: Path) -> None:
    meta = {
        "size": "quick",
        "started": "2026-11-29 00:10 UTC",
        "ended": "2026-11-29 00:18 UTC",
        "cores": 2,
        "engine compiled": True,
        "environments compiled": False,
        "load": {"before solver": [4.0, 3, 2], "end": [6.5, 4, 3]},
    }
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps({"meta": meta, "raw": {"solver": RAW["solver"]}}))
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--from-json", str(saved), "--quiet-json", str(saved)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.splitlines()[0] == (
        "2026-11-29 00:10 UTC – 2026-11-29 00:18 UTC, size quick, 2 cores; engine compiled "
        "(mypyc), environments pure Python (not representative: build with `make`); "
        "load average (1 min) 4.0–6.5 at the sections' starts and end"
    )
    assert (
        "| CFR+ on Leduc hold'em | OpenSpiel C++ CFRPlusSolver | ≥ 1× | 192.86× / 192.86× | yes "
        in out
    )


def test_an_unknown_section_is_one_line() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--only", "hands,speed"], capture_output=True, text=True
    )
    assert run.returncode == 1
    assert run.stderr == "unknown section speed: give some of hands, fastest, solver, rl\n"
