"""Regenerate the web table's screenshot gallery for docs/web.md (``make gallery``).

Starts ``straights serve`` on a free loopback port with a throwaway database,
plays real deals in headless Chromium (Debian's ``/usr/bin/chromium``, driven by
Playwright) against calling bots, and saves, for a desktop (1366×768) and a
phone (390×844): a deal in progress, an all-in with a real side pot, a
showdown, the replayer, the ledger, and the host's room (a change waiting for the
next deal, a player sat out beside a disconnected one, seven cards at a stud
showdown, a request for a seat, a closed table), and issue 22's betting and club (the
pre-action buttons, bet shortcuts on the time bank after a straddle, the run-it-twice
question, a board run twice, a bomb pot's flop, the table's settle-up with the house,
the club's page). The PNGs are reduced to a 256-colour palette (Pillow) to stay small,
and written to ``docs/img/`` (or ``--out``).

Run: ``python scripts/gallery.py [--out docs/img] [--only-betting]``.
"""

from __future__ import annotations

import argparse
import json
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

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


@contextmanager
def server(bot_delay: float, deal_delay: float) -> Iterator[str]:
    """A ``straights serve`` on 127.0.0.1; yields its base URL, stops it at the end."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable, "-m", "straights.cli.main", "serve", "--host", "127.0.0.1",
            "--port", str(port), "--db", f"sqlite:///{tmp}/gallery.db", "--quiet",
            "--bot-delay", str(bot_delay), "--deal-delay", str(deal_delay),
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


def create(base: str, **settings: object) -> str:
    req = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(settings).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=5) as r:
        return str(json.loads(r.read())["table"])


def until(test: Callable[[], bool], timeout: float = 60, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return
        time.sleep(0.1)
    raise RuntimeError(f"gave up waiting for {what}")


def sit(page: Page, seat: int, name: str) -> None:
    page.locator(f'.seat[data-seat="{seat}"] >> text=Sit').click()
    page.fill("#sit input[name=name]", name)
    page.click("#sit button[type=submit]")
    page.wait_for_selector(f'.seat[data-seat="{seat}"].me')


def act(page: Page, *prefer: str) -> bool:
    """Click the first legal action among ``prefer`` (else check or call); False if not his turn."""
    for kind in (*prefer, "check", "call"):
        button = page.locator(f'#actions button[data-action="{kind}"]:not([disabled])')
        if button.count():
            button.first.click()
            time.sleep(0.3)
            return True
    return False


def state(page: Page) -> dict[str, object]:
    data: dict[str, object] = page.evaluate("app.state")
    return data


def save(page: Page, out: Path, name: str) -> None:
    """A viewport screenshot, reduced to a palette."""
    from PIL import Image

    time.sleep(0.6)  # animations end
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    with Image.open(path) as img:
        small = img.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        small.save(path, optimize=True)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
          f"{path.stat().st_size // 1024} KB")  # fmt: skip


def round_number(hand: dict[str, Any]) -> int:
    """Straights' betting round of a deal at the one table ("round 3": 3; else 0)."""
    street = str(hand.get("street") or "")
    return int(street.split()[-1]) if street.startswith("round ") else 0


def deal_showdown_replay(browser: Browser, base: str, out: Path) -> None:
    """A deal in progress, its showdown, its replay and the ledger — desktop and phone."""
    table = create(base, seats=6, bots=4, bot_kind="calling", turn_seconds=0, name="Friday game")
    ann_ctx = browser.new_context(viewport=DESKTOP)
    bob_ctx = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=1)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    ann.goto(f"{base}/t/{table}")
    sit(ann, 0, "Ann")
    bob.goto(f"{base}/t/{table}")
    sit(bob, 5, "Bob")
    until(lambda: bool(state(bob)["hand"].get("hole")), what="Bob dealt in")  # type: ignore[attr-defined]
    # from round 3 on, each is shot once at his turn (Ann has bet: chips in front of seats)
    shots = {"deal-desktop": ann, "deal-phone": bob}
    while shots and not state(ann)["hand"]["finished"]:  # type: ignore[index]
        moved = False
        for name, page in list(shots.items()):
            hand = state(page)["hand"]
            if hand["legal"]:  # type: ignore[index]
                if round_number(hand) >= 3:  # type: ignore[arg-type]
                    save(page, out, name)
                    del shots[name]
                moved = act(page, "bet", "call") or moved
        if not moved:
            time.sleep(0.1)
    while not state(ann)["hand"]["finished"]:  # type: ignore[index]
        if not (act(ann, "call") or act(bob, "call")):
            time.sleep(0.1)
    save(ann, out, "showdown-desktop")
    save(bob, out, "showdown-phone")
    for page, name in ((ann, "replay-desktop"), (bob, "replay-phone")):
        page.click("#btn-history")
        page.wait_for_selector("#replay:not([hidden])")
        events = page.locator("#hist-events li").all_inner_texts()
        step = max(i for i, e in enumerate(events) if "Table: " in e)  # round 4's card
        page.locator("#hist-events li").nth(step + 1).click()
        page.evaluate("window.scrollTo(0, 0)")
        save(page, out, name)
    for page, name in ((ann, "ledger-desktop"), (bob, "ledger-phone")):
        page.reload()
        page.wait_for_selector("#btn-ledger")
        page.click("#btn-ledger")
        page.wait_for_selector("#ledger[open]")
        save(page, out, name)
    ann_ctx.close()
    bob_ctx.close()


def side_pot(browser: Browser, base: str, out: Path) -> None:
    """An all-in that makes a real side pot: three stacks of different sizes.

    Ann (desktop) and Bob (phone) sit with a calling bot. In the first deal Ann
    bets whenever she can and Bob folds to her first bet, so the three stacks
    differ; in the second both raise until someone is all-in: the
    first all-in ends the raising, and the two left with chips bet on for a side pot.
    """
    # Ann hosts: a bot a guest adds would wait for the host's approval (issue 21).
    ann = hosted(browser, base, DESKTOP, seats=3, turn_seconds=0, betting="no-limit",
                 name="Side pots")  # fmt: skip
    ann_ctx = ann.context
    bob_ctx = browser.new_context(viewport=PHONE, is_mobile=True)
    bob = bob_ctx.new_page()
    sit(ann, 0, "Ann")
    bob.goto(ann.url)
    sit(bob, 1, "Bob")
    ann.evaluate("send({type: 'add_bot', token: anyToken(), seat: 2, kind: 'calling'})")
    until(lambda: bool(state(ann)["hand"].get("hole")), what="the first deal")  # type: ignore[attr-defined]
    while not state(ann)["hand"]["finished"]:  # type: ignore[index]
        if not (act(ann, "bet", "raise") or act(bob, "fold")):
            time.sleep(0.1)
    for _deal in range(6):
        number = state(ann)["hand"]["hand_number"]  # type: ignore[index]
        until(lambda n=number: state(ann)["hand"]["hand_number"] != n, what="the next deal")  # type: ignore[index,misc]
        while not state(ann)["hand"]["finished"]:  # type: ignore[index]
            hand = state(ann)["hand"]
            pots = hand["side_pots"]  # type: ignore[index]
            if len(pots) > 1 and all(len(p["eligible"]) > 1 for p in pots):
                save(ann, out, "sidepot-desktop")
                save(bob, out, "sidepot-phone")
                ann_ctx.close()
                bob_ctx.close()
                return
            for page in (ann, bob):
                if not state(page)["hand"]["legal"]:  # type: ignore[index]
                    continue
                act(page, *raises_for(state(page)["hand"]))  # type: ignore[arg-type]
                break
            else:
                time.sleep(0.1)
    raise RuntimeError("six deals without a side pot")


def raises_for(hand: dict[str, Any]) -> tuple[str, ...]:
    """Raise while the two biggest stacks keep chips after it; once someone is all-in,
    bet (and call) only: the two left with chips then play for a side pot."""
    live = [p for p in hand["players"] if p["in_hand"] and not p["folded"]]
    if any(p["stack"] == 0 for p in live):
        return ("bet",)
    totals = sorted(p["stack"] + p["committed"] for p in live)
    raise_to = next((a["low"] for a in hand["legal"] if a["kind"] in ("bet", "raise")), None)
    if raise_to is not None and len(totals) > 2 and raise_to < totals[1]:
        return ("raise", "bet")
    return ()


def hosted(browser: Browser, base: str, size: ViewportSize, **settings: object) -> Page:
    """A new table's page in a fresh browser that created it (it holds the host token)."""
    req = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(settings).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=5) as r:
        data = json.loads(r.read())
    page = browser.new_context(viewport=size).new_page()
    page.goto(base + "/")
    page.evaluate(
        "([t, k]) => localStorage.setItem('straights.host.' + t, k)",
        [data["table"], data["host_token"]],
    )
    page.goto(f"{base}/t/{data['table']}")
    page.on("dialog", lambda d: d.accept())
    until(lambda: page.evaluate("app.state !== null"), what="the table")
    return page


def room(browser: Browser, base: str, out: Path) -> None:
    """The host's room (issue 22), at both sizes: a change waiting for the next deal,
    a player sat out beside a disconnected one, seven cards at a stud showdown, and a
    closed table."""
    for tag, size in (("desktop", DESKTOP), ("phone", PHONE)):
        ann = hosted(browser, base, size, seats=3, bots=1, bot_kind="calling", turn_seconds=0)
        sit(ann, 0, "Ann")
        until(lambda a=ann: bool(state(a)["hand"].get("hole")), what="a deal")  # type: ignore[attr-defined,misc]
        ann.fill("#host-settings input[name=ante]", "5")
        ann.fill("#host-settings input[name=turn_seconds]", "45")
        ann.click("#host-settings button[type=submit]")
        ann.wait_for_selector("#host-queued")
        ann.locator("#host-panel").scroll_into_view_if_needed()
        save(ann, out, f"host-queued-{tag}")
        ann.context.close()

        ann = hosted(browser, base, size, seats=4, bots=1, bot_kind="calling", turn_seconds=0)
        sit(ann, 0, "Ann")
        url = ann.url
        others = []
        free = [i for i, m in enumerate(state(ann)["seats"]) if m is None]  # type: ignore[arg-type]
        for seat, name in zip(free, ("Bob", "Cleo"), strict=False):
            page = browser.new_context(viewport=size).new_page()
            page.goto(url)
            sit(page, seat, name)
            others.append(page)
        others[0].click("#btn-sitout")
        others[1].context.close()
        ann.wait_for_selector(f'.seat[data-seat="{free[1]}"] .offline')
        ann.wait_for_selector(f'.seat[data-seat="{free[0]}"] >> text=sat out')
        save(ann, out, f"away-{tag}")
        for page in (ann, others[0]):
            page.context.close()

        ann = hosted(
            browser, base, size, seats=4, bots=3, bot_kind="calling", turn_seconds=0,
            games=["F7S"], stack=1000,
        )  # fmt: skip
        sit(ann, 0, "Ann")
        until(lambda a=ann: bool(state(a)["hand"]["hand_number"]), what="a stud deal")  # type: ignore[index,misc]
        while not state(ann)["hand"]["finished"]:  # type: ignore[index]
            if not act(ann, "bring-in"):
                time.sleep(0.1)
        save(ann, out, f"stud-showdown-{tag}")
        ann.context.close()

        ann = hosted(browser, base, size, seats=3, turn_seconds=0, stack=50)
        sit(ann, 0, "Ann")
        ann.check("#host-settings input[name=seat_approval]")
        ann.click("#host-settings button[type=submit]")
        until(lambda a=ann: bool(state(a)["table"]["seat_approval"]), what="approval")  # type: ignore[index,misc]
        bob = browser.new_context(viewport=size).new_page()
        bob.goto(ann.url)
        bob.locator('.seat[data-seat="1"] >> text=Sit').click()
        bob.fill("#sit input[name=name]", "Bob")
        bob.click("#sit button[type=submit]")
        ann.wait_for_selector("#host-panel >> text=Admit")
        ann.locator("#host-panel >> text=Admit").scroll_into_view_if_needed()
        save(ann, out, f"seat-request-{tag}")
        save(bob, out, f"seat-request-guest-{tag}")
        bob.context.close()
        ann.context.close()

        ann = hosted(
            browser, base, size, seats=4, turn_seconds=0, stack=50,
            games=["NT", "FR"], dealers_choice=True,
        )  # fmt: skip
        ann.click("#host-close")
        ann.wait_for_selector("#ledger[open]")
        ann.locator("#ledger >> text=Close").click()
        save(ann, out, f"closed-{tag}")
        ann.context.close()


def heads_up_display(browser: Browser, base: str, out: Path) -> None:
    """The host shows the statistics at a hold'em table of equity bots; after some
    deals, the seats on a desktop and a phone, and one player's full set."""
    ann_ctx = browser.new_context(viewport=DESKTOP)
    eve_ctx = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=1)
    ann, eve = ann_ctx.new_page(), eve_ctx.new_page()
    ann.goto(base + "/")
    ann.wait_for_selector("#game-pick optgroup option", state="attached")
    ann.select_option("#game-pick", "NT")
    for name, value in {"seats": "5", "bots": "4", "bot_seconds": "0", "turn_seconds": "0",
                        "stack": "500"}.items():  # fmt: skip
        ann.fill(f"#create input[name={name}]", value)
    ann.select_option("select[name=bot_kind]", "equity")
    ann.click("text=Create table")
    ann.wait_for_url("**/t/**")
    sit(ann, 0, "Ann")
    ann.click("#host-hud")

    def play_until(done: Callable[[dict[str, Any]], bool], seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not done(state(ann)["hand"]):  # type: ignore[arg-type]
            if time.monotonic() > deadline:
                raise RuntimeError("gave up waiting for the deals")
            if not act(ann, "check", "fold"):
                time.sleep(0.1)

    play_until(lambda h: h["hand_number"] >= 8 and h["finished"], 300)
    ann.click("#host-pause")
    play_until(lambda h: h["finished"], 60)
    eve.goto(ann.url)
    eve.wait_for_selector(".seat .hud")
    ann.evaluate("window.scrollTo(0, 0)")
    save(ann, out, "hud-desktop")
    save(eve, out, "hud-phone")
    ann.locator(".seat:not(.me) .hud").first.click()  # a bot's (one may have gone broke)
    ann.wait_for_selector("#hud-full[open]")
    save(ann, out, "hud-full-desktop")
    ann_ctx.close()
    eve_ctx.close()


def _turn(page: Page) -> bool:
    """Whether the page's player is asked something (an action or the number of runs)."""
    return bool(
        page.evaluate("Boolean(app.state.hand.legal.length || (app.state.hand.runs || []).length)")
    )


def _others_act(pages: list[Page], kind: str) -> None:
    """Each of ``pages`` asked to act does ``kind`` (else checks, calls or folds)."""
    for page in pages:
        if _turn(page):
            if page.locator("#runs").count():
                page.click("#runs button[data-runs='2']")
            else:
                act(page, kind, "check", "call", "fold")


def betting_and_club(browser: Browser, base: str, out: Path, tag: str, size: ViewportSize) -> None:
    """Issue 22's betting and club, at one size: the bet shortcuts on the time bank with
    a straddle posted, the pre-action buttons, the run-it-twice question and a board run
    twice, a bomb pot's flop, the table's settle-up with the house, the club's page."""
    ann = browser.new_context(viewport=size).new_page()
    ann.on("dialog", lambda d: d.accept())
    ann.goto(base + "/c/new")
    ann.fill("#club-new input[name=name]", "Thursdays")
    ann.click("#club-new button[type=submit]")
    ann.wait_for_selector("#club-title >> text=Thursdays")
    club_url = ann.url
    ann.click("#club-new-table")
    ann.wait_for_url("**/?club=**")
    ann.wait_for_selector("#game-pick optgroup option", state="attached")
    ann.select_option("#game-pick", "NT")
    for name, value in {"seats": "4", "bots": "0", "turn_seconds": "3", "stack": "100"}.items():
        ann.fill(f"#create input[name={name}]", value)
    ann.click("text=Create table")
    ann.wait_for_url("**/t/**")
    until(lambda: ann.evaluate("app.state !== null"), what="the table")
    ann.select_option("#host-betting select[name=straddle]", "utg")
    ann.select_option("#host-betting select[name=runs]", "2")
    ann.fill("#host-betting input[name=time_bank]", "30")
    ann.click("#host-betting button[type=submit]")
    until(lambda: ann.evaluate("app.state.table.time_bank === 30"), what="the betting")
    ann.click("#host-pause")
    sit(ann, 0, "Ann")
    others = []
    for seat, name in ((1, "Bob"), (2, "Cat")):
        page = browser.new_context(viewport=size).new_page()
        page.on("dialog", lambda d: d.accept())
        page.goto(ann.url)
        sit(page, seat, name)
        others.append(page)
    bob, cat = others
    ann.click("#host-pause")
    until(lambda: ann.evaluate("app.state.hand.hand_number === 1"), what="deal 1")
    # Before Ann's turn: the pre-action buttons; on it, past the timer: the time bank.
    while not _turn(ann):
        if ann.locator("#preactions").count() and not (out / f"preactions-{tag}.png").exists():
            save(ann, out, f"preactions-{tag}")
        _others_act(others, "call")
        time.sleep(0.2)
    until(lambda: ann.locator("#timer.bank").count() > 0, what="the time bank")
    ann.click("#actions .shortcuts button:text('All-in')")
    save(ann, out, f"betting-{tag}")
    ann.click('#actions button[data-action="raise"], #actions button[data-action="bet"]')
    ann.click("#host-pause")  # this deal is the last until the pictures are taken
    # Bob calls all in, Cat folds; everyone all in is asked how many runs.
    until(lambda: _turn(bob) or _turn(cat) or _turn(ann), what="an answer")
    while not _turn(ann):
        if _turn(bob):
            if bob.locator("#runs").count():
                bob.click("#runs button[data-runs='2']")
            else:
                act(bob, "call")
        if _turn(cat):
            act(cat, "fold")
        time.sleep(0.1)
    ann.wait_for_selector("#runs button[data-runs='2']")
    save(ann, out, f"runs-{tag}")
    ann.click("#runs button[data-runs='2']")
    until(lambda: _turn(bob) or ann.evaluate("app.state.hand.finished"), what="Bob's answer")
    if not ann.evaluate("app.state.hand.finished"):
        bob.click("#runs button[data-runs='2']")
    until(lambda: ann.evaluate("app.state.hand.finished"), what="deal 1's end")
    ann.evaluate("window.scrollTo(0, 0)")
    save(ann, out, f"ran-twice-{tag}")
    for page in (ann, bob):
        if page.locator("#btn-rebuy").count():
            page.click("#btn-rebuy")
    # A bomb pot: everyone antes and the flop comes with no betting before it.
    ann.fill("#host-betting input[name=bomb_pot_every]", "1")
    ann.click("#host-betting button[type=submit]")
    until(lambda: ann.evaluate("app.state.table.bomb_pot_every === 1"), what="bomb pots")
    ann.click("#host-pause")
    flop = "app.state.hand.hand_number === 2 && app.state.hand.board.length === 3"
    until(lambda: ann.evaluate(flop), what="a bomb pot's flop")
    ann.click("#host-pause")
    ann.evaluate("window.scrollTo(0, 0)")
    save(ann, out, f"bombpot-{tag}")
    while not ann.evaluate("app.state.hand.finished"):
        _others_act([ann, *others], "check")
        time.sleep(0.2)
    ann.click("#host-close")
    ann.wait_for_selector("#ledger[open]")
    save(ann, out, f"settle-{tag}")
    ann.goto(club_url)
    ann.wait_for_selector("#club-settle li")
    save(ann, out, f"club-{tag}")
    for page in (ann, *others):
        page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument(
        "--only-betting", action="store_true", help="only the betting and club pictures"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.only_betting:
        betting_and_club_both(args.out)
        return
    with server(bot_delay=1.5, deal_delay=5.0) as base, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            side_pot(browser, base, args.out)
            deal_showdown_replay(browser, base, args.out)
            heads_up_display(browser, base, args.out)
        finally:
            browser.close()
    with server(bot_delay=0.3, deal_delay=8.0) as base, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            room(browser, base, args.out)
        finally:
            browser.close()
    betting_and_club_both(args.out)


def betting_and_club_both(out: Path) -> None:
    """:func:`betting_and_club` at both sizes, each on a server of its own."""
    for tag, size in (("desktop", DESKTOP), ("phone", PHONE)):
        for name in ("preactions", "betting", "runs", "ran-twice", "bombpot", "settle", "club"):
            (out / f"{name}-{tag}.png").unlink(missing_ok=True)
        with server(bot_delay=0.3, deal_delay=0.5) as base, sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            try:
                betting_and_club(browser, base, out, tag, size)
            finally:
                browser.close()


if __name__ == "__main__":
    main()
