"""The store: events saved one by one, tables rebuilt from them, hands with their histories."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from straights.errors import ConfigurationError, HandHistoryError
from straights.game import Table, TableConfig
from straights.game.phh import loads_phh, replay_phh
from straights.store import Store, default_url


def play(table: Table, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if table.is_over:
            return
        if table.hand is None or table.hand.finished:
            table.start_hand()
            continue
        seat = table.actor
        assert seat is not None
        table.act(seat, rng.choice(table.legal_actions(seat)).kind)


def test_every_event_is_stored_as_it_happens_and_a_table_resumes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    store = Store(url)
    t = Table(TableConfig(seats=4, starting_stack=15), ["a", "b", "c", "d"], seed=8)
    tid = store.record(t, "test")
    seen: list[int] = []
    t.subscribe(lambda e: seen.append(store.event_count(tid)))
    play(t, random.Random(8), 80)
    # When the second listener ran, the event was already stored.
    assert seen == list(range(len(t.events) - len(seen) + 1, len(t.events) + 1))
    # "Crash": a new process opens the same database and rebuilds the table mid-deal.
    again = Store(url).load_table(tid)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in t.events]
    assert again.stacks() == t.stacks() and again.actor == t.actor
    assert again.total_chips() == t.total_chips() == 60
    if again.actor is not None:
        assert again.legal_actions(again.actor) == t.legal_actions(t.actor)  # type: ignore[arg-type]
    (record,) = store.tables()
    assert record.name == "test" and record.events == len(t.events)
    # The resumed table keeps recording where the old one stopped.
    resumed = Store(url).resume(tid, seed=1)
    play(resumed, random.Random(9), 30)
    assert len(store.events(tid)) == len(resumed.events)
    assert Store(url).load_table(tid).stacks() == resumed.stacks()


def test_finished_hands_are_saved_with_histories_that_replay() -> None:
    store = Store("sqlite://")
    t = Table(TableConfig(seats=3, starting_stack=10), ["ann", "bob", "cy"], seed=5)
    store.record(t)
    play(t, random.Random(5), 200)
    hands = store.hands(limit=1000)
    finished = sum(1 for e in t.events if e.type == "hand_ended")
    assert len(hands) == finished > 0
    assert [h.number for h in hands] == sorted((h.number for h in hands), reverse=True)
    for record in hands:
        hand = replay_phh(loads_phh(record.phh))
        assert record.pot == hand.pot and record.carried == hand.carry_out
        assert record.summary
    assert store.hand(hands[0].id) == hands[0]


def test_store_errors_are_clear(tmp_path: Path) -> None:
    store = Store("sqlite://")
    with pytest.raises(HandHistoryError, match="no hand 7"):
        store.hand(7)
    with pytest.raises(HandHistoryError, match="no table 3"):
        store.load_table(3)
    t = Table(TableConfig(seats=2), ["a", "b"], seed=1)
    tid = store.record(t)
    with pytest.raises(HandHistoryError, match="already has event 0"):
        store.append_event(tid, 0, t.events[0])
    with pytest.raises(ConfigurationError, match="cannot open the database"):
        Store("nonsense://x")


def test_default_database_lives_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'straights' / 'straights.db'}"
    assert (tmp_path / "straights").is_dir()
