"""New web Straights tables deal at the one table (``PokerWebGame``) by Straights'
rule book: its own stakes, the dealer draw, the key card and the carried pot."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from oracle.straights_table import draw_button

from straights.bots import make_bot
from straights.cards import Card
from straights.web.follow import best_words
from straights.web.manager import make_table
from straights.web.protocol import parse_settings
from straights.web.tables import WebTable

HUMAN = "a" * 64


def straights_table(body: bytes = b'{"seats": 4, "ante": 2}', seed: int = 11) -> WebTable:
    t = make_table("str1", parse_settings(body), seed, "h" * 64)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": HUMAN})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    t.apply({"kind": "bot", "seat": 3, "bot": "calling"})
    return t


def hand(t: WebTable, seat: int | None = 0) -> dict[str, Any]:
    state: dict[str, Any] = t.state_for(seat, turn_left=None)
    return dict(state["hand"])


def test_the_create_forms_straights_deals_the_catalogues_straights() -> None:
    for body, code in [(b"{}", "_STR55L"), (b'{"betting": "no-limit"}', "_STR55N"),
                       (b'{"pack": 52}', "_STR52L")]:  # fmt: skip
        t = make_table("s", parse_settings(body), 3, "h" * 64)
        assert type(t.game).__name__ == "PokerWebGame" and t.settings.games == (code,)


def test_straights_antes_are_live_and_the_first_button_is_drawn_for() -> None:
    t = straights_table()
    t.apply({"kind": "deal"})
    h = hand(t)
    # rule 2: every player antes 2 (the ante), the ladder's unit is the ante
    assert h["pot"] == 3 * 2 and h["stakes"] == "ante 2"
    # rule 1: the dealer draw among the three seated (0, 1, 3), from the table's seed
    winner = draw_button(3, 55, 11)[-1].winner
    assert winner is not None and h["button"] == [0, 1, 3][winner]
    # ... told first in the deal's log, the drawer's name last
    drawn = [line for line in h["log"] if line.startswith("Draw for the dealer")]
    names = {0: "Ann", 1: "Bot 2", 3: "Bot 4"}
    assert drawn and drawn[-1].endswith(f"{names[h['button']]} deals first")
    # the key card: table position 0 dealt face down, the first table card face up
    assert h["board"][0] is None and h["board"][1] is not None and h["board_total"] == 5
    # the viewer's best straight, from his hole cards and the face-up table card only
    assert h["best"] == best_words(Card(h["hole"][0]), Card(h["hole"][1]),
                                   (Card(h["board"][1]),), 55)  # fmt: skip
    assert hand(t, None)["best"] is None  # a spectator has no hand


def test_a_carried_pot_goes_into_the_next_deal_and_is_shown() -> None:
    t = straights_table()
    t.game.engine.carry = 7  # type: ignore[attr-defined]  # as rule 10 leaves it
    t.apply({"kind": "deal"})
    h = hand(t)
    assert h["carry"] == 7 and h["pot"] == 7 + 3 * 2
    assert t.game.engine.hand.deal.carry_in == 7  # type: ignore[attr-defined]


def test_the_host_changes_a_straights_tables_betting() -> None:
    t = straights_table()
    t.apply({"kind": "change", "betting": "no-limit"})
    assert t.settings.games == ("_STR55N",) and t.settings.betting == "no-limit"
    t.apply({"kind": "deal"})
    assert hand(t)["variant"] == "_STR55N"


def test_the_cfr_bot_sits_at_a_straights_table() -> None:
    t = straights_table(b'{"seats": 4, "bot_kind": "cfr"}')
    t.apply({"kind": "bot", "seat": 2, "bot": "cfr"})
    t.apply({"kind": "deal"})
    for _ in range(200):  # the person times out (checks or folds), the bots play
        plan = t.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
        assert plan is not None
        command = plan.command
        if command is None:  # a bot's move, made as the server makes it
            seat = plan.bot_seat
            assert seat is not None
            meta = t.seats[seat]
            assert meta is not None and meta.bot is not None
            bot = partial(make_bot, meta.bot, random.Random(seat))
            command = t.game.bot_move(seat, bot)()
        t.apply(command)
        if t.hand_number == 3:
            break
    assert t.hand_number == 3


def test_nothing_hidden_leaks_at_a_straights_table() -> None:
    """Every viewer's state names only cards the engine's deal lets him know: the key
    card stays hidden until it is turned, other players' hole cards until shown."""
    from webtools import cards_in, deal_visible

    t = straights_table()
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        engine = t.game.engine  # type: ignore[attr-defined]
        if engine.hand is not None:
            deal = engine.hand.deal
            for seat in (None, 0, 1, 3):
                state = t.state_for(seat, turn_left=None)
                # the dealer draw's cards are drawn face up for everyone (rule 1)
                for part in (state["hand"], state["follow"]):
                    part["log"] = [x for x in part["log"] if not x.startswith("Draw for")]
                me = engine.hand.player_index(t.owner_in_deal(seat, engine.hand.number))
                seen = cards_in(state["hand"]) | cards_in(state["follow"])
                assert seen <= deal_visible(deal, me), (seat, seen - deal_visible(deal, me))
                checked += len(seen)
        plan = t.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
        assert plan is not None
        command = plan.command
        if command is None:
            seat = plan.bot_seat
            assert seat is not None
            command = t.game.bot_move(seat, partial(make_bot, "random", rng))()
        t.apply(command)
        if t.hand_number == 4:
            break
    assert t.hand_number == 4 and checked > 100


def play_out(t: WebTable, deals: int) -> None:
    """Ann times out (checks when she may), the calling bots call, until ``deals`` ended."""
    rng = random.Random(2)
    for _ in range(400):
        if t.hand_number >= deals and not t.in_hand:
            return
        plan = t.next_auto(connected={0}, idle=1e9, bot_delay=0, deal_delay=0)
        assert plan is not None
        command = plan.command
        if command is None:
            seat = plan.bot_seat
            assert seat is not None
            command = t.game.bot_move(seat, partial(make_bot, "calling", rng))()
        t.apply(command)
    raise AssertionError("the deals did not end")


def test_the_winners_chips_are_told_for_the_page_to_fly() -> None:
    t = straights_table()
    play_out(t, 1)
    h = hand(t)
    assert h["finished"] and h["awards"]
    # each award is a pot share of the engine's, to a seat that won exactly that much
    won = {p["seat"]: p["won"] for p in h["players"]}
    for seat in won:
        assert sum(a["amount"] for a in h["awards"] if a["winner"] == seat) == won[seat]
    assert sum(won.values()) == 3 * 2  # the antes, nobody bet (Ann checks, bots call)


class _Stacked(list[Card]):
    """A deck that "shuffles" to its own order."""

    def shuffled(self, rng: Any = None) -> list[Card]:
        return list(self)


def test_a_pot_nobody_wins_is_told_in_the_pot_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """S-T-R-8 on the table and no 8 in a hand (rule 10): the pot of the two antes and
    a penalty of 1 from each carry over, in the server's words."""
    from straights.cards import make_deck, parse_cards
    from straights.web import poker_game

    top = list(parse_cards("2c 3d 4s 5h 9d S T R 8c"))  # hole cards, key card, table
    deck = _Stacked(top + [c for c in make_deck("straights") if c not in top])
    monkeypatch.setattr(poker_game, "make_deck", lambda *a, **k: deck)
    t = make_table("str2", parse_settings(b'{"seats": 2, "ante": 2}'), 11, "h" * 64)
    t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": HUMAN})
    t.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    play_out(t, 1)
    state = t.state_for(0, turn_left=None)
    words = "Pot of 4 + penalties 2 carry over: 6 chips stay in the middle for the next deal"
    assert state["follow"]["carry_text"] == words + " (rule 10)"
    assert state["hand"]["awards"] == [] and {p["won"] for p in state["hand"]["players"]} == {0}


def test_the_replayer_shows_the_key_card_dealt_and_turned() -> None:
    t = straights_table()
    play_out(t, 1)
    history = t.history_for(0, 1)
    texts = [e["text"] for e in history["events"]]
    boards = [f["board"] for f in history["frames"]]
    dealt = texts.index("The key card is dealt face down")
    turned = next(k for k, x in enumerate(texts) if x.startswith("The key card is turned: "))
    # before the key card: an empty table; then it lies face down; turned, it shows
    assert texts[0].startswith("Deal 1: ") and boards[0] == [] and boards[dealt] == [None]
    assert all(b[0] is None for b in boards[dealt:turned]) and boards[turned][0] is not None
    assert all(f["board_down"] == [0] for f in history["frames"])
    # each table card is a step of its own, the last step the deal's end
    assert sum(x.startswith("Table: ") for x in texts) == 4
    assert history["frames"][-1]["finished"] and not history["frames"][turned]["finished"]
    assert history["frames"][dealt]["results"] == []
