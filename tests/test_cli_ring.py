"""`straights play/simulate --game NAME` for every game and dealer's choice, run as a user would.

The bots are calling stations (``--bots calling``) so every deal reaches the
showdown and the player is asked once per betting round: the scripts below
answer prompts in the order a deal of the game asks them, whatever the cards.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clitools import run_main


def _play(capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, answers: list[str],
          *more: str) -> tuple[int, str]:  # fmt: skip
    script = tmp_path / "answers.txt"
    script.write_text("\n".join(answers) + "\n", encoding="utf-8")
    code, out, err = run_main(
        capsys, "play", "--game", game, "--seats", "3", "--bots", "calling", "--seed", "5",
        "--hands", "1", "--script", str(script), "--no-save", *more,
    )  # fmt: skip
    return code, out + err


def test_razz_brings_in_and_names_the_lows(capsys, tmp_path) -> None:
    code, out = _play(capsys, tmp_path, "razz", ["c"] * 5)
    assert code == 0, out
    assert "Fixed-limit razz" in out
    assert re.search(r"brings? in for 1", out)
    assert out.count("Your turn") == 5  # five betting rounds, one question each
    assert len(re.findall(r"shows? .* — .*low", out)) == 3  # every hand named as a low
    assert re.search(r"The pot of \d+ to .+ with .+ low \(", out)


def test_stud_hi_lo_shows_up_cards_and_splits_the_pot(capsys, tmp_path) -> None:
    code, out = _play(capsys, tmp_path, "seven-card-stud-hi-lo", ["c"] * 5)
    assert code == 0, out
    assert "🂠 🂠" in out or "?? ??" in out  # the bots' down cards stay hidden
    assert "face up" in out  # your up cards are told as such
    result = re.search(r"The pot of (\d+) — high: (.+?) with .+; low: (.+)", out, re.S)
    assert result, out
    if "nobody qualifies" not in result.group(3):
        assert "split:" in out


def test_triple_draw_asks_three_draws_by_position(capsys, tmp_path) -> None:
    # Betting, then a draw of the first two cards, three times; the bad answers first.
    answers = ["c", "9", "1 1", "x y", "1 2", "c 5", "c", "1 2", "c", "1 2", "c"]
    code, out = _play(capsys, tmp_path, "triple-draw-2-7", answers)
    assert code == 0, out
    assert out.count("Throw which cards?") == 3 + 3  # three draws, three answers refused
    assert "at most 5" in out  # deuce-to-seven: any number of the five cards
    assert "position 9 is not one of your cards" in out
    assert "name each card once" in out
    assert "give card positions as numbers" in out
    assert "'c 5': check takes no amount" in out or "'c 5': call takes no amount" in out
    assert len(re.findall(r"You throw \S+ \S+\n", out)) == 3
    assert re.search(r"(Calling \d) stands pat", out)


def test_mexican_stud_asks_which_card_to_turn_up(capsys, tmp_path) -> None:
    # Turn up the first card, then each street the new card (dealt last, face down);
    # once first the card already up (refused).
    answers = ["1", "c", "1", "3", "c", "4", "c", "5", "c"]
    code, out = _play(capsys, tmp_path, "mexican-stud", answers)
    assert code == 0, out
    assert out.count("Turn up which face-down card?") == 5
    assert "already face up" in out
    assert out.count("You turn up") == 4
    assert out.count("has chosen a card to turn up") == 8  # two bots, four streets


def test_omaha_hi_lo_names_both_winning_hands(capsys, tmp_path) -> None:
    code, out = _play(capsys, tmp_path, "omaha-hi-lo", ["c"] * 4)
    assert code == 0, out
    assert "Board:" in out
    assert re.search(r"high: .+ with .+; low: ", out, re.S)
    assert len(re.findall(r"shows? .* — high: .+ · low: ", out)) == 3


def test_no_limit_holdem_takes_an_amount(capsys, tmp_path) -> None:
    answers = ["b 1", "b 500", "b ten", "b 10", "c", "c", "c"]
    code, out = _play(capsys, tmp_path, "holdem", answers)
    assert code == 0, out
    assert "you may raise to 4 to 100, not 1" in out
    assert "not 500" in out
    assert "'ten' is not a number of chips" in out
    assert "You raise to 10" in out
    assert out.count("Calling") >= 2 and "calls" in out


def test_dealers_choice_asks_the_dealer_and_names_each_deal(capsys, tmp_path) -> None:
    answers = ["chess", "2"] + ["c"] * 12 + [""] + ["c"] * 12
    code, out = _play(
        capsys, tmp_path, "dealers-choice", answers, "--games", "razz,holdem", "--hands", "2"
    )
    assert code == 0, out
    assert "'chess' is not one of the games" in out
    assert "Deal 1: No-limit Texas hold'em" in out  # you deal first and chose 2: holdem
    assert re.search(r"Calling \d deals and chooses (razz|holdem)\.", out)
    assert "Deal 2: " in out


@pytest.mark.parametrize(("answer", "dealt"), [("FR", "Fixed-limit razz"),
                                               ("Hold'em", "No-limit Texas hold'em"),
                                               ("", "Fixed-limit razz")])  # fmt: skip
def test_the_dealer_names_a_game_as_the_catalogue_does(capsys, tmp_path, answer, dealt) -> None:
    """Any spelling of a game's name, or its PHH code; Enter: the first of --games."""
    code, out = _play(capsys, tmp_path, "dealers-choice", ["badugi", answer] + ["c"] * 12,
                      "--games", "razz,holdem")  # fmt: skip
    assert code == 0, out
    assert "'badugi' is not one of the games: 1 razz · 2 holdem" in out
    assert f"Deal 1: {dealt}" in out


def test_play_refuses_what_it_cannot_do_in_one_line(capsys, tmp_path) -> None:
    for args, words in (
        (["--game", "razz", "--bots", "cfr"], "plays only Straights"),
        (["--game", "razz", "--seats", "9"], "razz deals to at most 8 players"),
        (["--game", "holdem", "--games", "razz"], "--games lists the games"),
        (["--game", "dealers-choice", "--games", "razz,chess"], "chess"),
        (["--game", "razz", "--resume"], "drop --no-save"),
    ):
        code, out, err = run_main(capsys, "play", *args, "--no-save")
        assert code == 2, (args, out, err)
        assert "error:" in err and words in err, (args, err)
        assert "Traceback" not in err


def test_simulate_any_game_as_json(capsys) -> None:
    code, out, err = run_main(
        capsys, "simulate", "--game", "razz", "--hands", "30", "--players", "3",
        "--bots", "strength,random", "--seed", "3", "--json",
    )  # fmt: skip
    assert code == 0, err
    summary = json.loads(out)
    assert summary["game"] == "razz" and summary["deals"] == 30
    assert {b["bot"] for b in summary["bots"]} == {"strength", "random"}
    for bot in summary["bots"]:
        low, high = bot["ci95"]
        assert low <= bot["per_deal"] <= high
    assert summary["games"] == {"razz": 30}


def test_simulate_dealers_choice_names_each_deals_game(capsys) -> None:
    code, out, err = run_main(
        capsys, "simulate", "--game", "dealers-choice", "--games", "razz,badugi,straights",
        "--hands", "24", "--players", "3", "--seed", "8", "--json",
    )  # fmt: skip
    assert code == 0, err
    summary = json.loads(out)
    assert len(summary["deal_games"]) == 24
    assert set(summary["deal_games"]) <= {"razz", "badugi", "straights"}
    assert sum(summary["games"].values()) == 24


def test_simulate_refuses_a_bot_that_plays_only_straights(capsys) -> None:
    code, _out, err = run_main(capsys, "simulate", "--game", "razz", "--bots", "cfr", "-n", "2")
    assert code == 2 and "error:" in err and "plays only Straights" in err


def test_the_bots_down_cards_are_never_printed_before_the_showdown(capsys, tmp_path) -> None:
    code, out = _play(capsys, tmp_path, "seven-card-stud", ["c"] * 5)
    assert code == 0, out
    before, _, showdown = out.partition("Calling 1 shows")
    shown = re.findall(r"Calling \d shows? ((?:\S+ ){6}\S+)", "Calling 1 shows" + showdown)
    assert len(shown) == 2, out
    for hand in shown:
        cards = hand.split()
        down = [cards[0], cards[1], cards[6]]  # third street's two, seventh street's one
        up = cards[2:6]
        for card in down:
            assert card not in before, f"{card} was shown before the showdown"
        for card in up:
            assert card in before  # the up cards were on the table all along


def test_a_call_is_told_as_the_chips_put_in(capsys, tmp_path) -> None:
    # Blinds 1-2, you on the button: you call 2, the small blind puts in 1 more to call.
    code, out = _play(capsys, tmp_path, "holdem", ["c"] * 4)
    assert code == 0, out
    preflop = out.split("Board:", 1)[0]
    assert re.search(r"c call 2 .*\nYou call 2\n", preflop), preflop
    assert re.search(r"\n\w+ \d+ calls 1\n", preflop), preflop
    assert not re.search(r"calls 2\n", preflop.split("You call 2", 1)[1]), preflop


def test_question_mark_lists_the_keys_and_the_actions_open_now(capsys, tmp_path) -> None:
    # Help in a betting round and at a draw; neither counts as an answer.
    answers = ["?", "c", "h", "1 2", "c", "1 2", "c", "1 2", "c"]
    code, out = _play(capsys, tmp_path, "triple-draw-2-7", answers)
    assert code == 0, out
    assert "? help" in out  # the prompt offers it
    assert "Keys:" in out and "this help" in out
    assert re.search(r"Now you may: fold, call \d+, raise to \d+", out), out
    assert "Enter alone stands pat." in out
    assert out.count("Throw which cards?") == 3 + 1  # asked again after the help
