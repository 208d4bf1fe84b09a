"""A CFR+ solver for small Straights, with an exact best response.

The full game is far too big to solve; :func:`~straights.solver.game.mini_straights`
keeps Straights' cards, ranking, key card and doubling ladder on a ten-card
pack and two betting rounds; :func:`~straights.solver.game.kuhn` and
:func:`~straights.solver.game.leduc` are the classic checks that the solver
is right (and the games its speed is measured on).  NumPy is needed (the ``fast``
extra).  See ``docs/solver.md``.
"""

from __future__ import annotations

from straights.solver.game import SmallGame, kuhn, leduc, mini_straights

__all__ = ["SmallGame", "kuhn", "leduc", "mini_straights"]
