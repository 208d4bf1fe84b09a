"""The rule books' house rules on the web page (issue 20), in real Chromium on a phone
and a desktop: the new-table form offers only the rules the chosen games use, each at
the rule book's reading; the table is created with the host's choice; his panel shows
the table's rules and changes them; Pai Gow's form offers the house way."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from webtools import ARTIFACTS, Server, shot, wait_until

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}


def shown(page: Any) -> list[str]:
    """The house rules the form shows now, by key."""
    keys: list[str] = page.evaluate(
        "[...document.querySelectorAll('#house-rules [data-house]')]"
        ".filter((l) => !l.closest('[hidden]')).map((l) => l.dataset.house)"
    )
    return keys


def part(page: Any, selector: str, name: str) -> None:
    """A screenshot of one part of the page (for docs/web.md), the sticky header hidden."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("document.querySelector('header.top').style.visibility = 'hidden'")
    page.locator(selector).screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.evaluate("document.querySelector('header.top').style.visibility = ''")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_host_sets_house_rules_on_the_form_and_in_his_panel(
    browser: Browser, make_server: Any, viewport: str
) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.base + "/")
        page.wait_for_selector("#game-pick optgroup option", state="attached")
        expect(page.locator("#house-rules")).to_be_hidden()  # Straights: its own rule book
        page.select_option("#game-pick", "NT")  # no limit: only the odd chip
        assert shown(page) == ["rule_book_odd_chip"]
        page.select_option("#game-pick", "_FCALIFORNIA")
        assert shown(page) == ["raise_cap", "heads_up_unlimited", "blind_is_bet",
                               "half_bet_reopens", "rule_book_odd_chip",
                               "lowball_check_raise", "sevens_rule"]  # fmt: skip
        page.select_option("#game-pick", "F7S")
        assert shown(page) == ["raise_cap", "heads_up_unlimited", "half_bet_reopens",
                               "rule_book_odd_chip", "open_pair"]  # fmt: skip
        # The rule book's reading: the cap as the rule book says, the open pair on.
        expect(page.locator('[data-house-key="raise_cap"]')).to_have_value("")
        expect(page.locator('[data-house-key="open_pair"]')).to_be_checked()
        expect(page.locator('[data-house-key="half_bet_reopens"]')).to_be_checked()
        page.select_option('[data-house-key="raise_cap"]', "3")
        page.locator('[data-house-key="open_pair"]').uncheck()
        for name, value in {"seats": "3", "bots": "0", "turn_seconds": "0"}.items():
            page.fill(f"#create input[name={name}]", value)
        page.locator("#house-rules").scroll_into_view_if_needed()
        shot(page, f"house-rules-form-{width}")
        part(page, "#house-rules", f"web-house-form-{width}")
        box = page.locator("#house-rules").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        wait_until(page, "app.state && app.state.table")
        assert page.evaluate("app.state.table.house") == {"raise_cap": 3, "open_pair": False}
        # The host's panel shows the table's rules and changes them.
        panel = page.locator("#host-betting .host-house")
        expect(panel).to_be_visible()
        expect(panel.locator('[data-house-key="raise_cap"]')).to_have_value("3")
        expect(panel.locator('[data-house-key="open_pair"]')).not_to_be_checked()
        panel.locator('[data-house-key="open_pair"]').check()
        panel.locator('[data-house-key="half_bet_reopens"]').uncheck()
        panel.scroll_into_view_if_needed()
        shot(page, f"house-rules-host-{width}")
        part(page, "#host-betting", f"web-house-host-{width}")
        page.click("#host-betting button[type=submit]")
        wait_until(
            page,
            "JSON.stringify(app.state.table.house) === "
            "JSON.stringify({raise_cap: 3, half_bet_reopens: false})",
        )
        expect(page.locator("#host-betting .host-house")).to_be_visible()  # rebuilt, as set
        expect(
            page.locator('#host-betting [data-house-key="half_bet_reopens"]')
        ).not_to_be_checked()
        # During a deal the change waits for the next, said in the host's panel.
        page.locator('.seat[data-seat="0"] >> text=Sit').click()
        page.fill("#sit input[name=name]", "Ann")
        page.press("#sit input[name=name]", "Enter")
        page.locator('.seat[data-seat="1"] >> text=+ Bot').click()
        wait_until(page, "app.state.hand.hand_number === 1 && !app.state.hand.finished")
        apply = page.locator("#host-betting button[type=submit]")
        expect(apply).to_have_text("Apply at next deal")
        page.locator('#host-betting [data-house-key="open_pair"]').uncheck()
        apply.click()
        expect(page.locator("#host-queued")).to_contain_text(
            "house rules: raise cap 3, half a bet all in reopens off, "
            "open pair on fourth street off"
        )
        assert page.evaluate("app.state.table.house") == {
            "raise_cap": 3,
            "half_bet_reopens": False,
        }
        shot(page, f"house-rules-queued-{width}")
        # Pai Gow: the house way, on the form.
        page.goto(server.base + "/")
        page.wait_for_selector("#game-pick optgroup option", state="attached")
        page.select_option("#game-pick", "pai-gow")
        expect(page.locator("#house-rules")).to_be_hidden()
        page.select_option("select[name=house_way]", "simple")
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        wait_until(page, "app.state && app.state.table")
        assert page.evaluate("app.state.table.house_way") == "simple"
        way = page.locator("#host-houseway select[name=house_way]")
        expect(way).to_have_value("simple")
        way.scroll_into_view_if_needed()
        shot(page, f"house-way-host-{width}")
        way.select_option("foxwoods")
        page.click("#host-houseway button[type=submit]")
        wait_until(page, "app.state.table.house_way === 'foxwoods'")
        assert errors == []
    finally:
        ctx.close()
