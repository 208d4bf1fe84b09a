"""``straights history replay``: every hand's variant and finishing stacks, or its error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from straights.cli.main import app, main

HAND = """variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [10, 10.5]
actions = ["d dh p1 AsAd", "d dh p2 KcKd", "p2 cc", "p1 cc",
           "d db 2c3d9h", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc",
           "d db Jh", "p1 cc", "p2 cc", "p1 sm AsAd", "p2 sm KcKd"]
"""


def test_replay_prints_each_hand_as_json(tmp_path: Path) -> None:
    good = tmp_path / "one.phh"
    good.write_text(HAND, encoding="utf-8")
    bad = tmp_path / "two.phhs"
    bad.write_text("[1]\n" + HAND.replace('"FT"', '"XYZ"'), encoding="utf-8")
    broken = tmp_path / "three.phh"
    broken.write_text("variant = ", encoding="utf-8")
    files = [str(good), str(bad), str(broken)]
    result = CliRunner().invoke(app, ["history", "replay", *files, "--json"])
    assert result.exit_code == 1, result.output  # two of the three hands fail
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    # heads-up p1 posts the big blind 2, p2 the small blind 1; p1's aces win 2 from p2
    assert rows[0] == {"file": str(good), "index": 0, "variant": "FT",
                       "finishing_stacks": [12, 8.5]}  # fmt: skip
    assert rows[1]["variant"] == "XYZ" and "is not a variant" in rows[1]["error"]
    assert rows[2]["index"] == 0 and rows[2]["error"].startswith("not a PHH (TOML) text")


def test_replay_reads_the_straights_tables_own_histories(tmp_path: Path) -> None:
    from oracle.straights_phh import hand_to_phh
    from oracle.straights_table import Table

    from straights.game import TableConfig
    from straights.poker.phh_text import dumps_phh

    table = Table(TableConfig(seats=2), ["ann", "bob"], seed=4)
    hand = table.start_hand()
    while not hand.finished:
        table.act(hand.actor, "check" if hand.can_check(hand.actor) else "call")
    path = tmp_path / "str.phh"
    path.write_text(dumps_phh(hand_to_phh(hand)), encoding="utf-8")
    result = CliRunner().invoke(app, ["history", "replay", str(path), "--json"])
    row = json.loads(result.output)
    assert row["variant"] == "STR" and row["finishing_stacks"] == list(hand.stacks)


def test_replay_names_a_missing_file_in_its_row(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["history", "replay", "no-such-file.phh"])
    assert stop.value.code == 1
    out, err = capsys.readouterr()
    assert out == (
        "no-such-file.phh #1 ?: error: cannot read 'no-such-file.phh': No such file or directory\n"
    )
    assert err == "error: 1 of 1 hands did not replay\n"


POKERSTARS = """PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2009/07/01 12:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: ann ($2 in chips)
"""
BROKEN = {
    "empty": "",
    "truncated": HAND[: HAND.index('"p2 cc", "p1 cc"')] + "]\n",
    "unknown variant": HAND.replace('"FT"', '"XYZ"'),
    "bad TOML": "variant = \n",
    "negative stacks": HAND.replace("[10, 10.5]", "[-10, 10.5]"),
    "illegal action": HAND.replace('"p2 cc", "p1 cc",', '"p1 cc", "p2 cc",', 1),
    "PokerStars text": POKERSTARS,
    "duplicate cards": HAND.replace("AsAd", "7c7c"),
    "a card dealt twice": HAND.replace("2c3d9h", "2c3dKc"),
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_replay_exits_1_when_a_hand_fails_and_still_replays_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text(BROKEN[kind], encoding="utf-8")
    good = tmp_path / "good.phh"
    good.write_text(HAND, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["history", "replay", str(bad), str(good)])
    out, err = capsys.readouterr()
    assert stop.value.code == 1, out
    first, second = out.splitlines()
    assert first.startswith(f"{bad} #1 ") and ": error: " in first
    assert second == f"{good} #1 FT: 12.0 8.5"
    assert err == "error: 1 of 2 hands did not replay\n"


def test_replay_refuses_a_hand_that_deals_a_card_twice() -> None:
    from straights.errors import HandHistoryError
    from straights.poker.phh import loads, replay

    with pytest.raises(HandHistoryError, match="7c appears twice"):
        replay(loads(HAND.replace("AsAd", "7c7c"))[0])
    with pytest.raises(HandHistoryError, match="Kc appears twice"):
        replay(loads(HAND.replace("2c3d9h", "2c3dKc"))[0])


def test_a_file_that_is_not_utf8_is_one_error_row_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, binary, last = tmp_path / "a.phh", tmp_path / "b.phh", tmp_path / "c.phh"
    first.write_text(HAND, encoding="utf-8")
    binary.write_bytes(b'variant = "FT"\n\xff\xfe\x00 not text\n')
    last.write_text(HAND, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["history", "replay", str(first), str(binary), str(last), "--json"])
    out, err = capsys.readouterr()
    assert stop.value.code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["file"] for row in rows] == [str(first), str(binary), str(last)]
    assert rows[1] == {"file": str(binary), "index": 0, "variant": "?",
                       "error": f"cannot read {str(binary)!r}: not UTF-8 text"}  # fmt: skip
    assert rows[0]["finishing_stacks"] == rows[2]["finishing_stacks"] == [12, 8.5]
    assert err == "error: 1 of 3 hands did not replay\n"


def test_replay_exits_0_when_every_hand_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["history", "replay", str(good)])
    assert stop.value.code == 0
    assert capsys.readouterr() == (f"{good} #1 FT: 12.0 8.5\n", "")


def test_every_reader_refuses_a_card_dealt_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Straights table's own histories (``STR``) too: a hole card again on the table."""
    from oracle.straights_phh import hand_to_phh
    from oracle.straights_table import Table

    from straights.game import TableConfig
    from straights.poker.phh_text import dumps_phh

    table = Table(TableConfig(seats=2), ["ann", "bob"], seed=4)
    hand = table.start_hand()
    while not hand.finished:
        table.act(hand.actor, "check" if hand.can_check(hand.actor) else "call")
    history = hand_to_phh(hand)
    first_hole = hand.holes[hand.seats[0]][0].ascii()
    history["_table_cards"] = [first_hole, *history["_table_cards"][1:]]
    path = tmp_path / "str.phh"
    path.write_text(dumps_phh(history), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["history", "replay", str(path)])
    out, _ = capsys.readouterr()
    assert stop.value.code == 1
    assert out.startswith(f"{path} #1 STR: error: ")
    assert f"{first_hole} appears twice" in out
