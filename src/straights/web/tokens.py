"""Seat and host tokens: random secrets the browser keeps; the server stores only hashes.

>>> token = new_token()
>>> len(token) >= 32 and check_token(token, hash_token(token))
True
>>> check_token("forged", hash_token(token))
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh 192-bit URL-safe secret."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token (SHA-256, hex); a database leak does not leak seats."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def check_token(token: str | None, digest: str | None) -> bool:
    """True when ``token`` hashes to ``digest``, compared in constant time."""
    if not token or not digest:
        return False
    return hmac.compare_digest(hash_token(token), digest)
