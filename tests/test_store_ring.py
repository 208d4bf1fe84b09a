"""Ring tables of every variant and Pai Gow in the store: saved command by command,
resumed exactly (`straights play --game NAME --resume`), every finished deal archived."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import play_script, run_main

from straights.errors import IllegalActionError
from straights.paigow import history as paigow_history
from straights.poker.catalogue import get_variant
from straights.poker.phh import loads, replay
from straights.poker.view import Move
from straights.store import Store
from straights.store.table import PAI_GOW, POKER, StoredTable


def _log(db: Path, table_id: int = 1) -> list[tuple[dict[str, object], list[dict[str, object]]]]:
    store = Store(str(db))
    try:
        return [(e.command, e.events) for e in store.log(table_id)]
    finally:
        store.close()


def _archive(db: Path) -> list[str]:
    store = Store(str(db))
    try:
        return [h.phh for h in reversed(store.hands(limit=1000))]
    finally:
        store.close()


@pytest.mark.parametrize(("game", "cut"), [("razz", 9), ("dealers-choice", 30)])
def test_a_ring_table_resumes_mid_deal_exactly_as_the_unbroken_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, cut: int
) -> None:
    # Random bots and, for dealer's choice, the bots' choices of game: what they draw
    # after the resume must be what they would have drawn.  At a betting prompt "c"
    # checks or calls and "1" is refused; at the dealer's prompt "1" names a game.
    start = ["--game", game, "--seats", "3", "--bots", "random", "--seed", "11"]
    if game == "dealers-choice":
        start += ["--games", "razz,holdem,omaha"]
    answers = ["c", "1"] * 40
    whole = tmp_path / "whole.db"
    play_script(capsys, tmp_path, whole, answers, *start)

    broken = tmp_path / "broken.db"
    first = play_script(capsys, tmp_path, broken, [*answers[:cut], "q"], *start)
    assert "in the middle of a deal" in first
    if game == "dealers-choice":  # a bot has chosen a game before the break
        assert "deals and chooses" in first
    assert f"straights play --game {game} --resume --db {broken}" in first
    second = play_script(capsys, tmp_path, broken, answers[cut:], "--game", game, "--resume")
    assert f"Resuming table 1 from {broken}." in second

    assert _log(broken) == _log(whole)
    archived = _archive(broken)
    assert archived == _archive(whole)
    assert len(archived) >= 2


def test_every_finished_deal_is_archived_as_phh_of_its_variant(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "s.db"))
    ring = StoredTable.create(store, POKER, "FR", ["Ann", "Bob", "Cy"], 30, seed=4)
    deal = ring.start(get_variant("FR"))
    while not deal.finished:  # everyone checks, calls or brings in: a showdown
        kinds = {a.kind for a in deal.legal_actions()}
        ring.play(Move(next(k for k in ("check", "call", "bring-in") if k in kinds)))
    deal = ring.start(get_variant("NT"))
    ring.play(Move("fold"))
    ring.play(Move("fold"))
    assert deal.finished
    hands = list(reversed(store.hands()))
    assert [(h.number, h.game) for h in hands] == [(1, "FR"), (2, "NT")]
    # The stored history replays to the stacks the game has.
    final = replay(loads(hands[1].phh)[0]).finishing_stacks
    order = [ring.table.seat_of(i) for i in range(deal.n)]
    assert final == [ring.table.stacks[s] for s in order]
    assert hands[1].players == [["Ann", "Bob", "Cy"][s] for s in order]
    # The command that ended a deal says so (what the archive is kept in step with).
    ended = [e.events[-1] for e in store.log(ring.record.id) if e.events[-1].get("type")]
    assert ended == [{"type": "hand_ended", "number": 1}, {"type": "hand_ended", "number": 2}]
    store.close()


def test_a_refused_move_stores_nothing(tmp_path: Path) -> None:
    store = Store("sqlite://")
    ring = StoredTable.create(store, POKER, "NT", ["Ann", "Bob"], 20, seed=1)
    ring.start(get_variant("NT"))
    with pytest.raises(IllegalActionError):
        ring.play(Move("raise", 10_000))
    assert len(store.log(ring.record.id)) == 1
    again = StoredTable.load(store, ring.record.id)
    assert again.deal is not None and again.deal.actor == ring.deal.actor  # type: ignore[union-attr]


def test_resume_with_no_table_of_that_game_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "s.db"
    play_script(capsys, tmp_path, db, ["c", "q"], "--game", "razz", "--seats", "3", "--seed", "2")
    code, _, err = run_main(capsys, "play", "--game", "holdem", "--resume", "--db", str(db))
    assert code == 2 and "no unfinished table of" in err and "Traceback" not in err
    code, _, err = run_main(capsys, "play", "--resume", "--db", str(db))  # Straights' own
    assert code == 2 and "no unfinished table in" in err
    code, _, err = run_main(capsys, "play", "--game", "razz", "--resume", "--no-save")
    assert code == 2 and "drop --no-save" in err


@pytest.mark.parametrize("bots", [[], ["--bots", "equity,house"]])
def test_a_pai_gow_table_resumes_as_the_unbroken_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bots: list[str]
) -> None:
    # Each deal: Enter keeps the bet, then a two-card hand (h: the house way).  The
    # resumed table keeps its bots (an equity bot's settings are stored as it sets).
    start = ["--game", "pai-gow", "--seats", "3", "--seed", "8", *bots]
    answers = ["", "1 2", "", "h", "5", "h", "", "2 3", "", "h"]
    whole = tmp_path / "whole.db"
    play_script(capsys, tmp_path, whole, answers, *start)
    broken = tmp_path / "broken.db"
    first = play_script(capsys, tmp_path, broken, [*answers[:6], "q"], *start)
    assert "straights play --game pai-gow --resume" in first
    second = play_script(capsys, tmp_path, broken, answers[6:], "--game", "pai-gow", "--resume")
    assert f"Resuming table 1 from {broken}." in second
    assert _log(broken) == _log(whole)
    archived = _archive(broken)
    assert archived == _archive(whole) and len(archived) >= 4
    store = Store(str(broken))
    assert {h.game for h in store.hands()} == {"_PAIGOW"}
    store.close()


def test_a_pai_gow_table_killed_mid_deal_resumes_in_it(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "p.db"))
    table = StoredTable.create(store, PAI_GOW, "pai-gow", ["Ann", "Bob"], 100, seed=3)
    table.start({0: 20, 1: 40})
    table.act({"kind": "house", "seat": 2})
    again = StoredTable.load(store, table.record.id)
    assert again.deal is not None and again.deal.waiting == [1]
    assert again.deal.cards(1) == table.deal.cards(1)  # type: ignore[union-attr]
    again.act({"kind": "house", "seat": 1})
    [record] = store.hands()
    assert record.number == 1 and record.players == ["Ann", "Bob"]
    history = loads(record.phh)[0]
    assert paigow_history.finishing_stacks(history) == again.table.stacks
    store.close()


def test_a_pai_gow_table_stored_before_the_exact_commission_replays_as_played(
    tmp_path: Path,
) -> None:
    """A table stored without ``commission`` in its settings (before 0.2) settled its
    bets with the commission rounded up: it loads, replays and goes on so."""
    from straights.game.config import TableConfig

    store = Store(str(tmp_path / "old.db"))
    settings = {"game": "pai-gow", "names": ["Ann"], "stack": 100, "bet": 10}
    record = store.create_table("terminal", TableConfig(), seed=3, name="pai-gow",
                                settings=settings)  # fmt: skip
    table = StoredTable(store, record, PAI_GOW)
    rules = table.table.game.rules  # type: ignore[attr-defined]
    assert (rules.commission, rules.min_bet) == ("rounded-up", 2)
    for _ in range(6):
        table.start({0: 10})
        table.act({"kind": "house", "seat": 1})
    again = StoredTable.load(store, record.id)
    assert again.table.stacks == table.table.stacks and again.table.house == table.table.house
    histories = [loads(h.phh)[0] for h in store.hands()]
    assert len(histories) == 6 and all(h["_commission"] == "rounded-up" for h in histories)
    won = [h for h in histories if h["finishing_stacks"][0] > h["starting_stacks"][0]]
    assert won and all(h["finishing_stacks"][0] - h["starting_stacks"][0] == 9 for h in won)
    store.close()


def test_history_lists_shows_and_exports_every_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "s.db"
    play_script(capsys, tmp_path, db, ["c"] * 5 + ["q"], "--game", "razz", "--seats", "3",
                "--bots", "calling", "--seed", "5")  # fmt: skip
    play_script(
        capsys, tmp_path, db, ["", "h", "q"], "--game", "pai-gow", "--seats", "2", "--seed", "3"
    )
    code, out, err = run_main(capsys, "history", "list", "--db", str(db))
    assert code == 0, err
    rows = [line.split() for line in out.splitlines()[1:] if line.strip()[:1].isdigit()]
    assert [(r[0], r[3]) for r in rows] == [("2", "pai-gow"), ("1", "razz")]
    code, out, err = run_main(capsys, "history", "show", "1", "--db", str(db))
    assert code == 0, err
    assert "razz" in out.splitlines()[0] and "You get " in out and "shows" in out
    assert out.splitlines()[-1].startswith("Stacks after: ")
    code, out, err = run_main(capsys, "history", "show", "2", "--db", str(db))
    assert code == 0, err
    assert "pai-gow" in out and "The bank sets" in out
    code, out, err = run_main(capsys, "history", "export", "-o", "-", "--db", str(db))
    assert code == 0, err
    assert 'variant = "FR"' in out and 'variant = "_PAIGOW"' in out


def test_simulate_any_game_saves_every_deal_and_plays_as_unsaved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "--game", "dealers-choice", "--games", "razz,holdem,badugi", "-n", "25",
            "-p", "3", "--bots", "random", "--stack", "40", "--seed", "2", "--json"]  # fmt: skip
    code, plain, err = run_main(capsys, *args)
    assert code == 0, err
    db, phhs = tmp_path / "sim.db", tmp_path / "sim.phhs"
    code, saved, err = run_main(capsys, *args, "--db", str(db), "--out", str(phhs))
    assert code == 0, err
    assert json.loads(saved) == json.loads(plain)  # storing changes no card and no decision
    sessions = json.loads(plain)["sessions"]
    store = Store(str(db))
    tables = store.tables("simulate")
    assert len(tables) == sessions > 1 and all(t.finished for t in tables)
    archived = [h.phh for h in reversed(store.hands(limit=100))]
    store.close()
    assert len(archived) == 25
    code, out, err = run_main(capsys, "history", "replay", str(phhs), "--json")
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    # The file and the archive hold the same deals, each replaying to its stacks.
    assert [(r["variant"], r["finishing_stacks"]) for r in rows] == [
        (loads(h)[0]["variant"], loads(h)[0]["finishing_stacks"]) for h in archived
    ]
    assert len(rows) == 25


def test_simulate_pai_gow_saves_every_deal_and_plays_as_unsaved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Stacks of 40 and bets of 20: a player who loses twice cannot bet, a session ends.
    args = ["simulate", "--game", "pai-gow", "-n", "30", "-p", "3", "--stack", "40",
            "--seed", "6", "--bots", "house,equity", "--json"]  # fmt: skip
    code, plain, err = run_main(capsys, *args)
    assert code == 0, err
    db, phhs = tmp_path / "pg.db", tmp_path / "pg.phhs"
    code, saved, err = run_main(capsys, *args, "--db", str(db), "--out", str(phhs))
    assert code == 0, err
    assert json.loads(saved) == json.loads(plain)  # storing changes no card and no setting
    store = Store(str(db))
    tables = store.tables("simulate")
    assert len(tables) > 1 and all(t.finished for t in tables)
    archived = [h.phh for h in reversed(store.hands(limit=100))]
    for record in tables:  # every stored session replays to its events
        StoredTable.load(store, record.id)
    store.close()
    assert len(archived) == 30
    written = loads(phhs.read_text(encoding="utf-8"))
    assert [paigow_history.finishing_stacks(h) for h in written] == [
        paigow_history.finishing_stacks(loads(h)[0]) for h in archived
    ]


def test_straights_simulate_is_stored_at_the_one_table_with_its_ante_and_dealer_draw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from oracle.straights_table import draw_button

    args = ["simulate", "--pack", "52", "--betting", "no-limit", "--ante", "2", "-n", "6",
            "-p", "3", "--bots", "random,calling", "--stack", "30", "--seed", "5",
            "--json"]  # fmt: skip
    code, plain, err = run_main(capsys, *args)
    assert code == 0, err
    db = tmp_path / "sim.db"
    code, saved, err = run_main(capsys, *args, "--db", str(db))
    assert code == 0, err
    assert json.loads(saved) == json.loads(plain)
    store = Store(str(db))
    first = min(store.tables("simulate"), key=lambda t: t.id)
    assert first.settings["game"] == "_STR52N" and first.settings["ante"] == 2
    # The first button is the dealer draw's winner from a 52-card pack.
    winner = draw_button(3, 52, first.seed)[-1].winner
    assert first.settings["button"] == winner
    histories = [loads(h.phh)[0] for h in store.hands(limit=100)]
    assert {h["variant"] for h in histories} == {"_STR52N"}
    assert all(h["antes"] == [2] * len(h["antes"]) for h in histories)
    reopened = StoredTable.load(store, first.id)  # replays every stored command exactly
    assert sum(reopened.table.stacks) + reopened.table.carry == 90
    store.close()


def test_straights_simulate_with_the_cfr_bot_takes_the_path_of_every_bot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, phhs = tmp_path / "cfr.db", tmp_path / "cfr.phhs"
    args = ["simulate", "-n", "8", "-p", "3", "--bots", "cfr,random", "--seed", "3", "--json"]
    code, plain, err = run_main(capsys, *args)
    assert code == 0, err
    code, saved, err = run_main(capsys, *args, "--db", str(db), "--out", str(phhs))
    assert code == 0, err
    assert json.loads(saved) == json.loads(plain)  # storing changes no card and no decision
    written = loads(phhs.read_text(encoding="utf-8"))
    assert len(written) == 8 and {h["variant"] for h in written} == {"_STR55L"}
    assert all(replay(h).finishing_stacks == h["finishing_stacks"] for h in written)
    store = Store(str(db))
    (table,) = store.tables("simulate")
    # The cfr bot is a Bot: Straights with it is the catalogue's _STR55L at the one
    # table, stored as every other bot's game is.
    assert table.settings["game"] == "_STR55L" and table.settings["bots"] == [
        "cfr",
        "random",
        "cfr",
    ]
    reopened = StoredTable.load(store, table.id)  # replays every stored command exactly
    assert sum(reopened.table.stacks) + reopened.table.carry == 300
    assert reopened.table.deals == 8
    store.close()
