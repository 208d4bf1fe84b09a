"""The evaluator agrees with the brute-force reference on random deals.

Over all parametrised cases this checks 100,800 deals for 2-10 players and
both packs: the winner (or rule 10's lack of one) and the order of every pair
of players.  A third of the deals come from the full pack; the rest from
packs crowded with low ranks, 8s and the special cards, so that long
straights, straight flushes, priority cards, S-T-R-8 and rule 10 all occur
often.
"""

from __future__ import annotations

import random

import pytest
import straights_reference as ref
from sizes import size

from straights import showdown

#: x 9 player counts x 2 packs: 18,000 deals in CI, 100,800 at full size (tests/sizes.py).
DEALS_PER_CASE = size(1_000, 5_600)
CROWDED = [r + s for r in "A2345689" for s in "cdhs"]


def deal(rng: random.Random, players: int, pack: int) -> tuple[list[list[str]], list[str]]:
    style = rng.randrange(3)
    cards = list(ref.PACK_55 if pack == 55 else ref.PACK_52)
    if style == 1:
        cards = list(CROWDED) + (list(ref.SPECIALS) if pack == 55 else [])
    rng.shuffle(cards)
    if style == 2 and pack == 55:
        # Put S, T, R (and often an 8) on the table, to exercise rules 9 and 10.
        table_first = list(ref.SPECIALS) + [c for c in cards if c[0] == "8"][: rng.randrange(3)]
        cards = table_first + [c for c in cards if c not in table_first]
        table = cards[:5]
        rng.shuffle(table)
        rest = cards[5:]
        rng.shuffle(rest)
        holes = [rest[2 * i : 2 * i + 2] for i in range(players)]
        return holes, table
    holes = [cards[2 * i : 2 * i + 2] for i in range(players)]
    return holes, cards[2 * players : 2 * players + 5]


def check_deals(players: int, pack: int, deals: int, seed: int) -> int:
    """Check ``deals`` random deals against the reference; return how many were rule 10."""
    rng = random.Random(seed)
    rule10 = 0
    for _ in range(deals):
        holes, table = deal(rng, players, pack)
        result = showdown([" ".join(h) for h in holes], " ".join(table), pack=pack)
        expected = ref.winner(holes, table, pack)
        assert result.winner == expected, (holes, table, result.reason)
        rule10 += expected is None
        for i in range(players):
            for j in range(i + 1, players):
                want = ref.compare(holes[i], holes[j], table, pack)
                got = (result.values[i] > result.values[j]) - (result.values[i] < result.values[j])
                assert got == want, (holes[i], holes[j], table)
    return rule10


@pytest.mark.slow
@pytest.mark.parametrize("pack", [55, 52])
@pytest.mark.parametrize("players", range(2, 11))
def test_agrees_with_reference(players: int, pack: int) -> None:
    rule10 = check_deals(players, pack, DEALS_PER_CASE, seed=players * 1000 + pack)
    if pack == 55:
        assert rule10 > 0, "the deals should include some rule-10 pots"


@pytest.mark.parametrize("pack", [55, 52])
def test_agrees_with_reference_quick(pack: int) -> None:
    for players in (2, 3, 6, 10):
        check_deals(players, pack, 150, seed=7 + players)
