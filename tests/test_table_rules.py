"""House rules a table sets from ``play`` and ``simulate``: each option applies to the
game or is refused in one line, lands in the engine, in the PHH history and in a
stored table, and ``history replay`` replays under the same rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import run_main

from straights.cards import make_rng, parse_cards
from straights.cli.table_rules import table_house_rules, table_house_way
from straights.errors import ConfigurationError, HandHistoryError
from straights.paigow.history import replay as replay_paigow
from straights.paigow.house_way import house_way
from straights.paigow.rules import Setting, pack
from straights.poker.house import POKERKIT, HouseRules
from straights.poker.phh import loads, replay
from straights.store import Store
from straights.store.table import StoredTable


@pytest.mark.parametrize(
    ("game", "typed", "refusal"),
    [
        ("holdem", {"raise_cap": 3}, "--raise-cap 3: holdem is not played fixed limit; drop it"),
        ("omaha", {"heads_up_unlimited": False}, "--heads-up-capped: omaha is not played"),
        ("razz", {"blind_is_bet": True}, "--blind-counts: razz has no blinds"),
        ("razz", {"sevens_rule": True}, "--sevens-rule: razz has no sevens rule"),
        ("limit-holdem", {"open_pair": False}, "--no-open-pair: limit-holdem has no open-pair"),
        ("limit-holdem", {"lowball_check_raise": True}, "--check-raise: limit-holdem allows"),
        ("razz", {"house_way": "simple"}, "--house-way simple: the house way sets Pai Gow"),
        ("pai-gow", {"raise_cap": 3}, "--raise-cap 3: Pai Gow plays by its own rule book"),
        (None, {"odd_chip": "first-seat"}, "--odd-chip first-seat: Straights plays by its own"),
        ("straights-52", {"house": "pokerkit"}, "--house pokerkit: Straights plays by its own"),
        ("razz", {"house": "casino"}, "--house casino: choose rule-book or pokerkit"),
        ("razz", {"odd_chip": "last"}, "--odd-chip last: choose rule-book or first-seat"),
    ],
)
def test_an_option_the_game_does_not_use_is_refused(
    game: str | None, typed: dict[str, object], refusal: str
) -> None:
    with pytest.raises(ConfigurationError) as caught:
        table_house_rules(game, typed)
    assert str(caught.value).startswith(refusal)
    assert "\n" not in str(caught.value)


def test_the_options_build_the_house_rules() -> None:
    assert table_house_rules("razz", {}) is None
    assert table_house_rules("california-lowball", {"sevens_rule": False}) == HouseRules(
        sevens_rule=False
    )
    assert table_house_rules("california-lowball", {"lowball_check_raise": True}) == HouseRules(
        lowball_check_raise=True
    )
    assert table_house_rules("seven-card-stud", {"open_pair": False}) == HouseRules(open_pair=False)
    assert table_house_rules("razz", {"house": "pokerkit"}) == POKERKIT
    # the preset first, then each option on top of it
    rules = table_house_rules("limit-holdem", {"house": "pokerkit", "raise_cap": 3})
    assert rules == HouseRules(raise_cap=3, heads_up_unlimited=False, blind_is_bet=False,
                               half_bet_reopens=False, rule_book_odd_chip=False,
                               sevens_rule=False, open_pair=False)  # fmt: skip
    assert table_house_rules("razz", {"odd_chip": "first-seat"}) == HouseRules(
        rule_book_odd_chip=False
    )
    # dealer's choice: an option one of its games uses applies
    assert table_house_rules("dealers-choice", {"sevens_rule": False}) == HouseRules(
        sevens_rule=False
    )
    assert table_house_way({}) == "foxwoods"
    assert table_house_way({"house_way": "simple"}) == "simple"


def test_changes_round_trip_and_are_checked() -> None:
    assert HouseRules().changes() == {}
    assert POKERKIT.changes() == {
        "raise_cap": 4, "heads_up_unlimited": False, "blind_is_bet": False,
        "half_bet_reopens": False, "rule_book_odd_chip": False, "sevens_rule": False,
        "open_pair": False,
    }  # fmt: skip
    assert HouseRules.from_changes(POKERKIT.changes()) == POKERKIT
    with pytest.raises(ConfigurationError, match="'raise_limit' is not one of"):
        HouseRules.from_changes({"raise_limit": 3})
    with pytest.raises(ConfigurationError, match="raise_cap=0"):
        HouseRules.from_changes({"raise_cap": 0})


def test_simulate_writes_the_rules_and_replay_plays_under_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "capped.phhs"
    code, _, err = run_main(capsys, "simulate", "--game", "limit-holdem", "-n", "60",
                            "--raise-cap", "8", "--bots", "random", "--seed", "1",
                            "--no-progress", "-o", str(out))  # fmt: skip
    assert code == 0, err
    text = out.read_text()
    hands = loads(text)
    assert all(h["_raise_cap"] == 8 for h in hands)
    # random bots raise past the rule book's four bets a round somewhere in 60 deals
    raises = [sum(" cbr " in a for a in h["actions"]) for h in hands]
    assert max(raises) > 4
    for hand in hands:
        assert replay(hand).finishing_stacks == hand["finishing_stacks"]
    code, _, _ = run_main(capsys, "history", "replay", str(out))
    assert code == 0
    # without the field, the rule book's cap refuses the fifth bet of a round
    refused = 0
    for hand in hands:
        del hand["_raise_cap"]
        try:
            replay(hand)
        except HandHistoryError:
            refused += 1
    assert refused > 0


def test_a_stored_table_keeps_its_house_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "t.db"
    code, _, err = run_main(capsys, "simulate", "--game", "seven-card-stud", "-n", "3",
                            "--no-open-pair", "--odd-chip", "first-seat", "--seed", "2",
                            "--no-progress", "--db", str(db))  # fmt: skip
    assert code == 0, err
    store = Store(str(db))
    try:
        record = store.tables()[0]
        assert record.settings["house"] == {"rule_book_odd_chip": False, "open_pair": False}
        table = StoredTable.load(store, record.id)  # replays every stored command
        assert table.table.game.house == HouseRules(rule_book_odd_chip=False, open_pair=False)
    finally:
        store.close()


def test_play_refuses_new_rules_for_a_resumed_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "play", "--game", "razz", "--house", "pokerkit", "--resume")
    assert code != 0
    assert "a resumed table keeps the house rules it was started with" in err


# -- Pai Gow: the house way a table chooses -------------------------------------------


def _front(seven: str, way: str) -> set[str]:
    return {c.ascii() for c in house_way(parse_cards(seven), way).setting.front}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rule", "seven", "simple", "foxwoods"),
    [
        (
            "five aces always put a pair of aces in front",
            "Ah Ad As Ac Jk Kd Kc",
            {"As", "Ah"},
            {"Kd", "Kc"},
        ),
        (
            "four of a kind without another pair always stay together",
            "Jh Jd Js Jc Ah 8d 3c",
            {"Ah", "8d"},
            {"Jd", "Jc"},
        ),
        (
            "a straight is kept behind, never given up for an ace",
            "Ah Kd Ks Qh Jc Tc 3d",
            {"Kd", "3d"},
            {"Ah", "Qh"},
        ),
        (
            "a straight beside two pairs is kept behind",
            "5h 5d 6s 6c 7h 8d 9c",
            {"5h", "6s"},
            {"5h", "5d"},
        ),
        (
            "two pairs are always split, the lower pair in front",
            "7h 7d 3s 3c Ah 9d 5c",
            {"3s", "3c"},
            {"Ah", "9d"},
        ),
        (
            "three aces stay together like any other three",
            "Ah Ad As Kc 9d 5c 2h",
            {"Kc", "9d"},
            {"As", "Kc"},
        ),
    ],
)
def test_the_simple_way_takes_out_each_exception(
    rule: str, seven: str, simple: set[str], foxwoods: set[str]
) -> None:
    """docs/games.md, *The simple way*: each rule quoted there, on a hand where it
    differs from Foxwoods' way."""
    assert rule
    assert _front(seven, "simple") == simple
    assert _front(seven, "foxwoods") == foxwoods


def test_the_simple_way_never_fouls() -> None:
    rng = make_rng(7)
    cards = list(pack())
    differ = 0
    for _ in range(3000):
        seven = rng.sample(cards, 7)
        setting = house_way(seven, "simple").setting
        assert not Setting.split(seven, setting.front).fouled
        differ += set(setting.front) != set(house_way(seven).setting.front)
    assert 0 < differ < 300  # the ways share most rules


def test_a_pai_gow_history_replays_under_its_house_way(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "pg.phhs"
    code, _, err = run_main(capsys, "simulate", "--game", "pai-gow", "-n", "150", "--seed", "3",
                            "--house-way", "simple", "--no-progress", "-o", str(out))  # fmt: skip
    assert code == 0, err
    deals = loads(out.read_text())
    assert all(d["_house_way"] == "simple" for d in deals)
    for deal in deals:
        replay_paigow(deal)
    failed = 0
    for deal in deals:  # read as Foxwoods' way, some banks set otherwise
        del deal["_house_way"]
        try:
            replay_paigow(deal)
        except HandHistoryError:
            failed += 1
    assert failed > 0
    code, _, err = run_main(capsys, "simulate", "--game", "pai-gow", "-n", "5",
                            "--house-way", "trump")  # fmt: skip
    assert code != 0
    assert "--house-way trump: choose foxwoods or simple" in err


def test_play_stores_the_rules_and_a_resumed_table_keeps_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "play.db")
    # at California lowball, without the sevens rule: the first deal, then leave
    code, _, err = run_main(capsys, "play", "--game", "california-lowball", "--no-sevens-rule",
                            "--db", db, "--seed", "4", "--script", str(_answers(tmp_path, "c")),
                            "--hands", "1")  # fmt: skip
    assert code == 0, err
    code, _, err = run_main(capsys, "play", "--game", "pai-gow", "--house-way", "simple",
                            "--db", db, "--seed", "4", "--script", str(_answers(tmp_path, "h")),
                            "--hands", "1")  # fmt: skip
    assert code == 0, err
    store = Store(db)
    try:
        lowball, pai_gow = store.tables()[-2:]
        assert lowball.settings["house"] == {"sevens_rule": False}
        assert pai_gow.settings["house_way"] == "simple"
        assert StoredTable.load(store, lowball.id).table.game.house == HouseRules(sevens_rule=False)
        assert StoredTable.load(store, pai_gow.id).table.game.rules.house_way == "simple"
    finally:
        store.close()


def _answers(folder: Path, key: str) -> Path:
    """A script of answers: ``key`` twenty times (a call, or the house way), then quit."""
    path = folder / f"answers-{key}.txt"
    path.write_text(f"{key}\n" * 20 + "q\n")
    return path


def test_games_lists_the_house_rules_each_game_takes(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    def listed(game: str) -> list[str]:
        code, out, err = run_main(capsys, "games", game, "--json")
        assert code == 0, err
        return list(json.loads(out)["house_rules"])

    lowball = listed("california-lowball")
    assert "--sevens-rule/--no-sevens-rule" in lowball
    assert "--check-raise/--no-check-raise" in lowball
    assert "--open-pair/--no-open-pair" in listed("seven-card-stud")
    assert listed("holdem") == ["--house rule-book|pokerkit", "--odd-chip rule-book|first-seat"]
    assert listed("straights") == []
    assert listed("pai-gow") == ["--house-way foxwoods|simple"]
    _, out, _ = run_main(capsys, "games", "razz")
    assert "House rules: --house rule-book|pokerkit, --raise-cap N" in " ".join(out.split())
