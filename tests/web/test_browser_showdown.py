"""Issue 22's showdown, side pots and draws at the web table, in real Chromium on a
phone (390×844) and a desktop (1366×768), each deal from a stacked deck
(:mod:`stacked`) so the case comes at once: a draw's replacements reach the player as
soon as he drew, while the other still thinks; a pot keeps its name from the deal to
the result; tens are written 10 in razz and 2-7 hands; the kicker is named when three
players hold the same three of a kind; a short stack's call is said "all-in" in
hold'em, stud and draw.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
import stacked
import webtools
from playwright.sync_api import Browser, Page, expect
from test_browser_variants import VIEWPORTS, Human, finished, open_table

pytestmark = pytest.mark.browser

SIZES = pytest.mark.parametrize("viewport", list(VIEWPORTS))


#: The tables of this module, each a test's by its name: its stacked deals (by deal
#: number), the chips some seats start with, and the seconds between deals — 30 where
#: the test reads a finished deal, so the page still shows it (the first deal starts
#: at once). One server deals them all.
TABLES: dict[str, dict[str, Any]] = {
    # Heads-up five-card draw played to deal 2, which follows at once.
    "draw": {"pause": 0.3},
    # Hold'em, Ann on the button (seat 0) and three bots: seat 1 (20 chips), seat 2 (50)
    # and seat 3 (200). Ann's aces beat every hand, so each other hand is killed and the
    # two pots of the betting go to her together.
    "side pots": {
        "decks": {1: "2c 7d Qs Qh Kh Kd As Ad 3s 4h 9c Jd 5c 2h 8h 6c"},
        "stacks": {1: 20, 2: 50},
        "pause": 30.0,
    },
    # Razz heads-up: each player's low is ten-nine-five-four-three (burns between streets).
    "razz": {"decks": {1: "Th 9c 5d Td 9s 5h Kh 4s 4c Kd 3h 3d Jh Kc Ks Jd Qd Qh"}, "pause": 30.0},
    # 2-7 triple draw heads-up, both standing pat on ten-nine-five-four-three.
    "deuce": {"decks": {1: "Th 9c 5d 4s 3h Td 9s 5h 4c 3d"}, "pause": 30.0},
    # Hold'em, three players: trip deuces on the board; the ace kicker wins.
    "kicker": {"decks": {1: "Ah Kd Qs Js 9c 4h 5d 2c 2d 2h 6s 7s 3c 8c"}, "pause": 30.0},
    # Seat 1's bot starts with 2 chips: calling the first bet puts them all in.
    "short stack": {"stacks": {1: 2}, "pause": 30.0},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webtools.Server]:
    """One server for the module's tests, each at tables of its own name (``TABLES``)."""
    tmp = tmp_path_factory.mktemp("showdown")
    s = webtools.Server(
        f"sqlite:///{tmp / 'web.db'}", bot_delay=0.0, before=stacked.tables_before(TABLES)
    )
    s.log = tmp / "server.log"
    s.start()
    yield s
    s.stop()


def table(
    browser: Browser, server: webtools.Server, viewport: str, name: str, game: str, *,
    seats: int = 2, bot_seconds: str = "0",
) -> tuple[Any, Page]:  # fmt: skip
    """A table of ``game`` named ``name`` (its deals as ``TABLES[name]``), Ann and
    ``seats - 1`` calling bots."""
    assert name in TABLES
    return open_table(
        browser, server, viewport, game=game, name=name, seats=str(seats), bots=str(seats - 1),
        bot_seconds=bot_seconds, stack="200",
    )  # fmt: skip


def deal(st: dict[str, Any], number: int) -> bool:
    return bool(st["hand"]["hand_number"] >= number)


@SIZES
def test_draw_replacements_arrive_as_the_player_draws(
    browser: Browser, server: webtools.Server, viewport: str
) -> None:
    # Heads-up five-card draw: at deal 2 the bot holds the button, so Ann draws first.
    ctx, page = table(browser, server, viewport, "draw", "_F5CD", bot_seconds="2.5")
    try:
        ann = Human(page, discard=0)
        # Deal 1 only leads to deal 2: Ann folds it at once (the bot thinks 2.5 s a move,
        # so Ann has no turn at deal 2 for 2.5 s: this fold is deal 1's).
        fold = "#actions button[data-action=fold]:not([disabled])"
        in_deal_1 = f"app.state.hand.hand_number === 1 && !!document.querySelector({fold!r})"
        deadline = time.monotonic() + 60
        while not deal(page.evaluate("app.state"), 2):
            assert time.monotonic() < deadline, "deal 2 never came"
            if page.evaluate(in_deal_1):
                page.click(fold)
            page.wait_for_timeout(60)
        ann.play_until(lambda st: deal(st, 2) and not finished(st))
        st = ann.play_until(lambda st: bool(st["hand"].get("card_choice")), timeout=60)
        assert st["hand"]["hole"] and len(st["hand"]["hole"]) == 5
        thrown = st["hand"]["hole"][:2]
        cards = page.locator("#myhand .card")
        cards.nth(0).click()
        cards.nth(1).click()
        page.locator("#actions button[data-action=discard]").click()
        # The bot thinks 2.5 s before it draws: Ann holds five cards again meanwhile.
        gone = " && ".join(f"!app.state.hand.hole.includes({c!r})" for c in thrown)
        webtools.wait_until(
            page,
            f"app.state.hand.phase === 'draw' && app.state.hand.hole.length === 5 && {gone}",
            2.0,
        )
        h = page.evaluate("app.state.hand")
        assert h["phase"] == "draw" and h["actor"] != page.evaluate("app.state.you.seat")
        assert not set(thrown) & set(h["hole"]), "the thrown cards were replaced"
        expect(page.locator("#myhand .card")).to_have_count(5)
        bot = next(p for p in h["players"] if p["seat"] != page.evaluate("app.state.you.seat"))
        assert bot["cards"] == [None] * 5, "the bot's cards stay face down"
        assert "draws 2" in page.locator(".seat.me").inner_text()
        webtools.shot(page, f"showdown-draw-{viewport}")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


@SIZES
def test_a_side_pot_has_one_name_during_the_deal_and_in_the_result(
    browser: Browser, server: webtools.Server, viewport: str
) -> None:
    ctx, page = table(browser, server, viewport, "side pots", "NT", seats=4, bot_seconds="0.5")
    try:
        seen: dict[str, int] = {}
        deadline = time.monotonic() + 60
        raised, done = False, -1
        while not finished(st := page.evaluate("app.state")):
            assert time.monotonic() < deadline, st["hand"]["log"]
            for line in page.locator("#pot .side").all_inner_texts():
                if m := re.match(r"(Main pot|Side pot \d+): (\d+) ", line):
                    seen[m[1]] = int(m[2])
            # What Ann may do, from the state read once (the page's buttons, read one by
            # one while a bot acts, once had her call where she should raise); one
            # action per table version.
            legal = {a["kind"] for a in st["hand"].get("legal") or []}
            if st["version"] > done and legal:
                if not raised and "raise" in legal:
                    page.fill("#actions .amount input[type=number]", "50")
                    button = page.locator("#actions button[data-action=raise]")
                    expect(button).to_have_text("Raise to 50")
                    button.click()
                    raised = True
                else:
                    kind = "check" if "check" in legal else "call"
                    page.click(f"#actions button[data-action={kind}]")
                done = st["version"]
            page.wait_for_timeout(80)
        assert "You raise to 50" in page.evaluate("app.state.hand.log")
        # After the preflop all-ins: 4 × 20 in the main pot, 3 × 30 in side pot 1.
        assert seen == {"Main pot": 80, "Side pot 1": 90}, seen
        results = page.locator("#verdict .result").all_inner_texts()
        assert results, "the result is told"
        for line in results:
            label = line.split(" of ", 1)[0]
            named = re.findall(r"Main pot|[Ss]ide pots? ([\d, and]+)", label)
            assert named, f"{line!r}: not a pot named during the deal ({seen})"
        assert results == ["Main pot and side pot 1 of 170 to Ann with Pair of aces"], results
        webtools.shot(page, f"showdown-side-pots-{viewport}")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


@SIZES
@pytest.mark.parametrize(("game", "name"), [("FR", "razz"), ("F2L3D", "deuce")])
def test_a_ten_is_written_10_in_razz_and_deuce_to_seven(
    browser: Browser, server: webtools.Server, viewport: str, game: str, name: str
) -> None:
    ctx, page = table(browser, server, viewport, name, game)
    try:
        Human(page, discard=0).play_until(finished)
        verdict = page.locator("#verdict").inner_text()
        assert "(10-9-5-4-3)" in verdict, verdict
        shown = page.locator(".seat .shown").all_inner_texts()
        assert len(shown) == 2 and all("(10-9-5-4-3)" in s for s in shown), shown
        text = page.locator("body").inner_text()
        assert not re.search(r"\bT-|\(T\b|-T\b", text), "a ten written T"
        webtools.shot(page, f"showdown-tens-{game}-{viewport}")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


@SIZES
def test_the_kicker_is_named_when_three_players_hold_the_same_trips(
    browser: Browser, server: webtools.Server, viewport: str
) -> None:
    ctx, page = table(browser, server, viewport, "kicker", "NT", seats=3)
    try:
        Human(page).play_until(finished)
        shown = page.locator(".seat .shown").all_inner_texts()
        assert len(shown) == 3 and all("Three of a kind, twos" in s for s in shown), shown
        results = page.locator("#verdict .result").all_inner_texts()
        assert len(results) == 1 and results[0].endswith(
            "with Three of a kind, twos (ace kicker)"
        ), results
        webtools.shot(page, f"showdown-kicker-{viewport}")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


@SIZES
@pytest.mark.parametrize("game", ["NT", "F7S", "_F5CD"])
def test_a_short_stack_that_calls_is_said_all_in(
    browser: Browser, server: webtools.Server, viewport: str, game: str
) -> None:
    # Seat 1's bot starts with 2 chips: calling the first bet puts them all in.
    ctx, page = table(browser, server, viewport, "short stack", game, seats=3, bot_seconds="0.6")
    try:
        ann, said = Human(page, discard=0), []

        def all_in(st: dict[str, Any]) -> bool:
            last = page.locator('.seat[data-seat="1"] .last')
            if last.count() and not st["hand"]["finished"]:
                said.append(last.inner_text())
            return bool(said and "all-in" in said[-1]) or finished(st)

        st = ann.play_until(all_in, timeout=60)
        assert not finished(st), f"the deal ended and seat 1 never said all-in: {said}"
        # The words are whole on the seat, not cut off by its width.
        clipped = page.evaluate(
            """(() => { const e = document.querySelector('.seat[data-seat="1"] .last');
            return e.scrollWidth > e.clientWidth + 1; })()"""
        )
        assert not clipped, f"seat 1's words are cut off: {said[-1]!r}"
        players = page.evaluate("app.state.hand.players")
        assert next(p for p in players if p["seat"] == 1)["stack"] == 0, said
        webtools.shot(page, f"showdown-all-in-{game}-{viewport}")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()
