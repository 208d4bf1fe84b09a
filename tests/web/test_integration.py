"""Several WebSocket clients play whole hands against a real server on loopback;
every message each one receives is checked for cards it may not see."""

from __future__ import annotations

import random
import time

from webtools import Client, Server, assert_no_leaks, cards_in, rebuild

from straights.poker.phh import loads, replay
from straights.store import Store


def play(
    players: list[Client],
    hands: int,
    rng: random.Random,
    watchers: tuple[Client, ...] = (),
    timeout: float = 90.0,
) -> None:
    """Let the players act (randomly, rarely folding) until ``hands`` deals have finished."""
    deadline = time.monotonic() + timeout
    acted: set[tuple[int, int]] = set()
    while time.monotonic() < deadline:
        for w in watchers:
            w.drain(0.0)
        for p in players:
            seen = len(p.messages)
            p.drain(0.005)
            if any(m.get("code") == "throttled" for m in p.messages[seen:]):
                # machine-speed play outruns the flood limit (20 a second): try again
                acted = {k for k in acted if k[1] != id(p)}
                time.sleep(0.05)
            st = p.state
            if st is None:
                continue
            if st["hand"]["hand_number"] >= hands and st["hand"]["finished"]:
                return
            if p.my_turn() and (st["version"], id(p)) not in acted:
                acted.add((st["version"], id(p)))
                kinds = [a["kind"] for a in st["hand"]["legal"]]
                weights = [0.1 if k == "fold" else 1.0 for k in kinds]
                p.act(rng.choices(kinds, weights)[0])
    report = [
        (
            p.seat,
            p.state and p.state["version"],
            p.state and p.state["hand"]["actor"],
            p.state and p.state["hand"]["legal"],
            [m for m in p.messages if m["type"] == "error"][-2:],
            p.ws.state,
        )
        for p in players
    ]
    raise AssertionError(f"{hands} hands not finished in {timeout}s: {report}")


def test_clients_play_whole_hands_and_see_only_their_cards(make_server, clients) -> None:
    server: Server = make_server()
    # deep stacks: nobody goes broke in six Limit deals (at most 35 antes a deal)
    table, _host = server.create(seats=5, bots=1, bot_kind="calling", turn_seconds=0, stack=500)
    players = []
    for seat, name in ((0, "Ann"), (2, "Bob"), (3, "Cyd")):
        c = Client(server, table)
        clients.append(c)
        c.sit(seat, name)
        players.append(c)
    watcher = Client(server, table)
    clients.append(watcher)

    play(players, hands=6, rng=random.Random(6), watchers=(watcher,))
    time.sleep(0.2)
    for c in [*players, watcher]:
        c.drain(0.05)
    # a history request for each finished hand, by a player and by the spectator
    for c in (players[0], watcher):
        for n in range(1, 6):
            c.send({"type": "history", "hand": n})
            c.wait_for(lambda m, n=n: m["type"] == "history" and m["hand"] == n)

    # every finished deal is in the project's hand archive too, and its PHH replays
    archive = Store(server.db)
    try:
        records = archive.hands(limit=100)
    finally:
        archive.close()
    assert len(records) >= 6
    final, _ = rebuild(server.db, table)
    for record in records:
        assert set(record.players) <= {"Ann", "Bob", "Cyd", "Bot 2"}
        assert record.game == "_STR55L"  # the catalogue's code, as every table archives it
        replayed = replay(loads(record.phh)[0])
        assert replayed.finishing_stacks == final.game.hands[record.number].deal.stacks

    checked = {c.seat: assert_no_leaks(c, server.db) for c in players}
    spectator_cards = assert_no_leaks(watcher, server.db)
    # Players saw their own cards in every deal; the spectator saw table and showdown cards.
    assert all(n > 50 for n in checked.values()), checked
    assert spectator_cards > 20
    # A spectator never gets a hole card during a deal.
    for msg in watcher.messages:
        hand = msg.get("hand") or {}
        if msg["type"] == "state" and hand.get("hand_number") and not hand["finished"]:
            assert hand["hole"] == []
            assert all(c is None for p in hand["players"] for c in p["cards"])
            if hand["street"] != "round 5":
                assert hand["board"][0] is None  # the key card, face down


def test_state_messages_carry_the_players_own_cards(make_server, clients) -> None:
    server: Server = make_server()
    table, _ = server.create(seats=3, bots=1, bot_kind="calling", turn_seconds=0)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    ann.wait_for(lambda m: m["type"] == "state" and bool(m["hand"].get("hole")))
    assert ann.state is not None
    hole = ann.state["hand"]["hole"]
    assert len(hole) == 2 and all(isinstance(code, str) for code in hole)
    assert len(cards_in(hole, "hole")) == 2


def test_a_second_tab_of_a_player_who_left_never_sees_the_next_occupants_cards(
    make_server, clients
) -> None:
    server: Server = make_server()
    table, _ = server.create(seats=3, bots=0, turn_seconds=0)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    ann_tab2 = Client(server, table, token=ann.token)  # the same player in another tab
    clients.append(ann_tab2)
    assert ann_tab2.seat == 0
    bob = Client(server, table)
    clients.append(bob)
    bob.sit(1, "Bob")
    ann.wait_for(lambda m: m["type"] == "state" and m["hand"]["hand_number"] == 1)
    ann.send({"type": "leave", "token": ann.token})  # folded at her turn, then stood up
    mallory = Client(server, table)
    clients.append(mallory)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for c in (ann, ann_tab2, bob, mallory):
            c.drain(0.01)
        if bob.my_turn():
            bob.act("check")
            bob.wait_for(lambda m: m["type"] == "state")
        if mallory.state and mallory.state["seats"][0] is None and mallory.seat is None:
            mallory.sit(0, "Mallory")
        if mallory.state and mallory.state["hand"].get("hole"):
            break
    assert mallory.state is not None and mallory.state["hand"].get("hole"), "Mallory was dealt in"
    time.sleep(0.2)
    ann_tab2.drain(0.1)
    deal = mallory.state["hand"]["hand_number"]
    last = ann_tab2.state
    assert last is not None and last["you"]["seat"] is None  # a spectator now
    during = [
        m["hand"]
        for m in ann_tab2.messages
        if m["type"] == "state" and m["hand"]["hand_number"] == deal and not m["hand"]["finished"]
    ]
    assert during, "the old tab kept receiving the table"
    for hand in during:
        assert hand["hole"] == []
        assert all(c is None for p in hand["players"] for c in p["cards"])
    assert_no_leaks(mallory, server.db)


def test_the_timer_acts_for_an_absent_player_who_is_then_sat_out(make_server, clients) -> None:
    server: Server = make_server(bot_delay=0.0)
    table, _ = server.create(seats=3, bots=1, bot_kind="calling", turn_seconds=1)
    ann = Client(server, table)
    clients.append(ann)
    ann.sit(0, "Ann")
    ann.wait_for(lambda m: m["type"] == "state" and bool(m["hand"]["legal"]))
    assert ann.state is not None
    turn = ann.state["turn"]
    assert turn["seat"] == 0 and turn["limit"] == 1 and 0 < turn["seconds_left"] <= 1
    # Ann stays put: the timer checks (or folds) for her after about a second
    start = time.monotonic()
    ann.wait_for(lambda m: m["type"] == "state" and m["hand"]["actor"] != 0, timeout=5)
    assert 0.8 < time.monotonic() - start < 4
    ann.close()  # and now she is gone: her next missed turn sits her out
    clients.remove(ann)
    watcher = Client(server, table)
    clients.append(watcher)
    watcher.wait_for(
        lambda m: (
            m["type"] == "state" and bool(m["seats"][0]) and m["seats"][0]["status"] == "sat out"
        ),
        timeout=15,
    )
