"""The tournament at the web table without a browser: the commands, the deal the people
accept or refuse, chips conserved at every deal, a restart that replays the stored
commands, and the JSON API's one-line refusals."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from webtools import Server

from straights.errors import ConfigurationError, IllegalActionError
from straights.store import Store
from straights.web.tournament import TournamentError, TournamentHall, WebTournament, config_of

LEVELS = "10/20, 20/40, 30/60, 50/100, 75/150, 100/200, 150/300, 200/400"
SETTINGS: dict[str, Any] = {
    "bots": ["calling", "strength", "random"] * 3,
    "table_size": 6,
    "levels": LEVELS,
    "level_deals": 3,
    "deal": "icm",
    "deal_at": 6,
}


def move(view: dict[str, Any]) -> str | None:
    """Check when free, call a twentieth of the stack or less, else fold (None: not his turn)."""
    table = view.get("table") or {}
    deal = table.get("deal")
    if not deal or not deal["legal"]:
        return None
    legal = {a["kind"]: a for a in deal["legal"]}
    me = next(p for p in deal["players"] if p["me"])
    if "check" in legal:
        return "check"
    if "bring-in" in legal:  # stud: the lowest up card opens
        return "bring-in"
    if "call" in legal and legal["call"]["amount"] * 20 <= me["stack"]:
        return "call"
    return "fold"


def seated(seed: int = 0, **more: Any) -> WebTournament:
    t = WebTournament("k", {**SETTINGS, **more}, seed=seed, host_hash="a")
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
    t.apply({"type": "join", "name": "Bob", "token_hash": "b", "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 1.0})
    return t


def step(t: WebTournament, answer: Callable[[str], str] = lambda _n: "accept") -> bool:
    """One person's command (Ann first); False when nobody has one."""
    for token in ("a", "b"):
        view = t.view(token)
        offer = view["offer"]
        if offer and view["you"]["name"] in offer["waiting"]:
            t.apply({"type": answer(view["you"]["name"]), "token_hash": token})
            return True
        action = move(view)
        if action:
            t.apply({"type": "act", "action": action, "token_hash": token})
            return True
    return False


def test_config_of_refuses_bad_settings_in_one_line() -> None:
    with pytest.raises(ConfigurationError, match="table size 12"):
        config_of({"table_size": 12})
    with pytest.raises(ConfigurationError, match="tournament settings"):
        config_of({"stack": "lots"})
    with pytest.raises(ConfigurationError, match="bot 'shark'"):
        WebTournament("k", {"bots": ["shark"]}, seed=1)
    with pytest.raises(ConfigurationError, match="choose icm or chips"):
        WebTournament("k", {"deal": "split"}, seed=1)
    with pytest.raises(ConfigurationError, match="61 bots: seat 60 at most"):
        WebTournament("k", {"bots": ["random"] * 61}, seed=1)
    schedule = config_of({"levels": "10/20, 20/40", "level_minutes": 12}).schedule
    assert (schedule.unit, schedule.length, len(schedule.levels)) == ("minutes", 12, 2)


def test_to_an_accepted_icm_deal_chips_conserved_at_every_deal() -> None:
    t = seated(2)  # a seed under which table 2 breaks after a balancing move
    assert t.tournament is not None
    deals = 0
    while t.tournament.deals > deals or step(t):
        deals = t.tournament.deals
        view = t.view(None)
        assert sum(p["stack"] for p in view["standings"]) == view["chips"] == 11 * 1500
        t.tournament.check()
    view = t.view("a")
    assert view["status"] == "finished"
    events = " | ".join(view["events"])
    assert "table 2 breaks" in events and "(balancing)" in events
    assert "6 players make a deal by ICM" in events
    dealt = [p for p in view["standings"] if p["dealt"]]
    assert {"Ann", "Bob"} <= {p["name"] for p in dealt} and len(dealt) == 6
    assert sum(p["prize"] for p in view["standings"]) == view["pool"] == 1100
    assert [p["place"] for p in view["standings"]] == list(range(1, 12))
    # By chips, most first, and every dealt prize at least the sixth's.
    stacks = [p["stack"] for p in dealt]
    assert stacks == sorted(stacks, reverse=True) and all(p["prize"] > 0 for p in dealt)


@pytest.mark.parametrize(
    ("game", "table_size", "stakes", "cards"),
    [("stud", 6, "ante 2 · bring-in 5 · bets 20/40", 3), ("omaha", 6, "blinds 10/20", 4)],
)
def test_a_stud_or_omaha_tournament_to_the_end(
    game: str, table_size: int, stakes: str, cards: int
) -> None:
    t = seated(2, game=game, table_size=table_size)
    assert t.tournament is not None
    first = t.view("a")
    assert first["clock"]["blinds"] == stakes
    # the clock and the tournament table's page say the stakes in the same words
    assert t.tables.tables[1].state_for(None, turn_left=None)["hand"]["stakes"] == stakes
    assert first["settings"]["game"] == t.config.variant.name
    mine = next(p for p in first["table"]["deal"]["players"] if p["me"])
    assert len(mine["cards"]) == cards and "??" not in mine["cards"]  # his own, face up
    kinds: set[str] = set()
    deals = 0
    while t.tournament.deals > deals or step(t):
        deals = t.tournament.deals
        deal = (t.view("a").get("table") or {}).get("deal") or {}
        kinds |= {a["kind"] for a in deal.get("legal", [])}
        view = t.view(None)
        assert sum(p["stack"] for p in view["standings"]) == view["chips"] == 11 * 1500
    view = t.view("a")
    assert view["status"] == "finished"
    assert sum(p["prize"] for p in view["standings"]) == view["pool"] == 1100
    assert [p["place"] for p in view["standings"]] == list(range(1, 12))
    if game == "stud":
        assert "bring-in" in kinds or "complete" in kinds or "call" in kinds


def person_move(t: WebTournament, token: str, name: str) -> dict[str, Any] | None:
    """``name``'s move at his web table (the table page's view): a draw of the first two
    cards he may throw, else check, call or fold (None: not his turn)."""
    assert t.tournament is not None and t.tables is not None
    player = next(p for p in t.tournament.players if p.name == name)
    web = None if player.table is None else t.tables.tables.get(player.table)
    if web is None or not web.in_hand:
        return None
    hand = web.state_for(player.seat, turn_left=None)["hand"]
    if hand["actor"] != player.seat:
        return None
    if (choice := hand.get("card_choice")) is not None:
        cards = [hand["hole"][k] for k in choice["positions"][:2]]
        return {"type": "act", "action": choice["action"], "cards": cards, "token_hash": token}
    kinds = [a["kind"] for a in hand["legal"]]
    action = next(k for k in ("check", "call", "fold") if k in kinds)
    return {"type": "act", "action": action, "token_hash": token}


def test_a_draw_game_tournament_to_the_end_with_people_drawing() -> None:
    t = seated(0, game="triple-draw-2-7", deal="")
    assert t.tournament is not None
    drawn = 0
    while not t.tournament.finished:
        command = person_move(t, "a", "Ann") or person_move(t, "b", "Bob")
        assert command is not None, "nobody to act and the tournament is not over"
        t.apply(command)
        drawn += "cards" in command
        assert sum(p.stack for p in t.tournament.players) == 11 * 1500
    assert drawn >= 6  # both people drew, through the tournament's act command
    view = t.view("a")
    assert view["settings"]["game"] == "Fixed-limit deuce-to-seven triple draw"
    assert [p["place"] for p in view["standings"]] == list(range(1, 12))


def test_pai_gow_and_dealers_choice_are_refused_at_the_page_in_one_line() -> None:
    with pytest.raises(ConfigurationError, match="a tournament deals one poker game, and Pai"):
        WebTournament("k", {"game": "pai-gow"}, seed=1)
    with pytest.raises(ConfigurationError, match="one poker game, not a new one each deal"):
        WebTournament("k", {"game": "dealers-choice"}, seed=1)


def test_the_time_bank_adds_to_the_turn_timer_and_is_drawn_by_a_slow_move() -> None:
    t = WebTournament("k", {"bots": ["calling"] * 3, "table_size": 6, "turn_seconds": 10,
                            "time_bank": 30}, seed=1, host_hash="a")  # fmt: skip
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 100.0})
    assert t.tables is not None and t.tables.tables[1].settings.time_bank == 30
    assert t.tables.tables[1].hud.on  # the heads-up display, on at a tournament's table
    assert list(t.turns) == ["Ann"]  # the calling bots wait on her
    assert t.overdue(109.0) == [] and t.overdue(139.0) == [] and t.overdue(140.0) == ["Ann"]
    t.now = 115.0
    assert t.view("a")["turns"] == {"Ann": 25.0}
    command = person_move(t, "a", "Ann")
    assert command is not None
    t.apply(command | {"at": 115.0})  # 5 s past the timer: 5 s of her bank
    seat = next(p.seat for p in t.tournament.players if p.name == "Ann")  # type: ignore[union-attr]
    assert seat is not None and t.tables.tables[1].bank_left(seat) == 25.0
    while "Ann" not in t.turns:  # her next turn
        t.apply(person_move(t, "a", "Ann") or {"type": "pause", "token_hash": "x"})
    since = t.turns["Ann"][1]
    assert t.overdue(since + 34.9) == [] and t.overdue(since + 35.0) == ["Ann"]
    t.apply({"type": "timeout", "name": "Ann", "at": since + 35.0})  # the server's
    assert t.tables.tables[1].bank_left(seat) == 0.0  # a timeout spends the bank


def test_a_refused_deal_plays_on_and_comes_back_with_fewer() -> None:
    t = seated()
    refused: list[int] = []

    def answer(name: str) -> str:
        offer = t.offer
        assert offer is not None
        if not refused:
            refused.append(len(offer["shares"]))
            return "refuse"
        return "accept"

    while step(t, answer):
        pass
    assert refused == [6]
    view = t.view("a")
    assert view["status"] == "finished"
    assert any("refuses the deal: play on" in e for e in view["events"])
    made = [e for e in view["events"] if "make a deal" in e]
    # Offered again only with fewer players; or the people went out first.
    assert not made or int(made[0].split()[0]) < 6


def test_commands_that_cannot_be_taken_say_so() -> None:
    t = WebTournament("k", {"bots": ["calling"] * 3, "table_size": 3}, seed=3, host_hash="a")
    with pytest.raises(TournamentError, match="has not started"):
        t.apply({"type": "act", "action": "fold", "token_hash": "a"})
    t.apply({"type": "join", "name": "Ann", "token_hash": "a"})
    with pytest.raises(TournamentError, match="'Ann' is taken"):
        t.apply({"type": "join", "name": "Ann", "token_hash": "x"})
    with pytest.raises(TournamentError, match="joined already"):
        t.apply({"type": "join", "name": "Annie", "token_hash": "a"})
    with pytest.raises(TournamentError, match="give a name"):
        t.apply({"type": "join", "name": "  ", "token_hash": "y"})
    t.apply({"type": "start", "token_hash": "a"})
    with pytest.raises(TournamentError, match="only the host starts"):
        t.apply({"type": "start", "token_hash": "b"})
    with pytest.raises(TournamentError, match="has started"):
        t.apply({"type": "start", "token_hash": "a"})
    with pytest.raises(TournamentError, match="registration is closed"):
        t.apply({"type": "join", "name": "Late", "token_hash": "z"})
    with pytest.raises(TournamentError, match="only the host"):
        t.apply({"type": "pause", "token_hash": "b"})
    with pytest.raises(TournamentError, match="no deal is offered"):
        t.apply({"type": "accept", "token_hash": "a"})
    with pytest.raises(TournamentError, match="unknown command"):
        t.apply({"type": "cheat", "token_hash": "a"})
    seq = t.seq
    if move(t.view("a")) is None:  # another table's turn: a move now is refused
        with pytest.raises(TournamentError, match=r"not your turn|next deal|not at a table"):
            t.apply({"type": "act", "action": "fold", "token_hash": "a"})
    else:
        with pytest.raises(TournamentError, match="you cannot raise"):
            t.apply({"type": "act", "action": "raise", "to": 10**9, "token_hash": "a"})
    assert t.seq == seq  # a refused command changes nothing


def test_the_host_pauses_the_clock_and_the_dealing() -> None:
    t = WebTournament(
        "k", {"bots": ["calling"] * 3, "table_size": 4, "level_minutes": 10}, seed=5,
        host_hash="a",
    )  # fmt: skip
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 100.0})
    t.apply({"type": "start", "token_hash": "a", "at": 100.0})
    clock = t.view("a")["clock"]
    assert (clock["level"], clock["blinds"], clock["next"]) == (1, "blinds 10/20", "blinds 15/30")
    assert clock["unit"] == "minutes" and clock["left"] == 10
    t.apply({"type": "pause", "token_hash": "a", "at": 160.0})
    t.now = 400.0
    assert t.view("a")["clock"]["paused"] and t.view("a")["clock"]["left"] == 9
    t.apply({"type": "resume", "token_hash": "a", "at": 400.0})
    t.now = 460.0
    assert t.view("a")["clock"]["left"] == 8


def test_a_restart_replays_the_stored_commands(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 't.db'}")
    hall = TournamentHall(store, seed=0)

    async def play() -> str:
        key, ann = await hall.create(SETTINGS, "Ann")
        bob = new_token_of(hall, key)
        await hall.run(key, {"type": "join", "name": "Bob"}, bob)
        await hall.run(key, {"type": "start"}, ann)
        for _ in range(12):
            for token in (ann, bob):
                action = move(hall.view(key, token))
                if action:
                    await hall.run(key, {"type": "act", "action": action}, token)
                    break
        return key

    key = asyncio.run(play())
    before = hall.get(key)
    again = TournamentHall(Store(f"sqlite:///{tmp_path / 't.db'}"))
    again.load()
    after = again.get(key)
    assert after.seq == before.seq > 12
    strip = ("clock",)
    assert {k: v for k, v in after.view(None).items() if k not in strip} == {
        k: v for k, v in before.view(None).items() if k not in strip
    }


def new_token_of(hall: TournamentHall, key: str) -> str:
    from straights.web.tokens import new_token

    return new_token()


def call(server: Server, method: str, path: str, body: Any = None, token: str = "") -> Any:
    data = (
        None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    )
    req = urllib.request.Request(server.base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_json_api(make_server: Callable[..., Server]) -> None:
    server = make_server()
    status, made = call(server, "POST", "/api/tournaments", {"settings": SETTINGS, "host": "Ann"})
    assert status == 200 and made["url"] == f"/tournament/{made['id']}"
    path = f"/api/tournaments/{made['id']}"
    status, view = call(server, "GET", path, token=made["token"])
    assert view["host"] and view["you"]["name"] == "Ann" and view["status"] == "registering"
    status, joined = call(server, "POST", path, {"type": "join", "name": "Bob"})
    assert status == 200 and joined["you"]["name"] == "Bob" and joined["token"]
    assert call(server, "POST", path, {"type": "start"}, joined["token"]) == (
        400, {"type": "error", "message": "only the host starts the tournament"}
    )  # fmt: skip
    status, started = call(server, "POST", path, {"type": "start"}, made["token"])
    assert status == 200 and started["status"] == "playing" and len(started["tables"]) == 2
    assert call(server, "GET", "/api/tournaments/nope") == (
        404, {"type": "error", "message": "no such tournament"}
    )  # fmt: skip
    status, bad = call(server, "POST", path, b"{not json")
    assert (status, bad["message"]) == (400, "the request is not JSON")
    status, bad = call(server, "POST", "/api/tournaments", {"settings": {"table_size": 1}})
    assert status == 400 and bad["message"] == "table size 1: a table seats 2 to 10"
    refused = call(server, "POST", path, {"type": "timeout", "name": "Bob"}, made["token"])
    assert refused == (400, {"type": "error", "message": "unknown command 'timeout'"})
    assert call(server, "POST", path, {"type": "act", "action": "fold"})[1]["message"] == (
        "join the tournament first"
    )
    with urllib.request.urlopen(server.base + f"/tournament/{made['id']}", timeout=5) as r:
        assert b"tournament.js" in r.read()


def test_make_deal_only_between_deals_with_registration_closed() -> None:
    from straights.tournament import Tournament, TournamentConfig

    t = Tournament(TournamentConfig(table_size=3), ["Ann", "Bob", "Cy"], seed=4)
    with pytest.raises(ConfigurationError, match="choose icm or chips"):
        t.make_deal("split")  # type: ignore[arg-type]
    deal = t.start(t.ready()[0])
    with pytest.raises(IllegalActionError, match="a deal is in play"):
        t.make_deal("chips")
    assert deal is not None
    late = Tournament(TournamentConfig(table_size=3, late_levels=1), ["Ann", "Bob"], seed=4)
    with pytest.raises(IllegalActionError, match="registration is still open"):
        late.make_deal("icm")
    even = Tournament(TournamentConfig(table_size=3, buy_in=100), ["Ann", "Bob", "Cy"], seed=1)
    assert even.deal_shares("chips") == [100, 100, 100]  # equal stacks: equal shares
    even.make_deal("chips")
    assert even.finished and sorted(p.prize for p in even.players) == [100, 100, 100]
    with pytest.raises(IllegalActionError, match="is over"):
        even.make_deal("chips")


def test_a_person_whose_time_is_up_checks_else_folds() -> None:
    t = WebTournament("k", {**SETTINGS, "turn_seconds": 30}, seed=0, host_hash="a")
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
    t.apply({"type": "join", "name": "Bob", "token_hash": "b", "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 100.0})
    waiting = sorted(t.turns)
    assert waiting and t.overdue(129.0) == [] and sorted(t.overdue(130.0)) == waiting
    name = waiting[0]
    with pytest.raises(TournamentError, match="still has time"):
        t.apply({"type": "timeout", "name": name, "at": 110.0})
    assert t.view(None)["turns"] == {n: 20.0 for n in waiting}  # the clock: 10 s gone
    token = "a" if name == "Ann" else "b"
    legal = {a["kind"] for a in t.view(token)["table"]["deal"]["legal"]}
    before = len(t.view(None)["events"])
    t.apply({"type": "timeout", "name": name, "at": 131.0})
    view = t.view(None)
    assert view["events"][before] == f"{name}'s time is up"
    me = next(p for p in view["standings"] if p["name"] == name)
    if "check" not in legal:  # he folded: his blind or nothing lost, never more
        assert me["stack"] >= 1500 - 20
    for other in (n for n in waiting if n != name):  # at another table: his own clock
        assert t.turns[other][1] == 100.0 and t.overdue(131.0) == [other]
    if name in t.turns:  # his turn again: a new clock
        assert t.turns[name][1] == 131.0


def test_a_latecomer_joins_while_registration_is_open() -> None:
    t = WebTournament(
        "k", {"bots": ["calling"] * 3, "table_size": 3, "late_levels": 1}, seed=2, host_hash="a"
    )
    t.apply({"type": "join", "name": "Ann", "token_hash": "a", "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 0.0})
    view = t.view(None)
    assert view["registration_open"] and len(view["standings"]) == 4
    t.apply({"type": "join", "name": "Zoe", "token_hash": "z", "at": 1.0})
    zoe = next(p for p in t.view("z")["standings"] if p["name"] == "Zoe")
    assert zoe["table"] is not None and zoe["stack"] == 1500
    assert t.view(None)["chips"] == 5 * 1500 and t.view(None)["pool"] == 500


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_random_tournaments_end_with_chips_and_prizes_conserved(seed: int) -> None:
    """People who play at random (raises of any size, refusals, rebuy choices, time
    running out) at random settings: always to the end, chips and money conserved."""
    import random

    r = random.Random(seed)
    settings = {
        "bots": [r.choice(["calling", "strength", "random"]) for _ in range(r.randint(2, 20))],
        "table_size": r.randint(2, 9), "schedule": "turbo", "rebuys": r.choice([0, 1, 2]),
        "add_on": r.choice([0, 1500]), "late_levels": r.choice([0, 1]),
        "reentries": r.choice([0, 1]), "deal": r.choice([None, "icm", "chips"]),
        "deal_at": r.randint(2, 4), "turn_seconds": 30,
    }  # fmt: skip
    t = WebTournament("k", settings, seed=seed, host_hash="a")
    people = ["a", "b", "c"][: r.randint(1, 3)]
    for i, token in enumerate(people):
        t.apply({"type": "join", "name": f"P{i}", "token_hash": token, "at": 0.0})
    t.apply({"type": "start", "token_hash": "a", "at": 0.0})
    at = 0.0
    for _ in range(5000):
        view = t.view(None)
        assert sum(p["stack"] for p in view["standings"]) == view["chips"]
        if view["status"] == "finished":
            break
        at += 1
        for token in people:
            mine = t.view(token)
            offer, table = mine["offer"], mine.get("table") or {}
            if offer and mine["you"]["name"] in offer["waiting"]:
                t.apply({"type": r.choice(["accept", "refuse"]), "token_hash": token, "at": at})
                break
            if table.get("deal") and table["deal"]["legal"]:
                if r.random() < 0.05:
                    at += 100
                    for name in t.overdue(at):
                        t.apply({"type": "timeout", "name": name, "at": at})
                    break
                a = r.choice(table["deal"]["legal"])
                to = r.randint(a["low"], a["high"]) if a["kind"] in ("bet", "raise") else None
                t.apply(
                    {"type": "act", "action": a["kind"], "to": to, "token_hash": token, "at": at}
                )
                break
            if r.random() < 0.02:
                t.apply({"type": "rebuys", "on": r.random() < 0.5, "token_hash": token, "at": at})
        else:
            pytest.fail(f"no end after 5000 steps: {view['events'][-3:]}")
    view = t.view(None)
    assert view["status"] == "finished"
    assert sum(p["prize"] for p in view["standings"]) == view["pool"]
    assert sorted(p["place"] for p in view["standings"]) == list(
        range(1, len(view["standings"]) + 1)
    )
