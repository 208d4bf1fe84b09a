"""The host changes a table's games (issue 22): checked as a new table's games are,
against the table's house rules and betting, queued for the next deal like the stakes,
said in the chat, and replayed from the store exactly after a restart."""

from __future__ import annotations

import json
from typing import Any

import pytest
from webtools import Client, Server, rebuild

from straights.errors import IllegalActionError
from straights.web.manager import change_text, make_table
from straights.web.protocol import TableSettings, parse_settings
from straights.web.tables import WebTable

ANN, BOB, CY = ("a" * 64, "b" * 64, "c" * 64)


def table(**settings: Any) -> WebTable:
    """Ann, Bob and Cy in seats 0-2 of a table of ``settings`` (fixed-limit hold'em)."""
    raw = json.dumps({"games": ["FT"], "seats": 4} | settings).encode()
    t = make_table("tbl1", parse_settings(raw), 3, "h" * 64)
    for seat, (name, token) in enumerate(zip(["Ann", "Bob", "Cy"], [ANN, BOB, CY], strict=True)):
        t.apply({"kind": "sit", "seat": seat, "name": name, "token_hash": token})
    return t


def dealt(t: WebTable) -> str:
    """The PHH code of the table's deal on (or last)."""
    return str(t.game.engine.hand.variant.code)  # type: ignore[attr-defined]


def fold_out(t: WebTable) -> None:
    """Everyone folds to the last player: the deal ends."""
    while not t.game.engine.hand.finished:  # type: ignore[attr-defined]
        seat = t.game.engine.actor  # type: ignore[attr-defined]
        kinds = [a.kind for a in t.game.engine.hand.deal.legal_actions()]  # type: ignore[attr-defined]
        t.apply({"kind": "act", "seat": seat, "action": "fold" if "fold" in kinds else kinds[0]})


def test_between_deals_the_next_deal_is_of_the_new_game() -> None:
    t = table()
    t.apply({"kind": "change", "games": ["razz"]})
    assert t.settings.games == ("FR",) and t.settings.dealers_choice is False
    assert t.queued is None
    t.apply({"kind": "deal"})
    assert dealt(t) == "FR"
    assert [g["code"] for g in t.game.public_settings()["games"]] == ["FR"]


def test_during_a_deal_the_change_waits_for_its_end() -> None:
    t = table()
    t.apply({"kind": "deal"})
    t.apply({"kind": "change", "games": ["seven-card-stud", "razz"], "ante": 2})
    assert t.settings.games == ("FT",) and t.settings.ante == 1
    assert t.queued == {"games": ["seven-card-stud", "razz"], "ante": 2}
    assert dealt(t) == "FT"
    fold_out(t)
    assert t.queued is None
    assert t.settings.games == ("F7S", "FR") and t.settings.dealers_choice is True
    assert t.settings.ante == 2
    chooser = t.game.chooser()  # type: ignore[attr-defined]
    assert chooser is not None
    t.apply({"kind": "choose", "seat": chooser, "game": "razz"})
    t.apply({"kind": "deal"})
    assert dealt(t) == "FR"


def test_bad_games_are_refused_in_one_line_and_change_nothing() -> None:
    t = table()
    with pytest.raises(IllegalActionError, match="'chess' is not a game"):
        t.apply({"kind": "change", "games": ["chess"]})
    big = table(seats=9)
    with pytest.raises(IllegalActionError, match="deals to at most 8 players"):
        big.apply({"kind": "change", "games": ["holdem", "seven-card-stud"]})
    pai_gow = make_table("pg", parse_settings(b'{"game": "pai-gow"}'), 1, "h" * 64)
    with pytest.raises(IllegalActionError, match="plays Pai Gow against the bank only"):
        pai_gow.apply({"kind": "change", "games": ["holdem"]})
    for t_ in (t, big):
        assert t_.settings.games == ("FT",) and t_.queued is None


def test_the_tables_house_rules_and_betting_must_fit_the_new_games() -> None:
    capped = table(house={"raise_cap": 3})
    with pytest.raises(IllegalActionError, match="change the house rules with the games"):
        capped.apply({"kind": "change", "games": ["no-limit-holdem"]})
    capped.apply({"kind": "change", "games": ["no-limit-holdem"], "house": {}})
    assert capped.settings.games == ("NT",) and capped.settings.house == {}
    straddled = table(games=["NT"], straddle="utg", runs=2)
    with pytest.raises(IllegalActionError, match="Straights has no blinds or board"):
        straddled.apply({"kind": "change", "games": ["straights"]})
    with pytest.raises(IllegalActionError, match="Straights has no blinds or board"):
        straddled.apply({"kind": "change", "games": ["straights"], "straddle": "none"})
    straddled.apply({"kind": "change", "games": ["straights"], "straddle": "none", "runs": 1})
    s = straddled.settings
    assert (s.games, s.straddle, s.runs, s.pack, s.betting) == (("_STR55L",), None, 1, 55, "limit")
    assert straddled.game.engine.game.house is None  # type: ignore[attr-defined]
    cfr = make_table("s", parse_settings(b'{"seats": 3}'), 1, "h" * 64)
    cfr.apply({"kind": "bot", "seat": 1, "bot": "cfr"})
    with pytest.raises(IllegalActionError, match="the cfr bot plays only Straights"):
        cfr.apply({"kind": "change", "games": ["razz"]})
    with pytest.raises(IllegalActionError, match="not both"):
        cfr.apply({"kind": "change", "games": ["straights-52"], "betting": "no-limit"})
    cfr.apply({"kind": "change", "games": ["straights-52-no-limit"]})
    assert (cfr.settings.games, cfr.settings.pack, cfr.settings.betting) == (
        ("_STR52N",), 52, "no-limit"
    )  # fmt: skip


def test_a_straights_table_changes_its_betting_to_the_same_pack() -> None:
    t = table(games=["straights-52"])  # the 52-card Straights, limit: _STR52L
    t.apply({"kind": "change", "betting": "no-limit"})
    assert (t.settings.games, t.settings.betting) == (("_STR52N",), "no-limit")
    t.apply({"kind": "change", "betting": "limit"})
    assert t.settings.games == ("_STR52L",)
    with pytest.raises(IllegalActionError, match="its own betting structure"):
        table().apply({"kind": "change", "betting": "no-limit"})  # hold'em


def test_a_change_checked_with_the_one_waiting() -> None:
    t = table(games=["NT"])
    t.apply({"kind": "deal"})
    t.apply({"kind": "change", "games": ["straights"]})
    with pytest.raises(IllegalActionError, match="Straights has neither"):
        t.apply({"kind": "change", "straddle": "utg"})  # the games waiting have no blinds
    assert t.queued == {"games": ["straights"]} and t.settings.straddle is None
    fold_out(t)
    assert t.settings.games == ("_STR55L",)


def test_a_dealers_choice_pick_of_a_removed_game_is_made_again() -> None:
    t = table(games=["FT", "F7S", "FR"], dealers_choice=True)
    chooser = t.game.chooser()  # type: ignore[attr-defined]
    t.apply({"kind": "choose", "seat": chooser, "game": "F7S"})
    t.apply({"kind": "change", "games": ["FT", "FR", "F7S"]})  # the pick's game stays
    assert t.game.chosen == "F7S"  # type: ignore[attr-defined]
    t.apply({"kind": "change", "games": ["FT", "FR"]})  # the pick's game goes
    assert t.game.chosen is None and t.game.chooser() == chooser  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="is not played here"):
        t.apply({"kind": "choose", "seat": chooser, "game": "F7S"})
    t.apply({"kind": "choose", "seat": chooser, "game": "FR"})
    t.apply({"kind": "change", "games": ["FR"]})  # one game: nothing to choose
    assert t.game.chosen is None and t.game.chooser() is None  # type: ignore[attr-defined]
    t.apply({"kind": "deal"})
    assert dealt(t) == "FR"


def test_the_chat_says_the_new_games() -> None:
    one = change_text({"kind": "change", "games": ["razz"]}, None)
    assert one == "The host changed the games to Fixed-limit razz, from the next deal."
    many = change_text({"kind": "change", "games": ["FT", "F7S", "FT"], "ante": 3}, {"ante": 3})
    assert many == (
        "The host changed the games to dealer's choice of Fixed-limit Texas hold'em and "
        "Fixed-limit seven-card stud, from the next deal. "
        "The host set stakes 3 (ante): from the next deal."
    )


def test_the_server_queues_says_and_stores_the_change(
    make_server: Any, clients: list[Client], tmp_path: Any
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    server: Server = make_server(db)
    table_id, host = server.create(games=["FT"], seats=3, bots=0, turn_seconds=0)
    ann, bob = Client(server, table_id), Client(server, table_id)
    clients.extend([ann, bob])
    ann.sit(0, "Ann")
    bob.sit(1, "Bob")
    ann.wait_for(lambda m: m["type"] == "state" and m["hand"]["actor"] is not None)
    ann.send({"type": "change", "token": host, "games": ["chess"]})
    err = ann.wait_for(lambda m: m["type"] == "error")
    assert err["message"].startswith("'chess' is not a game")
    ann.send({"type": "change", "token": host, "games": ["razz"]})
    line = bob.wait_for(lambda m: m["type"] == "chat" and "games" in m["text"])
    assert line["text"] == "The host changed the games to Fixed-limit razz, from the next deal."
    state = ann.wait_for(lambda m: m["type"] == "state" and m["ledger"]["queued"])
    assert state["ledger"]["queued"] == {"games": ["razz"]}
    assert [g["code"] for g in state["table"]["games"]] == ["FT"]
    # The server dies while the change waits: the restarted one replays it, waiting.
    server.kill9()
    for c in (ann, bob):
        c.close()
    clients.clear()
    server2: Server = make_server(db)
    ann, bob = Client(server2, table_id, ann.token), Client(server2, table_id, bob.token)
    clients.extend([ann, bob])
    assert ann.state is not None and ann.state["ledger"]["queued"] == {"games": ["razz"]}
    assert [g["code"] for g in ann.state["table"]["games"]] == ["FT"]
    assert ann.state["hand"]["hand_number"] == 1 and not ann.state["hand"]["finished"]
    for c in (ann, bob):  # the deal ends: the first to act folds
        if c.my_turn():
            c.act("fold")
    state = ann.wait_for(
        lambda m: m["type"] == "state" and [g["code"] for g in m["table"]["games"]] == ["FR"]
    )
    assert state["ledger"]["queued"] is None
    stored, commands = rebuild(db, table_id)  # the table the store gives back after a restart
    assert {"kind": "change", "games": ["razz"]} in commands
    assert stored.settings.games == ("FR",) and stored.settings.dealers_choice is False
    assert stored.settings == TableSettings.model_validate(stored.settings.model_dump())
