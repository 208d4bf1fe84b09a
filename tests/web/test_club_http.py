"""The club's HTTP routes on a real server: one clear JSON line for each refusal."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from webtools import Server


def call(server: Server, path: str, body: bytes | None = None, token: str = "") -> Any:
    """(status, JSON or text) of a GET, or a POST when ``body`` is given."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    req = urllib.request.Request(server.base + path, data=body, headers=headers,
                                 method="GET" if body is None else "POST")  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            text = r.read().decode()
            kind = r.headers["Content-Type"]
            return r.status, json.loads(text) if kind.startswith("application/json") else text
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_club_routes_answer_in_one_line(make_server: Any) -> None:
    server: Server = make_server()
    status, made = call(server, "/api/clubs", b'{"name": "Thursdays"}')
    assert status == 200 and made["url"] == "/c/" + made["club"]
    key, token = made["club"], made["host_token"]
    status, page = call(server, f"/c/{key}")
    assert status == 200 and "/static/club.js" in page
    status, book = call(server, f"/api/clubs/{key}")
    assert (status, book["name"], book["nights"], book["transfers"]) == (200, "Thursdays", [], [])
    nt = b'{"games": ["NT"], "seats": 3}'
    for path, body, tok, code, says in [
        ("/api/clubs", b'{"name": ""}', "", 400, "name"),
        ("/api/clubs", b"[1]", "", 400, "name"),
        ("/api/clubs/nope-nope", None, "", 404, "no club"),
        (f"/api/clubs/{key}/tables", nt, "wrong-token", 403, "club's host"),
        (f"/api/clubs/{key}/tables", b'{"seats": 1}', token, 400, "seats"),
        (f"/api/clubs/{key}/hands/2026-11-26.phhs", None, "", 403, "club's host"),
        (f"/api/clubs/{key}/hands/2026-11-26.zip", None, token, 404, ".phhs or .txt"),
        (f"/api/clubs/{key}/hands/2026-11-26.phhs", None, token, 404, "played no table"),
    ]:
        status, err = call(server, path, body, tok)
        assert (status, err["type"]) == (code, "error") and says in err["message"], (path, err)
    status, table = call(server, f"/api/clubs/{key}/tables", nt, token)
    assert status == 200 and table["url"] == "/t/" + table["table"]
    status, book = call(server, f"/api/clubs/{key}")
    assert [t["key"] for n in book["nights"] for t in n["tables"]] == [table["table"]]
    status, err = call(server, f"/api/tables/{table['table']}/hands.phhs", None, token)
    assert status == 403  # the club's token is not the table's host token
    status, text = call(server, f"/api/tables/{table['table']}/hands.phhs", None,
                        table["host_token"])  # fmt: skip
    assert (status, text) == (200, "")  # no deal yet
    assert server.alive()
