"""The first-hour stumbles of issue 9, one test each: what a newcomer typed, and
the one clear line (or the right words) he must get back."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clitools import run_main

from straights.errors import ConfigurationError


def one_error_line(err: str) -> str:
    """The single ``error: …`` line of a refused command (and nothing else)."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and "╭" not in err
    return lines[0]


# -- tracebacks that must be one line ------------------------------------------------------


def test_a_negative_seed_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "odds", "Qs 9d", "Qd 3s", "--samples", "1000", "--seed", "-1")
    assert code == 2
    assert "--seed" in one_error_line(err)
    from straights.odds import straights_odds

    with pytest.raises(ConfigurationError, match="seed=-1"):
        straights_odds(["Qs 9d", "Qd 3s"], samples=100, seed=-1)


@pytest.mark.parametrize("path", ["/proc/version", "/dev/full"])
def test_simulate_to_a_file_that_refuses_writes(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    assert os.path.exists(path)  # Linux, where the project runs its tests
    code, _, err = run_main(capsys, "simulate", "-n", "30", "--out", path, "--no-progress")
    assert code == 2
    assert f"cannot write {path!r}" in one_error_line(err)


def test_ctrl_c_inside_compiled_code_is_one_line_and_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # What Numba does with a Ctrl-C that arrives while a kernel calls back into
    # Python: a SystemError chained to the KeyboardInterrupt.
    def interrupted(*args: object, **kwargs: object) -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise SystemError("<numba dispatcher> returned a result with an exception set") from exc

    monkeypatch.setattr("straights.odds.odds", interrupted)
    code, _, err = run_main(capsys, "odds", "Qs 9d", "Qd 3s", "--json")
    assert (code, err) == (130, "interrupted\n")


@pytest.mark.parametrize("delay", [2.5, 6.0])
def test_ctrl_c_during_a_long_odds_run(delay: float) -> None:
    """A real SIGINT to a running `straights odds` — while it imports, compiles (where
    LLVM's finalizers used to swallow it) or samples: one line, exit status 130."""
    command = ["odds", "Qs 9d", "? ?", "? ?", "--samples", "2000000000", "--seed", "1"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "straights.cli.main", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err == "interrupted\n", err


def test_ctrl_c_at_the_game_prompt_leaves_the_table_with_130() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "straights.cli.main", "play", "--seed", "1", "--no-save"],
        stdin=subprocess.PIPE,  # open and silent: the game waits at its prompt
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert proc.stdout is not None
        seen = ""
        deadline = time.monotonic() + 60
        while not seen.endswith("help › ") and time.monotonic() < deadline:
            seen += proc.stdout.read(1)
        assert "Your turn" in seen
        time.sleep(0.5)  # the prompt is written: the game now waits for an answer
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err == "interrupted\n"
    assert "Final chips" in out  # the game said goodbye first


# -- user strings are text, never Rich markup ------------------------------------------------


@pytest.mark.parametrize("name", ["[/]", "[link=http://e.vil]x[/]", "[bold red]Eve"])
def test_player_names_are_printed_as_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    script = tmp_path / "moves.txt"
    script.write_text("c\n" * 200, encoding="utf-8")
    args = ["--seats", "2", "--bots", "calling", "--hands", "1", "--seed", "2"]
    code, out, err = run_main(
        capsys, "play", "--name", name, *args, "--db", db, "--script", str(script)
    )
    assert code == 0, err
    assert "\x1b]8;" not in out  # the terminal player is "You": no markup from his name
    code, out, err = run_main(capsys, "history", "list", "--db", db)
    assert code == 0, err
    assert name in out
    code, out, err = run_main(capsys, "history", "show", "1", "--db", db)
    assert code == 0, err
    assert name in out and "\x1b]8;" not in out  # no terminal hyperlink escape


# -- wrong or silent ----------------------------------------------------------------------


@pytest.mark.parametrize("pack", ["0", "40", "53"])
def test_odds_refuses_a_pack_that_does_not_exist(
    capsys: pytest.CaptureFixture[str], pack: str
) -> None:
    code, _, err = run_main(capsys, "odds", "Qs 9d", "Qd 3s", "--pack", pack)
    line = one_error_line(err)
    assert code == 2 and f"--pack {pack}: choose 55" in line and "card Qs" not in line


def test_odds_refuses_a_pack_for_holdem(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "odds", "--game", "holdem", "Ah Kh", "Qs Qd", "--pack", "55")
    assert code == 2 and "--pack 55 is for Straights" in one_error_line(err)
    from straights.errors import PackError
    from straights.odds import odds

    with pytest.raises(PackError, match="hold'em"):
        odds(["Ah Kh", "Qs Qd"], "Ac Kc Qc Jc Tc", game="holdem", pack=55)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--seats", "2", "--bots", "random,calling"), "--bots names 2 bots"),
        (("play", "--seats", "3", "--bots", "random,calling,strength"), "--bots names 3 bots"),
        (("simulate", "-p", "2", "--bots", "random,calling,strength"), "--bots names 3 bots"),
        (("play", "--ante", "200", "--stack", "100"), "--stack 100 is less than --ante 200"),
        (("simulate", "--ante", "5", "--stack", "4"), "--stack 4 is less than --ante 5"),
        (("history", "list", "--limit", "0"), "Invalid value for '--limit'"),
        (("history", "list", "--limit", "-3"), "Invalid value for '--limit'"),
        (("history", "export", "--out", "-", "--limit", "0"), "Invalid value for '--limit'"),
        (("play", "--hands", "-1"), "Invalid value for '--hands'"),
        (("play", "--seats", "2", "--bots", ""), "--bots '': name bots like"),
        (("play", "--hands", "0"), "Invalid value for '--hands'"),
        (("simulate", "--hands", "-5"), "Invalid value for '--hands'"),
    ],
)
def test_settings_that_cannot_work_are_refused(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = (
        run_main(capsys, *args, "--no-save") if args[0] == "play" else run_main(capsys, *args)
    )
    assert code == 2, out
    assert message in one_error_line(err)
    assert "Draw for the dealer" not in out and "deals," not in out  # refused before playing


def test_the_default_bots_fit_any_table(capsys: pytest.CaptureFixture[str]) -> None:
    # Three bots by default, but a two-seat table has room for one: no complaint.
    code, out, err = run_main(capsys, "play", "--seats", "2", "--no-save", "--script", os.devnull)
    assert code == 0, err
    assert "Strength 1" in out and "Calling" not in out
    code, out, err = run_main(capsys, "simulate", "-p", "2", "-n", "3", "--no-progress")
    assert code == 0, err
    assert "strength" in out and "calling" in out and "random" not in out


# -- people count from one; JSON keeps its 0-based indexes -----------------------------------


def test_compare_counts_hands_from_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "compare", "As Ah Kd Kc 2s", "Qs Qh Qd 3c 4s")
    assert code == 0
    assert "1. hand 2" in out and "2. hand 1" in out and "Hand 2 wins" in out
    assert "hand 0" not in out.lower()
    _, out, _ = run_main(capsys, "compare", "As Ah Kd Kc 2s", "Qs Qh Qd 3c 4s", "--json")
    assert json.loads(out)["winners"] == [1]  # the second hand, 0-based as documented


def test_showdown_deal_and_odds_count_players_from_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run_main(capsys, "showdown", "--table", "5c 4d 3d 2h Jh", "Qs 9d", "Qd 3s")
    assert "Player 1 " in out and "Player 2 wins" in out and "Player 0" not in out
    _, out, _ = run_main(capsys, "deal", "--seed", "11", "--players", "3")
    assert "Player 1 " in out and "Player 3 " in out and "Player 0" not in out
    _, out, _ = run_main(capsys, "odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s")
    rows = [line for line in out.splitlines() if "%" in line and "│" in line]
    assert [r.split("│")[1].strip() for r in rows] == ["1", "2"]
    code, out, err = run_main(capsys, "odds", "Qs 9d", "Qd")
    assert code == 2 and "player 2's hole cards 'Qd' hold 1 card:" in one_error_line(err)


def test_odds_prints_cards_with_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s")
    assert code == 0
    assert "table 5♣ 4♦ 3♦ ? ?" in out and "Q♠ 9♦" in out and "Q♦ 3♠" in out
    assert "Qs 9d" not in out


# -- help and usage errors -------------------------------------------------------------------


def test_flags_are_plain_flags_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("odds", "rank", "deal", "play"):
        code, out, _ = run_main(capsys, command, "--help")
        assert code == 0
        assert "<bool>" not in out, command
    _, out, _ = run_main(capsys, "odds", "--help")
    assert "--json" in out and "<int>" in out  # options that take a value keep their type


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("odds", "--bogus"), "No such option: --bogus"),
        (("deal", "--players", "x"), "Invalid value for '--players'"),
        (("rank",), "Missing argument"),
        (("nonsense",), "No such command 'nonsense'"),
    ],
)
def test_usage_errors_are_one_line_like_the_tools_own(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, _, err = run_main(capsys, *args)
    assert code == 2
    line = one_error_line(err)
    assert message in line and "--help" in line


# -- Straights' own terminal table (tables of earlier releases resume on it) ----------------


def test_the_prompt_helps_and_says_why(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Straights at the one table: the calling bot checks to you, so you face no bet.
    script = tmp_path / "answers.txt"
    script.write_text("?\nxyzzy\n[/]\nhelp\nf\nr\nq\n", encoding="utf-8")
    code, text, err = run_main(capsys, "play", "--seats", "2", "--bots", "calling", "--seed",
                               "3", "--no-save", "--script", str(script))  # fmt: skip
    assert code == 0, err
    assert text.count("Keys:\n  c        check, call or bring in") == 2  # ? and help
    assert "  ? or h   this help" in text
    assert "Now you may: check, bet to 1." in text
    assert "'xyzzy' is not an action: c check/call, b/r bet/raise, a all in, f fold" in text
    assert "'[/]' is not an action" in text  # what was typed is echoed as text, not markup
    assert "you cannot fold now: you may check, bet to 1" in text
    assert "You bet 1\nCalling 1 calls 1" in text  # r bets when there is no bet to raise


def test_you_is_spoken_to_in_the_second_person(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("c\n" * 200, encoding="utf-8")
    args = ["--seats", "2", "--bots", "strength", "--stack", "3", "--seed", "8", "--no-save"]
    code, text, err = run_main(capsys, "play", *args, "--script", str(script))
    assert code == 0, err
    for wrong in ("You shows", "You deals", "You is ", "You pays", "You calls", "You checks"):
        assert wrong not in text
    assert "You call" in text or "You check" in text
    assert "Strength 1 calls" in text or "Strength 1 raises" in text or "Strength 1 bets" in text


def test_history_show_speaks_to_the_terminal_player(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    script = tmp_path / "moves.txt"
    script.write_text("c\n" * 50, encoding="utf-8")
    args = ["--seats", "3", "--hands", "1", "--seed", "4", "--db", db, "--script", str(script)]
    code, _, err = run_main(capsys, "play", *args)
    assert code == 0, err
    code, out, err = run_main(capsys, "history", "show", "1", "--db", db)
    assert code == 0, err
    assert "You get " in out and "Strength 1 gets " in out  # the catalogue's wording
    for wrong in ("You is ", "You shows", "You deals", "You checks", "You calls"):
        assert wrong not in out


@pytest.mark.parametrize("game", ["straights", "pai-gow"])
def test_more_bots_than_bot_seats_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    code, _, err = run_main(capsys, "simulate", "--game", game, "--players", "2", "--hands",
                            "1", "--bots", "random,random,random")  # fmt: skip
    assert code == 2
    line = one_error_line(err)
    assert "--bots names 3 bots but the table has 2 seats for bots" in line, line
