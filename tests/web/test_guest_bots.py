"""Bots a guest adds wait for the host's approval like any buy-in, and a removed player
stays out until the host lets her back: on the one table, for every game (issue 21)."""

from __future__ import annotations

from typing import Any

import pytest

from straights.web.protocol import TableSettings
from straights.web.tables import WebTable, make_table

#: One table of each kind of game hook (Straights, the catalogue, Pai Gow).
GAMES = {
    "straights": {},
    "holdem": {"games": ("NT",)},
    "pai-gow": {"game": "pai-gow"},
}


def _table(kind: str) -> WebTable:
    table = make_table("tbl1", TableSettings(seats=4, stack=100, **GAMES[kind]), 5, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64})
    return table


def _row(table: WebTable, name: str) -> dict[str, Any]:
    return next(r for r in table.ledger_rows() if r["name"] == name)


@pytest.mark.parametrize("kind", GAMES)
def test_a_guests_bot_plays_only_once_the_host_approves_its_buy_in(kind: str) -> None:
    table = _table(kind)
    table.apply({"kind": "bot", "seat": 2, "bot": "calling", "guest": True})
    bot = _row(table, "Bot 3")
    # Nothing entered the ledger: 200 chips are Ann's and Bob's, the bot's 100 wait.
    assert (bot["bought"], bot["stack"], bot["pending"]) == (0, 0, 100)
    assert table.bank() == table.chips() == 200
    assert table.transfers() == []  # everyone square: the bot's chips are nowhere
    assert table.public_state()["seats"][2]["status"] == "buy-in waits for the host"
    table.apply({"kind": "deal"})
    assert 2 not in table.owners[1]  # not dealt in while its buy-in waits
    assert table.seats[2] is not None  # (and still seated, Pai Gow's broke bots aside)
    table.apply({"kind": "answer", "player": bot["player"], "accept": True})
    bot = _row(table, "Bot 3")
    assert (bot["bought"], bot["pending"]) == (100, 0)
    assert table.bank() == table.chips() + table.house == 300


@pytest.mark.parametrize("kind", GAMES)
def test_a_refused_bot_leaves_with_nothing_in_the_ledger(kind: str) -> None:
    table = _table(kind)
    table.apply({"kind": "bot", "seat": 3, "bot": "calling", "guest": True})
    player = _row(table, "Bot 4")["player"]
    table.apply({"kind": "answer", "player": player, "accept": False})
    assert table.seats[3] is None
    assert (_row(table, "Bot 4")["bought"], _row(table, "Bot 4")["cashed"]) == (0, 0)
    assert table.bank() == table.chips() == 200
    # The host's own bots (no "guest") buy in at once, as they always did.
    table.apply({"kind": "bot", "seat": 3, "bot": "calling"})
    assert table.bank() == 300 and table.seats[3] is not None


@pytest.mark.parametrize("kind", GAMES)
def test_the_table_knows_whom_the_host_removed_until_he_lets_her_back(kind: str) -> None:
    table = _table(kind)
    ann = _row(table, "Ann")["player"]
    table.apply({"kind": "unseat", "seat": 0, "why": "removed", "player": ann})
    assert table.seats[0] is None and table.removed == {ann}
    table.apply({"kind": "readmit", "player": ann})
    assert table.removed == set()
