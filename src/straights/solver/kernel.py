"""The solver compiled: the public tree flattened to arrays once, iterations in a Numba kernel.

:class:`FastSolver` runs exactly the arithmetic of the readable solvers in
:mod:`straights.solver.cfr` (CFR+, DCFR and predictive CFR+), node by node in
the same order, and is tested equal to them (strategies to 1e-12).  The tree
is laid out in pre-order: a forward sweep spreads the reaches from the root
down, a backward sweep (reverse pre-order, so children before parents) brings
the values up, updates regrets and strategy sums.  Numba is in the ``fast``
extra (this module imports it: import it only to solve); the kernel is
compiled on first use, or by ``straights warm-up``, and cached on disk beside
the other fast kernels.

>>> from straights.solver.game import kuhn
>>> from straights.solver.tree import build_tree
>>> from straights.solver.best_response import exploitability
>>> fast = FastSolver(build_tree(kuhn()))
>>> fast.run(200)
>>> exploitability(fast.tree, fast.average()) < 0.002
True
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import numba

from straights.errors import ConfigurationError
from straights.fast import _relocate_caches
from straights.solver.cfr import ALGORITHMS, normalise
from straights.solver.tree import Tree

if TYPE_CHECKING:
    from straights.solver.tree import FloatArray, IntArray

__all__ = ["FastSolver"]

_DECISION, _CHANCE, _FOLD, _SHOWDOWN = 0, 1, 2, 3
_KINDS = {"decision": _DECISION, "chance": _CHANCE, "fold": _FOLD, "showdown": _SHOWDOWN}


@numba.njit(cache=True, nogil=True)
def _iterate(
    iterations: int,
    start: int,
    algorithm: int,
    alpha: float,
    beta: float,
    gamma: float,
    tolerance: float,
    kind: Any,
    player: Any,
    contrib: Any,
    size: Any,
    slots: Any,
    level: Any,
    reach_at: Any,
    child_at: Any,
    children: Any,
    info_at: Any,
    actions: Any,
    flat_at: Any,
    flat: Any,
    compat_at: Any,
    compat: Any,
    scale: Any,
    showdown: Any,
    regrets: Any,
    sums: Any,
    last: Any,
    sigma: Any,
    mine: Any,
    theirs: Any,
    values: Any,
) -> None:
    nodes = kind.shape[0]
    for t in range(start + 1, start + iterations + 1):
        if algorithm == 1:
            weight = float(t) ** gamma
        elif algorithm == 2:
            weight = float(t) * float(t)
        else:
            weight = float(t)
        up = float(t) ** alpha
        down = float(t) ** beta
        up = up / (up + 1.0)
        down = down / (down + 1.0)
        for p in range(2):
            # The current strategy at every decision node.
            for i in range(nodes):
                if kind[i] != 0:
                    continue
                k, n, o = actions[i], size[i], info_at[i]
                for j in range(n):
                    total = 0.0
                    for a in range(k):
                        r = regrets[o + j * k + a]
                        if algorithm == 2:
                            r += last[o + j * k + a]
                        r = 0.0 if r < tolerance else max(r, 0.0)
                        sigma[o + j * k + a] = r
                        total += r
                    for a in range(k):
                        if total > 0:
                            sigma[o + j * k + a] = sigma[o + j * k + a] / total
                        else:
                            sigma[o + j * k + a] = 1.0 / k
            # Forward: reaches from the root down.
            for j in range(size[0]):
                mine[reach_at[0] + j] = 1.0
                theirs[reach_at[0] + j] = 1.0
            for i in range(nodes):
                if kind[i] == 0:
                    k, n, o, ri = actions[i], size[i], info_at[i], reach_at[i]
                    for a in range(k):
                        c = children[child_at[i] + a]
                        rc = reach_at[c]
                        for j in range(n):
                            s = sigma[o + j * k + a]
                            if player[i] == p:
                                mine[rc + j] = mine[ri + j] * s
                                theirs[rc + j] = theirs[ri + j]
                            else:
                                mine[rc + j] = mine[ri + j]
                                theirs[rc + j] = theirs[ri + j] * s
                elif kind[i] == 1:
                    c = children[child_at[i]]
                    rc, ri, fa = reach_at[c], reach_at[i], flat_at[level[c]]
                    for j in range(size[c]):
                        mine[rc + j] = mine[ri + flat[fa + j]]
                        theirs[rc + j] = theirs[ri + flat[fa + j]]
            # Backward: values from the leaves up, regrets and sums updated.
            for i in range(nodes - 1, -1, -1):
                ri, n, m = reach_at[i], size[i], slots[i]
                if kind[i] == 2 or kind[i] == 3:
                    lv = level[i]
                    if kind[i] == 2:
                        won = -float(contrib[i, p]) if player[i] == p else float(contrib[i, 1 - p])
                        factor = scale[lv] * won
                        ca = compat_at[lv]
                        for b in range(n // m):
                            for s in range(m):
                                total = 0.0
                                for u in range(m):
                                    total += theirs[ri + b * m + u] * compat[ca + u * m + s]
                                values[ri + b * m + s] = factor * total
                    else:
                        stake = scale[lv] * float(contrib[i, p])
                        for b in range(n // m):
                            for s in range(m):
                                total = 0.0
                                for u in range(m):
                                    total += showdown[b, s, u] * theirs[ri + b * m + u]
                                values[ri + b * m + s] = stake * total
                elif kind[i] == 1:
                    c = children[child_at[i]]
                    rc, fa = reach_at[c], flat_at[level[c]]
                    for j in range(n):
                        values[ri + j] = 0.0
                    for j in range(size[c]):
                        values[ri + flat[fa + j]] += values[rc + j]
                elif player[i] != p:
                    first = reach_at[children[child_at[i]]]
                    for j in range(n):
                        values[ri + j] = values[first + j]
                    for a in range(1, actions[i]):
                        rc = reach_at[children[child_at[i] + a]]
                        for j in range(n):
                            values[ri + j] = values[ri + j] + values[rc + j]
                else:
                    k, o = actions[i], info_at[i]
                    for j in range(n):
                        value = 0.0
                        for a in range(k):
                            rc = reach_at[children[child_at[i] + a]]
                            value += values[rc + j] * sigma[o + j * k + a]
                        for a in range(k):
                            rc = reach_at[children[child_at[i] + a]]
                            x = o + j * k + a
                            instant = values[rc + j] - value
                            r = regrets[x] + instant
                            if algorithm == 1:
                                r *= up if r > 0 else down
                            elif r < tolerance:
                                r = 0.0
                            regrets[x] = r
                            if algorithm == 2:
                                last[x] = instant
                            sums[x] += (weight * mine[ri + j]) * sigma[x]
                        values[ri + j] = value


class FastSolver:
    """The compiled solver for ``algorithm`` (``cfr+``, ``dcfr`` or ``pcfr+``) on ``tree``.

    ``regrets`` and ``sums`` are views, one array (boards × hands × actions)
    per decision node, of the flat buffers the kernel works in.
    """

    def __init__(
        self,
        tree: Tree,
        algorithm: str = "cfr+",
        alpha: float = 1.5,
        beta: float = 0.0,
        gamma: float = 2.0,
    ) -> None:
        import numpy as np

        if algorithm not in ALGORITHMS:
            raise ConfigurationError(
                f"--algorithm {algorithm!r} is not known: choose {', '.join(ALGORITHMS)}"
            )
        self.tree, self.algorithm = tree, algorithm
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.iterations = 0
        self.tolerance = 1e-9 * tree.levels[-1].scale
        nodes = list(tree.root.walk())
        where = {id(n): i for i, n in enumerate(nodes)}
        count = len(nodes)
        self._kind = np.array([_KINDS[n.kind] for n in nodes], dtype=np.int64)
        self._player = np.array([n.player for n in nodes], dtype=np.int64)
        self._contrib = np.array([n.contrib for n in nodes], dtype=np.float64).reshape(count, 2)
        self._level = np.array([n.level for n in nodes], dtype=np.int64)
        shapes = [tree.levels[n.level].shape for n in nodes]
        self._size = np.array([b * s for b, s in shapes], dtype=np.int64)
        self._slots = np.array([s for _, s in shapes], dtype=np.int64)
        self._reach_at = _offsets(self._size)
        self._actions = np.array([len(n.children) for n in nodes], dtype=np.int64)
        self._child_at = _offsets(self._actions)
        self._children = np.array([where[id(c)] for n in nodes for c in n.children], dtype=np.int64)
        info = np.where(self._kind == _DECISION, self._size * self._actions, 0)
        self._info_at = _offsets(info)
        flats = [lv.flat_parent for lv in tree.levels]
        self._flat_at = _offsets(np.array([0 if f is None else f.size for f in flats]))
        self._flat = np.concatenate(
            [np.zeros(0, np.int64)] + [f.ravel() for f in flats if f is not None]
        )
        self._compat_at = _offsets(np.array([lv.compat.size for lv in tree.levels]))
        self._compat = np.concatenate([lv.compat.ravel() for lv in tree.levels])
        self._scale = np.array([lv.scale for lv in tree.levels], dtype=np.float64)
        self._showdown = np.ascontiguousarray(tree.showdown, dtype=np.float64)
        total = int(info.sum())
        self._regrets = np.zeros(total)
        self._sums = np.zeros(total)
        self._last = np.zeros(total)
        self._sigma = np.zeros(total)
        reach = int(self._size.sum())
        self._mine, self._theirs, self._values = np.zeros(reach), np.zeros(reach), np.zeros(reach)
        decisions = [i for i, n in enumerate(nodes) if n.kind == "decision"]
        assert [nodes[i] for i in decisions] == list(tree.decisions)
        self.regrets = [self._view(self._regrets, i) for i in decisions]
        self.sums = [self._view(self._sums, i) for i in decisions]

    def _view(self, buffer: FloatArray, i: int) -> FloatArray:
        start = int(self._info_at[i])
        boards = int(self._size[i] // self._slots[i])
        shape = (boards, int(self._slots[i]), int(self._actions[i]))
        out: FloatArray = buffer[start : start + int(self._size[i] * self._actions[i])].reshape(
            shape
        )
        return out

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations in the compiled kernel."""
        code = ALGORITHMS.index(self.algorithm)
        _iterate(
            iterations,
            self.iterations,
            code,
            self.alpha,
            self.beta,
            self.gamma,
            self.tolerance,
            self._kind,
            self._player,
            self._contrib,
            self._size,
            self._slots,
            self._level,
            self._reach_at,
            self._child_at,
            self._children,
            self._info_at,
            self._actions,
            self._flat_at,
            self._flat,
            self._compat_at,
            self._compat,
            self._scale,
            self._showdown,
            self._regrets,
            self._sums,
            self._last,
            self._sigma,
            self._mine,
            self._theirs,
            self._values,
        )
        self.iterations += iterations

    def iterate(self) -> None:
        """One iteration (as the readable solvers' ``iterate``)."""
        self.run(1)

    def average(self) -> list[FloatArray]:
        """The average strategy, one array (boards × hands × actions) per decision node."""
        return [normalise(s) for s in self.sums]


_relocate_caches(sys.modules[__name__])


def _offsets(sizes: IntArray) -> IntArray:
    import numpy as np

    out: IntArray = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    return out
