"""Range against range: each player's share of the pot when his hand is drawn from a range.

A **range** is a list of hands, each with a weight (how often the player holds it).
Two notations, comma-separated, each item optionally ``:weight`` (0 to 1):

* two-card games (hold'em, short deck, Manila) use the usual notation: ``QQ``,
  ``QQ+`` (QQ, KK, AA), ``QQ-99``, ``AKs`` (suited, 4 hands), ``AKo`` (offsuit, 12),
  ``AK`` (both, 16), ``A2s+`` (A2s up to AKs: the second card climbs), ``A5s-A2s``,
  ``KQo:0.5``;
* every game, and the only notation of the others (Omaha, the draw games, badugi,
  Mambo): a **pattern** of one symbol per card, a rank or ``x`` for any rank, then
  optionally ``ds`` (double-suited: two suits, two cards each), ``ss`` (single-suited:
  exactly two cards share a suit, the others differ), ``r`` (rainbow: no two cards of
  a suit) or ``s`` (all one suit).  ``AAxx`` is every Omaha hand with at least two
  aces, ``AKQJds`` the double-suited A-K-Q-J, ``75432`` any 7-5-4-3-2 (flushes too);
* explicit cards (``AsKs``, ``AsAdKhQc``) and ``any`` (every hand) anywhere.

In a **board** game the hand is the player's hole cards and the board is dealt
out.  In a **draw** game (five-card draw, deuce-to-seven, badugi …) there is no
board: a range is the hands the players hold *at the showdown*, after their last
draw, and the equity is how often a hand from one range beats hands from the
others.  Stud games deal neither a board nor a draw and are not covered; the
Straights variants have their own odds (``straights odds``).

:func:`range_odds` counts **exactly** — every compatible combination of hands
(weighted) and, for each, every completion of the board — when the work allows
(:data:`EXACT_WORK`); hands that are the same up to a renaming of suits are
counted once.  Otherwise it samples: a hand from each range (by weight, drawing
again when two share a card), then a board, with standard errors.  In split games
each pot (high, low) is reported on its own as well.

>>> r = range_odds("NT", ["AA", "KK"])
>>> [round(e, 4) for e in r.equity], r.exact, r.matchups
([0.8195, 0.1805], True, 36)
"""

from __future__ import annotations

import itertools
import math
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Final

from straights.errors import ConfigurationError, HandSizeError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from straights.poker.variant import Variant

__all__ = ["EXACT_WORK", "RangeOdds", "parse_range", "range_odds"]

#: Count exactly when (distinct matchups) × (board completions) is at most this (hold'em
#: high through the compiled exact kernel) …
EXACT_WORK: Final = 120_000_000
#: … or this, for every other game (five-card choices scored in NumPy batches).
EXACT_WORK_BATCH: Final = 3_000_000
#: With ``exact=True`` the limits are this many times larger.
FORCED: Final = 20
#: Most combinations of hands enumerated for an exact count.
MAX_MATCHUPS: Final = 2_000_000
DEFAULT_SAMPLES: Final = 100_000
_CHUNK: Final = 50_000
_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"
_ITEM: Final = re.compile(r"^(?P<body>[^:]+?)(?::(?P<weight>[0-9.]+))?$")
_PAIR: Final = re.compile(r"^([2-9TJQKA])\1(\+|-([2-9TJQKA])\3)?$")
_TWO: Final = re.compile(
    r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+|-([2-9TJQKA])([2-9TJQKA])\6?[so]?)?$"
)
_PATTERN: Final = re.compile(r"^([2-9TJQKAxX*]+)(ds|ss|r|s)?$")
_CARDS: Final = re.compile(r"^(?:[2-9TJQKA][cdhs])+$")

Combo = tuple[int, ...]


@dataclass(frozen=True)
class RangeOdds:
    """The answer of :func:`range_odds`.

    ``equity[p]``: player ``p``'s expected share of the whole pot; ``pots`` names
    the pots of the showdown (``high``, ``low`` …) and ``pot_equity[k][p]`` is
    ``p``'s expected share of pot ``k`` (a pot nobody qualifies for is counted as
    nobody's there; in the whole pot it goes to the other pot).  ``combos``: the
    hands of each range left after the board and the dead cards; ``matchups``:
    the compatible combinations of hands counted (exact) or drawn (Monte Carlo);
    ``completions``: boards dealt in all.  ``*_se``: standard errors (0 when exact).
    """

    game: str
    ranges: tuple[str, ...]
    combos: tuple[int, ...]
    matchups: int
    completions: int
    exact: bool
    equity: tuple[float, ...]
    equity_se: tuple[float, ...]
    pots: tuple[str, ...]
    pot_equity: tuple[tuple[float, ...], ...]
    pot_equity_se: tuple[tuple[float, ...], ...]
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: one row per player, and how the count was made."""
        players = []
        for p, text in enumerate(self.ranges):
            row: dict[str, Any] = {"range": text, "combos": self.combos[p],
                                   "equity": self.equity[p]}  # fmt: skip
            if not self.exact:
                row["equity_se"] = self.equity_se[p]
            if len(self.pots) > 1:
                row["pots"] = {name: self.pot_equity[k][p] for k, name in enumerate(self.pots)}
                if not self.exact:
                    row["pots_se"] = {
                        name: self.pot_equity_se[k][p] for k, name in enumerate(self.pots)
                    }
            players.append(row)
        return {"game": self.game, "exact": self.exact, "matchups": self.matchups,
                "completions": self.completions, "seconds": round(self.seconds, 3),
                "players": players}  # fmt: skip


# --------------------------------------------------------------------------- notation


def _id(rank: int, suit: int) -> int:
    return rank * 4 + suit


def _two_card(first: int, second: int, kind: str, deck: frozenset[int]) -> list[Combo]:
    out = []
    for a, b in itertools.product(range(4), repeat=2):
        if first == second and a >= b:
            continue
        if (kind == "s" and a != b) or (kind == "o" and a == b):
            continue
        x, y = _id(first, a), _id(second, b)
        if x in deck and y in deck:
            out.append(tuple(sorted((x, y))))
    return out


def _holdem_item(body: str, deck: frozenset[int]) -> list[Combo] | None:
    """Two-card notation, or ``None`` when ``body`` is not written in it."""
    pair = _PAIR.match(body)
    if pair:
        top = _RANKS.index(pair[1])
        if pair[2] == "+":
            ranks = range(top, 13)
        elif pair[2]:
            low = _RANKS.index(pair[3])
            ranks = range(min(low, top), max(low, top) + 1)
        else:
            ranks = range(top, top + 1)
        return [c for r in ranks for c in _two_card(r, r, "", deck)]
    two = _TWO.match(body)
    if not two or two[1] == two[2]:
        return None
    hi, lo = sorted((_RANKS.index(two[1]), _RANKS.index(two[2])), reverse=True)
    kind = two[3]
    if two[4] == "+":
        kickers = range(lo, hi)
    elif two[4]:
        if _RANKS.index(two[5]) != hi:
            raise ConfigurationError(f"{body!r}: a span keeps its first card (A5s-A2s)")
        other = _RANKS.index(two[6])
        kickers = range(min(lo, other), max(lo, other) + 1)
    else:
        kickers = range(lo, lo + 1)
    return [c for k in kickers for c in _two_card(hi, k, kind, deck)]


@lru_cache(maxsize=2)
def _every_hand(deck: tuple[int, ...], size: int) -> npt.NDArray[np.uint8]:
    """Every ``size``-card hand of ``deck`` (sorted ids), one row each."""
    import numpy as np

    count = math.comb(len(deck), size)
    flat = itertools.chain.from_iterable(itertools.combinations(range(len(deck)), size))
    index = np.fromiter(flat, dtype=np.uint8, count=count * size).reshape(count, size)
    rows: npt.NDArray[np.uint8] = np.asarray(deck, dtype=np.uint8)[index]
    return rows


def _pattern_item(body: str, size: int, deck: frozenset[int]) -> list[Combo]:
    """The hands of ``deck`` a pattern names: at least the ranks it writes (``x``: any
    card), then the suit rule (jokers count for no suit)."""
    import numpy as np

    found = _PATTERN.match(body)
    if not found:
        raise ConfigurationError(
            f"{body!r} is not a hand, a range item or a pattern (AKs, QQ+, AAxx, AKQJds, 75432)"
        )
    suffix, symbols = found[2], found[1]
    if len(symbols) != size:
        raise HandSizeError(f"{body!r}: a pattern of {len(symbols)} cards, the game deals {size}")
    need: dict[int, int] = {}
    for symbol in symbols:
        if symbol not in "xX*":
            need[_RANKS.index(symbol)] = need.get(_RANKS.index(symbol), 0) + 1
    rows = _every_hand(tuple(sorted(deck)), size)
    ranks = rows >> 2
    keep = np.ones(len(rows), dtype=bool)
    for rank, k in need.items():
        keep &= (ranks == rank).sum(axis=1) >= k
    if suffix is not None:
        natural = rows < 52
        counts = np.stack([(((rows & 3) == s) & natural).sum(axis=1) for s in range(4)], axis=1)
        counts = -np.sort(-counts, axis=1)  # largest first
        if suffix == "ds":
            keep &= (counts[:, 0] == 2) & (counts[:, 1] == 2)
        elif suffix == "ss":
            keep &= (counts[:, 0] == 2) & (counts[:, 1] == 1)
        elif suffix == "r":
            keep &= counts[:, 0] == 1
        else:  # "s": one suit
            keep &= counts[:, 0] == size
    return [tuple(row) for row in rows[keep].tolist()]


def parse_range(text: str, size: int = 2, deck: Sequence[int] | None = None) -> dict[Combo, float]:
    """The hands of a range (sorted card ids) with their weights.

    A hand named twice keeps its last weight.

    >>> len(parse_range("QQ+,AKs")), len(parse_range("22+,A2s+,KQo"))
    (22, 138)
    >>> parse_range("AKs:0.5")[(47, 51)]
    0.5
    >>> len(parse_range("AAxx", 4)), len(parse_range("AKQJds", 4))
    (6961, 36)
    """
    cards = frozenset(range(52) if deck is None else deck)
    out: dict[Combo, float] = {}
    for raw in text.replace(" ", "").split(","):
        if not raw:
            continue
        item = _ITEM.match(raw)
        if not item:
            raise ConfigurationError(f"{raw!r}: write a hand then optionally :weight (AKs:0.5)")
        body, weight = item["body"], 1.0
        if item["weight"] is not None:
            try:
                weight = float(item["weight"])
            except ValueError:
                raise ConfigurationError(f"{raw!r}: the weight is not a number") from None
            if not 0 <= weight <= 1:
                raise ConfigurationError(f"{raw!r}: a weight lies between 0 and 1")
        combos: list[Combo] | None
        if body.lower() in ("any", "random"):
            combos = [tuple(r) for r in _every_hand(tuple(sorted(cards)), size).tolist()]
        elif _CARDS.match(body) and len(body) == 2 * size:
            ids = [
                _id(_RANKS.index(body[i]), _SUITS.index(body[i + 1]))
                for i in range(0, len(body), 2)
            ]
            if len(set(ids)) != size or not all(c in cards for c in ids):
                raise ConfigurationError(f"{body!r}: a card twice, or one the deck does not hold")
            combos = [tuple(sorted(ids))]
        else:
            combos = _holdem_item(body, cards) if size == 2 else None
            if combos is None:
                combos = _pattern_item(body, size, cards)
        if not combos:
            raise ConfigurationError(f"{body!r} holds no hand of this game's deck")
        for c in combos:
            out[c] = weight
    if not out:
        raise ConfigurationError(f"range {text!r} is empty")
    return out


# --------------------------------------------------------------------------- the count


@dataclass(frozen=True)
class _Game:
    variant: Variant
    hole: int
    board: int
    deck: tuple[int, ...]
    fast_holdem: bool


@cache
def _game(code: str) -> _Game:
    from straights.bots.variant_equity import final_counts
    from straights.cards import make_deck
    from straights.poker.catalogue import find_variant
    from straights.poker.straights_rules import straights_pack

    variant = find_variant(code)
    if straights_pack(variant) is not None or not variant.showdown:
        raise ConfigurationError(
            f"{variant.name}: ranges cover the poker variants; Straights has `straights odds`"
        )
    has_board = any(s.board or s.board_down for s in variant.streets)
    has_draw = any(s.draw is not None for s in variant.streets)
    if not (has_board or has_draw):
        raise ConfigurationError(
            f"{variant.name} deals neither a board nor a draw: ranges cover games with one"
        )
    hole, board = final_counts(variant)
    deck = tuple(c.id for c in make_deck(variant.deck, jokers=variant.jokers).cards)
    rule = variant.showdown[0]
    fast = (len(variant.showdown) == 1 and rule.ranking == "high" and not rule.options
            and rule.hole_cards is None and rule.board_cards is None
            and hole == 2 and board == 5 and len(deck) == 52)  # fmt: skip
    return _Game(variant, hole, board, deck, fast)


def _cards(text: str, what: str) -> list[int]:
    from straights.cards import parse_cards

    cards = [c.id for c in parse_cards(text)] if text.strip() else []
    if len(set(cards)) != len(cards):
        raise ConfigurationError(f"{what} {text!r} holds a card twice")
    return cards


def _matchups(combos: list[list[Combo]]) -> Iterator[tuple[Combo, ...]]:
    """Every combination of one hand per range with no card twice."""

    def rec(p: int, used: frozenset[int], chosen: tuple[Combo, ...]) -> Iterator[tuple[Combo, ...]]:
        if p == len(combos):
            yield chosen
            return
        for c in combos[p]:
            if used.isdisjoint(c):
                yield from rec(p + 1, used.union(c), (*chosen, c))

    return rec(0, frozenset(), ())


_SUIT_PERMS: Final = tuple(itertools.permutations(range(4)))


def _canonical(hands: tuple[Combo, ...], board: list[int], dead: list[int]) -> tuple[Any, ...]:
    """The same key for every renaming of suits (of the board and dead cards too)."""

    def renamed(cards: Sequence[int], perm: tuple[int, ...]) -> Combo:
        return tuple(sorted((c & ~3) | perm[c & 3] for c in cards))

    return min(
        (tuple(renamed(h, perm) for h in hands), renamed(board, perm), renamed(dead, perm))
        for perm in _SUIT_PERMS
    )


def range_odds(
    game: str,
    ranges: Sequence[str],
    *,
    board: str = "",
    dead: str = "",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> RangeOdds:
    """Each range's equity in ``game`` (a catalogue code or name: ``NT``, ``holdem``,
    ``PO/8``, ``F2L3D`` …), exactly when the work allows, else by Monte Carlo.

    ``exact=True`` insists (refusing work beyond the limits), ``samples=N`` samples.

    >>> r = range_odds("holdem", ["AKs", "QQ"], board="2c 7d 9h")
    >>> r.exact, r.matchups, round(r.equity[1], 3)
    (True, 24, 0.731)
    """
    started = time.perf_counter()
    g = _game(game)
    if len(ranges) < 2:
        raise ConfigurationError(f"{len(ranges)} range given: give one per player, at least two")
    known = _cards(board, "board")
    gone = _cards(dead, "dead")
    if len(known) > g.board:
        raise HandSizeError(f"board {board!r}: {g.variant.name} deals {g.board} board cards")
    deck = [c for c in g.deck if c not in set(known) | set(gone)]
    if len(known) + len(gone) + len(deck) != len(g.deck):
        raise ConfigurationError("the board or the dead cards hold a card the deck does not")
    parsed = [parse_range(text, g.hole, deck) for text in ranges]
    combos = [list(r) for r in parsed]
    weights = [list(r.values()) for r in parsed]
    need = g.board - len(known)
    if need + g.hole * len(ranges) > len(deck):
        raise HandSizeError(f"{len(ranges)} players: the deck runs out")
    completions = math.comb(len(deck) - g.hole * len(ranges), need)
    count = math.prod(len(c) for c in combos)
    limit = EXACT_WORK if g.fast_holdem else EXACT_WORK_BATCH
    if exact and samples is not None:
        raise ConfigurationError("choose exact or samples, not both")
    if samples is None and exact is not False and count <= MAX_MATCHUPS:
        result = _exact(g, ranges, parsed, known, gone, completions, limit, force=bool(exact))
        if result is not None:
            return _timed(result, started)
    if exact:
        raise ConfigurationError(
            f"too much work to count exactly: {count:,} combinations of hands × "
            f"{completions:,} boards; leave out --exact to sample"
        )
    return _timed(_sample(g, ranges, combos, weights, known, samples or DEFAULT_SAMPLES, seed),
                  started)  # fmt: skip


def _timed(r: RangeOdds, started: float) -> RangeOdds:
    from dataclasses import replace

    return replace(r, seconds=time.perf_counter() - started)


def _pot_names(variant: Variant) -> tuple[str, ...]:
    names = tuple(rule.label or rule.ranking for rule in variant.showdown)
    return (
        names if len(set(names)) == len(names) else tuple(f"pot {k + 1}" for k in range(len(names)))
    )


def _exact(
    g: _Game,
    ranges: Sequence[str],
    parsed: list[dict[Combo, float]],
    known: list[int],
    gone: list[int],
    completions: int,
    limit: int,
    force: bool,
) -> RangeOdds | None:
    """The weighted count over every matchup and board, or ``None`` when too big."""
    combos = [list(r) for r in parsed]
    if force:
        limit *= FORCED
    # Natural cards and a board to deal: matchups alike up to suits are counted once.
    symmetric = all(c < 52 for c in g.deck) and completions > 1
    classes: dict[Any, list[Any]] = {}
    matchups = 0
    for hands in _matchups(combos):
        w = math.prod(parsed[p][h] for p, h in enumerate(hands))
        if w == 0:
            continue
        matchups += 1
        key = _canonical(hands, known, gone) if symmetric else hands
        entry = classes.get(key)
        if entry is None:
            classes[key] = [hands, w]
        else:
            entry[1] += w
        if len(classes) * completions > limit:
            return None
    if not matchups:
        raise ConfigurationError("no combination of these ranges deals without a card twice")
    pots = _pot_names(g.variant)
    total_w = sum(w for _, w in classes.values())
    equity = [0.0] * len(ranges)
    pot_eq = [[0.0] * len(ranges) for _ in pots]
    if completions == 1:  # nothing to deal (a draw game, or the whole board given)
        _add_dealt(g, list(classes.values()), known, equity, pot_eq)
    else:
        for hands, w in classes.values():
            share, per_pot = _one_matchup(g, hands, known, gone)
            for p in range(len(ranges)):
                equity[p] += w * share[p]
                for k in range(len(pots)):
                    pot_eq[k][p] += w * per_pot[k][p]
    zeros = (0.0,) * len(ranges)
    return RangeOdds(
        g.variant.code, tuple(ranges), tuple(len(c) for c in combos), matchups,
        completions * len(classes), True, tuple(float(e / total_w) for e in equity), zeros,
        pots, tuple(tuple(float(e / total_w) for e in row) for row in pot_eq),
        tuple(zeros for _ in pots),
    )  # fmt: skip


def _add_dealt(
    g: _Game,
    weighted: list[list[Any]],
    known: list[int],
    equity: list[float],
    pot_eq: list[list[float]],
) -> None:
    """Add the weighted shares of matchups with nothing left to deal, in batches."""
    import numpy as np

    for start in range(0, len(weighted), _CHUNK):
        block = weighted[start : start + _CHUNK]
        holes = np.array([hands for hands, _ in block], dtype=np.int64)
        w = np.array([weight for _, weight in block], dtype=np.float64)
        boards = np.tile(np.array(known, dtype=np.int64), (len(block), 1)).reshape(len(block), -1)
        whole, per_pot = _shares(g.variant, holes, boards)
        for p, value in enumerate(w @ whole):
            equity[p] += float(value)
        for k, row in enumerate(np.einsum("s,ksp->kp", w, per_pot)):
            for p, value in enumerate(row):
                pot_eq[k][p] += float(value)


def _one_matchup(
    g: _Game, hands: tuple[Combo, ...], known: list[int], gone: list[int]
) -> tuple[list[float], list[list[float]]]:
    """Each player's mean share of the pot (and of each pot) over every board."""
    import numpy as np

    n = len(hands)
    if g.fast_holdem:
        from straights.odds import holdem_odds

        def show(ids: Sequence[int]) -> str:
            return " ".join(_RANKS[c >> 2] + _SUITS[c & 3] for c in ids)

        r = holdem_odds([show(h) for h in hands], show(known), dead=show(gone), exact=True)
        eq = [p.equity for p in r.players]
        return eq, [eq]
    used = set(known) | set(gone) | {c for h in hands for c in h}
    rest = [c for c in g.deck if c not in used]
    need = g.board - len(known)
    share = np.zeros(n)
    pots = np.zeros((len(g.variant.showdown), n))
    seen = 0
    fills = itertools.combinations(rest, need)
    holes_row = np.array(hands, dtype=np.int64)
    while True:
        block = list(itertools.islice(fills, _CHUNK))
        if not block:
            break
        fill = np.array(block, dtype=np.int64).reshape(len(block), need)
        boards = np.concatenate(
            [np.tile(np.array(known, dtype=np.int64), (len(block), 1)), fill], axis=1
        )
        holes = np.broadcast_to(holes_row, (len(block), n, g.hole)).copy()
        s, per_pot = _shares(g.variant, holes, boards)
        share += s.sum(axis=0)
        pots += per_pot.sum(axis=1)
        seen += len(block)
    return list(share / seen), [list(row / seen) for row in pots]


def _shares(
    variant: Variant, holes: npt.NDArray[np.int64], boards: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Every player's share of the whole pot ``(S, P)`` and of each pot ``(K, S, P)``."""
    import numpy as np

    from straights.bots.variant_equity import _rule_keys

    s, n = holes.shape[0], holes.shape[1]
    per_pot = np.zeros((len(variant.showdown), s, n))
    has = np.zeros((len(variant.showdown), s), dtype=bool)
    for k, rule in enumerate(variant.showdown):
        keys = _rule_keys(rule, holes, boards)
        if keys is None:
            keys = _readable_keys(rule, holes, boards)
        top = keys.max(axis=1)
        has[k] = top > 0
        winners = (keys == top[:, None]) & has[k][:, None]
        per_pot[k] = winners / np.maximum(winners.sum(axis=1), 1)[:, None]
    awarded = np.maximum(has.sum(axis=0), 1)
    whole = (per_pot * has[:, :, None]).sum(axis=0) / awarded[:, None]
    return whole, per_pot


def _readable_keys(rule: Any, holes: npt.NDArray[np.int64], boards: npt.NDArray[np.int64]) -> Any:
    """Keys through the readable evaluator, for a rule without a batch key (slow): each
    hand's rank among all hands of the batch, 0 for no hand."""
    import numpy as np

    from straights.cards import Card
    from straights.poker.showdown import best_hand

    values = []
    for row_h, row_b in zip(holes, boards, strict=True):
        board = [Card(int(c)) for c in row_b]
        values.append([best_hand(rule, [Card(int(c)) for c in h], board) for h in row_h])
    flat = sorted({v.key for row in values for v in row if v is not None})
    place = {key: i + 1 for i, key in enumerate(flat)}
    return np.array(
        [[0 if v is None else place[v.key] for v in row] for row in values], dtype=np.int64
    )


def _sample(
    g: _Game,
    ranges: Sequence[str],
    combos: list[list[Combo]],
    weights: list[list[float]],
    known: list[int],
    samples: int,
    seed: int | None,
) -> RangeOdds:
    """Monte Carlo: hands drawn from the ranges by weight (redrawn on a shared card), then
    boards; the mean share and its standard error."""
    import numpy as np

    rng = np.random.default_rng(seed)
    n = len(ranges)
    arrays = [np.array(c, dtype=np.int64) for c in combos]
    probs = []
    for w in weights:
        a = np.array(w, dtype=np.float64)
        if a.sum() <= 0:
            raise ConfigurationError("a range whose weights are all 0 holds no hand")
        probs.append(a / a.sum())
    known_a = np.array(known, dtype=np.int64)
    deck_a = np.array(g.deck, dtype=np.int64)
    need = g.board - len(known)
    total = np.zeros(n)
    square = np.zeros(n)
    pot_total = np.zeros((len(g.variant.showdown), n))
    pot_square = np.zeros((len(g.variant.showdown), n))
    done = drawn = 0
    while done < samples:
        m = min(_CHUNK, samples - done)
        picks = [
            arr[rng.choice(len(arr), size=m * 2, p=pr)]
            for arr, pr in zip(arrays, probs, strict=True)
        ]
        holes = np.stack(picks, axis=1)  # (2m, P, H)
        drawn += holes.shape[0]
        flat = holes.reshape(holes.shape[0], -1)
        srt = np.sort(flat, axis=1)
        ok = (srt[:, 1:] != srt[:, :-1]).all(axis=1)
        holes = holes[ok][:m]
        if not len(holes):
            if drawn > 50 * samples:
                raise ConfigurationError("the ranges almost never deal without a card twice")
            continue
        k = holes.shape[0]
        used = np.zeros((k, int(deck_a.max()) + 1), dtype=bool)
        np.put_along_axis(used, holes.reshape(k, -1), True, axis=1)
        if len(known_a):
            used[:, known_a] = True
        free = ~used[:, deck_a]
        keys = rng.random((k, len(deck_a)))
        keys[~free] = 2.0
        fill = deck_a[np.argsort(keys, axis=1)[:, :need]]
        boards = np.concatenate([np.tile(known_a, (k, 1)), fill], axis=1).astype(np.int64)
        whole, per_pot = _shares(g.variant, holes.astype(np.int64), boards)
        total += whole.sum(axis=0)
        square += (whole * whole).sum(axis=0)
        pot_total += per_pot.sum(axis=1)
        pot_square += (per_pot * per_pot).sum(axis=1)
        done += k
    mean = total / done
    se = np.sqrt(np.maximum(square / done - mean * mean, 0) / max(done - 1, 1))
    pmean = pot_total / done
    pse = np.sqrt(np.maximum(pot_square / done - pmean * pmean, 0) / max(done - 1, 1))
    return RangeOdds(
        g.variant.code, tuple(ranges), tuple(len(c) for c in combos), done, done, False,
        tuple(float(x) for x in mean), tuple(float(x) for x in se), _pot_names(g.variant),
        tuple(tuple(float(x) for x in row) for row in pmean),
        tuple(tuple(float(x) for x in row) for row in pse),
    )  # fmt: skip
