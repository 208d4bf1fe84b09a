"""`straights play --game pai-gow`, `simulate --game pai-gow` and `games`, run as a user would."""

from __future__ import annotations

import json
import re
from pathlib import Path

from clitools import run

from straights.poker.phh import loads as phh_loads

# Seed 3 with two seats: deal 1 gives you A♣ Q♦ J♠ J♣ 8♠ 7♦ 2♥ (numbered in that order),
# deal 2 Q♠ 7♦ 7♣ 6♦ 5♥ 4♥ 2♦.  Bad answers come first: each is one line, then the prompt again.
SCRIPT = "\n".join(
    [
        "",  # bet the offered 20
        "9 9",  # no position 9
        "1 1",  # the same card twice
        "",  # empty
        "xyz",
        "3 4",  # jacks in front of ace high: a foul
        "?",
        "h",  # the house way
        "abc",  # not a bet
        "500",  # more than the stack
        "30",  # 5 % of 30 is not a whole chip
        "40",
        "1 4",  # Q-6 in front of a pair of sevens
        "q",
    ]
)


def test_a_scripted_game_of_pai_gow(tmp_path: Path) -> None:
    script = tmp_path / "answers.txt"
    script.write_text(SCRIPT + "\n", encoding="utf-8")
    out = run("play", "--no-save", "--game", "pai-gow", "--seed", "3", "--seats", "2",
              "--script", str(script))  # fmt: skip
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Your cards: 1:A♣ 2:Q♦ 3:J♠ 4:J♣ 5:8♠ 6:7♦ 7:2♥" in text
    assert "h the house way (1 2)" in text
    # Bad input: one clear line each, and the prompt again.
    # (cards named by position: the same words as a draw game's)
    assert "position 9 is not one of your cards: they are 1 to 7" in text
    assert "name each card once" in text
    assert "An empty answer: type two positions" in text
    assert "'xyz': give card positions as numbers from 1 to 7" in text
    assert re.search(
        r"Not allowed: the two-card hand \(pair of jacks\) beats the five-card\s+hand", text
    )
    assert "'abc' is not a bet" in text and "a bet of 500 is more than the 119 chips" in text
    assert "a bet of 30 is not a multiple of 20" in text
    assert text.count("Two-card hand: two positions") == 7 + 1  # seven prompts in deal 1, one in 2
    # The house way and its result, the bank's setting, and the second deal as set by hand.
    assert "You set A♣ Q♦ | J♣ J♠ 8♠ 7♦ 2♥ (house way)" in text
    assert "You: five-card wins, two-card wins: wins 19 (bet 20, commission 1)" in text
    assert "The bank sets T♦ 9♠ | A♦ 8♣ 6♥ 3♦ 2♦ (house way)" in text
    assert "You set Q♠ 6♦ | 7♣ 7♦ 5♥ 4♥ 2♦: two-card queen high, five-card pair of sevens" in text
    assert "You: five-card wins, two-card loses: a push (bet 40)" in text
    # Chips: 100 + 19 + 0 for you, the bot won 19 twice; the house lost both.
    assert "Final chips" in text and "  You: 119" in text and "  Bot 2: 138" in text
    assert "The house lost 57 in 2 deal(s)." in text
    assert "Traceback" not in out.stderr


def test_leaving_mid_deal_sets_the_hand_the_house_way() -> None:
    out = run("play", "--no-save", "--game", "pai-gow", "--seed", "3", "--seats", "1",
              stdin="\nq\n")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "You leave: your hand is set the house way." in out.stdout
    assert "You set" in out.stdout and "(house way)" in out.stdout
    assert "in 1 deal(s)" in out.stdout


def test_end_of_input_and_hands_limit_end_the_game() -> None:
    out = run("play", "--no-save", "--game", "Pai Gow", "--seed", "8", "--seats", "3",
              "--hands", "2", stdin="\nh\n\nh\n\nh\n")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "in 2 deal(s)" in out.stdout and "Deal 3" not in out.stdout
    assert out.stdout.count("Bot 2 sets") == 2 and out.stdout.count("Bot 3 sets") == 2


def test_bad_pai_gow_settings_are_one_line() -> None:
    out = run("play", "--no-save", "--game", "pai-gow", "--seats", "7")
    assert out.returncode == 2
    assert out.stderr.strip() == "error: --seats 7: Pai Gow seats 1 to 6 players against the bank"
    out = run("play", "--no-save", "--game", "pai-gow", "--resume")
    assert out.returncode == 2 and "drop --no-save" in out.stderr
    out = run("play", "--no-save", "--game", "pai-gow", "--stack", "1")
    assert out.returncode == 2 and out.stderr.startswith("error: ")


def test_simulate_pai_gow_json_and_histories(tmp_path: Path) -> None:
    path = tmp_path / "pg.phhs"
    out = run("simulate", "--game", "pai-gow", "-n", "40", "-p", "3", "--seed", "2", "--json",
              "--out", str(path))  # fmt: skip
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "pai-gow" and summary["deals"] == 40 and summary["players"] == 3
    assert sum(summary["outcomes"].values()) == 120
    assert summary["commission"] == summary["outcomes"]["win"]  # bet 20: one chip each win
    again = run("simulate", "--game", "pai-gow", "-n", "40", "-p", "3", "--seed", "2", "--json")
    assert json.loads(again.stdout) == summary
    replayed = run("history", "replay", str(path), "--json")
    assert replayed.returncode == 0, replayed.stderr
    rows = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(rows) == 40 and all(row["variant"] == "_PAIGOW" for row in rows)
    # The players' results and the house's add up to nothing; each deal starts with the
    # stacks the last one left (a fresh session with 100 each when one cannot bet 20).
    histories = phh_loads(path.read_text(encoding="utf-8"))
    starts = [h["starting_stacks"] for h in histories]
    ends = [row["finishing_stacks"] for row in rows]
    players_won = sum(
        e - s
        for start, end in zip(starts, ends, strict=True)
        for s, e in zip(start, end, strict=True)
    )
    assert players_won == -summary["house_result"]
    assert starts[0] == [100, 100, 100]
    assert all(s == e or s == [100] * 3 for s, e in zip(starts[1:], ends[:-1], strict=True))


def test_simulate_pai_gow_table(tmp_path: Path) -> None:
    out = run("simulate", "--game", "pai-gow", "-n", "10", "--seed", "1", "--no-progress")
    assert out.returncode == 0, out.stderr
    assert "Pai Gow: 10 deals, 6 house-way player(s)" in out.stdout
    assert "house edge" in out.stdout


def test_games_lists_pai_gow() -> None:
    out = run("games", "--json")
    rows = json.loads(out.stdout)
    [row] = [r for r in rows if r["game"] == "pai-gow"]
    assert (row["code"], row["deck_size"], row["max_players"]) == ("_PAIGOW", 53, 6)
    one = run("games", "pai-gow-poker", "--json")
    assert json.loads(one.stdout) == row
    text = run("games", "paigow").stdout
    assert "Pai Gow poker (Nevada)" in text and "Also called: pai-gow-poker, paigow" in text


def test_a_bot_out_of_chips_leaves_once() -> None:
    out = run("play", "--no-save", "--game", "pai-gow", "--seed", "5", "--seats", "3",
              "--stack", "40", stdin="\nh\n" * 4)  # fmt: skip
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.count("Bot 3 is out of chips and leaves the table.") == 1
    after = text.split("Bot 3 is out of chips")[1]
    assert "Bot 3 sets" not in after and "Bot 2 sets" in after


def test_a_resumed_table_greets_with_each_player_s_chips(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    first = run("play", "--game", "pai-gow", "--seed", "3", "--seats", "3", "--hands", "2",
                "--db", db, "--script", "-", stdin="\nh\n\nh\n")  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert "100 chips each" in first.stdout  # a new table: every stack the same
    final = first.stdout[first.stdout.index("Final chips") :]
    chips = dict(re.findall(r"^  (You|Bot \d): (\d+)$", final, re.MULTILINE))
    assert len(chips) == 3 and len(set(chips.values())) > 1, final
    again = run("play", "--game", "pai-gow", "--resume", "--db", db, "--script", "-", stdin="q\n")
    assert again.returncode == 0, again.stderr
    greeting = " ".join(again.stdout.split())  # the greeting wraps at the console's width
    listed = f"chips: You {chips['You']}, Bot 2 {chips['Bot 2']}, Bot 3 {chips['Bot 3']}."
    assert f"against the bank (the house), {listed}" in greeting, again.stdout
    assert "chips each" not in greeting
