"""The bots and views of every variant: what a seat sees, legal moves, shares
(the table across deals is tested in test_table.py)."""

from __future__ import annotations

import random

import pytest

from straights.bots.arena import PokerArena, play_deal, simulate
from straights.bots.estimate import share
from straights.bots.registry import make_bot
from straights.cards import Card, make_deck
from straights.errors import ConfigurationError
from straights.poker import VARIANTS, Deal, Move, deal_view, get_variant, play
from straights.poker.catalogue import find_variant
from straights.poker.showdown import best_hand
from straights.poker.stakes import default_stakes

CODES = sorted(VARIANTS)


def _moves(deal: Deal, rng: random.Random) -> list[Move]:
    bots = [make_bot("random", rng.getrandbits(32)) for _ in range(deal.n)]
    moves = []
    while not deal.finished:
        i = deal.actor
        assert i is not None
        move = bots[i].decide(deal_view(deal, i))  # type: ignore[attr-defined]
        moves.append(move)
        play(deal, move)
    return moves


@pytest.mark.parametrize("code", CODES)
def test_reshuffling_what_a_seat_never_sees_leaves_its_views_unchanged(code: str) -> None:
    variant = get_variant(code)
    n, seat = 3, 1
    deck = list(make_deck(variant.deck, jokers=variant.jokers).shuffled(random.Random(code)))
    stakes = default_stakes(variant, n)
    first = Deal(variant, stakes, [40] * n, deck)
    moves = _moves(first, random.Random(code))
    # Replay, recording the seat's views and every card it ever sees.
    replay = Deal(variant, stakes, [40] * n, deck)
    views, seen = [deal_view(replay, seat)], set()
    for move in moves:
        play(replay, move)
        views.append(deal_view(replay, seat))
    for view in views:
        seen.update(c for p in view.players for c in p.cards if c is not None)
        seen.update(c for c in view.board if c is not None)
    hidden = [c for c in deck if c not in seen]
    shuffled = hidden[:]
    random.Random(1).shuffle(shuffled)
    swap: dict[Card, Card] = dict(zip(hidden, shuffled, strict=True))
    other = Deal(variant, stakes, [40] * n, [swap.get(c, c) for c in deck])
    again = [deal_view(other, seat)]
    for move in moves:
        play(other, move._replace(cards=tuple(swap.get(c, c) for c in move.cards)))
        again.append(deal_view(other, seat))
    assert again == views


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("kind", ["random", "calling", "strength"])
def test_every_bot_makes_only_legal_moves_in_every_variant(code: str, kind: str) -> None:
    variant = get_variant(code)
    bot = make_bot(kind, 5)
    rng = random.Random(f"{code}{kind}")
    for _ in range(3):
        deck = make_deck(variant.deck, jokers=variant.jokers).shuffled(rng)
        deal = Deal(variant, default_stakes(variant, 3), [30, 30, 30], deck)
        play_deal(deal, [bot, bot, bot])  # type: ignore[list-item]  # the engine refuses illegal
        assert deal.finished


@pytest.mark.parametrize("code", ["FO/8", "F7S/8", "FR", "F2L3D", "NS", "_FMANILA", "_FLONDON"])
def test_the_fast_share_agrees_with_the_named_hands(code: str) -> None:
    """share() uses fast keys for natural cards; the readable best_hand is the referee."""
    variant = get_variant(code)
    rng = random.Random(code)
    pack = list(make_deck(variant.deck))
    for _ in range(40):
        rng.shuffle(pack)
        hole, board = variant.hole_count, variant.board_count
        hands = {i: pack[i * hole : (i + 1) * hole] for i in range(3)}
        table = pack[3 * hole : 3 * hole + board]
        expected = []
        for rule in variant.showdown:
            values = {i: best_hand(rule, h, table) for i, h in hands.items()}
            known = [v for v in values.values() if v is not None]
            if not known:
                continue
            top = max(known)
            winners = [i for i, v in values.items() if v is not None and v == top]
            expected.append(1 / len(winners) if 0 in winners else 0.0)
        want = sum(expected) / len(expected) if expected else 0.0
        assert share(variant, 0, hands, table) == pytest.approx(want)


def test_the_strength_bot_shares_a_hi_lo_pot_by_halves() -> None:
    from straights.cards import parse_cards

    hilo = get_variant("F7S/8")
    wheel = parse_cards("As 2d 3h 4c 5s Kd Qc")  # the best low and a straight for high
    trips = parse_cards("Kh Ks Kc 9d 9s Jc Td")  # a full house, no low
    assert share(hilo, 0, {0: wheel, 1: trips}, []) == 0.5
    assert share(hilo, 1, {0: wheel, 1: trips}, []) == 0.5
    assert share(get_variant("FR"), 0, {0: wheel, 1: trips}, []) == 1.0


def test_the_strength_bot_draws_to_a_low_in_triple_draw() -> None:
    from straights.bots.strength import StrengthBot
    from straights.cards import parse_cards

    variant = get_variant("F2L3D")
    hand = parse_cards("7h 5d 3c 2s Kd")
    rest = [c for c in make_deck() if c not in hand]
    deck = [*hand, *rest]  # player 1 gets the first five cards
    deal = Deal(variant, default_stakes(variant, 2), [50, 50], deck)
    while deal.phase != "draw":
        deal.act("call" if any(a.kind == "call" for a in deal.legal_actions()) else "check")
    me = deal.actor
    assert me is not None and deal.holes[me] == list(hand)
    move = StrengthBot(rng=2).decide(deal_view(deal, me))
    assert move == Move("discard", cards=tuple(parse_cards("Kd")))


def test_simulate_ring_counts_every_chip_and_every_game() -> None:
    games = [find_variant(g) for g in ("razz", "holdem", "straights")]
    r = simulate(PokerArena(games, ["random", "strength"], players=3, stack=20), hands=30, seed=4)
    assert r.hands == 30 and sum(r.games.values()) == 30
    assert set(r.games) <= {"razz", "holdem", "straights"} and len(r.games) >= 2
    assert sum(s.total for s in r.bots.values()) + r.carried_at_end == 0


def test_a_bot_that_plays_only_straights_is_one_clear_error() -> None:
    with pytest.raises(ConfigurationError, match="plays only Straights"):
        simulate(PokerArena([find_variant("razz")], ["cfr"], players=2), hands=1, seed=1)
