"""The pages and the tournament ask a table's game hook rather than tell the games
apart: whether the viewer may top up now (``you.top_up``), how a Pai Gow bot sets his
hands (a seat's ``sets_by``), and the deal in play (its seat to act and the order the
players were dealt in: what a tournament's tables ask of a poker table)."""

from __future__ import annotations

from typing import Any

from straights.web.protocol import TableSettings
from straights.web.tables import WebTable

ANN, BOB = "a" * 64, "b" * 64


def table(**settings: Any) -> WebTable:
    return WebTable("t1", TableSettings(**settings), seed=99, host_hash="h" * 64)


def you(t: WebTable, seat: int | None) -> dict[str, Any]:
    state: dict[str, Any] = t.state_for(seat, turn_left=None)
    return state["you"]  # type: ignore[no-any-return]


def chips(t: WebTable, seat: int) -> int:
    """The chips in front of ``seat`` as every viewer sees them."""
    return int(t.state_for(None, turn_left=None)["seats"][seat]["chips"])


def play_out(t: WebTable) -> None:
    """Every player checks or calls until the deal ends."""
    while t.in_hand:
        dealt = t.game.deal_in_play()
        seat = None if dealt is None else dealt.actor
        assert seat is not None
        legal = t.state_for(seat, turn_left=None)["hand"]["legal"]
        action = next(a for a in legal if a["kind"] in ("check", "call"))
        t.apply({"kind": "act", "seat": seat, "action": action["kind"], "to": None})


def test_a_poker_player_short_of_the_stack_may_top_up_between_deals_only() -> None:
    t = table(seats=3, stack=100, auto_limit=100)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN})
    t.apply({"kind": "sit", "seat": 2, "name": "Bob", "token_hash": BOB})
    assert you(t, 0)["top_up"] is False  # a full stack
    assert you(t, None)["top_up"] is False and you(t, 1)["top_up"] is False  # not seated
    t.apply({"kind": "adjust", "seat": 0, "chips": 60})
    assert you(t, 0)["top_up"] is True and you(t, 2)["top_up"] is False
    t.apply({"kind": "deal"})
    assert you(t, 0)["top_up"] is False  # never during a deal
    play_out(t)
    short = next(s for s in (0, 2) if chips(t, s) < 100)
    assert you(t, short)["top_up"] is True
    # Beyond the table's limit the top-up waits for the host: not offered again meanwhile.
    t.apply({"kind": "rebuy", "seat": short})
    assert chips(t, short) < 100 and you(t, short)["pending"] == 100 - chips(t, short)
    assert you(t, short)["top_up"] is False


def test_a_pai_gow_player_is_never_offered_a_top_up() -> None:
    """Between the minimum bet and the stack, a Pai Gow player rebuys when broke only."""
    t = table(game="pai-gow", edition=2, stack=100, seats=3)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN})
    t.apply({"kind": "adjust", "seat": 0, "chips": 60})
    assert chips(t, 0) == 60
    assert you(t, 0)["top_up"] is False


def test_a_pai_gow_bot_says_how_it_sets_its_hands() -> None:
    t = table(game="pai-gow", edition=2, stack=100, seats=4)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN})
    for seat, kind in ((1, "equity"), (2, "strength"), (3, "equity:tight")):
        t.apply({"kind": "bot", "seat": seat, "bot": kind})
    seats = t.state_for(None, turn_left=None)["seats"]
    assert [s.get("sets_by") for s in seats] == [None, "equity", "house way", "equity"]


def test_a_poker_table_answers_the_deal_in_play_its_seat_to_act_and_order() -> None:
    t = table(seats=4, stack=100)
    assert t.game.deal_in_play() is None
    t.apply({"kind": "sit", "seat": 1, "name": "Ann", "token_hash": ANN})
    t.apply({"kind": "sit", "seat": 3, "name": "Bob", "token_hash": BOB})
    t.apply({"kind": "deal"})
    state = t.state_for(None, turn_left=None)["hand"]
    dealt = t.game.deal_in_play()
    assert dealt is not None and dealt.number == state["hand_number"] == 1
    assert sorted(dealt.seats) == [1, 3] and dealt.seats[-1] == state["button"]  # button last
    assert not dealt.deal.finished and dealt.deal.actor is not None
    assert dealt.actor == dealt.seats[dealt.deal.actor] == state["actor"]
    play_out(t)
    assert t.game.deal_in_play() is dealt and dealt.deal.finished  # until the next deal


def test_a_pai_gow_table_has_no_poker_deal_in_play() -> None:
    t = table(game="pai-gow", edition=2, stack=100, seats=4)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": ANN})
    t.apply({"kind": "deal"})
    assert t.in_hand and t.game.deal_in_play() is None
