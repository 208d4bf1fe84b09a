"""Deals from a generator keyed by a 256-bit secret: unpredictable, yet replayed exactly."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest

from straights.cards import make_deck
from straights.game.config import TableConfig
from straights.store import Store
from straights.web.keyed_random import (
    LEGACY_LIMIT,
    KeyedRandom,
    bot_random,
    deal_random,
    new_secret,
    restock_random,
)
from straights.web.protocol import TableSettings
from straights.web.tables import WebTable


def _deals(secret: int, count: int = 5) -> list[list[str]]:
    """The hole cards of ``count`` deals at a two-seat table with ``secret``."""
    table = WebTable("tbl1", TableSettings(seats=2, stack=10**6), secret, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64})
    dealt = []
    for _ in range(count):
        table.apply({"kind": "deal"})
        hand = table.game.engine.hand  # type: ignore[attr-defined]
        assert hand is not None
        dealt.append([str(c) for cards in hand.deal.holes for c in cards])
        while table.in_hand:
            actor = table.game.engine.actor
            assert actor is not None
            table.apply(table.game.fallback(actor, "test"))
    return dealt


def test_secrets_are_256_bit_and_fresh() -> None:
    drawn = {new_secret() for _ in range(50)}
    assert len(drawn) == 50
    assert all(LEGACY_LIMIT <= s < 2**256 for s in drawn)
    assert max(s.bit_length() for s in drawn) == 256


def test_the_stream_is_hmac_sha256_of_the_secret_and_a_counter() -> None:
    key = bytes(range(32))
    rng = KeyedRandom(key, b"label")
    first = hmac.new(key, b"label" + (0).to_bytes(8, "big"), hashlib.sha256).digest()
    second = hmac.new(key, b"label" + (1).to_bytes(8, "big"), hashlib.sha256).digest()
    assert rng.getrandbits(256) == int.from_bytes(first, "big")
    assert rng.getrandbits(8) == second[0]
    assert rng.randbytes(3) == second[1:4]


def test_short_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 256"):
        KeyedRandom(bytes(31), b"deals")


def test_a_secret_replays_the_same_deals_and_another_does_not() -> None:
    secret = new_secret()
    assert _deals(secret) == _deals(secret)
    assert _deals(secret) != _deals(secret ^ 1)


def test_bots_draw_from_their_own_generator() -> None:
    secret = new_secret()
    deals = deal_random(secret)
    bot = bot_random(secret, 2, 7)
    assert bot.getrandbits(128) != deal_random(secret).getrandbits(128)
    assert bot_random(secret, 2, 7).getrandbits(64) != bot_random(secret, 3, 7).getrandbits(64)
    for _ in range(100):
        bot.random()  # a bot's thinking does not move the deck
    assert deals.getrandbits(128) == deal_random(secret).getrandbits(128)


def test_tables_stored_with_a_63_bit_seed_still_replay_as_before() -> None:
    """Such a table keeps Python's Mersenne Twister: its first deck is the pack shuffled
    by ``random.Random(seed)`` (the web Straights tables of earlier releases, whose
    seeds are all this small, replay exactly: ``test_web_straights_moved.py``)."""
    seed = 12345
    assert seed < LEGACY_LIMIT
    table = WebTable("tbl1", TableSettings(seats=2, stack=100), seed, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64})
    table.apply({"kind": "deal"})
    expected = make_deck("straights").shuffled(random.Random(seed))
    assert list(table.game.engine.hand.deck) == list(expected)  # type: ignore[attr-defined]


def test_shuffles_are_uniform_enough() -> None:
    """Where the first card of a 55-card pack lands over 5,500 shuffles (fixed key, so
    deterministic): chi-square with 54 degrees of freedom, far below its 0.01 % tail (~100)."""
    rng = KeyedRandom(bytes(32), b"chi-square")
    counts = [0] * 55
    for _ in range(5500):
        deck = list(range(55))
        rng.shuffle(deck)
        counts[deck.index(0)] += 1
    chi2 = sum((c - 100) ** 2 / 100 for c in counts)
    assert chi2 < 100, chi2


def test_the_secret_is_stored_whole() -> None:
    store = Store("sqlite://")
    try:
        secret = new_secret()
        config = TableConfig(seats=2)
        store.create_table("web", config, seed=secret, key="new1", host_hash="h" * 64)
        store.create_table("web", config, seed=2**62, key="old1", host_hash="h" * 64)
        seeds = {row.key: row.seed for row in store.tables()}
    finally:
        store.close()
    assert seeds == {"new1": secret, "old1": 2**62}


def test_a_draw_tables_new_stock_is_shuffled_by_its_keyed_generator() -> None:
    """Issue 20, *Deliver* 1: a draw's reshuffle uses "the table's own generator
    (cryptographic at the web table)": the deal's stock is restocked by the keyed
    stream of the table's secret and the deal's number, never by a fixed seed."""
    secret = new_secret()
    t = WebTable("draw", TableSettings(games=("F2L3D",), seats=2), secret, "h" * 64)
    for seat, name in enumerate(("Ann", "Bob")):
        t.apply({"kind": "sit", "seat": seat, "name": name, "token_hash": str(seat) * 64})
    t.apply({"kind": "deal"})
    rng = t.game.engine.hand.deal.source._rng  # type: ignore[attr-defined]
    assert isinstance(rng, KeyedRandom)
    again = restock_random(secret, 1)
    assert [rng.random() for _ in range(4)] == [again.random() for _ in range(4)]
    other = restock_random(secret, 2)  # each deal its own stream
    assert [restock_random(secret, 1).random() for _ in range(4)] != [
        other.random() for _ in range(4)
    ]
