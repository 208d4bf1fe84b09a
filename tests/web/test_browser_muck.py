"""Show or muck at the web table (issue 22), in real Chromium on a phone (390×844) and a
desktop (1366×768): heads-up hold'em from a stacked deck, Ann (a person, on the button)
against a calling bot.  Before the deal Ann turns on "Ask me to show"; all check to
the river; the bot, first to act, shows kings, which beat Ann's deuces: she is asked,
with two buttons, and the turn is hers.  Mucked (on the phone), her cards never reach
the page of a spectator; shown (on the desktop), they do.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import stacked
import webtools
from playwright.sync_api import Browser, Page, expect
from test_browser_variants import VIEWPORTS, open_table

pytestmark = pytest.mark.browser

#: The bot (seat 1) is dealt K♥ K♦, Ann 7♣ 2♦; the board (burns between streets)
#: 4♥ 9♣ J♦, 2♥, 6♣: kings against a pair of deuces.
DECK = {1: "Kh Kd 7c 2d 3s 4h 9c Jd 5c 2h 8h 6c"}


def check_to_the_question(page: Page, timeout: float = 60) -> dict[str, Any]:
    """Ann checks or calls until she is asked to show or muck; the deal then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        h: dict[str, Any] = page.evaluate("app.state.hand")
        if h.get("show_or_muck"):
            return h
        assert not h["finished"], h["log"]
        button = page.locator(
            '#actions button[data-action="check"]:not([disabled]), '
            '#actions button[data-action="call"]:not([disabled])'
        )
        if button.count():
            button.first.click()
        page.wait_for_timeout(80)
    raise AssertionError(f"Ann was not asked: {page.evaluate('app.state.hand.log')}")


def in_view(page: Page, selector: str) -> None:
    """``selector`` lies wholly inside the viewport (no scrolling needed to press it)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box


@pytest.mark.parametrize(("viewport", "answer"), [("phone", "muck"), ("desktop", "show")])
def test_a_beaten_player_is_asked_to_show_or_muck(
    browser: Browser, make_server: Any, viewport: str, answer: str
) -> None:
    assert set(VIEWPORTS) == {"phone", "desktop"}
    # The table "muck" waits 30 s before its first deal too: time to ask to be asked.
    tables = {"muck": {"decks": DECK, "first": 30.0}}
    server = make_server(bot_delay=0.0, deal_delay=30.0, before=stacked.tables_before(tables))
    ctx, page = open_table(browser, server, viewport, game="NT", seats="2", bots="1",
                           stack="200", name="muck")  # fmt: skip
    watcher = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        # The first deal waits 30 s for the table to fill: time to ask to be asked.
        assert not page.evaluate("app.state.hand.hand_number")
        expect(page.locator("#btn-ask")).to_have_text("Ask me to show: off")
        page.click("#btn-ask")
        expect(page.locator("#btn-ask")).to_have_attribute("aria-pressed", "true")
        h = check_to_the_question(page)
        assert h["phase"] == "muck" and h["legal"] == []
        box = page.locator("#showmuck")
        expect(box).to_contain_text("A shown hand beats yours: show it or muck it?")
        expect(box.locator("button")).to_have_text(["Show", "Muck"])
        in_view(page, "#showmuck button[data-action=show]")
        in_view(page, "#showmuck button[data-action=muck]")
        expect(page.locator("#pot")).to_contain_text("show or muck")
        expect(page.locator("#pot")).to_contain_text("blinds 1/2")  # small to big, heads-up too
        webtools.shot(page, f"show-or-muck-{viewport}")
        spectator = watcher.new_page()
        spectator.goto(page.url)
        webtools.wait_until(spectator, "app.state && app.state.hand.phase === 'muck'")
        expect(spectator.locator("#showmuck")).to_have_count(0)  # not his question
        page.locator(f"#showmuck button[data-action={answer}]").click()
        webtools.wait_until(page, "app.state.hand.finished")
        webtools.wait_until(spectator, "app.state.hand.finished")
        expect(page.locator("#verdict")).to_contain_text("Pair of kings")
        ann = next(p for p in spectator.evaluate("app.state.hand.players") if p["name"] == "Ann")
        told = " ".join(spectator.evaluate("app.state.hand.log"))
        if answer == "muck":
            assert ann["cards"] == [None, None], ann
            assert "Ann mucks" in told and "7♣" not in told and "7c" not in told, told
        else:
            assert ann["cards"] == ["7c", "2d"], ann
            assert "Ann shows" in told, told
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        watcher.close()
        ctx.close()
