"""``straights tournament``: bots play one to the end; JSON, a readable summary on a
terminal (through a pseudo-terminal), and bad settings refused in one line."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from clitools import run_main
from ptytools import finish, run, spawn


def test_the_eighteen_player_tournament_prints_the_whole_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_main(capsys, "tournament", "--players", "18", "--table-size", "9",
                            "--bots", "equity,strength,calling,random", "--seed", "3",
                            "--schedule", "turbo", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    places = data["places"]
    assert sorted(p["place"] for p in places) == list(range(1, 19))
    assert len({p["name"] for p in places}) == 18
    assert data["prize_pool"] == 1800 == sum(p["prize"] for p in places)
    assert [p["prize"] for p in places[:5]] == [720, 540, 360, 180, 0]  # 40/30/20/10 %
    assert data["chips"] == 18 * 1500 and data["tables"] == 2
    assert [b["table"] for b in data["tables_broken"]] == [2]
    assert data["final_table"]["at_deal"] == data["tables_broken"][0]["at_deal"]
    assert len(data["final_table"]["players"]) == 9
    levels = data["levels"]
    assert levels[0] == {"level": 1, "small_blind": 10, "big_blind": 20, "ante": 0,
                         "big_blind_ante": False, "stakes": "blinds 10/20",
                         "from_deal": 1}  # fmt: skip
    assert [lv["level"] for lv in levels] == list(range(1, len(levels) + 1))
    assert all(p["busted_at_deal"] is None for p in places[:1])
    outs = [p["busted_at_deal"] for p in places[1:]]
    assert outs == sorted(outs, reverse=True)  # the later out, the better the place


def test_rebuys_late_entries_and_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "tournament", "--players", "10", "--table-size", "6",
                            "--late", "2", "--reentries", "1", "--rebuys", "1",
                            "--add-on", "1000", "--deal", "icm", "--seed", "2", "--schedule",
                            "turbo", "--bots", "calling,random", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    places = data["places"]
    buys = sum(p["entries"] + p["rebuys"] + p["add_ons"] for p in places)
    assert data["prize_pool"] == 100 * buys == sum(p["prize"] for p in places)
    assert data["entries"] == sum(p["entries"] for p in places) > 10
    assert data["deal"] == "icm" and [p["dealt"] for p in places[:4]] == [True] * 3 + [False]


@pytest.mark.parametrize(
    ("game", "first"),
    [
        ("stud", "ante 2 · bring-in 5 · bets 20/40"),
        ("razz", "ante 2 · bring-in 5 · bets 20/40"),
        ("omaha", "blinds 10/20"),
        ("2-7-triple-draw", "blinds 10/20 · bets 20/40"),
    ],
)
def test_any_game_of_the_catalogue_plays_to_the_end(
    capsys: pytest.CaptureFixture[str], game: str, first: str
) -> None:
    code, out, _ = run_main(capsys, "tournament", "--game", game, "--players", "10",
                            "--bots", "calling,strength,random", "--seed", "5",
                            "--schedule", "turbo", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["table_size"] == (8 if game in ("stud", "razz") else 9)  # stud deals to 8
    assert data["tables"] == 2 and data["finished"]
    assert data["levels"][0]["stakes"] == first
    places = data["places"]
    assert sorted(p["place"] for p in places) == list(range(1, 11))
    assert [p["prize"] for p in places[:4]] == [500, 300, 200, 0]  # 50/30/20 % of 1,000


def test_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "tournament", "--help")
    assert code == 0 and "<bool>" not in out
    for option in ("--players", "--table-size", "--bots", "--game", "--schedule", "--levels",
                   "--payouts", "--rebuys", "--add-on", "--late", "--reentries", "--deal",
                   "--json"):  # fmt: skip
        assert option in out
    assert "SMALL/BIG/ANTE" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "stud", "--table-size", "9"],
            "error: Fixed-limit seven-card stud deals to at most 8",
        ),
        (["--game", "pai-gow"], "error: --game pai-gow: a tournament deals one poker game"),
        (["--table-size", "11"], "error: table size 11: a table seats 2 to 10"),
        (["--payouts", "50,30"], "error: payouts 50, 30 add up to 80%"),
        (["--deal", "half"], "error: --deal half: choose icm or chips"),
        (["--levels", "20/10"], "error: level 20/10: give a small blind"),
        (["--players", "1"], "error: --players 1: a tournament needs two or more"),
        (["--bots", "cfr"], "error: the cfr bot plays only Straights"),
    ],
)
def test_bad_settings_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "tournament", "--players", "4", *args)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_a_terminal_shows_progress_then_the_readable_summary() -> None:
    done = run("tournament", "--players", "18", "--table-size", "9", "--seed", "3",
               "--schedule", "turbo", timeout=120)  # fmt: skip
    assert done.status == 0, done.output
    assert "Playing" in done.output and "players out" in done.output  # the progress bar
    text = done.output
    assert "18 players, 2 tables of 9, holdem" in text
    assert "place" in text and "prize" in text
    assert "levels played: 1) blinds 10/20, 2) blinds 15/30" in text
    assert "table 2 broken after deal" in text and "final table after deal" in text
    assert "Traceback" not in text


def test_ctrl_c_ends_a_long_tournament_at_once(tmp_path: Path) -> None:
    child = spawn("tournament", "--players", "500", "--table-size", "10", cwd=tmp_path)
    child.expect("Playing", timeout=90)
    time.sleep(1.5)  # well at work
    assert child.isalive(), "the tournament ended before Ctrl-C"
    started = time.monotonic()
    child.sendintr()
    done = finish(child, timeout=10)
    assert time.monotonic() - started < 3.0
    assert done.status == 130 and done.output.rstrip().endswith("interrupted")
    assert "Traceback" not in done.output


def test_out_writes_every_deal_as_a_hand_history_that_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.phhs"
    code, out, _ = run_main(capsys, "tournament", "--players", "6", "--table-size", "3",
                            "--seed", "1", "--schedule", "turbo", "--json",
                            "--out", str(path))  # fmt: skip
    assert code == 0
    deals = json.loads(out)["deals"]
    text = path.read_text(encoding="utf-8")
    assert text.count("\ntable = ") == deals and "level = 1\n" in text
    code, out, _ = run_main(capsys, "history", "replay", str(path), "--json")
    assert code == 0
    replayed = [json.loads(line) for line in out.splitlines()]
    assert len(replayed) == deals and all(r["variant"] == "NT" for r in replayed)
