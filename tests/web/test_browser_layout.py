"""The table's layout in real Chromium (issue 11): at 2, 6 and 10 seats, on a desktop
(1366×768) and two phones (390×844, 360×740), the seats, the board cards, the pot box
and the showdown text never overlap one another and stay on the screen, and the
"Sit in seat N" button shows without scrolling. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import stacked
from playwright.sync_api import Browser, Page, expect
from webtools import Server, shot

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1366, 768), "phone": (390, 844), "small": (360, 740)}

# Every box the layout places, by kind, in page coordinates (scrolling included).
_BOXES = """() => {
  const out = [];
  const add = (kind, e) => {
    const r = e.getBoundingClientRect();
    if (r.width && r.height) out.push({kind, name: kind + (e.dataset.seat ?? ''),
      x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height});
  };
  document.querySelectorAll('#felt .seat').forEach((e) => add('seat', e));
  document.querySelectorAll('#board .card').forEach((e, i) => {
    e.dataset.seat = i; add('card', e);
  });
  const pot = document.querySelector('#pot'); if (pot.textContent) add('pot', pot);
  const v = document.querySelector('#verdict'); if (v.textContent) add('verdict', v);
  return {boxes: out, width: document.documentElement.clientWidth,
          felt: document.querySelector('#felt').getBoundingClientRect().bottom + scrollY};
}"""


def layout_problems(page: Page, height: int) -> list[str]:
    """Overlapping boxes, and boxes off the screen (the felt must fit the viewport)."""
    data: dict[str, Any] = page.evaluate(_BOXES)
    boxes = data["boxes"]
    problems = []
    for i, a in enumerate(boxes):
        if a["x"] < 0 or a["x"] + a["w"] > data["width"] + 0.5:
            problems.append(f"{a['name']} is off the screen sideways: {a}")
        if a["y"] + a["h"] > height + 0.5:
            problems.append(f"{a['name']} is below the fold: {a}")
        for b in boxes[i + 1 :]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 0.5 and dy > 0.5:
                problems.append(f"{a['name']} overlaps {b['name']} by {dx:.0f}×{dy:.0f} px")
    kinds = {b["kind"] for b in boxes}
    assert {"seat", "card"} <= kinds, kinds
    return problems


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: bots act quickly, a first deal starts at once and a
    finished deal stays a minute (the test reads it on three pages)."""
    tmp = tmp_path_factory.mktemp("layout")
    s = Server(
        f"sqlite:///{tmp / 'web.db'}", bot_delay=0.05, deal_delay=60.0, before=stacked.before()
    )
    s.log = tmp / "server.log"
    s.start()
    yield s
    s.stop()


def play_to_the_showdown(page: Page, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator("#verdict").inner_text().strip():
            return
        button = page.locator(
            '#actions button[data-action="check"]:not([disabled]), '
            '#actions button[data-action="call"]:not([disabled]), '
            '#actions button[data-action="muck"]:not([disabled])'
        )
        if button.count():
            button.first.click()
        time.sleep(0.1)
    raise AssertionError("the deal did not reach its showdown")


@pytest.mark.parametrize("seats", [2, 6, 10])
def test_nothing_overlaps_at_any_size(browser: Browser, server: Server, seats: int) -> None:
    table, _ = server.create(
        seats=seats, bots=max(1, seats - 2), bot_kind="calling", turn_seconds=0
    )
    errors: list[str] = []
    pages: dict[str, Page] = {}
    contexts = []
    try:
        for name, (w, h) in VIEWPORTS.items():
            ctx = browser.new_context(
                viewport={"width": w, "height": h}, is_mobile=name != "desktop"
            )
            contexts.append(ctx)
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{server.base}/t/{table}")
            pages[name] = page
        if seats > 2:
            # a spectator on the small phone picks the empty seat: the button is on screen
            small = pages["small"]
            small.locator(f'.seat[data-seat="{seats - 1}"] >> text=Sit').click()
            button = small.locator("#sit button[type=submit]")
            expect(button).to_contain_text(f"Sit in seat {seats}")
            box = button.bounding_box()
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORTS["small"][1], box
            small.click("#sitcancel")
        ann = pages["desktop"]
        ann.locator('.seat[data-seat="0"] >> text=Sit').click()
        ann.fill("#sit input[name=name]", "Ann")
        ann.click("#sit button[type=submit]")
        expect(ann.locator("#myhand .card")).to_have_count(2, timeout=15_000)
        for name, page in pages.items():
            expect(page.locator("#board .card")).to_have_count(5)
            assert layout_problems(page, VIEWPORTS[name][1]) == [], name
            shot(page, f"layout-{seats}-{name}-deal")
        play_to_the_showdown(ann)
        for name, page in pages.items():
            expect(page.locator("#verdict")).to_contain_text("pot", timeout=10_000)
            time.sleep(0.1)
            assert layout_problems(page, VIEWPORTS[name][1]) == [], name
            shot(page, f"layout-{seats}-{name}-showdown")
        assert not errors, errors
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_gallery_paths_exist() -> None:
    """The screenshots docs/web.md shows are committed next to it."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    shown = re.findall(r"\]\((img/[^)]+\.png)\)", (docs / "web.md").read_text())
    assert len(set(shown)) >= 8, shown
    for name in shown:
        path = docs / name
        assert path.exists(), path
        assert path.stat().st_size < 150_000, path


# Every visible control of the header (the brand, the connection dot, the table's name
# and the buttons), in viewport coordinates, and the header's own box.
_HEADER = """() => {
  const top = document.querySelector('header.top');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const controls = [...top.children]
    .filter((e) => !e.classList.contains('spacer') && e.getClientRects().length)
    .map((e) => ({name: e.id || e.className, ...box(e)}))
    .filter((b) => b.w > 0 && b.h > 0);
  return {controls, header: box(top), width: document.documentElement.clientWidth,
          names: [...top.querySelectorAll('button')].filter((b) => !b.hidden)
            .map((b) => [b.id, b.getAttribute('aria-label') || b.textContent, b.title])};
}"""


def header_problems(page: Page) -> list[str]:
    """Header controls off the screen, on a second line, or overlapping one another."""
    data: dict[str, Any] = page.evaluate(_HEADER)
    controls, header, width = data["controls"], data["header"], data["width"]
    problems = []
    for i, a in enumerate(controls):
        if a["x"] < -0.5 or a["x"] + a["w"] > width + 0.5:
            problems.append(f"{a['name']} is not fully inside the {width} px viewport: {a}")
        if a["y"] < header["y"] - 0.5 or a["y"] + a["h"] > header["y"] + header["h"] + 0.5:
            problems.append(f"{a['name']} sticks out of the header: {a} {header}")
        for b in controls[i + 1 :]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 0.5 and dy > 0.5:
                problems.append(f"{a['name']} overlaps {b['name']} by {dx:.0f}×{dy:.0f} px")
    # one line: the header is no taller than one button and its padding
    tallest = max(c["h"] for c in controls)
    if header["h"] > tallest + 24:
        problems.append(f"the header wraps: {header['h']:.0f} px tall, controls {tallest:.0f} px")
    for ident, label, title in data["names"]:
        if not label.strip() or not title:
            problems.append(f"{ident} has no accessible name or title: {label!r} {title!r}")
    return problems


def test_every_header_control_fits_on_one_line(browser: Browser, server: Server) -> None:
    """The host (who made the table in this browser) and a guest, with every header
    button showing (sound, Hands, Ledger, Share link), at 360, 390 and 1366 px wide."""
    errors: list[str] = []
    host_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    guest_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        host, guest = host_ctx.new_page(), guest_ctx.new_page()
        for p in (host, guest):
            p.on("pageerror", lambda e: errors.append(str(e)))
        host.goto(server.base + "/")
        host.fill("input[name=name]", "Friday night at Ann and Bob's place")
        host.fill("input[name=seats]", "10")
        host.fill("input[name=bots]", "3")
        host.fill("input[name=bot_seconds]", "0")
        host.fill("input[name=turn_seconds]", "0")
        host.click("text=Create table")
        host.wait_for_url("**/t/**")
        guest.goto(host.url)
        expect(host.locator("#host-panel")).to_be_visible()
        expect(guest.locator("#host-panel")).to_be_hidden()
        guest.locator('.seat[data-seat="0"] >> text=Sit').click()
        guest.fill("#sit input[name=name]", "Bob")
        guest.click("#sit button[type=submit]")
        play_to_the_showdown(guest)  # Hands shows once a deal is over
        buttons = ("#btn-mute", "#btn-history", "#btn-ledger", "#btn-share")
        for page in (host, guest):
            for b in buttons:
                expect(page.locator(b)).to_be_visible(timeout=30_000)
        for width, height in ((360, 740), (390, 844), (1366, 768)):
            for who, page in (("host", host), ("guest", guest)):
                page.set_viewport_size({"width": width, "height": height})
                time.sleep(0.05)
                assert header_problems(page) == [], (who, width)
                if width < 1000:
                    shot(page, f"header-{who}-{width}")
                # the labels show where there is room, and the icons always
                labels = page.locator("header .lbl:visible").count()
                assert labels == (3 if width > 640 else 0), (who, width, labels)
        assert not errors, errors
    finally:
        host_ctx.close()
        guest_ctx.close()
