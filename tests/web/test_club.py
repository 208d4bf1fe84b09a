"""A club across evenings, on a real store without a browser: tables created in the
club, its book (balances, leaderboard, settle-up between people with the house for the
bots), the ledger as CSV, an evening's hand history as PHH and PokerStars text, and a
restart that keeps it all."""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path
from typing import Any

import pytest

from straights.poker.phh import loads
from straights.store import Store
from straights.web.club_service import Clubs, NoClub
from straights.web.manager import AccessError, TableManager
from straights.web.protocol import ProtocolError, parse_settings

NT = b'{"games": ["NT"], "seats": 3, "stack": 100}'


def hold(manager: TableManager) -> None:
    """Stop the tables' drivers: the test makes every move (bots' and deals too)."""
    for live in manager.tables.values():
        if live.task is not None:
            live.task.cancel()


async def play(manager: TableManager, table: str, deals: int) -> None:
    """Deals played out: everyone calls or checks, the bots too."""
    live = manager.tables[table]
    for _ in range(deals):
        await manager.run(live, {"kind": "deal"})
        while live.table.in_hand:
            seat = live.table.game.engine.actor  # type: ignore[attr-defined]
            legal = live.table.state_for(seat, turn_left=None)["hand"]["legal"]
            kinds = [a["kind"] for a in legal]
            action = "call" if "call" in kinds else "check"
            await manager.run(live, {"kind": "act", "seat": seat, "action": action})


async def evening(db: str) -> dict[str, Any]:
    store = Store(db)
    manager = TableManager(store, bot_delay=10, deal_delay=1000)
    await manager.start()
    clubs = Clubs(manager)
    key, token = await clubs.create("Thursdays")
    with pytest.raises(AccessError):
        await clubs.create_table(key, "not-the-token", parse_settings(NT))
    with pytest.raises(NoClub):
        await clubs.info("no-such-club")
    with pytest.raises(ProtocolError):
        await clubs.create(" ")
    first, _ = await clubs.create_table(key, token, parse_settings(NT))
    hold(manager)
    live = manager.tables[first]
    for command in (
        {"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64},
        {"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64},
        {"kind": "bot", "seat": 2, "bot": "calling"},
    ):
        await manager.run(live, command)
    await play(manager, first, 3)
    await manager.run(live, {"kind": "close"})
    # A second evening: Ann and a bot (the night set by hand: the store's own word).
    second, _ = await manager.create(parse_settings(NT))
    store.add_club_table(key, manager.row_ids[second], night="2099-01-01")
    hold(manager)
    other = manager.tables[second]
    await manager.run(other, {"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    await manager.run(other, {"kind": "bot", "seat": 1, "bot": "calling"})
    await play(manager, second, 2)
    ledgers = {t: (await manager.lookup(t)).table.ledger_rows() for t in (first, second)}  # type: ignore[union-attr]
    info = await clubs.info(key)
    night = info["nights"][0]["night"]
    phhs, _ = await clubs.hands(key, token, night, "phhs")
    stars, left_out = await clubs.hands(key, token, night, "pokerstars")
    with pytest.raises(AccessError):
        await clubs.hands(key, "wrong", night, "phhs")
    text = await clubs.ledger_csv(key)
    await manager.stop()
    store.close()
    # A restart: a new server on the same database reads the same club.
    store = Store(db)
    again = TableManager(store, bot_delay=10, deal_delay=1000)
    await again.start()
    hold(again)
    restarted = await Clubs(again).info(key)
    await again.stop()
    store.close()
    return {"info": info, "ledgers": ledgers, "phhs": phhs, "stars": stars,
            "left_out": left_out, "csv": text, "restarted": restarted, "first": first}  # fmt: skip


def test_a_club_across_two_evenings(tmp_path: Path) -> None:
    got = asyncio.run(evening(f"sqlite:///{tmp_path / 'club.db'}"))
    info, ledgers = got["info"], got["ledgers"]
    first_rows, second_rows = ledgers.values()
    assert [n["night"] for n in info["nights"]][1] == "2099-01-01"
    assert info["members"] == ["Ann", "Bob"]  # people only: the bots are the house's
    # Each person's balance is the sum of his nets at the club's tables.
    by_table = {
        "Ann": [r["net"] for rows in (first_rows, second_rows) for r in rows if r["name"] == "Ann"],
        "Bob": [r["net"] for r in first_rows if r["name"] == "Bob"],
    }
    board = {r["name"]: r for r in info["leaderboard"]}
    assert {k: board[k]["balance"] for k in board} == {k: sum(v) for k, v in by_table.items()}
    assert (board["Ann"]["nights"], board["Bob"]["nights"]) == (2, 1)
    bots = sum(r["net"] for rows in ledgers.values() for r in rows if r["bot"])
    assert info["house"] == bots  # the house holds the bots' result
    # The settle-up squares every person; no bot pays or is paid.
    owed = {k: board[k]["balance"] for k in board} | {"The house": info["house"]}
    for t in info["transfers"]:
        owed[t["from"]] += t["amount"]
        owed[t["to"]] -= t["amount"]
        assert not t["from"].startswith("Bot") and not t["to"].startswith("Bot")
    assert set(owed.values()) == {0}
    # The first evening's hands: three deals, as PHH and as PokerStars text.
    hands = loads(got["phhs"])
    assert [h["hand"] for h in hands] == [1, 2, 3] and hands[0]["players"] == [
        "Bob",
        "Bot 3",
        "Ann",
    ]
    assert got["stars"].count("PokerStars Hand #") == 3 and got["left_out"] == 0
    # The ledger CSV: every table's rows (the bot funded by the house), the leaderboard.
    rows = list(csv.reader(io.StringIO(got["csv"])))
    bot_rows = [r for r in rows if len(r) == 8 and r[2].startswith("Bot")]
    assert bot_rows and all(r[7] == "house" for r in bot_rows)
    assert [
        "1",
        info["leaderboard"][0]["name"],
        str(info["leaderboard"][0]["balance"]),
    ] == rows[rows.index(["rank", "player", "balance", "nights"]) + 1][:3]
    assert got["restarted"] == info


async def club_night(db: str) -> dict[str, Any]:
    """A host and three people with a bot at a club's hold'em table with a straddle,
    run it twice and a bomb pot every third deal: run it twice agreed, then refused,
    rebuys of whoever goes broke, a sit-out and a return, the table closed."""
    store = Store(db)
    manager = TableManager(store, bot_delay=10, deal_delay=1000)
    await manager.start()
    clubs = Clubs(manager)
    key, token = await clubs.create("Fridays")
    settings = b'{"games": ["NT"], "seats": 4, "stack": 100, "straddle": "utg", "runs": 2, '
    settings += b'"bomb_pot_every": 3, "bomb_pot_ante": 5}'
    table, _ = await clubs.create_table(key, token, parse_settings(settings))
    hold(manager)
    live = manager.tables[table]
    t = live.table
    seen: dict[str, Any] = {"runs": [], "rebuys": 0, "bomb_pots": [], "straddles": []}

    async def run(command: dict[str, Any]) -> None:
        await manager.run(live, command)

    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        await run({"kind": "sit", "seat": seat, "name": name, "token_hash": name[0] * 64})
    await run({"kind": "bot", "seat": 3, "bot": "calling"})

    async def deal(shove: tuple[int, int] | None, runs: tuple[int, int] = (2, 2)) -> None:
        """One deal: seats ``shove`` go all in against each other (the others fold),
        answering ``runs`` when asked; else everyone checks or calls."""
        await run({"kind": "deal"})
        hand = t.game.engine.hand  # type: ignore[attr-defined]
        seen["bomb_pots"].append(hand.deal.bomb_pot)
        seen["straddles"].append(t.state_for(None, turn_left=None)["hand"]["straddle"])
        while t.in_hand:
            seat = t.game.engine.actor  # type: ignore[attr-defined]
            mine = t.state_for(seat, turn_left=None)["hand"]
            kinds = {a["kind"]: a for a in mine["legal"]}
            if mine["runs"]:
                await run({"kind": "act", "seat": seat, "action": "runs",
                           "to": runs[shove.index(seat)] if shove else 1})  # fmt: skip
            elif shove and seat in shove:
                big = kinds.get("raise") or kinds.get("bet")
                action = "call" if big is None else big["kind"]
                await run({"kind": "act", "seat": seat, "action": action,
                           "to": None if big is None else big["high"]})  # fmt: skip
            else:
                # In a bomb pot the flop may come to them unbet: a free check, no fold.
                action = "check" if "check" in kinds else "fold" if shove else "call"
                await run({"kind": "act", "seat": seat, "action": action})
        seen["runs"].append(hand.deal.runs)
        for seat, meta in enumerate(t.seats):
            if meta is not None and meta.bot is None and t.chips_of_player(meta.owner) == 0:
                await run({"kind": "rebuy", "seat": seat})
                seen["rebuys"] += 1

    await deal((0, 1), runs=(2, 2))  # deal 1: the straddle; Ann and Bob all in, run twice
    await deal((0, 1), runs=(2, 1))  # deal 2: run it twice refused: once
    await deal(None)  # deal 3: a bomb pot
    await run({"kind": "sitout", "seat": 2})  # Cy sits out a deal, then comes back
    await deal(None)
    seen["cy_out"] = 2 not in t.game.engine.hand.seats  # type: ignore[attr-defined]
    await run({"kind": "back", "seat": 2})
    # Ann and Bob shove until one of them has gone broke and rebought: the deck is random
    # and a shove busts the shorter stack about half the time (4 tries missed 1 run in 10).
    for _ in range(24):
        if seen["rebuys"]:
            break
        await deal((0, 1), runs=(1, 1))
    await deal(None)
    seen["cy_back"] = 2 in t.game.engine.hand.seats  # type: ignore[attr-defined]
    seen["ledger"] = t.ledger_rows()
    await run({"kind": "close"})
    seen["book"] = await clubs.info(key)
    await manager.stop()
    store.close()
    return seen


def test_a_club_night_with_the_betting_people_expect(tmp_path: Path) -> None:
    seen = asyncio.run(club_night(f"sqlite:///{tmp_path / 'night.db'}"))
    assert seen["straddles"][:2] == [3, 0]  # under the gun: after the big blind
    assert seen["runs"][:2] == [2, 1]  # agreed, then refused
    assert seen["bomb_pots"][2] and not any(seen["bomb_pots"][:2])
    assert seen["cy_out"] and seen["cy_back"]
    assert seen["rebuys"] >= 1
    book = seen["book"]
    assert [r["name"] for r in book["leaderboard"]] == sorted(
        ["Ann", "Bob", "Cy"], key=lambda n: (-next(r["net"] for r in seen["ledger"]
                                                   if r["name"] == n), n)
    )  # fmt: skip
    owed = {r["name"]: r["balance"] for r in book["leaderboard"]} | {"The house": book["house"]}
    for t in book["transfers"]:
        assert "Bot" not in t["from"] + t["to"]  # between people (and the house)
        owed[t["from"]] += t["amount"]
        owed[t["to"]] -= t["amount"]
    assert set(owed.values()) == {0}
