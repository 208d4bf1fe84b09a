"""The equity bot in every variant: only legal moves, chips conserved, sensible choices."""

from __future__ import annotations

import random

import pytest

from straights.bots.equity_bot import EquityBot
from straights.bots.equity_moves import bet_size
from straights.cards import make_deck, parse_cards
from straights.poker import Deal, Stakes, get_variant
from straights.poker.catalogue import variant_codes
from straights.poker.engine import CardChoice, Legal
from straights.poker.stakes import default_stakes
from straights.poker.view import DealView, Move, PlayerView, deal_view, play

STYLES = ("balanced", "tight", "loose", "aggressive")


def check(view: DealView, move: Move) -> None:
    """``move`` is one the seat may make now."""
    me = view.me
    assert me is not None
    choice = view.choice
    if view.phase in ("draw", "discard", "expose"):
        assert choice is not None and move.kind == choice.kind
        assert choice.least <= len(move.cards) <= choice.most
        assert set(move.cards) <= {me.cards[k] for k in choice.positions}
        if view.phase == "expose":
            assert set(move.cards) <= {c for c, up in zip(me.cards, me.up, strict=True) if not up}
    else:
        legal = {leg.kind: leg for leg in view.legal}
        assert move.kind in legal
        if move.to is not None:
            assert legal[move.kind].low <= move.to <= legal[move.kind].high


@pytest.mark.parametrize("code", variant_codes())
def test_only_legal_moves_in_every_variant(code: str) -> None:
    variant = get_variant(code)
    stakes = default_stakes(variant, 6)
    rng = random.Random(code)
    bots = [EquityBot(rng=rng.getrandbits(32), style=STYLES[i % 4]) for i in range(6)]
    deck = make_deck(variant.deck, jokers=variant.jokers)
    moves = 0
    for _ in range(3):
        deal = Deal(variant, stakes, [60] * 6, deck.shuffled(rng.getrandbits(32)))
        while not deal.finished:
            seat = deal.actor
            assert seat is not None
            view = deal_view(deal, seat)
            move = bots[seat].decide(view)
            check(view, move)
            play(deal, move)
            moves += 1
        assert sum(deal.stacks) + deal.carry_out == 360
    assert moves >= 6


def seat_view(
    code: str, mine: str, board: str, legal: tuple[object, ...], **more: object
) -> DealView:
    """Seat 0's view against one opponent whose cards it cannot see."""
    cards = parse_cards(mine)
    me = PlayerView(0, 90, 0, False, cards, (False,) * len(cards))
    other = PlayerView(1, 90, 0, False, (None,) * len(cards), (False,) * len(cards))
    shown = tuple(parse_cards(board)) if board else ()
    return DealView(code, "last", 0, (me, other), shown, 20, 0, legal, **more)  # type: ignore[arg-type]


def test_the_nuts_bet_the_pot() -> None:
    view = seat_view("NT", "Ah Ad", "As Ac 2d 7h 9s", (Legal("check"), Legal("bet", 0, 2, 90)))
    assert EquityBot(rng=1).decide(view) == Move("bet", 20)


def test_a_hopeless_hand_folds_to_a_bet() -> None:
    # 7-2 against a board the opponent's every pair beats: the river, facing a pot-sized bet.
    players = (
        PlayerView(0, 90, 0, False, tuple(parse_cards("7c 2d")), (False, False)),
        PlayerView(1, 70, 20, False, (None, None), (False, False)),
    )
    board = tuple(parse_cards("Ah Kh Qh Jh 9s"))
    legal = (Legal("fold"), Legal("call", 20), Legal("raise", 0, 40, 90))
    view = DealView("NT", "river", 0, players, board, 40, 0, legal)
    assert EquityBot(rng=1).decide(view) == Move("fold")


def test_a_draw_breaks_the_pair_and_keeps_the_low_cards() -> None:
    # Deuce-to-seven: a pair of sevens is a poor low (about 0.36 against one hand), one
    # seven thrown for a fresh card about 0.82, standing on 2-3-4 and three fresh 0.67.
    view = seat_view(
        "N2L1D",
        "2h 3c 4d 7s 7h",
        "",
        (),
        phase="draw",
        choice=CardChoice("discard", 0, 5, (0, 1, 2, 3, 4), replaced=True),
    )
    move = EquityBot(rng=1).decide(view)
    assert move.kind == "discard"
    assert len(set(parse_cards("7s 7h")) & set(move.cards)) == 1
    assert not set(parse_cards("2h 3c 4d")) & set(move.cards)


def test_mexican_stud_shows_the_card_it_needs_least() -> None:
    view = seat_view(
        "_FMEXICAN",
        "Ah As 5c",
        "",
        (),
        phase="expose",
        choice=CardChoice("expose", 1, 1, (0, 1, 2)),
    )
    assert EquityBot(rng=1).decide(view) == Move("expose", cards=tuple(parse_cards("5c")))


def test_bet_size_by_structure() -> None:
    players = (PlayerView(0, 90, 0, False, ()), PlayerView(1, 90, 0, False, ()))
    view = DealView("NT", "flop", 0, players, (), 20, 0, (Legal("bet", 0, 2, 90),))
    assert bet_size(view, get_variant("NT"), "bet", 0.5) == 10  # half the pot
    assert bet_size(view, get_variant("NT"), "bet", 0.75) == 15
    assert bet_size(view, get_variant("NT"), "bet", 0.9) == 20  # the pot
    fixed = DealView("FT", "flop", 0, players, (), 20, 0, (Legal("bet", 0, 2, 2),))
    assert bet_size(fixed, get_variant("FT"), "bet", 0.9) == 2
    assert bet_size(view, get_variant("NT"), "check", 0.9) is None


def test_stakes_are_stakes() -> None:
    assert isinstance(default_stakes(get_variant("NT"), 2), Stakes)
