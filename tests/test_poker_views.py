"""Every view of a deal shows only what that seat may see, checked against the deal's log."""

from __future__ import annotations

import random

import pytest
from poker_random import random_cards

from straights.cards import Card, make_deck
from straights.poker import VARIANTS, Deal, Stakes, get_variant
from straights.poker.engine import Entry
from straights.poker.view import deal_view


def allowed(log: list[Entry], seat: int | None) -> set[Card]:
    """Cards ``seat`` may know, read from the log alone (no engine state)."""
    out: set[Card] = set()
    for e in log:
        known = {c for c in e.cards if c is not None}
        if e.kind in ("show", "turn", "expose") or (e.kind == "hole" and e.player == seat):
            out |= known
        elif e.kind in ("hole", "board"):
            out |= {c for c, up in zip(e.cards, e.up, strict=True) if up and c is not None}
    return out


def check_views(deal: Deal) -> None:
    for seat in (None, *range(deal.n)):
        view = deal_view(deal, seat)
        seen = {c for p in view.players for c in p.cards if c is not None}
        seen |= {c for c in view.board if c is not None}
        assert seen <= allowed(deal.log, seat), (seat, seen - allowed(deal.log, seat))
        if seat is not None and not deal.folded[seat]:
            assert view.players[seat].cards == tuple(deal.holes[seat])
        assert (view.legal != ()) == (seat is not None and seat == deal.actor and
                                      deal.phase == "betting")  # fmt: skip


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_views_hide_every_card_a_seat_may_not_see(code: str) -> None:
    variant = get_variant(code)
    rng = random.Random(f"views/{code}")
    for _ in range(25):
        n = rng.randint(2, min(6, variant.max_players(52)))
        stakes = Stakes.uniform(n, ante=1, blinds=(1, 2), bring_in=1, small_bet=2, big_bet=4,
                                min_bet=2)  # fmt: skip
        cards = make_deck(variant.deck, jokers=variant.jokers).shuffled(rng)
        deal = Deal(variant, stakes, [rng.randint(5, 60) for _ in range(n)], cards, rng=rng)
        while not deal.finished:
            check_views(deal)
            if not random_cards(deal, rng):
                action = rng.choice(deal.legal_actions())
                deal.act(action.kind, action.low if action.low else None)
        check_views(deal)
