"""The web table's heads-up display without a server: counted once per deal from the
table's own poker deals, equal to ``straights history stats`` on the table's
downloaded hands, shown only when the host says, and telling no hidden card."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from straights.bots import make_bot
from straights.history_stats import count_files
from straights.store.archive import PokerEntry
from straights.web.hud import Hud, public_phhs
from straights.web.manager import make_table
from straights.web.protocol import ShowHud, TableSettings, parse_client_message, parse_settings
from straights.web.tables import WebTable

HUMAN = "a" * 64


def seated(**settings: Any) -> WebTable:
    """Ann (a person) in seat 0, bots in seats 1 to 3."""
    raw = json.dumps({"auto_limit": 10**6} | settings).encode()
    t = make_table("tbl1", parse_settings(raw), 4242, "h" * 64)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": HUMAN})
    for seat, kind in ((1, "calling"), (2, "random"), (3, "random")):
        t.apply({"kind": "bot", "seat": seat, "bot": kind})
    return t


def play(t: WebTable, deals: int, seed: int = 1) -> list[str]:
    """Play ``deals`` deals (random moves for everyone); the archived PHH of each."""
    rng = random.Random(seed)
    archived: list[str] = []
    while len(archived) < deals:
        plan = t.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
        if plan is None:  # someone is broke: he buys in again
            broke = [s for s, m in enumerate(t.seats) if m and not t.game.has_chips(s, m)]
            assert broke, "the table stopped"
            t.apply({"kind": "rebuy", "seat": broke[0]})
            continue
        command = plan.command
        if command is None or command["kind"] == "act":
            seat = t.game.engine.actor  # type: ignore[attr-defined]
            bot = make_bot("random", rng)
            command = t.game.move_command(seat, bot.decide(t.game.bot_view(seat)))  # type: ignore[attr-defined]
        entry = t.game.archive_entry(t.apply(command))
        if entry is not None:
            archived.append(entry.row(1)["phh"])
    return archived


def test_the_display_equals_history_stats_on_the_downloaded_hands(tmp_path: Path) -> None:
    games = ["holdem", "omaha-hi-lo", "stud", "draw", "razz", "badugi", "straights"]
    t = seated(dealers_choice=True, games=games, stack=400)
    texts = play(t, 40)
    assert t.hud.hands == 40 == t.hand_number  # every deal counted once
    path = tmp_path / "table.phhs"
    path.write_text(public_phhs(texts), encoding="utf-8")
    cli = count_files([str(path)])
    assert cli.errors == [] and cli.hands == 40
    assert {r["player"]: r for r in cli.rows()} == t.hud.rows
    assert len({re.search(r'variant = "([^"]+)"', text)[1] for text in texts}) == 7  # type: ignore[index]
    # Ann was dealt into every deal; a player's hands are the deals naming him.
    assert t.hud.rows["Ann"]["hands"] == 40
    for name, row in t.hud.rows.items():
        assert row["hands"] == sum(f'"{name}"' in text for text in texts)


def test_shown_only_when_the_host_switches_it_on() -> None:
    t = seated(games=["holdem"], stack=400)
    texts = play(t, 3)
    assert "hud" not in t.public_state() and "hud" not in t.state_for(0, turn_left=None)
    t.apply({"kind": "hud", "on": True})
    hud = t.state_for(None, turn_left=None)["hud"]
    assert hud["hands"] == 3 and hud["brief"] == ["vpip", "pfr", "three_bet", "af"]
    assert hud["seats"][0]["player"] == "Ann" and hud["seats"][0]["hands"] == 3
    for meta, row in zip(t.seats, hud["seats"], strict=True):
        if meta is None:
            assert row is None  # an empty seat shows nothing
        else:
            assert row["player"] == meta.name
            assert row["hands"] == sum(f'"{meta.name}"' in text for text in texts)
    t.apply({"kind": "hud", "on": False})
    assert "hud" not in t.state_for(None, turn_left=None)


def test_the_host_message() -> None:
    msg = parse_client_message(json.dumps({"type": "hud", "token": "x" * 43, "on": True}))
    assert isinstance(msg, ShowHud) and msg.on


def test_games_without_betting_rounds_are_not_counted() -> None:
    hud = Hud()
    assert not hud.note(None)
    t = make_table("s", TableSettings(game="pai-gow", edition=3), 7, "h" * 64)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": HUMAN})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    t.apply({"kind": "deal"})
    assert t.hud.hands == 0


def test_the_download_hides_every_card_not_shown() -> None:
    t = seated(games=["holdem"], stack=400)
    texts = play(t, 15, seed=3)
    hidden = shown = 0
    for raw, public in zip(texts, public_phhs(texts).split("\n[")[0:], strict=True):
        shows = set(re.findall(r'"(p\d+) sm ', raw))
        for player, cards in re.findall(r'"d dh (p\d+) (\S+?)"', public):
            if player in shows:
                shown += 1
                assert "?" not in cards and f"d dh {player} {cards}" in raw
            else:
                hidden += 1
                assert cards == "????"
    assert hidden and shown  # both cases met in these deals


def test_one_entry_is_counted_not_replayed() -> None:
    """The display reads the ending deal's log: no PHH replay, no earlier deal."""
    t = seated(games=["holdem"], stack=400)
    play(t, 2)
    assert isinstance(t.game.archive_entry([{"type": "deal_ended"}]), PokerEntry)
    before = dict(t.hud.rows)
    t.hud.note(None)
    assert t.hud.rows == before


def test_over_a_server_the_host_switches_it_and_the_players_download_the_hands(
    make_server: Any, clients: list[Any], tmp_path: Path
) -> None:
    from webtools import Client, Server

    server: Server = make_server(deal_delay=0.3)
    table, host_token = server.create(games=["holdem"], bots=2, bot_seconds=0, turn_seconds=0)
    ann, eve = Client(server, table, host_token), Client(server, table)
    clients.extend([ann, eve])
    ann.sit(0, "Ann")
    paused = False
    while True:  # Ann checks or calls; after the first deal the host pauses the table
        state = ann.wait_for(lambda m: m["type"] == "state")
        over = bool(state["hand"]["hand_number"] and state["hand"]["finished"])
        if over and state["ledger"]["paused"]:
            break
        if over and not paused:
            ann.send({"type": "pause", "token": host_token, "on": True})
            paused = True
        kinds = [a["kind"] for a in state["hand"]["legal"]]
        if kinds:
            action = next(k for k in ("check", "call", "fold") if k in kinds)
            ann.send({"type": "act", "token": ann.token, "action": action})
    deals = state["hand"]["hand_number"]
    eve.send({"type": "hud", "token": "x" * 43, "on": True})  # a spectator may not
    assert eve.wait_for(lambda m: m["type"] == "error")["code"] in ("forbidden", "stale_token")
    ann.send({"type": "hud", "token": host_token, "on": True})
    hud = eve.wait_for(lambda m: m["type"] == "state" and "hud" in m)["hud"]
    assert hud["hands"] == deals and hud["seats"][0]["player"] == "Ann"

    def download(token: str | None) -> tuple[int, str]:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        req = urllib.request.Request(
            f"{server.base}/api/tables/{table}/hands.phhs", headers=headers
        )
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return r.status, r.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8")

    assert download(None)[0] == 403 and download("y" * 43)[0] == 403
    status, text = download(ann.token)
    assert status == 200 and text.startswith("[1]\n")
    path = tmp_path / "hands.phhs"
    path.write_text(text, encoding="utf-8")
    stats = count_files([str(path)])
    assert stats.hands == deals and stats.errors == []
    rows = {r["player"]: r for r in stats.rows()}
    assert [rows[s["player"]] for s in hud["seats"] if s] == [s for s in hud["seats"] if s]
