"""A two-table draw-game tournament on the one table page, in real Chromium on a phone
(390×844) and a desktop (1366×768): the tournament page is a lobby that links the
player to his table; the table page shows the tournament's clock (level, blinds,
deals left, players left) and plays the draw with the cash table's card picker; the
tournament's time bank and HUD are there; a seat's "disconnected" mark comes and goes
as its player connects and leaves, though the table does not change."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
import webtools
from playwright.sync_api import Browser, Page, expect
from test_tournament_web import call
from webtools import Client, Server

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}
#: A seed that seats Bob at Ann's table, drawing after her: her replacement must come
#: at once, before Bob (moved by this test only between her moves) draws. Tables of
#: edition 3 dealt it when every player had drawn, and the test waited on itself.
SEED = "10"
SETTINGS: dict[str, Any] = {
    "bots": ["calling"] * 6, "table_size": 4, "game": "triple-draw-2-7", "levels": "10/20, 20/40",
    "level_deals": 3, "turn_seconds": 120, "time_bank": 30, "deal": "",
}  # fmt: skip


def bob_moves(server: Server, key: str, token: str) -> bool:
    """Bob's move by the API when it is his turn (check or call; a draw: stand pat)."""
    _, view = call(server, "GET", f"/api/tournaments/{key}", token=token)
    if "Bob" not in view["turns"]:
        return False
    legal = [a["kind"] for a in view["table"]["deal"]["legal"]]
    if legal:
        move = {"type": "act", "action": "check" if "check" in legal else "call"}
    else:
        move = {"type": "act", "action": "discard", "cards": []}  # throws none
    status, answer = call(server, "POST", f"/api/tournaments/{key}", move, token)
    assert status == 200, answer
    return True


def deals_left(server: Server, key: str) -> str:
    """The tournament's clock as the table page words it (a level lasts some deals)."""
    _, view = call(server, "GET", f"/api/tournaments/{key}")
    n = view["clock"]["left"]
    return f"{n} deal left" if n == 1 else f"{n} deals left"


def shows_clock(page: Page, server: Server, key: str) -> str:
    """The table page's bar says the tournament's deals left (it fetches the clock every
    few seconds, and the other table's deals move it on); returns what it says."""
    deadline = time.monotonic() + 20
    while True:
        said = page.locator("#tournament-left").inner_text()
        if said == deals_left(server, key):
            return said
        assert time.monotonic() < deadline, f"the bar says {said!r}"
        page.wait_for_timeout(200)


def ann_moves(page: Page) -> str | None:
    """Ann's move at the table page when it is her turn: a draw throws her first card
    with the picker; else check or call. Returns what she did (None: not her turn)."""
    hand = page.evaluate("app.state && app.state.hand")
    if not hand or hand["finished"] or hand["actor"] != page.evaluate("app.state.you.seat"):
        return None
    if hand.get("card_choice"):
        thrown = hand["hole"][0]
        button = page.locator(f"#actions button[data-action={hand['card_choice']['action']}]")
        for _ in range(3):  # (a state that redraws the hand as she taps: tap again)
            page.locator("#myhand .card").first.click()
            if page.evaluate("app.picked.size") == 1:
                break
        expect(button).to_have_text("Draw 1")
        button.click()
        # The thrown card goes and its replacement comes at once, in the same state
        # (a tournament's table deals draws as they go), whoever draws after her.
        hole = "app.state.hand.hole"
        webtools.wait_until(page, f"!{hole}.includes({thrown!r}) && {hole}.length === 5", 30)
        return "draw"
    kinds = [a["kind"] for a in hand["legal"]]
    kind = "check" if "check" in kinds else "call"
    version = page.evaluate("app.state.version")
    page.locator(f"#actions button[data-action={kind}]").click()
    webtools.wait_until(page, f"app.state.version > {version}", 15)
    return kind


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_lobby_table_page_clock_draw_time_bank_hud_and_online_marks(
    make_server: Callable[..., Server],
    browser: Browser,
    clients: list[Client],
    viewport: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("STRAIGHTS_TOURNAMENT_SEED", SEED)
    server = make_server()
    _, made = call(server, "POST", "/api/tournaments", {"settings": SETTINGS, "host": "Ann"})
    key, ann = made["id"], made["token"]
    path = f"/api/tournaments/{key}"
    _, joined = call(server, "POST", path, {"type": "join", "name": "Bob"})
    bob = joined["token"]
    _, view = call(server, "POST", path, {"type": "start"}, ann)
    assert len(view["tables"]) == 2 and view["players_left"] == 8
    mine = view["table"]["number"]
    bobs = next(p["table"] for p in view["standings"] if p["name"] == "Bob")
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        # Online marks: a spectator at Bob's table sees his seat "disconnected" until
        # his table page connects, and again once it closes; nobody moves meanwhile.
        spy = ctx.new_page()
        spy.goto(f"{server.base}/t/{key}-{bobs}")
        away = spy.locator(".seat.offline", has_text="Bob")
        expect(away).to_have_count(1)
        version = spy.evaluate("app.state.version")
        bob_page = Client(server, f"{key}-{bobs}", bob)
        clients.append(bob_page)
        assert bob_page.seat is not None
        expect(away).to_have_count(0)
        bob_page.close()
        expect(away).to_have_count(1)
        assert spy.evaluate("app.state.version") == version  # the table did not change
        spy.close()

        # The lobby links Ann to her table; it draws no table of its own.
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.evaluate(f"localStorage.setItem('tourney:{key}', '{ann}')")
        page.goto(f"{server.base}/tournament/{key}")
        expect(page.locator("#table-title")).to_have_text(f"Your table: Table {mine}")
        link = page.locator("#table-link a")
        expect(link).to_have_attribute("href", f"/t/{key}-{mine}")
        assert page.locator("#mytable .card, #mytable button").count() == 0
        webtools.shot(page, f"tournament-lobby-{viewport}")
        link.click()
        page.wait_for_url(f"**/t/{key}-{mine}")

        # The table page shows the tournament's clock in a bar under its header.
        expect(page.locator("#tournament-level")).to_have_text("Level 1")
        expect(page.locator("#tournament-blinds")).to_have_text(view["clock"]["blinds"])
        shows_clock(page, server, key)
        expect(page.locator("#tournament-players")).to_have_text("8 of 8 left")
        expect(page.locator("#tournament-link")).to_have_attribute("href", f"/tournament/{key}")
        bar = page.locator("#tournament-bar").bounding_box()
        assert bar is not None and bar["width"] <= width
        assert page.evaluate("app.state.table.time_bank") == 30
        # The tournament seats its players: no leaving, sitting out or adding a bot here.
        expect(page.locator("#myhand")).to_be_visible()
        assert page.locator("#btn-sitout, #felt .seat.empty button").count() == 0
        assert page.get_by_role("button", name="Leave seat").count() == 0
        first_left = shows_clock(page, server, key)

        # Ann plays deal 1 at the table page, drawing with the picker; Bob by the API.
        done: list[str] = []
        banked = False
        deadline = time.monotonic() + 90
        while page.evaluate("app.state.hand.hand_number") < 2 or "draw" not in done:
            assert time.monotonic() < deadline, done
            if page.evaluate("app.state.hand.actor === app.state.you.seat"):
                turn = page.evaluate("app.state.turn")
                banked = banked or (turn is not None and turn.get("bank") == 30)
                if "draw" not in done and page.evaluate("!!app.state.hand.card_choice"):
                    webtools.shot(page, f"tournament-draw-{viewport}")
            move = ann_moves(page)
            if move:
                done.append(move)
            elif not bob_moves(server, key, bob):
                page.wait_for_timeout(100)
        assert banked, "her turn shows her time bank"
        # The HUD: the deal just played counted beside each seat.
        expect(page.locator("#felt .seat .hud").first).to_be_visible()
        assert page.locator("#felt .seat .hud").count() == 4
        assert shows_clock(page, server, key) != first_left  # it moved on with the deals
        webtools.shot(page, f"tournament-table-hud-{viewport}")
        assert page.locator("#myhand .card").count() in (0, 5)
    finally:
        ctx.close()
