"""The host's messages over a real server: refused with one clear line when not
allowed, the host role kept after sitting and leaving and handed over, and the
ledger's CSV endpoint (for the table's players only, names quoted and defused)."""

from __future__ import annotations

import csv
import io
import urllib.error
import urllib.request

from webtools import Client, Server


def download(server: Server, table: str, token: str | None) -> tuple[int, str]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    req = urllib.request.Request(f"{server.base}/api/tables/{table}/ledger.csv", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            assert r.headers["Content-Type"].startswith("text/csv")
            assert "attachment" in r.headers["Content-Disposition"]
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


def test_the_host_runs_the_table_and_hands_the_role_over(make_server, clients) -> None:
    server: Server = make_server()
    table, host_token = server.create(seats=4, bots=0, turn_seconds=0, stack=50)
    creator = Client(server, table, host_token)
    bob = Client(server, table)
    clients.extend([creator, bob])
    assert creator.state is not None and creator.state["you"]["host"] is True
    creator.sit(0, "=cmd|' /C calc'!A0")
    bob.sit(1, "Bob, the 2nd")
    state = creator.wait_for(lambda m: m["type"] == "state" and m["hand"]["actor"] is not None)
    assert state["you"]["host"] is True, "sitting down keeps the host role"
    assert state["ledger"]["host_seat"] == 0 and state["seats"][0]["host"] is True
    # during a deal a change waits for the next one
    creator.send({"type": "change", "token": host_token, "ante": 2})
    state = creator.wait_for(lambda m: m["type"] == "state" and m["ledger"]["queued"])
    assert state["ledger"]["queued"] == {"ante": 2} and state["table"]["ante"] == 1
    # a player may not run the table
    bob.send({"type": "pause", "token": bob.token, "on": True})
    err = bob.wait_for(lambda m: m["type"] == "error")
    assert err == {
        "type": "error",
        "code": "forbidden",
        "message": "only the host can pause or resume the game",
    }
    creator.send({"type": "pause", "token": host_token, "on": True})
    bob.wait_for(lambda m: m["type"] == "state" and m["ledger"]["paused"])
    # The host leaves mid-deal (he forfeits it) and keeps the host role.
    creator.send({"type": "leave", "token": creator.token})
    bob.wait_for(
        lambda m: m["type"] == "state" and (m["seats"][0] or {}).get("status") != "playing"
    )
    if bob.my_turn():
        bob.act("check")  # not the leaver's turn: he is folded when it comes
    state = creator.wait_for(
        lambda m: m["type"] == "state" and m["you"]["seat"] is None and m["hand"]["finished"]
    )
    assert state["you"]["host"] is True and state["ledger"]["host_seat"] is None
    assert "all others folded" in state["hand"]["results"][0]
    # the CSV: for the table's players (one who left too) and the host, no one else
    assert download(server, table, None)[0] == 403
    assert download(server, table, "x" * 32)[0] == 403
    for token in (host_token, bob.token, creator.token):
        status, text = download(server, table, token)
        assert status == 200
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][0] == "'=cmd|' /C calc'!A0" and rows[2][0] == "Bob, the 2nd"
    assert rows[1][1:] == ["50", "49", "0", "-1"] and rows[2][1:] == ["50", "0", "51", "1"]
    assert rows[4:] == [
        ["pays", "receives", "amount"],
        ["'=cmd|' /C calc'!A0", "Bob, the 2nd", "1"],
    ]
    # The host adds a bot and removes it: it is cashed out with its buy-in.
    creator.send({"type": "add_bot", "token": host_token, "seat": 3, "kind": "calling"})
    creator.wait_for(lambda m: m["type"] == "state" and m["seats"][3] is not None)
    creator.send({"type": "remove", "token": host_token, "seat": 3})
    state = creator.wait_for(lambda m: m["type"] == "state" and m["seats"][3] is None)
    bot = next(r for r in state["ledger"]["rows"] if r["bot"])
    assert (bot["bought"], bot["cashed"], bot["net"]) == (50, 50, 0)
    # The role goes to Bob: the creator's token no longer runs the table.
    creator.send({"type": "make_host", "token": host_token, "seat": 1})
    bob.wait_for(lambda m: m["type"] == "state" and m["you"]["host"] is True)
    creator.send({"type": "close", "token": host_token})
    assert creator.wait_for(lambda m: m["type"] == "error")["code"] == "forbidden"
    bob.send({"type": "close", "token": bob.token})
    state = creator.wait_for(lambda m: m["type"] == "state" and m["ledger"]["closed"])
    assert state["ledger"]["transfers"] == [
        {"from": "=cmd|' /C calc'!A0", "to": "Bob, the 2nd", "amount": 1}
    ]
    assert all(r["stack"] == 0 for r in state["ledger"]["rows"])
    bob.send({"type": "sit", "seat": 2, "name": "Late"})
    err = bob.wait_for(lambda m: m["type"] == "error")
    assert "closed" in err["message"]
