"""Observations show what the seat's view shows, and nothing hidden.

Two independent checks on random deals of every variant:

* a decoder written from the documented layout reads each observation back
  and compares it with ``deal_view`` of that seat (cards, board, pot, stacks,
  bets, folds, legal amounts) and with the public entries of the deal's log;
* the cards a seat never sees are shuffled among themselves and the deal is
  played again with the same actions: every observation of that seat before
  the end must be identical, bit for bit.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

from straights.cards import Card
from straights.poker.catalogue import get_variant, variant_codes
from straights.poker.view import deal_view
from straights.rl.dealer import Dealer
from straights.rl.observation import KINDS
from straights.rl.table import table_for

CODES = variant_codes()
BETTING = {"fold", "check", "call", "bring-in", "complete", "bet", "raise"}
CHOICES = {"discard", "expose"}  # which cards: public only in number


def players_for(code: str, rng: Random) -> int:
    table = table_for(code, 2)
    most = min(6, table.variant.max_players(len(table.deck)))
    if table.variant.draws:
        most = 2  # no restocked stock: its reshuffle would change the seat's own draws
    return rng.randint(2, most)


def decode(dealer: Dealer, vector: np.ndarray[Any, Any]) -> dict[str, Any]:
    """Read an observation back, from the layout in the documentation."""
    enc = dealer.encoding
    deck = list(dealer.table.deck)
    n, h, w, s = enc.n, enc.hand, enc.width, enc.street_count
    part = {seg.name: vector[seg.start : seg.stop] for seg in enc.segments}

    def slots(flat: np.ndarray[Any, Any], count: int) -> list[Card | None]:
        out: list[Card | None] = []
        for slot in flat.reshape(count, w):
            hot = np.flatnonzero(slot)
            assert len(hot) <= 1
            if len(hot):
                out.append(None if hot[0] == w - 1 else deck[hot[0]])
        return out

    cards = [slots(part["cards"][r * h * w : (r + 1) * h * w], h) for r in range(n)]
    chips, unit = part["chips"], dealer.table.unit
    rows = part["history"].reshape(enc.history_rows, n + len(KINDS) + 1 + s)
    history = []
    for row in rows:
        if not row.any():
            break
        kind = KINDS[int(np.flatnonzero(row[n : n + len(KINDS)])[0])]
        amount = row[n + len(KINDS)]
        history.append(
            (
                int(np.flatnonzero(row[:n])[0]),
                kind,
                round(amount if kind in ("discard", "expose") else amount * dealer.table.unit),
                int(np.flatnonzero(row[n + len(KINDS) + 1 :])[0]),
            )
        )
    return {
        "seat": int(np.flatnonzero(part["seat"])[0]),
        "street": int(np.flatnonzero(part["street"])[0]),
        "cards": cards,
        "board": slots(part["board"], enc.board),
        "pot": round(chips[0] * unit),
        "players": [
            (round(stack * unit), round(bet * unit), int(folded), int(all_in))
            for stack, bet, folded, all_in in chips[1 : 1 + 4 * n].reshape(n, 4)
        ],
        "legal": tuple(round(x * unit) for x in chips[1 + 4 * n :]),
        "history": history,
    }


@pytest.mark.parametrize("code", CODES)
def test_observations_decode_to_the_seats_view_and_the_public_log(code: str) -> None:
    rng = Random(f"decode {code}")
    for _ in range(6):
        dealer = Dealer(table_for(code, players_for(code, rng), stack=rng.choice([6, 40, 200])))
        dealer.new_deal(seed=rng.randrange(10**6))
        n = dealer.table.players
        public: list[tuple[int, str, int, int]] = []
        while True:
            deal = dealer.deal
            assert deal is not None
            for seat in range(n):
                obs = dealer.observe(seat)
                got = decode(dealer, obs["observation"])
                view = deal_view(deal, seat)
                assert got["seat"] == seat
                names = [s.name for s in deal.variant.streets]
                assert got["street"] == (names.index(view.street) if view.street in names
                                         else len(names))  # fmt: skip
                for rel in range(n):
                    p = view.players[(seat + rel) % n]
                    assert got["cards"][rel] == list(p.cards)
                    assert got["players"][rel] == (
                        p.stack, p.bet, int(p.folded), int(not p.folded and p.stack == 0)
                    )  # fmt: skip
                assert got["board"] == list(view.board)
                assert got["pot"] == view.pot
                call = next((a.amount for a in view.legal if a.kind in ("call", "bring-in")), 0)
                raised = next((a for a in view.legal if a.kind in ("bet", "raise", "complete")),
                              None)  # fmt: skip
                bounds = (raised.low, raised.high) if raised else (0, 0)
                assert got["legal"] == (call, *bounds)
                assert got["history"] == [((p - seat) % n, k, a, s) for p, k, a, s in public]
                assert obs["action_mask"].any() == (seat == dealer.actor)
            if dealer.actor is None:
                break
            street, actor = deal.street_index, dealer.actor
            dealer.play(rng.choice(dealer.legal()))
            entry = next(e for e in reversed(deal.log) if e.kind in BETTING | CHOICES)
            assert entry.player == actor
            amount = len(entry.cards) if entry.kind in CHOICES else entry.amount
            public.append((actor, entry.kind, amount, street))


def play_watching(
    dealer: Dealer, seat: int, cards: list[Card], seed: int, actions: list[int] | Random
) -> tuple[list[Any], list[int]]:
    """Deal ``cards`` and play ``actions`` (or random ones); ``seat``'s observations
    at every decision, with the cards it could see then, and the actions taken."""
    dealer.seed(seed)  # the stream a draw's restock would shuffle with
    dealer.new_deal(deck=cards)
    seen, taken = [], []
    while dealer.actor is not None:
        obs = dealer.observe(seat)
        view = deal_view(dealer.deal, seat)  # type: ignore[arg-type]
        visible = {c for p in view.players for c in p.cards if c is not None}
        visible |= {c for c in view.board if c is not None}
        seen.append((obs["observation"].copy(), obs["action_mask"].copy(), visible))
        if isinstance(actions, Random):
            index = actions.choice(dealer.legal())
        else:
            index = actions[len(taken)]
        taken.append(index)
        dealer.play(index)
    return seen, taken


@pytest.mark.parametrize("code", CODES)
def test_cards_a_seat_never_sees_change_none_of_its_observations(code: str) -> None:
    rng = Random(f"leak {code}")
    changed = 0
    for _ in range(8):
        players = players_for(code, rng)
        dealer = Dealer(table_for(code, players, stack=rng.choice([10, 200])))
        seat = rng.randrange(players)
        deck = dealer.table.deck.shuffled(rng)
        seed = rng.randrange(10**6)
        first, actions = play_watching(dealer, seat, deck, seed, rng)
        visible = set().union(*(v for _, _, v in first))
        hidden = [k for k, c in enumerate(deck) if c not in visible]
        moved = [deck[k] for k in hidden]
        rng.shuffle(moved)
        other = list(deck)
        for k, c in zip(hidden, moved, strict=True):
            other[k] = c
        changed += other != deck
        second, _ = play_watching(dealer, seat, other, seed, actions)
        assert len(second) == len(first)
        for (v1, m1, _), (v2, m2, _) in zip(first, second, strict=True):
            assert np.array_equal(v1, v2) and np.array_equal(m1, m2)
    assert changed >= 6  # the test did hide something


def test_a_history_longer_than_its_rows_keeps_the_last_actions() -> None:
    dealer = Dealer(table_for("holdem", 6), history=3)
    dealer.new_deal(seed=1)
    for _ in range(6):
        dealer.play(1)  # p3, p4, p5, p6 and p1 (small blind) call, p2 (big blind) checks
    got = decode(dealer, dealer.observe(0)["observation"])
    assert [(p, k) for p, k, _, _ in got["history"]] == [(5, "call"), (0, "call"), (1, "check")]


def test_the_key_card_stays_hidden_until_it_is_turned() -> None:
    dealer = Dealer(table_for("straights", 2))
    dealer.new_deal(seed=3)
    while dealer.deal.street_index < 4:  # type: ignore[union-attr]
        board = decode(dealer, dealer.observe(0)["observation"])["board"]
        assert board[0] is None and None not in board[1:]
        dealer.play(1)
    board = decode(dealer, dealer.observe(0)["observation"])["board"]
    assert board[0] == dealer.deal.board[0]  # type: ignore[union-attr]


def test_stud_shows_up_cards_and_hides_down_cards() -> None:
    dealer = Dealer(table_for("seven-card-stud", 3))
    dealer.new_deal(seed=8)
    deal = dealer.deal
    assert deal is not None
    got = decode(dealer, dealer.observe(1)["observation"])
    assert got["cards"][0] == deal.holes[1]  # all three of his own
    for rel in (1, 2):
        other = deal.holes[(1 + rel) % 3]
        assert got["cards"][rel] == [None, None, other[2]]  # two down, one up
    assert get_variant("F7S").streets[0].hole == (False, False, True)
