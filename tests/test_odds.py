"""Exact equity against brute-force loops over the readable evaluators; Monte Carlo
within its stated error; executors; bad input."""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import combinations

import pytest

from straights.cards import Card, parse_cards
from straights.errors import (
    CardNotationError,
    ConfigurationError,
    DuplicateCardError,
    HandSizeError,
    PackError,
    RankingError,
)
from straights.odds import generic_odds, holdem_odds, odds, straights_odds
from straights.showdowns import showdown


def ids(text: str) -> list[int]:
    return [c.id for c in cards(text)]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text.strip() else []


def brute_straights(
    holes: Sequence[str], table: str, pack: int = 55, dead: str = ""
) -> tuple[list[int], int, int]:
    """(wins per player, rule-10 deals, deals) by calling showdown() on every completion.

    Only table cards may be unknown here, plus at most one player's whole hand ('? ?').
    """
    known_table = [c for c in table.split() if c != "?"]
    missing = 5 - len(known_table)
    table_cards = cards(" ".join(known_table))
    known = [c for h in holes if h != "? ?" for c in cards(h)] + table_cards + cards(dead)
    deck = [Card(i) for i in range(pack) if Card(i) not in known]
    wins = [0] * len(holes)
    nowin = deals = 0
    unknown_player = [i for i, h in enumerate(holes) if h == "? ?"]
    hole_options: list[tuple[Card, ...]] = list(combinations(deck, 2)) if unknown_player else [()]
    for extra in hole_options:
        rest = [c for c in deck if c not in extra]
        hands = [cards(h) if h != "? ?" else list(extra) for h in holes]
        for fill in combinations(rest, missing):
            result = showdown(hands, [*table_cards, *fill], pack=pack)
            deals += 1
            if result.winner is None:
                nowin += 1
            else:
                wins[result.winner] += 1
    return wins, nowin, deals


def counts(r: object, attr: str = "win") -> list[int]:
    from straights.odds import OddsResult

    assert isinstance(r, OddsResult)
    return [round(getattr(p, attr) * r.completions) for p in r.players]


# --------------------------------------------------------------------------- exact vs brute force


@pytest.mark.parametrize(
    ("holes", "table", "pack"),
    [
        (["Qs 9d", "Qd 3s"], "5c 4d 3d ? ?", 55),  # the source's worked example, two cards to come
        (["Kh 2c", "Kd Qd"], "? 9s 8h 7s ?", 55),  # the key card unknown
        (["Qs 9d", "Qd 3s", "Ah 2h"], "5c 4d ? ? ?", 52),
        (["8c 2d", "Kd Qd"], "S T R ? ?", 55),  # rule 9 and rule 10 in play
    ],
)
def test_straights_exact_equals_brute_force(holes: list[str], table: str, pack: int) -> None:
    wins, nowin, deals = brute_straights(holes, table, pack)
    r = straights_odds(holes, table, pack=pack, exact=True)
    assert r.exact and r.completions == deals
    assert counts(r) == wins
    assert round(r.no_winner * deals) == nowin
    assert sum(wins) + nowin == deals


def test_straights_exact_with_an_unknown_hand_and_dead_cards() -> None:
    holes = ["2c 3c", "? ?"]
    wins, nowin, deals = brute_straights(holes, "S T R 8d ?", dead="Ah Kh")
    assert deals == math.comb(47, 2) * 45
    r = straights_odds(holes, "S T R 8d ?", dead="Ah Kh", exact=True)
    assert r.completions == deals
    assert counts(r) == wins
    assert round(r.no_winner * deals) == nowin > 0


def test_holdem_exact_equals_brute_force_with_ties() -> None:
    from straights.rankings.high import high_key

    holes = ["Ah Kh", "Qs Qd", "Ac Kd"]
    board = "Jh Th 2c"
    known = ids(" ".join(holes) + " " + board)
    deck = [c for c in range(52) if c not in known]
    win = [0, 0, 0]
    tie = [0, 0, 0]
    equity = [0.0, 0.0, 0.0]
    for fill in combinations(deck, 2):
        keys = [high_key(ids(h) + ids(board) + list(fill)) for h in holes]
        best = max(keys)
        top = [i for i, k in enumerate(keys) if k == best]
        for i in top:
            (win if len(top) == 1 else tie)[i] += 1
            equity[i] += 1 / len(top)
    r = holdem_odds(holes, board)
    assert r.exact and r.completions == len(deck) * (len(deck) - 1) // 2
    assert counts(r) == win
    assert counts(r, "tie") == tie
    for p, e in zip(r.players, equity, strict=True):
        assert p.equity * r.completions == pytest.approx(e)


def test_holdem_reference_workload() -> None:
    """A♥K♥ against Q♠Q♦ over all 1,712,304 boards."""
    r = holdem_odds(["Ah Kh", "Qs Qd"])
    assert r.completions == math.comb(48, 5) == 1_712_304
    assert counts(r) == [787_966, 917_606]
    assert counts(r, "tie") == [6_732, 6_732]


def test_generic_path_agrees_with_the_fast_path() -> None:
    fast_r = holdem_odds(["Ah Kh", "Qs Qd"], "Jh Th 2c ? ?")
    slow_r = generic_odds(["Ah Kh", "Qs Qd"], "Jh Th 2c ? ?", ranking="high")
    assert [p.equity for p in slow_r.players] == pytest.approx([p.equity for p in fast_r.players])
    assert slow_r.completions == fast_r.completions == 990
    fast_s = straights_odds(["Qs 9d", "Qd 3s"], "5c 4d 3d ? ?")
    slow_s = generic_odds(["Qs 9d", "Qd 3s"], "5c 4d 3d ? ?", ranking="straights")  # 55 cards
    assert slow_s.completions == fast_s.completions == 1128
    assert [p.win for p in slow_s.players] == [p.win for p in fast_s.players]
    low = generic_odds(["Ah 2h", "Kc Qd"], "3c 4d 9s ? ?", ranking="ace-to-five")
    assert low.players[0].equity > 0.99


# --------------------------------------------------------------------------- Monte Carlo


@pytest.mark.parametrize(
    ("game", "holes", "table"),
    [
        ("straights", ["Qs 9d", "Qd 3s", "? ?"], "5c 4d 3d ? ?"),
        ("holdem", ["Ah Kh", "Qs Qd", "7c 7d"], ""),
    ],
)
def test_monte_carlo_within_its_stated_error(game: str, holes: list[str], table: str) -> None:
    exact = odds(holes, table, game=game, exact=True)
    sampled = odds(holes, table, game=game, samples=200_000, seed=7)
    assert not sampled.exact and sampled.completions >= 200_000
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert s.win_se > 0
        assert abs(s.win - e.win) <= 4 * s.win_se
        assert abs(s.equity - e.equity) <= 4 * s.equity_se
    again = odds(holes, table, game=game, samples=200_000, seed=7)
    assert again.players == sampled.players  # seeded: the same deals again


def test_auto_switches_to_sampling_for_huge_jobs() -> None:
    r = straights_odds(["Ah Kh", "? ?", "? ?"], samples=None, seed=1)
    assert not r.exact and r.completions >= 1_000_000
    assert sum(p.win for p in r.players) + r.no_winner == pytest.approx(1.0)


# --------------------------------------------------------------------------- scale-out


def test_executors_and_threads_give_the_same_answers() -> None:
    base = straights_odds(["Qs 9d", "? ?"], "5c 4d 3d ? ?")
    with ThreadPoolExecutor(2) as pool:
        threaded = straights_odds(["Qs 9d", "? ?"], "5c 4d 3d ? ?", executor=pool)
    one = straights_odds(["Qs 9d", "? ?"], "5c 4d 3d ? ?", threads=1)
    assert threaded.players == base.players == one.players
    steps: list[tuple[int, int]] = []
    straights_odds(["Qs 9d", "? ?"], "5c 4d 3d ? ?", progress=lambda d, t: steps.append((d, t)))
    assert steps[-1][0] == steps[-1][1] > 1


def test_process_pool_executor() -> None:
    # Numba's OpenMP threads do not survive fork(): worker processes are spawned.
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        exact = holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?", executor=pool)
        sampled = straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=3, executor=pool)
    assert exact.players == holdem_odds(["Ah Kh", "Qs Qd"], "Jh ? ? ? ?").players
    assert sampled.players == straights_odds(["Ah Kh", "Qs Qd"], samples=64_000, seed=3).players


# --------------------------------------------------------------------------- bad input


def test_bad_input() -> None:
    with pytest.raises(ConfigurationError, match="too many unknown cards"):
        straights_odds(["? ?"] * 4, exact=True)
    with pytest.raises(DuplicateCardError, match="Qs"):
        straights_odds(["Qs 9d", "Qs 3s"], "5c 4d 3d ? ?")
    with pytest.raises(DuplicateCardError, match="2h"):
        straights_odds(["Qs 9d", "Qd 3s"], "5c 4d 3d 2h ?", dead="2h")
    with pytest.raises(HandSizeError, match="impossible deal"):
        holdem_odds(["? ?"] * 24)
    with pytest.raises(PackError, match="S, T and R"):
        holdem_odds(["S 9d", "Qd 3s"])
    with pytest.raises(PackError, match="S, T and R"):
        straights_odds(["S 9d", "Qd 3s"], pack=52)
    with pytest.raises(PackError, match="55 or 52"):
        straights_odds(["Qs 9d"], pack=53)
    with pytest.raises(HandSizeError, match="exactly 2"):
        straights_odds(["Qs 9d 8c", "Qd 3s"])
    with pytest.raises(HandSizeError, match="at most 5"):
        straights_odds(["Qs 9d", "Qd 3s"], "2c 3c 4c 5c 6c 7c")
    with pytest.raises(HandSizeError, match="one string"):
        straights_odds("Qs 9d")
    with pytest.raises(HandSizeError, match="at least one"):
        straights_odds([])
    with pytest.raises(CardNotationError):
        straights_odds(["Qx 9d", "Qd 3s"])
    with pytest.raises(ConfigurationError, match="samples=0"):
        straights_odds(["Qs 9d", "Qd 3s"], samples=0)
    with pytest.raises(ConfigurationError, match="not both"):
        straights_odds(["Qs 9d", "Qd 3s"], samples=10, exact=True)
    with pytest.raises(ConfigurationError, match="'poker'"):
        odds(["Qs 9d"], game="poker")
    with pytest.raises(ConfigurationError, match="threads=0"):
        straights_odds(["Qs 9d", "Qd 3s"], "5c 4d 3d 2c ?", threads=0)
    with pytest.raises(RankingError):
        generic_odds(["Ah Kh"], ranking="no-such-ranking")
    with pytest.raises(ConfigurationError, match="generic path"):
        generic_odds(["Ah Kh", "? ?"], exact=True, ranking="ace-to-five")
