"""Straights tables of earlier releases replay exactly through the one engine
(:mod:`straights.store.legacy_straights`), with Straights' own table as the oracle.

* every Straights log and ``STR`` history of the fixtures of earlier releases
  replays to the very events stored with it;
* random tables of Straights' own table (bots, both packs, Limit and No Limit, the
  house's penalties, players sitting, standing and going broke, carried pots forced
  with stacked S-T-R-8 decks) replay event for event, from their events and from
  their commands and seed;
* a difference planted in a log or in the engine's rules is caught.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import pytest
from oracle.straights_phh import hand_to_phh, replay_phh
from oracle.straights_table import Table, seat_action
from recorded_table import RecordedTable, replay_stored
from sizes import size

from straights.bots.registry import make_bot
from straights.cards import Card, make_deck
from straights.errors import HandHistoryError, IllegalActionError
from straights.game.config import TableConfig
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal
from straights.poker.phh import loads
from straights.poker.view import Move
from straights.store import Store
from straights.store import legacy_straights as legacy
from straights.store.legacy_straights import SWITCH, LegacyTable, replay_log, replay_str
from straights.store.table import StoredTable

FIXTURES = Path(__file__).parent / "fixtures"


def _copy(name: str, tmp_path: Path) -> Store:
    path = tmp_path / name
    shutil.copy(FIXTURES / name, path)
    return Store(str(path))


# -- (a) the fixtures of earlier releases --------------------------------------------------------


@pytest.mark.parametrize(
    ("db", "table_id", "events", "stacks"),
    [
        # 0.1.0's terminal table (its events only, no seed) and its two web tables
        ("first_release.db", 1, 129, {0: 26, 1: 38, 2: 53}),
        ("first_release.db", 2, 127, {0: 61, 1: 67, 2: 49}),
        ("first_release.db", 3, 70, {0: 65, 1: 63, 2: 49}),
        # the three-stack release's web Straights table (edition 2): sit-outs, an ante
        # changed by the host, rebuys, stopped mid-deal
        ("web_release.db", 1, 611, {0: 62, 1: 28, 2: 84}),
    ],
)
def test_a_stored_straights_log_replays_event_for_event(
    tmp_path: Path, db: str, table_id: int, events: int, stacks: dict[int, int]
) -> None:
    store = _copy(db, tmp_path)
    replayed = replay_stored(store, table_id)
    log = [e for entry in store.log(table_id) for e in entry.events]
    assert len(log) == events
    assert replayed.difference is None
    assert [e.to_dict() for e in replayed.table.events] == log
    assert replayed.table.stacks() == stacks  # figures read off the fixture by sqlite3


@pytest.mark.parametrize(("table_id", "commands", "deals"), [(1, 67, 5), (2, 141, 9)])
def test_a_terminal_table_replays_command_for_command_from_its_seed(
    tmp_path: Path, table_id: int, commands: int, deals: int
) -> None:
    store = _copy("terminal_release.db", tmp_path)
    record = store.table(table_id)
    assert record.seed is not None
    log = store.log(table_id)
    table = LegacyTable(record.config, seed=record.seed)
    for entry in log:  # the dealer draw and every deck from the seed, checked as we go
        assert [e.to_dict() for e in table.apply(entry.command)] == entry.events
    assert len(log) == commands and len(table.deals) == deals
    archived = [h for h in store.hands(limit=100) if h.table_id == table_id]
    for hand in archived:  # its STR archive entries too
        history = loads(hand.phh)[0]
        assert list(replay_str(history).deals[0].stacks) == history["finishing_stacks"]
    assert len(archived) == deals - (table.live is not None)


def _check_or_call(deal: Deal) -> Move:
    kinds = {c.kind for c in deal.legal_actions()}
    return Move("check" if "check" in kinds else "call")


def test_a_terminal_table_carries_over_to_the_one_table_mid_deal(tmp_path: Path) -> None:
    store = _copy("terminal_release.db", tmp_path)
    shutil.copy(FIXTURES / "terminal_release.db", tmp_path / "oracle.db")
    oracle = RecordedTable.load(Store(str(tmp_path / "oracle.db")), 1)  # Straights' own
    stored = StoredTable.load(store, 1)
    table, deal = stored.table, stored.deal
    assert deal is not None and not deal.finished and deal.variant.code == "_STR55L"
    assert (table.deals, table.names, table.button) == (4, ["You", "Random 1", "Calling 2"], 0)
    hand = oracle.hand
    assert hand is not None and not hand.finished
    while not deal.finished:  # the deal in play ends as Straights' own table ends it
        move = _check_or_call(deal)
        oracle.act(table.seat_of(deal.actor), move.kind)  # type: ignore[arg-type]
        stored.play(move)
    assert table.stacks == [oracle.stacks().get(s, 0) for s in range(3)]
    assert table.carry == oracle.carry and table.deals == 5
    while not table.over and table.deals < 12:  # and the one table deals on
        deal = stored.start(get_variant("_STR55L"))
        while not deal.finished:
            stored.play(_check_or_call(deal))
    assert sum(table.stacks) + table.carry == 3 * 12
    switches = [e.seq for e in store.log(1) if e.command == SWITCH]
    assert switches == [68]  # after the 67 commands of Straights' own table, once
    again = StoredTable.load(store, 1)  # every command checked against its stored events
    assert (again.table.stacks, again.table.button, again.table.carry, again.table.deals) == (
        table.stacks, table.button, table.carry, table.deals)  # fmt: skip
    assert [e.seq for e in store.log(1) if e.command == SWITCH] == [68]
    assert {h.game for h in store.hands(limit=100) if h.table_id == 1} == {"STR", "_STR55L"}


def test_a_carried_over_table_between_deals_deals_its_next_deal_at_the_one_table(
    tmp_path: Path,
) -> None:
    store = Store(str(tmp_path / "between.db"))
    old = RecordedTable.create(store, TableConfig(seats=3, pack=52, ante=2), ["A", "B", "C"],
                               seed=8, settings={"bots": {}, "bot_seed": 1})  # fmt: skip
    for _ in range(3):
        hand = old.start_hand()
        while not hand.finished:
            kinds = {a.kind for a in hand.legal_actions(hand.actor)}  # type: ignore[arg-type]
            old.act(hand.actor, "check" if "check" in kinds else "call")  # type: ignore[arg-type]
    stored = StoredTable.load(store, old.record.id)
    assert stored.deal is None and stored.table.deals == 3
    assert stored.table.stacks == [old.stacks()[s] for s in range(3)]
    assert stored.table.order[-1] == old._next_seat(old.button, old.occupied())  # type: ignore[arg-type]
    deal = stored.start(get_variant("_STR52L"))
    assert deal.stakes.antes == (2, 2, 2) and deal.n == 3


def test_a_table_of_0_1_0_cannot_be_carried_over(tmp_path: Path) -> None:
    store = _copy("first_release.db", tmp_path)
    with pytest.raises(HandHistoryError, match=r"0\.1\.0"):
        StoredTable.load(store, 1)


def test_the_web_fixture_stops_mid_deal_and_the_engine_deal_goes_on(tmp_path: Path) -> None:
    store = _copy("web_release.db", tmp_path)
    log = [e for entry in store.log(1) for e in entry.events]
    table = replay_stored(store, 1).table
    assert table.live is not None and table.config.ante == 2
    deal = table.live.deal
    assert deal.variant.code == "_STR55N"
    start = next(e for e in reversed(log) if e["type"] == "hand_started")
    idle = sum(p.stack for seat, p in table.seats.items() if seat not in start["seats"])
    chips = sum(start["stacks"]) + start["carry"] + idle
    while not deal.finished:
        seat = table.live.seats[deal.actor]  # type: ignore[index]
        kinds = {c.kind for c in deal.legal_actions()}
        table.act(seat, "check" if "check" in kinds else "call")
    assert sum(table.stacks().values()) + table.carry == chips and table.live is None


def test_every_str_history_of_the_first_release_replays_as_the_old_engine(
    tmp_path: Path,
) -> None:
    store = _copy("first_release.db", tmp_path)
    hands = [h for h in store.hands(limit=100) if h.game == "STR"]
    # 0.1.0 archived 11 deals; the 3 it lost are archived again with the catalogue's code.
    assert len(hands) == 8 and len(store.hands(limit=100)) == 11
    for hand in hands:
        history = loads(hand.phh)[0]
        new, old = replay_str(history), replay_phh(history)
        assert [e.to_dict() for e in new.events] == [e.to_dict() for e in old.events]
        assert list(new.deals[-1].stacks) == history["finishing_stacks"] == old.stacks


# -- (b) random tables of Straights' own table ----------------------------------------------------


def _str8_deck(pack: list[Card], n: int, rng: random.Random) -> list[Card]:
    """A deck for ``n`` players whose table cards are S, T, R and the 8 of clubs (the
    lowest 8), with no other 8 dealt: rule 10 carries the pot (unless all but one fold)."""
    table = [Card("S"), Card("T"), Card("R"), Card("8c")]
    rng.shuffle(table)
    rest = [c for c in pack if c not in table and c.rank != 8]
    rng.shuffle(rest)
    holes = rest[: 2 * n]
    return [*holes, *table, rest[2 * n]]


class _Recorder:
    """Straights' own table played by bots, its commands kept as a terminal table keeps them."""

    def __init__(self, rng: random.Random) -> None:
        seats = rng.randint(2, 6)
        self.config = TableConfig(
            pack=rng.choice((55, 52)),
            ante=rng.choice((1, 1, 2)),
            betting=rng.choice(("limit", "no-limit")),
            seats=seats,
            starting_stack=rng.choice((3, 8, 20)),
            penalty=rng.choice((1, 1, 0, 2)),
            penalty_payers=rng.choice(("dealt", "dealt", "showdown")),
        )
        self.seed = rng.getrandbits(40)
        self.rng = rng
        self.table = Table(self.config, seed=random.Random(self.seed))
        self.commands: list[dict[str, Any]] = []
        #: Players give deals up (web tables only: a terminal table stores no forfeit).
        self.forfeiting = rng.random() < 0.3
        self.forfeits = 0
        self.kinds = {s: rng.choice(("random", "random", "calling", "strength")) for s in range(9)}
        for seat in range(seats):
            if rng.random() < 0.85 or seat < 2:
                self.do({"kind": "sit", "seat": seat, "name": f"P{seat}", "stack": None})

    def do(self, command: dict[str, Any]) -> None:
        kind, table = command["kind"], self.table
        if kind == "sit":
            table.sit(command["seat"], command["name"], command["stack"])
        elif kind == "stand":
            table.stand(command["seat"])
        elif kind == "deal":
            table.start_hand(command.get("deck"))
        else:
            table.act(command["seat"], command["action"], command["to"])
        self.commands.append(command)

    def between_deals(self) -> None:
        table, rng = self.table, self.rng
        for seat in range(self.config.seats):
            player = table.seats[seat]
            if player is None and rng.random() < 0.15:
                stack = rng.choice((None, 1, 5))
                self.do({"kind": "sit", "seat": seat, "name": f"Q{seat}", "stack": stack})
            elif player is not None and len(table.occupied()) > 2 and rng.random() < 0.05:
                self.do({"kind": "stand", "seat": seat})

    def play(self, deals: int) -> None:
        table, rng = self.table, self.rng
        for _ in range(deals):
            self.between_deals()
            if table.is_over:
                return
            command: dict[str, Any] = {"kind": "deal"}
            if self.config.pack == 55 and rng.random() < 0.3:
                players = len(table.occupied())
                deck = _str8_deck(list(make_deck("straights").cards), players, rng)
                command["deck"] = " ".join(c.ascii() for c in deck)
            self.do(command)
            hand = table.hand
            assert hand is not None
            while not hand.finished:
                seat = hand.actor
                assert seat is not None
                if self.forfeiting and rng.random() < 0.03:
                    # a web player who left: his deal is given up (an all-in one's too)
                    allin = [s for s in hand.in_showdown() if hand.stack(s) == 0]
                    table.forfeit(rng.choice(allin) if allin and rng.random() < 0.5 else seat)
                    self.forfeits += 1
                    continue
                if self.kinds[seat] == "random":
                    action = rng.choice(hand.legal_actions(seat))
                else:
                    bot = make_bot(self.kinds[seat], random.Random(rng.getrandbits(32)))
                    action = seat_action(bot, hand, seat)
                self.do({"kind": "act", "seat": seat, "action": action.kind, "to": action.to})


def _tables(count: int, seed: int) -> Iterator[_Recorder]:
    rng = random.Random(seed)
    for _ in range(count):
        recorder = _Recorder(random.Random(rng.getrandbits(32)))
        recorder.play(rng.randint(3, 12))
        yield recorder


def _from_commands(config: TableConfig, seed: int, commands: list[dict[str, Any]]) -> LegacyTable:
    """A terminal table of an earlier release replayed from its seed and commands."""
    table = LegacyTable(config, seed=seed)
    for command in commands:
        table.apply(command)
    return table


def test_random_tables_replay_deal_by_deal_from_events_and_from_commands() -> None:
    carried = penalties = deals = forfeits = 0
    for recorder in _tables(size(25, 800), seed=19):
        old = [e.to_dict() for e in recorder.table.events]
        from_events = replay_log(recorder.config, old)
        assert from_events.difference is None, from_events.difference
        deals += len(recorder.table.hands)
        carried += sum(1 for e in old if e["type"] == "pot_carried")
        penalties += sum(1 for e in old if e["type"] == "penalty_paid")
        forfeits += recorder.forfeits
        if recorder.forfeiting:
            continue
        from_commands = _from_commands(recorder.config, recorder.seed, recorder.commands)
        assert [e.to_dict() for e in from_commands.events] == old
        for hand, deal in zip(recorder.table.hands, from_commands.deals, strict=True):
            assert list(deal.stacks) == hand.stacks and deal.carry_out == hand.carry_out
    # the stacked decks did force rule 10, and its penalties, many times over; players
    # who left gave deals up with chips in the pot
    assert deals > size(100, 3000) and carried > size(10, 300) and penalties > size(10, 300)
    assert forfeits > size(3, 100)


def test_a_finished_deal_s_str_history_replays_as_the_old_engine() -> None:
    for recorder in _tables(size(6, 60), seed=7):
        for hand in recorder.table.hands:
            history = hand_to_phh(hand)
            new = replay_str(history)
            assert [e.to_dict() for e in new.events] == [e.to_dict() for e in hand.events]


# -- (c) planted differences ----------------------------------------------------------------------


def _one_table() -> list[dict[str, Any]]:
    for recorder in _tables(30, seed=3):
        events = [e.to_dict() for e in recorder.table.events]
        if {"pot_carried", "penalty_paid"} <= {e["type"] for e in events}:
            return events
    raise AssertionError("no table carried a pot with penalties")  # pragma: no cover


@pytest.mark.parametrize(
    ("kind", "field", "value"),
    [
        ("pot_awarded", "amount", 1),
        ("showdown_revealed", "description", "a straight of nothing"),
        ("penalty_paid", "amount", 5),
        ("hand_ended", "carry", 99),
        ("ante_posted", "all_in", True),
    ],
)
def test_a_difference_planted_in_a_log_is_caught(kind: str, field: str, value: Any) -> None:
    events = _one_table()
    k = next(k for k, e in enumerate(events) if e["type"] == kind)
    events[k] = {**events[k], field: value}
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and f"event {k}" in difference and field in difference


def test_a_planted_action_that_does_not_replay_is_named() -> None:
    events = _one_table()
    k = next(k for k, e in enumerate(events) if e["type"] == "acted" and e["kind"] == "check")
    events[k] = {**events[k], "kind": "raise", "to": 40}
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and difference.startswith(f"event {k} ")


def test_a_difference_planted_in_the_engine_s_rules_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = _one_table()
    assert replay_log(TableConfig(), events).difference is None
    real = legacy.variant_of

    def doubled_penalty(config: TableConfig) -> Any:
        from dataclasses import replace

        return real(replace(config, penalty=config.penalty + 1))

    monkeypatch.setattr(legacy, "variant_of", doubled_penalty)
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and "penalty_paid" in difference


@pytest.mark.parametrize("kind", ["acted", "hand_started", "player_sat"])
def test_an_event_missing_a_field_is_named_not_raised(kind: str) -> None:
    events = _one_table()
    k = next(k for k, e in enumerate(events) if e["type"] == kind)
    events[k] = {"type": kind}  # every field gone
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and difference.startswith(f"event {k} ")


def test_an_event_of_no_known_type_is_a_difference() -> None:
    events = _one_table()
    events.insert(3, {"type": "shuffled", "seat": 0})
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and "event 3" in difference and "shuffled" in difference


def test_a_log_whose_deal_starts_elsewhere_is_refused() -> None:
    events = _one_table()
    k = next(k for k, e in enumerate(events) if e["type"] == "hand_started" and e["number"] == 2)
    events[k] = {**events[k], "button": (events[k]["button"] + 1) % 6}
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and "button" in difference


def test_a_str_history_with_other_finishing_stacks_is_refused() -> None:
    recorder = next(_tables(1, seed=5))
    history = hand_to_phh(recorder.table.hands[0])
    history["finishing_stacks"] = [s + 1 for s in history["finishing_stacks"]]
    with pytest.raises(HandHistoryError, match="finishing_stacks"):
        replay_str(history)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("_pack", 53, "pack=53"),
        ("min_bet", 0, "ante=0"),
        # These three ended in a traceback (found by the independent oracle, oracle29).
        ("starting_stacks", [], "2 players or more"),
        ("starting_stacks", [5, "x"], "expected whole numbers"),
        ("seats", ["a", "b"], "expected whole numbers"),
    ],
)
def test_a_str_history_with_a_bad_setting_is_a_hand_that_does_not_replay(
    field: str, value: object, words: str
) -> None:
    history = {"variant": "STR", "min_bet": 1, "starting_stacks": [5, 5],
               "_table_cards": ["9h", "4d", "5s", "6h", "7c"],
               "actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f"]}  # fmt: skip
    assert list(replay_str(history).deals[0].stacks) == [6, 4]
    with pytest.raises(HandHistoryError, match=words):
        replay_str({**history, field: value})


@pytest.mark.parametrize(
    ("change", "words"),
    [
        # A sixth table card was dropped unread; a second deal to p1 replaced the first;
        # words after a fold were ignored; a show before the end went unremarked.
        ({"_table_cards": ["9h", "4d", "5s", "6h", "7c", "8c"]}, "holds 6 cards: a deal has 5"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "d dh p1 QsQd", "p1 cbr 1", "p2 f"]},
         "p1 was dealt hole cards already"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f now"]},
         "nothing follows f"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 sm AsKd", "p1 cbr 1", "p2 f"]},
         "shown before the showdown"),
    ],
)  # fmt: skip
def test_an_str_history_the_format_forbids_is_refused(
    change: dict[str, object], words: str
) -> None:
    # Found by the independent oracle (tests/oracle/straights_phh.py), which refuses them.
    history = {"variant": "STR", "min_bet": 1, "starting_stacks": [5, 5],
               "_table_cards": ["9h", "4d", "5s", "6h", "7c"],
               "actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f"]}  # fmt: skip
    assert list(replay_str(history).deals[0].stacks) == [6, 4]
    with pytest.raises(HandHistoryError, match=words):
        replay_str({**history, **change})


def test_a_log_dealing_one_card_twice_is_refused() -> None:
    events = _one_table()
    k = next(k for k, e in enumerate(events) if e["type"] == "hand_started")
    deck = list(events[k]["deck"])
    deck[1] = deck[0]
    events[k] = {**events[k], "deck": deck}
    difference = replay_log(TableConfig(), events).difference
    assert difference is not None and difference.startswith(f"event {k} ")
    assert f"{deck[0]}" in difference and "twice" in difference


def test_a_command_that_is_not_a_terminal_table_s_is_refused() -> None:
    with pytest.raises(HandHistoryError, match="unknown table command 'shuffle'"):
        _from_commands(TableConfig(), 1, [{"kind": "shuffle"}])
    with pytest.raises(HandHistoryError, match="does not replay"):
        _from_commands(TableConfig(), 1, [{"kind": "sit", "name": "Ann"}])


def test_play_resume_at_a_terminal_carries_the_old_table_over(tmp_path: Path) -> None:
    """In a pseudo-terminal: the newest unfinished table of the fixture (52 cards, No
    Limit, mid-deal) resumes at the one table's prompt and is saved on leaving."""
    from ptytools import plain, session

    path = tmp_path / "terminal_release.db"
    shutil.copy(FIXTURES / "terminal_release.db", path)
    with session("play", "--resume", "--db", str(path)) as child:
        child.expect("Resuming table 2")
        child.expect("Straights, No Limit, 52 cards")
        child.expect("Your turn: ")
        child.sendline("q")
        child.expect("Table 2 is saved")
        child.expect(pexpect.EOF)
        assert "Traceback" not in plain(child.before or "")
    store = Store(str(path))
    assert [e.seq for e in store.log(2) if e.command == SWITCH] == [142]
    assert StoredTable.load(store, 2).table.deals == 8


def test_history_replay_reads_str_archives_through_the_one_engine(tmp_path: Path) -> None:
    from straights.history_files import replay_rows
    from straights.poker.phh_text import dumps_phh

    store = _copy("first_release.db", tmp_path)
    hand = next(h for h in store.hands(limit=100) if h.game == "STR")
    history = loads(hand.phh)[0]
    good, bad = tmp_path / "good.phh", tmp_path / "bad.phh"
    good.write_text(dumps_phh(history), encoding="utf-8")
    wrong = dict(history, finishing_stacks=[s + 1 for s in history["finishing_stacks"]])
    bad.write_text(dumps_phh(wrong), encoding="utf-8")
    rows = list(replay_rows([str(good), str(bad)]))
    assert rows[0]["variant"] == "STR"
    assert rows[0]["finishing_stacks"] == history["finishing_stacks"]
    assert "but the one engine ends with" in rows[1]["error"]


def test_a_seated_players_chips_are_his_holders_and_each_move_is_kept() -> None:
    """A web table seats its players with their own seats: the deal plays their chips
    there; the moves are kept (a forfeit as the player's index) for the replayer."""

    @dataclass
    class Seat:
        stack: int

    ann, bob = Seat(10), Seat(10)
    table = LegacyTable(TableConfig(seats=3), seed=5)
    table.sit(0, "Ann", chips=ann)
    table.sit(1, "Bob", chips=bob)
    table.start()
    ann.stack = 99  # during a deal the stacks are the deal's, as they were at its start
    assert table.stacks() == {0: 9, 1: 9}
    with pytest.raises(IllegalActionError, match="seat 3 has no deal to forfeit"):
        table.forfeit(2)
    table.act(0, "bet")
    table.act(1, "fold")
    assert table.latest is not None and table.latest.moves == [Move("bet", 1), Move("fold")]
    assert (ann.stack, bob.stack) == (11, 9)
    table.stand(0)
    assert ann.stack == 11 and table.events[-1]["stack"] == 11
