"""The public tree of a small game: boards level by level, and the betting tree.

Everything a player knows is a *public state* (the public cards and the
betting so far) plus his own private cards.  So the solver keeps, for each
betting node, one row per public board and one column per *slot*: a possible
private hand among the cards not on that board.  Slots are numbered the same
way on every board of a level (combinations of the remaining cards in pack
order), so which slots share a card is one matrix per level.

A face-down card nobody has seen (the key card) is dealt when it is turned:
nothing anyone decides depends on it before, so the game is the same.

>>> from straights.solver.game import kuhn
>>> tree = build_tree(kuhn())
>>> [n.history for n in tree.decisions]
['', 'c', 'cr', 'r']
>>> tree.levels[0].hands.shape
(1, 3, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Literal

from straights.cards import SPECIAL_BASE
from straights.errors import TieError
from straights.rankings.straights import straights_key
from straights.solver.game import SmallGame

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float64]
    IntArray = npt.NDArray[np.int64]

__all__ = ["Level", "Node", "Tree", "build_tree"]

#: Fold, check or call, bet or raise.
ACTIONS = "fcr"

Kind = Literal["decision", "chance", "fold", "showdown"]


@dataclass(eq=False)
class Level:
    """The public boards after some deals, and the private hands each leaves possible.

    ``boards[b]`` lists the positions (in the pack) of board ``b``'s public
    cards in the order dealt; ``hands[b, s]`` the positions of slot ``s``'s
    private cards; ``compat[s, t]`` is 1 when slots ``s`` and ``t`` share no
    card.  ``flat_parent[b, s]`` is where slot ``s`` of board ``b`` sits in the
    previous level, flattened (board × slots + slot).  ``all_boards`` counts the
    level's boards in the whole game.
    """

    boards: IntArray
    hands: IntArray
    compat: FloatArray
    flat_parent: IntArray | None
    all_boards: int

    @property
    def scale(self) -> float:
        """The chance of each (board, hand, opponent hand) of this level: 1 / their number.

        Counted over the whole game, also when the level holds only some boards (a part).
        """
        return 1.0 / (self.all_boards * float(self.compat.sum()))

    @property
    def shape(self) -> tuple[int, int]:
        """(boards, slots)."""
        return int(self.hands.shape[0]), int(self.hands.shape[1])


@dataclass(eq=False)
class Node:
    """One node of the betting tree (shared by every board of its level).

    ``history`` is the betting so far, a letter an action (``f`` fold, ``c``
    check or call, ``r`` bet or raise) and ``/`` between rounds.  ``player`` is
    who acts (decision) or who folded (fold), 0 or 1; ``contrib`` each
    player's chips in the pot, ante included.
    """

    kind: Kind
    level: int
    history: str
    contrib: tuple[int, int]
    player: int = -1
    actions: str = ""
    children: tuple[Node, ...] = ()
    index: int = -1

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(eq=False)
class Tree:
    """A small game's betting tree, its levels and its showdown matrix."""

    game: SmallGame
    root: Node
    levels: tuple[Level, ...]
    showdown: FloatArray  # (boards, slots, slots) of the last level: +1 win, -1 loss, 0 else
    decisions: tuple[Node, ...] = field(default=())

    @property
    def info_sets(self) -> int:
        """How many information sets (decision node × board × private hand)."""
        return sum(
            self.levels[n.level].shape[0] * self.levels[n.level].shape[1] for n in self.decisions
        )

    @property
    def nodes(self) -> int:
        """How many nodes the full game tree has (every board and both players' hands)."""
        total = 0
        for node in self.root.walk():
            boards = self.levels[node.level].shape[0]
            total += int(boards * self.levels[node.level].compat.sum())
        return total


def _levels(game: SmallGame, first: Sequence[int] | None) -> tuple[Level, ...]:
    import numpy as np

    n, k = len(game.pack), game.private
    deals = [d for d in (*game.streets, game.last_cards) if d > 0]
    slots_of = {m: list(combinations(range(m), k)) for m in range(n + 1)}

    def level(
        boards: list[tuple[int, ...]], parents: list[int] | None, prev: Level | None, every: int
    ) -> Level:
        m = n - (len(boards[0]) if boards else 0)
        combos = slots_of[m]
        hands = np.empty((len(boards), len(combos), k), dtype=np.int64)
        for b, board in enumerate(boards):
            rest = [p for p in range(n) if p not in board]
            hands[b] = [[rest[i] for i in c] for c in combos]
        compat = np.array(
            [[0.0 if set(a) & set(c) else 1.0 for c in combos] for a in combos], dtype=np.float64
        )
        flat = None
        if prev is not None and parents is not None:
            ps = prev.hands.shape[1]
            flat = np.empty((len(boards), len(combos)), dtype=np.int64)
            for b in range(len(boards)):
                pb = parents[b]
                where = {tuple(h): i for i, h in enumerate(prev.hands[pb].tolist())}
                flat[b] = [pb * ps + where[tuple(h)] for h in hands[b].tolist()]
        board_array = np.array(boards, dtype=np.int64).reshape(len(boards), -1)
        return Level(board_array, hands, compat, flat, every)

    boards: list[tuple[int, ...]] = [()]
    levels = [level(boards, None, None, 1)]
    every = 1
    for depth, d in enumerate(deals):
        every *= comb(n - sum(deals[:depth]), d)
        children: list[tuple[int, ...]] = []
        parents: list[int] = []
        for b, board in enumerate(boards):
            rest = [p for p in range(n) if p not in board]
            for j, combo in enumerate(combinations(rest, d)):
                if depth == 0 and first is not None and j not in first:
                    continue
                children.append(board + combo)
                parents.append(b)
        levels.append(level(children, parents, levels[-1], every))
        boards = children
    return tuple(levels)


def first_deals(game: SmallGame) -> int:
    """Into how many independent parts the game splits: one per first public deal.

    Only when public cards come before anyone acts; otherwise the game is one part.
    """
    d = game.streets[0]
    return comb(len(game.pack), d) if d else 1


def _showdown(game: SmallGame, last: Level) -> FloatArray:
    import numpy as np

    ids = game.ids
    boards, slots = last.shape
    keys = np.empty((boards, slots), dtype=np.int64)
    for b in range(boards):
        table = [ids[p] for p in last.boards[b].tolist()]
        for s in range(slots):
            hole = [ids[p] for p in last.hands[b, s].tolist()]
            if game.ranking == "straights":
                keys[b, s] = straights_key(hole, table, 55)
            elif game.ranking == "leduc":  # a pair with the table card, then the rank
                rank = int(game.pack[int(last.hands[b, s, 0])].rank or 0)
                pair = rank == int(game.pack[int(last.boards[b, 0])].rank or 0)
                keys[b, s] = rank + (100 if pair else 0)
            else:
                keys[b, s] = max(hole)
    diff: FloatArray = np.sign(keys[:, :, None] - keys[:, None, :]) * last.compat
    ties = (diff == 0) & (last.compat[None] > 0)
    ties[:, np.arange(slots), np.arange(slots)] = False
    if game.ranking == "leduc":  # equal ranks split the pot
        return diff
    for b in np.flatnonzero(ties.any(axis=(1, 2))).tolist():
        table_ids = {ids[p] for p in last.boards[b].tolist()}
        if not {SPECIAL_BASE, SPECIAL_BASE + 1, SPECIAL_BASE + 2} <= table_ids:
            raise TieError(f"two hands tie on board {b} outside rule 10: a bug")
    return diff


def _betting(game: SmallGame) -> Node:
    ladder = game.ladder
    deal_levels: list[int] = []
    lvl = 0
    for d in game.streets:
        lvl += 1 if d > 0 else 0
        deal_levels.append(lvl)
    final_level = lvl + (1 if game.last_cards > 0 else 0)

    def round_start(r: int, history: str, contrib: tuple[int, int]) -> Node:
        prefix = history + ("/" if r > 0 else "")
        node = bet(r, prefix, contrib, 0, 0, 0)
        if game.streets[r] > 0:
            return Node("chance", deal_levels[r] - 1, history, contrib, children=(node,))
        return node

    def after_round(r: int, history: str, contrib: tuple[int, int]) -> Node:
        if r + 1 < game.rounds:
            return round_start(r + 1, history, contrib)
        end = Node("showdown", final_level, history, contrib)
        if game.last_cards > 0:
            return Node("chance", lvl, history, contrib, children=(end,))
        return end

    def bet(r: int, h: str, contrib: tuple[int, int], actor: int, level: int, acted: int) -> Node:
        lv = deal_levels[r]
        actions = "cr" if level == 0 else ("fcr" if level <= game.raises else "fc")
        children: list[Node] = []
        for a in actions:
            hh = h + a
            if a == "f":
                children.append(Node("fold", lv, hh, contrib, player=actor))
            elif a == "c":
                if level == 0 and acted == 0:
                    children.append(bet(r, hh, contrib, 1 - actor, 0, 1))
                else:
                    new = (max(contrib), max(contrib))
                    children.append(after_round(r, hh, new))
            else:
                pay = list(contrib)
                if game.bets:  # fixed limit: match the opponent, then add the round's bet
                    pay[actor] = contrib[1 - actor] + game.bets[r]
                else:
                    start = contrib[1 - actor] - (ladder[level - 1] if level else 0)
                    pay[actor] = start + ladder[level]
                children.append(bet(r, hh, (pay[0], pay[1]), 1 - actor, level + 1, acted + 1))
        return Node(
            "decision", lv, h, contrib, player=actor, actions=actions, children=tuple(children)
        )

    return round_start(0, "", (game.ante, game.ante))


def build_tree(game: SmallGame, first: Sequence[int] | None = None) -> Tree:
    """The whole public tree of ``game``; ``first`` keeps only those first public deals.

    The game splits into independent parts, one per first public deal (nobody
    acts before it); ``first`` picks parts by number, ``0 … first_deals - 1``.
    """
    levels = _levels(game, first)
    root = _betting(game)
    decisions = [n for n in root.walk() if n.kind == "decision"]
    for i, node in enumerate(decisions):
        node.index = i
    return Tree(
        game=game,
        root=root,
        levels=levels,
        showdown=_showdown(game, levels[-1]),
        decisions=tuple(decisions),
    )
