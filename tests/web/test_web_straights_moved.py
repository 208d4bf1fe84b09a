"""Web Straights tables stored by earlier releases (settings editions 1 to 4, dealt on
Straights' own table) open, replay exactly through the translator and play on at the
one table (issue 19): the move is stored once, as a ``one table`` command.

The fixtures: ``first_release.db`` (0.1.0's two web tables, edition 1),
``web_release.db`` (the three-stack server's Straights table, edition 2) and
``web_straights_release.db`` (editions 3 and 4, written by
``tests/fixtures/make_web_straights_db.py`` on the code that dealt them; its JSON file
holds what that code showed last).
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from recorded_table import replay_stored

from straights.bots import make_bot
from straights.cards import make_deck
from straights.errors import HandHistoryError, IllegalActionError
from straights.store import Store, TableRecord
from straights.web.keyed_random import deal_random
from straights.web.manager import TableManager
from straights.web.protocol import TableSettings
from straights.web.straights_move import MOVE, StraightsReplay
from straights.web.tables import WebTable, make_table

FIXTURES = Path(__file__).parents[1] / "fixtures"
LAST: dict[str, Any] = json.loads((FIXTURES / "web_straights_release.json").read_text("utf-8"))

#: (database, table key, commands stored, its Straights, the chips at the table),
#: read off the fixtures with sqlite3.
STORED = [
    ("first_release.db", "webtable1", 53, "_STR55L", 180),
    ("first_release.db", "webtable2", 28, "_STR55L", 180),
    ("web_release.db", "straights", 263, "_STR55N", 180),
    ("web_straights_release.db", "edition3", 145, "_STR52L", 133),
    ("web_straights_release.db", "edition4", 102, "_STR55N", 120),
]


def opened(tmp_path: Path, db: str, key: str) -> tuple[Store, TableRecord]:
    path = tmp_path / db
    if not path.exists():
        shutil.copy(FIXTURES / db, path)
    store = Store(str(path))
    row = next(r for r in store.tables(kind="web") if r.key == key)
    return store, row


def rebuilt(store: Store, row: TableRecord) -> WebTable:
    return TableManager(store)._rebuild(row)


def moves(store: Store, row: TableRecord) -> list[int]:
    return [e.seq for e in store.log(row.id) if e.command == MOVE]


def step(table: WebTable, rng: random.Random) -> dict[str, Any]:
    """The table's next command as the server makes it: bots decide on their views, a
    person times out (nobody is connected); sat-out players come back."""
    for seat, meta in enumerate(table.seats):
        if meta is not None and meta.sat_out and not table.in_hand:
            return {"kind": "back", "seat": seat}
    plan = table.next_auto(connected=set(), idle=1e9, bot_delay=0, deal_delay=0)
    assert plan is not None, "the table stopped"
    if plan.bot_seat is None:
        assert plan.command is not None
        return plan.command
    meta = table.seats[plan.bot_seat]
    assert meta is not None and meta.bot is not None
    return table.game.bot_move(plan.bot_seat, partial(make_bot, meta.bot, rng))()


def play_on(store: Store, row: TableRecord, table: WebTable, deals: int) -> None:
    """Play until ``deals`` more deals have ended, storing each command as the server
    does (with its events and archive entry); chips balance the ledger at every step."""
    rng = random.Random(row.id)
    target = table.hand_number + deals - (1 if table.in_hand else 0)
    for _ in range(2000):
        if table.hand_number >= target and not table.in_hand:
            return
        command = step(table, rng)
        events = table.apply(command)
        store.append(row.id, table.seq, command, events, table.game.archive_entry(events))
        assert table.chips() + table.house == table.bank()
    raise AssertionError("the deals did not end")


@pytest.mark.parametrize(("db", "key", "commands", "code", "chips"), STORED)
def test_a_stored_table_replays_moves_once_and_plays_on(
    tmp_path: Path, db: str, key: str, commands: int, code: str, chips: int
) -> None:
    store, row = opened(tmp_path, db, key)
    assert len(store.log(row.id)) == commands and not moves(store, row)
    assert replay_stored(store, row.id).difference is None  # the translator agrees
    archived = len(store.hands(table_id=row.id, limit=1000))
    table = rebuilt(store, row)  # every command checked against its stored events
    assert type(table.game).__name__ == "PokerWebGame"
    assert table.hud.hands == archived  # the replay told the HUD every old deal it finished
    assert table.settings.games == (code,) and table.settings.edition == row.settings.get(
        "edition", 1
    )
    assert moves(store, row) == [commands + 1] and table.seq == commands + 1
    assert table.chips() == table.bank() == chips  # no chip made or lost by the move
    number, playing = table.hand_number, table.in_hand
    play_on(store, row, table, 2)  # the deal in play (if any) ends, new ones are dealt
    assert table.hand_number == number + (1 if playing else 2) and not table.in_hand
    # the new deals are archived in the catalogue's code, the old ones stay as stored
    games = [h.game for h in store.hands(table_id=row.id, limit=1000)]
    assert len(games) >= archived + 1 and set(games[: len(games) - archived]) == {code}
    # reopened: the move replays as stored (not stored again), the one table's commands after it
    again = rebuilt(store, row)
    assert moves(store, row) == [commands + 1]
    for seat in (None, 0, 1, 2):
        assert again.state_for(seat, turn_left=None) == table.state_for(seat, turn_left=None)
    assert again.ledger_rows() == table.ledger_rows() and again.chips() == chips


@pytest.mark.parametrize("key", ["edition3", "edition4"])
def test_the_moved_table_goes_on_where_the_old_log_left_off(tmp_path: Path, key: str) -> None:
    """Seats, stacks, button, carried pot, the deal in play and the ledger are those the
    earlier release showed last (``web_straights_release.json``)."""
    store, row = opened(tmp_path, "web_straights_release.db", key)
    table = rebuilt(store, row)
    last = LAST[key]
    seats = table.game.engine  # type: ignore[attr-defined]
    chips = [None if m is None else table.game.stack_of(s, m) for s, m in enumerate(table.seats)]
    assert chips == last["seat_chips"]
    assert {str(s): c for s, c in sorted(seats.live_stacks().items())} == last["stacks"]
    assert (table.hand_number, table.in_hand, seats.carry) == (
        last["hand_number"], last["in_hand"], last["carry"])  # fmt: skip
    assert table.ledger_rows() == last["ledger"]
    assert table.chips() == last["chips"] and table.bank() == last["bank"]
    hand = seats.hand
    assert hand is not None and hand.button == last["button"]
    if last["in_hand"]:
        assert hand.deal.pot == last["pot"] and hand.actor == last["actor"]
    else:  # the next deal's button is the next seat round the table
        play_on(store, row, table, 1)
        ready = [s for s, c in enumerate(last["seat_chips"]) if c]
        after = next((s for s in ready if s > last["button"]), ready[0])
        assert seats.hand.button == after


def test_the_one_table_shuffles_on_from_where_the_earlier_table_left_off(
    tmp_path: Path,
) -> None:
    """The earlier table drew its shuffles from the table's keyed generator: one for the
    dealer draw, then one per deal; the first deal after the move is the next shuffle
    of that stream, never a deck (or the draw's pack) dealt again."""
    store, row = opened(tmp_path, "web_straights_release.db", "edition3")
    table = rebuilt(store, row)
    assert row.seed is not None and not table.in_hand and table.hand_number == 8
    rng, pack = deal_random(row.seed), make_deck("standard")  # 52 cards
    rng.shuffle(list(pack.cards))  # the dealer draw's pack
    earlier = [tuple(pack.shuffled(rng)) for _ in range(8)]
    play_on(store, row, table, 1)
    dealt = table.game.engine.hand.deck  # type: ignore[attr-defined]
    assert dealt == tuple(pack.shuffled(rng)) and dealt not in earlier


def test_old_deals_stay_in_the_replayer_and_the_deal_in_play_finishes(tmp_path: Path) -> None:
    store, row = opened(tmp_path, "web_straights_release.db", "edition4")
    table = rebuilt(store, row)
    number = table.hand_number
    assert table.in_hand
    old = table.history_for(0, number - 1)  # a deal the earlier table dealt
    texts = [e["text"] for e in old["events"]]
    assert texts[0].startswith(f"Deal {number - 1}: Straights, No Limit, 55 cards; You get ")
    assert old["frames"][-1]["finished"] and old["you"] == 0
    play_on(store, row, table, 1)  # the deal in play at the move ends at the one table
    moved = table.history_for(None, number)
    assert moved["frames"][-1]["finished"]
    assert sum(p["stack"] for p in moved["frames"][-1]["players"]) + moved["frames"][-1][
        "pot"
    ] == sum(table.game.hands[number].deal.starting_stacks)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match=r"is not available"):
        table.history_for(None, number + 5)


def test_a_carried_pot_moves_with_the_table() -> None:
    stored = TableSettings(seats=3, edition=2, stack=20)  # no games: Straights' own table
    table = make_table("c1", stored, 5, "h" * 64)
    hook = StraightsReplay.attach(table, stored)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    table.apply({"kind": "bot", "seat": 2, "bot": "calling"})
    table.apply({"kind": "deal"})
    for _ in range(50):
        if not table.in_hand:
            break
        seat = hook.engine.actor
        assert seat is not None
        live = hook.engine.legacy.live
        assert live is not None
        kinds = {c.kind for c in live.deal.legal_actions()}
        table.apply(
            {"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"}
        )
    assert not table.in_hand
    engine = hook.engine
    button, stacks = engine.button, engine.live_stacks()
    for seat in stacks:  # as rule 10 leaves it: a chip of each in the middle
        player = engine.seats[seat]
        assert player is not None
        player.stack -= 1
    engine.carry = len(stacks)
    chips = table.chips()
    hook.move()
    seats = table.game.engine  # type: ignore[attr-defined]
    assert table.chips() == chips == 60 and seats.carry == 3 and seats.button == button
    table.apply({"kind": "deal"})
    deal = seats.hand.deal
    assert deal.carry_in == 3 and seats.hand.button == (button + 1) % 3  # every seat has chips
    assert table.chips() == 60


def test_a_closed_table_opens_moved_without_storing_the_move(tmp_path: Path) -> None:
    store, row = opened(tmp_path, "web_straights_release.db", "edition3")
    store.finish_table(row.id)
    row = next(r for r in store.tables(kind="web") if r.key == "edition3")
    table = rebuilt(store, row)
    assert type(table.game).__name__ == "PokerWebGame" and not moves(store, row)
    assert table.history_for(0, 1)["frames"][-1]["finished"]


def test_a_log_that_no_longer_replays_is_refused(tmp_path: Path) -> None:
    store, row = opened(tmp_path, "web_straights_release.db", "edition4")
    act = next(e for e in store.log(row.id) if e.command.get("kind") == "act")
    store.close()
    planted = [dict(act.events[0], amount=act.events[0]["amount"] + 1), *act.events[1:]]
    with sqlite3.connect(tmp_path / "web_straights_release.db") as conn:  # one stored event
        conn.execute("UPDATE commands SET events = ? WHERE table_id = ? AND seq = ?",
                     (json.dumps(planted), row.id, act.seq))  # fmt: skip
    store, row = opened(tmp_path, "web_straights_release.db", "edition4")
    with pytest.raises(HandHistoryError, match=f"command {act.seq} no longer replays"):
        rebuilt(store, row)
    assert not moves(store, row)  # nothing stored
