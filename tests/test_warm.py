"""`straights warm-up`: after it, the commands compile nothing; the kernel cache's place.

Speed is measured in ``benchmarks/bench_newcomer.py``; here the checks are
counts of Numba compilations, which do not depend on the machine's load.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from numba import njit
from rich.console import Console

import straights
from straights.cli import fast as cli_fast

SRC = Path(straights.__file__).resolve().parent.parent

# Counts the compilations of whatever runs after warm-up, in a fresh process.
COUNT_COMPILES = textwrap.dedent(
    """
    import sys
    from straights.fast.warm import watch_compilation
    from straights.warmup import STEPS
    for _, step in STEPS:
        step()
    compiled = []
    watch_compilation(lambda: compiled.append(1), lambda: None)
    exec(sys.argv[1])
    print("compilations:", len(compiled))
    """
)


def compilations_after_warm_up(code: str) -> int:
    out = subprocess.run(
        [sys.executable, "-c", COUNT_COMPILES, textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr
    return int(out.stdout.rsplit("compilations:", 1)[1])


def test_warm_up_command_reports_each_step() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "straights.cli.main", "warm-up"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr
    for label in (
        "lookup tables",
        "odds kernels",
        "seven-card count kernels",
        "equity bot kernels",
        "environment kernels",
        "solver kernel",
    ):
        assert f"✓ {label} (" in out.stderr
    assert "fast kernels ready in" in out.stderr


def test_after_warm_up_odds_compile_nothing() -> None:
    code = """
    from straights.cli.main import main
    from straights.odds import holdem_odds, straights_odds
    for args in (
        ["odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s"],
        ["odds", "--json", "--pack", "52", "Qs 9d", "? ?"],
        ["odds", "--game", "holdem", "--samples", "5000", "Ah Kh", "Qs Qd"],
        ["odds", "--game", "holdem", "--table", "Jh Th 2c", "Ah Kh", "? ?"],
    ):
        try:
            main(args)
        except SystemExit as exit:
            assert not exit.code, exit.code
    steps = []
    straights_odds(["8h 2c", "? ?"], "S T R ?", exact=True, progress=lambda d, t: steps.append(d))
    holdem_odds(["Ah Kh", "? ?"], samples=100_000, progress=lambda d, t: steps.append(d))
    assert steps
    """
    assert compilations_after_warm_up(code) == 0


def test_after_warm_up_equity_bots_compile_nothing() -> None:
    code = """
    from straights.bots.arena import PokerArena, simulate
    from straights.poker import get_variant
    for pack in (55, 52):
        straights = [get_variant(f"_STR{pack}L")]
        simulate(PokerArena(straights, ["equity"], players=3, ante=1), hands=40, seed=1)
        simulate(PokerArena(straights, ["equity"], players=2, ante=1), hands=40, seed=2)
    """
    assert compilations_after_warm_up(code) == 0


def test_after_warm_up_the_solver_compiles_nothing() -> None:
    code = """
    from straights.solver.game import leduc
    from straights.solver.solve import solve
    for algorithm in ("cfr+", "dcfr", "pcfr+"):
        assert solve(leduc(), 3, algorithm=algorithm).compiled
    """
    assert compilations_after_warm_up(code) == 0


def test_after_warm_up_the_environments_compile_nothing() -> None:
    code = """
    import numpy as np
    from straights.batch import HoldemBatch, StraightsBatch
    from straights.rl import env
    for batch in (HoldemBatch(tables=8, players=6, seed=1), StraightsBatch(tables=8, seed=1)):
        for _ in range(50):
            batch.step(batch.mask.argmax(axis=1))
    rng = np.random.default_rng(1)
    e = env("holdem", 6)
    for seed in range(20):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, done, _, _ = e.last()
            legal = np.flatnonzero(obs["action_mask"])
            e.step(None if done else int(rng.choice(legal)))
    assert type(e).__name__ == "HoldemEnv"
    """
    assert compilations_after_warm_up(code) == 0


@pytest.mark.slow
def test_after_warm_up_frequency_kernels_compile_nothing() -> None:
    code = """
    from straights.frequencies import count
    for ranking in ("high", "ace-to-five", "straights"):
        count(ranking, 7, kernel=True)
        count(ranking, 7, kernel=True, progress=lambda hands: None)
    count("straights", pack=52, kernel=True)
    """
    assert compilations_after_warm_up(code) == 0


def test_a_compilation_shows_the_spinner_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=80)
    monkeypatch.setattr(cli_fast, "_err", terminal)
    monkeypatch.setattr(cli_fast, "_stop_watching", [])
    assert cli_fast.fast_kernels("straights odds") is terminal
    try:
        fresh = njit(lambda x: x + 1)  # never cached: its first call compiles
        assert fresh(1) == 2
    finally:
        cli_fast._stop_watching.pop()()
    assert cli_fast.COMPILING in screen.getvalue()
    assert "first run only" in cli_fast.COMPILING


def test_a_terminal_sees_nothing_when_nothing_compiles(monkeypatch: pytest.MonkeyPatch) -> None:
    from straights.fast import high_keys

    assert high_keys([[0, 4, 8, 12, 21]]).tolist() == [1]  # 7-5-4-3-2; now loaded
    screen = io.StringIO()
    monkeypatch.setattr(cli_fast, "_err", Console(file=screen, force_terminal=True))
    monkeypatch.setattr(cli_fast, "_stop_watching", [])
    cli_fast.fast_kernels("straights odds")
    try:
        assert high_keys([[0, 4, 8, 12, 21], [48, 44, 40, 36, 32]]).tolist() == [1, 7462]
    finally:
        cli_fast._stop_watching.pop()()
    assert screen.getvalue() == ""


def _cache_dirs(src: Path, env: dict[str, str]) -> list[str]:
    code = (
        "from straights.fast import kernel_cache_dir, equity, _natural;"
        "print(kernel_cache_dir()); print(equity.exact._cache._cache_path);"
        "print(_natural._ace_five._cache._cache_path)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env | {"PYTHONPATH": str(src)},
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_kernel_cache_follows_every_kernel_source(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(SRC / "straights", src / "straights", ignore=shutil.ignore_patterns("*.pyc"))
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["STRAIGHTS_CACHE"] = str(tmp_path / "cache")
    before = _cache_dirs(src, env)
    assert Path(before[0]).parent == tmp_path / "cache"
    assert all(Path(p).is_relative_to(before[0]) for p in before[1:])  # every kernel, one place
    warm = src / "straights" / "fast" / "warm.py"
    warm.write_text(warm.read_text() + "\n# not a kernel source\n")
    assert _cache_dirs(src, env)[0] == before[0]
    kernels = src / "straights" / "fast" / "kernels.py"  # equity.py inlines from it
    kernels.write_text(kernels.read_text() + "\n# edited\n")
    after = _cache_dirs(src, env)
    assert after[0] != before[0] and Path(after[1]).is_relative_to(after[0])
    batch = src / "straights" / "batch" / "holdem_kernels.py"  # rl/kernels.py inlines from it
    batch.write_text(batch.read_text() + "\n# edited\n")
    assert _cache_dirs(src, env)[0] != after[0]
    chosen = _cache_dirs(src, env | {"NUMBA_CACHE_DIR": str(tmp_path / "mine")})
    assert chosen[0] == str(tmp_path / "mine")
