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
from playwright.sync_api import Browser, Page, expect
from test_browser import browser, shot
from webtools import Server

__all__ = ["browser"]
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
    """One server for the module: bots act quickly, and a finished deal stays 6 s."""
    tmp = tmp_path_factory.mktemp("layout")
    s = Server(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.05, deal_delay=6.0)
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
            '#actions button[data-action="call"]:not([disabled])'
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
