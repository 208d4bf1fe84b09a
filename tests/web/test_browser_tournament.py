"""A two-table tournament in real headless Chromium, two people and nine bots, played to
the end: the host (a 1366×768 desktop) sets it up and starts it, a friend (a 390×844
phone) joins by the link, both play their deals at their table pages (the one table
page, reached from the lobby's link) while the clock runs, tables balance and break
(the lobby and the table page follow each person moved), the final table's ICM deal
is offered in the lobby and both accept it, and both lobbies show the places and
prizes. Chips are checked conserved at every deal."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
import webtools
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from webtools import Server

pytestmark = pytest.mark.browser

#: A seed under which the people (playing as :func:`play_turn` does) both reach the
#: final table's deal, after a balancing move and a broken table.
SEED = "13"
LEVELS = "10/20, 20/40, 30/60, 50/100, 75/150, 100/200, 150/300, 200/400"


def shot(page: Page, name: str) -> None:
    webtools.shot(page, f"tournament-{name}")


def state(server: Server, key: str) -> dict[str, Any]:
    """The tournament as a spectator sees it (the public API)."""
    with urllib.request.urlopen(f"{server.base}/api/tournaments/{key}", timeout=5) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def settled(server: Server, key: str) -> dict[str, Any]:
    """The tournament once a page's click has landed: the same version twice, 0.2 s
    apart (a move clicked just before is sent by the page while the test looks)."""
    s = state(server, key)
    while True:
        time.sleep(0.2)
        again = state(server, key)
        if again["seq"] == s["seq"]:
            return again
        s = again


def choose(view: dict[str, Any]) -> str | None:
    """Check when free, call when it costs a twentieth of the stack or less, else fold
    (stud's lowest up card brings it in); None when it is not his turn to bet."""
    deal = (view.get("table") or {}).get("deal")
    if not deal or not deal["legal"]:
        return None
    stack = next(p["stack"] for p in deal["players"] if p["me"])
    choice = "fold"
    for a in deal["legal"]:
        if a["kind"] == "bring-in":  # stud: the lowest up card brings it in (he cannot fold)
            return "bring-in"
        if a["kind"] == "check":
            return "check"
        if a["kind"] == "call" and a["amount"] * 20 <= stack:
            choice = "call"
    return choice


class Person:
    """A person's two pages in one browser context: the tournament's lobby and his table
    (the one table page, which follows him when he is moved)."""

    def __init__(self, server: Server, lobby: Page, key: str) -> None:
        self.server, self.lobby, self.key = server, lobby, key
        self.table: Page | None = None

    @property
    def token(self) -> str:
        token: str = self.lobby.evaluate(f"localStorage.getItem('tourney:{self.key}')")
        return token

    def view(self) -> dict[str, Any]:
        req = urllib.request.Request(f"{self.server.base}/api/tournaments/{self.key}")
        req.add_header("X-Token", self.token)
        with urllib.request.urlopen(req, timeout=5) as r:
            data: dict[str, Any] = json.loads(r.read())
        return data

    def table_page(self, number: int) -> Page:
        """His table page, at table ``number`` (opened from the lobby's link)."""
        if self.table is None:
            link = self.lobby.locator("#table-link a")
            expect(link).to_have_attribute("href", f"/t/{self.key}-{number}")
            self.table = self.lobby.context.new_page()
            self.table.goto(self.server.base + link.get_attribute("href"))  # type: ignore[operator]
        self.table.wait_for_url(f"**/t/{self.key}-{number}", timeout=15_000)  # followed
        return self.table

    def play_turn(self) -> bool:
        """Accept a deal offered (in the lobby), else his move at the table page as
        :func:`choose` decides. True if he did something (or his page moved on: it
        follows him to another table)."""
        try:
            return self._play_turn()
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc):
                raise
            return True

    def _play_turn(self) -> bool:
        accept = self.lobby.locator("#accept")
        if accept.is_visible():
            accept.click()
            return True
        view = self.view()
        choice = choose(view)
        if choice is None:
            return False
        page = self.table_page(view["table"]["number"])
        version = view["table"]["version"]
        # (connected: after the server's restart the page reconnects, keeping its state)
        ready = f"!!app.state && app.state.version === {version} && app.ws.readyState === 1"
        webtools.wait_until(page, ready, 20)
        page.locator(f'#actions button[data-action="{choice}"]').click()
        webtools.wait_until(page, f"app.state.version > {version}", 15)
        return True


def test_two_table_tournament_to_a_deal(
    browser: Browser, make_server: Callable[..., Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STRAIGHTS_TOURNAMENT_SEED", SEED)
    server = make_server()
    desk = browser.new_context(viewport={"width": 1366, "height": 768})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    host, bob = desk.new_page(), phone.new_page()

    # The host's form: nine bots, six a table, own levels by deals, an ICM deal among six.
    host.goto(server.base + "/tournament")
    form = host.locator("#create-form")
    form.locator("input[name=host]").fill("Ann")
    form.locator("input[name=bots]").fill("9")
    form.locator("select[name=bot]").select_option("mix")
    form.locator("input[name=table_size]").fill("6")
    form.locator("input[name=levels]").fill(LEVELS)
    form.locator("input[name=length]").fill("3")
    form.locator("input[name=deal_at]").fill("6")
    shot(host, "create-desktop")
    form.locator("button[type=submit]").click()
    expect(host.locator("#start")).to_be_visible()
    key = host.url.rsplit("/", 1)[1]

    # The friend joins by the link on his phone.
    bob.goto(host.url)
    bob.locator("#join-form input[name=name]").fill("Bob")
    bob.locator("#join-form button").click()
    expect(host.locator("#entrants")).to_contain_text("Bob")
    expect(bob.locator("#start")).to_be_hidden()  # only the host starts
    shot(bob, "register-phone")
    host.locator("#start").click()

    # Both play; the clock shows the level, blinds, deals left and the next level.
    expect(host.locator("#clock-blinds")).to_have_text("blinds 10/20")
    expect(bob.locator("#clock-next")).to_have_text("next blinds 20/40")
    expect(host.locator("#clock-left")).to_contain_text("left")
    first = state(server, key)
    assert first["status"] == "playing" and len(first["tables"]) == 2
    tables_of = {p["name"]: p["table"] for p in first["standings"]}
    ann, ben = Person(server, host, key), Person(server, bob, key)
    moved: list[str] = []
    done = {"play": False, "final": False, "deal": False, "restart": False}
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "the tournament did not end in time"
        s = settled(server, key)
        # Chips conserved, every time we look (and the server checks after every deal).
        assert sum(p["stack"] for p in s["standings"]) == s["chips"] == 11 * 1500
        assert s["pool"] == 11 * 100
        if s["status"] == "finished":
            break
        for page in (host, bob):  # both pages show the latest state: a repeatable order
            page.evaluate("tournamentPage.refresh()")
            assert page.evaluate("tournamentPage.seq()") == s["seq"]
        for p in s["standings"]:
            if p["name"] in ("Ann", "Bob") and p["table"] and p["table"] != tables_of[p["name"]]:
                moved.append(p["name"])  # his lobby and his table page follow him
                person = ann if p["name"] == "Ann" else ben
                expect(person.lobby.locator("#table-title")).to_contain_text(f"Table {p['table']}")
                if person.table is not None:
                    person.table_page(p["table"])
                tables_of[p["name"]] = p["table"]
        if not done["play"] and ann.table is not None and ben.table is not None:
            shot(ann.table, "play-desktop")
            shot(ben.table, "play-phone")
            done["play"] = True
        if not done["final"] and s["final_table"]:
            shot(host, "final-desktop")
            shot(bob, "final-phone")
            done["final"] = True
        if not done["deal"] and s["offer"]:
            expect(bob.locator("#offer-title")).to_have_text("A deal by ICM among the last 6")
            expect(host.locator("#accept")).to_be_visible()
            shot(host, "deal-desktop")
            shot(bob, "deal-phone")
            done["deal"] = True
        if s["seq"] == 20 and not done["restart"]:
            # The server dies; restarted, it replays the commands it stored.
            server.kill9()
            expect(bob.locator("#error")).to_contain_text("not answering")
            server.start()
            done["restart"] = True
            continue
        # The host first, then the friend: someone always has something to do.
        assert ann.play_turn() or ben.play_turn(), "nobody can act and the tournament waits"

    assert done["deal"] and done["final"] and done["restart"] and done["play"]
    assert sorted(moved) == ["Ann", "Bob"]  # table 2 broke under both: their pages followed
    assert s["seq"] == 31, s["seq"]  # the commands of the seeded run: joins, start, moves, accepts
    events = " | ".join(s["events"])
    assert "table 2 breaks" in events
    assert "(balancing)" in events
    assert "players make a deal by ICM" in events
    people = {p["name"]: p for p in s["standings"] if p["name"] in ("Ann", "Bob")}
    assert all(p["dealt"] and p["prize"] > 0 for p in people.values())
    assert sum(p["prize"] for p in s["standings"]) == s["pool"]
    assert sorted(p["place"] for p in s["standings"]) == list(range(1, 12))

    for page, size in ((host, "desktop"), (bob, "phone")):
        expect(page.locator("#results-title")).to_have_text("Places and prizes")
        rows = page.locator("#standings tr.you td")
        expect(rows.nth(2)).not_to_have_text("")
        shot(page, f"results-{size}")
    desk.close()
    phone.close()


def test_a_stud_tournament_deals_antes_and_a_bring_in_to_the_end(
    browser: Browser, make_server: Callable[..., Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STRAIGHTS_TOURNAMENT_SEED", SEED)
    server = make_server()
    desk = browser.new_context(viewport={"width": 1366, "height": 768})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    host, bob = desk.new_page(), phone.new_page()

    host.goto(server.base + "/tournament")
    form = host.locator("#create-form")
    form.locator("input[name=host]").fill("Ann")
    form.locator("select[name=game]").select_option("stud")
    form.locator("input[name=bots]").fill("4")
    form.locator("select[name=bot]").select_option("mix")
    form.locator("input[name=levels]").fill("10/20, 40/80, 100/200, 300/600")
    form.locator("input[name=length]").fill("2")
    form.locator("select[name=deal]").select_option("")
    form.locator("button[type=submit]").click()
    expect(host.locator("#start")).to_be_visible()
    key = host.url.rsplit("/", 1)[1]
    bob.goto(host.url)
    bob.locator("#join-form input[name=name]").fill("Bob")
    bob.locator("#join-form button").click()
    expect(host.locator("#entrants")).to_contain_text("Bob")
    host.locator("#start").click()
    ann, ben = Person(server, host, key), Person(server, bob, key)

    # The clock says the game and the level as stud players read it.
    expect(host.locator("#clock-game")).to_have_text("Fixed-limit seven-card stud")
    expect(bob.locator("#clock-blinds")).to_have_text("ante 2 · bring-in 5 · bets 20/40")
    expect(host.locator("#clock-next")).to_have_text("next ante 10 · bring-in 20 · bets 80/160")
    seen_up = False
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "the tournament did not end in time"
        s = state(server, key)
        assert sum(p["stack"] for p in s["standings"]) == s["chips"] == 6 * 1500
        if s["status"] == "finished":
            break
        for page in (host, bob):
            page.evaluate("tournamentPage.refresh()")
        if not seen_up and ann.table is not None and ben.table is not None:
            # Three cards or more of his own; the others' down cards are backs.
            page = ann.table
            assert page.locator("#myhand .card").count() >= 3
            assert page.locator(".seat:not(.me) .mini .card.back").count() >= 2
            shot(ann.table, "stud-desktop")
            shot(ben.table, "stud-phone")
            seen_up = True
        assert ann.play_turn() or ben.play_turn(), "nobody can act and the tournament waits"

    assert seen_up
    assert sum(p["prize"] for p in s["standings"]) == s["pool"] == 600
    assert sorted(p["place"] for p in s["standings"]) == list(range(1, 7))
    for page in (host, bob):
        expect(page.locator("#results-title")).to_have_text("Places and prizes")
    desk.close()
    phone.close()
