"""The tournament's screens for the gallery: the host's form, registration, the lobby,
a deal at the table page under the tournament's clock, the final table's deal offer
and the places and prizes, on a desktop
(1366×768) and a phone (390×844); ``make gallery`` runs this after
``scripts/gallery.py``, whose server and ``save`` it uses. The server runs with a
fixed tournament seed, so the same two people, playing as the browser test does,
reach the final table's ICM deal every time.

Run: ``python scripts/gallery_tournament.py [--out docs/img]``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
LEVELS = "10/20, 20/40, 30/60, 50/100, 75/150, 100/200, 150/300, 200/400"


def view(base: str, key: str, token: str = "") -> dict[str, Any]:
    """The tournament as the holder of ``token`` sees it (the JSON API)."""
    req = urllib.request.Request(f"{base}/api/tournaments/{key}")
    if token:
        req.add_header("X-Token", token)
    with urllib.request.urlopen(req, timeout=5) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def choose(seen: dict[str, Any]) -> str | None:
    """Check when free, call a twentieth of the stack or less, else fold (None: not his
    turn to bet)."""
    deal = (seen.get("table") or {}).get("deal")
    if not deal or not deal["legal"]:
        return None
    stack = next(p["stack"] for p in deal["players"] if p["me"])
    choice = "fold"
    for a in deal["legal"]:
        if a["kind"] == "check":
            return "check"
        if a["kind"] == "call" and a["amount"] * 20 <= stack:
            choice = "call"
    return choice


class Person:
    """A person's lobby and table page (the one table page, opened from the lobby's
    link; it follows him when he is moved)."""

    def __init__(self, base: str, lobby: Page, key: str) -> None:
        self.base, self.lobby, self.key = base, lobby, key
        self.table: Page | None = None

    def play_turn(self) -> bool:
        """Accept a deal in the lobby; else his move at his table page."""
        if self.lobby.locator("#accept").is_visible():
            self.lobby.locator("#accept").click()
            return True
        token = self.lobby.evaluate(f"localStorage.getItem('tourney:{self.key}')")
        seen = view(self.base, self.key, token)
        choice = choose(seen)
        if choice is None:
            return False
        number, version = seen["table"]["number"], seen["table"]["version"]
        if self.table is None:
            self.lobby.wait_for_selector(f"#table-link a[href='/t/{self.key}-{number}']")
            self.table = self.lobby.context.new_page()
            self.table.goto(f"{self.base}/t/{self.key}-{number}")
        page = self.table
        page.wait_for_url(f"**/t/{self.key}-{number}", timeout=15_000)
        ready = f"!!app.state && app.state.version === {version} && app.ws.readyState === 1"
        _wait(page, ready)
        page.locator(f'#actions button[data-action="{choice}"]').click()
        _wait(page, f"app.state.version > {version}")
        return True


def _wait(page: Page, expression: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {expression}")
        time.sleep(0.1)


def tournament(browser: Browser, base: str, out: Path, save: Any) -> None:
    """Play a two-table tournament with two people and nine bots to its deal: the
    lobby, the table page with the tournament's clock, the deal offer, the results."""
    host = browser.new_context(viewport=DESKTOP).new_page()
    bob = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    host.goto(base + "/tournament")
    form = host.locator("#create-form")
    form.locator("input[name=host]").fill("Ann")
    form.locator("input[name=bots]").fill("9")
    form.locator("select[name=bot]").select_option("mix")
    form.locator("input[name=levels]").fill(LEVELS)
    form.locator("input[name=length]").fill("3")
    form.locator("input[name=deal_at]").fill("6")
    save(host, out, "tournament-create-desktop")
    form.locator("button[type=submit]").click()
    host.wait_for_selector("#start:not([hidden])")
    key = host.url.rsplit("/", 1)[1]
    bob.goto(host.url)
    bob.locator("#join-form input[name=name]").fill("Bob")
    bob.locator("#join-form button").click()
    bob.wait_for_selector("#entrants >> text=Bob")
    save(bob, out, "tournament-register-phone")
    host.locator("#start").click()
    ann, ben = Person(base, host, key), Person(base, bob, key)
    shots = {"lobby": False, "deal": False}
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        s = view(base, key)
        if s["status"] == "finished":
            break
        for page in (host, bob):
            page.evaluate("tournamentPage.refresh()")
        if not shots["lobby"]:
            host.wait_for_selector("#table-link a")
            bob.wait_for_selector("#table-link a")
            save(host, out, "tournament-lobby-desktop")
            save(bob, out, "tournament-lobby-phone")
            shots["lobby"] = True
        for person, name in ((ann, "desktop"), (ben, "phone")):
            page, shot = person.table, f"play-{name}"  # his turn at the table page
            turn = "!!app.state && (app.state.hand.legal || []).length > 0"
            if not shots.get(shot) and page is not None and page.evaluate(turn):
                save(page, out, f"tournament-{shot}")
                shots[shot] = True
        if not shots["deal"] and s["offer"]:
            save(host, out, "tournament-deal-desktop")
            save(bob, out, "tournament-deal-phone")
            shots["deal"] = True
        if not (ann.play_turn() or ben.play_turn()):
            time.sleep(0.2)
    for page, name in ((host, "desktop"), (bob, "phone")):
        page.evaluate("tournamentPage.refresh()")
        page.wait_for_selector("#results-title >> text=Places and prizes")
        save(page, out, f"tournament-results-{name}")


def main() -> None:
    from gallery import CHROMIUM, ROOT, save, server
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ["STRAIGHTS_TOURNAMENT_SEED"] = "0"  # the server's: the same run every time
    with server(bot_delay=0.1, deal_delay=0.1) as base, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            tournament(browser, base, args.out, save)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
