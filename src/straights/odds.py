"""Equity: who wins how often, exactly over every completion or by Monte Carlo.

Unknown cards are written ``?``: ``straights_odds(['Qs 9d', 'Qd 3s'], '5c 4d 3d ? ?')``
deals every pair of remaining cards to the two empty table places.  A table
given with fewer than five cards has its missing places unknown; a player's
hole cards may be ``'? ?'`` or ``'Ah ?'``.  ``dead`` cards are out of the deck.

* :func:`straights_odds` — Straights (55- or 52-card pack): each player's
  win probability and :attr:`OddsResult.no_winner`, rule 10's share.  The key
  card is the first table card; write it ``?`` to leave it unknown.
* :func:`holdem_odds` — standard high hands in the Texas Hold'em shape (two
  hole cards, five board cards), with ties split.
* :func:`generic_odds` — any ranking of the registry, slower (pure Python).

``exact=None`` enumerates when there are at most :data:`AUTO_EXACT_LIMIT`
completions and samples otherwise; ``exact=True`` insists (up to
:data:`MAX_EXACT_COMPLETIONS`); ``samples=N`` draws N random completions (up to
:data:`MAX_SAMPLES`) and reports standard errors.  ``executor`` spreads the work over any
:class:`concurrent.futures.Executor` (processes, Ray, Dask); by default every
local core is used through Numba's threads.

>>> r = straights_odds(['Qs 9d', 'Qd 3s'], '5c 4d 3d 2h Jh')
>>> [p.win for p in r.players], r.exact
([0.0, 1.0], True)
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from straights.cards import Card, parse_card
from straights.errors import (
    ConfigurationError,
    DuplicateCardError,
    HandSizeError,
    PackError,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "AUTO_EXACT_LIMIT",
    "MAX_EXACT_COMPLETIONS",
    "MAX_SAMPLES",
    "OddsResult",
    "PlayerOdds",
    "generic_odds",
    "holdem_odds",
    "odds",
    "straights_odds",
]

#: Enumerate automatically up to this many completions (else sample).
AUTO_EXACT_LIMIT: Final = 20_000_000
#: Refuse exact enumeration beyond this many completions.
MAX_EXACT_COMPLETIONS: Final = 2_000_000_000
#: Monte Carlo samples when neither ``samples`` nor ``exact`` is given and enumeration is too big.
DEFAULT_SAMPLES: Final = 1_000_000
#: Refuse more samples than this (days of work; the kernels count in 64-bit integers).
MAX_SAMPLES: Final = 1_000_000_000_000
_SEED_BLOCKS: Final = 64

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayerOdds:
    """One player's share of the completions.

    ``win``: fraction won alone; ``tie``: fraction shared (never in Straights);
    ``equity``: expected share of the pot.  ``*_se`` are Monte Carlo standard
    errors (0 when exact).
    """

    cards: str
    win: float
    tie: float
    equity: float
    win_se: float = 0.0
    equity_se: float = 0.0

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"cards": self.cards, "win": self.win}
        out |= {"tie": self.tie, "equity": self.equity}
        if self.win_se or self.equity_se:
            out |= {"win_se": self.win_se, "equity_se": self.equity_se}
        return out


@dataclass(frozen=True)
class OddsResult:
    """The answer of an odds computation."""

    game: str
    players: tuple[PlayerOdds, ...]
    table: str
    dead: str
    exact: bool
    completions: int
    no_winner: float = 0.0
    no_winner_se: float = 0.0
    pack: int = 52
    seconds: float = 0.0

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: ``{"players": [{"cards", "win", …}], "no_winner", "exact", …}``."""
        out: dict[str, object] = {
            "players": [p.to_dict() for p in self.players],
            "no_winner": self.no_winner,
            "exact": self.exact,
            "game": self.game,
            "table": self.table,
            "dead": self.dead,
            "pack": self.pack,
            "completions": self.completions,
        }
        if not self.exact:
            out["no_winner_se"] = self.no_winner_se
        return out


# --------------------------------------------------------------------------- parsing


def _tokens(text: str | Sequence[str | Card]) -> list[str | Card]:
    if isinstance(text, str):
        return list(text.replace(",", " ").split())
    return list(text)


def _slots(text: str | Sequence[str | Card], size: int, what: str, pad: bool) -> list[int]:
    """Card ids with -1 for ``?``; ``pad`` fills missing places with unknowns."""
    out: list[int] = []
    for tok in _tokens(text):
        if isinstance(tok, str) and tok.strip() == "?":
            out.append(-1)
        else:
            out.append(Card(tok).id if isinstance(tok, Card) else parse_card(str(tok)).id)
    if not out and not pad:
        out = [-1] * size
    if len(out) > size or (len(out) < size and not pad):
        raise HandSizeError(
            f"{what} {' '.join(_show(c) for c in out)!r} hold {_count(len(out))}: "
            f"write exactly {size}, with ? for each unknown card"
            if not pad
            else f"{what} hold {_count(len(out))}: at most {size}, with ? for unknown ones"
        )
    return out + [-1] * (size - len(out))


def _show(card_id: int) -> str:
    return "?" if card_id < 0 else Card(card_id).ascii()


def _show_all(ids: Sequence[int]) -> str:
    return " ".join(_show(c) for c in ids)


@dataclass(frozen=True)
class _Deal:
    holes: list[list[int]]
    table: list[int]
    dead: list[int]
    deck: list[int]  # unseen cards

    @property
    def hole_unknowns(self) -> list[int]:
        return [sum(1 for c in h if c < 0) for h in self.holes]

    @property
    def table_unknowns(self) -> int:
        return sum(1 for c in self.table if c < 0)

    def completions(self) -> int:
        left = len(self.deck)
        total = 1
        for u in [*self.hole_unknowns, self.table_unknowns]:
            total *= math.comb(left, u)
            left -= u
        return total


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _deal(
    hands: Sequence[str | Sequence[str | Card]],
    table: str | Sequence[str | Card],
    dead: str | Sequence[str | Card],
    deck_size: int,
    board: int = 5,
) -> _Deal:
    if isinstance(hands, str):
        raise HandSizeError(
            f"hands {hands!r} is one string: pass a list of hole cards, like ['Qs 9d', 'Qd 3s']"
        )
    if not hands:
        raise HandSizeError("odds need at least one player's hole cards")
    holes = [_slots(h, 2, f"player {i}'s hole cards", pad=False) for i, h in enumerate(hands, 1)]
    tbl = _slots(table, board, "the table", pad=True)
    dead_ids = [c for c in _slots(dead, 52 + 3, "dead cards", pad=True) if c >= 0]
    known = [c for h in holes for c in h if c >= 0] + [c for c in tbl if c >= 0] + dead_ids
    seen: set[int] = set()
    for c in known:
        if c in seen:
            raise DuplicateCardError(
                f"card {_show(c)} appears twice among the hands, table and dead"
            )
        seen.add(c)
    for c in known:
        if c >= deck_size:
            kind = "jokers are not" if c >= 55 else "S, T and R are not"
            raise PackError(f"card {_show(c)}: {kind} in this game's {deck_size}-card pack")
    deck = [c for c in range(deck_size) if c not in seen]
    unknown = sum(1 for h in holes for c in h if c < 0) + sum(1 for c in tbl if c < 0)
    if unknown > len(deck):
        raise HandSizeError(
            f"impossible deal: {unknown} unknown cards but only {len(deck)} cards left in the "
            f"{deck_size}-card pack ({len(holes)} players)"
        )
    return _Deal(holes, tbl, dead_ids, deck)


# --------------------------------------------------------------------------- jobs


@dataclass(frozen=True)
class _Job:
    """Everything a worker needs; picklable (NumPy arrays and ints)."""

    game: int  # straights.fast.equity.STRAIGHTS or HIGH
    pack: int
    holes: npt.NDArray[np.int64]  # exact: (B, P, 2); sampling: (P, 2) with -1
    decks: npt.NDArray[np.int64]  # exact: (B, m); sampling: (m,)
    table: npt.NDArray[np.int64]  # exact: known cards first; sampling: -1 for unknown
    unknown: int


Counts = tuple[Any, Any, Any, Any, int, int]


def _tables(game: int) -> tuple[Any, Any, Any]:
    from straights.fast.lookup import high_lookup

    t = high_lookup()
    return t.rank7, t.flush, t.flush_suit


def _run_exact(job: _Job, tasks: npt.NDArray[np.int64]) -> Counts:
    """Worker entry point: exact counts over ``tasks``."""
    from straights.fast import equity

    res: Counts = equity.exact(
        job.game, job.holes, job.decks, job.table, job.unknown, job.pack, tasks, *_tables(job.game)
    )
    return res


def _run_sample(job: _Job, seeds: npt.NDArray[np.uint64], per_seed: int) -> Counts:
    """Worker entry point: ``per_seed`` random completions per seed."""
    from straights.fast import equity

    res: Counts = equity.sample(
        job.game, job.holes, job.table, job.decks, job.pack, seeds, per_seed, *_tables(job.game)
    )
    return res


def _assignments(deal: _Deal) -> Iterator[tuple[int, ...]]:
    """Every way to fill the players' unknown hole cards, player by player."""
    return _fill_groups(deal.hole_unknowns, deal.deck)


def _exact_job(deal: _Deal, game: int, pack: int) -> tuple[_Job, int]:
    import numpy as np

    assigned = np.array(list(_assignments(deal)), dtype=np.int64)
    count = assigned.shape[0]
    holes = np.array(deal.holes, dtype=np.int64)[None].repeat(count, axis=0)
    slots = [(p, j) for p, h in enumerate(deal.holes) for j in range(2) if h[j] < 0]
    for k, (p, j) in enumerate(slots):
        holes[:, p, j] = assigned[:, k]
    deck = np.array(deal.deck, dtype=np.int64)
    if slots:
        taken = (deck[None, :, None] == assigned[:, None, :]).any(axis=2)
        decks = deck[None].repeat(count, axis=0)[~taken].reshape(count, len(deck) - len(slots))
    else:
        decks = deck[None]
    known = [c for c in deal.table if c >= 0]
    table = np.array(known + [0] * (5 - len(known)), dtype=np.int64)
    unknown = deal.table_unknowns
    firsts = decks.shape[1] - unknown + 1 if unknown else 1
    return _Job(game, pack, holes, decks, table, unknown), count * firsts


def _sample_job(deal: _Deal, game: int, pack: int) -> _Job:
    import numpy as np

    return _Job(
        game,
        pack,
        np.array(deal.holes, dtype=np.int64),
        np.array(deal.deck, dtype=np.int64),
        np.array(deal.table, dtype=np.int64),
        deal.table_unknowns,
    )


def _sum(parts: list[Counts]) -> Counts:
    w, t, e, e2, nw, bug = parts[0]
    w, t, e, e2 = w.copy(), t.copy(), e.copy(), e2.copy()
    for pw, pt, pe, pe2, pnw, pbug in parts[1:]:
        w += pw
        t += pt
        e += pe
        e2 += pe2
        nw += pnw
        bug += pbug
    return w, t, e, e2, int(nw), int(bug)


def _execute(
    fn: Callable[..., Counts],
    chunks: list[tuple[Any, ...]],
    executor: Executor | None,
    threads: int | None,
    progress: Progress | None,
) -> Counts:
    if executor is not None:
        futures: list[Future[Counts]] = [executor.submit(fn, *args) for args in chunks]
        parts = []
        for done, fut in enumerate(as_completed(futures), 1):
            parts.append(fut.result())
            if progress:
                progress(done, len(chunks))
        return _sum(parts)
    import numba

    before = numba.get_num_threads()
    if threads is not None:
        most = int(getattr(numba.config, "NUMBA_NUM_THREADS", 1))
        if not 1 <= threads <= most:
            raise ConfigurationError(f"threads={threads}: choose 1..{most} (this machine)")
        numba.set_num_threads(threads)
    try:
        parts = []
        for done, args in enumerate(chunks, 1):
            parts.append(fn(*args))
            if progress:
                progress(done, len(chunks))
        return _sum(parts)
    finally:
        numba.set_num_threads(before)


def _run(
    deal: _Deal,
    game: int,
    pack: int,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    executor: Executor | None,
    threads: int | None,
    progress: Progress | None,
) -> tuple[Counts, bool, int]:
    import numpy as np

    total = deal.completions()
    if samples is not None and exact:
        raise ConfigurationError("choose exact=True or samples=N, not both")
    if samples is not None and samples < 1:
        raise ConfigurationError(f"samples={samples}: draw at least 1 completion")
    if samples is not None and samples > MAX_SAMPLES:
        raise ConfigurationError(
            f"samples={samples:,}: draw at most {MAX_SAMPLES:,} (that is already days of work)"
        )
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigurationError(f"seed={seed!r}: give a whole number 0 or more, or None")
    if exact is None:
        exact = samples is None and total <= AUTO_EXACT_LIMIT
    if exact:
        if total > MAX_EXACT_COMPLETIONS:
            raise ConfigurationError(
                f"too many unknown cards for exact odds: {total:,} completions "
                f"(the limit is {MAX_EXACT_COMPLETIONS:,}); use samples=N (--samples N)"
            )
        job, ntasks = _exact_job(deal, game, pack)
        # A fixed shuffle mixes heavy tasks (low first cards) with light ones, so
        # threads and workers get even shares.
        order = np.random.default_rng(0).permutation(ntasks).astype(np.int64)
        parts = 1 if (executor is None and progress is None) else min(ntasks, 64)
        # Contiguous copies: one compiled signature per kernel (straights.fast.warm).
        chunks: list[tuple[Any, ...]] = [(job, order[i::parts].copy()) for i in range(parts)]
        return _execute(_run_exact, chunks, executor, threads, progress), True, total
    n = samples or DEFAULT_SAMPLES
    per_seed = -(-n // _SEED_BLOCKS)
    seeds = np.random.SeedSequence(seed).generate_state(_SEED_BLOCKS, dtype=np.uint64)
    job = _sample_job(deal, game, pack)
    parts = 1 if (executor is None and progress is None) else 16
    chunks = [(job, seeds[i::parts].copy(), per_seed) for i in range(parts)]
    counts = _execute(_run_sample, chunks, executor, threads, progress)
    return counts, False, per_seed * _SEED_BLOCKS


def _result(
    game: str,
    deal: _Deal,
    counts: Counts,
    exact: bool,
    n: int,
    pack: int,
    started: float,
) -> OddsResult:
    wins, ties, eq, eq2, nowin, bugs = counts
    if bugs:  # pragma: no cover - the kernels are proven equal to the rules
        raise AssertionError(f"{bugs} Straights showdowns tied outside rule 10")
    players = []
    for p, hole in enumerate(deal.holes):
        win = int(wins[p]) / n
        equity = float(eq[p]) / n
        win_se = eq_se = 0.0
        if not exact:
            win_se = math.sqrt(max(win * (1 - win), 0.0) / n)
            eq_se = math.sqrt(max(float(eq2[p]) / n - equity * equity, 0.0) / n)
        players.append(PlayerOdds(_show_all(hole), win, int(ties[p]) / n, equity, win_se, eq_se))
    no_winner = nowin / n
    nw_se = 0.0 if exact else math.sqrt(no_winner * (1 - no_winner) / n)
    return OddsResult(
        game,
        tuple(players),
        _show_all(deal.table),
        _show_all(deal.dead),
        exact,
        n,
        no_winner,
        nw_se,
        pack,
        time.perf_counter() - started,
    )


# --------------------------------------------------------------------------- public


def straights_odds(
    hands: Sequence[str | Sequence[str | Card]],
    table: str | Sequence[str | Card] = "",
    *,
    dead: str | Sequence[str | Card] = "",
    pack: int = 55,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    executor: Executor | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> OddsResult:
    """Straights odds: each player's win probability and rule 10's share.

    >>> r = straights_odds(['8h 2c', 'Kd Qd'], 'S T R 8d 4d')
    >>> r.players[0].win, r.no_winner
    (1.0, 0.0)
    """
    from straights.fast import equity

    if pack not in (55, 52):
        raise PackError(f"pack {pack!r} is not a Straights pack: choose 55 or 52")
    started = time.perf_counter()
    deal = _deal(hands, table, dead, pack)
    counts, is_exact, n = _run(
        deal, equity.STRAIGHTS, pack, exact, samples, seed, executor, threads, progress
    )
    return _result("straights", deal, counts, is_exact, n, pack, started)


def holdem_odds(
    hands: Sequence[str | Sequence[str | Card]],
    board: str | Sequence[str | Card] = "",
    *,
    dead: str | Sequence[str | Card] = "",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    executor: Executor | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> OddsResult:
    """Texas Hold'em odds (standard high hands, two hole and five board cards, ties split).

    >>> r = holdem_odds(['Ah Kh', 'Qs Qd'], 'Ac Kc Qc Jc Tc')  # both play the royal flush
    >>> r.players[0].tie, r.players[0].equity
    (1.0, 0.5)
    """
    from straights.fast import equity

    started = time.perf_counter()
    deal = _deal(hands, board, dead, 52)
    counts, is_exact, n = _run(
        deal, equity.HIGH, 52, exact, samples, seed, executor, threads, progress
    )
    return _result("holdem", deal, counts, is_exact, n, 52, started)


def odds(
    hands: Sequence[str | Sequence[str | Card]],
    table: str | Sequence[str | Card] = "",
    *,
    game: str = "straights",
    **kwargs: Any,
) -> OddsResult:
    """Dispatch on ``game``: ``'straights'`` or ``'holdem'``."""
    if game == "straights":
        return straights_odds(hands, table, **kwargs)
    if game == "holdem":
        pack = kwargs.pop("pack", 52)
        if pack != 52:
            raise PackError(f"pack {pack!r}: hold'em always deals from the 52-card deck")
        return holdem_odds(hands, table, **kwargs)
    raise ConfigurationError(f"game {game!r} is not known: choose 'straights' or 'holdem'")


def generic_odds(
    hands: Sequence[str | Sequence[str | Card]],
    board: str | Sequence[str | Card] = "",
    *,
    ranking: str = "high",
    hole_cards: int = 2,
    board_cards: int = 5,
    deck: str | None = None,
    dead: str | Sequence[str | Card] = "",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    max_exact: int = 200_000,
    **options: Any,
) -> OddsResult:
    """Equity under any registered ranking: the slow, general path (pure Python).

    Each player's hand is their hole cards plus the board, evaluated with
    :func:`straights.rankings.base.evaluate`; the best key wins, equal keys split.
    ``deck`` defaults to the ranking's own (55 cards for ``'straights'``).

    >>> r = generic_odds(['Ah Kh', 'Qs Qd'], 'Jh Th 2c 3d 4s', ranking='straights')
    >>> [p.win for p in r.players]  # A-2-3-4 is longer than Q-J-T
    [1.0, 0.0]
    """
    import random

    from straights.cards import make_deck
    from straights.rankings.base import evaluate, get_ranking

    started = time.perf_counter()
    chosen = get_ranking(ranking)
    deck = deck or chosen.deck
    cards = make_deck(deck)
    ids = [c.id for c in cards]
    if isinstance(hands, str):
        raise HandSizeError(f"hands {hands!r} is one string: pass a list of hole cards")
    holes = [
        _slots(h, hole_cards, f"player {i}'s hole cards", pad=False) for i, h in enumerate(hands, 1)
    ]
    tbl = _slots(board, board_cards, "the board", pad=True)
    dead_ids = [c for c in _slots(dead, len(ids), "dead cards", pad=True) if c >= 0]
    known = [c for h in holes for c in h if c >= 0] + [c for c in tbl if c >= 0] + dead_ids
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise DuplicateCardError(f"card {_show(dup)} appears twice among the hands, board and dead")
    missing = [c for c in known if c not in ids]
    if missing:
        raise PackError(f"card {_show(missing[0])} is not in the {deck} deck")
    left = [c for c in ids if c not in set(known)]
    slots = [(p, j) for p, h in enumerate(holes) for j, c in enumerate(h) if c < 0]
    slots += [(-1, j) for j, c in enumerate(tbl) if c < 0]
    if len(slots) > len(left):
        raise HandSizeError(
            f"impossible deal: {len(slots)} unknown cards but only {len(left)} cards left"
        )
    deal = _Deal(holes, tbl, dead_ids, left)
    total = deal.completions()
    if exact is None:
        exact = samples is None and total <= max_exact
    if exact and total > max_exact:
        raise ConfigurationError(
            f"too many unknown cards for exact odds on the generic path: {total:,} completions "
            f"(the limit is {max_exact:,}); use samples=N"
        )
    players = len(holes)
    wins = [0] * players
    ties = [0] * players
    eq = [0.0] * players
    eq2 = [0.0] * players

    def score(fill: Sequence[int]) -> None:
        h = [list(x) for x in holes]
        t = list(tbl)
        for (p, j), c in zip(slots, fill, strict=True):
            if p < 0:
                t[j] = c
            else:
                h[p][j] = c
        board_cards_ = [Card(c) for c in t]
        keys = [
            evaluate([*(Card(c) for c in hole), *board_cards_], ranking=ranking, **options).key
            for hole in h
        ]
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        share = 1.0 / len(winners)
        for p in winners:
            if len(winners) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
            eq[p] += share
            eq2[p] += share * share

    if exact:
        n = 0
        for n, fill in enumerate(_fills(deal, slots), 1):  # noqa: B007
            score(fill)
    else:
        n = samples or 10_000
        rng = random.Random(seed)
        for _ in range(n):
            score(rng.sample(left, len(slots)))
    import numpy as np

    counts: Counts = (np.array(wins), np.array(ties), np.array(eq), np.array(eq2), 0, 0)
    return _result(ranking, deal, counts, exact, n, len(ids), started)


def _fills(deal: _Deal, slots: list[tuple[int, int]]) -> Iterator[tuple[int, ...]]:
    """Every completion, grouped as hole slots player by player then the board."""
    groups = [len(list(g)) for _, g in itertools.groupby(slots, key=lambda s: s[0])]
    return _fill_groups(groups, deal.deck)


def _fill_groups(sizes: Sequence[int], deck: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to draw groups of ``sizes`` cards from ``deck``, one group after another."""

    def rec(i: int, left: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(sizes):
            yield ()
            return
        for combo in itertools.combinations(left, sizes[i]):
            rest = tuple(c for c in left if c not in combo)
            for tail in rec(i + 1, rest):
                yield combo + tail

    return rec(0, tuple(deck))
