"""Range against range (:mod:`straights.ranges`, ``straights odds --range``): published
equities (each with its source), the project's own hand-against-hand odds, and counts."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from clitools import run_main

from straights.cards import Card, parse_cards
from straights.errors import ConfigurationError, HandSizeError
from straights.poker.catalogue import get_variant
from straights.ranges import parse_range, range_odds


def test_notation_counts() -> None:
    # 6 per pair, 4 suited, 12 offsuit: QQ+ 18 + AKs 4; 13 pairs 78 + 12 suited aces 48 + 12.
    assert len(parse_range("QQ+,AKs")) == 22
    assert len(parse_range("22+,A2s+,KQo")) == 138
    assert len(parse_range("AK")) == 16 and len(parse_range("QQ-99")) == 24
    assert len(parse_range("A5s-A2s")) == 16 and len(parse_range("KTo+")) == 36
    weights = parse_range("AKs:0.5,AKo")
    assert sorted(set(weights.values())) == [0.5, 1.0] and len(weights) == 16
    # Omaha: at least two aces: C(4,2)·C(48,2) + C(4,3)·48 + 1; AKQJ double-suited: 3·12
    assert len(parse_range("AAxx", 4)) == 6 * 1128 + 4 * 48 + 1
    assert len(parse_range("AKQJds", 4)) == 36
    assert len(parse_range("AKQJr", 4)) == 24 and len(parse_range("AKQJ", 4)) == 256
    assert len(parse_range("75432", 5)) == 1024 and len(parse_range("A234r", 4)) == 24


@pytest.mark.parametrize(
    ("text", "size", "message"),
    [("KZ", 2, "not a hand"), ("AAx", 4, "a pattern of 3 cards"), ("AK:2", 2, "between 0 and 1"),
     ("AsAs", 2, "a card twice"), ("AKs-QJs", 2, "keeps its first card")],
)  # fmt: skip
def test_bad_notation(text: str, size: int, message: str) -> None:
    with pytest.raises((ConfigurationError, HandSizeError), match=message):
        parse_range(text, size)


def test_aces_against_kings_published() -> None:
    # Kevin Gong, "Calling Pre-Flop All-In with KK or AK" (2007),
    # http://www.kevingong.com/Math/KKPreflop.html: AA against KK, suits unknown,
    # "81.946031 to be precise" (ours 81.946050: agreed to 1e-4 points); sharing two suits
    # 82.6 %, none 81.3 %.
    r = range_odds("holdem", ["AA", "KK"])
    assert r.exact and r.matchups == 36
    assert r.equity[0] == pytest.approx(0.81946031, abs=1e-6)
    assert r.equity[1] == pytest.approx(1 - 0.81946031, abs=1e-6)
    assert round(range_odds("NT", ["AhAd", "KhKd"]).equity[0], 3) == 0.826
    assert round(range_odds("NT", ["AhAd", "KsKc"]).equity[0], 3) == 0.813


def test_weighted_ranges_published() -> None:
    # Same page: KK against a player who holds AA (6 hands) or KK (1 hand left):
    # the opponent's weighted chances 77.4 %.
    r = range_odds("NT", ["KhKd", "AA,KK"])
    assert r.matchups == 7 and round(r.equity[1], 3) == 0.774
    # anon-poker-blog, "Can I fold KK preflop?" (PokerStove): KK against AA, KK, QQ, AK is a
    # 57.2 – 42.8 favourite; without QQ, a 47.3 – 52.7 underdog.
    assert round(range_odds("NT", ["KhKd", "AA,KK,QQ,AK"]).equity[0], 3) == 0.572
    assert round(range_odds("NT", ["KhKd", "AA,KK,AK"]).equity[0], 3) == 0.473
    # A weight of 0.5 counts a hand half as often: AA:0.5 against KK, KK is the mean of
    # 18.054 % (6 weighted ½) and 50 % (1 hand) = (3 · 0.18054 + 0.5) / 4.
    r = range_odds("NT", ["KhKd", "AA:0.5,KK"])
    assert r.equity[0] == pytest.approx((3 * (1 - 0.81946031) + 0.5) / 4, abs=2e-3)


def test_ace_king_against_tens_published() -> None:
    # SplitSuit, "Ace King All-In Preflop Quiz" (Equilab): AKo 43 %, AKs 46 % against TT.
    assert round(100 * range_odds("NT", ["AKo", "TT"]).equity[0]) == 43
    assert round(100 * range_odds("NT", ["AKs", "TT"]).equity[0]) == 46


def test_agrees_with_hand_against_hand_odds() -> None:
    # The project's own exact hand-versus-hand odds (straights.odds), averaged by hand.
    from straights.odds import holdem_odds

    board = "2c 7d 9h"
    pairs = [(a, q) for a in ("AsKs", "AhKh", "AdKd", "AcKc")
             for q in ("QsQh", "QsQd", "QsQc", "QhQd", "QhQc", "QdQc")]  # fmt: skip
    mean = sum(
        holdem_odds([f"{a[:2]} {a[2:]}", f"{q[:2]} {q[2:]}"], board, exact=True).players[0].equity
        for a, q in pairs
    ) / len(pairs)
    r = range_odds("NT", ["AKs", "QQ"], board=board)
    assert r.exact and r.matchups == 24
    assert r.equity[0] == pytest.approx(mean, abs=1e-12)


def test_omaha_against_the_readable_showdown() -> None:
    # Two Omaha hands on the turn, every river through the readable referee
    # (straights.bots.variant_equity.pot_shares, best_hand per share).
    from straights.bots.variant_equity import pot_shares
    from straights.cards import make_deck

    hands = [parse_cards("As Ah 2d 3c"), parse_cards("Kd Qd Jc Tc")]
    turn = parse_cards("Ad 9c 8c 4h")
    used = {*hands[0], *hands[1], *turn}
    for code in ("PO", "PO/8"):
        rivers = [c for c in make_deck("standard").cards if c not in used]
        want = sum(pot_shares(get_variant(code), hands, [*turn, c])[0] for c in rivers)
        r = range_odds(code, ["AsAh2d3c", "KdQdJcTc"], board="Ad 9c 8c 4h")
        assert r.exact and r.completions == 40  # 52 - 8 hole cards - 4 on the board
        assert r.equity[0] == pytest.approx(want / 40, abs=1e-12)
    assert r.pots == ("high", "low")
    # The low half: A-8-4 on the board, so the first hand's 2-3 always make a low (8-4-3-2-A
    # or better); the second hand (K-Q-J-T) never does.
    assert r.pot_equity[1] == (1.0, 0.0)
    assert 0 < r.pot_equity[0][0] < 1


def test_draw_games_compare_final_hands() -> None:
    # Deuce-to-seven: 7-5-4-3-2 beats 8-6-4-3-2 unless it is a flush and 8-6-4-3-2 is not
    # (a 7-high flush beats an 8-high flush).  Matchups: 1024 first hands, each leaving
    # 3³ suits for the second's 4-3-2 and 4² for its 8 and 6: 1024 · 432.  The first loses
    # when flush (4 suits) against a second hand that is no flush (432 - 3): 4 · 429.
    r = range_odds("F2L3D", ["75432", "86432"])
    assert r.exact and r.matchups == 1024 * 432
    assert r.equity[0] == pytest.approx(1 - 4 * 429 / (1024 * 432), abs=1e-12)
    assert range_odds("FB", ["A234r", "A234r"]).equity == pytest.approx((0.5, 0.5))


def test_monte_carlo_within_its_error() -> None:
    r = range_odds("NT", ["AA", "KK"], samples=20_000, seed=3)
    assert not r.exact and r.matchups == 20_000
    assert 0 < r.equity_se[0] < 0.01
    assert abs(r.equity[0] - 0.81946031) < 5 * r.equity_se[0]


def test_exact_refuses_and_games_outside() -> None:
    with pytest.raises(ConfigurationError, match="too much work"):
        range_odds("PO", ["AAxx", "KKxx"], exact=True)
    with pytest.raises(ConfigurationError, match="neither a board nor a draw"):
        range_odds("razz", ["AA", "KK"])
    with pytest.raises(ConfigurationError, match="Straights"):
        range_odds("_STR52N", ["AA", "KK"])
    with pytest.raises(ConfigurationError, match="without a card twice"):
        range_odds("NT", ["AsAh", "AsAh"])


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "odds", "--game", "holdem", "--range", "AA",
                            "--range", "KK", "--json")  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    assert doc["exact"] and doc["matchups"] == 36
    assert [round(p["equity"], 4) for p in doc["players"]] == [0.8195, 0.1805]
    code, out, _ = run_main(capsys, "odds", "--game", "PO/8", "--range", "AsAh2d3c",
                            "--range", "KdQdJcTc", "--table", "Ad 9c 8c 4h")  # fmt: skip
    assert code == 0 and "low" in out and "exact: 1 combinations of hands" in out
    code, _, err = run_main(capsys, "odds", "--game", "holdem", "--range", "AA", "Ks Kd")
    assert code == 2 and err.startswith("error: hole cards 'Ks Kd' and --range")


def _board_or_draw_games() -> list[str]:
    from straights.poker.catalogue import VARIANTS

    return [
        code
        for code, v in VARIANTS.items()
        if v.showdown
        and not code.startswith("_STR")
        and any(s.board or s.draw is not None for s in v.streets)
    ]


@pytest.mark.parametrize("code", _board_or_draw_games())
def test_every_board_and_draw_game_agrees_with_the_readable_showdown(code: str) -> None:
    # Two explicit hands and all but one board card: every last card (or, in a draw
    # game, the one showdown) through the readable referee, pot_shares.
    from straights.bots.variant_equity import final_counts, pot_shares
    from straights.cards import make_deck

    variant = get_variant(code)
    hole, board_size = final_counts(variant)
    natural = [c for c in make_deck(variant.deck).cards if c.is_ranked]
    random.Random(f"ranges/{code}").shuffle(natural)
    first, second = natural[:hole], natural[hole : 2 * hole]
    board = natural[2 * hole : 2 * hole + max(0, board_size - 1)]
    used = {*first, *second, *board}
    deck = make_deck(variant.deck, jokers=variant.jokers).cards
    lasts = [[c] for c in deck if c not in used] if board_size else [[]]
    want = sum(pot_shares(variant, [first, second], [*board, *last])[0] for last in lasts)

    def text(cards: Sequence[Card]) -> str:
        return "".join(c.ascii() for c in cards)

    r = range_odds(code, [text(first), text(second)], board=" ".join(c.ascii() for c in board))
    assert r.exact and r.matchups == 1 and r.completions == len(lasts)
    assert r.equity[0] == pytest.approx(want / len(lasts), abs=1e-12)
    assert sum(r.equity) == pytest.approx(1.0)
