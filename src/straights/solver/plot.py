"""The exploitability curve as a PNG (matplotlib, the ``plot`` extra, imported on use)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from straights.solver.solve import Checkpoint, Solution

__all__ = ["label", "plot_curve"]


def label(solution: Solution) -> str:
    """A run's name in the legend: the game, its raises and its size."""
    game = solution.tree.game
    raises = (
        "" if game.ranking != "straights" else f", {game.raises} raise" + "s" * (game.raises != 1)
    )
    return f"{game.name}{raises} ({solution.tree.info_sets:,} information sets)"


def plot_curve(series: Sequence[tuple[str, Sequence[Checkpoint]]], path: str | Path) -> Path:
    """Save exploitability (milli-antes a hand) against iterations, log-log, one line a run.

    ``series`` holds each run's legend label and curve (``Solution.curve``).
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
            label=name,
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability (milli-antes a hand)")
    ax.set_title("Exploitability of the average strategy", fontsize=11)
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return out
