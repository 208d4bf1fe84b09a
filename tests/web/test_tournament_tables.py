"""A tournament dealt on the cash game's one web table: players seated with their
chips, moved and taken away by the tournament, each level's forced bets, chips
conserved at every deal on every table, broken tables closed, and a person's cards
hidden from the others as at a cash table."""

from __future__ import annotations

from typing import Any

import pytest

from straights.errors import IllegalActionError
from straights.poker.catalogue import find_variant
from straights.tournament import Tournament, TournamentConfig, parse_levels
from straights.web.protocol import TableSettings
from straights.web.tables import make_table
from straights.web.tournament_tables import TournamentTables

ANN = "a" * 64


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def conserved(t: Tournament, tables: TournamentTables) -> None:
    """Every chip issued is in a stack; each web table between deals holds exactly the
    chips of the players sitting at it, whom the tournament seats there (a player moved
    in sits down at its next deal), and its ledger says so; the web tables' chips and
    those of the players not yet sat down add up to every chip issued."""
    issued = t.config.stack * len(t.players)
    assert sum(p.stack for p in t.players) == issued
    by_name = {p.name: p for p in t.players}
    on_web = 0
    sitting: set[str] = set()
    for number, web in tables.tables.items():
        bought = sum(e.amount for e in web.entries if e.kind == "buy-in")
        cashed = sum(e.amount for e in web.entries if e.kind == "cash-out")
        assert bought - cashed == web.chips()  # the ledger holds every chip on the table
        if web.in_hand:
            return  # a deal in play elsewhere: its stacks are in the engine
        here = [m.name for m in web.seats if m is not None]
        assert all(by_name[n].table == number for n in here), (number, here)
        assert web.chips() == sum(by_name[n].stack for n in here)
        on_web += web.chips()
        sitting |= set(here)
    waiting = sum(p.stack for p in t.players if p.name not in sitting)
    assert on_web + waiting == issued


@pytest.mark.parametrize(("game", "size"), [("holdem", 4), ("stud", 4), ("omaha", 3)])
def test_bots_play_a_two_table_tournament_on_web_tables(game: str, size: int) -> None:
    levels = parse_levels("10/20, 20/40, 50/100/10, 100/200/25", deals=3)
    config = TournamentConfig(table_size=size, schedule=levels, game=find_variant(game))
    t = Tournament(config, names(7), seed=4)
    tables = TournamentTables(t, "t", 9, bots={n: "calling" if n < "P4" else "random"
                                               for n in names(7)})  # fmt: skip
    stakes: list[Any] = []
    while not t.finished:
        for number in t.ready():
            if number not in t.ready():
                continue
            web = tables.start(number)
            hand = web.game.engine.hand  # type: ignore[attr-defined]
            level = t.tables[number - 1].level
            stakes.append((level, hand.deal.stakes))
            dealt = sorted(hand.seats)
            assert dealt == sorted(
                s for s, p in enumerate(t.tables[number - 1].seats) if p is not None
            )
            tables.bot_moves(number)
            tables.end(number)
            conserved(t, tables)
    assert sorted(p.place for p in t.players) == list(range(1, 8))
    assert sum(p.prize for p in t.players) == 700
    assert len(t.tables) >= 2 and [e.kind for e in t.events].count("break") == len(t.tables) - 1
    assert all(web.closed for web in tables.tables.values())  # broken, then the end
    for level, s in stakes:  # each deal at the web table posted the level's forced bets
        if game == "stud":
            assert s.bring_in == max(level.big // 8, level.small // 2) and not any(s.blinds)
            assert set(s.antes) == {max(1, level.big // 8)}
        else:
            assert sorted(b for b in s.blinds if b) == [level.small, level.big]
            assert set(s.antes) == {level.ante}


def test_a_person_sees_his_own_cards_and_acts_at_a_tournament_table() -> None:
    config = TournamentConfig(table_size=3, schedule=parse_levels("10/20", deals=5))
    t = Tournament(config, ["Ann", "B1", "B2"], seed=2)
    tables = TournamentTables(t, "t", 3, people={"Ann": ANN}, bots={"B1": "calling",
                                                                     "B2": "calling"})  # fmt: skip
    web = tables.start(1)
    seat = next(i for i, m in enumerate(web.seats) if m is not None and m.name == "Ann")
    assert web.seats[seat].token_hash == ANN  # type: ignore[union-attr]
    tables.bot_moves(1)
    mine = web.state_for(seat, turn_left=None)
    other = web.state_for(None, turn_left=None)
    assert mine["you"] is not None
    text_mine, text_other = repr(mine), repr(other)
    own = web.game.bot_view(seat).me.cards  # type: ignore[attr-defined]
    shown = [c.ascii() for c in own if c is not None]
    assert len(shown) == 2 and all(f"'{code}'" in text_mine for code in shown)
    assert not any(f"'{code}'" in text_other for code in shown)  # a spectator never sees them
    # Ann acts as at a cash table (check or fold), then the bots finish the deal.
    while web.in_hand and web.game.engine.actor == seat:  # type: ignore[attr-defined]
        web.apply(web.game.fallback(seat, "asked"))
        tables.bot_moves(1)
    tables.end(1)
    assert sum(p.stack for p in t.players) == 4500 and t.deals == 1


def test_tournament_commands_are_refused_at_a_cash_table_and_during_a_deal() -> None:
    cash = make_table("c", TableSettings(seats=3, games=("NT",)), 1, "h" * 64)
    with pytest.raises(IllegalActionError, match="not a tournament's table"):
        cash.apply({"kind": "tseat", "seat": 0, "name": "Ann", "chips": 100})
    t = Tournament(TournamentConfig(table_size=3), ["B0", "B1", "B2"], seed=1)
    tables = TournamentTables(t, "t", 1, bots={"B0": "calling", "B1": "calling", "B2": "calling"})
    web = tables.start(1)
    assert web.in_hand
    with pytest.raises(IllegalActionError, match="between deals"):
        web.apply({"kind": "tstand", "seat": 0})
    with pytest.raises(IllegalActionError, match="still being played"):
        tables.end(1)


def test_a_tournament_table_dealing_straights_tells_no_dealer_draw() -> None:
    # The tournament places the button (``tlevel``); a dealer draw told with the first deal
    # ("… P2 deals first") would name a dealer the deal does not have.
    config = TournamentConfig(
        table_size=4, schedule=parse_levels("10/20, 20/40", deals=3), game=find_variant("straights")
    )
    t = Tournament(config, names(4), seed=4)
    tables = TournamentTables(t, "t", 9, bots=dict.fromkeys(names(4), "calling"))
    web = tables.start(t.ready()[0])
    hand = web.game.deal_in_play()
    assert hand is not None and hand.number == 1
    assert web.game.draw_lines(hand) == []
    assert not any("deals first" in line for line in web.game.log_lines(hand, None))
