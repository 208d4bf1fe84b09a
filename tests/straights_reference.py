"""A deliberately simple reading of the Straights ranking rules, for testing.

It shares no code with ``straights``: cards are plain strings (``'Qs'``,
``'S'``), every subset of a player's seven cards is checked against the rules'
text, and two players are compared step by step as the rules are written.
It is slow on purpose; it is only ever asked small questions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
#: Rule 6: hearts > spades > diamonds > clubs.
SUIT_VALUE = {"c": 0, "d": 1, "s": 2, "h": 3}
SPECIALS = ("S", "T", "R")
PACK_52 = [r + s for r in RANKS for s in SUITS]
PACK_55 = [*PACK_52, *SPECIALS]


@dataclass(frozen=True)
class Straight:
    cards: tuple[str, ...]
    length: int
    flush: bool
    top_rank: int  # the top card's place: an ace-low straight's top is its highest other card
    top_suit: int
    top_card: str
    priority: tuple[int, int] | None  # (rank as played, suit) of the highest hole card in it


def positions(cards: tuple[str, ...]) -> list[int] | None:
    """Ranks as they play if ``cards`` form a straight (ace high or low), else None."""
    ranks = [RANK_VALUE[c[0]] for c in cards]
    if len(set(ranks)) != len(ranks):
        return None
    high = sorted(ranks)
    if all(b - a == 1 for a, b in pairwise(high)):
        return ranks
    if 14 in ranks:
        low = [1 if r == 14 else r for r in ranks]
        ordered = sorted(low)
        if all(b - a == 1 for a, b in pairwise(ordered)):
            return low
    return None


def all_straights(hole: list[str], table: list[str]) -> list[Straight]:
    """Every subset of two or more of the seven cards that is a straight."""
    ranked = [c for c in hole + table if c not in SPECIALS]
    out = []
    for size in range(2, len(ranked) + 1):
        for combo in combinations(ranked, size):
            pos = positions(combo)
            if pos is None:
                continue
            top_index = pos.index(max(pos))
            top = combo[top_index]
            mine = [(p, SUIT_VALUE[c[1]]) for p, c in zip(pos, combo, strict=True) if c in hole]
            out.append(
                Straight(
                    cards=combo,
                    length=size,
                    flush=len({c[1] for c in combo}) == 1,
                    top_rank=max(pos),
                    top_suit=SUIT_VALUE[top[1]],
                    top_card=top,
                    priority=max(mine) if mine else None,
                )
            )
    return out


def _order(s: Straight) -> tuple[int, int, int, int, tuple[int, int]]:
    return (s.length, s.flush, s.top_rank, s.top_suit, s.priority or (0, 0))


def best_straight(hole: list[str], table: list[str]) -> Straight | None:
    """Rules 3-7 pick a player's straight; among equal ones, the best priority card."""
    return _best_straight(tuple(hole), tuple(table))


@lru_cache(maxsize=1024)
def _best_straight(hole: tuple[str, ...], table: tuple[str, ...]) -> Straight | None:
    found = all_straights(list(hole), list(table))
    return max(found, key=_order) if found else None


def str8_eight(hole: list[str], table: list[str]) -> int | None:
    """Suit value of the best 8 with which the player holds S-T-R-8 (rule 9), else None."""
    cards = hole + table
    if not all(s in cards for s in SPECIALS):
        return None
    eights = [SUIT_VALUE[c[1]] for c in cards if c[0] == "8" and c not in SPECIALS]
    return max(eights) if eights else None


def card_strength(card: str) -> tuple[int, int]:
    """Rule 8: rank (ace high), then suit; special cards below every ranked card."""
    if card in SPECIALS:
        return (0, 0)
    return (RANK_VALUE[card[0]], SUIT_VALUE[card[1]])


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def compare(a: list[str], b: list[str], table: list[str], pack: int) -> int:
    """+1 if hole cards ``a`` beat ``b`` with this table, -1 if they lose, 0 if equal."""
    if pack == 55:
        ea, eb = str8_eight(a, table), str8_eight(b, table)
        if ea is not None or eb is not None:
            return _sign(-1 if ea is None else ea, -1 if eb is None else eb)
    sa, sb = best_straight(a, table), best_straight(b, table)
    if sa is not None and sb is not None:
        for x, y in (
            (sa.length, sb.length),
            (sa.flush, sb.flush),
            (sa.top_rank, sb.top_rank),
            (sa.top_suit, sb.top_suit),
        ):
            if x != y:
                return _sign(x, y)
        assert sa.top_card == sb.top_card and sa.top_card in table
        if sa.priority != sb.priority:
            return _sign(sa.priority or (0, 0), sb.priority or (0, 0))
    elif sa is not None or sb is not None:
        return 1 if sa is not None else -1
    high_a = sorted(map(card_strength, a), reverse=True)
    high_b = sorted(map(card_strength, b), reverse=True)
    return _sign(high_a, high_b)


def winner(hands: list[list[str]], table: list[str], pack: int) -> int | None:
    """The single winner, or None under rule 10; raises AssertionError on any other tie."""
    if pack == 55 and all(s in table for s in SPECIALS):
        table_eights = [SUIT_VALUE[c[1]] for c in table if c[0] == "8" and c not in SPECIALS]
        if table_eights:
            high = max(table_eights)
            held = [
                (SUIT_VALUE[c[1]], i)
                for i, h in enumerate(hands)
                for c in h
                if c[0] == "8" and c not in SPECIALS and SUIT_VALUE[c[1]] > high
            ]
            return max(held)[1] if held else None
    for i, hand in enumerate(hands):
        if all(compare(hand, other, table, pack) > 0 for j, other in enumerate(hands) if j != i):
            return i
    raise AssertionError(f"no single winner among {hands} on {table}")
