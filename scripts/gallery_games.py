"""The game screens of the gallery that ``scripts/gallery.py`` does not make: a
dealer's-choice table with the button choosing the next game (desktop), an Omaha hi-lo
split with both hands named (phone, from a stacked deck, so the split comes at deal 1)
show or muck asked at the showdown (phone and desktop, also from a stacked deck)
and the Pai Gow table (a deal settled on a desktop, the hands being set and the
results on a phone). ``make gallery`` runs it after ``scripts/gallery.py``, whose
``save`` it uses; the stacked deck is the browser tests' (``tests/web/stacked.py``).

Run: ``python scripts/gallery_games.py [--out docs/img] [--only-paigow]``.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

ROOT = Path(__file__).resolve().parents[1]
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: Heads-up Omaha hi-lo, the bot first: its A-2 makes the low, Ann's queens make three
#: queens for high and no low (the browser test's deck).
OMAHA_DECK = "{1: 'As 2s Jd Jc Qh Qd 9c 9s Tc 3h 5d 7c Ts Qs Th Kh'}"
#: Heads-up hold'em, the bot first: its kings beat Ann's deuces at the showdown, so Ann,
#: who asked to be asked, chooses to show or muck (the browser test's deck).
MUCK_DECK = "{1: 'Kh Kd 7c 2d 3s 4h 9c Jd 5c 2h 8h 6c'}"


@contextmanager
def served(deal_delay: float, before: str = "") -> Iterator[str]:
    """A ``straights serve`` on 127.0.0.1 (``before``: Python run in its process first,
    with ``tests/web`` importable); yields its base URL, stops it at the end."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = f"import sys; sys.path.insert(0, {str(ROOT / 'tests' / 'web')!r})\n{before}\n"
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable, "-c", code + "from straights.cli.main import main; main()",
            "serve", "--host", "127.0.0.1", "--port", str(port),
            "--db", f"sqlite:///{tmp}/gallery.db", "--quiet",
            "--bot-delay", "0.3", "--deal-delay", str(deal_delay),
        ]  # fmt: skip
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    with urllib.request.urlopen(base + "/healthz", timeout=1):
                        break
                except OSError:
                    time.sleep(0.1)
            yield base
        finally:
            proc.terminate()
            proc.wait(10)


def until(test: Callable[[], bool], timeout: float = 90, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        time.sleep(0.1)


def table(browser: Browser, base: str, size: ViewportSize, game: str, **form: str) -> Page:
    """A table made with the home page's form (``game`` and the fields given), Ann
    seated at it."""
    page = browser.new_context(viewport=size, device_scale_factor=1).new_page()
    page.goto(base + "/")
    page.wait_for_selector("#game-pick optgroup option", state="attached")
    page.select_option("#game-pick", game)
    fields = {"seats": "4", "bots": "3", "bot_seconds": "0.3", "turn_seconds": "0"} | form
    for name, value in fields.items():
        page.fill(f"#create input[name={name}]", value)
    page.select_option("select[name=bot_kind]", "calling")
    page.click("text=Create table")
    page.wait_for_url("**/t/**")
    page.locator(".seat.empty >> text=Sit").first.click()
    page.fill("#sit input[name=name]", "Ann")
    page.click("#sit button[type=submit]")
    page.wait_for_selector(".seat.me")
    return page


def check_or_call(page: Page) -> bool:
    """Ann checks or calls when it is her turn (a draw: stands pat); False if not."""
    for kind in ("check", "call", "bring-in", "discard"):
        button = page.locator(f'#actions button[data-action="{kind}"]:not([disabled])')
        if button.count():
            button.first.click()
            time.sleep(0.3)
            return True
    return False


def dealers_choice(browser: Browser, out: Path, save: Any) -> None:
    """A dealer's-choice table, Ann on the button choosing the next game."""
    with served(deal_delay=1.0) as base:
        page = table(browser, base, DESKTOP, "dc")

        def choosing() -> bool:
            st: dict[str, Any] = page.evaluate("app.state")
            c = st.get("choice")
            if c and c["seat"] == st["you"]["seat"] and not c["chosen"]:
                return True
            check_or_call(page)
            return False

        until(choosing, 180, "Ann to choose the game")
        page.evaluate("window.scrollTo(0, 0)")
        save(page, out, "dealers-choice-desktop")
        page.context.close()


def omaha_split(browser: Browser, out: Path, save: Any) -> None:
    """Omaha hi-lo on a phone: a split pot, both hands named under the seats."""
    before = f"import stacked\nstacked.install({OMAHA_DECK}, {{}})"
    with served(deal_delay=15.0, before=before) as base:  # (the first deal waits too)
        page = table(browser, base, PHONE, "FO/8", stack="1000", seats="2", bots="1")

        def split() -> bool:
            if page.evaluate("app.state.hand.finished"):
                return True
            check_or_call(page)
            return False

        until(split, 90, "the split")
        page.wait_for_selector("#verdict >> text=split:")
        page.locator(".seat.me").scroll_into_view_if_needed()
        save(page, out, "omaha-split-phone")
        page.context.close()


def show_or_muck(browser: Browser, out: Path, save: Any) -> None:
    """Show or muck asked at the showdown, on a phone and a desktop: Ann turns on "Ask me
    to show" before the first deal; the bot's kings beat her deuces."""
    tables = f"{{'muck': {{'decks': {MUCK_DECK}, 'first': 20.0}}}}"
    with served(
        deal_delay=30.0, before=f"import stacked\nstacked.install_tables({tables})"
    ) as base:
        for size, name in ((PHONE, "show-or-muck-phone"), (DESKTOP, "show-or-muck-desktop")):
            page = table(browser, base, size, "NT", seats="2", bots="1", stack="200", name="muck")
            page.click("#btn-ask")

            def asked(page: Page = page) -> bool:
                if page.evaluate("app.state.hand.show_or_muck"):
                    return True
                check_or_call(page)
                return False

            until(asked, 90, "the question")
            page.locator("#showmuck").scroll_into_view_if_needed()
            save(page, out, name)
            page.context.close()


def pai_gow(browser: Browser, out: Path, save: Any) -> None:
    """The Pai Gow table: Bob sets his hands on a phone (the house way offered), then
    both leave it to the house way; the settled deal on a desktop and a phone."""
    with served(deal_delay=8.0) as base:  # (the first deal waits too)
        ann = table(browser, base, DESKTOP, "pai-gow", seats="4", bots="1", stack="400")
        bob = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
        bob.goto(ann.url)
        bob.locator(".seat.empty >> text=Sit").first.click()
        bob.fill("#sit input[name=name]", "Bob")
        bob.click("#sit button[type=submit]")
        bob.wait_for_selector(".seat.me")
        bob.wait_for_selector("#pg-setting:not([hidden])", timeout=60_000)
        bob.locator("#pg-setting").scroll_into_view_if_needed()
        save(bob, out, "paigow-phone")
        ann.wait_for_selector("#pg-setting:not([hidden])")
        ann.click("#pg-houseway")
        bob.click("#pg-houseway")
        ann.wait_for_selector("#pg-results:not([hidden])", timeout=30_000)
        bob.wait_for_selector("#pg-results:not([hidden])")
        ann.evaluate("window.scrollTo(0, 0)")
        save(ann, out, "paigow-desktop")
        bob.locator("#pg-results").scroll_into_view_if_needed()
        save(bob, out, "paigow-result-phone")
        ann.context.close()
        bob.context.close()


def main() -> None:
    from gallery import CHROMIUM, save
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--only-paigow", action="store_true", help="only the Pai Gow pictures")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            if not args.only_paigow:
                dealers_choice(browser, args.out, save)
                omaha_split(browser, args.out, save)
                show_or_muck(browser, args.out, save)
            pai_gow(browser, args.out, save)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
