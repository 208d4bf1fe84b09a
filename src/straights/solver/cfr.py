"""CFR+, discounted CFR and predictive CFR+ over a small game's public tree.

Every board and private hand at once: the walk is exact (no sampling), each
iteration visits every betting node once per player (the two players updated
in turn), with arrays over all boards and hands of its level.  These classes
are the readable definition; :mod:`straights.solver.kernel` runs the same
arithmetic compiled, and is tested equal to them.

- CFR+ (Tammelin, 2014): regret matching on regrets floored at zero, the
  average strategy weighted by the iteration number ``t``.
- Discounted CFR (Brown & Sandholm, 2019), DCFR(α, β, γ): after iteration
  ``t`` adds its regrets, positive regrets are multiplied by ``t^α/(t^α+1)``
  and negative ones by ``t^β/(t^β+1)``; iteration ``t`` weighs ``t^γ`` in the
  average (the same average as discounting the sums by ``(t/(t+1))^γ``).
  Defaults α = 1.5, β = 0, γ = 2.
- Predictive CFR+ (Farina, Kroer & Sandholm, 2021): CFR+'s regrets, but the
  strategy is regret matching on the regrets plus a prediction of the next
  iteration's regrets — the last iteration's; the average weighted by ``t²``.

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

__all__ = [
    "ALGORITHMS",
    "CfrPlus",
    "DiscountedCfr",
    "PredictiveCfrPlus",
    "make_solver",
    "normalise",
    "regret_matching",
]

#: The algorithms ``straights solve --algorithm`` offers.
ALGORITHMS = ("cfr+", "dcfr", "pcfr+")


def normalise(weights: FloatArray) -> FloatArray:
    """Each row of the last axis scaled to sum 1; rows of zeros become uniform."""
    import numpy as np

    total = weights.sum(axis=-1, keepdims=True)
    uniform = np.full_like(weights, 1.0 / weights.shape[-1])
    out: FloatArray = np.divide(weights, total, out=uniform, where=total > 0)
    return out


def regret_matching(regrets: FloatArray, tolerance: float = 0.0) -> FloatArray:
    """The current strategy: regrets of at least ``tolerance`` (and above 0), normalised."""
    import numpy as np

    return normalise(np.where(regrets < tolerance, 0.0, np.maximum(regrets, 0.0)))


class CfrPlus:
    """CFR+'s state: regrets and strategy sums for every information set."""

    algorithm = "cfr+"

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

    def strategy(self, index: int) -> FloatArray:
        """The current strategy at decision node ``index``."""
        return regret_matching(self.regrets[index], self.tolerance)

    def weight(self) -> float:
        """How much the current iteration weighs in the average strategy."""
        return float(self.iterations)

    def accumulate(self, index: int, instant: FloatArray) -> None:
        """Add this iteration's regrets at decision node ``index``: floored at zero."""
        regrets = self.regrets[index]
        regrets += instant
        # Rounding noise (equal values differing in the last bit) is zero too,
        # so the result does not hang on the order of floating-point sums.
        regrets[regrets < self.tolerance] = 0.0

    def _walk(self, node: Node, reaches: tuple[FloatArray, ...]) -> FloatArray:
        mine, theirs = reaches
        if node.kind == "chance":
            return chance(self.tree, node, reaches, self._walk)
        if node.kind != "decision":
            return terminal(self.tree, node, self._player, theirs)
        sigma = self.strategy(node.index)
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
        self.accumulate(node.index, values - value[:, :, None])
        self.sums[node.index] += (self.weight() * mine[:, :, None]) * sigma
        return value


class DiscountedCfr(CfrPlus):
    """Discounted CFR, DCFR(α, β, γ): old regrets and old strategies fade.

    >>> from straights.solver.game import kuhn
    >>> from straights.solver.tree import build_tree
    >>> from straights.solver.best_response import exploitability
    >>> dcfr = DiscountedCfr(build_tree(kuhn()))
    >>> for _ in range(200):
    ...     dcfr.iterate()
    >>> exploitability(dcfr.tree, dcfr.average()) < 0.002
    True
    """

    algorithm = "dcfr"

    def __init__(
        self, tree: Tree, alpha: float = 1.5, beta: float = 0.0, gamma: float = 2.0
    ) -> None:
        super().__init__(tree)
        self.alpha, self.beta, self.gamma = alpha, beta, gamma

    def weight(self) -> float:
        """Iteration ``t`` weighs ``t^γ``."""
        return float(float(self.iterations) ** self.gamma)

    def accumulate(self, index: int, instant: FloatArray) -> None:
        """Add this iteration's regrets, then discount: ``t^α/(t^α+1)`` if positive, else β's."""
        import numpy as np

        t = float(self.iterations)
        up, down = t**self.alpha, t**self.beta
        regrets = self.regrets[index]
        regrets += instant
        regrets *= np.where(regrets > 0, up / (up + 1), down / (down + 1))


class PredictiveCfrPlus(CfrPlus):
    """Predictive CFR+: regret matching on the regrets plus the last iteration's regrets.

    >>> from straights.solver.game import kuhn
    >>> from straights.solver.tree import build_tree
    >>> from straights.solver.best_response import exploitability
    >>> pcfr = PredictiveCfrPlus(build_tree(kuhn()))
    >>> for _ in range(200):
    ...     pcfr.iterate()
    >>> exploitability(pcfr.tree, pcfr.average()) < 0.002
    True
    """

    algorithm = "pcfr+"

    def __init__(self, tree: Tree) -> None:
        import numpy as np

        super().__init__(tree)
        #: The last iteration's regrets at every information set: the prediction.
        self.last: list[FloatArray] = [np.zeros_like(r) for r in self.regrets]

    def strategy(self, index: int) -> FloatArray:
        """Regret matching on the regrets plus the prediction."""
        return regret_matching(self.regrets[index] + self.last[index], self.tolerance)

    def weight(self) -> float:
        """Iteration ``t`` weighs ``t²``."""
        return float(self.iterations) ** 2

    def accumulate(self, index: int, instant: FloatArray) -> None:
        """CFR+'s floored regrets; this iteration's regrets become the next prediction."""
        super().accumulate(index, instant)
        self.last[index] = instant


def make_solver(
    tree: Tree,
    algorithm: str = "cfr+",
    alpha: float = 1.5,
    beta: float = 0.0,
    gamma: float = 2.0,
) -> CfrPlus:
    """The readable solver for ``algorithm`` (one of :data:`ALGORITHMS`).

    >>> from straights.solver.game import kuhn
    >>> from straights.solver.tree import build_tree
    >>> make_solver(build_tree(kuhn()), "dcfr").gamma
    2.0
    """
    from straights.errors import ConfigurationError

    if algorithm == "cfr+":
        return CfrPlus(tree)
    if algorithm == "dcfr":
        return DiscountedCfr(tree, alpha, beta, gamma)
    if algorithm == "pcfr+":
        return PredictiveCfrPlus(tree)
    raise ConfigurationError(
        f"--algorithm {algorithm!r} is not known: choose {', '.join(ALGORITHMS)}"
    )
