"""The engine against the independent referee (``tests/poker_referee.py``), deal by deal.

For each variant PokerKit does not deal, random deals — 2 to 6 players, stacks
from 1 chip, antes, blinds or bring-ins, random legal actions, draws and
choices — are played by the engine and the referee side by side: after every
step the same phase, the same player to act and the same legal actions with the
same amounts; at the end the same finishing stacks.
"""

from __future__ import annotations

import random

import pytest
from poker_referee import GAMES, Referee, ace_to_five_joker, best_high, canadian
from sizes import size

from straights.cards import Card, make_deck
from straights.poker import Deal, Stakes, get_variant


def _legal(deal: Deal) -> list[tuple[str, int, int, int]]:
    return sorted(tuple(a) for a in deal.legal_actions())


def play_both(code: str, rng: random.Random) -> int:
    """One random deal by the engine and the referee; the number of steps compared."""
    variant, game = get_variant(code), GAMES[code]
    deck = list(make_deck(variant.deck, jokers=variant.jokers).shuffled(rng))
    most = min(5 if variant.draws else 6, variant.max_players(len(deck)))
    n = rng.randint(2, most)
    unit = rng.choice((1, 2, 5))
    ante = rng.choice((0, 0, unit, 2 * unit))
    small = rng.choice((2, 4, 10))
    bring_in = rng.randint(1, small - 1) if variant.bring_in else 0
    blinds = [0] * n
    if variant.blinds:
        sb, bb = rng.choice(((small // 2, small), (small, small), (1, small)))
        blinds = [bb, sb] if n == 2 else [sb, bb] + [0] * (n - 2)
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(10, 300))) for _ in range(n)]
    stakes = Stakes(antes=(ante,) * n, blinds=tuple(blinds), bring_in=bring_in,
                    small_bet=small, big_bet=2 * small, min_bet=small)  # fmt: skip
    deal = Deal(variant, stakes, stacks, deck, rng=rng)
    ref = Referee(game, [c.ascii() for c in deck], list(stacks), [ante] * n, blinds,
                  bring_in, small, 2 * small)  # fmt: skip
    steps = 0
    while not deal.finished:
        steps += 1
        assert (deal.phase, deal.actor) == (ref.phase, ref.actor), deal.log
        i = deal.actor
        assert i is not None
        if deal.phase == "draw":
            hand = deal.holes[i]
            thrown = rng.sample(hand, rng.randint(0, len(hand)))
            deal.discard(thrown)
            ref.discard([c.ascii() for c in thrown if c is not None])
            continue
        if deal.phase == "discard":  # a throw: as many cards as the street says, none back
            hand = deal.holes[i]
            thrown = rng.sample(hand, game.rounds[deal.street_index].throw)
            deal.discard(thrown)
            ref.discard([c.ascii() for c in thrown if c is not None])
            continue
        if deal.phase == "expose":
            down = [c for c, up in zip(deal.holes[i], deal.up[i], strict=True) if not up]
            chosen = rng.sample(down, deal.street.choose_up)
            deal.expose(chosen)
            ref.expose([c.ascii() for c in chosen if c is not None])
            continue
        legal = _legal(deal)
        assert legal == sorted(ref.legal()), deal.log
        kind, _, low, high = rng.choice(legal)
        if kind == "fold" and rng.random() < 0.5:
            kind, _, low, high = legal[-1]
        to = rng.randint(low, high) if kind in ("bet", "raise", "complete") else None
        deal.act(kind, to)
        ref.act(kind, to)
    assert ref.phase == "over"
    assert deal.stacks == ref.stacks, deal.log
    assert sum(deal.stacks) == sum(stacks)
    return steps


@pytest.mark.parametrize("code", sorted(GAMES))
def test_the_engine_agrees_with_the_referee(code: str) -> None:
    rng = random.Random(f"referee/{code}")
    steps = sum(play_both(code, rng) for _ in range(200))
    assert steps > 400  # the deals were played, not folded at once


#: Fewer deals at length where the referee's brute force judges five-card Omaha hands
#: (100 choices of two plus three a hand and a half): about as long as the others.
AT_LENGTH = {"_PCOURCHEVEL": size(150, 1000), "_P5O/8": size(150, 1000)}


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(GAMES))
def test_the_engine_agrees_with_the_referee_at_length(code: str) -> None:
    rng = random.Random(f"referee-slow/{code}")
    # deals (tests/sizes.py): in CI 2.5 times the normal suite's 200, in full 5,000
    for _ in range(AT_LENGTH.get(code, size(500, 5000))):
        play_both(code, rng)


def _cards(text: str) -> list[str]:
    return [Card(c).ascii() for c in text.split()]


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("As Ks Qs Js Jk", "Ah Ad Ac As 2d"),  # the bug makes a royal flush
        ("Ah Ad Ac As Jk", "Ts Js Qs Ks As"),  # four aces and the bug: five aces
        ("Kh Kd 7c 4s Jk", "Kc Ks 7d 4h 3c"),  # the bug is an ace kicker
        ("9h 8d 7c 6s Jk", "Ah Ad Ac Qs Jd"),  # the bug completes a straight
    ],
)
def test_the_referees_bug(better: str, worse: str) -> None:
    def bug(cards: list[str]) -> object:
        return best_high(cards, wild=lambda c: c == "Jk", bug=True)

    assert bug(_cards(better)) > bug(_cards(worse))


def test_the_referees_lows_and_canadian_hands() -> None:
    # The joker is the lowest rank the hand lacks: A-2-3-4-joker is the wheel.
    assert ace_to_five_joker(_cards("Ah 2c 3d 4s Jk")) > ace_to_five_joker(_cards("Ah 2c 3d 4s 6h"))
    # A four-card flush beats a four-card straight, which beats a pair, below two pair.
    four_flush, four_straight = (
        canadian(_cards("2h 7h 9h Kh 3c")),
        canadian(_cards("9c Td Jh Qs 3c")),
    )
    pair, two_pair = canadian(_cards("Ah Ad 9c 7s 3d")), canadian(_cards("2h 2d 3c 3s 4d"))
    assert pair < four_straight < four_flush < two_pair
