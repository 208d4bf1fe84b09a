"""A board run twice, in real Chromium on a phone (390×844) and a desktop (1366×768):
each seat names its shown hand on both runs ("Run 1: …", "Run 2: …"), as the results
do. The deal comes from a stacked deck (:mod:`stacked`): both all in before the flop,
the aces win run 1 and the kings make trips on run 2."""

from __future__ import annotations

from typing import Any

import pytest
import stacked
import webtools
from playwright.sync_api import Browser, expect
from webtools import Client, Server

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 768)}
#: Heads-up hold'em: one player holds the aces, the other the kings; run 1's board
#: pairs neither, run 2's turns a third king.
DECK = "{1: 'As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d'}"


def turn(players: list[Client]) -> Client:
    """The player whose turn it is (to bet or to say how many runs)."""
    for _ in range(400):
        for p in players:
            p.drain(0.02)
            hand = p.state["hand"] if p.state else {}
            if hand.get("legal") or hand.get("runs"):
                return p
    raise AssertionError("nobody's turn")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_each_seat_names_its_hand_on_both_runs(
    browser: Browser, make_server: Any, clients: list[Client], viewport: str
) -> None:
    # The first deal starts at once (stacked); 60 s before the next keeps deal 1 on the
    # page while the test reads it, however loaded the machine.
    server: Server = make_server(bot_delay=0.0, deal_delay=60.0, before=stacked.before(DECK))
    table, _host = server.create(games=["NT"], seats=2, stack=50, runs=2, turn_seconds=0)
    ann, bob = Client(server, table), Client(server, table)
    clients += [ann, bob]
    ann.sit(0, "Ann")
    bob.sit(1, "Bob")
    width, height = VIEWPORTS[viewport]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.goto(f"{server.base}/t/{table}")  # a spectator: the shown hands are public
    first = turn([ann, bob])
    first.send({"type": "act", "token": first.token, "action": "raise", "to": 50})
    second = bob if first is ann else ann
    turn([second])
    second.send({"type": "act", "token": second.token, "action": "call"})
    for _ in range(2):  # each all-in player asks for two runs
        p = turn([ann, bob])
        p.send({"type": "act", "token": p.token, "action": "runs", "to": 2})
        p.wait_for(lambda m: m["type"] == "state" and not m["hand"].get("runs"))
    try:
        # (app.state is null until the page's first state: wait for it, then deal 1's end)
        done = "app.state && app.state.hand.hand_number === 1 && app.state.hand.finished"
        webtools.wait_until(page, done)
        assert page.evaluate("app.state.hand.runs_dealt") == 2
        players = page.evaluate("app.state.hand.players")
        held = {p["seat"]: set(p["cards"]) for p in players}
        assert sorted(map(sorted, held.values())) == [["Ad", "As"], ["Kc", "Kd"]]  # shown
        a = next(seat for seat, cards in held.items() if "As" in cards)
        aces, kings = (page.locator(f'.seat[data-seat="{s}"] .shown.run') for s in (a, 1 - a))
        expect(aces).to_have_text(["Run 1: Pair of aces", "Run 2: Pair of aces"])
        expect(kings).to_have_text(["Run 1: Pair of kings", "Run 2: Three of a kind, kings"])
        for seat in (aces, kings):
            for k in range(2):
                box = seat.nth(k).bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        webtools.shot(page, f"run-twice-names-{viewport}")
        # The replayer's last step names them so too.
        page.click("#btn-history")
        page.click("#hist-last")
        expect(page.locator("#hist-step")).to_contain_text("step")
        expect(aces).to_have_text(["Run 1: Pair of aces", "Run 2: Pair of aces"])
        expect(kings).to_have_text(["Run 1: Pair of kings", "Run 2: Three of a kind, kings"])
    finally:
        ctx.close()
