"""An independent referee for Pai Gow poker: hand values and settlement written from the
rules text, sharing no code with ``straights.paigow`` or ``straights.rankings``.

Cards are plain strings (``"As"``, ``"Td"``, ``"Jk"``).  A value is a tuple
``(category, tie-breaks)``; a two-card hand's tie-breaks are shorter than a
five-card hand's, so the five-card hand wins when they share a prefix (A-K
against A-K-Q-J-9), which is how a setting is checked for a foul.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NATURAL = [r + s for r, s in product(RANKS, SUITS)]

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, STRAIGHT_FLUSH, FIVE = range(10)

Value = tuple[int, tuple[int, ...]]


def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def _straight_top(ranks: list[int]) -> int | None:
    """Where a straight ranks among straights in Nevada: A-K-Q-J-T 15, the wheel 14,
    K-Q-J-T-9 13 … 6-5-4-3-2 6; None if no straight."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct == [14, 5, 4, 3, 2]:
        return 14
    if distinct[0] - distinct[4] == 4:
        return 15 if distinct[0] == 14 else distinct[0]
    return None


def natural_value(cards: list[str]) -> Value:
    """The value of two or five natural cards (duplicates only of aces, for five aces)."""
    ranks = sorted((_rank(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    shape = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    by_count = tuple(r for r, _ in shape)
    if len(cards) == 2:
        return (PAIR, (ranks[0],)) if ranks[0] == ranks[1] else (HIGH, tuple(ranks))
    flush = len({c[1] for c in cards}) == 1
    top = _straight_top(ranks)
    sizes = [n for _, n in shape]
    if sizes[0] == 5:
        return (FIVE, (ranks[0],))
    if top is not None and flush:
        return (STRAIGHT_FLUSH, (top,))
    if sizes[0] == 4:
        return (QUADS, by_count)
    if sizes[:2] == [3, 2]:
        return (FULL, by_count)
    if flush:
        return (FLUSH, tuple(ranks))
    if top is not None:
        return (STRAIGHT, (top,))
    if sizes[0] == 3:
        return (TRIPS, by_count)
    if sizes[:2] == [2, 2]:
        return (TWO_PAIR, by_count)
    if sizes[0] == 2:
        return (PAIR, by_count)
    return (HIGH, tuple(ranks))


def value(cards: list[str]) -> Value:
    """The value with the joker as a bug: the best of it as an ace, or as any card that
    makes a straight, a flush or a straight flush."""
    if "Jk" not in cards:
        return natural_value(cards)
    rest = [c for c in cards if c != "Jk"]
    aces = [a for a in ("As", "Ah", "Ad", "Ac") if a not in rest] or ["As"]  # five aces
    best = max(natural_value([*rest, a]) for a in aces)
    for card in NATURAL:
        if card in rest:
            continue
        got = natural_value([*rest, card])
        if got[0] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            best = max(best, got)
    return best


def fouled(front: list[str], back: list[str]) -> bool:
    """True when the two-card hand beats the five-card hand."""
    return value(front) > value(back)


def settle(
    front: list[str],
    back: list[str],
    bank_front: list[str],
    bank_back: list[str],
    bet: int,
    *,
    rounded_up: bool = False,
) -> tuple[str, int]:
    """A player's outcome and net chips against the bank: copies to the bank, a win paid
    even money less exactly 5 % (bets in multiples of 20), or, for old records, 5 %
    rounded up to a whole chip."""
    won = (value(back) > value(bank_back)) + (value(front) > value(bank_front))
    if won == 2:
        if rounded_up:
            return "win", bet - (bet * 5 + 99) // 100
        assert bet % 20 == 0, f"a bet of {bet} has no whole 5 %"
        return "win", bet - bet // 20
    return ("push", 0) if won == 1 else ("lose", -bet)


# ---------------------------------------------------------------- the house way


def _group_rank(card: str) -> int:
    """The joker groups with the aces in every rule but the straight-and-flush one."""
    return 14 if card == "Jk" else _rank(card)


def _settings(seven: list[str]) -> list[tuple[list[str], list[str]]]:
    out = []
    for i in range(7):
        for j in range(i + 1, 7):
            front = [seven[i], seven[j]]
            out.append((front, [c for c in seven if c not in front]))
    return out


def house_way(seven: list[str]) -> tuple[list[str], list[str]]:
    """Foxwoods' published house way, written again from its text (Wizard of Odds'
    copy): the rules in its order of precedence, each as the ranks it puts in front.
    Where the text names ranks only, the setting with the best five-card hand among
    those with such a front is taken."""
    counts = Counter(_group_rank(c) for c in seven)
    by_size = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    pairs = sorted((r for r in counts if counts[r] == 2), reverse=True)
    threes = sorted((r for r in counts if counts[r] == 3), reverse=True)
    singles = sorted((r for r in counts if counts[r] == 1), reverse=True)
    every = _settings(seven)

    def pick(want: list[int]) -> tuple[list[str], list[str]]:
        fits = [s for s in every if sorted(map(_group_rank, s[0])) == sorted(want)]
        return max(fits, key=lambda s: value(s[1]))

    top = by_size[0]
    if counts[top] == 5:  # Five Aces
        return pick([13, 13] if counts.get(13) == 2 else [14, 14])
    if counts[top] == 4:
        extra = [r for r in by_size[1:] if counts[r] >= 2]
        if extra:  # with a pair (or three of a kind): the pair in front
            return pick([extra[0]] * 2)
        if top <= 6 or (top <= 10 and singles[0] >= 13):
            return pick(singles[:2])
        return pick([top, top])  # split
    if threes and (len(threes) == 2 or pairs):
        return pick([threes[0]] * 2 if len(threes) == 2 else [pairs[0]] * 2)
    if len(pairs) < 2:
        complete = [s for s in every if value(s[1])[0] >= STRAIGHT and not fouled(*s)]
        if complete:
            best = max(complete, key=lambda s: (value(s[0]), value(s[1])))
            if (
                len(pairs) == 1
                and not threes
                and 10 <= pairs[0] <= 13
                and singles[0] == 14
                and value(best[0])[0] == HIGH
                and 14 not in map(_group_rank, best[0])
            ):
                return pick([14, singles[1]])  # the exception: the ace in front, pair behind
            return best
    if len(pairs) == 3:
        return pick([pairs[0]] * 2)
    if len(pairs) == 2:
        high, low = pairs
        if high <= 10 and singles[0] == 14:
            return pick(singles[:2])
        if high <= 6 and singles[0] >= 13:
            return pick(singles[:2])
        return pick([low, low])
    if threes:
        return pick([14, singles[0]] if threes[0] == 14 else singles[:2])
    if pairs:
        return pick(singles[:2])
    return pick(singles[1:3])
