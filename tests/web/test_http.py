"""The page and the small JSON API of a real server."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from webtools import Server


def _post(server: Server, body: bytes) -> tuple[int, dict]:
    req = urllib.request.Request(server.base + "/api/tables", data=body, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_page_api_and_headers(make_server) -> None:
    server: Server = make_server()
    with urllib.request.urlopen(server.base + "/", timeout=5) as r:
        page = r.read().decode()
        assert "<title>Straights" in page and "/static/app.js" in page
        assert "default-src 'self'" in r.headers["Content-Security-Policy"]
        assert r.headers["X-Content-Type-Options"] == "nosniff"
    with urllib.request.urlopen(server.base + "/static/app.js", timeout=5) as r:
        assert "function render" in r.read().decode()
    status, made = _post(server, b'{"pack": 52, "betting": "no-limit", "seats": 4, "bots": 2}')
    assert status == 200 and made["url"] == "/t/" + made["table"] and len(made["host_token"]) == 32
    with urllib.request.urlopen(server.base + made["url"], timeout=5) as r:
        assert r.status == 200  # the shareable link serves the same page
    with urllib.request.urlopen(server.base + "/api/tables/" + made["table"], timeout=5) as r:
        info = json.loads(r.read())
    assert (info["pack"], info["betting"], info["seats_taken"]) == (52, "no-limit", 2)
    assert "seed" not in json.dumps(info) and "host" not in json.dumps(info)


def test_bad_requests_get_clear_errors(make_server) -> None:
    server: Server = make_server()
    for body, says in [
        (b"{", "not valid JSON"),
        (b'{"seats": 1}', "seats"),
        (b'{"bots": 5, "seats": 5}', "leave at least one"),
    ]:
        status, err = _post(server, body)
        assert status == 400 and err["type"] == "error" and says in err["message"]
    status, err = _post(server, b"x" * 10_000)
    assert status == 413 and err["message"] == "a body of 10000 bytes: the limit is 4096"
    try:
        urllib.request.urlopen(server.base + "/api/tables/nope-nope", timeout=5)
    except urllib.error.HTTPError as e:
        assert e.code == 404
    else:
        raise AssertionError("an unknown table is a 404")
    assert server.alive()
