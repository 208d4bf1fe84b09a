"""Straights as a variant of the generic engine plays exactly as ``straights.game.Hand``.

The Straights engine (rules of ``rules/straights.md``, its own referee-tested
state machine) is the reference: the same deck, the same actions, and after
every action the same player to act with the same legal actions; at the end
the same stacks and the same carried pot (rule 10).
"""

from __future__ import annotations

import random

from oracle.straights_hand import Hand

from straights.cards import Card, make_deck
from straights.game.config import TableConfig
from straights.poker import Deal, Stakes
from straights.poker.straights_rules import straights_variant


def _generic_deck(hand: Hand) -> list[Card]:
    """The reference deal's cards in the generic engine's dealing order."""
    holes = [card for hole in hand.holes for card in hole]
    return holes + list(hand.table_cards)


def _legal(hand: Hand, seat: int) -> list[tuple[str, int]]:
    return [(a.kind, a.to if a.kind in ("bet", "raise") else a.amount)
            for a in hand.legal_actions(seat)]  # fmt: skip


def _legal_generic(deal: Deal) -> list[tuple[str, int]]:
    return [(a.kind, a.low if a.kind in ("bet", "raise") else a.amount)
            for a in deal.legal_actions()]  # fmt: skip


def test_generic_straights_equals_the_straights_engine_on_random_deals() -> None:
    rng = random.Random(10)
    carried = 0
    for _ in range(1500):
        pack = rng.choice((55, 52))
        betting = rng.choice(("limit", "no-limit"))
        payers = rng.choice(("dealt", "showdown"))
        n, ante, penalty = rng.randint(2, 7), rng.choice((1, 2, 5)), rng.choice((0, 1, 3))
        stacks = [rng.choice((rng.randint(1, 6), rng.randint(5, 150))) for _ in range(n)]
        carry = rng.choice((0, 0, 0, 9))
        config = TableConfig(pack=pack, ante=ante, betting=betting, seats=n, penalty=penalty,
                             penalty_payers=payers, allow_many_seats=True)  # fmt: skip
        deck = make_deck("straights" if pack == 55 else "standard").shuffled(rng)
        if pack == 55 and rng.random() < 0.08:  # S-T-R-8 on the table: rule 10
            specials = [c for c in deck if c.is_special]
            eight = next(c for c in deck if c.rank == 8)
            other = next(c for c in deck if c not in specials and c != eight)
            table = [*specials, eight, other]
            rng.shuffle(table)
            rest = [c for c in deck if c not in table]
            deck = rest[: 2 * n] + table + rest[2 * n :]
        ref = Hand(config, tuple(range(n)), stacks, deck, carry=carry)
        variant = straights_variant(pack, betting, penalty=penalty, payers=payers)  # type: ignore[arg-type]
        stakes = Stakes((ante,) * n, (0,) * n, min_bet=ante, trim_antes=False, dead_antes=False)
        deal = Deal(variant, stakes, stacks, _generic_deck(ref), carry=carry)
        while not ref.finished:
            seat = ref.actor
            assert seat is not None and deal.actor == seat
            assert _legal_generic(deal) == _legal(ref, seat)
            action = rng.choice(ref.legal_actions(seat))
            ref.act(seat, action.kind, action.to)
            deal.act(action.kind, action.to if action.kind in ("bet", "raise") else None)
            assert deal.stacks == ref.stacks
        assert deal.finished
        assert deal.stacks == ref.stacks and deal.carry_out == ref.carry_out
        assert deal.board == list(ref.table_cards[: len(deal.board)])
        carried += deal.carry_out > 0
    assert carried > 20  # rule 10 was exercised
