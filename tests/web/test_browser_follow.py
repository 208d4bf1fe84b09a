"""A table that is easy to follow, in real Chromium (issue 11): the new-table form in
plain words; last actions, the deal's log, the timer in seconds, your best hand, the
turn alert and its remembered mute, a timed-out check said so; the winner highlighted,
the showdown in the cards' notation with each rule named once; the replayer drawn on
the table without the key card before it is dealt; chat shown as text, rate-limited
and muted by the host; seats counted from 1 in errors; look-alike names refused;
"Link copied" in the success style."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
import stacked
from playwright.sync_api import Browser, Page, expect
from webtools import Server, shot

pytestmark = pytest.mark.browser
ACTION = r"^(checks|calls \d+|bets \d+|raises to \d+|folds)( \(all-in\))?( \(time ran out\))?$"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("follow")
    # The table "Follow" deals its first deal 6 s after the last change (time to add the
    # bot), then keeps the finished deal on the page for a minute while the test reads it.
    after = stacked.tables_before({"Follow": {"first": 6.0, "pause": 60.0}})
    s = Server(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.1, deal_delay=6.0, before=after)
    s.log = tmp / "server.log"
    s.start()
    yield s
    s.stop()


def my_turn(page: Page) -> bool:
    """The page offers actions (the pre-actions offered out of turn are not)."""
    return page.locator("#actions button[data-action]:not([disabled])").count() > 0


def check_or_call(page: Page) -> None:
    page.locator(
        '#actions button[data-action="check"]:not([disabled]), '
        '#actions button[data-action="call"]:not([disabled]), '
        '#actions button[data-action="muck"]:not([disabled])'
    ).first.click()


def test_the_new_table_form_speaks_plainly(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    page = ctx.new_page()
    try:
        page.goto(server.base + "/")
        page.fill("input[name=ante]", "500")
        page.fill("input[name=stack]", "10")
        page.click("text=Create table")
        error = page.locator("#create-error")
        expect(error).to_contain_text("a starting stack of 10 holds fewer than 10 antes of 500")
        page.fill("input[name=ante]", "0")
        page.fill("input[name=stack]", "100")
        page.click("text=Create table")
        expect(error).to_contain_text("the ante must be at least 1")
        assert "Input should" not in error.inner_text()
        assert "/t/" not in page.url
    finally:
        ctx.close()


def test_following_a_deal_replaying_it_and_chatting(browser: Browser, server: Server) -> None:
    errors: list[str] = []
    ann_ctx = browser.new_context(
        viewport={"width": 1366, "height": 768}, permissions=["clipboard-read", "clipboard-write"]
    )
    bob_ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, reduced_motion="reduce"
    )
    cat_ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    ann, bob, cat = ann_ctx.new_page(), bob_ctx.new_page(), cat_ctx.new_page()
    for p in (ann, bob, cat):
        p.on("pageerror", lambda e: errors.append(str(e)))
    try:
        ann.goto(server.base + "/")
        ann.fill("input[name=name]", "Follow")
        ann.fill("input[name=seats]", "4")
        ann.fill("input[name=bots]", "0")
        ann.fill("input[name=turn_seconds]", "4")
        ann.click("text=Create table")
        ann.wait_for_url("**/t/**")
        link = ann.url

        # "Link copied" is a success, not an error
        ann.click("#btn-share")
        expect(ann.locator("#toast")).to_be_visible()
        assert "ok" in (ann.locator("#toast").get_attribute("class") or "")
        assert "error" not in (ann.locator("#toast").get_attribute("class") or "")

        ann.locator('.seat[data-seat="0"] >> text=Sit').click()
        ann.fill("#sit input[name=name]", "Ann")
        ann.click("#sit button[type=submit]")
        bob.goto(link)
        bob.locator('.seat[data-seat="2"] >> text=Sit').click()
        bob.fill("#sit input[name=name]", "Bob")
        bob.click("#sit button[type=submit]")
        expect(ann.locator('.seat[data-seat="2"] .name')).to_contain_text("Bob")
        ann.locator('.seat[data-seat="1"] >> text=+ Bot').click()
        expect(bob.locator("#myhand .card")).to_have_count(2, timeout=15_000)

        # names: a look-alike of a seated player, a bot's name, an invisible filler
        cat.goto(link)
        for name, says in [("ANN", "looks like 'Ann'"), ("B0t 7", "bot's name"), ("\u3164", "")]:
            cat.locator('.seat[data-seat="3"] >> text=Sit').click()
            cat.fill("#sit input[name=name]", name)
            cat.click("#sit button[type=submit]")
            expect(cat.locator("#toast")).to_be_visible()
            assert says in cat.locator("#toast").inner_text()
            assert "error" in (cat.locator("#toast").get_attribute("class") or "")
            cat.evaluate("document.getElementById('toast').hidden = true")
        cat.click("#sitcancel")
        # an error names a seat as the page does, from 1
        bob.evaluate("send({type: 'sit', seat: 3, name: 'Bobby'})")
        expect(bob.locator("#toast")).to_contain_text("you already sit in seat 3")

        expect(ann.locator("#best")).to_contain_text("your best: ")
        timed_out, lasts_seen = False, 0
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if ann.locator("#verdict").inner_text().strip():
                break
            if my_turn(bob):
                check_or_call(bob)
            if my_turn(ann):
                assert ann.title().startswith("● Your turn")
                if not timed_out:
                    # the timer counts seconds; Ann lets it run out once
                    expect(ann.locator("#timersecs")).to_have_text(re.compile(r"^\d s$"))
                    assert ann.evaluate("app.beeps") >= 1, "a beep at her turn"
                    shot(ann, "follow-your-turn")
                    expect(ann.locator("#log")).to_contain_text(
                        re.compile(r"You (check|fold) \(time ran out\)"), timeout=10_000
                    )
                    timed_out = True
                else:
                    # whoever acted before her in this round shows that action on his seat
                    before = ann.locator("#log li").last.inner_text()
                    if not re.match(
                        r"(Round|Table|The key card)", before
                    ):  # a new round: no one acted yet
                        shown = ann.locator("#felt .seat .last").all_inner_texts()
                        assert any(re.match(ACTION, t) for t in shown), (before, shown)
                        lasts_seen += 1
                    check_or_call(ann)
            time.sleep(0.15)
        assert timed_out
        print(f"last actions checked at {lasts_seen} turns")
        assert not ann.title().startswith("●")
        # every action of the deal is in the log; seats show their last action
        log = ann.locator("#log").inner_text()
        assert "Bob checks" in log or "Bob calls" in log
        assert re.search(r"Bot 2 (checks|calls|bets|raises|folds)", log), log
        verdict = ann.locator("#verdict").inner_text()
        assert re.search(r"(?<![0-9])T[♣♦♥♠]", verdict) is None, verdict
        for line in ann.locator("#verdict div").all_inner_texts():
            assert line.lower().count("rule") <= 1, line
        if not re.search(r"carr(y|ies) over", verdict):  # a pot won (all but rule 10)
            expect(ann.locator(".seat.winner .won")).to_have_text(re.compile(r"^\+\d+$"))
            # the server tells each winner's chips, which fly to him once
            assert ann.evaluate("app.state.hand.awards.length") >= 1
            assert ann.evaluate("app.flown") == ann.evaluate(
                "`${app.state.table.id}:${app.state.hand.hand_number}`"
            )
            # the winner's seat glows, and chips fly — not for who asked for less motion
            glow = "e => getComputedStyle(e).animationName"
            assert ann.locator(".seat.winner").first.evaluate(glow) == "glow"
            expect(bob.locator(".seat.winner")).not_to_have_count(0)
            assert bob.locator(".seat.winner").first.evaluate(glow) == "none"
        shot(ann, "follow-showdown")
        # a pot nobody wins (rule 10) is shown with its penalties, in the server's words
        # (worded by follow.carry_text; a real S-T-R-8 on the table is too rare to wait for)
        words = "Pot of 2 + penalties 3 carry over: 5 chips stay in the middle (rule 10)"
        ann.evaluate(
            """w => { const s = structuredClone(app.state);
                      s.follow.carry_text = w; s.hand.finished = true; render(s); }""",
            words,
        )
        expect(ann.locator("#pot")).to_have_text(words)

        # the replayer, on the table itself
        ann.click("#btn-history")
        expect(ann.locator("#replay")).to_be_visible()
        expect(ann.locator("#hist-step")).to_contain_text("step 1 of")
        expect(ann.locator("#me")).to_be_hidden()
        expect(ann.locator("#felt .seat")).to_have_count(4)
        assert ann.locator("#board .card.key.slot").count() == 1, "no key card before it is dealt"
        assert ann.locator("#board .card.back").count() == 0
        events = ann.locator("#hist-events li").all_inner_texts()
        dealt = next(i for i, e in enumerate(events) if "key card is dealt" in e)
        turned = next((i for i, e in enumerate(events) if "key card is turned" in e), None)
        ann.locator("#hist-events li").nth(dealt).click()
        assert ann.locator("#board .card.key.back").count() == 1
        # Ann's own cards show in the replay, the others' stay face down until shown
        assert ann.locator('.seat[data-seat="0"] .mini .card:not(.back)').count() == 2
        assert ann.locator('.seat[data-seat="2"] .mini .card.back').count() == 2
        if turned is not None:
            ann.locator("#hist-events li").nth(turned).click()
            assert ann.locator("#board .card.key.back, #board .card.key.slot").count() == 0
        ann.click("#hist-last")
        expect(ann.locator("#hist-step")).to_contain_text("End of deal")
        shot(ann, "follow-replay")
        ann.click("#hist-close")
        expect(ann.locator("#me")).to_be_visible()

        # chat: text stays text, a flood is refused, the host mutes
        ann.fill("#chat-form input", "<b>hi</b> & <img src=x onerror=alert(1)>")
        ann.press("#chat-form input", "Enter")
        line = bob.locator("#chat-lines li").last
        expect(line).to_contain_text("Ann: <b>hi</b> & <img src=x onerror=alert(1)>")
        assert bob.locator("#chat-lines img, #chat-lines li span b").count() == 0
        for k in range(6):
            bob.evaluate(f"send({{type: 'chat', token: seatToken(), text: 'spam {k}'}})")
        expect(bob.locator("#toast")).to_contain_text("chatting too fast")
        bob.evaluate("send({type: 'chat', token: seatToken(), text: 'x'.repeat(201)})")
        expect(bob.locator("#toast")).to_contain_text("at most 200")
        ann.locator("#chat-lines li", has_text="Bob:").last.locator("button").click()
        expect(bob.locator("#chat-lines li.system").last).to_contain_text("muted Bob's chat")
        time.sleep(2.1)  # the bucket has refilled: what refuses now is the mute
        bob.evaluate("send({type: 'chat', token: seatToken(), text: 'let me speak'})")
        expect(bob.locator("#toast")).to_contain_text("the host has muted your chat")
        assert cat.locator("#chat-form").is_hidden(), "spectators read the chat only"

        # the mute of the turn alert is remembered
        ann.click("#btn-mute")
        expect(ann.locator("#btn-mute")).to_have_text("♪ off")
        ann.reload()
        expect(ann.locator("#btn-mute")).to_have_text("♪ off")
        assert ann.evaluate("localStorage.getItem('straights.mute')") == "1"
        assert not errors, errors
    finally:
        for ctx in (ann_ctx, bob_ctx, cat_ctx):
            ctx.close()
