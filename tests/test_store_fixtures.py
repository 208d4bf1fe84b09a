"""Ring and Pai Gow tables stored by the release before the one table (three stacks)
open and replay exactly on today's code.

``tests/fixtures/ring_release.db`` was written by that release's own code
(``tests/fixtures/make_ring_db.py``, which printed the stacks expected here).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from straights.poker.phh import loads, replay
from straights.poker.view import Move
from straights.store import Store
from straights.store.table import StoredTable

FIXTURE = Path(__file__).parent / "fixtures" / "ring_release.db"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    path = tmp_path / "ring.db"
    shutil.copy(FIXTURE, path)
    return Store(str(path))


def test_a_razz_table_stopped_mid_deal_replays_and_plays_on(store: Store) -> None:
    ring = StoredTable.load(store, 1)  # every stored command's events are checked
    table = ring.table
    assert (table.stacks, table.carry, table.deals) == ([44, 12, 64], 0, 7)
    deal = ring.deal
    assert deal is not None and not deal.finished and deal.variant.code == "FR"
    while not deal.finished:
        kinds = {a.kind for a in deal.legal_actions()}
        ring.play(Move("check" if "check" in kinds else "fold"))
    assert table.deals == 8 and sum(table.stacks) + table.carry == 120
    again = StoredTable.load(store, 1)
    assert again.table.stacks == table.stacks and again.table.button == table.button


def test_a_dealers_choice_table_with_straights_replays(store: Store) -> None:
    ring = StoredTable.load(store, 2)
    assert (ring.table.stacks, ring.table.carry, ring.table.deals) == ([47, 41, 32], 0, 12)
    games = [h.game for h in reversed(store.hands(limit=100)) if h.table_id == 2]
    assert games == ["_STR55L", "FR", "NT"] * 4


def test_a_pai_gow_table_waiting_for_a_setting_replays(store: Store) -> None:
    stored = StoredTable.load(store, 3)
    table = stored.table
    # (the three-stack release counted deals started, six; the one table counts those
    # finished, five: the sixth waits for seat 2)
    assert (table.stacks, table.house, table.deals) == ([70, 93], 37, 5)
    assert stored.deal is not None and stored.deal.waiting == [2]
    stored.act({"kind": "house", "seat": 2})
    assert table.deals == 6 and sum(table.stacks) + table.house == 200


def test_every_archived_poker_deal_replays_from_its_history(store: Store) -> None:
    hands = [h for h in store.hands(limit=100) if h.game != "_PAIGOW"]
    assert len(hands) == 7 + 12
    for hand in hands:
        (history,) = loads(hand.phh)
        replayed = replay(history)
        assert replayed.deal.finished
        if "finishing_stacks" in history:
            assert replayed.finishing_stacks == history["finishing_stacks"]
