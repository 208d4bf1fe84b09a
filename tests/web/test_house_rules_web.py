"""The rule books' house rules a web host sets (issue 20): on the new-table form, in the
host's panel (queued for the next deal like every change), checked against the
table's games, kept in the store, played by the engine and written in the histories."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from webtools import Client, Server, rebuild

from straights.errors import IllegalActionError
from straights.web.manager import change_text, make_table
from straights.web.protocol import ProtocolError, TableSettings, game_list, parse_settings
from straights.web.tables import WebTable

ANN, BOB, CY = ("a" * 64, "b" * 64, "c" * 64)


def table(**settings: Any) -> WebTable:
    """Ann, Bob and Cy in seats 0-2 of a table of ``settings`` (fixed-limit hold'em)."""
    raw = json.dumps({"games": ["FT"], "seats": 4} | settings).encode()
    t = make_table("tbl1", parse_settings(raw), 3, "h" * 64)
    for seat, (name, token) in enumerate(zip(["Ann", "Bob", "Cy"], [ANN, BOB, CY], strict=True)):
        t.apply({"kind": "sit", "seat": seat, "name": name, "token_hash": token})
    return t


def kinds(t: WebTable) -> list[str]:
    return [a.kind for a in t.game.engine.hand.deal.legal_actions()]  # type: ignore[attr-defined]


def raise_(t: WebTable) -> None:
    t.apply({"kind": "act", "seat": t.game.engine.actor, "action": "raise"})  # type: ignore[attr-defined]


def test_the_form_lists_each_games_house_rules_with_the_rule_books_reading() -> None:
    data = game_list()
    games = {g["code"]: g["house"] for g in data["games"]}
    # Which rule applies where: Robert's (the cap, TDA 47-B: fixed limit; the sevens rule:
    # limit California lowball; the open pair: seven-card stud only, not hi-lo).
    assert games["NT"] == ["rule_book_odd_chip"]
    assert games["F7S"] == ["raise_cap", "heads_up_unlimited", "half_bet_reopens",
                            "rule_book_odd_chip", "open_pair"]  # fmt: skip
    assert "open_pair" not in games["F7S/8"]
    assert games["_FCALIFORNIA"] == ["raise_cap", "heads_up_unlimited", "blind_is_bet",
                                     "half_bet_reopens", "rule_book_odd_chip",
                                     "lowball_check_raise", "sevens_rule"]  # fmt: skip
    defaults = {r["key"]: r["default"] for r in data["house_rules"]}
    assert defaults == {
        "raise_cap": None, "heads_up_unlimited": True, "blind_is_bet": True,
        "half_bet_reopens": True, "rule_book_odd_chip": True,
        "lowball_check_raise": False, "sevens_rule": True, "open_pair": True,
    }  # fmt: skip


def test_a_table_plays_the_raise_cap_its_host_set() -> None:
    """Raise cap 2 (the big blind and one raise) multi-way: after one raise, no more."""
    t = table(house={"raise_cap": 2})
    assert t.settings.house == {"raise_cap": 2}
    t.apply({"kind": "deal"})
    raise_(t)
    assert "raise" not in kinds(t)
    assert t.game.public_settings()["house"] == {"raise_cap": 2}
    ruled = table()  # the rule book: a bet and three raises
    ruled.apply({"kind": "deal"})
    raise_(ruled)
    raise_(ruled)
    assert "raise" in kinds(ruled)


def test_the_rule_books_reading_is_not_kept_and_a_rule_no_game_uses_is_refused() -> None:
    t = table(house={"raise_cap": None, "blind_is_bet": True, "half_bet_reopens": True})
    assert t.settings.house == {}
    assert t.game.engine.game.house is None  # type: ignore[attr-defined]
    cases = [
        ({"games": ["NT"], "house": {"raise_cap": 3}},
         "house rule raise_cap: no game of this table is played fixed limit"),
        ({"games": ["FT"], "house": {"open_pair": False}},
         "house rule open_pair: no game of this table has an open-pair option"),
        ({"games": ["FT"], "house": {"dealer": True}}, "house rule 'dealer' is not one of"),
        ({"games": ["FT"], "house": {"raise_cap": 11}}, "raise_cap=11: give 1 to 10"),
        ({"games": ["FT"], "house": {"sevens_rule": 1}}, "no game of this table has a sevens"),
        ({"house": {"raise_cap": 3}}, "Straights and Pai Gow play by their own rule books"),
        ({"games": ["FT"], "house_way": "simple"}, "the house way sets Pai Gow hands"),
    ]  # fmt: skip
    for settings, words in cases:
        with pytest.raises(ProtocolError, match=words.replace("(", r"\(")) as caught:
            parse_settings(json.dumps(settings).encode())
        assert "\n" not in str(caught.value)


def test_dealers_choice_takes_a_rule_one_of_its_games_uses() -> None:
    with pytest.raises(ProtocolError, match="own rule books"):  # Straights alone
        parse_settings(b'{"games": ["straights"], "house": {"raise_cap": 3}}')
    t = table(games=["NT", "F7S", "straights"], dealers_choice=True, house={"open_pair": False})
    assert t.settings.house == {"open_pair": False}
    assert [r["key"] for r in t.game.public_settings()["house_rules"]] == [
        "raise_cap", "heads_up_unlimited", "half_bet_reopens", "rule_book_odd_chip", "open_pair"
    ]  # fmt: skip


def test_the_hosts_change_waits_for_the_next_deal_and_is_said_in_the_chat() -> None:
    t = table()
    t.apply({"kind": "deal"})
    t.apply({"kind": "change", "house": {"raise_cap": 2, "heads_up_unlimited": False}})
    assert t.settings.house == {} and t.queued == {
        "house": {"raise_cap": 2, "heads_up_unlimited": False}
    }
    assert t.game.engine.game.house is None  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="no game of this table has a sevens"):
        t.apply({"kind": "change", "house": {"sevens_rule": False}})
    for _ in range(2):
        t.apply({"kind": "act", "seat": t.game.engine.actor, "action": "fold"})  # type: ignore[attr-defined]
    assert t.settings.house == {"raise_cap": 2, "heads_up_unlimited": False}
    house = t.game.engine.game.house  # type: ignore[attr-defined]
    assert (house.raise_cap, house.heads_up_unlimited) == (2, False)
    said = change_text({"kind": "change", "house": {"raise_cap": 2, "open_pair": False}}, None)
    assert said == "The host set house rules: raise cap 2, open pair on fourth street off."
    t.apply({"kind": "change", "house": {}})  # back to the rule book
    assert t.settings.house == {} and t.game.engine.game.house is None  # type: ignore[attr-defined]
    straights = make_table("tbl2", parse_settings(b"{}"), 1, "h" * 64)
    with pytest.raises(IllegalActionError, match="their own rule books"):
        straights.apply({"kind": "change", "house": {"raise_cap": 3}})


def test_a_pai_gow_table_sets_the_simple_house_way() -> None:
    settings = parse_settings(b'{"game": "pai-gow", "house_way": "simple"}')
    t = make_table("pg", settings, 1, "h" * 64)
    assert t.game.rules.house_way == "simple"  # type: ignore[attr-defined]
    t.apply({"kind": "change", "house_way": "foxwoods"})  # the host's panel, between deals
    assert t.game.rules.house_way == "foxwoods"  # type: ignore[attr-defined]
    assert t.game.public_settings()["house_way"] == "foxwoods"
    assert change_text({"kind": "change", "house_way": "simple"}, None) == (
        "The host set the house way simple."
    )
    with pytest.raises(IllegalActionError, match="the house way sets Pai Gow hands"):
        table().apply({"kind": "change", "house_way": "simple"})
    assert make_table("pg2", TableSettings(game="pai-gow"), 1, "h" * 64).game.rules.house_way == (  # type: ignore[attr-defined]
        "foxwoods"
    )


def _post(server: Server, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(
        server.base + "/api/tables", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_server_keeps_the_house_rules_and_writes_them_in_the_histories(
    make_server: Any, clients: list[Client], tmp_path: Any
) -> None:
    db = f"sqlite:///{tmp_path / 'house.db'}"
    server: Server = make_server(db)
    with urllib.request.urlopen(server.base + "/api/games", timeout=5) as r:
        listed = {g["name"]: g["house"] for g in json.loads(r.read())["games"]}
    assert "open_pair" in listed["seven-card-stud"]
    code, refused = _post(server, {"games": ["holdem"], "house": {"raise_cap": 3}})
    assert code == 400 and "is played fixed limit" in refused["message"]
    table_id, host = server.create(
        games=["seven-card-stud"], seats=3, bots=2, bot_kind="calling", turn_seconds=0,
        house={"open_pair": False, "raise_cap": 3},
    )  # fmt: skip
    ann = Client(server, table_id)
    clients.append(ann)
    ann.sit(0, "Ann")
    ann.drain(0.3)
    assert ann.state is not None
    assert ann.state["table"]["house"] == {"raise_cap": 3, "open_pair": False}
    ann.send({"type": "change", "token": host, "house": {"raise_cap": 2}})
    ann.wait_for(lambda m: m["type"] == "state" and m["table"]["house"] == {"raise_cap": 2})
    stored, _ = rebuild(db, table_id)  # the table the store gives back after a restart
    assert stored.settings.house == {"raise_cap": 2}
    assert stored.game.engine.game.house.raise_cap == 2  # type: ignore[attr-defined]
    # The deals under the host's rules write them as PHH's underscore fields.
    for _ in range(600):
        ann.drain(0.1)
        st = ann.state
        if st["hand"]["hand_number"] >= 1 and st["hand"]["finished"]:
            break
        legal = [a["kind"] for a in st["hand"].get("legal") or []]
        move = next((k for k in ("check", "call", "bring-in") if k in legal), None)
        if move is not None and st["hand"].get("actor") == 0:
            ann.send({"type": "act", "token": ann.token, "action": move})
            ann.wait_for(lambda m: m["type"] in ("state", "error"))
    assert ann.state["hand"]["finished"]
    req = urllib.request.Request(
        f"{server.base}/api/tables/{table_id}/hands.phhs",
        headers={"Authorization": f"Bearer {host}"},
    )
    with urllib.request.urlopen(req, timeout=5) as r:
        text = r.read().decode()
    assert "_raise_cap = 2" in text and "_open_pair" not in text
