"""Bots at the web table: every bot kind that plays Straights can be added (by the
create form's ``bot_kind`` and by ``add_bot``), and the host sets how long a bot waits
before it acts (a table setting, changed between deals like the timer)."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from webtools import Client, Server

from straights.bots import BOT_KINDS
from straights.web.protocol import BotKind, ProtocolError, parse_client_message, parse_settings
from straights.web.tables import WebTable

TOKEN = "t" * 20


def test_every_bot_kind_is_offered() -> None:
    # cfr plays the table's game too: it carries the solved Mini Straights frequencies
    # over to full Straights (and falls back to the strength bot where they say nothing).
    assert sorted(get_args(BotKind)) == sorted(BOT_KINDS)


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_add_bot_takes_each_kind(kind: str) -> None:
    raw = {"type": "add_bot", "token": TOKEN, "seat": 3, "kind": kind}
    msg = parse_client_message(json.dumps(raw))
    assert msg.kind == kind  # type: ignore[union-attr]
    assert parse_settings(json.dumps({"bot_kind": kind, "bots": 1}).encode()).bot_kind == kind


def test_bad_bot_kinds_and_delays_are_one_clear_line() -> None:
    with pytest.raises(ProtocolError, match="bad 'add_bot' message: kind") as info:
        parse_client_message(
            json.dumps({"type": "add_bot", "token": TOKEN, "seat": 1, "kind": "shark"})
        )
    assert "\n" not in str(info.value)
    with pytest.raises(ProtocolError, match="bot delay") as info:
        parse_settings(b'{"bot_seconds": -1}')
    assert "\n" not in str(info.value)
    with pytest.raises(ProtocolError, match="bad 'change' message: bot_seconds"):
        parse_client_message(json.dumps({"type": "change", "token": TOKEN, "bot_seconds": 11}))


def _table(bot_seconds: float | None) -> WebTable:
    settings = parse_settings(json.dumps({"bot_seconds": bot_seconds, "turn_seconds": 0}).encode())
    t = WebTable("tbl1", settings, seed=7, host_hash="h" * 64)
    t.apply({"kind": "bot", "seat": 0, "bot": "calling"})
    t.apply({"kind": "sit", "seat": 1, "name": "Ann", "token_hash": "a" * 64})
    return t


def _bot_wait(t: WebTable, server_delay: float) -> float:
    """Seconds the table waits before its bot acts (the bot acts first, heads-up)."""
    if not t.in_hand:
        t.apply({"kind": "deal"})
    while t.game.engine.actor != 0:
        t.apply(t.game.fallback(1, "test"))
    auto = t.next_auto(connected={1}, idle=0.0, bot_delay=server_delay, deal_delay=0.0)
    assert auto is not None and auto.bot_seat == 0
    return auto.delay


def test_the_table_delay_beats_the_server_default() -> None:
    assert _bot_wait(_table(2.5), server_delay=0.8) == 2.5
    assert _bot_wait(_table(0), server_delay=0.8) == 0.0
    # a table stored before the setting existed keeps the server's delay
    assert _bot_wait(_table(None), server_delay=0.8) == 0.8


def test_the_host_changes_the_delay_for_the_next_deal() -> None:
    t = _table(1.0)
    t.apply({"kind": "change", "bot_seconds": 0.3})
    assert t.game.public_settings()["bot_seconds"] == 0.3
    assert _bot_wait(t, server_delay=0.8) == 0.3
    # during a deal the change waits for its end (issue 22)
    t.apply({"kind": "change", "bot_seconds": 2.0})
    assert t.game.public_settings()["bot_seconds"] == 0.3 and t.queued == {"bot_seconds": 2.0}


def test_a_deal_against_every_kind_of_bot(make_server, clients) -> None:
    """Over a real server: the host adds one bot of each kind and sets the delay;
    a deal with all of them comes to its end."""
    server: Server = make_server(bot_delay=5.0)  # the table's own 0 s must win
    table, host_token = server.create(
        seats=len(BOT_KINDS) + 1, bots=0, turn_seconds=0, bot_seconds=0
    )
    ann = Client(server, table, host_token)
    clients.append(ann)
    assert ann.state is not None and ann.state["table"]["bot_seconds"] == 0
    for seat, kind in enumerate(BOT_KINDS, start=1):
        ann.send({"type": "add_bot", "token": host_token, "seat": seat, "kind": kind})
    state = ann.wait_for(lambda m: m["type"] == "state" and all(m["seats"][1:]), timeout=15)
    assert [s["bot"] for s in state["seats"][1:]] == list(BOT_KINDS)
    ann.sit(0, "Ann")
    state = ann.wait_for(lambda m: m["type"] == "state" and m["hand"]["hand_number"] == 1)
    while not state["hand"]["finished"]:
        if ann.my_turn():
            kinds = {a["kind"] for a in state["hand"]["legal"]}
            ann.act("check" if "check" in kinds else "call")
        state = ann.wait_for(lambda m: m["type"] == "state", timeout=30)
    assert state["hand"]["hand_number"] == 1
    assert sum(p["stack"] for p in state["hand"]["players"]) == 100 * len(state["seats"])
