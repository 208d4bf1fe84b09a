"""The equity bot in any variant: a :class:`~straights.poker.view.DealView` in, a
:class:`~straights.poker.view.Move` out, by :func:`~straights.bots.variant_equity.equity`.

* **Betting**: the same :func:`~straights.bots.equity.choose` as at Straights' own
  table — bet or raise above the style's share of a fair equity, call at the pot
  odds, else check or fold — sized by the structure: fixed limit and Straights'
  ladder have one size; pot limit and no limit bet half the pot, three quarters
  from 0.70 equity and the whole pot from 0.85 (within the legal range).
* **Draws and discards**: every throw the engine allows (``view.choice``: at most
  so many cards at a draw, exactly so many at a discard) is a candidate; each is
  scored by the equity of the hand kept — plus fresh cards at a draw — against
  the live opponents (a short sample each), and the best is taken (the fewest
  cards win ties: standing pat, at a draw).
* **Mexican stud's up card**: the card to show is the one the hand misses least —
  the one it would discard first by the same comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Final

from straights.bots.equity import Style, choose
from straights.bots.variant_equity import Share, Spot, equity
from straights.cards import Card
from straights.poker.catalogue import get_variant
from straights.poker.variant import Structure, Variant

if TYPE_CHECKING:
    from straights.poker.engine import CardChoice
    from straights.poker.view import DealView, Move

__all__ = ["Memory", "bet_quantile", "bet_size", "decide", "spot"]

#: Completions sampled per candidate discard (a draw compares up to 32 candidates).
DRAW_SAMPLES: Final = 24


@dataclass
class Memory:
    """The cards a seat has seen in this deal, kept between its decisions: a stud player's
    up cards stay dead after he folds (the view no longer shows them), and so do the
    seat's own discards."""

    variant: str = ""
    mine: set[Card] = field(default_factory=set)
    seen: set[Card] = field(default_factory=set)
    gone: frozenset[Card] = frozenset()
    #: Players seen in for a bet made by choice on an earlier street, by street.
    bettors: dict[int, str] = field(default_factory=dict)

    def update(self, view: DealView) -> frozenset[Card]:
        """Remember what ``view`` shows; the cards seen earlier that it no longer shows."""
        me = view.me
        assert me is not None
        own = {c for c in me.cards if c is not None}
        showing = own | {c for p in view.players for c in p.cards if c is not None}
        showing |= {c for c in view.board if c is not None}
        first = get_variant(view.variant).streets[0].name
        if (
            view.variant != self.variant
            or (view.street == first and not own <= self.mine)
            or showing & self.gone  # a card out of play is back: another deal
        ):
            self.variant, self.mine, self.seen = view.variant, set(), set()
            self.bettors = {}
        self.mine |= own
        self.seen |= showing
        self.gone = frozenset(self.seen - showing)
        for p in facing(view):
            self.bettors.setdefault(p, view.street)
        return self.gone

    def narrowing(self, view: DealView, style: Style) -> tuple[float, ...]:
        """One quantile per live opponent, in seat order: :func:`bet_quantile` for one in
        for a bet this seat faces, ``style.narrow_call`` for one seen in for a bet on an
        earlier street, else 0 (see :func:`~straights.bots.variant_equity.equity`)."""
        now = facing(view)
        bet = bet_quantile(view, style)
        out = []
        for p in view.players:
            if p.index == view.seat or p.folded:
                continue
            if p.index in now:
                out.append(bet)
            elif self.bettors.get(p.index, view.street) != view.street:
                out.append(style.narrow_call)
            else:
                out.append(0.0)
        return tuple(out)


def bet_quantile(view: DealView, style: Style) -> float:
    """The share of a bettor's weakest hands left out on this street: ``style.narrow_bet``
    on the first betting round, ``style.narrow_last`` on the last, in proportion between
    (the fewer cards to come, the more a bet stands on a made hand).

    >>> from straights.bots.equity import STYLES
    >>> from straights.poker.view import DealView, PlayerView
    >>> view = DealView("F7S", "fifth street", 0, (PlayerView(0, 90, 0, False, ()),), (), 9, 0)
    >>> balanced = STYLES["balanced"]
    >>> bet_quantile(view, balanced) == (balanced.narrow_bet + balanced.narrow_last) / 2
    True
    """
    streets = [s.name for s in get_variant(view.variant).streets]
    at = streets.index(view.street) if view.street in streets else len(streets) - 1
    progress = at / (len(streets) - 1) if len(streets) > 1 else 1.0
    return style.narrow_bet + (style.narrow_last - style.narrow_bet) * progress


def facing(view: DealView) -> set[int]:
    """The opponents in for a bet by choice that the seat faces: their chips this street
    reach the highest bet, above the seat's, and the bet is no forced one (a later street
    than the first, or a raise over the blinds or bring-in)."""
    me = view.me
    assert me is not None
    top = max(p.bet for p in view.players)
    first = get_variant(view.variant).streets[0].name
    if top <= me.bet or (view.street == first and raises_made(view) < 1):
        return set()
    return {p.index for p in view.players if p.index != view.seat and not p.folded and p.bet == top}


def spot(
    view: DealView,
    variant: Variant,
    mine: list[Card] | None = None,
    gone: frozenset[Card] = frozenset(),
) -> Spot:
    """What the seat to act knows, as a :class:`Spot` (``mine`` overrides its cards;
    ``gone``: cards seen earlier in the deal and out of play now, see :class:`Memory`)."""
    me = view.me
    assert me is not None
    own = [c for c in me.cards if c is not None]
    opponents = [
        tuple(c for c in p.cards if c is not None)
        for p in view.players
        if p.index != view.seat and not p.folded
    ]
    board = [c for c in view.board if c is not None]
    dead = [c for c in own if mine is not None and c not in mine]
    dead += sorted(gone, key=lambda c: c.id)
    return Spot(variant, own if mine is None else mine, board, opponents, dead=dead)


def raises_made(view: DealView) -> int:
    """Raises over the street's first bet, as far as the bets show: the highest bet over
    the raise increment the rules allow now, less one."""
    top = max(p.bet for p in view.players)
    raise_to = next((leg.low for leg in view.legal if leg.kind == "raise"), 0)
    step = raise_to - top
    if top <= 0 or step <= 0:
        return 0
    return max(0, round(top / step) - 1)


def bet_size(view: DealView, variant: Variant, kind: str, share: float) -> int | None:
    """The street total for a bet or raise of ``kind`` (``None``: not a sized action)."""
    legal = next((leg for leg in view.legal if leg.kind == kind), None)
    if legal is None or kind not in ("bet", "raise", "complete"):
        return None
    if legal.low == legal.high or variant.structure in (Structure.FIXED_LIMIT, Structure.DOUBLING):
        return legal.low
    fraction = 1.0 if share >= 0.85 else 0.75 if share >= 0.70 else 0.5
    top = max(p.bet for p in view.players)
    want = top + round(fraction * (view.pot + view.to_call))
    return max(legal.low, min(legal.high, want))


def _best_throw(
    view: DealView,
    variant: Variant,
    choices: list[Card],
    sizes: range,
    seed: int,
    gone: frozenset[Card] = frozenset(),
) -> tuple[Card, ...]:
    """The cards among ``choices`` (so many as one of ``sizes``) whose loss costs the hand
    least: its kept cards plus fresh ones score best (the fewest cards on a tie)."""
    me = view.me
    assert me is not None
    own = [c for c in me.cards if c is not None]
    best: tuple[float, int, tuple[Card, ...]] | None = None
    for size in sizes:
        for thrown in combinations(choices, size):
            kept = [c for c in own if c not in thrown]
            got: Share = equity(
                spot(view, variant, kept, gone), samples=DRAW_SAMPLES, exact_limit=0, seed=seed
            )
            if best is None or (got.equity, -size) > best[:2]:
                best = (got.equity, -size, thrown)
    assert best is not None
    return best[2]


def _pick(
    view: DealView, choice: CardChoice, variant: Variant, seed: int, gone: frozenset[Card]
) -> tuple[Card, ...]:
    """The cards of a card decision: at a draw or a discard the best throw (of as many
    cards as ``choice`` allows; none: stand pat), turning up cards those the hand
    misses least."""
    me = view.me
    assert me is not None
    among = [c for c in (me.cards[k] for k in choice.positions) if c is not None]
    return _best_throw(view, variant, among, range(choice.least, choice.most + 1), seed, gone)


def decide(
    view: DealView,
    style: Style,
    seed: int,
    cached: dict[object, Share],
    memory: Memory | None = None,
) -> Move:
    """The seat's move; ``cached`` keeps its estimate while nothing it sees changes, and
    ``memory`` the cards it has seen earlier in the deal."""
    from straights.poker.view import Move

    variant = get_variant(view.variant)
    gone = memory.update(view) if memory is not None else frozenset()
    if view.choice is not None:
        return Move(view.choice.kind, cards=_pick(view, view.choice, variant, seed, gone))
    where = spot(view, variant, gone=gone)
    narrow = memory.narrowing(view, style) if memory is not None else ()
    known = (
        view.street,
        tuple(where.mine),
        tuple(where.board),
        tuple(map(tuple, where.opponents)),
        gone,
        narrow,
    )
    got = cached.get(known)
    if got is None:
        cached.clear()
        got = cached[known] = equity(where, seed=seed, narrow=narrow)
    kinds = choose(
        got.equity,
        to_call=view.to_call,
        pot=view.pot,
        players=len(where.opponents) + 1,
        raises=raises_made(view),
        style=style,
    )
    legal = {leg.kind for leg in view.legal}
    if "complete" in legal and "bet" in kinds:
        kinds = ("complete", *kinds)  # stud's completion of the bring-in is its bet
    if "bring-in" in legal:  # the bring-in costs little: never fold it
        kinds = (*(k for k in kinds if k != "fold"), "bring-in")
    for kind in kinds:
        if kind in legal:
            return Move(kind, bet_size(view, variant, kind, got.equity))
    first = view.legal[0]
    return Move(first.kind, bet_size(view, variant, first.kind, got.equity))
