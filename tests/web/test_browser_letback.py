"""The host's page in real headless Chromium, on a phone and a laptop: a bot a guest
adds waits for the host's approval, and a removed player is told so, is offered no
seat, and stays out until the host clicks "Let back" (issue 21)."""

from __future__ import annotations

from typing import Any

import pytest
import webtools
from playwright.sync_api import Browser, Page, expect
from webtools import Server

pytestmark = pytest.mark.browser


def sit(page: Page, seat: int, name: str) -> None:
    page.locator(f'.seat[data-seat="{seat}"] >> text=Sit').click()
    page.fill("#sit input[name=name]", name)
    page.press("#sit input[name=name]", "Enter")


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)])
def test_the_host_approves_a_guests_bot_and_lets_a_removed_player_back(
    browser: Browser, make_server: Any, width: int, height: int
) -> None:
    server: Server = make_server(deal_delay=60.0)  # no deal starts: the seats stay put
    errors: list[str] = []
    mobile = width < 600
    host_ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile)
    bob_ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    boss, bob = host_ctx.new_page(), bob_ctx.new_page()
    for p in (boss, bob):
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.on("dialog", lambda d: d.accept())
    try:
        boss.goto(server.base + "/")
        boss.fill("input[name=name]", "Letback")
        boss.fill("input[name=seats]", "4")
        boss.fill("input[name=bots]", "0")
        boss.fill("input[name=turn_seconds]", "0")
        boss.click("text=Create table")
        boss.wait_for_url("**/t/**")
        expect(boss.locator("#host-panel")).to_be_visible()
        bob.goto(boss.url)
        sit(bob, 1, "Bob")
        expect(bob.locator('.seat[data-seat="1"]')).to_contain_text("Bob")

        # Bob, a guest, adds a bot: its buy-in waits for the host, who approves it.
        bob.locator('.seat[data-seat="2"] >> text=+ Bot').click()
        expect(bob.locator('.seat[data-seat="2"]')).to_contain_text("buy-in waits for the host")
        pending = boss.locator("#host-panel .host-row.pending")
        expect(pending).to_contain_text("Bot 3 (a bot a player added) asks to buy in for 100")
        webtools.shot(boss, f"letback-approve-{width}")
        pending.locator("text=Approve").click()
        expect(pending).to_have_count(0)
        expect(bob.locator('.seat[data-seat="2"] .chips')).to_have_text("100 chips")

        # The host removes Bob; he cannot sit again until the host lets him back.
        boss.select_option("#host-seat", "1")
        boss.click("#host-remove")
        expect(bob.locator('.seat[data-seat="1"]')).not_to_contain_text("Bob")
        # Removed, Bob is told so and offered no seat until the host lets him back.
        expect(bob.locator("#banner")).to_contain_text("The host removed you from this table")
        expect(bob.locator('.seat[data-seat="3"] >> text=Sit')).to_have_count(0)
        back = boss.locator("#host-panel .host-row.removed")
        expect(back).to_contain_text("Bob was removed")
        back.scroll_into_view_if_needed()
        webtools.shot(boss, f"letback-removed-{width}")
        box = back.locator("button.let-back").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        back.locator("button.let-back").click()
        expect(back).to_have_count(0)
        sit(bob, 3, "Bob")
        expect(bob.locator('.seat[data-seat="3"]')).to_contain_text("Bob")
        assert not errors, errors
    finally:
        host_ctx.close()
        bob_ctx.close()
