"""Tournaments: the schedule, payouts and deals, balancing and breaking, late
registration, rebuys, add-ons and re-entry, chips conserved at every deal, and
whole tournaments played by bots to the end."""

from __future__ import annotations

import math

import pytest

from straights.bots.arena import deal_bots, play_deal
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal
from straights.tournament import (
    Level,
    SeatTable,
    Tournament,
    TournamentConfig,
    chip_deal,
    icm_deal,
    parse_levels,
    payout_table,
    play_bots,
    preset,
    prizes,
)
from straights.tournament.seating import next_step

KINDS = ["strength", "calling", "random"]


def always(_: object) -> bool:
    return True


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def conserved(t: Tournament) -> None:
    """Every chip and every payment accounted for, worked out from the settings alone."""
    c = t.config
    entries = sum(p.entries for p in t.players)
    rebuys = sum(p.rebuys for p in t.players)
    add_ons = sum(p.add_ons for p in t.players)
    issued = c.stack * (entries + rebuys) + c.add_on * add_ons
    assert sum(p.stack for p in t.players) == issued
    assert all(t.players[p].stack == 0 for p in t.out)
    assert len(t.left) + len(t.out) == len(t.players) or t.finished
    assert t.pool == c.buy_in * (entries + rebuys + add_ons)


# -- the schedule --------------------------------------------------------------


def test_presets_by_deals_and_minutes() -> None:
    turbo = preset("turbo")
    assert (turbo.unit, turbo.length) == ("deals", 6)
    assert turbo.level(0) == Level(10, 20) and turbo.level(5) == Level(10, 20)
    assert turbo.level(6) == Level(15, 30)
    assert turbo.level(30) == Level(100, 200, 25)
    standard = preset("standard", minutes=True)
    assert (standard.unit, standard.length) == ("minutes", 10)
    assert standard.index(9.99) == 0 and standard.index(10) == 1
    bba = preset("bb-ante")
    assert bba.at(2) == Level(25, 50) and bba.at(3) == Level(50, 100, 100, bb_ante=True)


def test_past_the_last_level_each_level_doubles() -> None:
    s = parse_levels("10/20, 20/40/5", deals=3)
    assert [s.at(i) for i in range(4)] == [
        Level(10, 20), Level(20, 40, 5), Level(40, 80, 10), Level(80, 160, 20)
    ]  # fmt: skip


def test_host_levels_parse_and_refuse_nonsense() -> None:
    s = parse_levels("25/50, 50/100/10, 100/200/bb200", minutes=20)
    assert s.levels == (Level(25, 50), Level(50, 100, 10), Level(100, 200, 200, bb_ante=True))
    assert (s.unit, s.length) == ("minutes", 20)
    for bad in ("25", "a/b", "50/25", "0/10", "1/2/3/4"):
        with pytest.raises(ConfigurationError):
            parse_levels(bad, deals=5)
    with pytest.raises(ConfigurationError, match="deals or in minutes"):
        parse_levels("10/20", deals=5, minutes=5)
    with pytest.raises(ConfigurationError, match="no schedule 'slow'"):
        preset("slow")


def test_level_stakes_blinds_antes_and_big_blind_ante() -> None:
    holdem, limit = get_variant("NT"), get_variant("FT")
    s = Level(50, 100, 10).stakes(holdem, 4)
    assert s.blinds == (50, 100, 0, 0) and s.antes == (10, 10, 10, 10) and s.min_bet == 100
    bba = Level(50, 100, 100, bb_ante=True).stakes(holdem, 4)
    assert bba.antes == (0, 100, 0, 0) and bba.antes_are_dead
    heads_up = Level(50, 100, 100, bb_ante=True).stakes(holdem, 2)
    assert heads_up.blinds == (100, 50) and heads_up.antes == (100, 0)
    fixed = Level(50, 100).stakes(limit, 3)
    assert (fixed.small_bet, fixed.big_bet) == (100, 200)


def test_a_big_blind_ante_is_posted_by_the_big_blind_alone() -> None:
    t = Tournament(TournamentConfig(table_size=4, schedule=parse_levels("50/100/bb100", deals=9)),
                   names(4), seed=2)  # fmt: skip
    deal = t.start(1)
    assert list(deal.starting_stacks) == [1500] * 4
    put = [1500 - s for s in deal.stacks]  # what each has in the pot before anyone acts
    assert sorted(put) == [0, 0, 50, 200]  # small blind 50; big blind 100 and the ante 100


# -- payouts and deals ------------------------------------------------------------


def test_payout_tables_by_field_size() -> None:
    assert payout_table("standard", 3) == [100]
    assert payout_table("standard", 6) == [65, 35]
    assert payout_table("standard", 9) == [50, 30, 20]
    assert payout_table("standard", 18) == [40, 30, 20, 10]
    assert len(payout_table("standard", 27)) == 6 and len(payout_table("standard", 45)) == 9
    for entries in (2, 5, 8, 12, 20, 30, 60, 100, 500):
        table = payout_table("standard", entries)
        assert math.isclose(sum(table), 100) and table == sorted(table, reverse=True)
    assert payout_table("winner", 50) == [100]
    assert payout_table("60, 40", 5) == [60, 40]


@pytest.mark.parametrize(
    ("given", "message"),
    [("60,30", "add up to 90%"), ("30,70", "never pays more"), ("100,0,0,0", "4 places for 3"),
     ("top", "choose standard or winner"), ("-10,110", "0 or more")],
)  # fmt: skip
def test_bad_payout_tables_are_refused_in_one_line(given: str, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        payout_table(given, 3)


def test_prizes_are_whole_and_add_up_to_the_pool() -> None:
    assert prizes(1800, [40, 30, 20, 10]) == [720, 540, 360, 180]
    assert prizes(1000, [65, 35]) == [650, 350]
    assert prizes(7, [50, 30, 20]) == [4, 2, 1]  # 3.5, 2.1, 1.4: the odd unit to first
    for pool in range(1, 300):
        assert sum(prizes(pool, [35, 22, 15, 11, 9, 8])) == pool


def test_icm_deal_by_hand() -> None:
    # Malmuth–Harville for 5000/3000/2000 chips and 50/30/20 (tests/test_icm.py by hand):
    # 38.3929, 32.75, 28.8571 -> whole units, the odd ones to the largest remainders.
    assert icm_deal([5000, 3000, 2000], [50, 30, 20]) == [38, 33, 29]
    # two players left, prizes 600 and 300: equity = 300 + 300 * share of chips
    assert icm_deal([3000, 1000], [600, 300]) == [525, 375]
    for stacks in ([1, 1, 1], [10, 500, 7000], [123, 456, 789, 1011]):
        assert sum(icm_deal(stacks, [500, 300, 200])) == 1000


def test_chip_deal_guarantees_the_smallest_prize() -> None:
    # each is sure of 20; the other 40 by chips: 20, 12, 8
    assert chip_deal([5000, 3000, 2000], [50, 30, 20]) == [40, 32, 28]
    # more players than prizes: the fourth is sure of nothing, 100 shared by chips
    assert chip_deal([4, 3, 2, 1], [70, 30]) == [40, 30, 20, 10]


# -- balancing and breaking ---------------------------------------------------------


def test_balancing_moves_from_the_fullest_to_the_shortest() -> None:
    assert next_step({1: 9, 2: 9, 3: 7}, 9) == ("move", 1, 3)
    assert next_step({1: 8, 2: 9, 3: 7}, 9) == ("move", 2, 3)
    assert next_step({1: 9, 2: 8, 3: 8}, 9) is None  # differ by one: left alone
    assert next_step({1: 6, 2: 4}, 9) == ("move", 1, 2)
    assert next_step({1: 9, 2: 7}, 9, busy={2}) is None  # a table dealing is left alone


def test_a_table_breaks_when_the_players_fit_at_one_fewer() -> None:
    assert next_step({1: 9, 2: 8, 3: 1}, 9) == ("break", 3, 0)  # 18 fit at two tables
    assert next_step({1: 9, 2: 9, 3: 1}, 9) == ("move", 1, 3)  # 19 do not
    assert next_step({1: 5, 2: 4}, 9) == ("break", 2, 0)  # the final table
    assert next_step({1: 2, 2: 1}, 2) is None  # three players need two tables of two


def test_the_next_big_blind_is_the_one_who_moves() -> None:
    # seats 0..5; the button (for the next deal) at seat 1; seats 3 and 4 empty
    table = SeatTable(1, [10, 11, 12, None, None, 15], button=1)
    assert table.order() == [12, 15, 10, 11]  # small blind 12, big blind 15, button 11
    assert table.next_big_blind() == 15
    table.seats[1] = None  # the button's seat empties: the button passes on to seat 2
    assert table.order() == [15, 10, 12] and table.next_big_blind() == 10
    heads_up = SeatTable(2, [None, 20, None, 23], button=3)
    assert heads_up.next_big_blind() == 20  # heads-up the player left of the button


def drive(t: Tournament, seed: int, check: bool = True) -> list[tuple[list[int], Deal, list[int]]]:
    """Play ``t`` to the end with bots, table after table, checking every deal; returns
    each deal with the players who went out in it and its players in order."""
    bots = deal_bots([KINDS[i % 3] for i in range(len(t.players) + 8)], seed)
    outs: list[tuple[list[int], Deal, list[int]]] = []
    while not t.finished:
        ready = t.ready()
        assert ready, "a tournament not over has a table that can deal"
        for number in ready:
            if number not in t.ready():
                continue
            deal = t.start(number)
            players = [p.id for p in t.players_of(number)]
            play_deal(deal, [bots[p] for p in players])
            gone = len(t.out)
            t.finish(number, deal)
            outs.append((t.out[gone:], deal, players))
            if check:
                conserved(t)
                live = [len(x.players) for x in t.tables if x.live]
                if not t.finished:
                    left = len(t.left)
                    assert len(live) == math.ceil(left / t.config.table_size), live
                    assert max(live) - min(live) <= 1, live  # balanced after every deal
            if t.finished:
                break
    return outs


def test_a_balancing_move_takes_the_worst_position() -> None:
    # button (next deal) at seat 0: small blind 12 (seat 2), big blind 15 (seat 4)
    table = SeatTable(1, [10, None, 12, None, 15, None], button=0)
    assert table.worst_seat() == 3  # between the blinds: he posts the big blind next
    table = SeatTable(1, [10, None, 12, 13, 15, None], button=0)
    assert table.worst_seat() == 5  # the big blind soonest after the blinds now
    table = SeatTable(1, [None, 11, 12, 13], button=3)  # the open seat is the button's
    assert table.worst_seat() == 0  # every open seat is before the small blind


def test_balancing_moves_the_next_big_blind_of_the_fullest_table() -> None:
    t = Tournament(TournamentConfig(table_size=4, schedule=preset("turbo")), names(8), seed=3)
    bots = deal_bots(["random"] * 8, 3)
    moves = []
    for _ in range(300):  # only table 1 deals, so table 2 stays as it is until it gives
        if 1 not in t.ready():
            break
        expected = t.tables[1].next_big_blind()
        seen = len(t.events)
        deal = t.start(1)
        play_deal(deal, [bots[p.id] for p in t.players_of(1)])
        t.finish(1, deal)
        moves = [e for e in t.events[seen:] if e.kind == "balance"]
        if moves:
            assert (moves[0].player, moves[0].table, moves[0].to_table) == (expected, 2, 1)
            break
    assert moves, "table 1 lost two players and table 2 gave one"
    counts = [len(x.players) for x in t.tables]
    assert max(counts) - min(counts) <= 1
    conserved(t)


def test_27_players_three_tables_balanced_and_broken_to_the_end() -> None:
    t = Tournament(TournamentConfig(table_size=9, schedule=preset("turbo")), names(27), seed=5)
    assert [len(x.players) for x in t.tables] == [9, 9, 9]
    drive(t, seed=5)
    broken = [e.table for e in t.events if e.kind == "break"]
    assert broken == [3, 2]  # the pre-set order: the highest-numbered first
    assert t.final_table is not None and len(t.final_table[1]) <= 9
    assert sorted(p.place for p in t.players) == list(range(1, 28))
    assert sum(p.prize for p in t.players) == t.pool == 2700
    assert [p.prize for p in t.standings()][:7] == [945, 594, 405, 297, 243, 216, 0]
    for e in t.events:
        if e.kind == "balance":
            assert e.table != e.to_table


@pytest.mark.parametrize(
    ("players", "size", "seed"), [(5, 2, 1), (7, 3, 2), (12, 4, 3), (14, 5, 4), (11, 10, 5)]
)
def test_every_field_ends_balanced_conserved_and_placed(players: int, size: int, seed: int) -> None:
    config = TournamentConfig(table_size=size, schedule=preset("turbo"), rebuys=1,
                              rebuy_levels=1, add_on=500)  # fmt: skip
    t = Tournament(config, names(players), seed=seed, rebuy=always, add_on=always)
    drive(t, seed)  # balanced, with a table per `table_size` players, after every deal
    assert sorted(p.place for p in t.players) == list(range(1, players + 1))
    assert sum(p.prize for p in t.players) == t.pool
    assert t.deals == sum(x.deals for x in t.tables)


def test_busts_in_one_deal_place_by_the_stacks_they_started_with() -> None:
    seen = 0
    for seed in range(6):
        t = Tournament(TournamentConfig(table_size=6, schedule=preset("turbo")), names(6),
                       seed=seed)  # fmt: skip
        for out, deal, players in drive(t, seed):
            if len(out) < 2:
                continue
            seen += 1
            start = {p: deal.starting_stacks[i] for i, p in enumerate(players)}
            places = [t.players[p].place for p in out]  # first out first: worse places
            assert places == sorted(places, reverse=True)
            assert [start[p] for p in out] == sorted(start[p] for p in out)
    assert seen, "some deal put out two players at once"


# -- registration, re-entry, rebuys, add-ons ------------------------------------------


def test_late_registration_seats_at_the_shortest_table_then_closes() -> None:
    t = Tournament(TournamentConfig(table_size=4, late_levels=1,
                                    schedule=parse_levels("10/20, 20/40", deals=2)),
                   names(7), seed=1)  # fmt: skip
    assert sorted(len(x.players) for x in t.tables) == [3, 4]
    late = t.register("Late")
    short = next(x for x in t.tables if x.number == late.table)
    assert len(short.players) == 4 and late.stack == 1500 and t.pool == 800
    new = t.register("Later")  # every seat taken: a third table opens; balancing fills it
    assert new.table == 3
    with pytest.raises(ConfigurationError, match="registered already"):
        t.register("Late")
    for number in t.ready()[:2]:
        deal = t.start(number)
        play_deal(deal, deal_bots(["calling"] * deal.n, 1))
        t.finish(number, deal)
    assert sorted(len(x.players) for x in t.tables if x.live) in ([3, 3, 3], [2, 3, 3])
    while t.level_index < 1:
        number = t.ready()[0]
        deal = t.start(number)
        play_deal(deal, deal_bots(["calling"] * deal.n, 1))
        t.finish(number, deal)
    with pytest.raises(IllegalActionError, match="registration is closed"):
        t.register("Too late")


def test_reentry_and_late_registration_played_out() -> None:
    config = TournamentConfig(table_size=6, late_levels=3, reentries=1,
                              schedule=preset("turbo"))  # fmt: skip
    t = Tournament(config, names(10), seed=4, reenter=always)
    play_bots(t, KINDS, seed=4, late=["L1", "L2"], on_deal=lambda t, n, d: conserved(t))
    assert len(t.players) == 12
    again = [p for p in t.players if p.entries == 2]
    assert again, "somebody busted during registration and re-entered"
    assert all(p.entries <= 2 for p in t.players)
    assert sorted(p.place for p in t.players) == list(range(1, 13))
    entries = sum(p.entries for p in t.players)
    assert t.pool == 100 * entries and sum(p.prize for p in t.players) == t.pool
    assert any(e.kind == "re-entry" for e in t.events)
    assert sum(e.kind == "register" for e in t.events) == 2


def test_rebuys_and_add_ons_keep_chips_and_money_conserved() -> None:
    config = TournamentConfig(table_size=9, rebuys=2, rebuy_levels=2, add_on=2000,
                              schedule=preset("turbo"))  # fmt: skip
    t = Tournament(config, names(9), seed=8, rebuy=always, add_on=always)
    play_bots(t, KINDS, seed=8, on_deal=lambda t, n, d: conserved(t))
    rebuys = sum(p.rebuys for p in t.players)
    add_ons = sum(p.add_ons for p in t.players)
    assert rebuys > 0 and all(p.rebuys <= 2 for p in t.players)
    assert add_ons > 0
    assert t.chips == 1500 * (9 + rebuys) + 2000 * add_ons
    assert t.pool == 100 * (9 + rebuys + add_ons) == sum(p.prize for p in t.players)


def test_rebuys_and_add_ons_only_when_offered() -> None:
    config = TournamentConfig(table_size=3, rebuys=2, rebuy_levels=1, add_on=500,
                              schedule=parse_levels("10/20, 20/40, 40/80", deals=2))  # fmt: skip
    t = Tournament(config, names(3), seed=1)
    ann = t.players[0]
    with pytest.raises(IllegalActionError, match="no add-on"):
        t.take_add_on(ann)
    t.rebuy(ann)
    assert ann.stack == 3000 and t.pool == 400
    with pytest.raises(IllegalActionError, match="more than 1500"):
        t.rebuy(ann)
    bob = t.players[1]
    bob.stack -= 1500  # as if he had lost them to Ann, whose chips go up as much
    ann.stack += 1500
    t.rebuy(bob)
    t.rebuy(bob)
    with pytest.raises(IllegalActionError, match="2 rebuys already"):
        t.rebuy(bob)
    conserved(t)
    deal = t.start(1)
    with pytest.raises(IllegalActionError, match="in a deal"):
        t.rebuy(t.players[2])
    play_deal(deal, deal_bots(["calling"] * 3, 1))
    t.finish(1, deal)
    while t.level_index < 1 and not t.finished:
        deal = t.start(1)
        play_deal(deal, deal_bots(["calling"] * deal.n, 1))
        t.finish(1, deal)
    assert not t.finished and t.level_index == 1
    with pytest.raises(IllegalActionError, match="rebuy period is over"):
        t.rebuy(t.left[0])
    t.take_add_on(t.left[0])
    assert t.left[0].add_ons == 1
    with pytest.raises(IllegalActionError, match="has taken the add-on"):
        t.take_add_on(t.left[0])
    conserved(t)


def test_a_level_by_deals_lasts_that_many_deals_at_a_sit_and_go() -> None:
    t = Tournament(TournamentConfig(table_size=6, schedule=parse_levels("10/20, 15/30", deals=3)),
                   names(6), seed=1)  # fmt: skip
    bots = deal_bots(["calling"] * 6, 1)
    bigs = []
    for _ in range(7):
        deal = t.start(1)
        bigs.append(max(deal.stakes.blinds))
        play_deal(deal, bots[: deal.n])
        t.finish(1, deal)
    assert bigs == [20, 20, 20, 30, 30, 30, 60]  # then doubling past the last level
    assert [(i, at) for i, _, at in t.levels] == [(0, 0), (1, 3), (2, 6)]


def test_levels_by_minutes_follow_the_clock() -> None:
    now = [0.0]
    config = TournamentConfig(table_size=6, schedule=parse_levels("10/20, 25/50", minutes=15))
    t = Tournament(config, names(6), seed=1, clock=lambda: now[0])
    assert t.level == Level(10, 20)
    now[0] = 15 * 60 - 1
    assert t.level_index == 0
    now[0] = 15 * 60
    deal = t.start(1)
    assert max(deal.starting_stacks) - min(deal.stacks) == 50  # the big blind posted 50
    assert t.levels[-1][1] == Level(25, 50)


def test_a_pause_stops_the_clock_and_the_dealing() -> None:
    now = [0.0]
    config = TournamentConfig(table_size=6, schedule=parse_levels("10/20, 25/50", minutes=10))
    t = Tournament(config, names(6), seed=1, clock=lambda: now[0])
    now[0] = 4 * 60
    assert t.level_left == 6 and t.ready() == [1]
    t.pause()
    now[0] = 30 * 60  # twenty-six minutes of pause count for nothing
    assert t.paused and t.ready() == [] and t.level_left == 6
    with pytest.raises(IllegalActionError, match="cannot deal"):
        t.start(1)
    with pytest.raises(IllegalActionError, match="paused"):
        play_bots(t, KINDS)
    t.resume()
    assert t.ready() == [1] and t.level_index == 0
    now[0] += 6 * 60
    assert t.level_index == 1 and t.level_left == 10


def test_levels_by_deals_count_down_in_deals() -> None:
    t = Tournament(TournamentConfig(table_size=6, schedule=preset("turbo")), names(6), seed=1)
    assert t.level_left == 6
    deal = t.start(1)
    assert t.level_left == 5
    play_deal(deal, deal_bots(["calling"] * 6, 1))
    t.finish(1, deal)
    summary = t.summary()
    assert summary["levels_by"] == "deals" and summary["level_length"] == 6
    assert summary["deals"] == 1 and not summary["finished"]
    assert summary["levels"] == [{"level": 1, "small_blind": 10, "big_blind": 20, "ante": 0,
                                  "big_blind_ante": False, "stakes": "blinds 10/20",
                                  "from_deal": 1}]  # fmt: skip
    assert summary["final_table"] == {"at_deal": 0, "players": names(6)}  # a sit-and-go


# -- whole tournaments --------------------------------------------------------------


def test_eighteen_players_to_the_end_with_a_fixed_seed() -> None:
    def play() -> Tournament:
        t = Tournament(TournamentConfig(table_size=9, schedule=preset("turbo")), names(18),
                       seed=3)  # fmt: skip
        play_bots(t, KINDS, seed=3,
                  on_deal=lambda t, n, d: conserved(t))  # fmt: skip
        return t

    t = play()
    assert sorted(p.place for p in t.players) == list(range(1, 19))
    assert [p.prize for p in t.standings()] == [720, 540, 360, 180] + [0] * 14
    assert sum(p.prize for p in t.players) == t.pool == 1800
    assert [e.table for e in t.events if e.kind == "break"] == [2]
    assert t.final_table is not None
    at, final = t.final_table
    out_before = sum(1 for p in t.players if p.out_at is not None and p.out_at <= at)
    assert len(final) == 18 - out_before <= 9  # everyone left sits at the final table
    assert [lv for _, lv, _ in t.levels][:3] == [Level(10, 20), Level(15, 30), Level(25, 50)]
    assert [(p.name, p.place) for p in play().players] == [(p.name, p.place) for p in t.players]


@pytest.mark.parametrize("kind", ["icm", "chips"])
def test_a_deal_at_the_end_shares_the_prizes_left(kind: str) -> None:
    config = TournamentConfig(table_size=9, schedule=preset("turbo"), deal=kind,  # type: ignore[arg-type]
                              deal_at=3)  # fmt: skip
    t = Tournament(config, names(9), seed=6)
    play_bots(t, KINDS, seed=6)
    dealt = [p for p in t.standings() if p.dealt]
    assert len(dealt) == 3 and [p.place for p in dealt] == [1, 2, 3]
    assert sum(p.prize for p in dealt) == 900 * (50 + 30 + 20) // 100
    assert sum(p.prize for p in t.players) == 900
    assert all(p.prize >= 180 for p in dealt)  # never less than third prize
    assert t.dealt == kind


def test_settings_refused_in_one_line() -> None:
    with pytest.raises(ConfigurationError, match="at most 8 players"):
        TournamentConfig(game=get_variant("FR"), table_size=9)
    with pytest.raises(ConfigurationError, match="seats 2 to 10"):
        TournamentConfig(table_size=11)
    with pytest.raises(ConfigurationError, match="add up to"):
        TournamentConfig(payouts="50,30")
    with pytest.raises(ConfigurationError, match="two or more"):
        Tournament(TournamentConfig(), ["Solo"])
    t = Tournament(TournamentConfig(table_size=3), names(5), seed=1)
    with pytest.raises(IllegalActionError, match="cannot deal"):
        t.start(7)


def test_a_player_moved_goes_to_a_table_with_room_even_if_it_is_dealing() -> None:
    """Tables that deal at once (the web table): a full table between deals is no place
    for a player moved; the one in a deal with an empty seat is (regression: a broken
    table's player was sent to a full table and the draw of a seat failed)."""
    t = Tournament(TournamentConfig(table_size=3), ["A", "B", "C", "D", "E"], seed=1)
    assert [len(x.players) for x in t.tables] == [3, 2]
    t.start(2)  # table 2 deals; table 1 is full and between deals
    assert t._shortest() is t.tables[1]


# -- every game of the catalogue ------------------------------------------------


def test_a_stud_tournament_posts_antes_and_a_bring_in_and_conserves_chips() -> None:
    schedule = parse_levels("10/20, 100/200", deals=4)
    t = Tournament(TournamentConfig(table_size=4, schedule=schedule, game=get_variant("F7S")),
                   names(7), seed=8)  # fmt: skip
    seen: list[tuple[int, int, int, int]] = []

    def check(t: Tournament, _table: int, deal: Deal) -> None:
        s = deal.stakes
        assert not any(s.blinds) and len(set(s.antes)) == 1
        seen.append((s.antes[0], s.bring_in, s.small_bet, s.big_bet))
        conserved(t)

    play_bots(t, ["calling", "strength", "random"], seed=8, on_deal=check)
    assert t.finished and sum(p.prize for p in t.players) == 700
    assert seen[0] == (2, 5, 20, 40)  # level 10/20: ante 1/8 of 20, bring-in half of 10
    assert (25, 50, 200, 400) in seen  # level 100/200
    assert sorted(p.place for p in t.players) == list(range(1, 8))


@pytest.mark.parametrize("game", ["straights", "razz", "courchevel", "badugi"])
def test_games_without_blinds_or_with_odd_streets_play_to_the_end(game: str) -> None:
    from straights.poker.catalogue import find_variant

    t = Tournament(TournamentConfig(table_size=3, schedule=preset("turbo"),
                                    game=find_variant(game)), names(5), seed=3)  # fmt: skip
    play_bots(t, ["calling", "random"], seed=3, on_deal=lambda t, _n, _d: conserved(t))
    assert t.finished and [p.prize for p in t.standings()][:3] == [325, 175, 0]  # 65/35 % of 500


# -- a table the caller deals (begin / end) -----------------------------------------


def test_a_tournament_driven_through_begin_and_end_plays_to_the_end() -> None:
    """The caller deals each deal on a table of his own (here the engine's one table
    with the level's stakes) and hands back the stacks: the same bookkeeping."""
    from straights.table import PokerGame, Table

    t = Tournament(TournamentConfig(table_size=4, schedule=preset("turbo"),
                                    game=get_variant("F7S")), names(7), seed=5)  # fmt: skip
    bots = deal_bots(["calling", "strength", "random", "calling"], 5)
    while not t.finished:
        for number in t.ready():
            if number not in t.ready():
                continue
            order = t.begin(number)
            level = t.tables[number - 1].level
            assert level is not None
            with pytest.raises(IllegalActionError, match="cannot deal now"):
                t.begin(number)
            dealer = Table(PokerGame(level.stakes), [t.players[p].name for p in order],
                           [t.players[p].stack for p in order], seed=t.deals,
                           button=len(order) - 1)  # fmt: skip
            deal = dealer.start(t.config.variant)
            assert deal.stakes.bring_in == max(1, level.big // 8, level.small // 2)
            play_deal(deal, bots[: deal.n])
            dealer.finish(deal)
            t.end(number, dealer.stacks)
            conserved(t)
    assert sorted(p.place for p in t.players) == list(range(1, 8))
    assert sum(p.prize for p in t.players) == 700


def test_end_takes_only_a_begun_deal_with_every_chip() -> None:
    t = Tournament(TournamentConfig(table_size=3), names(3), seed=1)
    with pytest.raises(IllegalActionError, match="no deal of its own in play"):
        t.end(1, [1500, 1500, 1500])
    t.begin(1)
    with pytest.raises(IllegalActionError, match="give 3 stacks"):
        t.end(1, [4500])
    with pytest.raises(AssertionError, match="chips not conserved"):
        t.end(1, [1500, 1500, 1501])
    t.end(1, [0, 1500, 3000])
    assert len(t.left) == 2 and t.deals == 1
    conserved(t)
