"""A tournament's table at the normal table page in headless Chromium: the player goes
from the tournament page to his table by its link, acts there with the cash table's
buttons (his tournament token holds the seat), and finds the link back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import webtools
from playwright.sync_api import Browser, expect
from test_tournament_web import call
from webtools import Server

pytestmark = pytest.mark.browser


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
