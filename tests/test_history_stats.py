"""Player statistics (:mod:`straights.history_stats`, ``straights history stats``) on small
hand-made histories whose figures are counted by hand in the comments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from clitools import run_main

from straights.errors import ConfigurationError
from straights.history_stats import Stats, count_files, iter_hands
from straights.poker.phh import loads

HEAD = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
players = ['A', 'B', 'C']
"""
DEAL = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????'"
#: A: C (button) opens to 6, A (small blind) 3-bets to 18, B folds, C calls; A bets the
#: flop (a c-bet), C folds.  A +20 chips (+10 bb), B -1 bb, C -9 bb.
HAND_3BET = HEAD + (
    f"actions = [{DEAL}, 'p3 cbr 6', 'p1 cbr 18', 'p2 f', 'p3 cc', 'd db 2c3d9h',"
    " 'p1 cbr 20', 'p3 f']\n"
)
#: B: C and A fold, a walk for B (the big blind): A -0.5 bb, B +0.5 bb.
HAND_WALK = HEAD + f"actions = [{DEAL}, 'p3 f', 'p1 f']\n"
#: C: C limps, A completes, B checks; B bets 4 on the flop, C and A call; checked down,
#: A's aces win 18 chips: A +6 bb, B -3 bb, C -3 bb.
HAND_SHOWDOWN = HEAD + (
    "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cc', 'p1 cc', 'p2 cc',"
    " 'd db 2c3d9h', 'p1 cc', 'p2 cbr 4', 'p3 cc', 'p1 cc', 'd db 7c', 'p1 cc', 'p2 cc',"
    " 'p3 cc', 'd db 8d', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm AsAd', 'p2 sm KsKd',"
    " 'p3 sm QsQd']\n"
)

#: shared/data/phh/wsop/2023/43/5/11.phh (PHH dataset, MIT licence; transcribed by Juho Kim
#: from the 2023 WSOP event 43 final table), the game lines and actions only.
WSOP_11 = """variant = 'F7S'
ante_trimming_status = true
antes = [50000, 50000, 50000, 50000, 50000]
bring_in = 50000
small_bet = 200000
big_bet = 400000
starting_stacks = [2550000, 11150000, 4425000, 6925000, 4650000]
actions = ['d dh p1 QhTcTh', 'd dh p2 JsJc2c', 'd dh p3 9d8h8c', 'd dh p4 QsTs4s',
 'd dh p5 Qd3c8d', 'p2 pb', 'p3 cbr 200000', 'p4 cc', 'p5 f', 'p1 cbr 400000',
 'p2 cbr 600000', 'p3 f', 'p4 f', 'p1 cc', 'd dh p1 6c', 'd dh p2 4h', 'p1 cc',
 'p2 cbr 200000', 'p1 cc', 'd dh p1 Kc', 'd dh p2 7h', 'p1 cc', 'p2 cbr 400000', 'p1 cc',
 'd dh p1 Ah', 'd dh p2 6h', 'p1 cc', 'p2 cbr 400000', 'p1 cc', 'd dh p1 6d', 'd dh p2 9c',
 'p1 cc', 'p2 cc', 'p1 sm QhTcTh6cKcAh6d', 'p2 sm']
players = ['James Obst', 'Talal Shakerchi', 'Brian Rast', 'Matthew Ashton', 'Kristopher Tong']
"""


def _phhs(tmp_path: Path) -> Path:
    path = tmp_path / "three.phhs"
    hands = (HAND_3BET, HAND_WALK, HAND_SHOWDOWN)
    path.write_text("".join(f"# hand {k}\n[{k}]\n{h}\n" for k, h in enumerate(hands, 1)))
    return path


def _rows(stats: Stats) -> dict[str, dict[str, object]]:
    return {str(r["player"]): r for r in stats.rows()}


def test_three_hands_counted_by_hand(tmp_path: Path) -> None:
    stats = Stats()
    stats.add_files([str(_phhs(tmp_path))])
    assert stats.hands == 3 and stats.errors == []
    rows = _rows(stats)
    a, b, c = rows["A"], rows["B"], rows["C"]
    # A: voluntary in hands 1 and 3 of 3 (no walk); raised in hand 1; 3-bet at his one
    # chance; after the flop one bet (the c-bet) and one call: AF 1, AFq 1/2; saw two
    # flops, one showdown, won it.
    assert (a["hands"], a["walks"], a["vpip"], a["pfr"]) == (3, 0, pytest.approx(2 / 3),
                                                             pytest.approx(1 / 3))  # fmt: skip
    assert (a["three_bet"], a["fold_to_three_bet"]) == (1.0, None)
    assert (a["af"], a["afq"], a["cbet"], a["fold_to_cbet"]) == (1.0, 0.5, 1.0, None)
    assert (a["wtsd"], a["wsd"]) == (0.5, 1.0)
    # +10 - 0.5 + 6 = 15.5 bb in 3 hands; s = 5.2994 bb, 1.96 s / √3 = 5.997 bb
    assert a["bb_per_100"] == pytest.approx(516.667, abs=1e-3)
    assert a["bb_per_100_ci95"] == pytest.approx([516.667 - 599.70, 516.667 + 599.70], abs=0.05)
    # B: the walk is not a hand for VPIP: 0 of 2; never faced an opening raise alone;
    # one bet after the flop and no call: AF undefined, AFq 1; lost his one showdown.
    assert (b["hands"], b["walks"], b["vpip"], b["pfr"], b["three_bet"]) == (3, 1, 0.0, 0.0, None)
    assert (b["af"], b["afq"], b["cbet"], b["fold_to_cbet"]) == (None, 1.0, None, None)
    assert (b["wtsd"], b["wsd"], b["bb_per_100"]) == (1.0, 0.0, pytest.approx(-116.667, abs=1e-3))
    # C: opened (hand 1), limped (hand 3); called the 3-bet; folded to the c-bet; one call.
    assert (c["vpip"], c["pfr"], c["three_bet"], c["fold_to_three_bet"]) == (
        pytest.approx(2 / 3), pytest.approx(1 / 3), None, 0.0)  # fmt: skip
    assert (c["af"], c["afq"], c["cbet"], c["fold_to_cbet"]) == (0.0, 0.0, None, 1.0)
    assert (c["wtsd"], c["wsd"], c["bb_per_100"]) == (0.5, 0.0, pytest.approx(-400.0))


def test_by_position_and_one_player(tmp_path: Path) -> None:
    stats = Stats(by_position=True, player="B")
    stats.add_files([str(tmp_path)] if _phhs(tmp_path) else [])
    assert [(r["player"], r["position"], r["hands"]) for r in stats.rows()] == [("B", "BB", 3)]


def test_stud_bring_in_is_not_voluntary_and_completion_opens() -> None:
    # WSOP 2023 event 43, hand 11 (seven-card stud, small bet 200,000): Talal brings in,
    # Brian completes (the opening raise), Matthew calls, Kristopher folds, James raises
    # (a 3-bet), Talal re-raises, the others fold, James calls.  Talal bets fourth to
    # sixth street (his first bet a c-bet), James calls; James wins the showdown.
    stats = Stats()
    stats.add_history(loads(WSOP_11)[0])
    rows = _rows(stats)
    james, talal = rows["James Obst"], rows["Talal Shakerchi"]
    brian, matthew, kris = rows["Brian Rast"], rows["Matthew Ashton"], rows["Kristopher Tong"]
    assert [r["vpip"] for r in (james, talal, brian, matthew, kris)] == [1.0, 1.0, 1.0, 1.0, 0.0]
    assert [r["pfr"] for r in (james, talal, brian, matthew, kris)] == [1.0, 1.0, 1.0, 0.0, 0.0]
    assert [r["three_bet"] for r in (james, talal, brian, matthew, kris)] == [
        1.0, None, None, 0.0, 0.0]  # fmt: skip
    assert (talal["cbet"], james["fold_to_cbet"]) == (1.0, 0.0)
    assert (james["af"], talal["af"], talal["afq"]) == (0.0, None, 1.0)
    assert (james["wtsd"], james["wsd"], talal["wtsd"], talal["wsd"]) == (1.0, 1.0, 1.0, 0.0)
    # finishing minus starting stacks over the small bet
    assert [r["bb_per_100"] for r in (james, talal, brian, matthew, kris)] == [
        1100.0, -825.0, -125.0, -125.0, -25.0]  # fmt: skip


def test_stud_completion_instead_of_the_bring_in_is_the_opening_raise() -> None:
    # The same deal, but Talal completes rather than bring in (the opening raise), Brian
    # raises (a 3-bet), the others fold and Talal folds to the 3-bet.
    text = WSOP_11.split("actions")[0] + (
        "actions = ['d dh p1 QhTcTh', 'd dh p2 JsJc2c', 'd dh p3 9d8h8c', 'd dh p4 QsTs4s',"
        " 'd dh p5 Qd3c8d', 'p2 cbr 200000', 'p3 cbr 400000', 'p4 f', 'p5 f', 'p1 f', 'p2 f']\n"
        + WSOP_11.split("\n")[-2]
        + "\n"
    )
    stats = Stats()
    stats.add_history(loads(text)[0])
    rows = _rows(stats)
    talal, brian = rows["Talal Shakerchi"], rows["Brian Rast"]
    assert (talal["vpip"], talal["pfr"], talal["fold_to_three_bet"]) == (1.0, 1.0, 1.0)
    assert (brian["three_bet"], rows["Matthew Ashton"]["three_bet"]) == (1.0, None)


def test_bad_hands_are_skipped_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "mixed.phhs"
    path.write_text(f"[1]\n{HAND_WALK}\n[2]\nvariant = 'NT'\nactions = [\n[3]\n{HAND_3BET}"
                    "\n[4]\n" + HEAD + "actions = ['p9 f']\n")  # fmt: skip
    stats = Stats()
    stats.add_files([str(path)])
    assert stats.hands == 2
    assert [(e.index, e.file == str(path)) for e in stats.errors] == [(1, True), (3, True)]
    assert "p9" in stats.errors[1].error


def test_pieces_keep_one_hand_each(tmp_path: Path) -> None:
    hands = list(iter_hands([str(_phhs(tmp_path))]))
    assert [(i, h["players"]) for _, i, h in hands] == [(k, ["A", "B", "C"]) for k in range(3)]  # type: ignore[index]


def test_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "history", "stats", str(_phhs(tmp_path)), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["hands"] == 3 and doc["errors"] == []
    c = next(r for r in doc["players"] if r["player"] == "C")
    for key in ("hands", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "bb_per_100"):
        assert key in c
    assert (c["hands"], c["wtsd"], c["bb_per_100"]) == (3, 0.5, -400.0)


def test_cli_text_errors_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(_phhs(tmp_path))
    code, out, _ = run_main(capsys, "history", "stats", path, "--by", "position")
    assert code == 0 and "BTN" in out and "3 hands" in out
    code, _, err = run_main(capsys, "history", "stats", path, "--player", "Zed")
    assert (code, err) == (2, "error: no hand of 'Zed' in 3 hands read\n")
    code, _, err = run_main(capsys, "history", "stats", path, "--by", "table")
    assert code == 2 and err.startswith("error: --by 'table'")
    code, _, err = run_main(capsys, "history", "stats", str(tmp_path / "nope"))
    assert code == 2 and "no such file" in err
    png = tmp_path / "won.png"
    code, _, err = run_main(capsys, "history", "stats", path, "--plot", str(png))
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG"


def test_errors_are_configuration_errors() -> None:
    with pytest.raises(ConfigurationError):
        Stats().add_files(["/nonexistent/dir/x.phh"])


def assert_same_rows(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> None:
    """Equal rows, the sums of big blinds (added in another order) to 1e-9."""
    money = ("bb_per_100", "bb_per_100_ci95")
    assert [{k: v for k, v in r.items() if k not in money} for r in got] == [
        {k: v for k, v in r.items() if k not in money} for r in want
    ]
    for g, w in zip(got, want, strict=True):
        assert g["bb_per_100"] == pytest.approx(w["bb_per_100"], rel=1e-9)
        assert (g["bb_per_100_ci95"] is None) == (w["bb_per_100_ci95"] is None)
        if w["bb_per_100_ci95"] is not None:
            assert g["bb_per_100_ci95"] == pytest.approx(w["bb_per_100_ci95"], rel=1e-9)


def _three_files(tmp_path: Path) -> Path:
    folder = tmp_path / "hands"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.phh").write_text(HAND_3BET)
    (folder / "sub" / "b.phhs").write_text(f"[1]\n{HAND_WALK}\n[2]\n{HAND_SHOWDOWN}")
    (folder / "notes.txt").write_text("not a hand history")
    return folder


def test_processes_count_as_one_process_does(tmp_path: Path) -> None:
    folder = str(_three_files(tmp_path))
    serial = count_files([folder])
    spread = count_files([folder], executor="processes", workers=2)
    assert serial.hands == spread.hands == 3
    assert_same_rows(spread.rows(), serial.rows())
    assert _rows(spread)["A"]["bb_per_100"] == pytest.approx(516.667, abs=1e-3)
    with pytest.raises(ConfigurationError, match="executor 'threads'"):
        count_files([folder], executor="threads")


def test_cli_processes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(_three_files(tmp_path))
    code, out, _ = run_main(capsys, "history", "stats", folder, "--json",
                            "--executor", "processes", "--workers", "2")  # fmt: skip
    assert code == 0 and json.loads(out)["hands"] == 3
