"""Strategies over a small game's tree: uniform, saved, loaded and looked up.

A strategy is one array per decision node of the tree (boards × private
hands × actions, each row a probability distribution).  On disk it is a
NumPy ``.npz`` file holding the game's description, each node's betting
history and its array, so a saved strategy can be played without the solver.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from straights.cards import Card, CardsLike, parse_cards
from straights.errors import ConfigurationError, StraightsError
from straights.solver.game import SmallGame
from straights.solver.tree import Tree

if TYPE_CHECKING:
    from straights.solver.tree import FloatArray, Level

__all__ = ["SavedStrategy", "calling", "load", "save", "uniform"]

FORMAT = "straights-solver-strategy/1"


def uniform(tree: Tree) -> list[FloatArray]:
    """Every action equally likely everywhere."""
    import numpy as np

    return [
        np.full((*tree.levels[n.level].shape, len(n.actions)), 1.0 / len(n.actions))
        for n in tree.decisions
    ]


def calling(tree: Tree) -> list[FloatArray]:
    """Always check or call, never bet, raise or fold (the ``calling`` bot's play)."""
    import numpy as np

    out = []
    for n in tree.decisions:
        probs = np.zeros((*tree.levels[n.level].shape, len(n.actions)))
        probs[:, :, n.actions.index("c")] = 1.0
        out.append(probs)
    return out


def save(
    path: str | Path, tree: Tree, strategy: Sequence[FloatArray], info: dict[str, object]
) -> None:
    """Write ``strategy`` for ``tree`` to ``path`` (``.npz``), with ``info`` (the figures)."""
    import numpy as np

    header = {
        "format": FORMAT,
        "game": tree.game.to_dict(),
        "histories": [n.history for n in tree.decisions],
        "actions": [n.actions for n in tree.decisions],
        "info": info,
    }
    arrays = {f"node{i}": a.astype(np.float32) for i, a in enumerate(strategy)}
    try:
        with open(path, "wb") as out:
            np.savez_compressed(out, header=np.array(json.dumps(header)), **arrays)  # type: ignore[arg-type]
    except OSError as exc:
        raise StraightsError(
            f"cannot write the strategy to {str(path)!r}: {exc.strerror}"
        ) from None


@dataclass(eq=False)
class SavedStrategy:
    """A strategy read back from a file, ready to answer "what now?" questions.

    :meth:`policy` takes the player's private cards, the public cards dealt so
    far street by street and the betting history, and returns each legal
    action's probability.
    """

    game: SmallGame
    histories: tuple[str, ...]
    actions: tuple[str, ...]
    arrays: tuple[FloatArray, ...]
    info: dict[str, object]
    _levels: tuple[Level, ...] | None = field(default=None, repr=False)
    _boards: list[dict[tuple[int, ...], int]] = field(default_factory=list, repr=False)

    def levels(self) -> tuple[Level, ...]:
        """The game's boards and hands (built on first use)."""
        if self._levels is None:
            from straights.solver.tree import _levels

            self._levels = _levels(self.game, None)
            self._boards = [
                {tuple(b): i for i, b in enumerate(lv.boards.tolist())} for lv in self._levels
            ]
        return self._levels

    def policy(
        self, private: CardsLike, streets: Sequence[CardsLike], history: str
    ) -> dict[str, float]:
        """Each action's probability (``f``, ``c``, ``r``) at this point of a deal.

        Raises :class:`ConfigurationError` when the situation is not in the game.
        """
        try:
            node = self.histories.index(history)
        except ValueError:
            raise ConfigurationError(f"no decision after the betting {history!r}") from None
        position = {c: i for i, c in enumerate(self.game.pack)}

        def where(cards: Sequence[Card]) -> list[int]:
            missing = [c for c in cards if c not in position]
            if missing:
                raise ConfigurationError(f"{missing[0]} is not in the solved game's pack")
            return sorted(position[c] for c in cards)

        board: list[int] = []
        dealt = 0
        for cards in streets:
            part = where(parse_cards(cards))
            board += part
            dealt += 1 if part else 0
        hand = tuple(where(parse_cards(private)))
        levels = self.levels()
        level = sum(1 for k in self.game.streets[: history.count("/") + 1] if k > 0)
        if level != dealt or len(board) != sum(self.game.streets[: history.count("/") + 1]):
            raise ConfigurationError("the public cards do not match the betting round")
        b = self._boards[level].get(tuple(board))
        if b is None:
            raise ConfigurationError("those public cards are not a board of the solved game")
        hands = [tuple(h) for h in levels[level].hands[b].tolist()]
        if hand not in hands:
            raise ConfigurationError("the private cards clash with the board")
        row = self.arrays[node][b, hands.index(hand)]
        return {a: float(p) for a, p in zip(self.actions[node], row.tolist(), strict=True)}


def load(path: str | Path) -> SavedStrategy:
    """Read a strategy :func:`save` wrote; a bad file is one clear :class:`StraightsError`."""
    import numpy as np

    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            if header.get("format") != FORMAT:
                raise ValueError("not a strategy file")
            arrays = tuple(
                data[f"node{i}"].astype(np.float64) for i in range(len(header["histories"]))
            )
    except OSError as exc:
        raise StraightsError(f"cannot read the strategy {str(path)!r}: {exc}") from None
    except (ValueError, KeyError, json.JSONDecodeError) as exc:
        raise StraightsError(f"{str(path)!r} is not a solver strategy file ({exc})") from None
    return SavedStrategy(
        game=SmallGame.from_dict(header["game"]),
        histories=tuple(header["histories"]),
        actions=tuple(header["actions"]),
        arrays=arrays,
        info=dict(header.get("info", {})),
    )
