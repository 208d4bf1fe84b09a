"""The exploitability curve as a PNG (matplotlib, the ``plot`` extra, imported on use).

For Kuhn poker and Leduc hold'em the curve is drawn next to OpenSpiel's C++
CFR+ over the same iterations, as ``benchmarks/bench_solver.py`` measured it
(``openspiel_curves.json``, shipped with the package).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path

from straights.solver.game import SmallGame, kuhn, leduc
from straights.solver.solve import Checkpoint, Solution

__all__ = ["label", "openspiel_curve", "plot_curve"]


def label(solution: Solution) -> str:
    """A run's name in the legend: the game, its raises and its size."""
    game = solution.tree.game
    raises = (
        "" if game.ranking != "straights" else f", {game.raises} raise" + "s" * (game.raises != 1)
    )
    return f"{game.name}{raises} ({solution.tree.info_sets:,} information sets)"


def openspiel_curve(game: SmallGame, iterations: int) -> tuple[str, list[Checkpoint]] | None:
    """OpenSpiel's measured CFR+ curve for ``game`` up to ``iterations``, or None if not measured.

    >>> name, curve = openspiel_curve(kuhn(), 10)
    >>> name, [c.iteration for c in curve]
    ('OpenSpiel 2.0.2 C++ CFR+ (measured)', [1, 2, 5, 10])
    """
    key = {kuhn(): "kuhn_poker", leduc(): "leduc_poker"}.get(game)
    if key is None:
        return None
    data = json.loads(files("straights.solver").joinpath("openspiel_curves.json").read_text())
    rows = data["curves"].get(key, [])
    curve = [Checkpoint(int(t), (e, e), 0.0, 0.0, game.ante) for t, e in rows if t <= iterations]
    return (f"OpenSpiel {data['version']} C++ CFR+ (measured)", curve) if curve else None


def plot_curve(series: Sequence[tuple[str, Sequence[Checkpoint]]], path: str | Path) -> Path:
    """Save exploitability (milli-antes a hand) against iterations, log-log, one line a run.

    ``series`` holds each run's legend label and curve (``Solution.curve``);
    a label naming OpenSpiel is drawn dashed.
    """
    from straights.extras import require
    from straights.frequencies import check_plot_path

    out = check_plot_path(path)
    require("plot", "--plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.5), dpi=120)
    for name, curve in series:
        points = [c for c in curve if c.milli_antes > 0]
        ax.plot(
            [c.iteration for c in points],
            [c.milli_antes for c in points],
            marker="o",
            markersize=3,
            linestyle="--" if "OpenSpiel" in name else "-",  # drawn over an equal curve
            label=name,
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("iterations")
    ax.set_ylabel("exploitability (milli-antes a hand)")
    ax.set_title("Exploitability of the average strategy", fontsize=11)
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return out
