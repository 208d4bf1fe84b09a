"""Pai Gow at the web table in headless Chromium: a player on a desktop sets his two
hands by tapping cards and wins, loses and pushes against the bank; a player on a
phone uses the house-way button; neither sees the other's cards before the bank shows."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import stacked
from playwright.sync_api import Browser, Page, ViewportSize, expect
from webtools import Server, shot

from straights.paigow.rules import Setting, beats

pytestmark = pytest.mark.browser

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


def cards(page: Page, where: str) -> list[str]:
    """The cards in ``where`` as the server writes them ("As", "Jk"), read at once."""
    labels: list[str] = page.eval_on_selector_all(
        f"{where} .card", "els => els.map((e) => e.getAttribute('aria-label') || '')"
    )
    return ["Jk" if label == "joker" else label for label in labels]


def sit(page: Page, seat: int, name: str) -> None:
    page.locator(f'.seat[data-seat="{seat}"] >> text=Sit').click()
    page.fill("#sit input[name=name]", name)
    page.click("#sit button[type=submit]")
    expect(page.locator(f'.seat[data-seat="{seat}"] .name')).to_contain_text(name)


def _foul(seven: list[str]) -> list[str] | None:
    """Two of ``seven`` that, put in front, beat the other five (by the rules)."""
    for i, a in enumerate(seven):
        for b in seven[i + 1 :]:
            rest = " ".join(c for c in seven if c not in (a, b))
            if Setting.of(f"{a} {b}", rest).fouled:
                return [a, b]
    return None


def apart(page: Page) -> None:
    """The bank's hands and the results overlap no seat, and fit the screen's width."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    boxes = [b for s in page.locator(".seat").all() if (b := s.bounding_box())]
    for what in ("#pg-bank", "#pg-results"):
        if page.locator(what).count() == 0:
            continue
        box = page.locator(what).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        for seat in boxes:
            assert (
                box["x"] + box["width"] <= seat["x"]
                or seat["x"] + seat["width"] <= box["x"]
                or box["y"] + box["height"] <= seat["y"]
                or seat["y"] + seat["height"] <= box["y"]
            ), (what, box, seat)


def result_of(page: Page, seat: int) -> str:
    return page.locator(f'.pg-result[data-seat="{seat}"] .pg-outcome').inner_text()


def test_a_player_sets_his_hands_by_tapping_and_plays_the_bank(
    browser: Browser, make_server: Callable[..., Server], tmp_path: Path
) -> None:
    # Each deal waits for the test to tell it (stacked.tell_deal) — the first until both
    # sat, the next until the test has read the one before — then 0.3 s (it was 2.5 s
    # after the last change: a loaded run could deal Bob out, or read the next deal).
    server: Server = make_server(
        deal_delay=0.3, bot_delay=0.0, before=stacked.told_before(str(tmp_path))
    )
    errors: list[str] = []
    ann_ctx = browser.new_context(viewport=DESKTOP)
    bob_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    for p in (ann, bob):
        p.on("pageerror", lambda e: errors.append(str(e)))
    try:
        ann.goto(server.base + "/")
        ann.select_option("select[name=game]", "pai-gow")
        expect(ann.locator("input[name=bet]")).to_be_visible()
        expect(ann.locator("select[name=pack]")).to_be_hidden()
        shot(ann, "paigow-home")
        ann.fill("input[name=name]", "Pai Gow night")
        ann.fill("input[name=seats]", "4")
        ann.fill("input[name=bots]", "1")
        ann.select_option("select[name=bot_kind]", "equity")  # it sets by its estimate
        ann.fill("input[name=turn_seconds]", "0")
        ann.fill("input[name=bet]", "20")
        ann.fill("input[name=stack]", "400")  # twenty bets of 20: never broke before all three
        ann.click("text=Create table")
        ann.wait_for_url("**/t/**")
        expect(ann.locator("#tablename")).to_contain_text("Pai Gow poker")
        sit(ann, 0, "Ann")
        bob.goto(ann.url)
        sit(bob, 2, "Bob")
        # The phone's line under the header names the game and its bets, not Straights'.
        line = bob.locator("#stakes-line")
        expect(line).to_have_text(re.compile(r"^Pai Gow night · Pai Gow poker · bets \d+–\d+$"))
        stacked.tell_deal(tmp_path, 1)  # both sat (sit waits for the seat to show)

        seen: dict[str, int] = {}
        fouled = False
        stack = 400
        for deal in range(1, 30):
            # Ann sets by tapping: the house way's two-card hand, as the page shows it.
            expect(ann.locator("#pg-setting")).to_be_visible(timeout=15_000)
            number = int(ann.locator("#pot .side").inner_text().split()[1])
            seven = cards(ann, "#pg-back")
            assert len(seven) == 7
            # Hidden: Bob's phone shows none of Ann's cards before the bank shows.
            expect(bob.locator("#pg-setting")).to_be_visible()
            assert not set(seven) & set(cards(bob, "#room"))
            way = cards(ann, "#best")
            front = way[:2]
            assert sorted(way) == sorted(seven)
            apart(ann)
            apart(bob)
            if deal == 1:
                # The equity bot's seat says how it sets, as the server tells it.
                expect(ann.locator("#felt .seat .status", has_text="bot (equity)")).to_have_count(1)
                shot(ann, "paigow-setting-desktop")
                shot(bob, "paigow-setting-phone")
            foul = None if fouled else _foul(seven)
            if foul is not None:  # once: the page says why, and nothing is set
                fouled = True
                for code in foul:
                    ann.locator(f'#pg-back .card[data-card="{code}"]').click()
                ann.click("#pg-set")
                expect(ann.locator("#toast")).to_contain_text("a foul; set the hands again")
                for code in foul:
                    ann.locator(f'#pg-front .card[data-card="{code}"]').click()
                expect(ann.locator("#pg-front .card.tap")).to_have_count(0)
            for code in front:
                ann.locator(f'#pg-back .card[data-card="{code}"]').click()
            assert sorted(cards(ann, "#pg-front")) == sorted(front)
            if deal == 1:  # tapping a card in the two-card hand puts it back
                ann.locator(f'#pg-front .card[data-card="{front[0]}"]').click()
                expect(ann.locator("#pg-set")).to_be_disabled()
                ann.locator(f'#pg-back .card[data-card="{front[0]}"]').click()
            ann.click("#pg-set")
            expect(ann.locator("#pg-mine")).to_be_visible()
            # Bob leaves it to the dealer.
            bob.click("#pg-houseway")
            expect(ann.locator("#pg-results")).to_be_visible(timeout=10_000)
            expect(bob.locator("#pg-results")).to_be_visible()
            apart(ann)
            apart(bob)
            # The result shown is the rules' own verdict on the hands shown.
            bank = Setting.of(" ".join(cards(ann, "#pg-bank .pg-row:nth-child(1)")),
                              " ".join(cards(ann, "#pg-bank .pg-row:nth-child(2)")))  # fmt: skip
            mine = cards(ann, '.pg-result[data-seat="0"] .pg-mini')
            assert sorted(mine[:2]) == sorted(front)
            back_won, front_won = beats(Setting.of(" ".join(mine[:2]), " ".join(mine[2:])), bank)
            # (in the history's words: "five-card wins, two-card wins: wins 19 (bet 20, …")
            words = result_of(ann, 0)
            want = "win" if back_won and front_won else "push" if back_won or front_won else "lose"
            told = {"win": r": wins (\d+) \(bet 20, commission (\d+)\)$",
                    "push": r": a push \(bet 20\)$", "lose": r": loses 20$"}  # fmt: skip
            said = re.search(told[want], words)
            assert said is not None, (words, want)
            net = 0
            if want == "win":
                net = int(said.group(1))
                assert net + int(said.group(2)) == 20
                assert int(said.group(2)) == 1  # 5% of 20
            elif want == "lose":
                net = -20
            stack += net
            expect(ann.locator('.seat[data-seat="0"] .chips')).to_have_text(f"{stack} chips")
            if want not in seen:
                seen[want] = number
                shot(ann, f"paigow-{want}-desktop")
                shot(bob, f"paigow-{want}-phone")
            if len(seen) == 3:
                break
            stacked.tell_deal(tmp_path, number + 1)
            expect(ann.locator("#pg-setting")).to_be_visible(timeout=15_000)
        assert set(seen) == {"win", "push", "lose"}, seen
        assert fouled  # seven cards nearly always allow a foul: two high cards in front
        # The house way was shown to Bob too, and his phone's page fits its screen.
        width = bob.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width
        assert errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_a_player_who_does_not_set_in_time_gets_the_house_way(
    browser: Browser, make_server: Callable[..., Server], tmp_path: Path
) -> None:
    # One deal, told once Ann sits; no second: the first stays on the page.
    server: Server = make_server(
        deal_delay=0.3, bot_delay=0.0, before=stacked.told_before(str(tmp_path))
    )
    table, _host = server.create(game="pai-gow", seats=2, bots=0, turn_seconds=3)
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    try:
        page.goto(f"{server.base}/t/{table}")
        sit(page, 0, "Ann")
        stacked.tell_deal(tmp_path, 1)
        expect(page.locator("#pg-setting")).to_be_visible(timeout=10_000)
        expect(page.locator("#timer")).to_be_visible()
        expect(page.locator("#timersecs")).to_have_text(re.compile(r"^[0-3] s$"))
        expect(page.locator("#log")).to_contain_text("(house way)", timeout=10_000)
        expect(page.locator("#log li").filter(has_text="Ann sets")).to_contain_text("(timed out)")
        expect(page.locator(".pg-result[data-seat='0'] .pg-words").first).to_contain_text(
            "(house way)"
        )
    finally:
        ctx.close()
