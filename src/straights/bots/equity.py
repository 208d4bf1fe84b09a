"""The equity bot: bets by its hand's chance of winning against the pot odds.

Two layers, kept apart so the estimate serves any game:

* :func:`estimate` — a seat's chance of winning outright, from the cards it
  knows (its hole cards and the table places, ``None`` where face down or to
  come), the cards it has not seen, how many opponents are in, and a
  :class:`Showdown` that counts wins over completions of the deal.  It
  enumerates every completion when there are at most ``exact_limit`` of them
  (one opponent in the last round) and samples otherwise.
  :class:`StraightsShowdown` counts on the Numba kernels of
  :mod:`straights.fast.equity` (the ``fast`` extra) or, without them, on the
  readable :func:`~straights.rankings.straights.straights_key`.  A rule-10
  carry-over (S-T-R-8 on the table) counts as no win.
* :func:`choose` — weighs the estimate against the price of a call and the
  betting structure; :class:`Style` holds the thresholds (``tight``, ``loose``,
  ``aggressive`` or the default ``balanced``).  The bot itself, which asks both,
  is :class:`~straights.bots.equity_bot.EquityBot`.

>>> from straights.cards import parse_cards
>>> ids = [c.id for c in parse_cards("8h 2c S T R 8d 4d")]
>>> hole, table = ids[:2], ids[2:]
>>> unseen = [c for c in range(55) if c not in ids]
>>> e = estimate(hole, table, unseen, 1, StraightsShowdown(55, fast=False))
>>> e.exact, e.deals, e.equity  # the 8 of hearts beats the table's S-T-R-8 whatever the other holds
(True, 1128, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, Protocol

from straights.errors import ConfigurationError
from straights.rankings.straights import make_hand, straights_key

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


__all__ = [
    "EQUITY_KINDS",
    "STYLES",
    "Estimate",
    "Showdown",
    "StraightsShowdown",
    "Style",
    "action_kinds",
    "choose",
    "estimate",
    "settled",
    "staged",
    "thresholds",
]

#: Redraws of an opponent's pair below its floor, as the kernels'
#: ``straights.fast.equity.TRIES`` (kept here so the readable path needs no NumPy;
#: tests/test_bots_equity_narrowing.py keeps the two equal).
REDRAW_TRIES: Final = 32

#: Enumerate when a deal has at most this many completions, else sample: in Straights the
#: last round against one opponent (1,128 pairs of hole cards in the 55-card pack).
EXACT_LIMIT: Final = 5_000
#: Random completions per estimate on the Numba kernels (standard error ≤ 3.5 points;
#: the strength bot draws 64): a decision costs some 15 µs + 0.2 µs a sample.
FAST_SAMPLES: Final = 200
#: … and on the readable evaluator, where each completion costs some 100 times more.
READABLE_SAMPLES: Final = 64

Table = Sequence[int | None]


@dataclass(frozen=True)
class Estimate:
    """Outright wins of the seat over ``deals`` completions (``no_winner``: rule-10 pots)."""

    wins: int
    no_winner: int
    deals: int
    exact: bool

    @property
    def equity(self) -> float:
        """The seat's chance of taking the pot (a carry-over is no win)."""
        return self.wins / self.deals if self.deals else 0.0


class Showdown(Protocol):
    """Counts one seat's outright wins over completions of a partly known deal.

    ``hole`` the seat's cards, ``table`` the table places (``None`` unknown),
    ``unseen`` the cards it has not seen (opponents' holes and unknown table
    places are drawn from them), ``opponents`` how many hands it must beat;
    ``narrow`` one quantile per opponent (missing: 0): that opponent's holdings
    keyed below the quantile on the cards showing are left out (see
    :meth:`~straights.bots.equity_moves.Memory.narrowing`); ``settle`` the thresholds
    of the decision the estimate serves (see :func:`staged`).
    """

    def exact(
        self,
        hole: Sequence[int],
        table: Table,
        unseen: Sequence[int],
        opponents: int,
        narrow: Sequence[float] = (),
    ) -> Estimate: ...

    def sample(
        self,
        hole: Sequence[int],
        table: Table,
        unseen: Sequence[int],
        opponents: int,
        samples: int,
        seed: int,
        narrow: Sequence[float] = (),
        settle: Sequence[float] = (),
    ) -> Estimate: ...


def completions(unseen: int, table_unknown: int, opponents: int, hole_size: int = 2) -> int:
    """How many ways the unknown cards can fall (opponents' holes, then the table).

    >>> completions(48, 0, 1), completions(48, 1, 1)  # one opponent: last round, round 4
    (1128, 51888)
    """
    total, left = 1, unseen
    for size in [hole_size] * opponents + [table_unknown]:
        total *= math.comb(left, size)
        left -= size
    return total


def estimate(
    hole: Sequence[int],
    table: Table,
    unseen: Sequence[int],
    opponents: int,
    showdown: Showdown,
    *,
    samples: int = FAST_SAMPLES,
    exact_limit: int = EXACT_LIMIT,
    seed: int = 0,
    narrow: Sequence[float] = (),
    settle: Sequence[float] = (),
) -> Estimate:
    """The seat's chance of winning outright: exact up to ``exact_limit`` completions, else
    ``samples`` random ones (seeded by ``seed``).  With ``narrow`` (one quantile per
    opponent) only the last round against one opponent is counted exactly.

    ``settle`` lists the equities a decision compares the estimate with: the samples are
    drawn in three stages (a quarter, a quarter, a half), and once the estimate lies more
    than :data:`SETTLED` standard errors from each of them the decision is made and the
    rest are not drawn."""
    unknown = sum(1 for c in table if c is None)
    narrowed = any(q > 0 for q in narrow)
    if narrowed and opponents == 1 and unknown == 0:
        return showdown.exact(hole, table, unseen, opponents, narrow)
    if not narrowed and completions(len(unseen), unknown, opponents) <= exact_limit:
        return showdown.exact(hole, table, unseen, opponents)
    return showdown.sample(hole, table, unseen, opponents, samples, seed, narrow, settle)


def staged(
    draw: Callable[[int, int], Estimate], samples: int, seed: int, settle: Sequence[float]
) -> Estimate:
    """``samples`` draws by ``draw(count, seed)``, in stages (an eighth, an eighth, a
    quarter, a half) when ``settle`` lists thresholds: once the estimate lies more than
    :data:`SETTLED` standard errors from each of them, the rest are not drawn."""
    if not settle or samples < 8:
        return draw(samples, seed)
    wins = no_winner = deals = 0
    eighth = samples // 8
    for stage, size in enumerate((eighth, eighth, 2 * eighth, samples - 4 * eighth)):
        more = draw(size, seed ^ stage)
        wins, no_winner, deals = wins + more.wins, no_winner + more.no_winner, deals + size
        if _clear(wins, deals, settle):
            break
    return Estimate(wins, no_winner, deals, exact=False)


#: Standard errors between a partial estimate and every threshold for it to stand.
SETTLED: Final = 2.0


def settled(got: Estimate, thresholds: Sequence[float]) -> bool:
    """Whether a sampled estimate lies more than :data:`SETTLED` standard errors from
    every threshold (the error of a proportion, taken at least at one sample's worth).

    >>> settled(Estimate(10, 0, 100, exact=False), [0.3, 0.5])  # 0.10 ± 0.03
    True
    >>> settled(Estimate(25, 0, 100, exact=False), [0.3])  # 0.25 ± 0.043
    False
    """
    return got.exact or _clear(got.wins, got.deals, thresholds)


def _clear(wins: int, deals: int, thresholds: Sequence[float]) -> bool:
    share = wins / deals
    p = min(max(share, 1 / deals), 1 - 1 / deals)
    error = SETTLED * math.sqrt(p * (1 - p) / deals)
    return all(abs(share - t) > error for t in thresholds)


class StraightsShowdown:
    """Straights showdowns in a ``pack`` of 55 or 52 cards: on the Numba kernels when
    ``fast`` (the default when the ``fast`` extra is installed), else on ``straights_key``."""

    def __init__(self, pack: int, *, fast: bool | None = None) -> None:
        if pack not in (55, 52):
            raise ConfigurationError(f"pack {pack!r} is not a Straights pack: choose 55 or 52")
        if fast is None:
            from straights.extras import available

            fast = available("fast")
        self.pack = pack
        self.fast = fast
        self._tables: tuple[Any, Any, Any] | None = None

    # -- the fast path: straights.fast.equity on the calling thread --------------------
    def _lookup(self) -> tuple[Any, Any, Any]:
        if self._tables is None:
            import numpy as np

            # Straights kernels never read the high-hand tables: pass empty ones.
            self._tables = (
                np.zeros(1, dtype=np.uint16),
                np.zeros(1, dtype=np.uint16),
                np.zeros(1, dtype=np.int8),
            )
        return self._tables

    def _counts(self, counts: tuple[Any, ...], exact: bool, deals: int) -> Estimate:
        wins, _ties, _eq, _eq2, nowin, bugs = counts
        if bugs:  # pragma: no cover - the kernels are proven equal to the rules
            raise AssertionError(f"{bugs} Straights showdowns tied outside rule 10")
        return Estimate(int(wins[0]), int(nowin), deals, exact)

    def exact(
        self,
        hole: Sequence[int],
        table: Table,
        unseen: Sequence[int],
        opponents: int,
        narrow: Sequence[float] = (),
    ) -> Estimate:
        floors = self.floors(table, opponents, narrow)
        if not self.fast:
            fills = _every_fill(unseen, table, opponents)
            return self._readable(hole, table, opponents, fills, True, floors)
        import numpy as np

        from straights.fast import equity as kernels

        known = [c for c in table if c is not None]
        unknown = 5 - len(known)
        if opponents == 1 and not unknown:
            return self._last_round(hole, known, unseen, floors[0])
        if any(floors):
            raise ConfigurationError("narrowed exact counts are for one opponent's last round")
        holes, decks = _assignments(hole, unseen, opponents)
        known_arr = np.array(known + [0] * unknown, dtype=np.int64)
        counts = kernels.exact_serial(
            kernels.STRAIGHTS, holes, decks, known_arr, unknown, self.pack, *self._lookup()
        )
        deals = completions(len(unseen), unknown, opponents)
        return self._counts(counts, True, deals)

    def _last_round(
        self, hole: Sequence[int], table: list[int], unseen: Sequence[int], floor: int = 0
    ) -> Estimate:
        """One opponent, every table card known: this hand's key against every pair of unseen
        cards keyed at least ``floor``, in one batch.  Equal keys happen only under rule 10
        (both play the table's S-T-R-8) and a hand that plays it can never beat another, so a
        win is a higher key."""
        import numpy as np

        from straights.fast import straights_keys

        deck = np.array(unseen, dtype=np.uint8)
        first, second = np.triu_indices(len(deck), 1)
        others = straights_keys(np.stack([deck[first], deck[second]], axis=1), table, self.pack)
        mine = int(straights_keys(list(hole), table, self.pack)[0])
        others = others[others >= floor]
        return Estimate(
            int((others < mine).sum()), int((others == mine).sum()), len(others), exact=True
        )

    def sample(
        self,
        hole: Sequence[int],
        table: Table,
        unseen: Sequence[int],
        opponents: int,
        samples: int,
        seed: int,
        narrow: Sequence[float] = (),
        settle: Sequence[float] = (),
    ) -> Estimate:
        floors = self.floors(table, opponents, narrow)
        if not self.fast:

            def readable(count: int, seed: int) -> Estimate:
                fills = _random_fills(unseen, table, opponents, count, seed)
                if any(floors):
                    fills = (self._redraw(f, table, unseen, floors, seed) for f in fills)
                return self._readable(hole, table, opponents, fills, False, floors)

            return staged(readable, samples, seed, settle)
        import numpy as np

        from straights.fast import equity as kernels

        places = np.array([-1 if c is None else c for c in table], dtype=np.int64)
        mine = np.asarray(hole, dtype=np.int64)
        deck = np.asarray(unseen, dtype=np.int64)
        lows = np.array(floors, dtype=np.int64)
        if settle and samples >= 8:  # staged() in one call, the very same draws
            marks = np.array(settle, dtype=np.float64)
            wins, nowin, deals = kernels.seat_sample_staged(
                seed, samples, mine, places, deck, opponents, self.pack, lows, marks, SETTLED
            )
            return Estimate(wins, nowin, deals, exact=False)
        wins, nowin = kernels.seat_sample_straights(
            seed, samples, mine, places, deck, opponents, self.pack, lows
        )
        return Estimate(wins, nowin, samples, exact=False)

    # -- narrowing ------------------------------------------------------------------
    def seen_key(self, pair: Sequence[int], table: Table) -> int:
        """A pair's Straights key with the table places known (the others left out)."""
        return straights_key(pair, [c for c in table if c is not None], self.pack)

    def floors(self, table: Table, opponents: int, narrow: Sequence[float]) -> list[int]:
        """Per opponent, the least key on the cards showing that its holding may have: the
        key at its ``narrow`` quantile among the pairs of cards not on the table (0: any
        pair).  The pairs are those the opponent itself weighs its hand against — they do
        not depend on this seat's cards — so every seat at the table shares them."""
        quantiles = [*narrow, *[0.0] * opponents][:opponents]
        if not any(q > 0 for q in quantiles):
            return [0] * opponents
        keys = pair_keys(self.pack, tuple(c for c in table if c is not None), self.fast)
        last = len(keys) - 1
        return [int(keys[min(last, int(q * len(keys)))]) if q > 0 else 0 for q in quantiles]

    def _redraw(
        self, fill: list[int], table: Table, unseen: Sequence[int], floors: list[int], seed: int
    ) -> list[int]:
        """``fill`` with each opponent's pair redrawn (up to :data:`REDRAW_TRIES` times) from
        the cards no one else holds in it while it is keyed below that opponent's floor."""
        import random

        rng = random.Random(seed ^ hash(tuple(fill)))
        out = list(fill)
        for k, floor in enumerate(floors):
            if not floor:
                continue
            for _ in range(REDRAW_TRIES):
                if self.seen_key(out[2 * k : 2 * k + 2], table) >= floor:
                    break
                free = [c for c in unseen if c not in out]
                out[2 * k : 2 * k + 2] = rng.sample(free, 2)
        return out

    # -- the readable path ----------------------------------------------------------
    def _readable(
        self,
        hole: Sequence[int],
        table: Table,
        opponents: int,
        fills: Any,
        exact: bool,
        floors: Sequence[int] = (),
    ) -> Estimate:
        """Count wins over ``fills``: each the opponents' hole cards, then the unknown places;
        in an exact count, fills where an opponent's pair is keyed below its floor are left
        out (sampled fills were redrawn instead)."""
        pack = self.pack
        gaps = [i for i, c in enumerate(table) if c is None]
        wins = nowin = deals = 0
        narrowed = exact and any(floors)
        for fill in fills:
            if narrowed and any(
                f and self.seen_key(fill[2 * k : 2 * k + 2], table) < f
                for k, f in enumerate(floors)
            ):
                continue
            deals += 1
            full = list(table)
            for i, c in zip(gaps, fill[2 * opponents :], strict=True):
                full[i] = c
            cards: list[int] = [c for c in full if c is not None]
            mine = straights_key(hole, cards, pack)
            best_other = max(
                (straights_key(fill[2 * k : 2 * k + 2], cards, pack) for k in range(opponents)),
                default=-1,
            )
            if mine > best_other and not (opponents == 0 and _alone_carries(hole, cards, pack)):
                wins += 1
            elif mine == best_other or opponents == 0:
                nowin += 1  # equal keys happen only under rule 10
        return Estimate(wins, nowin, deals, exact)


@lru_cache(maxsize=64)
def pair_keys(
    pack: int, known: tuple[int, ...], fast: bool
) -> tuple[int, ...] | npt.NDArray[np.int64]:
    """Sorted Straights keys, on the ``known`` table cards, of the pairs of the other cards
    of the pack: every pair on the readable path, :data:`~straights.fast.equity.FLOOR_PAIRS`
    pseudo-random ones (a fixed draw, quantiles within about 2 points) on the kernels."""
    deck = [c for c in range(pack) if c not in known]
    if fast:
        import numpy as np

        from straights.fast import equity as kernels

        places = np.array([*known, *[-1] * (5 - len(known))], dtype=np.int64)
        keys: npt.NDArray[np.int64] = kernels.pair_keys(
            np.array(deck, dtype=np.int64), places, pack
        )
        return keys
    return tuple(sorted(straights_key(p, list(known), pack) for p in combinations(deck, 2)))


def _alone_carries(hole: Sequence[int], table: Sequence[int], pack: int) -> bool:
    """Rule 10 with nobody else left: the lone hand plays the table's S-T-R-8."""
    from straights.cards import Card
    from straights.showdowns import decide

    hand = make_hand((Card(hole[0]), Card(hole[1])), tuple(Card(c) for c in table), pack)
    return decide([hand])[0] is None


def _every_fill(unseen: Sequence[int], table: Table, opponents: int) -> Any:
    """Every completion: each opponent's two cards in turn, then the unknown table places."""
    unknown = sum(1 for c in table if c is None)

    def rec(left: tuple[int, ...], sizes: list[int]) -> Any:
        if not sizes:
            yield ()
            return
        for combo in combinations(left, sizes[0]):
            rest = tuple(c for c in left if c not in combo)
            for tail in rec(rest, sizes[1:]):
                yield combo + tail

    return rec(tuple(unseen), [2] * opponents + [unknown])


def _random_fills(
    unseen: Sequence[int], table: Table, opponents: int, samples: int, seed: int
) -> Any:
    import random

    rng = random.Random(seed)
    need = 2 * opponents + sum(1 for c in table if c is None)
    pool = list(unseen)
    return (rng.sample(pool, need) for _ in range(samples))


def _assignments(
    hole: Sequence[int], unseen: Sequence[int], opponents: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every deal of the opponents' hole cards as the exact kernel wants them: holes
    ``(B, players, 2)`` (the seat first) and the cards left for the table ``(B, m)``."""
    import numpy as np

    deck = np.array(unseen, dtype=np.int64)
    if opponents == 1:  # the usual exact case: every pair of unseen cards, without Python loops
        first, second = np.triu_indices(len(deck), 1)
        rows = np.stack([deck[first], deck[second]], axis=1)
    else:
        rows = np.array(list(_every_fill(unseen, [0] * 5, opponents)), dtype=np.int64)
    rows = rows.reshape(len(rows), 2 * opponents)
    count = rows.shape[0]
    holes = np.empty((count, opponents + 1, 2), dtype=np.int64)
    holes[:, 0] = hole
    holes[:, 1:] = rows.reshape(count, opponents, 2)
    if opponents:
        taken = (deck[None, :, None] == rows[:, None, :]).any(axis=2)
        decks = np.broadcast_to(deck, (count, len(deck)))[~taken].reshape(count, -1)
    else:
        decks = deck[None]
    return holes, np.ascontiguousarray(decks)


# --------------------------------------------------------------------------- the bot


@dataclass(frozen=True)
class Style:
    """How an :class:`EquityBot` turns an estimate into an action.

    * ``call_margin``: equity needed above the pot odds to call (negative: calls light);
    * ``bet_share``: bets or raises with equity above ``bet_share`` × a fair share
      (1 / players in), never below ``bet_floor``;
    * ``raise_step``: extra equity wanted for each raise already made this round
      (the price doubles with each: Limit stops at two, No Limit never);
    * ``narrow_bet`` / ``narrow_call``: the share of an opponent's possible holdings
      (the weakest on the cards showing) left out when it is in for a bet this seat
      faces on the first betting round, or was seen in for a bet on an earlier street
      (:meth:`~straights.bots.equity_moves.Memory.narrowing`);
    * ``narrow_last``: the share left out for a bet on the last betting round,
      ``narrow_bet`` being the first's
      (:func:`~straights.bots.equity_moves.bet_quantile`).
    """

    name: str
    call_margin: float = 0.0
    bet_share: float = 1.5
    bet_floor: float = 0.0
    raise_step: float = 0.0
    narrow_bet: float = 0.3
    narrow_call: float = 0.15
    narrow_last: float = 0.8


#: The named styles: ``make_bot("equity:tight")`` and so on.
STYLES: Final = {
    "balanced": Style("balanced"),
    "tight": Style("tight", call_margin=0.08, bet_share=1.8, bet_floor=0.4, raise_step=0.12),
    "loose": Style("loose", call_margin=-0.08),
    "aggressive": Style("aggressive", bet_share=1.15),
}
#: Bot names for :func:`straights.bots.make_bot`.
EQUITY_KINDS: Final = ("equity", "equity:tight", "equity:loose", "equity:aggressive")


def choose(
    equity: float, *, to_call: int, pot: int, players: int, raises: int, style: Style
) -> tuple[str, ...]:
    """The action kinds to try in order, for ``pick``.

    ``players`` counts everyone still in (this seat too); ``raises`` the raises
    already made over this round's bet.

    >>> choose(0.9, to_call=0, pot=6, players=2, raises=0, style=STYLES["balanced"])
    ('bet', 'raise', 'check')
    >>> choose(0.3, to_call=2, pot=6, players=2, raises=1, style=STYLES["balanced"])  # price 2/8
    ('call',)
    >>> choose(0.3, to_call=2, pot=6, players=2, raises=1, style=STYLES["tight"])
    ('fold',)
    """
    bet, call = thresholds(to_call=to_call, pot=pot, players=players, raises=raises, style=style)
    return action_kinds(equity, bet, call)


def action_kinds(equity: float, bet: float, call: float | None) -> tuple[str, ...]:
    if equity >= bet:
        return ("bet", "raise", "call", "check") if call is not None else ("bet", "raise", "check")
    if call is None:
        return ("check",)
    return ("call",) if equity >= call else ("fold",)


def thresholds(
    *, to_call: int, pot: int, players: int, raises: int, style: Style
) -> tuple[float, float | None]:
    """The equities :func:`choose` compares with: to bet or raise, and to call (``None``
    when checking is free): the pot odds ``to_call / (pot + to_call)`` plus the margin.

    >>> thresholds(to_call=2, pot=6, players=2, raises=1, style=STYLES["balanced"])
    (0.75, 0.25)
    >>> thresholds(to_call=2, pot=6, players=2, raises=1, style=STYLES["tight"])
    (0.95, 0.33)
    """
    fair = 1.0 / max(players, 1)
    wanted = max(style.bet_floor, style.bet_share * fair) + style.raise_step * raises
    if to_call == 0:
        return min(wanted, 0.95), None
    return min(wanted, 0.95), to_call / (pot + to_call) + style.call_margin
