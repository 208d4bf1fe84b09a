"""The heads-up display in real Chromium, on a phone and a desktop: the host switches
it on, bots and a person play, and every figure beside the seats and in the full set
equals ``straights history stats`` on the table's hands downloaded from the page."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from test_browser_variants import VIEWPORTS, Human, finished, open_table
from webtools import Server, shot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def fixed(x: float | None, digits: int, scale: int = 100) -> str:
    """``x`` as the page writes it (JavaScript's ``toFixed``: halves round up)."""
    if x is None:
        return "–"
    exact = Decimal(scale * x)
    return str(exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def brief(row: dict[str, Any]) -> str:
    return (
        f"{fixed(row['vpip'], 0)}/{fixed(row['pfr'], 0)}/{fixed(row['three_bet'], 0)}/"
        f"{fixed(row['af'], 1, 1)} · {row['hands']}"
    )


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_the_host_shows_the_statistics_and_they_equal_history_stats(
    browser: Browser, make_server: Any, viewport: str, tmp_path: Path
) -> None:
    server: Server = make_server(bot_delay=0.0, deal_delay=0.3)
    ctx, page = open_table(browser, server, viewport, game="dc", bots="3", stack="1000")
    width = VIEWPORTS[viewport][0]
    try:
        expect(page.locator(".seat .hud")).to_have_count(0)  # off until the host says
        page.click("#host-hud")
        expect(page.locator("#host-hud")).to_have_text("Hide statistics")
        ann = Human(page)
        ann.play_until(lambda st: st["hand"]["hand_number"] >= 6 and finished(st), timeout=120)
        page.click("#host-pause")  # no new deal: the figures stay put while we compare
        st = ann.play_until(lambda st: st["ledger"]["paused"] and finished(st), timeout=60)
        deals = st["hand"]["hand_number"]
        expect(page.locator(".seat .hud")).to_have_count(4)
        st = ann.state()
        assert st["hud"]["hands"] == deals
        shot(page, f"hud-{width}")

        page.locator('.seat[data-seat="0"] .hud').click()
        expect(page.locator("#hud-full")).to_be_visible()
        shot(page, f"hud-full-{width}")
        with page.expect_download() as info:
            page.click("#hud-phh")
        phhs = tmp_path / "table.phhs"
        info.value.save_as(phhs)

        env = os.environ | {"PYTHONPATH": str(ROOT / "src")}
        out = subprocess.run(
            [sys.executable, "-m", "straights.cli.main", "history", "stats", str(phhs), "--json"],
            capture_output=True, text=True, check=True, env=env,
        )  # fmt: skip
        doc = json.loads(out.stdout)
        assert doc["hands"] == deals and doc["errors"] == []
        cli = {r["player"]: r for r in doc["players"]}
        for seat, row in enumerate(st["hud"]["seats"]):
            want = cli[st["seats"][seat]["name"]]
            for key in ("hands", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "cbet"):
                assert row[key] == pytest.approx(want[key]), (seat, key)
            badge = page.locator(f'.seat[data-seat="{seat}"] .hud')
            expect(badge).to_have_text(brief(want))
        ann_row = cli["Ann"]
        full = page.locator("#hud-full")
        for key in ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "wtsd", "wsd"):
            cell = full.locator(f'tr[data-stat="{key}"] td').nth(1)
            expect(cell).to_have_text(fixed(ann_row[key], 1))
        expect(full.locator('tr[data-stat="hands"] td').nth(1)).to_have_text(str(deals))
        full.locator("text=Close").click()
        expect(full).to_be_hidden()

        page.click("#host-hud")  # the host hides it again
        expect(page.locator(".seat .hud")).to_have_count(0)
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        ctx.close()
