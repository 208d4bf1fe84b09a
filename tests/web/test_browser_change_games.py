"""The host changes the table's games from his panel (issue 22), in real headless
Chromium on a phone (390×844) and a desktop (1366×768): the choice survives the end
of a deal, waits for the next deal when made during one, is said in the chat, and
the next deal is of the new game. Each deal starts only when the test says
(:func:`stacked.told_before`), so no deal replaces the one the test reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import stacked
import webtools
from playwright.sync_api import Browser, expect
from test_browser_room import SIZES, context, no_errors, open_page, play_until, sit, state

pytestmark = pytest.mark.browser


@SIZES
def test_the_host_changes_the_games_for_the_next_deal(
    browser: Browser, make_server: Any, viewport: str, tmp_path: Path
) -> None:
    server = make_server(deal_delay=0.3, bot_delay=0.0, before=stacked.told_before(str(tmp_path)))
    table, token = server.create(
        games=["FT"], seats=3, bots=1, bot_kind="calling", turn_seconds=0, stack=500
    )
    ctx = context(browser, viewport)
    try:
        ann = open_page(ctx, server, table, token)
        sit(ann, 0, "Ann")
        # The panel's game control lists the catalogue, the table's game chosen.
        expect(ann.locator("#host-game")).to_have_value("FT")
        expect(ann.locator("#host-dc")).to_be_hidden()
        stacked.tell_deal(tmp_path, 1)
        webtools.wait_until(ann, "app.state.hand.hand_number === 1 && !app.state.hand.finished")
        # Chosen during deal 1, not applied: the deal's end redraws the panel and keeps it.
        ann.select_option("#host-game", "dc")
        expect(ann.locator("#host-dc")).to_be_visible()
        ann.locator("#host-dc input[value=FT]").uncheck()
        ann.locator("#host-dc").scroll_into_view_if_needed()
        webtools.shot(ann, f"room-games-dc-{viewport}")
        ann.select_option("#host-game", "FR")
        play_until(ann, "app.state.hand.finished")
        expect(ann.locator("#host-settings button[type=submit]")).to_have_text("Apply")
        expect(ann.locator("#host-game")).to_have_value("FR")
        # Applied during deal 2 (still hold'em): it waits for the next deal, and says so.
        stacked.tell_deal(tmp_path, 2)
        webtools.wait_until(ann, "app.state.hand.hand_number === 2 && !app.state.hand.finished")
        button = ann.locator("#host-settings button[type=submit]")
        expect(button).to_have_text("Apply at next deal")
        button.click()
        expect(ann.locator("#host-queued")).to_contain_text("games Fixed-limit razz")
        expect(ann.locator("#chat-lines")).to_contain_text(
            "The host changed the games to Fixed-limit razz, from the next deal."
        )
        webtools.shot(ann, f"room-games-queued-{viewport}")
        assert state(ann)["table"]["game"] == "Fixed-limit Texas hold'em"
        expect(ann.locator("#host-game")).to_have_value("FR")
        play_until(ann, "app.state.hand.finished")
        webtools.wait_until(ann, "app.state.table.games.map((g) => g.code).join() === 'FR'")
        expect(ann.locator("#host-queued")).to_have_count(0)
        # Deal 3 is razz.
        stacked.tell_deal(tmp_path, 3)
        webtools.wait_until(ann, "app.state.hand.hand_number === 3")
        assert state(ann)["table"]["game"] == "Fixed-limit razz"
        expect(ann.locator("#tablename")).to_contain_text("Fixed-limit razz")
        no_errors(ann)
    finally:
        ctx.close()
