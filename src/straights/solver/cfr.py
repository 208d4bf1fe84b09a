"""CFR+ over a small game's public tree, every board and private hand at once.

CFR+ (Tammelin, 2014): regret matching on regrets floored at zero, the two
players updated in turn, and the average strategy weighted by the iteration
number.  The walk is exact (no sampling): each iteration visits every betting
node once per player, with arrays over all boards and hands of its level.

>>> from straights.solver.game import kuhn
>>> from straights.solver.tree import build_tree
>>> from straights.solver.best_response import exploitability
>>> cfr = CfrPlus(build_tree(kuhn()))
>>> for _ in range(200):
...     cfr.iterate()
>>> exploitability(cfr.tree, cfr.average()) < 0.002
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from straights.solver.tree import Node, Tree
from straights.solver.walk import chance, terminal

if TYPE_CHECKING:
    from straights.solver.tree import FloatArray

__all__ = ["CfrPlus", "normalise", "regret_matching"]


def normalise(weights: FloatArray) -> FloatArray:
    """Each row of the last axis scaled to sum 1; rows of zeros become uniform."""
    import numpy as np

    total = weights.sum(axis=-1, keepdims=True)
    uniform = np.full_like(weights, 1.0 / weights.shape[-1])
    out: FloatArray = np.divide(weights, total, out=uniform, where=total > 0)
    return out


def regret_matching(regrets: FloatArray) -> FloatArray:
    """The current strategy: positive regrets, normalised."""
    import numpy as np

    return normalise(np.maximum(regrets, 0.0))


class CfrPlus:
    """The solver's state: regrets and strategy sums for every information set."""

    def __init__(self, tree: Tree) -> None:
        import numpy as np

        self.tree = tree
        shapes = [(*tree.levels[n.level].shape, len(n.actions)) for n in tree.decisions]
        self.regrets: list[FloatArray] = [np.zeros(s) for s in shapes]
        self.sums: list[FloatArray] = [np.zeros(s) for s in shapes]
        self.iterations = 0
        #: Regrets below this many chips count as zero (a billionth of a deal's weight).
        self.tolerance = 1e-9 * tree.levels[-1].scale

    def iterate(self) -> None:
        """One CFR+ iteration: player 1's regrets, then player 2's."""
        import numpy as np

        self.iterations += 1
        slots = self.tree.levels[0].shape[1]
        for player in (0, 1):
            self._player = player
            self._walk(self.tree.root, (np.ones((1, slots)), np.ones((1, slots))))

    def average(self) -> list[FloatArray]:
        """The average strategy, one array (boards × hands × actions) per decision node."""
        return [normalise(s) for s in self.sums]

    def _walk(self, node: Node, reaches: tuple[FloatArray, ...]) -> FloatArray:
        mine, theirs = reaches
        if node.kind == "chance":
            return chance(self.tree, node, reaches, self._walk)
        if node.kind != "decision":
            return terminal(self.tree, node, self._player, theirs)
        sigma = regret_matching(self.regrets[node.index])
        if node.player != self._player:
            total = self._walk(node.children[0], (mine, theirs * sigma[:, :, 0]))
            for a in range(1, len(node.children)):
                total = total + self._walk(node.children[a], (mine, theirs * sigma[:, :, a]))
            return total
        import numpy as np

        values = np.stack(
            [
                self._walk(child, (mine * sigma[:, :, a], theirs))
                for a, child in enumerate(node.children)
            ],
            axis=-1,
        )
        value: FloatArray = (values * sigma).sum(axis=-1)
        regrets = self.regrets[node.index]
        regrets += values - value[:, :, None]
        # Floored at zero; rounding noise (equal values differing in the last bit) is zero too,
        # so the result does not hang on the order of floating-point sums.
        regrets[regrets < self.tolerance] = 0.0
        self.sums[node.index] += self.iterations * mine[:, :, None] * sigma
        return value
