"""The exact best response to a strategy, and its exploitability.

A best response picks, at each of its information sets (a betting node, a
board, a private hand), the action whose counterfactual value is highest —
one full walk of the tree per player.  Exploitability is the average of the
two best responses' values: what a perfect opponent would win a hand, per
seat, against the strategy; zero exactly at a Nash equilibrium.

>>> from straights.solver.game import kuhn
>>> from straights.solver.tree import build_tree
>>> tree = build_tree(kuhn())
>>> from straights.solver.strategy import uniform
>>> round(exploitability(tree, uniform(tree)), 4)     # always calling/checking half the time
0.4583
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from straights.solver.tree import Node, Tree
from straights.solver.walk import chance, terminal

if TYPE_CHECKING:
    from straights.solver.tree import FloatArray

__all__ = ["best_response_value", "expected_value", "exploitability", "head_to_head"]


def best_response_value(tree: Tree, strategy: Sequence[FloatArray], player: int) -> float:
    """What ``player`` (0 or 1) wins a hand, on average, best-responding to ``strategy``."""
    import numpy as np

    def walk(node: Node, reaches: tuple[FloatArray, ...]) -> FloatArray:
        (theirs,) = reaches
        if node.kind == "chance":
            return chance(tree, node, reaches, walk)
        if node.kind != "decision":
            return terminal(tree, node, player, theirs)
        if node.player == player:
            best = walk(node.children[0], reaches)
            for child in node.children[1:]:
                best = np.maximum(best, walk(child, reaches))
            return best
        sigma = strategy[node.index]
        total = walk(node.children[0], (theirs * sigma[:, :, 0],))
        for a in range(1, len(node.children)):
            total = total + walk(node.children[a], (theirs * sigma[:, :, a],))
        return total

    slots = tree.levels[0].shape[1]
    return float(walk(tree.root, (np.ones((1, slots)),)).sum())


def expected_value(tree: Tree, strategy: Sequence[FloatArray]) -> float:
    """What player 1 wins a hand, on average, when both play ``strategy``."""
    import numpy as np

    def walk(node: Node, reaches: tuple[FloatArray, ...]) -> FloatArray:
        (theirs,) = reaches
        if node.kind == "chance":
            return chance(tree, node, reaches, walk)
        if node.kind != "decision":
            return terminal(tree, node, 0, theirs)
        sigma = strategy[node.index]
        total = None
        for a, child in enumerate(node.children):
            if node.player == 0:  # player 1's own choice weighs the value below
                part = sigma[:, :, a] * walk(child, reaches)
            else:
                part = walk(child, (theirs * sigma[:, :, a],))
            total = part if total is None else total + part
        assert total is not None
        return total

    slots = tree.levels[0].shape[1]
    return float(walk(tree.root, (np.ones((1, slots)),)).sum())


def head_to_head(tree: Tree, mine: Sequence[FloatArray], theirs: Sequence[FloatArray]) -> float:
    """What ``mine`` wins a hand against ``theirs``, on average over both seats (chips).

    Never less than minus the exploitability of ``mine``.
    """
    first = [mine[n.index] if n.player == 0 else theirs[n.index] for n in tree.decisions]
    second = [theirs[n.index] if n.player == 0 else mine[n.index] for n in tree.decisions]
    return (expected_value(tree, first) - expected_value(tree, second)) / 2


def exploitability(tree: Tree, strategy: Sequence[FloatArray]) -> float:
    """The mean of both players' best-response values against ``strategy``, in chips a hand."""
    return (best_response_value(tree, strategy, 0) + best_response_value(tree, strategy, 1)) / 2
