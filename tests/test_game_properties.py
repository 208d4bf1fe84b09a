"""Property tests over many random deals: random legal and illegal actions, short stacks,
2-10 seats, both packs, both betting structures.

Every deal is re-checked by the independent referee (``game_referee.py``): turn
order (each round starts left of the dealer), the doubling ladder, the Limit cap,
all-ins, side pots, the single winner of every pot, rule 10's carry-over and
penalty, and the final stacks.  Chips are checked after every action, and the
views of random seats never show a card their seat may not see.
"""

from __future__ import annotations

import random

import pytest
from game_referee import RefDeal, referee
from oracle.events import (
    HoleDealt,
    KeyTurned,
    PotAwarded,
    ShowdownRevealed,
    TableCardDealt,
)
from oracle.straights_hand import Hand
from oracle.straights_table import Table
from oracle.straights_view import redact
from sizes import size

from straights.cards import Card, make_deck
from straights.errors import IllegalActionError
from straights.game import TableConfig

KINDS = ("fold", "check", "call", "bet", "raise", "shove")


def to_ref(hand: Hand) -> RefDeal:
    index = {s: i for i, s in enumerate(hand.seats)}
    actions: list[tuple[int, str, int | None]] = []
    for a in hand.actions():
        code = {"fold": "f", "check": "cc", "call": "cc"}.get(a.kind, "cbr")
        actions.append((index[a.seat], code, a.to if code == "cbr" else None))
    cfg = hand.config
    return RefDeal(
        pack=cfg.pack,
        ante=cfg.ante,
        betting=cfg.betting,
        penalty=cfg.penalty,
        payers=cfg.penalty_payers,
        stacks=list(hand.starting_stacks),
        carry_in=hand.carry_in,
        holes=[(a.id, b.id) for a, b in hand.holes],
        table=[c.id for c in hand.table_cards],
        actions=actions,
    )


def allowed_cards(hand: Hand, seat: int | None) -> set[Card]:
    """What ``seat`` may see, worked out from the raw events alone."""
    out: set[Card] = set()
    for e in hand.events:
        if isinstance(e, (TableCardDealt, KeyTurned)):
            out.add(e.card)
        elif (isinstance(e, HoleDealt) and e.seat == seat) or isinstance(e, ShowdownRevealed):
            out.update(e.cards)
    return out


def check_view(table: Table, hand: Hand, seat: int | None) -> None:
    view = table.view(seat)
    assert view.cards_seen() <= allowed_cards(hand, seat), (seat, view)


def check_redaction(hand: Hand, seat: int | None) -> None:
    """Every event as sent to ``seat`` holds only cards it has seen by the deal's end."""
    allowed = allowed_cards(hand, seat)
    for event in hand.events:
        shown = redact(event, seat).to_dict()
        for key in ("card", "cards", "deck"):
            value = shown.get(key)
            cards = [value] if isinstance(value, str) else value or []
            assert {Card(c) for c in cards} <= allowed, (seat, event)


def try_illegal(table: Table, hand: Hand, rng: random.Random) -> None:
    actor = hand.actor
    assert actor is not None
    legal = {a.kind: a for a in hand.legal_actions(actor)}
    choice = rng.randrange(3)
    if choice == 0:
        seat, kind, to = rng.choice([s for s in hand.seats if s != actor] + [99]), "check", None
    elif choice == 1:
        illegal = [k for k in KINDS if k not in legal]
        seat, kind, to = actor, rng.choice(illegal), None
    else:
        kind = rng.choice(list(legal))
        seat, to = actor, legal[kind].to + rng.choice((-1, 1, 2))
    before = (len(table.events), list(hand.stacks), list(hand.committed), hand.actor)
    assert not hand.can(seat, kind, to)
    with pytest.raises(IllegalActionError):
        table.act(seat, kind, to)
    assert (len(table.events), list(hand.stacks), list(hand.committed), hand.actor) == before


def rigged_str8_deck(rng: random.Random, table: Table) -> list[Card]:
    """A shuffled 55-card deck with S, T, R and an 8 among the five table cards."""
    deck = list(make_deck("straights").cards)
    rng.shuffle(deck)
    n = len(table.occupied())
    wanted = [Card("S"), Card("T"), Card("R"), Card(rng.choice(("8c", "8d", "8h", "8s")))]
    spots = rng.sample(range(2 * n, 2 * n + 5), 4)
    for card, spot in zip(wanted, spots, strict=True):
        j = deck.index(card)
        deck[j], deck[spot] = deck[spot], deck[j]
    return deck


def random_config(rng: random.Random) -> TableConfig:
    return TableConfig(
        pack=rng.choice((55, 52)),
        ante=rng.choice((1, 1, 2, 3)),
        betting=rng.choice(("limit", "no-limit")),
        seats=rng.randint(2, 10),
        starting_stack=rng.choice((1, 2, 4, 8, 20, 60)),
        penalty=rng.choice((1, 1, 2, 0)),
        penalty_payers=rng.choice(("dealt", "showdown")),
    )


def play_random_hands(seed: int, hands: int, view_rate: float = 0.05) -> dict[str, int]:
    rng = random.Random(seed)
    stats = {"hands": 0, "carried": 0, "side_pots": 0, "all_in": 0, "showdowns": 0}
    while stats["hands"] < hands:
        cfg = random_config(rng)
        names = [f"p{i}" for i in range(cfg.seats)]
        table = Table(cfg, names, seed=rng.getrandbits(32))
        total = table.total_chips()
        for _ in range(rng.randint(1, 40)):
            if table.is_over or stats["hands"] >= hands:
                break
            deck = None
            if cfg.pack == 55 and rng.random() < 0.03:
                deck = rigged_str8_deck(rng, table)
            hand = table.start_hand(deck)
            stats["hands"] += 1
            look = rng.random() < view_rate
            while not hand.finished:
                if rng.random() < 0.03:
                    try_illegal(table, hand, rng)
                actor = hand.actor
                assert actor is not None
                legal = hand.legal_actions(actor)
                weights = [0.15 if a.kind == "fold" else 1.0 for a in legal]
                action = rng.choices(legal, weights)[0]
                table.act(actor, action.kind)
                assert table.total_chips() == total
                if look:
                    check_view(table, hand, rng.choice(hand.seats))
                    check_view(table, hand, None)
            if look:
                for seat in (*hand.seats, None):
                    check_redaction(hand, seat)
            ref = referee(to_ref(hand))
            assert ref.final == hand.stacks
            assert ref.carry_out == hand.carry_out
            assert [None if w is None else hand.seats[w] for w in ref.winners] == hand.winners
            awards = [e for e in hand.events if isinstance(e, PotAwarded)]
            assert sum(e.amount for e in awards) == hand.pot
            stats["carried"] += hand.carry_out > 0
            stats["side_pots"] += len(hand.pots) > 1
            stats["all_in"] += any(a.all_in for a in hand.actions())
            stats["showdowns"] += any(isinstance(e, ShowdownRevealed) for e in hand.events)
        assert table.total_chips() == total
    return stats


def test_random_deals_quick() -> None:
    stats = play_random_hands(seed=1, hands=3000, view_rate=0.3)
    # The mix really exercises the rules it claims to.
    assert stats["carried"] > 0 and stats["side_pots"] > 100 and stats["all_in"] > 300


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_many_random_deals(chunk: int) -> None:
    """20,000 random deals in ten chunks (so ``pytest -n auto`` spreads them) in CI;
    100,000 at full size (``tests/sizes.py``)."""
    deals = size(2_000, 10_000)
    stats = play_random_hands(seed=1000 + chunk, hands=deals)
    assert stats["hands"] == deals
    assert stats["carried"] > 0 and stats["side_pots"] > 0
