"""Bots in real Chromium: the host picks the bots' style and their delay in the create
form, adds a bot of another style with "+ Bot", and changes the delay between deals."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from webtools import Server, shot, wait_until

pytestmark = pytest.mark.browser


def test_the_host_chooses_bot_styles_and_their_delay(browser: Browser, make_server) -> None:
    server: Server = make_server(bot_delay=5.0)  # the form's 0 s must win over this
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        expect(page.locator("input[name=bot_seconds]")).to_have_value("1")  # the default
        page.fill("input[name=seats]", "4")
        page.fill("input[name=bots]", "2")
        page.select_option("select[name=bot_kind]", "equity:tight")
        page.fill("input[name=bot_seconds]", "0")
        page.fill("input[name=turn_seconds]", "0")
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        for seat in (1, 2):
            expect(page.locator(f'.seat[data-seat="{seat}"] .status')).to_contain_text(
                "equity:tight bot"
            )
        assert page.evaluate("host.state.table.bot_seconds") == 0
        # "+ Bot" adds the style the host picks in his panel
        expect(page.locator("#host-botkind")).to_have_value("equity:tight")
        page.select_option("#host-botkind", "random")
        page.locator('.seat[data-seat="3"] >> text=+ Bot').click()
        expect(page.locator('.seat[data-seat="3"] .status')).to_contain_text("random bot")
        # the delay is a table setting the host changes between deals (no deal yet)
        page.fill("#host-settings input[name=bot_seconds]", "1.5")
        page.click("#host-settings button[type=submit]")
        expect(page.locator("#host-settings input[name=bot_seconds]")).to_have_value("1.5")
        wait_until(page, "host.state.table.bot_seconds === 1.5", timeout=10)
        shot(page, "bots-host")
        assert not errors, errors
    finally:
        ctx.close()
