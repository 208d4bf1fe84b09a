"""A seat's share of the pot in any variant, estimated by dealing out what it cannot see.

:func:`equity` samples the unseen cards — the opponents' face-down cards, the
face-down board cards and every card still to come — from the part of the pack
the seat has not seen, and scores each sample with the variant's own showdown
(:mod:`straights.poker.showdown`: high, low, both halves of a high-low pot, wild
cards; Straights' rule 10, where a pot nobody wins outright is carried over,
counts as no win).  A sample's score is the seat's share of a pot: 1 for a
clean win, ½ for a split high-low pot or a two-way tie, 0 for a loss.

Future draws are not simulated: every hand is scored as it would stand if no
one drew again (opponents' unseen draw hands are random cards).

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes, deal_view, get_variant
>>> deal = Deal(get_variant("FR"), Stakes.uniform(2, ante=1, bring_in=1, small_bet=2,
...             big_bet=4), [50, 50], make_deck().shuffled(4))
>>> 0.0 <= equity(deal_view(deal, 0), make_rng(1), 40) <= 1.0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Any, Final

from straights.cards import Card, RandomLike, make_deck, make_rng
from straights.poker.catalogue import get_variant
from straights.poker.showdown import best_hand, hand_key
from straights.poker.straights_rules import straights_pack
from straights.poker.variant import HandRule, Variant
from straights.poker.view import DealView
from straights.rankings.straights import straights_key

__all__ = ["best_discard", "equity", "sample_count", "share", "unseen"]


@cache
def _pack(code: str) -> tuple[Card, ...]:
    variant = get_variant(code)
    return tuple(make_deck(variant.deck, jokers=variant.jokers))


def unseen(view: DealView) -> list[Card]:
    """The cards of the variant's pack that the seat has not seen."""
    seen = {c for p in view.players for c in p.cards if c is not None}
    seen.update(c for c in view.board if c is not None)
    return [c for c in _pack(view.variant) if c not in seen]


def share(
    variant: Variant, me: int, hands: Mapping[int, Sequence[Card]], board: Sequence[Card]
) -> float:
    """Player ``me``'s share of a pot that ``hands`` (complete hands by player) contest.

    A hand holding more cards than the variant's hands hold at the showdown (a discard
    is still to come) keeps its best ones, in hindsight, for each share.

    >>> from straights.cards import parse_cards
    >>> hilo = get_variant("F7S/8")
    >>> share(hilo, 0, {0: parse_cards('2c 3d 4h 5s 7c Kd Ks'),
    ...                 1: parse_cards('Ac Ad Ah Qs Jc 9d 9s')}, [])
    0.5
    """
    if (pack := straights_pack(variant)) is not None:
        table = [c.id for c in board]
        key = straights_key([c.id for c in hands[me]], table, pack)
        others = (
            straights_key([c.id for c in h], table, pack) for i, h in hands.items() if i != me
        )
        return 1.0 if all(o < key for o in others) else 0.0
    natural = all(c.is_ranked for h in hands.values() for c in h) and all(
        c.is_ranked for c in board
    )
    table = [c.id for c in board]
    keep = variant.final_hole_count
    # Each hand's choices of the cards it plays: all of them, or (a discard to come) the
    # best ``keep`` of them, chosen in hindsight.
    choices = {
        i: [list(k) for k in combinations(h, keep)] if len(h) > keep else [list(h)]
        for i, h in hands.items()
    }
    ids = {i: [[c.id for c in k] for k in ks] for i, ks in choices.items()}
    halves = 0
    got = 0.0
    for rule, fast in _rules(variant):
        values: dict[int, Any] = {}
        for i in hands:
            if fast is not None and natural:
                values[i] = max(fast(k, table) for k in ids[i]) or None
            else:
                found = [best_hand(rule, k, board) for k in choices[i]]
                known = [v for v in found if v is not None]
                values[i] = max(known) if known else None
        known = [v for v in values.values() if v is not None]
        if not known:
            continue
        halves += 1
        mine = values[me]
        if mine is None:
            continue
        top = max(known)
        if mine == top:
            got += 1.0 / sum(1 for v in known if v == top)
    return got / halves if halves else 0.0


#: Hand evaluations one estimate may spend, and the fewest samples it takes anyway.
BUDGET: Final = 2000
MIN_SAMPLES: Final = 12


@cache
def _cost(variant: Variant) -> int:
    """Hand evaluations per player per sample (Omaha: 60 a half; no fast key: 30)."""
    cost = 0
    for rule, fast in _rules(variant):
        if rule.hole_cards is not None and rule.board_cards is not None:
            cost += comb(variant.hole_count, rule.hole_cards) * comb(
                variant.board_count, rule.board_cards
            )
        else:
            cost += 1 if fast is not None else 30
    return max(1, cost)


def sample_count(variant: Variant, players: int, wanted: int) -> int:
    """Samples for one estimate: ``wanted`` unless the variant's showdown is costly to
    evaluate (Omaha hi-lo: 120 evaluations a player), then what :data:`BUDGET` pays
    for, but at least :data:`MIN_SAMPLES` — a fixed count, so results never depend
    on the machine's speed.

    >>> sample_count(get_variant("NT"), 4, 64), sample_count(get_variant("FO/8"), 4, 64)
    (64, 12)
    """
    return max(min(wanted, MIN_SAMPLES), min(wanted, BUDGET // (players * _cost(variant))))


@cache
def _rules(variant: Variant) -> tuple[tuple[HandRule, Callable[..., int] | None], ...]:
    return tuple((rule, hand_key(rule)) for rule in variant.showdown)


def _street_index(variant: Variant, name: str) -> int:
    for k, street in enumerate(variant.streets):
        if street.name == name:
            return k
    return len(variant.streets) - 1


def _to_come(view: DealView, variant: Variant, live: Sequence[int]) -> tuple[int, int]:
    """(hole cards each live player still receives, board cards still dealt)."""
    if view.phase in ("showdown", "over"):
        return 0, 0
    hole = board = 0
    for street in variant.streets[_street_index(variant, view.street) + 1 :]:
        hole += len(street.hole)
        board += street.board + street.board_down
    return hole, board


def equity(view: DealView, rng: RandomLike = None, samples: int = 64) -> float:
    """The seat's mean share of the pot over ``samples`` deals of the unseen cards."""
    if view.seat is None:
        raise ValueError("a spectator has no hand")
    rand = make_rng(rng)
    variant = get_variant(view.variant)
    live = view.in_hand()
    pool = unseen(view)
    hole_more, board_more = _to_come(view, variant, live)
    if hole_more * len(live) + board_more > len(pool):
        # Stud running out of cards: the dealer turns one community card instead.
        board_more, hole_more = board_more + hole_more, 0
    hidden = {i: sum(1 for c in view.players[i].cards if c is None) for i in live}
    known = {i: [c for c in view.players[i].cards if c is not None] for i in live}
    board_known = [c for c in view.board if c is not None]
    board_need = sum(1 for c in view.board if c is None) + board_more
    need = sum(hidden.values()) + hole_more * len(live) + board_need
    need = min(need, len(pool))
    total = 0.0
    samples = sample_count(variant, len(live), samples)
    for _ in range(samples):
        drawn = _draw(pool, need, rand)
        hands: dict[int, list[Card]] = {}
        k = 0
        for i in live:
            take = hidden[i] + hole_more
            hands[i] = known[i] + drawn[k : k + take]
            k += take
        total += share(variant, view.seat, hands, board_known + drawn[k : k + board_need])
    return total / samples


def _draw(pool: list[Card], need: int, rand: RandomLike) -> list[Card]:
    """``need`` cards drawn uniformly from ``pool`` (a partial Fisher-Yates shuffle in place)."""
    rnd = make_rng(rand).random
    size = len(pool)
    for k in range(need):
        j = k + int(rnd() * (size - k))
        pool[k], pool[j] = pool[j], pool[k]
    return pool[:need]


def best_discard(view: DealView, rng: RandomLike = None, samples: int = 12) -> tuple[Card, ...]:
    """The cards to throw at a draw or a discard (``view.choice``): of every choice of
    as many cards as the engine allows, the one whose hand — with fresh cards for
    those thrown at a draw, without at a discard — scores best against the opponents'
    unseen hands (the same random cards for every choice); a tie keeps more cards."""
    me = view.me
    choice = view.choice
    if me is None or choice is None or choice.kind != "discard":
        return ()
    rand = make_rng(rng)
    variant = get_variant(view.variant)
    mine = [c for c in me.cards if c is not None]
    live = [i for i in view.in_hand() if i != view.seat]
    pool = unseen(view)
    hidden = {i: sum(1 for c in view.players[i].cards if c is None) for i in live}
    board = [c for c in view.board if c is not None]
    need = min(sum(hidden.values()) + (choice.most if choice.replaced else 0), len(pool))
    deals = [list(_draw(pool, need, rand)) for _ in range(samples)]
    best: tuple[float, tuple[Card, ...]] = (-1.0, ())
    choices = [c for c in (me.cards[k] for k in choice.positions) if c is not None]
    for size in range(choice.least, min(choice.most, len(choices)) + 1):
        fresh = size if choice.replaced else 0
        for thrown in combinations(choices, size):
            kept = [c for c in mine if c not in thrown]
            score = 0.0
            for drawn in deals:
                hands: dict[int, Sequence[Card]] = {}
                k = 0
                for i in live:
                    hands[i] = [c for c in view.players[i].cards if c is not None] + drawn[
                        k : k + hidden[i]
                    ]
                    k += hidden[i]
                hands[view.seat or 0] = kept + drawn[k : k + fresh]
                score += share(variant, view.seat or 0, hands, board)
            if score > best[0]:
                best = (score, thrown)
    return best[1]
