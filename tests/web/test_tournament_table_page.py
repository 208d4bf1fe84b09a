"""A tournament's tables at the normal table page (``/t/<tournament>-<table>``): a
person acts through ``/ws`` with his tournament token, a spectator sees no hidden
card, and what the table page may not do there (sit, host) is refused in one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_tournament_web import call
from webtools import Client, Server


def hidden_cards_seen(state: dict[str, Any]) -> list[Any]:
    """Every card a viewer is shown of a deal in play (none before a showdown)."""
    hand = state["hand"]
    return [c for p in hand["players"] for c in p["cards"] if c is not None] + hand["hole"]


def test_a_person_acts_at_the_table_page_a_spectator_sees_no_hidden_card(
    make_server: Callable[..., Server], clients: list[Client]
) -> None:
    server = make_server()
    settings = {"bots": ["calling"] * 3, "table_size": 6, "turn_seconds": 0}
    status, made = call(server, "POST", "/api/tournaments", {"settings": settings, "host": "Ann"})
    path = f"/api/tournaments/{made['id']}"
    status, view = call(server, "POST", path, {"type": "start"}, made["token"])
    assert status == 200 and view["table"]["number"] == 1
    table = f"{made['id']}-1"
    ann = Client(server, table, made["token"])
    spy = Client(server, table)
    clients += [ann, spy]
    assert ann.seat is not None and ann.state is not None
    assert ann.state["hand"]["actor"] == ann.seat  # the calling bots wait on her
    assert len(ann.state["hand"]["hole"]) == 2
    assert spy.seat is None and spy.state is not None and hidden_cards_seen(spy.state) == []
    before = ann.state["version"]
    kinds = [a["kind"] for a in ann.state["hand"]["legal"]]
    action = "check" if "check" in kinds else "fold"
    ann.send({"type": "act", "token": made["token"], "action": action})
    ann.wait_for(lambda m: m["type"] == "state" and m["version"] > before)
    spy.wait_for(lambda m: m["type"] == "state" and m["version"] > before)
    # Her fold is the tournament's: stored in its log, and its page says so.
    status, view = call(server, "GET", path, token=made["token"])
    assert status == 200 and view["seq"] == 3  # join, start, act
    # The deal goes on (the bots play it out and the tournament deals the next one).
    for msg in spy.messages:
        if msg["type"] == "state" and msg["hand"] and not msg["hand"]["finished"]:
            assert hidden_cards_seen(msg) == [], msg["hand"]["players"]
    spy.send({"type": "sit", "seat": 0, "name": "Eve"})
    refused = spy.wait_for(lambda m: m["type"] == "error")
    assert refused["message"] == (
        "the tournament seats its players: join it on the tournament's page"
    )
    ann.send({"type": "sit_out", "token": made["token"]})
    refused = ann.wait_for(lambda m: m["type"] == "error")
    assert refused["message"].startswith("at a tournament's table you only act")
    spy.send({"type": "act", "token": "x" * 43, "action": "fold"})
    assert spy.wait_for(lambda m: m["type"] == "error")["message"].startswith(
        "this token does not hold a seat"
    )


def test_history_chat_and_a_kill_9_restart_at_a_tournament_table(
    make_server: Callable[..., Server], clients: list[Client]
) -> None:
    server = make_server()
    settings = {"bots": ["calling"] * 3, "table_size": 6, "turn_seconds": 0}
    _, made = call(server, "POST", "/api/tournaments", {"settings": settings, "host": "Ann"})
    call(server, "POST", f"/api/tournaments/{made['id']}", {"type": "start"}, made["token"])
    table, token = f"{made['id']}-1", made["token"]
    ann = Client(server, table, token)
    clients.append(ann)
    while ann.state is not None and ann.state["hand"]["hand_number"] == 1:  # she folds
        kinds = [a["kind"] for a in ann.state["hand"]["legal"]]
        if kinds:
            action = "fold" if "fold" in kinds else "check"
            ann.send({"type": "act", "token": token, "action": action})
        version = ann.state["version"]
        ann.wait_for(lambda m, v=version: m["type"] == "state" and m["version"] > v)
    ann.send({"type": "history", "hand": 1})
    history = ann.wait_for(lambda m: m["type"] in ("history", "error"))
    assert history["type"] == "history" and history["names"][str(ann.seat)] == "Ann"
    assert any("You fold" in e["text"] or "You check" in e["text"] for e in history["events"])
    ann.send({"type": "chat", "token": token, "text": "good luck"})
    line = ann.wait_for(lambda m: m["type"] in ("chat", "error"))
    assert (line["type"], line["name"], line["text"]) == ("chat", "Ann", "good luck")
    hole = ann.state["hand"]["hole"] if ann.state else None
    server.kill9()
    server.start()
    again = Client(server, table, token)  # the same token takes her seat back
    clients.append(again)
    assert again.seat == ann.seat and again.state is not None
    assert again.state["hand"]["hand_number"] == 2 and again.state["hand"]["hole"] == hole
