"""Random deals of any variant played by random legal actions (for property and oracle tests)."""

from __future__ import annotations

import random
from collections.abc import Callable

from straights.cards import make_deck
from straights.poker import Deal, Stakes, Variant
from straights.poker.house import HouseRules


def random_stakes(variant: Variant, players: int, rng: random.Random) -> Stakes:
    """Antes, blinds (sometimes a straddle or a big-blind ante), bring-in and bets."""
    unit = rng.choice((1, 2, 5, 10))
    ante = rng.choice((0, 0, unit // 2 or 1, unit))
    antes = [ante] * players
    blinds = [0] * players
    trim = True
    if variant.blinds:
        small, big = rng.choice(((unit // 2 or 1, unit), (unit, 2 * unit), (unit, unit)))
        blinds[0], blinds[1] = small, big
        if players > 3 and rng.random() < 0.15:
            blinds[2] = 2 * big  # a straddle
        if rng.random() < 0.15:
            antes, trim = [0] * players, False
            antes[1] = big  # the big blind ante, dead money
        if players == 2:
            blinds = [blinds[1], blinds[0]]
    small_bet = max(2, unit * rng.choice((1, 2)))
    return Stakes(
        antes=tuple(antes),
        blinds=tuple(blinds),
        bring_in=rng.randint(1, small_bet - 1) if variant.bring_in else 0,
        small_bet=small_bet,
        big_bet=2 * small_bet,
        min_bet=small_bet,
        trim_antes=trim,
    )


def random_cards(deal: Deal, rng: random.Random) -> bool:
    """Take the engine's card decision (a draw, a discard, cards to turn up) at random:
    as many cards as it allows among its positions; ``False`` when there is none."""
    choice = deal.card_choice()
    if choice is None:
        return False
    hand = deal.holes[deal.actor or 0]
    among = [hand[k] for k in choice.positions]
    least, most = choice.least, choice.most
    picked = rng.sample(among, least if least == most else rng.randint(least, most))
    (deal.discard if choice.kind == "discard" else deal.expose)(picked)
    return True


def random_deal(
    variant: Variant,
    rng: random.Random,
    players: int | None = None,
    check: Callable[[Deal], None] | None = None,
    house: HouseRules | None = None,
) -> Deal:
    """One finished deal: random players, stacks (tiny ones too), stakes and actions;
    ``check(deal)`` is called before every step and at the end; ``house``: the
    table's house rules."""
    deck = make_deck(variant.deck, jokers=variant.jokers)
    most = min(6, variant.max_players(len(deck)))
    n = players or rng.randint(2, most)
    stakes = random_stakes(variant, n, rng)
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(10, 400))) for _ in range(n)]
    deal = Deal(variant, stakes, stacks, deck.shuffled(rng), rng=rng, house=house)
    while not deal.finished:
        if check is not None:
            check(deal)
        if random_cards(deal, rng):
            continue
        legal = deal.legal_actions()
        choice = rng.choice(legal)
        if choice.kind == "fold" and rng.random() < 0.5:
            choice = legal[1] if len(legal) > 1 else choice
        if choice.kind in ("bet", "raise", "complete"):
            span = choice.high - choice.low
            pick = rng.choice((choice.low, choice.high, choice.low + rng.randint(0, span)))
            deal.act(choice.kind, pick)
        else:
            deal.act(choice.kind)
    if check is not None:
        check(deal)
    return deal
