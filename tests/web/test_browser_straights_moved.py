"""A web Straights table stored by an earlier release (settings edition 4, stopped
mid-deal on Straights' own table) opens on the server moved onto the one table, and
its player plays on in real Chromium, on a phone (390×844) and a desktop (1366×768):
the deal in play at the move ends, the next is dealt at the one table from a stacked
deck (:mod:`stacked`), held until the test tells it, and a deal the earlier table
dealt replays in the history.

Ann's browser holds her player token: the copied fixture's stored commands are given
the hash of a token the test knows (a command's ``token_hash`` is in no event, so the
log replays the same), and the table's turn timer is off, so a slow start on a loaded
machine never times her out.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import stacked
from playwright.sync_api import Browser, expect
from test_browser_variants import VIEWPORTS, Human, finished
from webtools import Server, shot

from straights.web.tokens import hash_token

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).parents[1] / "fixtures" / "web_straights_release.db"
TOKEN = "ann-token-of-the-moved-table"
#: Deal 8, the first dealt at the one table: Ann, the strength bot, the calling bot;
#: then the key card and the four face-up cards.
DEAL_8 = ({0: "Ah Kh", 1: "2c 7d", 2: "3s 9d"}, "4c Qh Jh 8s 5c")


def stored_table(tmp_path: Path) -> str:
    """A copy of the fixture whose ``edition4`` table Ann reopens with :data:`TOKEN`."""
    path = tmp_path / "web.db"
    shutil.copy(FIXTURE, path)
    with sqlite3.connect(path) as conn:
        (table_id, settings) = conn.execute(
            "SELECT id, settings FROM tables WHERE key = 'edition4'"
        ).fetchone()
        conn.execute(
            "UPDATE commands SET body = replace(body, ?, ?) WHERE table_id = ?",
            ("a" * 64, hash_token(TOKEN), table_id),
        )
        timer_off = json.loads(settings) | {"turn_seconds": 0}
        conn.execute("UPDATE tables SET settings = ? WHERE id = ?",
                     (json.dumps(timer_off), table_id))  # fmt: skip
    return f"sqlite:///{path}"


def chips(st: dict[str, Any]) -> int:
    return sum(s["chips"] for s in st["seats"] if s) + int(st["ledger"]["in_middle"])


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_moved_table_opens_and_plays_on_at_the_one_table(
    browser: Browser, make_server: Any, viewport: str, tmp_path: Path
) -> None:
    told = tmp_path / "told"
    told.mkdir()
    before = stacked.told_before(str(told)) + "\n" + f"stacked.install({{8: {DEAL_8!r}}}, {{}})"
    server: Server = make_server(stored_table(tmp_path), bot_delay=0.0, before=before)
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.base + "/")
        page.evaluate(f"localStorage.setItem('straights.seat.edition4', {TOKEN!r})")
        page.goto(server.base + "/t/edition4")
        expect(page.locator(".seat.me")).to_be_visible()
        ann = Human(page)
        st = ann.state()
        # deal 7, dealt by the earlier table, goes on at the one table
        assert st["hand"]["hand_number"] == 7 and st["hand"]["variant"] == "_STR55N"
        assert st["you"]["seat"] == 0 and chips(st) == 120
        expect(page.locator("#tablename")).to_contain_text("Straights, No Limit, 55 cards")
        expect(page.locator("#board .card")).to_have_count(5)
        shot(page, f"straights-moved-{viewport}")
        st = ann.play_until(finished)
        assert st["hand"]["hand_number"] == 7 and chips(st) == 120
        stacked.tell_deal(told, 8)  # deal 8, the one table's own, from a stacked deck
        st = ann.play_until(lambda s: s["hand"]["hand_number"] == 8 and finished(s))
        assert chips(st) == 120 and st["hand"]["results"]
        assert st["hand"]["hole"] == ["Ah", "Kh"]  # the stacked deck's, seat by seat
        assert st["hand"]["log"][0] == "Deal 8: Straights, No Limit, 55 cards"
        # a deal of the earlier table replays step by step
        page.click("#btn-history")
        expect(page.locator("#hist-step")).to_contain_text("Deal 8 ")
        page.select_option("#hist-pick", "6")
        expect(page.locator("#hist-step")).to_contain_text("Deal 6 ")
        expect(page.locator("#hist-events li").first).to_contain_text(
            "Deal 6: Straights, No Limit, 55 cards"
        )
        assert not errors, errors
    finally:
        ctx.close()
