"""`straights play`, `simulate` and `history`, run as a user would (scripted input)."""

from __future__ import annotations

from pathlib import Path

from clitools import run

from straights.poker.phh import loads, replay


def test_play_runs_to_the_end_from_scripted_input(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    # Always check or call: the game ends when one player has every chip.
    out = run("play", "--seats", "2", "--stack", "6", "--bots", "random", "--seed", "3",
              "--db", db, stdin="c\n" * 3000)  # fmt: skip
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Draw for the dealer" in text and "Deal 1" in text
    assert "Your turn:" in text and "Final chips" in text
    assert "every chip" in text or "out of chips" in text
    # Every deal was saved, and the store reads back.
    listing = run("history", "list", "--db", db, "--limit", "500")
    assert listing.returncode == 0, listing.stderr
    deals = text.count("─ Deal ")
    assert deals >= 1 and listing.stdout.count(" 1 ") >= 1
    export = tmp_path / "out.phhs"
    done = run("history", "export", "--db", db, "--out", str(export))
    assert done.returncode == 0, done.stderr
    histories = loads(export.read_text(encoding="utf-8"))
    assert len(histories) == deals
    for h in histories:  # the one table archives Straights with the catalogue's code
        assert h["variant"] == "_STR55L"
        assert replay(h).finishing_stacks == h["finishing_stacks"]
    show = run("history", "show", "1", "--db", db)
    assert show.returncode == 0, show.stderr
    assert "You get" in show.stdout and "Table: " in show.stdout  # the catalogue's wording
    assert "Stacks after:" in show.stdout
    raw = run("history", "show", "1", "--db", db, "--phh")
    assert raw.returncode == 0 and 'variant = "_STR55L"' in raw.stdout and "d dh p1" in raw.stdout


def test_play_quits_on_q_and_explains_bad_keys(tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("xyzzy\nc\nq\n", encoding="utf-8")
    out = run("play", "--seed", "1", "--no-save", "--script", str(script), "--seats", "3")
    assert out.returncode == 0, out.stderr
    assert "'xyzzy' is not an action: c check/call" in out.stdout
    assert "Final chips" in out.stdout


def test_play_end_of_input_quits_cleanly() -> None:
    out = run("play", "--seed", "2", "--no-save", stdin="")
    assert out.returncode == 0, out.stderr
    assert "Final chips" in out.stdout


def test_play_rejects_bad_settings() -> None:
    out = run("play", "--no-save", "--betting", "pot")
    assert out.returncode == 2 and "error: betting='pot'" in out.stderr
    out = run("play", "--no-save", "--bots", "shark")
    assert out.returncode == 2 and "'shark' is not a bot" in out.stderr
    out = run("play", "--no-save", "--script", "/nonexistent/moves.txt")
    assert out.returncode == 2 and "--script '/nonexistent/moves.txt'" in out.stderr
    for seats in ("0", "1", "11"):  # the CLI has no allow_many_seats: say the range only
        out = run("play", "--no-save", "--seats", seats)
        assert out.returncode == 2
        assert out.stderr == f"error: --seats {seats}: a table seats 2 to 10 players\n"
    out = run("simulate", "--hands", "0", "--no-progress")
    assert out.returncode == 2 and "Invalid value for '--hands'" in out.stderr


def test_simulate_summary_and_histories(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    out = run("simulate", "--players", "6", "--hands", "300", "--seed", "7", "--betting",
              "limit", "--bots", "strength,random,calling", "--out", str(path),
              "--no-progress")  # fmt: skip
    assert out.returncode == 0, out.stderr
    for word in ("strength", "random", "calling", "95% interval", "carry-overs", "average pot"):
        assert word in out.stdout
    histories = loads(path.read_text(encoding="utf-8"))
    assert len(histories) == 300
    # Straights deals at the one table: archived in the catalogue's dialect, live antes.
    assert {h["variant"] for h in histories} == {"_STR55L"}
    assert all(h["antes"] == [1] * 6 and h["ante_trimming_status"] is False for h in histories)
    for h in histories:
        assert replay(h).finishing_stacks == h["finishing_stacks"]


def test_simulate_is_repeatable_with_a_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.phhs", tmp_path / "b.phhs"
    for p in (a, b):
        run("simulate", "-p", "4", "-n", "50", "--seed", "3", "--bots", "random", "--out", str(p),
            "--no-progress")  # fmt: skip
    assert a.read_text() == b.read_text()


def test_history_show_unknown_hand(tmp_path: Path) -> None:
    from straights.store import Store

    Store(str(tmp_path / "x.db")).close()
    out = run("history", "show", "42", "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert out.returncode == 2 and "no hand 42" in out.stderr
