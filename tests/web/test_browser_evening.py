"""Issue 22's acceptance, played whole in real headless Chromium: a club evening.

Ann hosts on a desktop (1366×768), Bob and Cat play on phones (390×844), Dan on a
desktop. Ann starts a club and a no-limit hold'em table in it with an under-the-gun
straddle and running it twice. Every deal has its straddle; Bob moves all in and Cat
calls, once agreeing to run it twice and once refusing, until one of them is broke and
rebuys; a player short of the stack tops up between deals; Ann changes the stakes during
a deal and the change waits for the next; Dan sits out and comes back; Ann adds two
bots, deals a bomb pot, bans Dan and closes the table. The table's settle-up and the
club's are between people, with "The house" for the bots' chips.

Every action is a click on the page a person would press (an all-in is the "All-in"
shortcut and the raise button): no message is forged.
"""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from webtools import Server, wait_until

from straights.poker.phh import loads

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE, DESKTOP = (390, 844), (1366, 768)
PEOPLE = ("Ann", "Bob", "Cat", "Dan")
SIZES = {"Ann": DESKTOP, "Bob": PHONE, "Cat": PHONE, "Dan": DESKTOP}
STACK = 100

#: What a person does when the page offers him a choice: the name of a button
#: ("fold", "check", "call", "allin") or ("runs", k) when asked how many runs.
Policy = Callable[[str, dict[str, Any]], Any]


class Person:
    """One person's browser: its page, what went wrong in it, its dialogs."""

    def __init__(self, browser: Browser, name: str) -> None:
        width, height = SIZES[name]
        self.name = name
        self.ctx: BrowserContext = browser.new_context(
            viewport={"width": width, "height": height}, accept_downloads=True
        )
        self.page: Page = self.ctx.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

        def answer(d: Any) -> None:
            self.dialogs.append(d.message)
            d.accept()

        self.page.on("dialog", answer)

    def state(self) -> dict[str, Any]:
        got: dict[str, Any] = self.page.evaluate("app.state")
        return got

    def seat(self) -> int:
        seat: int = self.page.evaluate("app.state.you.seat")
        return seat

    def sit(self, seat: int) -> None:
        self.page.locator(f'.seat[data-seat="{seat}"] >> text=Sit').click()
        self.page.fill("#sit input[name=name]", self.name)
        self.page.press("#sit input[name=name]", "Enter")
        expect(self.page.locator(f'.seat[data-seat="{seat}"] .name')).to_contain_text(self.name)

    def press(self, choice: Any) -> bool:
        """Press the buttons of ``choice``; False when they are not (or no longer) there."""
        try:
            return self._press(choice)
        except PlaywrightError:  # the deal moved on (the button was redrawn or is gone)
            return False

    def _press(self, choice: Any) -> bool:
        page = self.page
        if isinstance(choice, tuple):
            b = page.locator(f"#runs button[data-runs='{choice[1]}']:not([disabled])")
            if not b.count():
                return False
            b.click(timeout=2000)
            return True
        if choice == "allin":
            short = page.locator("#actions .shortcuts button:text('All-in')")
            if not short.count():
                return False
            short.first.click(timeout=2000)
            for kind in ("raise", "bet"):
                b = page.locator(f'#actions button[data-action="{kind}"]:not([disabled])')
                if b.count():
                    b.first.click(timeout=2000)
                    return True
            return False
        b = page.locator(f'#actions button[data-action="{choice}"]:not([disabled])')
        if not b.count():
            return False
        b.first.click(timeout=2000)
        return True


def passive(_: str, hand: dict[str, Any]) -> Any:
    """Check, else call; agree to run it twice."""
    if hand.get("runs"):
        return ("runs", max(hand["runs"]))
    kinds = {a["kind"] for a in hand["legal"]}
    return "check" if "check" in kinds else "call"


def all_in(runs_bob: int, runs_cat: int) -> Policy:
    """Bob moves all in, Cat calls him, Ann and Dan check or fold; each says his runs."""

    def policy(name: str, hand: dict[str, Any]) -> Any:
        if hand.get("runs"):
            want = {"Bob": runs_bob, "Cat": runs_cat}.get(name, 1)
            return ("runs", want if want in hand["runs"] else 1)
        kinds = {a["kind"] for a in hand["legal"]}
        if name == "Bob" and kinds & {"raise", "bet"}:
            return "allin"
        if name in ("Bob", "Cat"):
            return "check" if "check" in kinds else "call"
        return "check" if "check" in kinds else "fold"

    return policy


def play_deal(people: dict[str, Person], policy: Policy, timeout: float = 40.0) -> dict[str, Any]:
    """Play the next deal to its end with ``policy``; the host's view of its end."""
    ann = people["Ann"]
    wait_until(ann.page, "!app.state.hand.finished && app.state.hand.hand_number > 0", 20)
    number = ann.state()["hand"]["hand_number"]
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"deal {number} did not end in {timeout:g} s"
        hand = ann.state()["hand"]
        if hand["hand_number"] != number or hand["finished"]:
            break
        pressed = False
        for person in people.values():
            if person.seat() is None:
                continue
            mine = person.state()["hand"]
            if mine["hand_number"] != number or mine["finished"]:
                continue
            if mine.get("legal") or mine.get("runs"):
                pressed = person.press(policy(person.name, mine)) or pressed
        time.sleep(0.05 if pressed else 0.1)
    wait_until(ann.page, f"window.ended[{number}] !== undefined", 10)
    end: dict[str, Any] = ann.page.evaluate(f"window.ended[{number}]")
    return end


#: Keeps every finished deal the page is sent (``window.ended[n]``), however soon the
#: next deal follows.
KEEP_ENDS = """(() => {
  window.ended = {};
  let now = app.state;
  Object.defineProperty(app, "state", {
    configurable: true,
    get: () => now,
    set: (v) => {
      now = v;
      if (v && v.hand && v.hand.finished) window.ended[v.hand.hand_number] = v.hand;
    },
  });
})()"""


def pause_between_deals(ann: Person) -> None:
    """The host pauses; the deal on (if any) is played out by the caller."""
    if not ann.page.evaluate("app.state.ledger.paused"):
        ann.page.click("#host-pause")
    wait_until(ann.page, "app.state.ledger.paused")


def finish_and_pause(people: dict[str, Person], policy: Policy) -> None:
    ann = people["Ann"]
    pause_between_deals(ann)
    if not ann.page.evaluate("app.state.hand.finished || !app.state.hand.hand_number"):
        play_deal(people, policy)
    wait_until(ann.page, "app.state.hand.finished")


def resume(ann: Person) -> None:
    ann.page.click("#host-pause")
    wait_until(ann.page, "!app.state.ledger.paused")


def download(page: Page, button: str) -> str:
    """The text of the file the page saves when ``button`` is clicked."""
    with page.expect_download() as got:
        page.click(button)
    return Path(got.value.path()).read_text(encoding="utf-8")


def chips(ann: Person) -> dict[str, int]:
    return {s["name"]: s["chips"] for s in ann.state()["seats"] if s}


def test_a_club_evening_end_to_end(browser: Browser, make_server: Any) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    people = {name: Person(browser, name) for name in PEOPLE}
    ann, bob, cat, dan = (people[n] for n in PEOPLE)
    try:
        # -- Ann starts the club and its table: no-limit hold'em, 6 seats, no bots yet.
        page = ann.page
        page.goto(server.base + "/c/new")
        page.fill("#club-new input[name=name]", "Thursdays")
        page.click("#club-new button[type=submit]")
        expect(page.locator("#club-title")).to_have_text("Thursdays")
        club_url = page.url
        page.click("#club-new-table")
        page.wait_for_url("**/?club=**")
        page.wait_for_selector("#game-pick optgroup option", state="attached")
        page.select_option("#game-pick", "NT")
        for name, value in {"seats": "6", "bots": "0", "bot_seconds": "0",
                            "turn_seconds": "0", "stack": str(STACK)}.items():  # fmt: skip
            page.fill(f"#create input[name={name}]", value)
        page.select_option("select[name=bot_kind]", "calling")
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        table_url = page.url
        wait_until(page, "app.state !== null")
        page.evaluate(KEEP_ENDS)
        # The betting: a straddle under the gun every deal, run it twice if all agree.
        expect(page.locator("#host-betting")).to_be_visible()
        page.select_option("#host-betting select[name=straddle]", "utg")
        page.select_option("#host-betting select[name=runs]", "2")
        page.click("#host-betting button[type=submit]")
        wait_until(page, "app.state.table.straddle === 'utg' && app.state.table.runs === 2")
        page.click("#host-pause")  # nobody is dealt until everyone has sat
        wait_until(page, "app.state.ledger.paused")
        ann.sit(0)
        for seat, person in enumerate((bob, cat, dan), start=1):
            person.page.goto(table_url)
            wait_until(person.page, "app.state !== null")
            person.sit(seat)
        resume(ann)

        # -- All in: run it twice, agreed; then refused, until someone is broke.
        end = play_deal(people, all_in(2, 2))
        straddle = re.compile(r"^(Bob|Cat|Dan) straddles 4$|^You straddle 4$")
        assert any(straddle.match(line) for line in end["log"]), end["log"]
        assert end["runs_dealt"] == 2, end
        assert [len(b) for b in end["run_boards"]] == [5], end  # run 2's board, on the felt
        assert any("run 1 of 2" in line for line in end["results"] + end["log"])
        rebought = None
        for k in range(8):
            if 0 in (chips(ann)["Bob"], chips(ann)["Cat"]):
                finish_and_pause(people, passive)
                rebought = next(p for p in (bob, cat) if chips(ann)[p.name] == 0)
                expect(rebought.page.locator("#btn-rebuy")).to_be_visible()
                rebought.page.click("#btn-rebuy")
                wait_until(ann.page, f"app.state.seats[{rebought.seat()}].chips === {STACK}")
                resume(ann)
            if k and rebought is not None:
                break
            end = play_deal(people, all_in(2, 1))
            assert end["runs_dealt"] == 1, end
        assert rebought is not None, "nobody went broke"
        finish_and_pause(people, passive)

        # -- A top-up between deals, by someone below the table's stack.
        short = next(p for p in (ann, bob, cat, dan) if 0 < chips(ann)[p.name] < STACK)
        short.page.click("#btn-topup")
        wait_until(ann.page, f"app.state.seats[{short.seat()}].chips === {STACK}")
        rows = {r["name"]: r for r in ann.state()["ledger"]["rows"]}
        assert rows[rebought.name]["bought"] >= 2 * STACK
        assert rows[short.name]["bought"] > STACK
        resume(ann)

        # -- A stakes change during a deal waits for the next deal.
        wait_until(ann.page, "!app.state.hand.finished && app.state.hand.hand_number > 0")
        assert ann.state()["table"]["ante"] == 1
        ann.page.fill("#host-settings input[name=ante]", "2")
        ann.page.click("#host-settings button[type=submit]")
        expect(ann.page.locator("#host-queued")).to_contain_text("stakes unit 2")
        expect(bob.page.locator("#chat-lines")).to_contain_text("from the next deal")
        assert ann.state()["table"]["ante"] == 1
        # -- Dan sits out during it: the deal on is checked or folded for him.
        dan.page.click("#btn-sitout")
        expect(dan.page.get_by_role("button", name="I'm back")).to_be_visible()
        play_deal(people, passive)
        wait_until(ann.page, "app.state.table.ante === 2")
        expect(ann.page.locator("#host-queued")).to_have_count(0)
        end = play_deal(people, passive)
        assert dan.seat() not in [p["seat"] for p in end["players"]]
        dan.page.get_by_role("button", name="I'm back").click()
        wait_until(dan.page, "!app.state.you.sat_out")

        # -- The host adds two calling bots; deals with them; then a bomb pot.
        finish_and_pause(people, passive)
        ann.page.select_option("#host-botkind", "calling")
        for seat in (4, 5):
            ann.page.locator(f'.seat[data-seat="{seat}"] >> text=+ Bot').click()
            expect(ann.page.locator(f'.seat[data-seat="{seat}"] .name')).to_contain_text("Bot")
        resume(ann)
        for _ in range(2):
            end = play_deal(people, passive)
        finish_and_pause(people, passive)
        ann.page.fill("#host-betting input[name=bomb_pot_every]", "1")
        ann.page.click("#host-betting button[type=submit]")
        wait_until(ann.page, "app.state.table.bomb_pot_every === 1")
        resume(ann)
        wait_until(ann.page, "!app.state.hand.finished && app.state.hand.hand_number > 0")
        hand = ann.state()["hand"]
        assert hand["bomb_pot"] and hand["street"] == "flop", hand
        pause_between_deals(ann)  # one bomb pot: no deal starts after this one
        play_deal(people, passive)
        finish_and_pause(people, passive)
        ann.page.fill("#host-betting input[name=bomb_pot_every]", "0")
        ann.page.click("#host-betting button[type=submit]")
        wait_until(ann.page, "app.state.table.bomb_pot_every === 0")

        # -- Dan is banned: told so, and offered no seat.
        ann.page.select_option("#host-seat", str(dan.seat()))
        ann.page.click("#host-remove")
        expect(dan.page.locator("#banner")).to_contain_text("The host removed you")
        wait_until(dan.page, "app.state.you.seat === null")
        expect(dan.page.locator("#felt .seat >> text=Sit")).to_have_count(0)

        # -- The table's hands so far, downloaded from the host's panel: PHH and text.
        deals = ann.state()["hand"]["hand_number"]
        hands = loads(download(ann.page, "#host-betting button[data-download=phhs]"))
        assert len(hands) == deals
        assert sum(1 for h in hands if h.get("_bomb_pot")) == 1
        assert all(sum(1 for b in h["blinds_or_straddles"] if b) == 3 for h in hands
                   if "_bomb_pot" not in h and len(h["players"]) >= 3)  # fmt: skip
        said = [[a.split()[-1] for a in h["actions"] if " _runs " in a] for h in hands]
        assert ["2", "2"] in said and any("1" in s for s in said), said  # agreed, refused
        text = download(ann.page, "#host-betting button[data-download=txt]")
        assert text.count("PokerStars Hand #") == deals

        # -- Ann closes the table: the settle-up is between people and the house.
        ann.page.click("#host-close")
        wait_until(ann.page, "app.state.ledger.closed === true")
        ledger = ann.state()["ledger"]
        rows = ledger["rows"]
        bots = [r for r in rows if r["bot"]]
        assert len(bots) == 2 and len({r["name"] for r in rows}) == len(rows)
        assert all(r["bought"] == STACK for r in bots), bots
        assert sum(r["net"] for r in rows) == 0
        named = {r["name"] for r in rows if not r["bot"]} | {"The house"}
        for t in ledger["transfers"]:
            assert t["from"] in named and t["to"] in named, t
        house = sum(r["net"] for r in bots)  # the bots play the house's chips
        paid = {n: 0 for n in named}
        for t in ledger["transfers"]:
            paid[t["from"]] += t["amount"]
            paid[t["to"]] -= t["amount"]
        for r in rows:
            if not r["bot"]:
                assert paid[r["name"]] == -r["net"], (r, ledger["transfers"])
        assert paid["The house"] == -house
        settle = ann.page.locator("#settle li").all_inner_texts()
        assert settle and not any("Bot" in line for line in settle), settle
        table_csv = list(csv.reader(io.StringIO(download(ann.page, "#ledger-csv"))))
        assert {r[0] for r in table_csv[1:] if r} >= set(PEOPLE), table_csv[:3]

        # The club's page: the same settle-up, between people and the house.
        ann.page.goto(club_url)
        expect(ann.page.locator("#club-board tbody tr")).to_have_count(4)
        club = ann.page.locator("#club-settle li").all_inner_texts()
        assert club and not any("Bot" in line for line in club), club
        pattern = re.compile(r"^(Ann|Bob|Cat|Dan|The house) pays (Ann|Bob|Cat|Dan|The house) \d+$")
        assert all(pattern.match(line) for line in club), club
        # … and its downloads: the ledger (CSV), the evening's hands (PHH, text).
        club_csv = download(ann.page, "#club-csv")
        for name in PEOPLE:
            assert f",{name}," in club_csv, club_csv
        night = loads(download(ann.page, ".night button[data-download=phhs]"))
        assert len(night) == deals
        text = download(ann.page, ".night button[data-download=txt]")
        assert text.count("PokerStars Hand #") == deals
        for person in people.values():
            assert person.errors == [], (person.name, person.errors)
    finally:
        for person in people.values():
            person.ctx.close()
