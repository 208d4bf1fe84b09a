"""A seat's equity in any variant: its share of the pot over completions of the deal.

The seat knows its own cards, the board cards showing and each live opponent's up
cards; everything else (opponents' down cards, cards still to come) is dealt from
the cards it has not seen, as many as the variant deals by the showdown, and every
completion is scored by the variant's own showdown: each :class:`HandRule` share
(high, low with its qualifier, wild cards, Omaha's two-plus-three …) to its best
hands, the shares with a winner splitting the pot.  Straights variants count
through :mod:`straights.bots.equity` (rule 10's carried pot is no win).

:func:`equity` counts every completion when there are at most ``exact_limit``
of them and samples otherwise.  The common rankings (natural high hands, aces-to-
five lows with or without a qualifier, deuce-to-seven, and short deck's, Manila's,
Mexican stud's and Canadian stud's high hands; through :mod:`straights.fast.more_keys`
every low with or without jokers, wild cards and three-card hands) are scored in
batches on NumPy and the ``fast`` kernels; any other rule goes through
:func:`~straights.poker.showdown.best_hand`.

>>> from straights.cards import parse_cards
>>> from straights.poker.catalogue import get_variant
>>> spot = Spot(get_variant("NT"), parse_cards("Ah Ad"), parse_cards("As Ac 2d 7h 9s"), ((),))
>>> equity(spot).equity  # four aces on the river: nothing beats them
1.0
>>> equity(spot).exact, equity(spot).deals
(True, 990)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

try:
    import numpy as np
except ImportError:  # a core install: only Straights' own estimate (bots.equity) runs here
    np = None  # type: ignore[assignment]

from straights.cards import SPECIAL_BASE, Card, make_deck
from straights.poker.showdown import _fast_key, best_hand
from straights.poker.straights_rules import straights_pack
from straights.poker.variant import HandRule, Variant

__all__ = ["Share", "Spot", "equity", "final_counts", "pot_shares"]

#: Count every completion up to this many, else sample.
EXACT_LIMIT: Final = 2_000
#: Random completions per estimate (fewer when one completion is many hands to score).
SAMPLES: Final = 160
#: … and where the rules have no batch key (each hand through ``best_hand``).
READABLE_SAMPLES: Final = 24
READABLE_EXACT_LIMIT: Final = 64
#: Five-card choices scored per estimate at most (about 1.5 ms), bounding a decision's time.
ROW_BUDGET: Final = 120_000

if TYPE_CHECKING:
    import numpy.typing as npt

    Ids = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Spot:
    """What one seat knows: its ``mine`` cards, the ``board`` cards showing, each live
    opponent's up cards (``opponents``), and optionally the cards it has not seen
    (``unseen``; default: the variant's deck less every card it knows)."""

    variant: Variant
    mine: Sequence[Card]
    board: Sequence[Card]
    opponents: Sequence[Sequence[Card]]
    unseen: Sequence[Card] | None = None
    dead: Sequence[Card] = field(default=())

    def pool(self) -> list[Card]:
        if self.unseen is not None:
            return list(self.unseen)
        known = {*self.mine, *self.board, *(c for up in self.opponents for c in up), *self.dead}
        deck = make_deck(self.variant.deck, jokers=self.variant.jokers)
        return [c for c in deck.cards if c not in known]


@dataclass(frozen=True)
class Share:
    """The seat's pot share summed over ``deals`` completions."""

    share: float
    deals: int
    exact: bool

    @property
    def equity(self) -> float:
        """The seat's expected fraction of the pot (a carried Straights pot is none)."""
        return self.share / self.deals if self.deals else 0.0


def final_counts(variant: Variant) -> tuple[int, int]:
    """Cards each player holds and cards on the board at the showdown.

    >>> from straights.poker.catalogue import get_variant
    >>> final_counts(get_variant("PO/8")), final_counts(get_variant("F7S"))
    ((4, 5), (7, 0))
    """
    return variant.final_hole_count, variant.board_count


def _hole_width(spot: Spot) -> int:
    """Cards each hand is dealt in a completion: what it holds at the showdown, or more
    while a discard is still to come (every hand then holds all its cards, the seat's
    and the opponents' alike, and keeps the best of them: see :func:`_kept_keys`)."""
    return max(final_counts(spot.variant)[0], len(spot.mine))


def _kept_keys(rule: HandRule, holes: Ids, boards: Ids, keep: int | None) -> Ids | None:
    """:func:`_rule_keys`, or with ``keep`` (a discard still to come) each player's best
    hand from ``keep`` of his hole cards: the cards he would keep, chosen in hindsight
    (for each share of the pot on its own)."""
    if keep is None or keep >= holes.shape[2]:
        return _rule_keys(rule, holes, boards)
    best: Ids | None = None
    for kept in combinations(range(holes.shape[2]), keep):
        keys = _rule_keys(rule, holes[:, :, list(kept)], boards)
        if keys is None:
            return None
        best = keys if best is None else np.maximum(best, keys)
    return best


def pot_shares(
    variant: Variant, hands: Sequence[Sequence[Card]], board: Sequence[Card]
) -> list[float]:
    """Each hand's fraction of one pot they all contest, by the variant's showdown: the
    readable referee the batch scoring is tested against.

    >>> from straights.cards import parse_cards
    >>> from straights.poker.catalogue import get_variant
    >>> hands = [parse_cards("Ah 2d Kc Ks"), parse_cards("3h 4d Qc Qs")]
    >>> pot_shares(get_variant("PO/8"), hands, parse_cards("Kd 5h 6s 7c Jd"))  # low; straight
    [0.5, 0.5]
    """
    if (pack := straights_pack(variant)) is not None:
        from straights.rankings.straights import make_hand
        from straights.showdowns import decide

        made = [make_hand((h[0], h[1]), tuple(board), pack) for h in hands]
        won = decide(made)[0]
        return [1.0 if i == won else 0.0 for i in range(len(hands))]
    out = [0.0] * len(hands)
    winners: list[list[int]] = []
    for rule in variant.showdown:
        values = [best_hand(rule, h, board) for h in hands]
        live = [v for v in values if v is not None]
        top = max(live) if live else None
        winners.append([i for i, v in enumerate(values) if v is not None and v == top])
    shares = [w for w in winners if w]
    for w in shares:
        for i in w:
            out[i] += 1.0 / len(shares) / len(w)
    return out


# --------------------------------------------------------------------------- batch keys

#: Stripped-deck and Canadian rankings with a batch key (:mod:`straights.fast.variant_keys`)
#: and the options it takes.
_HIGH_FAMILY: Final[dict[str, set[str]]] = {
    "short": {"trips"},
    "manila": set(),
    "mexican": set(),
    "canadian": set(),
}


@cache
def _low_rank() -> npt.NDArray[np.int64]:
    """Each card's rank for aces-to-five low (the ace 1), by card id."""
    return np.array([(c >> 2) + 2 if (c >> 2) < 12 else 1 for c in range(52)])


@cache
def _low8_table(qualifier: int) -> npt.NDArray[np.int64]:
    """Per mask of low ranks present (bit r-1 for rank r, ace 1), the best aces-to-five
    low of five different ranks at most ``qualifier``: larger is better, 0 = none."""
    out = np.zeros(1 << qualifier, dtype=np.int64)
    for mask in range(1 << qualifier):
        ranks = [r + 1 for r in range(qualifier) if mask >> r & 1][:5]
        if len(ranks) == 5:
            out[mask] = (1 << 20) - sum(r << (4 * i) for i, r in enumerate(ranks))
    return out


def _high(rows: Ids) -> Ids:
    from straights.fast import kernels
    from straights.fast.lookup import high_lookup

    t = high_lookup()
    rank = {5: t.rank5, 6: t.rank6, 7: t.rank7}[rows.shape[1]]
    return kernels.high(rows.astype(np.uint8), rank, t.flush, t.flush_suit).astype(np.int64)


def _low8(qualifier: int) -> Callable[[Ids], Ids]:
    def keys(rows: Ids) -> Ids:
        ranks = _low_rank()[rows]
        masks = np.where(ranks <= qualifier, 1 << (ranks - 1), 0)
        return _low8_table(qualifier)[np.bitwise_or.reduce(masks, axis=1)]

    return keys


def _razz(rows: Ids) -> Ids:
    from straights.fast import kernels
    from straights.fast.lookup import low_lookup

    return kernels.ace_five7(rows.astype(np.uint8), low_lookup().rank7).astype(np.int64)


def _deuce_seven(rows: Ids) -> Ids:
    from straights.fast import deuce_to_seven_keys

    return deuce_to_seven_keys(rows.astype(np.uint8)).astype(np.int64)


def _high_family(ranking: str, options: dict[str, Any]) -> Callable[[Ids], Ids]:
    def keys(rows: Ids) -> Ids:
        from straights.fast.variant_keys import keys_for

        return keys_for(ranking, options)(rows.astype(np.uint8))

    return keys


def _batch_key(rule: HandRule, size: int, jokers: bool = False) -> Callable[[Ids], Ids] | None:
    """A batch key for ``size``-card rows under ``rule`` (``jokers``: the rows may hold
    jokers), if there is one: the natural look-ups, else :mod:`straights.fast.more_keys`."""
    options = dict(rule.options)
    if not jokers:  # the natural look-ups
        family = _HIGH_FAMILY.get(rule.ranking)
        widest = 5 if rule.ranking == "canadian" else 7  # Canadian's four-card hands: five
        if family is not None and set(options) <= family and 5 <= size <= widest:
            return _high_family(rule.ranking, options)
        if rule.ranking == "high" and not options and 5 <= size <= 7:
            return _high
        if rule.ranking == "ace-to-five" and set(options) == {"qualifier"} and size >= 5:
            q = options["qualifier"]
            return _low8(q) if isinstance(q, int) and 5 <= q <= 13 else None
        if rule.ranking == "ace-to-five" and not options and size == 7:
            return _razz
        if rule.ranking == "deuce-to-seven" and not options and 5 <= size <= 7:
            return _deuce_seven
    from straights.extras import available

    if not available("fast"):
        return None
    from straights.fast.more_keys import batch_key

    return batch_key(rule, size)


def _rule_keys(rule: HandRule, holes: Ids, boards: Ids) -> Ids | None:
    """Keys ``(S, P)`` of every player's best hand under ``rule``, or ``None`` when the
    rule has no batch key.  ``holes`` is ``(S, P, H)``, ``boards`` ``(S, B)``."""
    s, p, h = holes.shape
    b = boards.shape[1]
    if rule.hole_cards is None and rule.board_cards is None:
        rows = np.concatenate([holes, np.broadcast_to(boards[:, None, :], (s, p, b))], axis=2)
        fn = _batch_key(rule, h + b, jokers=bool(rows.size and rows.max() >= SPECIAL_BASE))
        return None if fn is None else fn(rows.reshape(s * p, h + b)).reshape(s, p)
    hc, bc = rule.hole_cards or 0, rule.board_cards or 0
    options = dict(rule.options)
    low = rule.ranking == "ace-to-five" and set(options) == {"qualifier"}
    if hc + bc != 5 or h < hc or b < bc:
        return None
    if not (low or (rule.ranking == "high" and not options)):
        return _every_choice(rule, holes, boards, hc, bc)
    from straights.fast import equity as kernels
    from straights.fast.lookup import high_lookup

    t = high_lookup()
    table = _low8_table(int(options["qualifier"])) if low else np.zeros(1, dtype=np.int64)
    return kernels.best_five(
        holes,
        boards,
        np.array(list(combinations(range(h), hc)), dtype=np.int64).reshape(-1, hc),
        np.array(list(combinations(range(b), bc)), dtype=np.int64).reshape(-1, bc),
        low,
        t.rank5,
        t.flush,
        t.flush_suit,
        table,
    )


def _every_choice(rule: HandRule, holes: Ids, boards: Ids, hc: int, bc: int) -> Ids | None:
    """:func:`_rule_keys` of an ``hc`` + ``bc`` rule through its five-card batch key: the
    best of every choice of hole and board cards."""
    fn = _batch_key(rule, 5)
    if fn is None:
        return None
    s, p, h = holes.shape
    mine = np.array(list(combinations(range(h), hc)), dtype=np.int64).reshape(-1, hc)
    board = np.array(list(combinations(range(boards.shape[1]), bc)), dtype=np.int64)
    chosen_holes = holes[:, :, mine]  # (S, P, Ch, hc)
    chosen_boards = boards[:, board.reshape(-1, bc)]  # (S, Cb, bc)
    ch, cb = mine.shape[0], chosen_boards.shape[1]
    rows = np.concatenate(
        [
            np.broadcast_to(chosen_holes[:, :, :, None, :], (s, p, ch, cb, hc)),
            np.broadcast_to(chosen_boards[:, None, None, :, :], (s, p, ch, cb, bc)),
        ],
        axis=4,
    )
    keys: Ids = fn(rows.reshape(-1, 5)).reshape(s, p, ch * cb).max(axis=2)
    return keys


def _standing(keys: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    """Each key's place among its column's (one player's over the completions): the share
    of that player's completions with a lower key, ties taking the lowest place."""
    s = keys.shape[0]
    order = np.sort(keys, axis=0)
    places = [np.searchsorted(order[:, p], keys[:, p], side="left") for p in range(keys.shape[1])]
    out: npt.NDArray[np.float64] = np.stack(places, axis=1) / max(s, 1)
    return out


def _batch_shares(
    variant: Variant,
    holes: Ids,
    boards: Ids,
    narrow: Sequence[float] = (),
    keep: int | None = None,
) -> npt.NDArray[np.float64] | None:
    """Player 0's pot share in each completion, or ``None`` if a rule has no batch key.
    With ``narrow`` (a quantile per opponent, in order), a completion where an opponent's
    hand stands below its quantile among its own completions scores ``nan`` (left out:
    see :func:`equity`).  A hand's standing is its best place in any share of the pot,
    ranked again among the opponent's completions, so a quantile leaves out that share
    of its hands in a high-low game too (else the better of two places would leave out
    far fewer).  ``keep``: see :func:`_kept_keys`."""
    holes, boards = holes.astype(np.int64), boards.astype(np.int64)
    gained = np.zeros(holes.shape[0])
    won_any = np.zeros(holes.shape[0], dtype=np.int64)
    standing = np.zeros((holes.shape[0], holes.shape[1]))
    narrowed = any(q > 0 for q in narrow)
    tops = []
    for rule in variant.showdown:
        keys = _kept_keys(rule, holes, boards, keep)
        if keys is None:
            return None
        if narrowed:
            standing = np.maximum(standing, _standing(keys))
        top = keys.max(axis=1)
        has = top > 0
        winners = (keys == top[:, None]) & has[:, None]
        mine = winners[:, 0] / np.maximum(winners.sum(axis=1), 1)
        tops.append((has, mine))
        won_any += has
    for has, mine in tops:
        gained += np.where(has, mine / np.maximum(won_any, 1), 0.0)
    if narrowed:
        if len(variant.showdown) > 1:
            standing = _standing(standing)
        gained[~_kept(standing, narrow)] = np.nan
    return gained


#: When narrowing leaves under a quarter of the completions, the quantiles are scaled by
#: ``SHRINK`` and tried again, at most ``SHRINKS`` times (see :func:`_kept`).
SHRINK: Final = 0.8
SHRINKS: Final = 10


def _kept(standing: npt.NDArray[np.float64], narrow: Sequence[float]) -> npt.NDArray[np.bool_]:
    """The completions where every opponent ``p`` (column ``p + 1``) stands at least at
    its quantile ``narrow[p]``; while fewer than a quarter would remain, the quantiles
    are scaled down by :data:`SHRINK` (:data:`SHRINKS` times at most, then none is left
    out)."""
    quantiles = list(narrow[: standing.shape[1] - 1])
    for _ in range(SHRINKS + 1):
        keep = np.ones(standing.shape[0], dtype=bool)
        for p, q in enumerate(quantiles, start=1):
            if q > 0:
                keep &= standing[:, p] >= q
        if keep.sum() * 4 >= len(keep):
            return keep
        quantiles = [q * SHRINK for q in quantiles]
    return np.ones(standing.shape[0], dtype=bool)


# --------------------------------------------------------------------------- the estimate


def _need(spot: Spot) -> tuple[int, list[int], int]:
    """Cards still to come: the seat's, each opponent's, the board's."""
    hole, board = _hole_width(spot), final_counts(spot.variant)[1]
    mine = max(0, hole - len(spot.mine))
    theirs = [max(0, hole - len(up)) for up in spot.opponents]
    return mine, theirs, max(0, board - len(spot.board))


def _completions(pool: int, sizes: Sequence[int]) -> int:
    total = 1
    for size in sizes:
        total *= math.comb(pool, size)
        pool -= size
    return total


def _every_fill(pool: Sequence[int], sizes: Sequence[int]) -> Any:
    if not sizes:
        yield ()
        return
    for combo in combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in combo]
        for tail in _every_fill(rest, sizes[1:]):
            yield combo + tail


def equity(
    spot: Spot,
    *,
    samples: int = SAMPLES,
    exact_limit: int | None = None,
    seed: int = 0,
    narrow: Sequence[float] = (),
) -> Share:
    """The seat's expected share of the pot against the live opponents of ``spot``.

    ``narrow`` holds a quantile per opponent (in the order of ``spot.opponents``; 0 or
    missing: none): the completions where that opponent's final hand stands below the
    quantile among its completions, in every share of the pot, are left out — what an
    opponent who bets is taken not to hold.  (The Straights variants narrow by the
    cards showing, :func:`straights.bots.equity.narrowing`; rankings without a batch
    key are not narrowed.)  If fewer than a quarter of the completions would remain,
    the quantiles are scaled down until enough remain.

    Exact when the deal has at most ``exact_limit`` completions (default
    :data:`EXACT_LIMIT`, or :data:`READABLE_EXACT_LIMIT` where the rules have no
    batch key); otherwise ``samples`` random ones (fewer when each is many hands
    to score; at most :data:`READABLE_SAMPLES` without a batch key), seeded by
    ``seed``.  If the pack cannot give every opponent his cards, the last
    opponents are left out.
    """
    pool = spot.pool()
    mine_n, theirs, board_n = _need(spot)
    while theirs and mine_n + sum(theirs) + board_n > len(pool):
        theirs = theirs[:-1]
    opponents = [list(up) for up in spot.opponents][: len(theirs)]
    sizes = [mine_n, *theirs, board_n]
    narrow = tuple(narrow[: len(theirs)])
    if straights_pack(spot.variant) is not None and not mine_n:
        return _straights(spot, pool, len(theirs), samples, exact_limit or 0, seed, narrow)
    hole, board = _hole_width(spot), final_counts(spot.variant)[1]
    natural = all(c.is_ranked for c in pool) and all(c.is_ranked for c in spot.mine)
    final = final_counts(spot.variant)[0]
    keep = final if hole > final else None  # a discard to come: each keeps the best
    batched = _batchable(spot.variant, final, board, jokers=not natural)
    if exact_limit is None:
        exact_limit = EXACT_LIMIT if batched else READABLE_EXACT_LIMIT
    if not batched:  # halved for each share whose ranking has no fast key either
        slow = sum(_fast_key(rule) is None for rule in spot.variant.showdown)
        samples = min(samples, max(12, READABLE_SAMPLES >> slow))
    ids = [c.id for c in pool]
    total = _completions(len(ids), sizes)
    if total <= exact_limit:
        fills = np.array(list(_every_fill(ids, sizes)), dtype=np.int64).reshape(total, -1)
        exact = True
    else:
        per = _rows_per_completion(spot.variant, final, board) * (len(theirs) + 1)
        per *= math.comb(hole, final) if keep else 1
        samples = max(16, min(samples, ROW_BUDGET // max(per, 1)))
        rng = np.random.default_rng(seed)
        order = rng.random((samples, len(ids))).argsort(axis=1)[:, : sum(sizes)]
        fills = np.array(ids, dtype=np.int64)[order]
        exact = False
    holes, boards = _assemble(spot, opponents, sizes, fills)
    got = _batch_shares(spot.variant, holes, boards, narrow, keep) if batched else None
    if got is None:
        got = np.array(
            [_readable_share(spot.variant, h, b) for h, b in zip(holes, boards, strict=True)]
        )
    kept = ~np.isnan(got)
    return Share(float(got[kept].sum()), int(kept.sum()), exact)


def _batchable(variant: Variant, hole: int, board: int, jokers: bool = False) -> bool:
    """Whether every share of the showdown has a batch key at these card counts."""
    for rule in variant.showdown:
        options = dict(rule.options)
        if rule.hole_cards is None and rule.board_cards is None:
            if _batch_key(rule, hole + board, jokers) is None:
                return False
        elif (
            jokers
            or (rule.hole_cards or 0) + (rule.board_cards or 0) != 5
            or not (
                (rule.ranking == "high" and not options)
                or (rule.ranking == "ace-to-five" and set(options) == {"qualifier"})
                or _batch_key(rule, 5) is not None
            )
        ):
            return False
    return bool(variant.showdown)


def _rows_per_completion(variant: Variant, hole: int, board: int) -> int:
    rows = 0
    for rule in variant.showdown:
        if rule.hole_cards is None and rule.board_cards is None:
            rows += 1
        else:
            rows += math.comb(hole, rule.hole_cards or 0) * math.comb(board, rule.board_cards or 0)
    return rows


def _assemble(
    spot: Spot, opponents: list[list[Card]], sizes: list[int], fills: Ids
) -> tuple[Ids, Ids]:
    """Hole cards ``(S, P, H)`` (the seat first) and boards ``(S, B)`` from the fills."""
    s = fills.shape[0]
    cols: list[Ids] = []
    at = 0
    for known, size in zip([list(spot.mine), *opponents], sizes[:-1], strict=True):
        fixed = np.broadcast_to(np.array([c.id for c in known], dtype=np.int64), (s, len(known)))
        cols.append(np.concatenate([fixed, fills[:, at : at + size]], axis=1))
        at += size
    board = np.concatenate(
        [
            np.broadcast_to(
                np.array([c.id for c in spot.board], dtype=np.int64), (s, len(spot.board))
            ),
            fills[:, at : at + sizes[-1]],
        ],
        axis=1,
    )
    return np.stack(cols, axis=1), board


def _readable_share(variant: Variant, holes: Ids, board: Ids) -> float:
    hands = [[Card(int(c)) for c in h] for h in holes]
    return pot_shares(variant, hands, [Card(int(c)) for c in board])[0]


def _straights(
    spot: Spot,
    pool: list[Card],
    opponents: int,
    samples: int,
    exact_limit: int,
    seed: int,
    narrow: Sequence[float] = (),
) -> Share:
    """Straights variants on :mod:`straights.bots.equity`'s showdown (rule 10 is no win)."""
    from straights.bots.equity import StraightsShowdown, estimate

    pack = straights_pack(spot.variant)
    assert pack is not None
    table: list[int | None] = [c.id for c in spot.board]
    table += [None] * (final_counts(spot.variant)[1] - len(table))
    showdown = StraightsShowdown(pack)
    got = estimate(
        [c.id for c in spot.mine],
        table,
        [c.id for c in pool],
        opponents,
        showdown,
        samples=max(samples, 200),
        exact_limit=max(exact_limit, 5_000),
        seed=seed,
        narrow=sorted(narrow, reverse=True),
    )
    return Share(float(got.wins), got.deals, got.exact)
