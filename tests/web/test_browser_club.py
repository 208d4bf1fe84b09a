"""A club in real Chromium, on a phone and a desktop: started from its page, a table
opened in it from the club's link, deals played with a bot, the table closed; the
club's page then shows the leaderboard (people only), the settle-up with the house for
the bot, and downloads the ledger (CSV) and the evening's hands (PHH, PokerStars)."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from webtools import Server, shot, wait_until

from straights.poker.phh import loads

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}


def play_until(page: Page, deals: int) -> None:
    """Ann checks or calls until ``deals`` deals are over, then the host pauses."""
    deadline = time.monotonic() + 60
    paused = False
    while time.monotonic() < deadline:
        number, finished, in_hand = page.evaluate(
            "[app.state.hand.hand_number, app.state.hand.finished, app.state.ledger.paused]"
        )
        if number >= deals and not paused:
            page.click("#host-pause")
            paused = True
        if paused and in_hand and (finished or not number):
            return
        for kind in ("check", "call"):
            b = page.locator(f'#actions button[data-action="{kind}"]:not([disabled])')
            if b.count():
                b.first.click()
                break
        else:
            time.sleep(0.1)
    raise AssertionError("the deals did not end")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_club_evening(browser: Browser, make_server: Any, viewport: str, tmp_path: Path) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    try:
        page.goto(server.base + "/c/new")
        page.fill("#club-new input[name=name]", "Thursdays")
        page.click("#club-new button[type=submit]")
        expect(page.locator("#club-title")).to_have_text("Thursdays")
        club_url = page.url
        assert not club_url.endswith("/new")
        shot(page, f"club-new-{width}")
        page.click("#club-new-table")
        page.wait_for_url("**/?club=**")
        expect(page.locator("#club-line")).to_contain_text("opens in your club")
        page.wait_for_selector("#game-pick optgroup option", state="attached")
        page.select_option("#game-pick", "NT")
        for name, value in {"seats": "3", "bots": "1", "bot_seconds": "0",
                            "turn_seconds": "0", "stack": "100"}.items():  # fmt: skip
            page.fill(f"#create input[name={name}]", value)
        page.select_option("select[name=bot_kind]", "calling")
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        page.locator('.seat[data-seat="0"] >> text=Sit').click()
        page.fill("#sit input[name=name]", "Ann")
        page.press("#sit input[name=name]", "Enter")
        play_until(page, 2)
        deals = page.evaluate("app.state.hand.hand_number")
        page.click("#host-close")
        wait_until(page, "app.state.ledger.closed === true")
        net = page.evaluate("app.state.ledger.rows.find((r) => r.name === 'Ann').net")

        page.goto(club_url)
        expect(page.locator("#club-board tbody tr")).to_have_count(1)
        row = page.locator("#club-board tbody tr").first.locator("td")
        assert row.all_inner_texts()[1:3] == ["Ann", f"+{net}" if net > 0 else str(net)]
        settle = page.locator("#club-settle li").all_inner_texts()
        if net:
            who = f"The house pays Ann {net}" if net > 0 else f"Ann pays The house {-net}"
            assert settle == [who]
        assert not any("Bot" in line for line in settle)
        shot(page, f"club-book-{width}")

        with page.expect_download() as got:
            page.click("#club-csv")
        rows = list(csv.reader(io.StringIO(Path(got.value.path()).read_text())))
        assert ["1", "Ann", str(net), "1"] in rows
        assert any(r[2] == "Bot 2" and r[7] == "house" for r in rows if len(r) == 8)
        with page.expect_download() as got:
            page.click(".night button[data-download=phhs]")
        hands = loads(Path(got.value.path()).read_text())
        assert len(hands) == deals and all(h["players"][0] in ("Ann", "Bot 2") for h in hands)
        with page.expect_download() as got:
            page.click(".night button[data-download=txt]")
        assert Path(got.value.path()).read_text().count("PokerStars Hand #") == deals
        assert not errors, errors
    finally:
        ctx.close()
