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

It decides in a deal of Straights (``decide`` on a
:class:`~straights.poker.view.DealView`): the solved frequencies in Straights with
Limit betting (``straights``, ``straights-52``: the catalogue's ``_STR55L``,
``_STR52L``) and the strength bot's move in No Limit, as at Straights' own table.
Other games are not Straights, whose solution it plays: :meth:`CfrBot.plays` says
which games it plays, and the arena and ``play`` refuse it for any other.

>>> bot = CfrBot(rng=1)
>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, deal_view, get_variant
>>> deal = Deal(get_variant("_STR55L"), Stakes.uniform(2, ante=1, min_bet=1),
...             [50, 50], make_deck("straights").shuffled(5))
>>> bot.decide(deal_view(deal, deal.actor)).kind in ("check", "bet")
True
"""

from __future__ import annotations

from straights.bots.base import pick_move
from straights.bots.strength import StrengthBot
from straights.cards import RandomLike, make_rng
from straights.poker.catalogue import get_variant
from straights.poker.straights_rules import straights_pack
from straights.poker.variant import Variant
from straights.poker.view import DealView, Move
from straights.solver.summary import PolicyTable, shipped

__all__ = ["CfrBot", "deal_situation"]

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

    def deal_probabilities(self, view: DealView) -> dict[str, float]:
        """:meth:`probabilities` in a deal of the engine; {} but in Straights with Limit
        betting (:func:`deal_situation`)."""
        spot = deal_situation(view)
        if spot is None:
            return {}
        return self.table.probabilities(*spot, self.fallback.deal_equity(view))

    def plays(self, variant: Variant) -> bool:
        """Whether it plays deals of ``variant``: Straights' (both packs, both bettings)."""
        return straights_pack(variant) is not None

    def decide(self, view: DealView) -> Move:
        kinds = self._draw(self.deal_probabilities(view), {a.kind for a in view.legal})
        return self.fallback.decide(view) if kinds is None else pick_move(view, *kinds)

    def _draw(self, probs: dict[str, float], legal: set[str]) -> tuple[str, ...] | None:
        """The action kinds of one of ``probs`` drawn by its frequency among the legal
        ones; ``None`` when none is legal (the fallback decides)."""
        usable = {k: p for k, p in probs.items() if p > 0 and legal & set(_KINDS[k])}
        if not usable:
            return None
        draw = self.rng.random() * sum(usable.values())
        for kind, p in usable.items():
            draw -= p
            if draw < 0:
                return _KINDS[kind]
        return _KINDS[next(reversed(usable))]


def deal_situation(view: DealView) -> tuple[int, int, int] | None:
    """Where the solved game has a strategy: ``(round, bets, player)`` — the betting round
    from 0, the bets made in it (a bet, then each raise), 1 on the button else 0.  The
    deal's player order puts the
    button last, and the bets of the round are read off the doubling ladder
    (:func:`_ladder_bets`); ``None`` but in a Straights variant with Limit betting."""
    variant = get_variant(view.variant)
    cap = variant.raise_cap
    if straights_pack(variant) is None or cap is None or view.seat is None:
        return None
    if view.phase != "betting":
        return None
    street = [s.name for s in variant.streets].index(view.street)
    return street, _ladder_bets(view, cap), 1 if view.seat == len(view.players) - 1 else 0


def _ladder_bets(view: DealView, cap: int) -> int:
    """The bets made this round on Straights' doubling ladder, as the Straights table's
    view counts them (a bet, then each raise): a highest bet of 0, 1, 3, 7 units is 0, 1,
    2, 3 bets; the unit is what a raise adds over twice the highest bet.  With no raise
    left the round has reached its cap.

    >>> from straights.poker.engine import Legal
    >>> from straights.poker.view import PlayerView
    >>> def seen(bets, legal):
    ...     players = tuple(PlayerView(i, 50, b, False, ()) for i, b in enumerate(bets))
    ...     return DealView("_STR55L", "round 1", 0, players, (), 0, 0, legal)
    >>> _ladder_bets(seen([0, 0], (Legal("check"), Legal("bet", low=2, high=2))), 3)
    0
    >>> facing_a_raise = (Legal("fold"), Legal("call"), Legal("raise", low=14, high=14))
    >>> _ladder_bets(seen([0, 6], facing_a_raise), 3)
    2
    >>> _ladder_bets(seen([14, 6], (Legal("fold"), Legal("call"))), 3)
    3
    """
    top = max(p.bet for p in view.players)
    if top == 0:
        return 0
    raise_to = next((leg.low for leg in view.legal if leg.kind == "raise"), None)
    if raise_to is None or raise_to <= 2 * top:
        return cap
    unit = raise_to - 2 * top
    return (top // unit + 1).bit_length() - 1
