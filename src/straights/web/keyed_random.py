"""Randomness of web tables: a cryptographic generator keyed by the table's secret.

Every table draws a 256-bit secret when it is created (:func:`new_secret`) and
keeps it in the database. Its deals are shuffled by :func:`deal_random`, a
:class:`KeyedRandom` whose bits are HMAC-SHA256 of the secret and a counter:
nobody who watches any number of deals can predict the next one without the
secret, and a restarted server that replays the stored commands with the same
secret deals the very same cards. Bots draw from their own generators
(:func:`bot_random`), keyed by the same secret under other labels, so what a
bot does never shifts the deck.

>>> a, b = KeyedRandom(bytes(32), b"deals"), KeyedRandom(bytes(32), b"deals")
>>> deck = list(range(10))
>>> a.shuffle(deck); b.shuffle(copy := list(range(10))); deck == copy
True
>>> bots = KeyedRandom(bytes(32), b"bot")
>>> bots.getrandbits(64) != KeyedRandom(bytes(32), b"deals").getrandbits(64)
True

Tables created before the secret was widened hold a seed below
:data:`LEGACY_LIMIT` and keep Python's Mersenne Twister, so they still replay.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any, Final

#: Seeds of tables created before 256-bit secrets were 63-bit; every newer secret is above.
LEGACY_LIMIT: Final = 2**64
SECRET_BITS: Final = 256


def new_secret() -> int:
    """A fresh table secret: uniform over the 256-bit numbers from :data:`LEGACY_LIMIT`."""
    return LEGACY_LIMIT + secrets.randbelow(2**SECRET_BITS - LEGACY_LIMIT)


class KeyedRandom(random.Random):
    """A ``random.Random`` whose bits are the HMAC-SHA256 stream of ``key`` and ``label``.

    Block *n* of the stream is ``HMAC-SHA256(key, label || n)`` (n as 8 bytes); the
    inherited methods (``shuffle``, ``choice``, ``randrange`` …) all draw through
    :meth:`getrandbits`, so the whole generator is as unpredictable as HMAC.
    """

    def __init__(self, key: bytes, label: bytes) -> None:
        if len(key) * 8 < SECRET_BITS:
            raise ValueError(f"a key of {len(key) * 8} bits: at least {SECRET_BITS} are needed")
        self._key = key
        self._label = label
        self._block = 0
        self._buffer = b""
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Restart the stream (the argument is ignored: the key is the seed)."""
        self._block = 0
        self._buffer = b""
        self.gauss_next = None

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            message = self._label + self._block.to_bytes(8, "big")
            self._buffer += hmac.digest(self._key, message, hashlib.sha256)
            self._block += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        count = (k + 7) // 8
        return int.from_bytes(self._take(count), "big") >> (count * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * 2.0**-53

    def randbytes(self, n: int) -> bytes:
        return self._take(n)

    def getstate(self) -> tuple[Any, ...]:
        return (self._label, self._block, self._buffer)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._label, self._block, self._buffer = state


def _key(secret: int) -> bytes:
    return secret.to_bytes(SECRET_BITS // 8, "big")


def deal_random(secret: int) -> random.Random:
    """The generator that shuffles a table's deals."""
    if secret < LEGACY_LIMIT:
        return random.Random(secret)
    return KeyedRandom(_key(secret), b"straights deals")


def bot_random(secret: int, seat: int, owner: int) -> random.Random:
    """The generator of the bot that ``owner`` (a command number) put in ``seat``."""
    if secret < LEGACY_LIMIT:
        return random.Random(f"{secret}:{seat}:{owner}")
    return KeyedRandom(_key(secret), f"straights bot {seat} {owner}".encode())


def restock_random(secret: int, deal: int) -> random.Random:
    """The generator that shuffles deal ``deal``'s discards into a new stock (a draw
    game that runs out of cards): secret like the deal's shuffle, and its own per deal
    so that a replay of that deal alone shuffles them alike."""
    if secret < LEGACY_LIMIT:
        return random.Random(f"{secret}:restock:{deal}")
    return KeyedRandom(_key(secret), f"straights restock {deal}".encode())
