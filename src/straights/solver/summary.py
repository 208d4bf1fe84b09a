"""A solved strategy in a few numbers: how often it folds, calls and raises, by hand strength.

The full game is far too big to solve, so the ``cfr`` bot carries what the
solved Mini Straights strategy does into it: for each betting situation
(round — the first or a later one —, bets so far in the round, first or second
to act) and each tenth of *equity* (the chance of winning the pot outright
against one random hand, as :class:`~straights.bots.strength.StrengthBot`
estimates it), the strategy's average action, weighted by how often each
information set is reached.  It is a translation, not a solution, of the
full game: ``docs/solver.md`` says what it keeps and what it loses.

>>> from straights.solver.game import kuhn
>>> from straights.solver.solve import solve
>>> table = summarise(solve(kuhn(), 2000))
>>> table.probabilities(0, 1, 1, 0.99)["c"]      # facing a bet with the king: call
1.0
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from straights.errors import StraightsError
from straights.solver.solve import Solution
from straights.solver.tree import Node, Tree

if TYPE_CHECKING:
    from straights.solver.tree import FloatArray

__all__ = ["BUCKETS", "PolicyTable", "equities", "shipped", "summarise"]

#: Equity is cut into this many equal bands.
BUCKETS = 10
ACTIONS = "fcr"
SHIPPED = "cfr_policy.json"


@dataclass(frozen=True)
class PolicyTable:
    """Action probabilities by situation and equity band.

    ``rows[key][band]`` holds the probabilities of fold, check/call and
    bet/raise; ``key`` is ``"round-bets-player"`` with round 0 (the first) or
    1 (any later), the bets and raises so far in the round (0 to 3) and the
    player 0 (first to act) or 1.
    """

    rows: dict[str, list[list[float]]]
    source: dict[str, object]

    def probabilities(self, round_: int, bets: int, player: int, equity: float) -> dict[str, float]:
        """The action probabilities for a situation; empty if the solved game never met it."""
        row = self.rows.get(f"{min(round_, 1)}-{bets}-{player}")
        if row is None:
            return {}
        band = min(BUCKETS - 1, max(0, int(equity * BUCKETS)))
        return dict(zip(ACTIONS, row[band], strict=True))

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"buckets": BUCKETS, "actions": ACTIONS, "source": self.source, "rows": self.rows}

    def save(self, path: str | Path) -> None:
        """Write the table as JSON."""
        head = json.dumps({"buckets": BUCKETS, "actions": ACTIONS, "source": self.source})
        rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in self.rows.items())
        text = head[:-1] + ', "rows": {\n' + rows + "\n}}\n"
        Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def read(cls, path: str | Path) -> PolicyTable:
        """A table :meth:`save` wrote (one clear :class:`StraightsError` if it is not one)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            return cls(rows=dict(data["rows"]), source=dict(data["source"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise StraightsError(f"{str(path)!r} is not a cfr policy table ({exc})") from None


def shipped() -> PolicyTable:
    """The table the package ships, from a long Mini Straights run (see ``docs/solver.md``)."""
    text = resources.files("straights.solver").joinpath(SHIPPED).read_text(encoding="utf-8")
    data = json.loads(text)
    return PolicyTable(rows=dict(data["rows"]), source=dict(data["source"]))


def equities(tree: Tree) -> list[FloatArray]:
    """Per level, each (board, hand)'s chance of winning outright against one random hand.

    At the last level it counts the opponent hands beaten; above, it averages
    over the boards still to come.  Rule 10's carry-over counts as no win.
    """
    import numpy as np

    last = tree.levels[-1]
    wins = ((tree.showdown > 0) * last.compat[None]).sum(axis=2)
    out = [wins / last.compat.sum(axis=1)[None, :]]
    for depth in range(len(tree.levels) - 1, 0, -1):
        child, parent = tree.levels[depth], tree.levels[depth - 1]
        assert child.flat_parent is not None
        size = parent.shape[0] * parent.shape[1]
        flat = child.flat_parent.ravel()
        total = np.bincount(flat, weights=out[0].ravel(), minlength=size)
        count = np.bincount(flat, minlength=size)
        out.insert(0, (total / np.maximum(count, 1)).reshape(parent.shape))
    return out


def summarise(solution: Solution, strategy: Sequence[FloatArray] | None = None) -> PolicyTable:
    """The policy table of a solution's average strategy (or of ``strategy`` on its tree)."""
    import numpy as np

    tree = solution.tree
    sigma = list(strategy if strategy is not None else solution.strategy)
    eq = equities(tree)
    sums: dict[str, FloatArray] = {}

    def walk(node: Node, reaches: tuple[FloatArray, FloatArray]) -> None:
        if node.kind == "chance":
            child = node.children[0]
            flat = tree.levels[child.level].flat_parent
            assert flat is not None
            walk(child, (reaches[0].ravel()[flat], reaches[1].ravel()[flat]))
            return
        if node.kind != "decision":
            return
        actor, other = reaches[node.player], reaches[1 - node.player]
        level = tree.levels[node.level]
        weight = actor * (other @ level.compat)
        probs = sigma[node.index]
        seq = node.history.split("/")[-1]
        key = f"{min(node.history.count('/'), 1)}-{seq.count('r')}-{node.player}"
        table = sums.setdefault(key, np.zeros((BUCKETS, len(ACTIONS))))
        band = np.minimum((eq[node.level] * BUCKETS).astype(np.int64), BUCKETS - 1)
        for a, name in enumerate(node.actions):
            np.add.at(
                table[:, ACTIONS.index(name)], band.ravel(), (weight * probs[:, :, a]).ravel()
            )
        for a, child in enumerate(node.children):
            nxt = list(reaches)
            nxt[node.player] = actor * probs[:, :, a]
            walk(child, (nxt[0], nxt[1]))

    slots = tree.levels[0].shape[1]
    walk(tree.root, (np.ones((1, slots)), np.ones((1, slots))))
    rows: dict[str, list[list[float]]] = {}
    for key, table in sorted(sums.items()):
        total = table.sum(axis=1, keepdims=True)
        # A band no hand reaches borrows the nearest reached band's row.
        reached = np.flatnonzero(total[:, 0] > 0)
        filled = []
        for band in range(BUCKETS):
            src = band if total[band, 0] > 0 else int(reached[np.abs(reached - band).argmin()])
            filled.append([round(float(x), 4) for x in table[src] / total[src]])
        rows[key] = filled
    source = {
        "game": tree.game.describe(),
        "iterations": solution.iterations,
        "exploitability_mante": round(solution.curve[-1].milli_antes, 3),
    }
    return PolicyTable(rows=rows, source=source)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m straights.solver.summary ITERATIONS OUT.json``: solve Mini Straights, save."""
    import sys

    from straights.solver.game import mini_straights
    from straights.solver.solve import solve

    args = list(sys.argv[1:] if argv is None else argv)
    iterations, out = int(args[0]), args[1]
    summarise(solve(mini_straights(), iterations)).save(out)


if __name__ == "__main__":
    main()
