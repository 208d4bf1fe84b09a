"""A draw game at a tournament's web tables: a player's replacements reach him as he
draws (not when the people after him at his table have drawn too), while a tournament
stored before keeps its tables' edition and replays exactly."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from test_tournament_web import call
from webtools import Client, Server

from straights.errors import ConfigurationError
from straights.game import TableConfig
from straights.store import Store
from straights.web.tournament import TournamentHall, WebTournament
from straights.web.tournament_tables import EDITION

DRAW: dict[str, Any] = {
    "bots": ["calling"] * 6, "table_size": 4, "game": "triple-draw-2-7", "levels": "10/20, 20/40",
    "level_deals": 3, "turn_seconds": 120, "deal": "",
}  # fmt: skip


def started(settings: dict[str, Any], seed: int) -> WebTournament:
    t = WebTournament("k", settings, seed=seed, host_hash="a")
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
    t.apply({"type": "join", "name": "Bob", "token_hash": "b", "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 1.0})
    return t


def holding(t: WebTournament, name: str) -> list[Any]:
    """The cards ``name``'s own table page shows him."""
    assert t.tournament is not None and t.tables is not None
    player = next(p for p in t.tournament.players if p.name == name)
    assert player.table is not None
    web = t.tables.tables[player.table]
    return list(web.state_for(player.seat, turn_left=None)["hand"]["hole"])


def to_ann_draw(t: WebTournament) -> bool:
    """Ann and Bob check or call (Bob stands pat at a draw) until Ann's first draw,
    which she makes (throwing her first card); True if Bob, at her table, then has his
    own draw to make (the test's case)."""
    for _ in range(100):
        turns = t.view(None)["turns"]
        if not turns:
            return False
        name = "Ann" if "Ann" in turns else "Bob"
        token = name[0].lower()
        legal = [a["kind"] for a in t.view(token)["table"]["deal"]["legal"]]
        if legal:
            action = "check" if "check" in legal else "call"
            t.apply({"type": "act", "action": action, "token_hash": token, "at": 2.0})
            continue
        if name == "Bob":  # his draw: he stands pat
            t.apply({"type": "act", "action": "discard", "token_hash": "b", "at": 2.0})
            continue
        thrown = holding(t, "Ann")[0]
        t.apply({"type": "act", "action": "discard", "cards": [thrown], "token_hash": "a",
                 "at": 2.0})  # fmt: skip
        view = t.view("b")
        return "Bob" in view["turns"] and not view["table"]["deal"]["legal"]
    return False


def ann_draws_before_bob(edition: int | None) -> WebTournament:
    """A tournament (of ``edition``; None: stored without one) played to where Ann has
    just drawn one card and Bob, at her table, has still to draw (the first seed of
    several where the seats fall so)."""
    settings = DRAW if edition is None else {**DRAW, "edition": edition}
    for seed in range(60):
        t = started(settings, seed)
        if to_ann_draw(t):
            return t
    raise AssertionError("no seed seats Bob after Ann at her table")


def test_a_draw_s_replacement_reaches_the_player_while_a_person_after_him_draws() -> None:
    """The defect that failed the lobby's browser test: Ann's replacement waited for Bob
    (a person, with the whole turn timer) to draw, and the test moved Bob only after it."""
    t = ann_draws_before_bob(EDITION)
    assert len(holding(t, "Ann")) == 5  # her replacement is in her hand
    t.apply({"type": "act", "action": "discard", "token_hash": "b", "at": 3.0})
    assert len(holding(t, "Ann")) == 5 and len(holding(t, "Bob")) == 5


def test_a_tournament_stored_before_keeps_its_tables_edition() -> None:
    """Settings stored without an edition: edition 3, every replacement when all drew."""
    t = ann_draws_before_bob(None)
    assert t.tables is not None and t.tables.edition == 3
    assert len(holding(t, "Ann")) == 4  # waits for Bob's draw
    t.apply({"type": "act", "action": "discard", "token_hash": "b", "at": 3.0})
    assert len(holding(t, "Ann")) == 5


def test_the_server_stores_the_current_edition_and_replays_each_as_stored() -> None:
    store = Store("sqlite://")

    async def made() -> str:
        hall = TournamentHall(store, seed=1)
        key, _token = await hall.create({**DRAW, "edition": 3}, "Ann")  # not the host's
        return key

    new = asyncio.run(made())
    assert store.tables("tournament")[0].settings == {**DRAW, "edition": EDITION}
    # A tournament stored by an earlier release: its settings have no edition.
    old = store.create_table("tournament", TableConfig(seats=2), seed=1, settings=DRAW,
                             key="old", host_hash="a")  # fmt: skip
    for n, command in enumerate(
        [{"type": "join", "name": "Ann"}, {"type": "join", "name": "Bob", "token_hash": "b"},
         {"type": "start"}], start=1
    ):  # fmt: skip
        store.append(old.id, n, {"token_hash": "a", "at": 0.0} | command, [])
    hall = TournamentHall(store)
    hall.load()
    assert hall.tournaments[new].edition == EDITION == 5
    tables = hall.tournaments["old"].tables
    assert tables is not None and tables.edition == 3
    assert all(w.settings.edition == 3 for w in tables.tables.values()) and tables.tables
    with pytest.raises(ConfigurationError, match="tournament edition 9: 3 to 5"):
        WebTournament("k", {**DRAW, "edition": 9}, seed=1)


def without(card: str, message: dict[str, Any]) -> bool:
    """Whether ``message`` is a state whose hand no longer holds ``card``."""
    return message["type"] == "state" and card not in message["hand"]["hole"]


def newer(version: int, message: dict[str, Any]) -> bool:
    """Whether ``message`` is a state newer than ``version``."""
    return message["type"] == "state" and bool(message["version"] > version)


def test_at_the_table_page_the_replacement_comes_with_the_discard(
    make_server: Callable[..., Server], clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the server, as the lobby's browser test plays it (its seed seats Bob at
    Ann's table, drawing after her): the state that takes Ann's card away gives her its
    replacement, Bob still to draw."""
    monkeypatch.setenv("STRAIGHTS_TOURNAMENT_SEED", "10")
    server = make_server()
    _, made = call(server, "POST", "/api/tournaments", {"settings": DRAW, "host": "Ann"})
    path = f"/api/tournaments/{made['id']}"
    _, joined = call(server, "POST", path, {"type": "join", "name": "Bob"})
    _, view = call(server, "POST", path, {"type": "start"}, made["token"])
    ann = Client(server, f"{made['id']}-{view['table']['number']}", made["token"])
    clients.append(ann)
    for _ in range(40):
        state = ann.state
        assert state is not None
        hand = state["hand"]
        if hand["actor"] == ann.seat and hand.get("card_choice"):
            thrown = hand["hole"][0]
            ann.send({"type": "act", "token": made["token"], "action": "discard",
                      "cards": [thrown]})  # fmt: skip
            drawn = ann.wait_for(partial(without, thrown))
            assert len(drawn["hand"]["hole"]) == 5
            _, bobs = call(server, "GET", path, token=joined["token"])
            assert "Bob" in bobs["turns"] and bobs["table"]["number"] == view["table"]["number"]
            return
        if hand["actor"] == ann.seat:
            version = state["version"]
            ann.act("check" if any(a["kind"] == "check" for a in hand["legal"]) else "call")
            ann.wait_for(partial(newer, version))
        else:
            _, bobs = call(server, "GET", path, token=joined["token"])
            assert "Bob" in bobs["turns"], "nobody's turn"
            legal = [a["kind"] for a in bobs["table"]["deal"]["legal"]]
            move = {"type": "act", "action": "check" if "check" in legal else "call"}
            version = state["version"]
            call(server, "POST", path, move if legal else {"type": "act", "action": "discard"},
                 joined["token"])  # fmt: skip
            ann.wait_for(partial(newer, version))
    raise AssertionError("Ann never drew")
