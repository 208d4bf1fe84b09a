"""A person's standing choice at the showdown at a tournament's tables, as at a cash
table: "Ask me to show" (show or muck a beaten hand) and "Muck losing hands", from his
next deal, kept at every table the tournament seats him at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_tournament_web import call
from webtools import Client, Server

from straights.tournament import Tournament, TournamentConfig, parse_levels
from straights.web.tournament import WebTournament
from straights.web.tournament_tables import TournamentTables

SETTINGS: dict[str, Any] = {
    "bots": ["calling"] * 2, "table_size": 3, "levels": "10/20", "level_deals": 50,
    "turn_seconds": 60, "deal": "",
}  # fmt: skip


def anns_table(t: WebTournament) -> tuple[Any, int]:
    assert t.tournament is not None and t.tables is not None
    ann = next(p for p in t.tournament.players if p.name == "Ann")
    assert ann.table is not None and ann.seat is not None
    return t.tables.tables[ann.table], ann.seat


def asked_then(answer: str) -> list[Any]:
    """Ann asks to be asked, calls every deal down until she is asked to show or muck
    a beaten hand, answers ``answer``; the cards of hers the finished deal shows."""
    t = WebTournament("k", SETTINGS, seed=3, host_hash="a")
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 1.0})
    web, seat = anns_table(t)
    assert web.state_for(seat, turn_left=None)["you"]["ask_muck"] is False
    t.apply({"type": "muck", "on": True, "ask": True, "token_hash": "a", "at": 1.0})
    assert web.state_for(seat, turn_left=None)["you"]["ask_muck"] is True
    assert not web.game.engine.hand.deal.ask_muck  # this deal: as it was dealt
    for _ in range(200):
        hand = web.state_for(seat, turn_left=None)["hand"]
        if hand.get("show_or_muck"):
            dealt = web.game.engine.hand
            assert dealt.deal.ask_muck == {dealt.seats.index(seat)}  # she alone is asked
            number = web.game.engine.hand.number
            t.apply({"type": "act", "action": answer, "token_hash": "a", "at": 2.0})
            assert web.game.engine.hand.number == number + 1  # that deal is over
            last = t.last[int(web.id.rsplit("-", 1)[1])]  # (the table's number)
            return next(p["cards"] for p in last["players"] if p["name"] == "Ann")
        legal = [a["kind"] for a in t.view("a")["table"]["deal"]["legal"]]
        t.apply({"type": "act", "action": "check" if "check" in legal else "call",
                 "token_hash": "a", "at": 2.0})  # fmt: skip
    raise AssertionError("Ann was never asked to show or muck")


def test_ask_me_to_show_at_a_tournament_table_shows_or_mucks_as_she_answers() -> None:
    shown = asked_then("show")
    mucked = asked_then("muck")
    assert len(shown) == 2 and "??" not in shown  # her two cards, face up
    assert mucked == ["??", "??"]  # mucked: nobody sees them


def test_the_choice_follows_the_person_to_each_table_he_is_seated_at() -> None:
    config = TournamentConfig(table_size=3, schedule=parse_levels("10/20", deals=5))
    t = Tournament(config, ["Ann", "B1", "B2"], seed=2)
    tables = TournamentTables(t, "t", 3, people={"Ann": "a" * 64},
                              bots={"B1": "calling", "B2": "calling"})  # fmt: skip
    tables.showdown_choice("Ann", on=True)  # before she sits anywhere
    web = tables.start(1)  # seats her: her choice goes with her
    seat = next(i for i, m in enumerate(web.seats) if m is not None and m.name == "Ann")
    you = web.state_for(seat, turn_left=None)["you"]
    assert (you["muck"], you["ask_muck"]) == (True, False)
    ann = web.game.engine.hand.seats.index(seat)  # type: ignore[attr-defined]
    assert web.game.engine.hand.deal.auto_muck == {ann}  # type: ignore[attr-defined]
    tables.showdown_choice("Ann", on=False)
    assert web.state_for(seat, turn_left=None)["you"]["muck"] is False
    assert tables.showdown == {"Ann": (False, False)}


def test_the_table_page_s_choice_goes_to_the_tournament(
    make_server: Callable[..., Server], clients: list[Client]
) -> None:
    """At a tournament's table page the ``muck`` message is taken (not refused as a
    cash table's command), stored in the tournament's log and shown in the state."""
    server = make_server()
    settings = {"bots": ["calling"] * 3, "table_size": 6, "turn_seconds": 0}
    _, made = call(server, "POST", "/api/tournaments", {"settings": settings, "host": "Ann"})
    path = f"/api/tournaments/{made['id']}"
    call(server, "POST", path, {"type": "start"}, made["token"])
    ann = Client(server, f"{made['id']}-1", made["token"])
    clients.append(ann)
    assert ann.state is not None and ann.state["you"]["ask_muck"] is False
    ann.send({"type": "muck", "token": made["token"], "on": True, "ask": True})
    ann.wait_for(lambda m: m["type"] == "state" and m["you"]["ask_muck"] is True)
    ann.send({"type": "muck", "token": made["token"], "on": True})
    state = ann.wait_for(lambda m: m["type"] == "state" and m["you"]["muck"] is True)
    assert state["you"]["ask_muck"] is True
    _, view = call(server, "GET", path, token=made["token"])
    assert view["seq"] == 4  # join, start and the two choices, each stored
