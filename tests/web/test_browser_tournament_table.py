"""A tournament's table at the normal table page in headless Chromium: the player goes
from the tournament page to his table by its link, acts there with the cash table's
buttons (his tournament token holds the seat), and finds the link back; "Ask me to
show" works there as at a cash table."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
import webtools
from playwright.sync_api import Browser, Page, expect
from test_tournament_web import call
from webtools import Server

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}


def test_the_player_acts_at_the_table_page_from_the_tournament_link(
    make_server: Callable[..., Server], browser: Browser
) -> None:
    server = make_server()
    settings = {"bots": ["calling"] * 3, "table_size": 6, "turn_seconds": 0}
    _, made = call(server, "POST", "/api/tournaments", {"settings": settings, "host": "Ann"})
    key, token = made["id"], made["token"]
    call(server, "POST", f"/api/tournaments/{key}", {"type": "start"}, token)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.evaluate(f"localStorage.setItem('tourney:{key}', '{token}')")
        page.goto(server.base + f"/tournament/{key}")
        link = page.locator("#table-link a")
        expect(link).to_have_attribute("href", f"/t/{key}-1")
        expect(page.locator("#table-list a")).to_have_count(1)
        link.click()
        page.wait_for_url(f"**/t/{key}-1")
        buttons = page.locator("#actions button[data-action]")
        expect(buttons.first).to_be_visible(timeout=15_000)
        webtools.shot(page, "tournament-table-page")
        kinds = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
        page.locator(
            f"#actions button[data-action={'check' if 'check' in kinds else 'fold'}]"
        ).click()
        webtools.wait_until(page, "!!document.querySelector('#tournament-link')")
        expect(page.locator("#tournament-link")).to_have_attribute("href", f"/tournament/{key}")
        _, view = call(server, "GET", f"/api/tournaments/{key}", token=token)
        assert view["seq"] == 3  # join, start, and her move from the table page
    finally:
        context.close()


def test_a_table_page_that_no_longer_seats_the_player_sends_him_to_his_table(
    make_server: Callable[..., Server], browser: Browser
) -> None:
    server = make_server()
    settings = {"bots": ["calling"] * 7, "table_size": 4, "turn_seconds": 0}
    _, made = call(server, "POST", "/api/tournaments", {"settings": settings, "host": "Ann"})
    key, token = made["id"], made["token"]
    _, view = call(server, "POST", f"/api/tournaments/{key}", {"type": "start"}, token)
    mine = view["table"]["number"]
    other = 3 - mine  # two tables of four: hers, and the one she is not at (as if moved)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.evaluate(f"localStorage.setItem('tourney:{key}', '{token}')")
        page.goto(server.base + f"/t/{key}-{other}")
        page.wait_for_url(f"**/t/{key}-{mine}", timeout=15_000)
        expect(page.locator("#actions button[data-action]").first).to_be_visible(timeout=15_000)
    finally:
        context.close()


def to_the_question(page: Page, timeout: float = 60) -> int:
    """Ann checks or calls at her table page until she is asked to show or muck; the
    deal's number then (the tournament deals on at once: no deal's end is waited for)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        h: dict[str, Any] = page.evaluate("app.state.hand")
        if h.get("show_or_muck"):
            return int(h["hand_number"])
        button = page.locator(
            '#actions button[data-action="check"]:not([disabled]), '
            '#actions button[data-action="call"]:not([disabled])'
        )
        if button.count():
            button.first.click()
        page.wait_for_timeout(80)
    raise AssertionError(f"Ann was not asked: {page.evaluate('app.state.hand.log')}")


@pytest.mark.parametrize(("viewport", "answer"), [("phone", "muck"), ("desktop", "show")])
def test_ask_me_to_show_at_a_tournament_table(
    make_server: Callable[..., Server],
    browser: Browser,
    monkeypatch: pytest.MonkeyPatch,
    viewport: str,
    answer: str,
) -> None:
    """Ann's "Ask me to show" at the tournament's table page, as at a cash table: from
    her next deal she is asked at a showdown a shown hand wins (the seed deals one at
    deal 2), and shows or mucks as she answers."""
    monkeypatch.setenv("STRAIGHTS_TOURNAMENT_SEED", "3")
    server = make_server()
    settings = {"bots": ["calling"] * 2, "table_size": 3, "levels": "10/20",
                "level_deals": 50, "turn_seconds": 120, "deal": ""}  # fmt: skip
    _, made = call(server, "POST", "/api/tournaments", {"settings": settings, "host": "Ann"})
    key, token = made["id"], made["token"]
    path = f"/api/tournaments/{key}"
    call(server, "POST", path, {"type": "start"}, token)
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        page.evaluate(f"localStorage.setItem('tourney:{key}', '{token}')")
        page.goto(server.base + f"/t/{key}-1")
        ask = page.locator("#btn-ask")
        expect(ask).to_have_text("Ask me to show: off")
        ask.click()
        expect(ask).to_have_attribute("aria-pressed", "true")
        asked = to_the_question(page)
        assert asked == 2, "the seed's deal 2 asks her"
        expect(page.locator("#showmuck button")).to_have_text(["Show", "Muck"])
        page.locator(f"#showmuck button[data-action={answer}]").click()
        webtools.wait_until(page, f"app.state.hand.hand_number > {asked}")
        _, view = call(server, "GET", path, token=token)
        last = view["table"]["last"]
        cards = next(p["cards"] for p in last["players"] if p["name"] == "Ann")
        if answer == "muck":
            assert cards == ["??", "??"], cards
        else:
            assert len(cards) == 2 and "??" not in cards, cards
        expect(ask).to_have_attribute("aria-pressed", "true")  # still hers, deal after deal
    finally:
        context.close()
