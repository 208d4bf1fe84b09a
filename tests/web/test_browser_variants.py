"""Every family of games at the web table, in real Chromium, on a phone and a desktop:
community cards (Omaha hi-lo with a split), stud (up and down cards, the bring-in),
draw (discards picked by tapping), Straights through the generic engine (the face-down
key card), and the acceptance: a dealer's-choice table deals four games in a row with
bots and a person, who chooses on the button."""

from __future__ import annotations

import time
from typing import Any

import pytest
import stacked
from playwright.sync_api import Browser, Page, expect
from webtools import Server, shot

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}


def open_table(browser: Browser, server: Server, viewport: str, **form: str) -> tuple[Any, Page]:
    """Create a table with the new-table form (``game`` and the fields given) and sit."""
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#game-pick optgroup option", state="attached")  # from /api/games
    page.select_option("#game-pick", form.pop("game"))
    defaults = {"seats": "4", "bots": "3", "bot_seconds": "0", "turn_seconds": "0"}
    for name, value in (defaults | form).items():
        page.fill(f"#create input[name={name}]", value)
    page.select_option("select[name=bot_kind]", "calling")  # calling bots: many showdowns
    page.click("text=Create table")
    page.wait_for_url("**/t/**")
    page.locator(".seat.empty >> text=Sit").first.click()
    page.fill("#sit input[name=name]", "Ann")
    page.click("#sit button[type=submit]")
    expect(page.locator(".seat.me")).to_be_visible()
    page.errors = errors  # type: ignore[attr-defined]
    return ctx, page


class Human:
    """Plays Ann's turns by clicking what the page offers, once per table version."""

    def __init__(self, page: Page, discard: int = 2) -> None:
        self.page = page
        self.done = -1
        self.discard = discard
        self.drew = False
        self.chose: list[str] = []

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate("app.state")
        return state

    def step(self) -> dict[str, Any]:
        st = self.state()
        if st["version"] <= self.done:
            return st
        h, choice, page = st["hand"], st.get("choice"), self.page
        between = not h["hand_number"] or h["finished"]
        mine = choice and choice["seat"] == st["you"]["seat"] and not choice["chosen"]
        if mine and between:
            button = page.locator(f'#choice button[data-game="{choice["default"]}"]')
            if not self.chose:
                shot(page, f"variants-choose-{page.viewport_size['width']}")
            self.chose.append(choice["default"])
            button.click()
        elif h.get("card_choice") and h["card_choice"]["action"] == "discard":
            pick = h["card_choice"]  # what the engine allows: a draw, or a discard for good
            count = self.discard if pick["replaced"] else pick["least"]
            cards = page.locator("#myhand .card")
            for k in range(count):
                cards.nth(k).click()
            expect(page.locator("#myhand .card.sel")).to_have_count(count)
            label = (
                (f"Draw {count}" if count else "Stand pat")
                if pick["replaced"]
                else f"Discard {count}"
            )
            expect(page.locator("#actions button[data-action=discard]")).to_have_text(label)
            page.locator("#actions button[data-action=discard]").click()
            self.drew = True
        elif h.get("card_choice"):
            if page.locator("#myhand .card.pickable").count() == 0:
                raise AssertionError(f"{h} {page.locator('#me').inner_html()}")
            page.locator("#myhand .card.pickable").first.click()
            page.locator("#actions button[data-action=expose]").click()
        elif h.get("show_or_muck"):  # asked at a showdown Ann lost, or won uncontested
            page.locator("#actions button[data-action=muck]").click()
        elif h.get("legal"):
            page.locator(
                "#actions button[data-action=check], #actions button[data-action=call], "
                "#actions button[data-action=bring-in]"
            ).first.click()
        else:
            return st
        self.done = st["version"]
        return st

    def play_until(self, done: Any, timeout: float = 90.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            st = self.state()
            if done(st):
                return st
            self.step()
            self.page.wait_for_timeout(60)
        raise AssertionError(f"not done in {timeout} s: {self.state()['hand'].get('log')}")


def finished(st: dict[str, Any]) -> bool:
    return bool(st["hand"]["hand_number"] and st["hand"]["finished"])


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_dealers_choice_deals_four_games_in_a_row(
    browser: Browser, make_server, viewport: str
) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, viewport, game="dc")
    try:
        ann = Human(page)
        games: dict[int, str] = {}

        def four(st: dict[str, Any]) -> bool:
            # The state and the pot's words read at one instant: a deal may end, and
            # the next (another game) start, between two reads.
            h, pot = page.evaluate("[app.state.hand, document.querySelector('#pot').innerText]")
            if h["hand_number"]:
                games[h["hand_number"]] = h["variant"]
                # the game of the deal is named on the table
                if not h["finished"]:
                    assert h["variant_name"] in pot, (h["variant_name"], pot)
            return len(games) >= 4 and bool(h["hand_number"] and h["finished"])

        ann.play_until(four, timeout=150)
        first = [games[n] for n in range(1, 5)]
        assert len(set(first)) == 4, first
        assert ann.chose, "Ann was on the button once and chose"
        assert "Dealer's choice" in page.locator("#tablename").inner_text()
        shot(page, f"variants-dealers-choice-{viewport}")
        # the history names each deal's game
        page.locator("#btn-history").click()
        expect(page.locator("#hist-step")).to_contain_text("Deal")
        expect(page.locator("#hist-events li").first).to_contain_text("Deal")
        steps = page.locator("#hist-events li").count()
        page.locator("#hist-last").click()
        expect(page.locator("#hist-step")).to_contain_text(f"step {steps} of {steps}")
        expect(page.locator("#verdict .result").first).to_be_visible()
        page.locator("#hist-first").click()
        expect(page.locator("#hist-step")).to_contain_text(f"step 1 of {steps}")
        shot(page, f"variants-replay-{viewport}")
        page.locator("#hist-close").click()
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_omaha_hi_lo_split_names_both_hands(browser: Browser, make_server, viewport: str) -> None:
    # Heads-up, the bot (seat 1) first: its A-2 makes the low 7-5-3-2-A, Ann's queens
    # make three queens for high and no low; burns before each street.  The next deal
    # waits 30 s, so the page still shows this one when it is read.
    deck = "{1: 'As 2s Jd Jc Qh Qd 9c 9s Tc 3h 5d 7c Ts Qs Th Kh'}"
    server: Server = make_server(bot_delay=0.0, deal_delay=30.0, before=stacked.before(deck))
    ctx, page = open_table(
        browser, server, viewport, game="FO/8", stack="1000", seats="2", bots="1"
    )
    try:
        st = Human(page).play_until(finished)
        line = next(r for r in st["hand"]["results"] if " — split: " in r)
        assert "high: Ann with Three of a kind, queens" in line, line
        assert "low: " in line and "(7-5-3-2-A)" in line, line
        expect(page.locator("#verdict")).to_contain_text("split:")
        expect(page.locator("#board .card:not(.slot)")).to_have_count(5)
        assert page.locator(".seat .shown").count() >= 2  # the shown hands, named
        shot(page, f"variants-omaha-split-{viewport}")
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_seven_card_stud_up_and_down_cards(browser: Browser, make_server, viewport: str) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, viewport, game="F7S", stack="1000")
    try:
        ann = Human(page)

        def third_street(st: dict[str, Any]) -> bool:
            # Ann to act after the bring-in: nothing is dealt until she does (had she
            # brought in herself, the bots' calls could end the street at once).
            h = st["hand"]
            on = h["hand_number"] and not h["finished"] and h["street"] == "third street"
            return bool(on and h.get("legal") and any("brings in for" in line for line in h["log"]))

        st = ann.play_until(third_street)
        # each other player: two cards face down (backs) and one face up
        for p in st["hand"]["players"]:
            if p["seat"] == st["you"]["seat"] or p["folded"]:
                continue
            seat = page.locator(f'.seat[data-seat="{p["seat"]}"]')
            expect(seat.locator(".mini .card.back")).to_have_count(2)
            expect(seat.locator(".mini .card.up")).to_have_count(1)
        expect(page.locator("#myhand .card")).to_have_count(3)
        expect(page.locator("#myhand .card.up")).to_have_count(1)
        shot(page, f"variants-stud-{viewport}")
        st = ann.play_until(finished)
        assert st["hand"]["results"]
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_five_card_draw_discards_by_tapping(browser: Browser, make_server, viewport: str) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, viewport, game="_F5CD", stack="1000")
    try:
        ann = Human(page, discard=2)

        def drawing(st: dict[str, Any]) -> bool:
            return bool(st["hand"].get("card_choice"))

        st = ann.play_until(drawing)
        before = st["hand"]["hole"]
        cards = page.locator("#myhand .card")
        cards.nth(1).click()
        cards.nth(3).click()
        expect(page.locator("#actions button[data-action=discard]")).to_have_text("Draw 2")
        cards.nth(3).click()  # a second tap takes it back
        expect(page.locator("#actions button[data-action=discard]")).to_have_text("Draw 1")
        cards.nth(4).click()
        shot(page, f"variants-draw-{viewport}")
        page.locator("#actions button[data-action=discard]").click()
        thrown = f"You throw {_suits(before[1])} {_suits(before[4])}"
        ann.done = st["version"]  # that turn is taken: Ann's driver must not take it again
        st = ann.play_until(lambda s: thrown in s["hand"]["log"], timeout=10)
        hole = st["hand"]["hole"]
        assert len(hole) == 5 and before[1] not in hole and before[4] not in hole
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_irish_discards_two_by_tapping(browser: Browser, make_server) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, "desktop", game="_PIRISH", stack="1000")
    try:
        ann = Human(page)

        def discarding(st: dict[str, Any]) -> bool:
            return bool(st["hand"].get("card_choice"))

        st = ann.play_until(discarding)
        assert st["hand"]["card_choice"]["words"] == "discard 2 cards"
        before = st["hand"]["hole"]
        assert len(before) == 4
        expect(page.locator("#actions .hint")).to_have_text("Tap 2 cards to discard")
        button = page.locator("#actions button[data-action=discard]")
        cards = page.locator("#myhand .card")
        cards.nth(0).click()
        expect(button).to_have_text("Discard 1")
        expect(button).to_be_disabled()  # exactly two: one is not enough
        cards.nth(2).click()
        expect(button).to_have_text("Discard 2")
        expect(button).to_be_enabled()
        button.click()
        thrown = f"You discard {_suits(before[0])} {_suits(before[2])}"
        ann.done = st["version"]
        st = ann.play_until(lambda s: thrown in s["hand"]["log"], timeout=10)
        assert st["hand"]["hole"] == [before[1], before[3]]
        st = ann.play_until(finished)
        assert not any("draws" in line for line in st["hand"]["log"])
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_straights_through_the_engine_table(browser: Browser, make_server, viewport: str) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, viewport, game="_STR55L", stack="300")
    try:
        ann = Human(page)

        def dealt(st: dict[str, Any]) -> bool:
            return bool(st["hand"]["hand_number"] and not st["hand"]["finished"])

        ann.play_until(dealt)
        # five table positions: the key card face down, one card up, three to come
        expect(page.locator("#board .card")).to_have_count(5)
        expect(page.locator("#board .card.key.back")).to_have_count(1)
        expect(page.locator("#myhand .card")).to_have_count(2)
        shot(page, f"variants-straights-{viewport}")
        st = ann.play_until(finished)
        assert st["hand"]["results"]
        assert "Straights" in page.locator("#tablename").inner_text()
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


def _suits(code: str) -> str:
    """A card's ASCII code as the log writes it (``Th`` -> ``10♥``)."""
    return code[0].replace("T", "10") + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[code[1]]


def test_mexican_stud_turns_up_the_card_tapped(browser: Browser, make_server) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, "phone", game="_FMEXICAN", stack="1000")
    try:
        ann = Human(page)

        def choosing(st: dict[str, Any]) -> bool:
            return bool(st["hand"].get("choose_up"))

        st = ann.play_until(choosing)
        h = st["hand"]
        down = [k for k, up in enumerate(h["hole_up"]) if not up]
        expect(page.locator("#actions button[data-action=expose]")).to_be_disabled()
        page.locator("#myhand .card").nth(down[-1]).click()
        expect(page.locator("#actions button[data-action=expose]")).to_be_enabled()
        shot(page, "variants-mexican-phone")
        page.locator("#actions button[data-action=expose]").click()
        ann.done = st["version"]
        chosen = h["hole"][down[-1]]
        ann.play_until(lambda s: chosen in _up_cards(s))
        expect(page.locator("#myhand .card.up")).not_to_have_count(0)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


def _up_cards(st: dict[str, Any]) -> list[str]:
    h = st["hand"]
    return [c for c, up in zip(h["hole"], h["hole_up"], strict=True) if up]


def test_no_limit_raise_amount_from_the_slider(browser: Browser, make_server) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, "desktop", game="NT", stack="500")
    try:
        ann = Human(page)

        def ranged(st: dict[str, Any]) -> bool:
            legal = st["hand"].get("legal") or []
            return any(a["kind"] in ("bet", "raise") and a["high"] > a["low"] for a in legal)

        st = ann.play_until(ranged)
        a = next(a for a in st["hand"]["legal"] if a["kind"] in ("bet", "raise"))
        box = page.locator(f'#actions input[type=number][aria-label="{a["kind"]} to"]')
        expect(box).to_have_value(str(a["low"]))
        to = a["low"] + 3
        box.fill(str(to))
        button = page.locator(f"#actions button[data-action={a['kind']}]")
        word = a["kind"].capitalize()
        expect(button).to_have_text(f"{word} to {to}")
        shot(page, "variants-no-limit-desktop")
        button.click()
        verb = "raise to" if a["kind"] == "raise" else "bet"
        ann.done = st["version"]
        ann.play_until(lambda s: f"You {verb} {to}" in s["hand"]["log"], timeout=10)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_the_home_page_names_the_game_chosen(browser: Browser, make_server, viewport: str) -> None:
    server: Server = make_server(bot_delay=0.0)
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    try:
        page.goto(server.base + "/")
        page.wait_for_selector("#game-pick optgroup option", state="attached")
        heading, lead = page.locator("#home h1"), page.locator("#home .lead")
        expect(heading).to_have_text("Play Straights with friends")
        expect(lead).to_contain_text("the longest straight wins")
        page.select_option("#game-pick", "FR")
        expect(heading).to_have_text("Play Fixed-limit razz with friends")
        expect(lead).not_to_contain_text("longest straight")
        expect(lead).to_contain_text("ace-to-five")
        page.select_option("#game-pick", "pai-gow")
        expect(heading).to_have_text("Play Pai Gow poker with friends")
        expect(lead).to_contain_text("against the bank")
        page.select_option("#game-pick", "dc")
        expect(heading).to_have_text("Play poker with friends")
        expect(lead).to_contain_text("button picks each deal's game")
        page.select_option("#game-pick", "")
        expect(lead).to_contain_text("the longest straight wins")
        expect(page.locator("#home .lead b")).to_have_count(3)  # S, T and R, bold again
        page.select_option("#game-pick", "_FMANILA")
        shot(page, f"home-manila-{viewport}")
    finally:
        ctx.close()
