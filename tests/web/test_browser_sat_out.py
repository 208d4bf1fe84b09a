"""What a player's own controls offer, in real Chromium on a phone (390×844) and a desktop
(1366×768): a player who sits out during a deal is shown no pre-action buttons and no
turn timer (he is folded at his turn, nothing is his to time); the showdown choices
("Muck losing hands", "Ask me to show") are offered where the game has them, hold'em,
and not at a Straights table, which shows every hand (its pot rule reads them all)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from test_browser_betting import VIEWPORTS, page_at, sit_ann, until
from webtools import Client, Server, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_player_sat_out_has_no_pre_actions_and_no_timer(
    browser: Browser, make_server: Any, clients: list[Client], viewport: str
) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    table, _host = server.create(games=["NT"], seats=2, stack=200, turn_seconds=300)
    with page_at(browser, viewport) as (page, errors):
        bob = Client(server, table)
        clients.append(bob)
        bob.sit(0, "Bob")  # seat 0: Bob has the first button and acts first: he never does
        page.goto(f"{server.base}/t/{table}")
        sit_ann(page, 1)
        # Bob's turn, five minutes on his timer: Ann may act in advance, and sees his clock.
        expect(page.locator("#preactions button[data-pre=callany]")).to_be_visible(timeout=15_000)
        expect(page.locator("#timer")).to_be_visible()
        page.click("#btn-sitout")
        until(lambda: bool(page.evaluate("app.state.you.sat_out")), "Ann sat out")
        hand = page.evaluate("app.state.hand")
        assert not hand["finished"] and hand["actor"] == 0, "still Bob's turn in deal 1"
        assert page.evaluate("app.state.turn.seat") == 0
        expect(page.locator("#banner")).to_contain_text("You are sat out")
        expect(page.locator("#preactions")).to_have_count(0)
        expect(page.locator("#timer")).to_be_hidden()
        shot(page, f"sat-out-{VIEWPORTS[viewport][0]}")
        assert not errors, errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_showdown_choices_only_where_the_game_has_them(
    browser: Browser, make_server: Any, viewport: str
) -> None:
    server: Server = make_server(deal_delay=60.0, bot_delay=0.0)
    straights, _ = server.create(games=["_STR55L"], seats=2, stack=100, turn_seconds=0)
    holdem, _ = server.create(games=["NT"], seats=2, stack=100, turn_seconds=0)
    with page_at(browser, viewport) as (page, errors):
        page.goto(f"{server.base}/t/{straights}")
        sit_ann(page, 0)
        expect(page.locator("#btn-sitout")).to_be_visible(timeout=15_000)
        expect(page.locator("#btn-muck")).to_have_count(0)
        expect(page.locator("#btn-ask")).to_have_count(0)
        shot(page, f"no-muck-straights-{VIEWPORTS[viewport][0]}")
        page.goto(f"{server.base}/t/{holdem}")
        sit_ann(page, 0)
        expect(page.locator("#btn-sitout")).to_be_visible(timeout=15_000)
        expect(page.locator("#btn-muck")).to_have_text("Muck losing hands: off")
        expect(page.locator("#btn-ask")).to_have_text("Ask me to show: off")
        assert not errors, errors
