"""The walks every algorithm shares: chance nodes and terminal payoffs over whole levels.

Values are *counterfactual*: for each board and slot of a level, the chips the
walking player wins there, summed over the opponent's hands and the deals
still to come, each weighted by the opponent's reach and the deal's chance
(all equally likely: ``level.scale`` is one over their number at that level).

Sums over the opponent's hands run in hand order, one term after another (a
reduction over a middle axis), so the compiled kernel
(:mod:`straights.solver.kernel`) can add in the same order and match to the bit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from straights.solver.tree import Node, Tree

if TYPE_CHECKING:
    from straights.solver.tree import FloatArray

__all__ = ["chance", "terminal"]


def terminal(tree: Tree, node: Node, player: int, theirs: FloatArray) -> FloatArray:
    """``player``'s values at a fold or showdown, given the opponent's reach ``theirs``."""

    level = tree.levels[node.level]
    if node.kind == "fold":
        won = -node.contrib[player] if node.player == player else node.contrib[1 - player]
        out: FloatArray = (level.scale * won) * (theirs[:, :, None] * level.compat).sum(axis=1)
        return out
    stake = level.scale * node.contrib[player]
    facing = tree.showdown.transpose(0, 2, 1) * theirs[:, :, None]
    values: FloatArray = stake * facing.sum(axis=1)
    return values


def chance(
    tree: Tree,
    node: Node,
    reaches: tuple[FloatArray, ...],
    below: Callable[[Node, tuple[FloatArray, ...]], FloatArray],
) -> FloatArray:
    """Deal the next public cards: spread ``reaches`` over the boards below, sum values back."""
    import numpy as np

    child = node.children[0]
    parent = tree.levels[node.level]
    flat = tree.levels[child.level].flat_parent
    assert flat is not None
    values = below(child, tuple(r.ravel()[flat] for r in reaches))
    boards, slots = parent.shape
    total = np.bincount(flat.ravel(), weights=values.ravel(), minlength=boards * slots)
    out: FloatArray = total.reshape(boards, slots).astype(np.float64)
    return out
