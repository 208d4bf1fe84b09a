"""Run the solver: iterations, the exploitability curve, and parts spread over an Executor.

The iterations run in the compiled kernel (:mod:`straights.solver.kernel`)
when Numba is there, else in the readable solver (:mod:`straights.solver.cfr`)
— the same strategies to the bit; ``algorithm`` picks CFR+, DCFR or
predictive CFR+.

Nobody acts before the first public cards, so a small Straights splits into
independent parts, one per first public deal; each part can run all its
iterations on another core or machine (any :class:`concurrent.futures.Executor`,
such as :class:`~straights.scale.RayExecutor`).  The parts' best responses add
up to the whole game's, so the curve is the same however the work is spread.

>>> from straights.solver.game import kuhn
>>> result = solve(kuhn(), 300)
>>> result.curve[-1].iteration, round(result.value, 3)
(300, -0.056)
>>> result.curve[-1].milli_antes < result.curve[0].milli_antes
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from time import perf_counter, thread_time
from typing import TYPE_CHECKING

from straights.errors import ConfigurationError
from straights.solver.best_response import best_response_value, expected_value
from straights.solver.cfr import ALGORITHMS, CfrPlus, make_solver
from straights.solver.game import SmallGame
from straights.solver.tree import Tree, build_tree, first_deals

if TYPE_CHECKING:
    from straights.solver.kernel import FastSolver
    from straights.solver.tree import FloatArray

__all__ = ["Checkpoint", "Solution", "schedule", "solve"]

#: ``progress(done, total)``: iterations done so far, summed over the parts.
Progress = Callable[[int, int], None]

#: How long one call of the compiled kernel may run (seconds): Ctrl-C and the
#: progress bar get their turn between calls.
CHUNK_SECONDS = 0.1


@dataclass(frozen=True)
class Checkpoint:
    """The average strategy measured after ``iteration`` iterations.

    ``best_responses`` are each player's best-response values against it
    (chips a hand), ``value`` what it wins for player 1 against itself,
    ``seconds`` the solving time so far and ``cpu_seconds`` the CPU time
    of the solving threads, summed over the parts (the measurements not included in either).
    """

    iteration: int
    best_responses: tuple[float, float]
    value: float
    seconds: float
    ante: int = 1
    cpu_seconds: float = 0.0

    @property
    def exploitability(self) -> float:
        """The mean of the two best responses, in chips a hand (≥ 0, 0 at an equilibrium)."""
        return (self.best_responses[0] + self.best_responses[1]) / 2

    @property
    def milli_antes(self) -> float:
        """The exploitability in thousandths of an ante a hand."""
        return 1000 * self.exploitability / self.ante

    def to_dict(self) -> dict[str, float | int]:
        """JSON-ready figures."""
        return {
            "iteration": self.iteration,
            "exploitability_mante": self.milli_antes,
            "best_response_player1": self.best_responses[0],
            "best_response_player2": self.best_responses[1],
            "value_player1": self.value,
            "seconds": self.seconds,
            "cpu_seconds": self.cpu_seconds,
        }


@dataclass(eq=False)
class Solution:
    """A finished run: the average strategy, the curve and the figures."""

    tree: Tree
    strategy: list[FloatArray]
    curve: list[Checkpoint]
    iterations: int
    seconds: float
    parts: int
    algorithm: str = "cfr+"
    compiled: bool = False

    @property
    def value(self) -> float:
        """Player 1's value of the game under the final average strategy (chips a hand)."""
        return self.curve[-1].value

    @property
    def iterations_per_second(self) -> float:
        """Iterations of the whole game per second of solving (the measurements left out)."""
        spent = self.curve[-1].seconds
        return self.iterations / spent if spent > 0 else float("inf")

    @property
    def iterations_per_cpu_second(self) -> float:
        """Iterations of the whole game per CPU second of solving (summed over the parts)."""
        spent = self.curve[-1].cpu_seconds
        return self.iterations / spent if spent > 0 else float("inf")

    def to_dict(self) -> dict[str, object]:
        """JSON-ready figures (not the strategy itself)."""
        return {
            "game": self.tree.game.to_dict(),
            "description": self.tree.game.describe(),
            "algorithm": self.algorithm,
            "compiled": self.compiled,
            "iterations": self.iterations,
            "parts": self.parts,
            "seconds": self.seconds,
            "iterations_per_second": self.iterations_per_second,
            "iterations_per_cpu_second": self.iterations_per_cpu_second,
            "info_sets": self.tree.info_sets,
            "nodes": self.tree.nodes,
            "decision_nodes": len(self.tree.decisions),
            "exploitability": self.curve[-1].exploitability,
            "exploitability_mante": self.curve[-1].milli_antes,
            "value_player1": self.value,
            "curve": [c.to_dict() for c in self.curve],
        }


def schedule(iterations: int) -> tuple[int, ...]:
    """When to measure: 1, 2, 5, 10, 20, 50 … and the last iteration.

    >>> schedule(120)
    (1, 2, 5, 10, 20, 50, 100, 120)
    """
    points: list[int] = []
    step = 1
    while step <= iterations:
        points += [p for p in (step, 2 * step, 5 * step) if p <= iterations]
        step *= 10
    return tuple(sorted({*points, iterations}))


@dataclass(frozen=True)
class _Part:
    strategy: list[FloatArray]
    rows: list[tuple[int, float, float, float, float, float]]
    compiled: bool


def compiled_available() -> bool:
    """Whether the compiled kernel can run here (Numba installed)."""
    from importlib.util import find_spec

    return find_spec("numba") is not None


def solve_part(
    game: dict[str, object],
    first: tuple[int, ...] | None,
    iterations: int,
    checkpoints: tuple[int, ...],
    progress: Callable[[int], None] | None = None,
    algorithm: str = "cfr+",
    compiled: bool | None = None,
) -> _Part:
    """``algorithm`` on one part of ``game`` (its first public deals ``first``); run by executors.

    ``compiled`` None uses the kernel when Numba is installed; ``progress(n)``
    hears of every ``n`` iterations done.
    """
    tree = build_tree(SmallGame.from_dict(game), first)
    fast = compiled_available() if compiled is None else compiled
    solver: CfrPlus | FastSolver
    if fast:
        from straights.solver.kernel import FastSolver

        solver = FastSolver(tree, algorithm)
        solver.run(0)  # compile (or load) the kernel before the clock starts
    else:
        solver = make_solver(tree, algorithm)
    rows: list[tuple[int, float, float, float, float, float]] = []
    spent = cpu = 0.0
    chunk = 1
    while solver.iterations < iterations:
        target = min(p for p in (*checkpoints, iterations) if p > solver.iterations)
        steps = min(chunk, target - solver.iterations)
        start, start_cpu = perf_counter(), thread_time()
        if fast:
            solver.run(steps)  # type: ignore[union-attr]
        else:
            steps = 1
            solver.iterate()
        took = perf_counter() - start
        spent += took
        cpu += thread_time() - start_cpu
        if fast and took < CHUNK_SECONDS / 2:
            chunk *= 2
        elif fast and took > CHUNK_SECONDS and chunk > 1:
            chunk //= 2
        if solver.iterations in checkpoints:
            avg = solver.average()
            rows.append(
                (
                    solver.iterations,
                    best_response_value(tree, avg, 0),
                    best_response_value(tree, avg, 1),
                    expected_value(tree, avg),
                    spent,
                    cpu,
                )
            )
        if progress is not None:
            progress(steps)
    return _Part(solver.average(), rows, fast)


def _split(total: int, parts: int) -> list[tuple[int, ...]]:
    size, extra = divmod(total, parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(tuple(range(start, end)))
        start = end
    return out


def solve(
    game: SmallGame,
    iterations: int,
    *,
    executor: Executor | None = None,
    parts: int | None = None,
    checkpoints: Sequence[int] | None = None,
    progress: Progress | None = None,
    algorithm: str = "cfr+",
    compiled: bool | None = None,
) -> Solution:
    """Run ``iterations`` of ``algorithm`` on ``game``; measure the average strategy as it goes.

    ``algorithm`` is ``cfr+``, ``dcfr`` or ``pcfr+``; ``compiled`` None runs
    the kernel when Numba is installed (True demands it, False the readable
    solver — the same strategies).

    ``parts`` splits the game by its first public deals (default: one part
    when serial, every first deal when an ``executor`` is given); each part
    runs in full on the executor.  The result does not depend on the
    executor, and only in the last bits of floating point on ``parts``.
    """
    if iterations < 1:
        raise ConfigurationError(f"iterations {iterations}: run at least 1")
    if algorithm not in ALGORITHMS:
        raise ConfigurationError(
            f"--algorithm {algorithm!r} is not known: choose {', '.join(ALGORITHMS)}"
        )
    if compiled and not compiled_available():
        from straights.extras import require

        require("fast", "the compiled solver")
    most = first_deals(game)
    if parts is None:
        parts = most if executor is not None else 1
    if not 1 <= parts <= most:
        raise ConfigurationError(f"parts {parts}: {game.name} splits into 1 to {most} parts")
    points = tuple(
        sorted({p for p in (checkpoints or schedule(iterations)) if 0 < p <= iterations})
    )
    points = tuple(sorted({*points, iterations}))
    chunks: list[tuple[int, ...] | None] = [None] if parts == 1 else list(_split(most, parts))
    data = game.to_dict()
    total = iterations * len(chunks)
    start = perf_counter()
    results: list[_Part] = []
    if executor is None:
        done = 0

        def tick(steps: int) -> None:
            nonlocal done
            done += steps
            if progress is not None:
                progress(done, total)

        results = [
            solve_part(data, c, iterations, points, tick, algorithm, compiled) for c in chunks
        ]
    else:
        from concurrent.futures import as_completed

        futures: list[Future[_Part]] = [
            executor.submit(solve_part, data, c, iterations, points, None, algorithm, compiled)
            for c in chunks
        ]
        for n, _ in enumerate(as_completed(futures), 1):
            if progress is not None:
                progress(n * iterations, total)
        results = [f.result() for f in futures]
    seconds = perf_counter() - start
    return _combine(game, results, iterations, seconds, len(chunks), algorithm)


def _combine(
    game: SmallGame,
    results: list[_Part],
    iterations: int,
    seconds: float,
    parts: int,
    algorithm: str,
) -> Solution:
    import numpy as np

    tree = build_tree(game)
    if len(results) == 1:
        strategy = results[0].strategy
    else:
        strategy = [
            np.concatenate([r.strategy[i] for r in results], axis=0)
            for i in range(len(tree.decisions))
        ]
    curve = []
    for k, row in enumerate(results[0].rows):
        br0 = sum(r.rows[k][1] for r in results)
        br1 = sum(r.rows[k][2] for r in results)
        value = sum(r.rows[k][3] for r in results)
        spent = max(r.rows[k][4] for r in results)
        cpu = sum(r.rows[k][5] for r in results)
        curve.append(Checkpoint(row[0], (br0, br1), value, spent, game.ante, cpu))
    compiled = all(r.compiled for r in results)
    return Solution(tree, strategy, curve, iterations, seconds, parts, algorithm, compiled)
