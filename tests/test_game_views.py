"""Views: what a seat or a spectator may see, and JSON round trips of views and events."""

from __future__ import annotations

import json

from oracle.events import HandStarted, HoleDealt, KeyDealt
from oracle.straights_table import Table
from oracle.straights_view import redact

from straights.cards import parse_cards
from straights.game import TableConfig


def deal(holes: list[str], table: str = "2c Kd 9s 5h Jc") -> list:
    pairs = [parse_cards(h) for h in holes]
    return [*[p[0] for p in pairs], *[p[1] for p in pairs], *parse_cards(table)]


def test_key_card_hidden_until_turned_and_holes_until_showdown() -> None:
    t = Table(TableConfig(seats=3), ["a", "b", "c"], seed=1, button=2)
    h = t.start_hand(deal(["Qh Th", "4d 3s", "Ah 7c"]))
    key = h.table_cards[0]
    while h.round < 5:
        for seat in (0, 1, None):
            v = t.view(seat)
            assert v.table[0] is None and key not in v.cards_seen()
            json.dumps(v.to_dict())  # JSON-ready
        t.act(h.actor, "check")  # type: ignore[arg-type]
    v = t.view(None)
    assert v.table[0] == key and v.hole is None
    assert all(p.cards is None for p in v.players)
    t.act(0, "bet")
    t.act(1, "fold")
    t.act(2, "call")
    # Showdown between seats 0 and 2: their cards are shown to all; seat 1 folded, never shown.
    spectator = t.view(None)
    shown = {p.seat: p.cards for p in spectator.players}
    assert shown[0] == h.hole(0) and shown[2] == h.hole(2) and shown[1] is None
    assert t.view(1).hole == h.hole(1)  # a seat still sees its own cards
    assert [a.winner for a in spectator.awards] == [0]


def test_a_deal_won_by_folds_shows_no_cards() -> None:
    t = Table(TableConfig(seats=2), ["a", "b"], seed=1, button=1)
    h = t.start_hand(deal(["Qh Th", "4d 3s"]))
    t.act(0, "bet")
    t.act(1, "fold")
    assert h.finished
    assert t.view(1).players[0].cards is None
    assert t.view(0).players[1].cards is None


def test_redact_removes_deck_other_holes_and_key() -> None:
    t = Table(TableConfig(seats=2), ["a", "b"], seed=4)
    t.start_hand()
    for event in t.events:
        mine = redact(event, 0)
        if isinstance(event, HandStarted):
            assert mine.deck == () and event.deck != ()
        if isinstance(event, HoleDealt):
            assert (mine.cards == event.cards) == (event.seat == 0)
            assert redact(event, None).cards == ()
        if isinstance(event, KeyDealt):
            assert mine.card is None and event.card is not None


def test_view_between_deals_and_before_the_first() -> None:
    t = Table(TableConfig(seats=4), ["a", None, "c"], seed=4)  # type: ignore[list-item]
    v = t.view(None)
    assert [p.seat for p in v.players] == [0, 2] and v.hand_number == 0
    assert json.loads(json.dumps(v.to_dict()))["players"][1]["name"] == "c"


def test_view_builders_put_every_field_in_its_place() -> None:
    """The keyword builders of game/view.py build tuples by position: each field must land
    under its own name."""
    from oracle.straights_view import PlayerView, SeatView, _player_view, _seat_view

    for cls, build in ((PlayerView, _player_view), (SeatView, _seat_view)):
        values = {name: f"<{name}>" for name in cls._fields}
        assert build(**values)._asdict() == values
        assert type(build(**values)) is cls


def test_players_in_every_view_follow_the_deal_step_by_step() -> None:
    """The rows kept between views (only the player who acted is built again) and the
    largest bet kept by the deal always match the deal: checked field by field against
    the hand after every action, for every seat and a spectator, with names that change
    in the middle of a deal."""
    import random

    from oracle.straights_view import hand_view

    rng = random.Random(7)
    for betting in ("limit", "no-limit"):
        t = Table(TableConfig(seats=5, betting=betting, starting_stack=12), list("abcde"), seed=3)
        names = {s: f"p{s}" for s in range(5)}
        for _ in range(12):
            if len(t.occupied()) < 2:
                break
            h = t.start_hand()
            step = 0
            while True:
                step += 1
                if step == 4:
                    names[h.seats[0]] = "renamed"
                assert h.current_bet == max(h.committed)  # kept by the deal as bets change
                for seat in (*h.seats, None):
                    v = hand_view(h, seat, names)
                    assert v.current_bet == (0 if h.finished else max(h.committed))
                    for i, (s, p) in enumerate(zip(h.seats, v.players, strict=True)):
                        stack, folded = h.stacks[i], h.folded[i]
                        committed = 0 if h.finished else h.committed[i]
                        all_in = not h.finished and stack == 0 and not folded
                        assert (p.seat, p.name, p.stack, p.committed, p.total) == (
                            s, names[s], stack, committed, h.total[i])  # fmt: skip
                        assert (p.in_hand, p.folded, p.all_in) == (True, folded, all_in)
                        if s == seat:
                            assert p.cards == h.hole(s)
                        elif not h.finished:
                            assert p.cards is None
                if h.finished:
                    break
                actor = h.actor
                assert actor is not None
                t.act(actor, rng.choice(h.legal_actions(actor)).kind)
