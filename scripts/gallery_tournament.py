"""The tournament's screens for the gallery: the host's form, registration, a deal
at the clock, the final table's deal offer and the places and prizes, on a desktop
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


def play_turn(page: Page) -> bool:
    """Accept a deal; check, call a twentieth of the stack or less, else fold."""
    if page.locator("#accept").is_visible():
        page.locator("#accept").click()
        return True
    buttons = page.locator("#action-buttons button[data-action]")
    if not page.locator("#actions").is_visible() or not buttons.count():
        return False
    kinds = buttons.evaluate_all("bs => bs.map(b => [b.dataset.action, b.textContent])")
    stack = int(page.locator("#seats li.me .st").inner_text().split(" ")[0].replace(",", ""))
    choice = "fold"
    for kind, label in kinds:
        if kind == "check":
            choice = "check"
            break
        if kind == "call" and int(label.split()[-1].replace(",", "")) * 20 <= stack:
            choice = "call"
    page.locator(f'#action-buttons button[data-action="{choice}"]').click()
    return True


def tournament(browser: Browser, base: str, out: Path, save: Any) -> None:
    """Play a two-table tournament with two people and nine bots to its deal."""
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
    shots = {"play": False, "deal": False}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{base}/api/tournaments/{key}", timeout=5) as r:
            s: dict[str, Any] = json.loads(r.read())
        if s["status"] == "finished":
            break
        for page in (host, bob):
            page.evaluate("tournamentPage.refresh()")
        if not shots["play"] and host.locator("#actions").is_visible():
            save(host, out, "tournament-play-desktop")
            save(bob, out, "tournament-play-phone")
            shots["play"] = True
        if not shots["deal"] and s["offer"]:
            save(host, out, "tournament-deal-desktop")
            save(bob, out, "tournament-deal-phone")
            shots["deal"] = True
        if not (play_turn(host) or play_turn(bob)):
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
