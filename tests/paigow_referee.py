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
