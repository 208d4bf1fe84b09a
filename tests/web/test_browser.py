"""End to end in real headless Chromium (Debian's, driven by Playwright): two browsers
create and join a table, play a hand to the showdown, and one reloads mid-hand."""

from __future__ import annotations

import re
import time

import pytest
import stacked
from playwright.sync_api import Browser, Page, expect
from webtools import Server, shot

pytestmark = pytest.mark.browser


def hole(page: Page) -> list[str]:
    return [c.get_attribute("aria-label") or "" for c in page.locator("#myhand .card").all()]


def deal_over(verdict: str) -> bool:
    """Whether the verdict tells how the deal ended: a pot won, or carried over."""
    return bool(re.search(r"[Pp]ot of \d+ (to |— )|carr(y|ies) over", verdict))


def act_if_my_turn(page: Page) -> bool:
    """Check or call (else the first action) when it is the page's turn; the
    pre-actions offered out of turn are not actions."""
    buttons = page.locator("#actions button[data-action]:not([disabled])")
    if buttons.count() == 0:
        return False
    for kind in ("check", "call"):
        b = page.locator(f'#actions button[data-action="{kind}"]:not([disabled])')
        if b.count():
            b.first.click()
            return True
    buttons.first.click()
    return True


def test_two_browsers_play_a_hand_with_a_reload(browser: Browser, make_server) -> None:
    # The first deal starts once both sit; the next waits a minute (it was 4 s), so the
    # finished deal stays on both pages while the test reads them and the history.
    server: Server = make_server(deal_delay=60.0, bot_delay=0.1, before=stacked.before())
    errors: list[str] = []
    ann_ctx = browser.new_context(viewport={"width": 1200, "height": 860})
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    for p in (ann, bob):
        p.on("pageerror", lambda e: errors.append(str(e)))
    try:
        ann.goto(server.base + "/")
        shot(ann, "home")
        ann.fill("input[name=name]", "Friday game")
        ann.fill("input[name=seats]", "3")
        ann.fill("input[name=bots]", "0")
        ann.fill("input[name=turn_seconds]", "0")
        ann.click("text=Create table")
        ann.wait_for_url("**/t/**")
        link = ann.url
        ann.locator('.seat[data-seat="0"] >> text=Sit').click()
        ann.fill("#sit input[name=name]", "Ann")
        ann.click("#sit button[type=submit]")
        expect(ann.locator('.seat[data-seat="0"] .name')).to_contain_text("Ann")

        bob.goto(link)
        bob.locator('.seat[data-seat="1"] >> text=Sit').click()
        bob.fill("#sit input[name=name]", "Bob")
        bob.click("#sit button[type=submit]")
        expect(ann.locator("#myhand .card")).to_have_count(2, timeout=10_000)
        expect(bob.locator("#myhand .card")).to_have_count(2, timeout=10_000)
        shot(ann, "dealt-desktop")
        shot(bob, "dealt-phone")
        ann_hole = hole(ann)
        # Bob sees Ann's cards face down, and the key card face down
        assert bob.locator('.seat[data-seat="0"] .card.back').count() == 2
        assert bob.locator("#board .card.key.back").count() == 1
        for label in ann_hole:
            assert bob.locator(f'[aria-label="{label}"]').count() == 0

        actions, reloaded = 0, False
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = ann.locator("#verdict").inner_text()
            if deal_over(text):
                break
            moved = act_if_my_turn(ann) or act_if_my_turn(bob)
            if moved:
                actions += 1
                time.sleep(0.25)
            else:
                time.sleep(0.1)
            if actions == 3 and not reloaded:
                ann.reload()
                reloaded = True
                expect(ann.locator("#myhand .card")).to_have_count(2, timeout=10_000)
                assert hole(ann) == ann_hole, "a reload restores the seat and the hole cards"
                expect(ann.locator('.seat[data-seat="0"]')).to_have_class(
                    re.compile(r"\bme\b"), timeout=5000
                )
                shot(ann, "after-reload")
        else:
            pot = ann.locator("#pot").inner_text()
            raise AssertionError(f"the hand did not reach its end: {actions} actions; pot {pot!r}")
        assert reloaded
        verdict = ann.locator("#verdict").inner_text()
        assert deal_over(verdict)
        expect(bob.locator("#verdict")).to_contain_text("pot", timeout=5000)
        shot(ann, "showdown-desktop")
        shot(bob, "showdown-phone")

        # the hand history replays the finished deal step by step
        ann.click("#btn-history")
        expect(ann.locator("#hist-events li").first).to_be_visible(timeout=5000)
        first = ann.locator("#hist-step").inner_text()
        ann.click("#hist-next")
        assert ann.locator("#hist-step").inner_text() != first
        ann.click("#hist-last")
        # the last step: the deal's end, the pot won or carried
        expect(ann.locator("#hist-step")).to_have_text(
            re.compile(r"step (\d+) of \1: .*(wins? \d+|carr(y|ies) over).* · End of deal \d+$")
        )
        shot(ann, "history")
        assert not errors, errors
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_one_browser_plays_bots_and_manages_seats(browser: Browser, make_server) -> None:
    server: Server = make_server(deal_delay=1.0, bot_delay=0.05)
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    try:
        page.goto(server.base + "/")
        page.fill("input[name=seats]", "4")
        page.fill("input[name=bots]", "2")
        page.select_option("select[name=bot_kind]", "strength")
        page.fill("input[name=bot_seconds]", "0")
        page.select_option("select[name=betting]", "limit")  # at most 35 antes a deal: no bust
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        # the creator (host token) adds a third bot before sitting, then removes it
        page.locator('.seat[data-seat="3"] >> text=+ Bot').click()
        expect(page.locator('.seat[data-seat="3"] .status')).to_contain_text("strength bot")
        page.locator('.seat[data-seat="3"] button.remove').click()
        expect(page.locator('.seat[data-seat="3"]')).to_have_class(re.compile("empty"))
        page.locator('.seat[data-seat="0"] >> text=Sit').click()
        page.fill("#sit input[name=name]", "Solo")
        page.click("#sit button[type=submit]")
        deadline = time.monotonic() + 60
        finished = 0
        while time.monotonic() < deadline and finished < 1:
            if deal_over(page.locator("#verdict").inner_text()):
                finished += 1
                break
            if not act_if_my_turn(page):
                time.sleep(0.1)
        assert finished, "a deal against bots reaches its end"
        shot(page, "bots-showdown")
        page.click("text=Leave seat")
        expect(page.locator('.seat[data-seat="0"]')).to_have_class(
            re.compile("empty"), timeout=15_000
        )
        assert not errors, errors
    finally:
        ctx.close()
