"""``straights solve`` on the command line, and the ``cfr`` bot in the full game."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from clitools import run_main

from straights.bots import make_bot
from straights.bots.arena import PokerArena, simulate
from straights.bots.cfr import CfrBot
from straights.cards import make_deck
from straights.errors import StraightsError
from straights.poker import Deal, DealView, Stakes, deal_view, get_variant
from straights.solver.game import kuhn, mini_straights
from straights.solver.solve import solve
from straights.solver.strategy import load
from straights.solver.summary import BUCKETS, PolicyTable, equities, shipped, summarise
from straights.solver.tree import build_tree


def test_solve_kuhn_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "kuhn.npz"
    code, stdout, _ = run_main(
        capsys, "solve", "--game", "kuhn", "-n", "400", "-o", str(out), "--json"
    )
    assert code == 0
    data = json.loads(stdout)
    assert data["iterations"] == 400
    assert data["info_sets"] == 12
    assert data["value_player1"] == pytest.approx(-1 / 18, abs=1e-3)
    assert 0 <= data["exploitability_mante"] < 1
    curve = [c["exploitability_mante"] for c in data["curve"]]
    assert curve[0] > curve[-1]
    assert data["strategy"] == str(out)
    assert load(out).policy("Js", [], "r")["f"] == pytest.approx(1, abs=0.01)


def test_solve_prints_a_table_and_a_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    png = tmp_path / "curve.png"
    args = ("solve", "--game", "kuhn", "-n", "50", "-o", str(tmp_path / "k.npz"))
    code, stdout, _ = run_main(capsys, *args, "--plot", str(png), "--executor", "threads")
    assert code == 0
    assert "milli-antes/hand" in stdout
    assert "12 information sets" in stdout
    assert "average strategy written to" in stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "holdem"), "--game 'holdem' is not known"),
        (("--executor", "gpu"), "--executor 'gpu' is not known"),
        (("-o", "out.txt"), "must end in .npz"),
        (("-o", "no/such/folder/s.npz"), "no folder"),
        (("--pack", "S T R 5c 6h 7h"), "too small"),
        (("--pack", "S T R 5c 6h 7h 8h 8c 9d Ts Tz"), "Tz"),
        (("--game", "kuhn", "--raises", "1"), "are for mini-straights"),
        (("--plot", "curve.jpg"), "must end in .png"),
        (("-n", "0"), "greater than or equal to 1"),
    ],
)
def test_solve_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, stdout, stderr = run_main(capsys, "solve", *args)
    assert code == 2
    assert stdout == ""
    assert stderr.startswith("error:")
    assert message in stderr
    assert "Traceback" not in stderr


def test_mini_straights_solve_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "mini.npz"
    code, stdout, _ = run_main(
        capsys, "solve", "-n", "2", "--raises", "0", "-o", str(out), "--json"
    )
    assert code == 0
    data = json.loads(stdout)
    assert data["game"]["raises"] == 0
    assert data["exploitability_mante"] > 0
    saved = load(out)
    probs = saved.policy("8h 8c", ["5c"], "")
    assert set(probs) == {"c", "r"}
    assert sum(probs.values()) == pytest.approx(1)


# --- equity bands and the policy table -----------------------------------------------------


def test_equities_of_kuhn_and_mini_straights() -> None:
    eq = equities(build_tree(kuhn()))
    assert eq[0].tolist() == [[0.0, 0.5, 1.0]]  # J Q K
    tree = build_tree(mini_straights(raises=0))
    levels = equities(tree)
    for e in levels:
        assert ((e >= 0) & (e <= 1)).all()
    # A random hand beats another half the time, less rule 10's carry-overs.
    assert 0.45 < levels[0].mean() < 0.5


def test_summary_of_kuhn_is_its_equilibrium() -> None:
    table = summarise(solve(kuhn(), 3000))
    assert table.probabilities(0, 1, 1, 0.0)["f"] == pytest.approx(1, abs=0.01)  # J facing a bet
    assert table.probabilities(0, 1, 1, 0.5)["c"] == pytest.approx(1 / 3, abs=0.02)  # Q calls 1/3
    assert table.probabilities(0, 0, 1, 1.0)["r"] == pytest.approx(1, abs=0.01)  # K bets
    assert table.probabilities(1, 3, 0, 0.5) == {}


def test_shipped_table_is_a_mini_straights_solution(tmp_path: Path) -> None:
    table = shipped()
    assert "Mini Straights" in str(table.source["game"])
    for key, rows in table.rows.items():
        assert len(rows) == BUCKETS, key
        for row in rows:
            assert sum(row) == pytest.approx(1, abs=1e-3)
    # Stronger hands bet more often when first to act in round 1.
    opening = [row[2] for row in table.rows["0-0-0"]]
    assert opening[-1] > opening[0]
    path = tmp_path / "t.json"
    table.save(path)
    assert PolicyTable.read(path) == table
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(StraightsError, match="not a cfr policy table"):
        PolicyTable.read(path)


# --- the cfr bot in the full game ----------------------------------------------------------


def test_cfr_bot_plays_whole_deals() -> None:
    assert isinstance(make_bot("cfr", rng=3), CfrBot)
    for code, seats in (("_STR55L", 2), ("_STR55N", 3)):
        result = simulate(
            PokerArena([get_variant(code)], ["cfr", "calling"], players=seats, ante=1),
            hands=30,
            seed=4,
        )
        assert result.hands == 30
        assert sum(s.total for s in result.bots.values()) + result.carried_at_end == 0


def test_cfr_bot_uses_the_table_in_limit_and_falls_back_in_no_limit() -> None:
    bot = CfrBot(rng=2)

    def first_view(code: str) -> DealView:
        deal = Deal(get_variant(code), Stakes.uniform(2, ante=1, min_bet=1), [100, 100],
                    make_deck("straights").shuffled(9))  # fmt: skip
        assert deal.actor is not None
        return deal_view(deal, deal.actor)

    limit = first_view("_STR55L")
    probs = bot.deal_probabilities(limit)
    assert set(probs) == {"f", "c", "r"} and sum(probs.values()) == pytest.approx(1, abs=1e-3)
    assert probs["f"] == 0  # nobody folds when he may check
    no_limit = first_view("_STR55N")
    assert bot.deal_probabilities(no_limit) == {}
    assert bot.decide(no_limit).kind in {a.kind for a in no_limit.legal}
    assert np.isfinite(bot.fallback.deal_equity(limit))
