"""The equity estimate in every variant: exact counts against brute force over the engine's
own showdown (best_hand and split), batch scoring against the readable referee, sampling
against exact counts."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from straights.bots.variant_equity import (
    Spot,
    _batch_shares,
    equity,
    final_counts,
    pot_shares,
)
from straights.cards import Card, make_deck, parse_cards
from straights.poker.catalogue import get_variant, variant_codes
from straights.poker.showdown import best_hand, split
from straights.showdowns import showdown

#: Divisible by every count of shares and winners that can occur here.
POT = 720_720


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text.strip() else []


def referee(code: str, hands: list[list[Card]], board: list[Card]) -> float:
    """Player 0's fraction of one pot, by the engine's showdown functions."""
    variant = get_variant(code)
    if variant.pot_rule is not None:  # Straights: rule 10 leaves the pot without a winner
        result = showdown(hands, board, variant.pot_rule.pack)  # type: ignore[attr-defined]
        return 1.0 if result.winner == 0 else 0.0
    winners = []
    for rule in variant.showdown:
        values = [best_hand(rule, h, board) for h in hands]
        known = [v for v in values if v is not None]
        winners.append([i for i, v in enumerate(values) if known and v == max(known)])
    chips = split(POT, winners)
    return (chips[0] if chips else 0) / POT


def brute_force(code: str, mine: str, board: str, ups: list[str], pool: str) -> float:
    """Player 0's mean share over every way ``pool`` completes the deal."""
    variant = get_variant(code)
    hole_n, board_n = final_counts(variant)
    me, shown = cards(mine), cards(board)
    opp = [cards(u) for u in ups]
    unseen = cards(pool)
    sizes = [hole_n - len(me), *(hole_n - len(u) for u in opp), board_n - len(shown)]
    total = deals = 0.0

    def rec(left: list[Card], k: int, got: list[tuple[Card, ...]]) -> None:
        nonlocal total, deals
        if k == len(sizes):
            hands = [me + list(got[0])] + [u + list(g) for u, g in zip(opp, got[1:-1], strict=True)]
            total += referee(code, hands, shown + list(got[-1]))
            deals += 1
            return
        for combo in combinations(left, sizes[k]):
            rec([c for c in left if c not in combo], k + 1, [*got, combo])

    rec(unseen, 0, [])
    return total / deals


CASES = [
    # code, my cards, board showing, opponents' up cards, the unseen pool
    ("NT", "Ah Kh", "Qh Jh 2c 7d", [""], "Th 9c 3s 4d 5h 6c 8s"),
    ("FT", "9s 9d", "Ts Js 2c", ["", ""], "Qs 3h 4h 9c 8s Kd"),
    ("PO/8", "Ah 2d Kc Ks", "Kd 5h 6s 7c", [""], "3h 4d Qc Qs 8d 9h"),
    ("FO/8", "Ac 3d 9c 9s", "2h 4s 5h Jd Qc", [""], "Ad 2s 6h 7h 8d Ks Kd"),
    ("F7S/8", "Ah 2h 3c 9d 9s Kc", "", ["4c 5d 6h Ts"], "7c 8c Th Jh Qd Qs"),
    ("FR", "Ah 2h 3c 9d Ks Kc", "", ["4c 5d 6h Ts"], "7c 8c Th Jh Qd Qs 2s"),
    ("F2L3D", "2h 3c 4d 7s 9h", "", [""], "5c 6d 8h Jc Qc Ks 2d"),
    ("_F5CDW", "2h Kc Kd 7s 9h", "", [""], "5c 2d Kh Jc Qc Ks 9d"),
    ("_FMEXICAN", "Ah Ad Kc", "", ["Qs Qd"], "Jh Js 7c 6d 5h As"),
    ("_FMAMBO", "Ah 2h", "", [""], "3c 4d 5s Kd Ks Qh"),
    ("NS", "Ah 9h", "6h 7c 8d Kh", [""], "Th 9c 6s Jd Qh 7d 8s"),
    ("_FMANILA", "Ah Kh", "Qh Jh 7c", [""], "Th 9c 8s Ad 7h Ks"),
    ("_FCANADIAN", "Ah Kh Qh", "", ["Jc Tc"], "2h 9d Jh Ts 3c 4c"),
    ("_STR55L", "8h 2c", "S T R 8d", [""], "4d 8s 9c 5h 3d 2s"),
    ("_STR52L", "Kh 2c", "Ts 9s 8h 7s", [""], "4d 6s Jc 5h 3d"),
]


@pytest.mark.parametrize(("code", "mine", "board", "ups", "pool"), CASES)
def test_exact_equity_is_brute_force_over_the_engines_showdown(
    code: str, mine: str, board: str, ups: list[str], pool: str
) -> None:
    spot = Spot(
        get_variant(code),
        cards(mine),
        cards(board),
        [cards(u) for u in ups],
        unseen=cards(pool),
    )
    got = equity(spot, exact_limit=10_000)
    assert got.exact
    assert got.equity == pytest.approx(brute_force(code, mine, board, ups, pool), abs=1e-12)


BATCHED = ["NT", "FT", "PO", "PO/8", "FO/8", "F7S", "F7S/8", "FR", "_F5CD", "_F5S", "F2L3D", "NS",
           "_FMANILA", "_FMEXICAN", "_FCANADIAN"]  # fmt: skip


@pytest.mark.parametrize("code", BATCHED)
def test_batch_scoring_equals_the_readable_showdown(code: str) -> None:
    variant = get_variant(code)
    hole_n, board_n = final_counts(variant)
    rng = random.Random(code)
    deck = [c.id for c in make_deck(variant.deck).cards]
    players = 3
    deals = [rng.sample(deck, players * hole_n + board_n) for _ in range(300)]
    holes = np.array([d[: players * hole_n] for d in deals]).reshape(300, players, hole_n)
    boards = np.array([d[players * hole_n :] for d in deals]).reshape(300, board_n)
    got = _batch_shares(variant, holes, boards)
    assert got is not None
    want = [
        pot_shares(
            variant,
            [[Card(int(c)) for c in h] for h in hs],
            [Card(int(c)) for c in b],
        )[0]
        for hs, b in zip(holes, boards, strict=True)
    ]
    assert got.tolist() == pytest.approx(want, abs=1e-12)
    assert len({round(w, 3) for w in want}) > 1  # the deals do not all end alike


def test_sampling_agrees_with_the_exact_count() -> None:
    variant = get_variant("PO/8")
    pool = cards("3h 4d Qc Qs 8d 9h Ad 2s 7h Ts Js 5d 6c Kh")
    spot = Spot(variant, cards("Ah 2d Kc Ks"), cards("Kd 5h 6s 7c"), [()], unseen=pool)
    exact = equity(spot, exact_limit=10**5)  # C(14, 4) x 10 = 10,010 completions
    sampled = [equity(spot, exact_limit=0, samples=100, seed=s) for s in range(20)]
    mean = sum(s.share for s in sampled) / sum(s.deals for s in sampled)
    assert exact.exact and not sampled[0].exact
    assert sum(s.deals for s in sampled) >= 1_000
    assert abs(mean - exact.equity) < 0.05  # a standard error under 1.6 points


@pytest.mark.parametrize("code", variant_codes())
def test_every_variant_estimates_at_the_start(code: str) -> None:
    variant = get_variant(code)
    deck = list(make_deck(variant.deck, jokers=variant.jokers).shuffled(5))
    first = variant.streets[0]
    mine = deck[: len(first.hole)]
    ups = [
        [c for c, up in zip(deck[k : k + len(first.hole)], first.hole, strict=True) if up]
        for k in (10, 20)
    ]
    got = equity(Spot(variant, mine, (), ups), samples=40, seed=1)
    assert 0.0 <= got.equity <= 1.0
    assert got.deals >= 16
