"""A Pai Gow table on a real server: set over the WebSocket, hidden cards on the wire,
refusals in plain words, and a server killed mid-deal that resumes the table."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from webtools import Client, Server, cards_in

from straights.cards import Card
from straights.paigow import history as paigow_history
from straights.paigow.rules import Setting
from straights.poker.phh import loads as phh_loads
from straights.store import Store


def _state(c: Client) -> dict[str, Any]:
    """``c``'s last state, without the seats' offline marks (who is connected at the
    moment, not the table's)."""
    assert c.state is not None
    seats = [
        s if s is None else {k: v for k, v in s.items() if k != "offline"} for s in c.state["seats"]
    ]
    return c.state | {"seats": seats}


def _dealt(c: Client) -> dict[str, Any]:
    """Wait until ``c`` has seven cards to set; returns its deal view."""
    msg = c.wait_for(lambda m: m["type"] == "state" and "set" in m["hand"]["legal"])
    return dict(msg["hand"]["deal"])


def _unjokered(message: dict[str, Any]) -> Any:
    """``message`` without the joker's stand-ins in its hands' words."""
    return json.loads(re.sub(r" \(joker as [^)]*\)", "", json.dumps(message, ensure_ascii=False)))


def _foul(seven: list[str]) -> list[str] | None:
    """Two of ``seven`` that, put in front, beat the other five (checked by the rules)."""
    for i, a in enumerate(seven):
        for b in seven[i + 1 :]:
            rest = [c for c in seven if c not in (a, b)]
            if Setting.of(f"{a} {b}", " ".join(rest)).fouled:
                return [a, b]
    return None


def test_a_pai_gow_table_survives_a_kill_mid_deal(
    make_server: Callable[..., Server], clients: list[Client]
) -> None:
    server = make_server(deal_delay=0.05, bot_delay=0.0)
    table, _host = server.create(game="pai-gow", seats=3, bots=1, turn_seconds=0, bet=20)
    ann, bob = Client(server, table), Client(server, table)
    clients += [ann, bob]
    ann.sit(0, "Ann")
    bob.sit(2, "Bob")
    mine = _dealt(ann)
    _dealt(bob)
    seven = mine["cards"]
    # Refusals, each in one line: a foul, a hand of cards not his, both ways at once.
    foul = _foul(seven)
    if foul is not None:
        ann.send({"type": "set_hands", "token": ann.token, "front": foul})
        err = ann.wait_for(lambda m: m["type"] == "error")
        assert "beats the five-card hand" in err["message"] and err["code"] == "illegal"
    other = next(c for c in ("As", "Kd", "2c", "3h", "4s") if c not in seven)
    ann.send({"type": "set_hands", "token": ann.token, "front": [other, seven[0]]})
    assert (
        "is not one of your seven cards" in ann.wait_for(lambda m: m["type"] == "error")["message"]
    )
    ann.send({"type": "set_hands", "token": ann.token, "front": seven[:2], "house_way": True})
    assert "or the house way" in ann.wait_for(lambda m: m["type"] == "error")["message"]
    ann.send({"type": "set_hands", "token": ann.token, "house_way": True})
    ann.wait_for(lambda m: m["type"] == "state" and "1" in m["hand"]["deal"]["settings"])
    bob.wait_for(lambda m: m["type"] == "state" and "Ann has set (house way)" in m["follow"]["log"])
    hidden = {Card(c) for c in seven}
    # Nothing of Ann's on the wire (a joker's stand-in in Bob's own words names no card
    # that anyone holds: "ace high (joker as A♠)" may name one of Ann's).
    seen = [_unjokered(m) for m in bob.messages]
    assert not any(cards_in(m) & hidden for m in seen)
    if "Jk" in seven:
        assert not any('"Jk"' in str(m) for m in bob.messages)
    before = {k: v for k, v in _state(ann).items() if k != "turn"}

    server.kill9()
    again = make_server(db=server.db, deal_delay=0.05, bot_delay=0.0)
    ann2, bob2 = Client(again, table, ann.token), Client(again, table, bob.token)
    clients += [ann2, bob2]
    after = {k: v for k, v in _state(ann2).items() if k != "turn"}
    assert after == before  # the same deal, the same cards, Ann's setting kept
    bob2.send({"type": "set_hands", "token": bob2.token, "house_way": True})
    done = ann2.wait_for(lambda m: m["type"] == "state" and m["hand"]["deal"]["finished"])
    deal = done["hand"]["deal"]
    assert set(deal["results"]) == {"1", "2", "3"} and deal["bank"] is not None
    ledger = done["ledger"]
    bought = sum(r["bought"] - r["cashed"] for r in ledger["rows"])
    in_front = sum(s["chips"] for s in done["seats"] if s is not None)
    assert in_front + ledger["in_middle"] + ledger["house"] == bought == 300
    assert ledger["house"] == -sum(r["net"] for r in deal["results"].values())
    # The settled deal is in the hand archive, in the transaction that settled it.
    store = Store(str(again.db), create=False)
    try:
        [record] = store.hands()
    finally:
        store.close()
    history = phh_loads(record.phh)[0]
    assert record.game == paigow_history.VARIANT and record.number == 1
    assert {"Ann", "Bob"} <= set(record.players) and history["seats"] == [1, 2, 3]
    # Replayed (and so checked), it ends with the chips the table shows.
    assert paigow_history.finishing_stacks(history) == [s["chips"] for s in done["seats"]]


def test_set_hands_at_a_straights_table_is_refused(
    make_server: Callable[..., Server], clients: list[Client]
) -> None:
    server = make_server()
    table, _host = server.create(seats=3, bots=1)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    ann.send({"type": "set_hands", "token": ann.token, "house_way": True})
    err = ann.wait_for(lambda m: m["type"] == "error")
    assert err["message"] == "this table deals Straights: there are no hands to set"


def test_an_equity_bot_sets_its_own_hands(
    make_server: Callable[..., Server], clients: list[Client]
) -> None:
    server = make_server(deal_delay=0.05, bot_delay=0.0)
    table, _host = server.create(game="pai-gow", seats=2, bots=1, bot_kind="equity", bet=20)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    _dealt(ann)
    ann.wait_for(lambda m: m["type"] == "state" and "Bot 2 has set" in m["follow"]["log"])
    ann.send({"type": "set_hands", "token": ann.token, "house_way": True})
    done = ann.wait_for(lambda m: m["type"] == "state" and m["hand"]["deal"]["finished"])
    bot = done["hand"]["deal"]["settings"]["2"]
    assert bot["how"] == "player"  # set by its estimate, by its own command
    assert not Setting.of(" ".join(bot["front"]), " ".join(bot["back"])).fouled
