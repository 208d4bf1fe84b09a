"""The betting people expect, in real Chromium on a phone and a desktop: the host sets
run it twice from his panel; a bet shortcut puts the server's amount in the box; the
all-in players are asked how many runs and the board runs twice; "Call any" acts when
the turn comes; a "Check" chosen in advance clears when a bet comes instead;
"Check/fold" checks when nobody bets; "Fold to any bet" checks for the whole deal until
a bet comes, then folds."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import stacked
from playwright.sync_api import Browser, Page, expect
from webtools import Client, Server, shot, wait_until

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}


def mine(page: Page) -> dict[str, Any]:
    hand: dict[str, Any] = page.evaluate("app.state.hand")
    return hand


def until(pred: Any, what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


@contextmanager
def page_at(browser: Browser, viewport: str) -> Iterator[tuple[Page, list[str]]]:
    """A new page of its own context at ``viewport`` and the page errors it collects
    (the context closed at the end)."""
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        yield page, errors
    finally:
        ctx.close()


def sit_ann(page: Page, seat: int) -> None:
    """Ann takes ``seat`` from the page."""
    page.locator(f'.seat[data-seat="{seat}"] >> text=Sit').click()
    page.fill("#sit input[name=name]", "Ann")
    page.press("#sit input[name=name]", "Enter")


def asked(bob: Client) -> bool:
    """Whether Bob (read up to now) is asked how many runs."""
    bob.drain()
    return bool(bob.state and bob.state["hand"].get("runs"))


def bob_acts(bob: Client, action: str, to: int | None = None) -> None:
    bob.drain()
    now = bob.state["hand"] if bob.state else {}
    if not (now.get("legal") or now.get("runs")):
        bob.wait_for(
            lambda m: m["type"] == "state" and bool(m["hand"]["legal"] or m["hand"].get("runs"))
        )
    bob.send({"type": "act", "token": bob.token, "action": action, "to": to})


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_shortcuts_run_it_twice_and_pre_actions(
    browser: Browser, make_server: Any, clients: list[Client], viewport: str
) -> None:
    # The test ends with deal 1, dealt as soon as both sit: a minute between deals (it
    # was 5 s, before deal 1 too), so that a loaded machine still sees deal 1 finished.
    server: Server = make_server(deal_delay=60.0, bot_delay=0.0, before=stacked.before())
    width = VIEWPORTS[viewport][0]
    with page_at(browser, viewport) as (page, errors):
        page.goto(server.base + "/")
        page.wait_for_selector("#game-pick optgroup option", state="attached")
        page.select_option("#game-pick", "NT")
        for name, value in {"seats": "2", "bots": "0", "stack": "100", "turn_seconds": "0"}.items():
            page.fill(f"#create input[name={name}]", value)
        page.click("text=Create table")
        page.wait_for_url("**/t/**")
        # The host's betting settings, before anyone sits.
        expect(page.locator("#host-betting")).to_be_visible()
        page.select_option("#host-betting select[name=runs]", "2")
        page.fill("#host-betting input[name=time_bank]", "45")
        shot(page, f"betting-host-{width}")
        page.click("#host-betting button[type=submit]")
        wait_until(page, "app.state.table.runs === 2 && app.state.table.time_bank === 45")
        sit_ann(page, 0)
        table = page.url.rstrip("/").rsplit("/", 1)[-1]
        bob = Client(server, table)
        clients.append(bob)
        bob.sit(1, "Bob")

        # Deal 1: Ann on the button acts first; the All-in shortcut fills the box.
        until(lambda: any(a["kind"] == "raise" for a in mine(page)["legal"]), "Ann to raise")
        page.fill("#host-betting input[name=bomb_pot_every]", "7")  # typed during the deal
        labels = page.locator("#actions .shortcuts button").all_inner_texts()
        assert labels == ["Min", "3×", "All-in"]
        page.click("#actions .shortcuts button:text('All-in')")
        expect(page.locator("#actions .amount input[type=number]")).to_have_value("100")
        shot(page, f"betting-shortcuts-{width}")
        page.click('#actions button[data-action="raise"]')
        bob_acts(bob, "call")
        # Both all in: each is asked how many runs; both ask twice.
        until(lambda: bool(mine(page)["runs"]) or asked(bob),
              "someone asked to run it twice")  # fmt: skip
        if not mine(page)["runs"]:
            bob_acts(bob, "runs", 2)
        expect(page.locator("#runs button[data-runs='2']")).to_be_visible()
        shot(page, f"betting-runs-{width}")
        page.click("#runs button[data-runs='2']")
        until(lambda: mine(page)["finished"] or asked(bob),
              "Bob asked")  # fmt: skip
        if not mine(page)["finished"]:
            bob_acts(bob, "runs", 2)
        until(lambda: mine(page)["finished"] and mine(page)["hand_number"] == 1, "deal 1 over")
        assert mine(page)["runs_dealt"] == 2
        # What the host typed outlived the deal's end (and his panel's redraw).
        expect(page.locator("#host-betting input[name=bomb_pot_every]")).to_have_value("7")
        assert any("run 1 of 2" in line for line in mine(page)["results"] + mine(page)["log"])
        shot(page, f"betting-ran-twice-{width}")
        assert not errors, errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_pre_actions(
    browser: Browser, make_server: Any, clients: list[Client], viewport: str
) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    table, _host = server.create(games=["NT"], seats=2, stack=200, turn_seconds=0)
    width = VIEWPORTS[viewport][0]
    with page_at(browser, viewport) as (page, errors):
        bob = Client(server, table)
        clients.append(bob)
        bob.sit(0, "Bob")  # seat 0: Bob has the first button and acts first before the flop
        page.goto(f"{server.base}/t/{table}")
        sit_ann(page, 1)
        # Bob to act: Ann chooses "Call any"; Bob raises to 6; her page calls by itself.
        expect(page.locator("#preactions button[data-pre=callany]")).to_be_visible(timeout=15_000)
        page.click("#preactions button[data-pre=callany]")
        expect(page.locator("#preactions button[data-pre=callany]")).to_have_attribute(
            "aria-pressed", "true"
        )
        shot(page, f"betting-preactions-{width}")
        bob_acts(bob, "raise", 6)
        until(lambda: mine(page)["street"] == "flop", "Ann called by herself")
        assert "You call 4" in mine(page)["log"], "her page called the raise by itself"
        # On the flop Ann (big blind) acts first and checks; then, Bob to act, she
        # chooses "Check" in advance; Bob bets instead and her choice clears.
        until(lambda: any(a["kind"] == "check" for a in mine(page)["legal"]), "Ann to act")
        page.click('#actions button[data-action="check"]')
        expect(page.locator("#preactions button[data-pre=exact]")).to_have_text("Check")
        page.click("#preactions button[data-pre=exact]")
        bob_acts(bob, "bet", 10)
        until(lambda: mine(page)["facing"] == 10, "Bob's bet reached Ann")
        time.sleep(0.5)
        hand = mine(page)
        assert hand["legal"] and hand["actor"] == 1, "Ann still to act: her Check cleared"
        expect(page.locator('#actions button[data-action="fold"]')).to_be_enabled()
        assert not errors, errors


def in_a_row(log: list[str], *lines: str) -> bool:
    """Whether ``lines`` come one after another in ``log`` ("": any one line)."""
    return any(
        all(want in ("", got) for want, got in zip(lines, log[k:], strict=False))
        for k in range(len(log) - len(lines) + 1)
    )


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_check_fold_and_fold_to_any_bet(
    browser: Browser, make_server: Any, clients: list[Client], viewport: str
) -> None:
    # Deal 1 at once (a random deck); deal 2 only after 30 s: deal 1 stays on the page.
    server: Server = make_server(deal_delay=30.0, bot_delay=0.0, before=stacked.before())
    table, _host = server.create(games=["NT"], seats=2, stack=200, turn_seconds=0)
    width = VIEWPORTS[viewport][0]
    with page_at(browser, viewport) as (page, errors):
        bob = Client(server, table)
        clients.append(bob)
        bob.sit(0, "Bob")  # seat 0: Bob has the first button and acts first before the flop
        page.goto(f"{server.base}/t/{table}")
        sit_ann(page, 1)
        # Bob to act: Ann chooses "Check/fold"; Bob only calls, so her page checks.
        checkfold = page.locator("#preactions button[data-pre=checkfold]")
        expect(checkfold).to_be_visible(timeout=15_000)
        checkfold.click()
        expect(checkfold).to_have_attribute("aria-pressed", "true")
        bob_acts(bob, "call")
        until(lambda: mine(page)["street"] == "flop", "Ann checked by herself")
        assert in_a_row(mine(page)["log"], "Bob calls 1", "You check"), mine(page)["log"]
        # On the flop Ann checks; then she chooses "Fold to any bet", which checks for
        # her while nobody bets (it holds for the whole deal) and folds to Bob's bet.
        until(lambda: any(a["kind"] == "check" for a in mine(page)["legal"]), "Ann to act")
        page.click('#actions button[data-action="check"]')
        foldany = page.locator("#preactions button[data-pre=foldany]")
        expect(foldany).to_be_visible()
        foldany.click()
        expect(foldany).to_have_attribute("aria-pressed", "true")
        shot(page, f"betting-foldany-{width}")
        bob_acts(bob, "check")
        until(lambda: mine(page)["street"] == "turn" and not mine(page)["legal"],
              "Ann checked the turn by herself")  # fmt: skip
        assert in_a_row(mine(page)["log"], "Bob checks", "", "You check"), mine(page)["log"]
        bob_acts(bob, "bet", 10)
        until(lambda: mine(page)["finished"], "Ann folded by herself")
        assert in_a_row(mine(page)["log"], "Bob bets 10", "You fold"), mine(page)["log"]
        assert not errors, errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_time_bank_and_muck_choice(
    browser: Browser, make_server: Any, clients: list[Client], viewport: str
) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    table, _host = server.create(games=["NT"], seats=2, stack=200, turn_seconds=2, time_bank=30)
    width = VIEWPORTS[viewport][0]
    with page_at(browser, viewport) as (page, errors):
        page.goto(f"{server.base}/t/{table}")
        sit_ann(page, 0)
        bob = Client(server, table)
        clients.append(bob)
        bob.sit(1, "Bob")
        # Ann (the first button) acts first: 2 s of turn timer, then her time bank.
        until(lambda: bool(mine(page)["legal"]), "Ann to act")
        expect(page.locator("#timersecs")).to_contain_text("time bank", timeout=5_000)
        shot(page, f"betting-timebank-{width}")
        expect(page.locator("#timersecs")).to_contain_text("time bank")  # the shot kept it
        page.click('#actions button[data-action="call"]')
        wait_until(page, "app.state.turn === null || app.state.turn.seat !== 0")
        assert 0 < page.evaluate("app.state.table.time_bank") == 30
        # Her standing choice at the showdown.
        expect(page.locator("#btn-muck")).to_have_attribute("aria-pressed", "false")
        page.click("#btn-muck")
        expect(page.locator("#btn-muck")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#btn-muck")).to_have_text("Muck losing hands: on")
        assert not errors, errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_bomb_pot_on_two_boards_is_shown(
    browser: Browser, make_server: Any, viewport: str
) -> None:
    server: Server = make_server(deal_delay=0.3, bot_delay=0.0)
    table, _host = server.create(games=["NT"], seats=3, stack=100, turn_seconds=0, bots=2,
                                 bot_kind="calling", bot_seconds=0, bomb_pot_every=1,
                                 double_board=True)  # fmt: skip
    width = VIEWPORTS[viewport][0]
    with page_at(browser, viewport) as (page, errors):
        page.goto(f"{server.base}/t/{table}")
        sit_ann(page, 0)
        # Everyone antes 4 (two big blinds); the flop comes on two boards, no betting first.
        expect(page.locator("#pot .badge")).to_have_text("Bomb pot · two boards", timeout=15_000)
        expect(page.locator("#pot .board.second .card")).to_have_count(3)
        hand = mine(page)
        assert hand["bomb_pot"] and hand["street"] == "flop" and hand["pot"] == 12
        shot(page, f"betting-bombpot-{width}")
        assert not errors, errors
