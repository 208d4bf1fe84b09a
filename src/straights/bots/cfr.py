"""A bot that plays what CFR+ found for Mini Straights, carried over to the full game.

The full game cannot be solved (see ``docs/solver.md``), so :class:`CfrBot`
looks up the solved Mini Straights strategy's action frequencies for its
situation — first round or later, bets so far in the round, first or second
to act — and its equity band (:mod:`straights.solver.summary`), and draws an
action from them.  It falls back to the strength bot where the translation
has nothing to say: No Limit betting, or a situation the small game never had.
The table it uses ships with the package; ``table=`` takes another
(:meth:`~straights.solver.summary.PolicyTable.read`).  It needs NumPy only to
make a new table, not to play.

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
>>> hand = t.start_hand()
>>> bot = CfrBot(rng=1)
>>> bot.act(t.view(hand.actor)).kind in ("check", "bet")
True
"""

from __future__ import annotations

from straights.bots.base import pick
from straights.bots.strength import StrengthBot
from straights.cards import RandomLike, make_rng
from straights.game.hand import Action
from straights.game.view import SeatView
from straights.solver.summary import PolicyTable, shipped

__all__ = ["CfrBot"]

_KINDS = {"f": ("fold",), "c": ("check", "call"), "r": ("bet", "raise")}


class CfrBot:
    """Plays the solved Mini Straights frequencies by situation and equity band."""

    def __init__(
        self, *, rng: RandomLike = None, table: PolicyTable | None = None, name: str = "cfr"
    ) -> None:
        self.rng = make_rng(rng)
        self.table = table if table is not None else shipped()
        self.name = name
        self.fallback = StrengthBot(rng=self.rng, name=name)

    def probabilities(self, view: SeatView) -> dict[str, float]:
        """The solved frequencies of fold (f), check/call (c), bet/raise (r) here; {} if none."""
        if view.betting != "limit" or view.hole is None:
            return {}
        bets = 0 if view.current_bet == 0 else view.raises + 1
        player = 1 if view.seat == view.button else 0
        return self.table.probabilities(view.round - 1, bets, player, self.fallback.equity(view))

    def act(self, view: SeatView) -> Action:
        probs = self.probabilities(view)
        legal = {a.kind for a in view.legal}
        usable = {k: p for k, p in probs.items() if p > 0 and legal & set(_KINDS[k])}
        if not usable:
            return self.fallback.act(view)
        draw = self.rng.random() * sum(usable.values())
        for kind, p in usable.items():
            draw -= p
            if draw < 0:
                return pick(view, *_KINDS[kind])
        return pick(view, *_KINDS[next(reversed(usable))])
