"""The Pai Gow bots: the house way, and the equity bot's setting by its estimate."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from clitools import run

from straights.bots.paigow import (
    BankHands,
    EquityPaiGowBot,
    HouseWayBot,
    estimate_settings,
    make_paigow_bot,
    mask_of,
    results,
)
from straights.cards import parse_cards
from straights.errors import ConfigurationError
from straights.paigow.house_way import house_way
from straights.paigow.rules import PaiGowRules, Setting, pack


def keys(*settings: Setting) -> tuple[Any, Any]:
    """The two-card and five-card keys of ``settings``, as the estimate compares them."""
    front = np.array([s.front_value.key[0] for s in settings], dtype=np.int64)
    back = np.array([s.back_value.key[0] for s in settings], dtype=np.int64)
    return front, back


def pool_of(*bank: str) -> BankHands:
    """A pool of the bank hands ``bank`` (seven cards each), set the house way."""
    settings = [house_way(parse_cards(cards)).setting for cards in bank]
    front, back = keys(*settings)
    masks = np.array([mask_of(parse_cards(cards)) for cards in bank], dtype=np.int64)
    return BankHands(masks, front, back)


# -- the scoring of one bank hand, worked by hand ---------------------------------------------

# The bank's house way for As Ad Kc Qd 9h 5s 2c: K-Q in front of a pair of aces.
BANK = Setting.of("Kc Qd", "As Ad 9h 5s 2c")
WIN = Setting.of("Ah Kh", "7s 7d 3c 3h 4d")  # A-K beats K-Q, two pairs beat aces
PUSH = Setting.of("Ah Kh", "Qs Qh Jc 8d 4c")  # A-K wins, queens lose to aces
LOSE = Setting.of("Jh Tc", "Qs Qh Jc 8d 4c")  # J-T and queens both lose
COPY_FRONT = Setting.of("Kh Qs", "7s 7d 3c 3h 4d")  # K-Q copies (the bank's), two pairs win
COPY_BOTH = Setting.of("Kh Qs", "Ah Ac 9d 5c 2h")  # both copy: both the bank's


def test_one_bank_hand_scores_win_push_loss_and_copies_by_hand() -> None:
    front, back = keys(WIN, PUSH, LOSE, COPY_FRONT, COPY_BOTH)
    bank_front, bank_back = keys(BANK)
    # A bet of 20 at 5%: a win pays 20 - 1 = 19; a push 0; a loss -20.
    got = results(front, back, bank_front, bank_back, 19, 20)
    assert got.tolist() == [19, 0, -20, 0, -20]
    # A bet of 25: the commission is 5% of 25 = 1.25, rounded up to 2: a win pays 23.
    got = results(front, back, bank_front, bank_back, 23, 25)
    assert got.tolist() == [23, 0, -25, 0, -25]


def test_the_estimate_keeps_only_bank_hands_that_miss_its_cards() -> None:
    seven = parse_cards("Ah Kh 7s 7d 3c 3h 4d")  # WIN's cards
    pool = pool_of(
        "As Ad Kc Qd 9h 5s 2c",  # the bank above: WIN wins 19
        "Ah Ac Kd Qs 9d 5c 2h",  # holds the Ah: not a hand the bank can have
        # Three pairs (the joker is an ace here): K-K in front of J-J-6-6-A; the seven
        # above hold at best sevens in front and 7-7-3-3 behind: every setting loses.
        "Ks Kd Jk Jc Jd 6s 6h",
    )
    found = estimate_settings(seven, 20, PaiGowRules(), pool)
    assert found.samples == 2
    by_front = {frozenset(e.setting.front): e.per_chip for e in found.settings}
    # A-K in front of 7-7-3-3-4: +19 against the first bank hand, -20 against the second.
    assert by_front[frozenset(parse_cards("Ah Kh"))] == pytest.approx((19 - 20) / 40)
    assert found.best.per_chip == pytest.approx(-1 / 40)
    assert found.house.setting.front == house_way(seven).setting.front


def test_a_tie_keeps_the_house_way() -> None:
    # Against five aces behind (four aces and the joker) and kings in front, nothing
    # without an ace wins either hand: every setting loses the bet, the house way is set.
    pool = pool_of("As Ad Ah Ac Jk Ks Kd")
    seven = parse_cards("Qs Qh Jd 9c 7h 4s 2d")
    found = estimate_settings(seven, 20, PaiGowRules(), pool)
    assert {e.per_chip for e in found.settings} == {-1.0}
    assert found.best.setting == house_way(seven).setting


# -- the equity bot's settings -------------------------------------------------------------------


def test_the_setting_is_always_legal() -> None:
    rng = random.Random(12)
    cards = list(pack())
    bot = EquityPaiGowBot()
    for _ in range(150):
        seven = rng.sample(cards, 7)
        setting = bot.setting(seven, 20)
        assert not setting.fouled
        assert sorted(c.id for c in setting.cards()) == sorted(c.id for c in seven)


@pytest.mark.parametrize(
    ("seven", "front"),
    [
        # A pair of queens with ace-king: the pair behind, ace-king in front.  Splitting
        # the queens (Q-Q in front) leaves ace-king high behind, which loses most backs.
        ("Qs Qh Ad Kc 8d 5h 2c", "Ad Kc"),
        # No pair: the ace behind, king-queen in front.
        ("As Kd Qh 9c 7d 4s 2h", "Kd Qh"),
        # Kings and sevens with no ace: split, the kings behind, the sevens in front.
        ("Ks Kd 7h 7c Jd 5s 3h", "7h 7c"),
    ],
)
def test_hand_checked_spots_where_the_house_way_and_the_estimate_agree(
    seven: str, front: str
) -> None:
    cards = parse_cards(seven)
    assert frozenset(house_way(cards).setting.front) == frozenset(parse_cards(front))
    assert frozenset(EquityPaiGowBot().setting(cards, 20).front) == frozenset(parse_cards(front))


def test_bots_by_name() -> None:
    assert isinstance(make_paigow_bot("house"), HouseWayBot)
    for kind in ("equity", "equity:tight", " Equity:aggressive "):
        assert isinstance(make_paigow_bot(kind), EquityPaiGowBot)
    for kind in ("random", "calling", "strength", "cfr"):
        assert isinstance(make_paigow_bot(kind), HouseWayBot)
    with pytest.raises(ConfigurationError, match="'bank' is not a Pai Gow bot"):
        make_paigow_bot("bank")


# -- the commands ---------------------------------------------------------------------------------


def test_simulate_reports_each_bot_per_chip_bet() -> None:
    out = run("simulate", "--game", "pai-gow", "--bots", "equity,house", "-n", "30", "-p", "4",
              "--seed", "5", "--json")  # fmt: skip
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    rows = {row["bot"]: row for row in summary["bots"]}
    assert set(rows) == {"equity", "house"}
    assert rows["equity"]["sets"] == "estimate" and rows["house"]["sets"] == "house way"
    for row in rows.values():
        assert row["seats"] == 2 and row["bets"] == 60
        assert sum(row["outcomes"].values()) == 60
        assert row["per_chip"] == pytest.approx(row["chips_won"] / (60 * 20))
        low, high = row["ci95"]
        assert low < row["per_chip"] < high
    # Every chip the bots won, the house lost.
    assert sum(row["chips_won"] for row in rows.values()) == -summary["house_result"]


def test_simulate_names_the_bots_in_its_histories(tmp_path: Path) -> None:
    path = tmp_path / "pg.phhs"
    out = run("simulate", "--game", "pai-gow", "--bots", "equity,house", "-n", "3", "-p", "2",
              "--seed", "1", "--no-progress", "--out", str(path))  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "Each bot's result per chip bet" in out.stdout
    text = path.read_text(encoding="utf-8")
    assert "Equity 1" in text and "House way 2" in text


def test_play_seats_the_named_bots(tmp_path: Path) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("\nh\nq\n", encoding="utf-8")
    out = run("play", "--no-save", "--game", "pai-gow", "--seed", "3", "--seats", "3",
              "--bots", "equity,house", "--script", str(script))  # fmt: skip
    assert out.returncode == 0, out.stderr
    # The house-way bot's setting is told as the house way's; the equity bot's is its own.
    assert "Bot 3 sets" in out.stdout and "Bot 2 sets" in out.stdout
    line = next(x for x in out.stdout.splitlines() if x.startswith("Bot 3 sets"))
    assert "(house way)" in line


def test_bad_pai_gow_bots_are_one_line() -> None:
    out = run("simulate", "--game", "pai-gow", "--bots", "bank", "-n", "3")
    assert out.returncode == 2
    assert out.stderr.startswith("error: --bots: 'bank' is not a Pai Gow bot: choose one of house")
    out = run("play", "--no-save", "--game", "pai-gow", "--seats", "2", "--bots", "equity,house")
    assert out.returncode == 2 and "--bots names 2 bots but the table has 1 seat" in out.stderr


def test_the_arena_deals_pai_gow_session_after_session() -> None:
    from straights.bots.arena import PaiGowArena, simulate

    # With 20 chips each, one lost bet of 20 ends a session: a fresh one starts.
    result = simulate(PaiGowArena(["house", "equity"], bet=20, stack=20), hands=30, seed=3)
    assert result.hands == 30 and result.players == 2 and sum(result.outcomes.values()) == 60
    assert result.sessions > 1
    equity = result.bots["equity"]
    assert equity.deals == 30 and sum(equity.outcomes.values()) == 30
    assert equity.mean == pytest.approx(equity.total / (30 * 20))
    # Every chip the bots won, the bank lost; its edge is per chip bet.
    assert sum(b.total for b in result.bots.values()) == -result.bank.total
    assert result.edge == pytest.approx(result.bank.total / (30 * 2 * 20))


def test_simulate_numbers_each_history_by_its_tables_deals(tmp_path: Path) -> None:
    from straights.poker.phh import loads

    path = tmp_path / "pg.phhs"
    out = run("simulate", "--game", "pai-gow", "-n", "12", "-p", "2", "--stack", "20",
              "--seed", "3", "--no-progress", "--out", str(path))  # fmt: skip
    assert out.returncode == 0, out.stderr
    histories = loads(path.read_text(encoding="utf-8"))
    numbers = [h["hand"] for h in histories]
    assert len(numbers) == 12 and numbers[0] == 1 and numbers.count(1) > 1
    for last, number, history in zip(numbers, numbers[1:], histories[1:], strict=False):
        # 1 at a fresh table (full stacks), else one more than the deal before.
        assert number == last + 1 or (number == 1 and history["starting_stacks"] == [20, 20])
