"""The host and the ledger on the table model: buy-ins, cash-outs, rebuys, the host's
commands, leaving mid-deal, going broke, and the settle-up (against brute force)."""

from __future__ import annotations

import csv
import io
import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from webtools import legal_actions

from straights.errors import IllegalActionError, StraightsError
from straights.web.ledger import ledger_csv, settle_up
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable

ANN, BOB, CLEO = "a" * 64, "b" * 64, "c" * 64


def shown_down(hand: Any) -> set[int]:
    """The seats whose hands ``hand`` (a one-table deal) showed."""
    return {hand.seats[e.player] for e in hand.deal.log if e.kind == "show"}


def new_table(**kw: Any) -> WebTable:
    kw.setdefault("edition", 2)
    return WebTable("tbl1", TableSettings(**kw), seed=99, host_hash="h" * 64)


def two_players(**kw: Any) -> WebTable:
    t = new_table(**kw)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN})
    t.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": BOB})
    return t


def row(t: WebTable, name: str) -> dict[str, Any]:
    return next(r for r in t.ledger_rows() if r["name"] == name)


def play_out(t: WebTable, choose: str = "check") -> None:
    """Finish the deal on: everyone checks or calls (or, with 'raise', bets what he can)."""
    while t.in_hand:
        seat = t.game.engine.actor
        assert seat is not None
        legal = {a.kind: a for a in legal_actions(t, seat)}
        kind = next(k for k in (choose, "call", "check") if k in legal)
        t.apply({"kind": "act", "seat": seat, "action": kind, "to": legal[kind].to})


# -- the settle-up ---------------------------------------------------------------------------
def partitions(items: list[int]) -> Any:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        for k in range(len(part)):
            yield [*part[:k], [first, *part[k]], *part[k + 1 :]]
        yield [[first], *part]


def fewest_by_brute_force(values: list[int]) -> int:
    """Players minus the most blocks summing to zero, over every set partition."""
    live = [v for v in values if v]
    best = max(
        sum(1 for block in p if sum(block) == 0) if all(sum(b) == 0 for b in p) else 0
        for p in partitions(live)
    )
    return len(live) - best


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-40, 40), min_size=1, max_size=7))
def test_settle_up_squares_everyone_with_the_fewest_transfers(values: list[int]) -> None:
    values = [*values, -sum(values)]  # a ledger always balances
    nets = {f"P{k}": v for k, v in enumerate(values)}
    transfers = settle_up(nets)
    left = dict(nets)
    for t in transfers:
        assert t.amount > 0 and nets[t.payer] < 0 < nets[t.payee]
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values())
    assert len(transfers) == fewest_by_brute_force(values)


def test_settle_up_beats_the_plain_greedy_match_and_refuses_an_unbalanced_ledger() -> None:
    # Largest debtor to largest creditor throughout takes 4 transfers here; 3 suffice.
    assert len(settle_up({"A": -7, "B": -5, "C": 3, "D": 4, "E": 5})) == 3
    with pytest.raises(ValueError, match="does not balance"):
        settle_up({"A": 5, "B": -4})


def test_the_csv_quotes_names_and_defuses_formulas() -> None:
    t = new_table()
    names = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", 'Al "the, rock"']
    for seat, name in enumerate(names):
        t.apply({"kind": "sit", "seat": seat, "name": name, "token_hash": str(seat) * 64})
    transfers = t.transfers()
    assert transfers == []  # nobody won or lost yet
    rows = list(csv.reader(io.StringIO(ledger_csv(t.ledger_rows(), transfers))))
    assert rows[0] == ["player", "bought", "cashed_out", "stack", "net"]
    assert [r[0] for r in rows[1:6]] == [
        '\'=HYPERLINK("http://x")',
        "'+1",
        "'-2",
        "'@SUM(A1)",
        'Al "the, rock"',
    ]
    assert rows[1][1:] == ["100", "0", "100", "0"]


# -- buy-ins, leaving and coming back -------------------------------------------------------
def test_leaving_with_73_and_sitting_back_down_gives_73() -> None:
    t = two_players()
    t.apply({"kind": "deal"})
    play_out(t, "raise")
    ann = t.chips_of_player(t.seats[0].owner)  # type: ignore[union-attr]
    assert 0 < ann != 100
    t.apply({"kind": "unseat", "seat": 0})
    assert row(t, "Ann") | {"seat": None} == row(t, "Ann")
    assert row(t, "Ann")["cashed"] == ann and row(t, "Ann")["stack"] == 0
    # A new player may not take the name of one who played here.
    with pytest.raises(IllegalActionError, match="played at this table"):
        t.check_new_name("ann")
    t.apply({"kind": "sit", "seat": 3, "name": "whatever", "token_hash": ANN})
    meta = t.seats[3]
    assert meta is not None and meta.name == "Ann" and meta.stack == ann
    assert t.chips() == t.bank() == 200
    assert row(t, "Ann")["net"] == ann - 100


def test_a_broke_player_keeps_his_seat_and_cards_and_rebuys_within_the_limit() -> None:
    t = two_players(stack=10, ante=1, betting="no-limit", auto_limit=20)
    while all(t.chips_of_player(m.owner) for m in t.seats if m is not None):
        t.apply({"kind": "deal"})
        play_out(t, "raise")
    broke = next(i for i, m in enumerate(t.seats) if m is not None and not m.in_game)
    assert t.seats[broke] is not None, "the seat is kept"
    state = t.state_for(broke, turn_left=None)
    assert state["you"]["broke"] and state["seats"][broke]["status"] == "out of chips"
    assert state["hand"]["hole"], "his own cards stay visible to him"
    assert {p["seat"] for p in state["hand"]["players"] if p["shown"]} == {0, 1}
    assert not t.can_deal()
    t.apply({"kind": "rebuy", "seat": broke})  # the second buy-in: 20 in all, automatic
    assert t.seats[broke].stack == 10  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="a top-up brings a stack up to 10"):
        t.apply({"kind": "rebuy", "seat": broke})
    assert t.chips() == t.bank() == 30


def test_leaving_broke_and_sitting_back_down_is_a_buy_in() -> None:
    t = two_players(stack=10, betting="no-limit", auto_limit=10)
    while all(t.chips_of_player(m.owner) for m in t.seats if m is not None):
        t.apply({"kind": "deal"})
        play_out(t, "raise")
    broke = next(i for i, m in enumerate(t.seats) if m is not None and not m.in_game)
    name, token = ("Ann", ANN) if broke == 0 else ("Bob", BOB)
    t.apply({"kind": "unseat", "seat": broke})
    assert row(t, name)["cashed"] == 0
    t.apply({"kind": "sit", "seat": 2, "name": name, "token_hash": token})
    assert t.seats[2].stack == 0  # type: ignore[union-attr]
    assert row(t, name)["pending"] == 10, "over the limit of 10: the host must approve"
    assert t.chips() == t.bank() == 20


def test_buy_ins_above_the_limit_wait_for_the_host() -> None:
    t = two_players(auto_limit=100)
    t.apply({"kind": "sit", "seat": 2, "name": "Cleo", "token_hash": CLEO})
    t.apply({"kind": "change", "auto_limit": 0})
    t.apply({"kind": "unseat", "seat": 2})
    t.apply({"kind": "sit", "seat": 2, "name": "Cleo", "token_hash": CLEO})  # returns: 100
    assert t.seats[2].stack == 100  # type: ignore[union-attr]
    t.apply({"kind": "sit", "seat": 3, "name": "Dan", "token_hash": "d" * 64})
    dan = t.seats[3]
    assert dan is not None and dan.stack == 0
    assert row(t, "Dan")["pending"] == 100
    assert t.public_state()["seats"][3]["status"] == "buy-in waits for the host"
    t.apply({"kind": "answer", "player": dan.owner, "accept": False})
    assert row(t, "Dan")["pending"] == 0 and dan.stack == 0 and row(t, "Dan")["bought"] == 0
    t.apply({"kind": "rebuy", "seat": 3})
    t.apply({"kind": "answer", "player": dan.owner, "accept": True})
    assert dan.stack == 100 and row(t, "Dan")["bought"] == 100
    with pytest.raises(IllegalActionError, match="no buy-in"):
        t.apply({"kind": "answer", "player": dan.owner, "accept": True})
    assert t.chips() == t.bank() == 400


# -- leaving mid-deal ------------------------------------------------------------------------
def test_a_player_who_leaves_is_folded_at_his_turn_even_when_he_could_check() -> None:
    t = new_table(seats=3)
    for seat, token in enumerate((ANN, BOB, CLEO)):
        t.apply({"kind": "sit", "seat": seat, "name": f"P{seat}", "token_hash": token})
    t.apply({"kind": "deal"})
    actor = t.game.engine.actor
    assert actor is not None
    leaver = next(s for s in (0, 1, 2) if s != actor)
    t.apply({"kind": "unseat", "seat": leaver})
    hand = t.game.engine.hand
    assert hand is not None and not hand.deal.folded[hand.player_index(leaver)]  # not his turn yet
    while t.in_hand:
        plan = t.next_auto(connected=set(), idle=0.0, bot_delay=0, deal_delay=0)
        if t.game.engine.actor == leaver:
            assert plan is not None and plan.command == {"kind": "forfeit", "seat": leaver}
            t.apply(plan.command)
        else:
            seat = t.game.engine.actor
            kinds = {a.kind for a in legal_actions(t, seat)}
            t.apply(
                {"kind": "act", "seat": seat, "action": "check" if "check" in kinds else "call"}
            )
    assert hand.deal.folded[hand.player_index(leaver)]
    assert leaver not in shown_down(hand)
    assert t.seats[leaver] is None and t.chips() == t.bank()


def test_an_all_in_player_who_leaves_forfeits_at_once() -> None:
    t = two_players(stack=5, betting="no-limit")
    t.apply({"kind": "sit", "seat": 2, "name": "Cleo", "token_hash": CLEO})
    t.seats[2].stack = 50  # type: ignore[union-attr]
    t.accounts[t.seats[2].owner].bought = 50  # type: ignore[union-attr]
    t.apply({"kind": "deal"})
    hand = t.game.engine.hand
    assert hand is not None
    while not any(hand.deal.stacks[hand.player_index(s)] == 0 for s in (0, 1)):
        seat = t.game.engine.actor
        legal = {a.kind: a for a in legal_actions(t, seat)}
        kind = next(k for k in ("raise", "bet", "call", "check") if k in legal)
        t.apply({"kind": "act", "seat": seat, "action": kind, "to": legal[kind].to})
    all_in = next(s for s in (0, 1) if hand.deal.stacks[hand.player_index(s)] == 0)
    t.apply({"kind": "unseat", "seat": all_in})
    assert hand.deal.folded[hand.player_index(all_in)]
    play_out(t)
    assert all_in not in shown_down(hand)
    assert hand.deal.winnings[hand.player_index(all_in)] == 0
    assert t.chips() == t.bank()


# -- the host --------------------------------------------------------------------------------
def test_the_host_pauses_changes_hands_over_and_closes() -> None:
    t = two_players()
    t.apply({"kind": "pause", "on": True})
    assert t.next_auto(connected={0, 1}, idle=99, bot_delay=0, deal_delay=0) is None
    t.apply({"kind": "pause", "on": False})
    t.apply({"kind": "change", "ante": 2, "betting": "no-limit", "turn_seconds": 0})
    t.apply({"kind": "deal"})
    hand = t.game.engine.hand
    assert hand is not None and set(hand.deal.stakes.antes) == {2}
    t.apply({"kind": "change", "ante": 3})  # during a deal: for the next deal
    assert t.settings.ante == 2 and t.queued == {"ante": 3}
    assert t.game.engine.unit == 2, "the deal on keeps its stakes"
    with pytest.raises(IllegalActionError, match="between deals"):
        t.apply({"kind": "close"})
    play_out(t, "raise")
    assert t.settings.ante == 3 and t.queued is None
    t.apply({"kind": "host", "seat": 1})
    assert t.host_hash == BOB and t.seat_of(t.host_hash) == 1
    t.apply({"kind": "close"})
    assert t.closed and all(m is None for m in t.seats)
    assert t.chips() == t.bank() == 0
    rows = t.ledger_rows()
    assert sum(r["net"] for r in rows) == 0 and {r["cashed"] for r in rows} != {100}
    transfers = t.transfers()
    assert transfers is not None and len(transfers) == 1
    for command in ({"kind": "deal"}, {"kind": "pause", "on": True}):
        with pytest.raises(IllegalActionError, match="closed"):
            t.apply(command)
    with pytest.raises(IllegalActionError, match="closed"):
        t.apply({"kind": "sit", "seat": 0, "name": "Zed", "token_hash": "z" * 64})


def test_closing_splits_a_carried_pot_among_the_players_in_the_game() -> None:
    t = two_players()
    t.game.engine.carry = 5  # as rule 10 would leave it (chips the players paid in)
    t.accounts[t.seats[0].owner].bought += 5  # type: ignore[union-attr]
    t.apply({"kind": "deal"})
    play_out(t)
    carry = t.game.engine.carry
    t.apply({"kind": "close"})
    assert t.chips() == t.bank() == 0
    assert sum(r["cashed"] for r in t.ledger_rows()) == 205 and carry >= 0


def test_tables_of_edition_one_still_free_a_broke_seat() -> None:
    t = two_players(stack=3, betting="no-limit", edition=1)
    while all(m is not None for m in t.seats[:2]):
        t.apply({"kind": "deal"})
        play_out(t, "raise")
    assert sum(m is None for m in t.seats[:2]) == 1


# -- chips are conserved ---------------------------------------------------------------------
def random_command(t: WebTable, rng: random.Random) -> dict[str, Any]:
    """A random command a server could send (some of them refused)."""
    seats = [i for i, m in enumerate(t.seats) if m is not None]
    empty = [i for i, m in enumerate(t.seats) if m is None]
    roll = rng.random()
    if t.in_hand and roll < 0.7:
        seat = t.game.engine.actor
        meta = t.seats[seat] if seat is not None else None
        if meta is not None and meta.leaving:
            return {"kind": "forfeit", "seat": seat}
        action = rng.choice(legal_actions(t, seat))
        return {"kind": "act", "seat": seat, "action": action.kind, "to": action.to}
    if not t.in_hand and roll < 0.5:
        return {"kind": "deal"}
    tokens = ["p" * 63 + str(k) for k in range(6)]
    pick = rng.choice
    options: list[dict[str, Any]] = [
        {"kind": "unseat", "seat": pick(seats or [0])},
        {"kind": "rebuy", "seat": pick(seats or [0])},
        {"kind": "answer", "player": pick(list(t.accounts) or [1]), "accept": rng.random() < 0.7},
        {"kind": "change", "auto_limit": pick([0, 100, 300])},
        {"kind": "bot", "seat": pick(empty or [0]), "bot": "calling"},
        {"kind": "sitout", "seat": pick(seats or [0])},
        {"kind": "back", "seat": pick(seats or [0])},
        {"kind": "pause", "on": rng.random() < 0.2},
    ]
    if empty:
        options += [
            {"kind": "sit", "seat": pick(empty), "name": "x", "token_hash": pick(tokens)}
        ] * 3
    if rng.random() < 0.01:
        options.append({"kind": "close"})
    return pick(options)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_chips_on_the_table_always_equal_buy_ins_less_cash_outs(seed: int) -> None:
    rng = random.Random(seed)
    t = new_table(seats=4, stack=20, betting=rng.choice(["limit", "no-limit"]))
    log: list[dict[str, Any]] = []
    for _ in range(400):
        command = random_command(t, rng)
        try:
            t.apply(command)
        except StraightsError:  # refused: nothing changed
            assert t.chips() == t.bank()
            continue
        log.append(command)
        hand = t.game.engine.hand
        pot = hand.deal.pot if hand is not None and not hand.finished else 0
        stacks = sum(t.chips_of_player(p) for p in t.accounts)
        assert stacks + pot + (0 if t.in_hand else t.game.engine.carry) == t.chips() == t.bank()
        assert all(r["bought"] >= 0 and r["cashed"] >= 0 for r in t.ledger_rows())
    again = new_table(seats=4, stack=20, betting=t.settings.betting)
    for command in log:
        again.apply(command)
    assert again.ledger_rows() == t.ledger_rows() and again.entries == t.entries


def test_every_small_set_partition_is_counted() -> None:
    # The brute force itself: 5 items have Bell(5) = 52 set partitions.
    assert sum(1 for _ in partitions([1, 2, 3, 4, 5])) == 52
    assert fewest_by_brute_force([3, -3, 4, -4]) == 2
    assert list(itertools.chain.from_iterable([[1], [2]])) == [1, 2]


def test_a_forfeit_replays_from_its_hand_history() -> None:
    from straights.poker.phh import deal_to_phh, dumps, loads, replay

    t = new_table(seats=3)
    for seat, token in enumerate((ANN, BOB, CLEO)):
        t.apply({"kind": "sit", "seat": seat, "name": f"P{seat}", "token_hash": token})
    t.apply({"kind": "deal"})
    actor = t.game.engine.actor
    assert actor is not None
    assert "fold" not in {a.kind for a in legal_actions(t, actor)}  # he could check, not fold
    t.apply({"kind": "unseat", "seat": actor})  # his turn: he forfeits at once
    play_out(t)
    deal = t.game.engine.hand.deal
    assert deal.folded[0] and deal.finished  # the first to act left
    (history,) = loads(dumps(deal_to_phh(deal)))
    replayed = replay(history).deal
    assert replayed.stacks == deal.stacks and replayed.folded == deal.folded


def test_an_edition_one_log_with_a_leaver_checked_for_still_replays() -> None:
    """Logs stored before the ledger recorded a leaver's turn as a check of its own."""
    t = new_table(seats=3, edition=1)
    for seat, token in enumerate((ANN, BOB, CLEO)):
        t.apply({"kind": "sit", "seat": seat, "name": f"P{seat}", "token_hash": token})
    t.apply({"kind": "deal"})
    actor = t.game.engine.actor
    assert actor is not None
    t.apply({"kind": "unseat", "seat": actor})
    t.apply({"kind": "act", "seat": actor, "action": "check", "why": "away"})
    assert t.game.engine.actor != actor


def test_a_player_tops_up_between_deals_to_the_tables_stack() -> None:
    """Not only when broke: between deals, up to the starting stack; beyond the limit
    the host approves (between deals too); never during a deal; chips and ledger agree."""
    t = new_table(seats=2, stack=100, auto_limit=130)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    with pytest.raises(IllegalActionError, match="up to 100"):
        t.apply({"kind": "rebuy", "seat": 0})  # a full stack: nothing to top up
    t.apply({"kind": "deal"})
    with pytest.raises(IllegalActionError, match="between deals"):
        t.apply({"kind": "rebuy", "seat": 0})
    play_out(t)
    # Whatever the deal did, Ann has 70 now (chips moved to the bot: none made).
    ann, bot = t.game.engine.seats[0], t.game.engine.seats[1]
    assert ann is not None and bot is not None
    bot.stack, ann.stack = bot.stack + ann.stack - 70, 70
    assert t.chips() == t.bank()
    t.apply({"kind": "rebuy", "seat": 0})  # 100 bought + 30 = 130: within the limit
    assert t.chips_of_player(t.seats[0].owner) == 100
    assert (t.entries[-1].note, t.entries[-1].amount) == ("tops up", 30)
    assert t.chips() == t.bank() and row(t, "Ann")["bought"] == 130
    # Beyond the limit: the host approves, and only between deals.
    ann.stack, bot.stack = 40, bot.stack + 60
    t.apply({"kind": "rebuy", "seat": 0})
    assert t.accounts[t.seats[0].owner].pending == 60
    assert t.chips_of_player(t.seats[0].owner) == 40
    t.apply({"kind": "deal"})
    with pytest.raises(IllegalActionError, match="between deals"):
        t.apply({"kind": "answer", "player": t.seats[0].owner, "accept": True})
    play_out(t)
    before = t.chips_of_player(t.seats[0].owner)
    t.apply({"kind": "answer", "player": t.seats[0].owner, "accept": True})
    assert t.chips_of_player(t.seats[0].owner) == before + 60
    assert t.chips() == t.bank()


def test_the_host_never_approves_his_own_buy_in() -> None:
    """Edition 3: the host's own rebuy beyond the limit is at once; another player's
    waits for him (edition 2 logs, where the host approved his own, replay so)."""
    for edition, waits in ((3, False), (2, True)):
        t = new_table(seats=2, stack=10, auto_limit=10, edition=edition)
        t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN, "host": True})
        t.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": BOB})
        assert t.host_hash == ANN
        for seat in (0, 1):  # both broke (the test empties the stacks: buy-ins matter here)
            t.seats[seat].stack = 0  # type: ignore[union-attr]
        t.apply({"kind": "rebuy", "seat": 0})
        t.apply({"kind": "rebuy", "seat": 1})
        ann, bob = (t.accounts[t.seats[s].owner] for s in (0, 1))  # type: ignore[union-attr]
        assert bool(ann.pending) is waits and bob.pending == 10, edition
