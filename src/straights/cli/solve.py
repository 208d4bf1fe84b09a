"""``straights solve``: CFR+, DCFR or predictive CFR+ on a small game, with its exploitability."""

from __future__ import annotations

import json
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from straights.cli.app import app
from straights.cli.interrupt import ignore_interrupts, stop_workers

if TYPE_CHECKING:
    from straights.solver.game import SmallGame
    from straights.solver.solve import Solution

GAMES = ("mini-straights", "kuhn", "leduc")
EXECUTORS = ("serial", "threads", "processes", "ray")


@app.command()
def solve(
    iterations: Annotated[
        int, typer.Option("--iterations", "-n", min=1, help="Iterations to run.")
    ] = 200,
    game: Annotated[
        str, typer.Option(help="mini-straights, kuhn or leduc (Leduc hold'em).")
    ] = "mini-straights",
    algorithm: Annotated[
        str,
        typer.Option(help="cfr+, dcfr (discounted CFR, α=1.5 β=0 γ=2) or pcfr+ (predictive CFR+)."),
    ] = "cfr+",
    raises: Annotated[
        int | None,
        typer.Option(min=0, max=2, help="Mini Straights: raises allowed a round.  [default: 2]"),
    ] = None,
    pack: Annotated[
        str | None,
        typer.Option(
            help="Mini Straights: the 10 to 12 cards to play with "
            "(default 'S T R 5c 6h 7h 8h 8c 9d Ts')."
        ),
    ] = None,
    output: Annotated[
        Path, typer.Option("--output", "-o", help="Write the average strategy to this .npz file.")
    ] = Path("strategy.npz"),
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="Also save the exploitability curve to this .png file "
            "(Kuhn and Leduc: next to OpenSpiel's CFR+).",
        ),
    ] = None,
    executor: Annotated[
        str, typer.Option(help="Where the parts run: serial, threads, processes or ray.")
    ] = "serial",
    workers: Annotated[
        int, typer.Option(min=1, help="Threads or processes for --executor threads/processes.")
    ] = 2,
    ray_address: Annotated[
        str | None,
        typer.Option(help="--executor ray: the cluster to join ('auto'; default: a local one)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON result.")] = False,
) -> None:
    """Solve a small game with CFR+ (or DCFR, PCFR+) and report the exploitability as it falls.

    Mini Straights is heads-up Limit Straights on a 10-card pack in two betting
    rounds (see docs/solver.md); Kuhn poker and Leduc hold'em are the classic
    test games.  Exploitability is in milli-antes a hand.
    Example: straights solve --game leduc -n 1000 --algorithm dcfr --plot curve.png
    """
    from straights.errors import ConfigurationError
    from straights.extras import require
    from straights.solver.cfr import ALGORITHMS

    require("fast", "straights solve")
    chosen = _game(game, raises, pack)
    if algorithm not in ALGORITHMS:
        raise ConfigurationError(
            f"--algorithm {algorithm!r} is not known: choose {', '.join(ALGORITHMS)}"
        )
    target = _check_output(output)
    if plot is not None:
        from straights.frequencies import check_plot_path

        check_plot_path(plot)
        require("plot", "--plot")
    if executor not in EXECUTORS:
        raise ConfigurationError(
            f"--executor {executor!r} is not known: choose {', '.join(EXECUTORS)}"
        )
    pool = _executor(executor, workers, ray_address)
    try:
        solution = _run(chosen, iterations, pool, algorithm)
    except BaseException as exc:  # Ctrl-C or a failure: stop the workers now, do not wait
        stop_now = getattr(pool, "stop_now", None)  # a local Ray: its node dies at once
        if isinstance(exc, KeyboardInterrupt) and stop_now is not None:
            from straights.cli.interrupt import end_now

            stop_now()
            end_now()
        if pool is not None:
            stop_workers(pool)
        raise
    if pool is not None:
        pool.shutdown()
    from straights.solver.strategy import save

    save(target, solution.tree, solution.strategy, solution.to_dict())
    if plot is not None:
        from straights.solver.plot import label, openspiel_curve, plot_curve

        series = [(f"{label(solution)}, {solution.algorithm}", solution.curve)]
        peer = openspiel_curve(chosen, iterations)
        if peer is not None:
            series.append(peer)
        plot_curve(series, plot)
    if as_json:
        data = solution.to_dict()
        data["strategy"] = str(target)
        typer.echo(json.dumps(data, indent=2))
        return
    _print(solution, target, plot)


def _game(name: str, raises: int | None, pack: str | None) -> SmallGame:
    from straights.errors import ConfigurationError
    from straights.solver.game import MINI_PACK, kuhn, leduc, mini_straights

    key = name.strip().lower()
    if key not in GAMES:
        raise ConfigurationError(f"--game {name!r} is not known: choose {', '.join(GAMES)}")
    if key in ("kuhn", "leduc"):
        if pack is not None or raises is not None:
            raise ConfigurationError(f"--pack and --raises are for mini-straights, not {key}")
        return kuhn() if key == "kuhn" else leduc()
    chosen = mini_straights(
        pack if pack is not None else MINI_PACK, 2 if raises is None else raises
    )
    if not 10 <= len(chosen.pack) <= 12:
        raise ConfigurationError(f"--pack holds {len(chosen.pack)} cards: give 10 to 12")
    return chosen


def _check_output(path: Path) -> Path:
    from straights.errors import ConfigurationError

    if path.suffix.lower() != ".npz":
        raise ConfigurationError(f"--output {str(path)!r} must end in .npz")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ConfigurationError(f"cannot write the strategy to {str(path)!r}: no folder {folder}")
    if path.is_dir():
        raise ConfigurationError(f"cannot write the strategy to {str(path)!r}: it is a folder")
    return path


def _executor(kind: str, workers: int, address: str | None) -> Executor | None:
    if kind == "threads":
        from concurrent.futures import ThreadPoolExecutor

        return ThreadPoolExecutor(workers)
    if kind == "processes":
        from concurrent.futures import ProcessPoolExecutor

        # Ctrl-C reaches the workers too (one process group); the main process ends them.
        return ProcessPoolExecutor(workers, initializer=ignore_interrupts)
    if kind == "ray":
        from straights.scale import RayExecutor

        return RayExecutor(address=address)
    return None


def _run(game: SmallGame, iterations: int, pool: Executor | None, algorithm: str) -> Solution:
    from rich.console import Console

    from straights.cli.progress import Work
    from straights.solver.solve import solve as run_solver

    with Work("solving", "iterations", console=Console(stderr=True, highlight=False)) as work:
        return run_solver(
            game, iterations, executor=pool, progress=work.update, algorithm=algorithm
        )


def _print(solution: Solution, target: Path, plot: Path | None) -> None:
    from rich.table import Table
    from rich.text import Text

    from straights.cli.render import console

    out = console()
    tree = solution.tree
    out.print(Text(f"{tree.game.describe()}; {solution.algorithm}"))
    grid = Table()
    grid.add_column("iteration", justify="right")
    grid.add_column("exploitability\nmilli-antes/hand", justify="right")
    grid.add_column("player 1 wins\nmilli-antes/hand", justify="right")
    grid.add_column("seconds", justify="right")
    for point in solution.curve:
        grid.add_row(
            f"{point.iteration:,}",
            f"{point.milli_antes:,.2f}",
            f"{1000 * point.value / tree.game.ante:+,.2f}",
            f"{point.seconds:,.1f}",
        )
    out.print(grid)
    out.print(
        Text(
            f"{len(tree.decisions):,} betting nodes, {tree.info_sets:,} information sets, "
            f"{tree.nodes:,} nodes; {solution.iterations_per_second:,.2f} iterations/s, "
            f"{solution.iterations_per_cpu_second:,.2f} a CPU second"
            f"{' (compiled)' if solution.compiled else ''} "
            f"({solution.seconds:,.1f} s in all with the measurements, {solution.parts} part"
            f"{'s' if solution.parts > 1 else ''})"
        )
    )
    out.print(Text(f"average strategy written to {target}"))
    if plot is not None:
        out.print(Text(f"exploitability curve saved to {plot}"))
