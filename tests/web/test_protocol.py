"""Validation of every incoming message, tokens and the flood bucket."""

from __future__ import annotations

import json

import pytest

from straights.errors import StraightsError
from straights.web.protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    ProtocolError,
    Sit,
    parse_client_message,
    parse_settings,
)
from straights.web.throttle import TokenBucket
from straights.web.tokens import check_token, hash_token, new_token

TOKEN = "abcdefgh12345678"


def test_valid_messages_parse_to_their_models() -> None:
    act = parse_client_message(
        json.dumps({"type": "act", "token": TOKEN, "action": "raise", "to": 7})
    )
    assert isinstance(act, Act) and act.action == "raise" and act.to == 7
    sit = parse_client_message(b'{"type": "sit", "seat": 3, "name": "  Ann   Lee "}')
    assert isinstance(sit, Sit) and sit.name == "Ann Lee"


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("nope", "not JSON"),
        ("[1]", "JSON list"),
        ('{"type": "bogus"}', "unknown message type 'bogus': valid types are hello"),
        ('{"type": "act", "token": "' + TOKEN + '", "action": "allin"}', "action"),
        ('{"type": "act", "token": "short", "action": "call"}', "token"),
        ('{"type": "act", "token": "' + TOKEN + '", "action": "call", "x": 1}', "x: Extra inputs"),
        ('{"type": "sit", "seat": "1", "name": "a"}', "seat"),
        ('{"type": "sit", "seat": 16, "name": "a"}', "seat"),
        ('{"type": "sit", "seat": 1, "name": "\\u0007"}', "control character U+0007"),
        ('{"type": "sit", "seat": 1, "name": "' + "x" * 25 + '"}', "name"),
        ('{"type": "history", "hand": 0}', "hand"),
        ("x" * (MAX_MESSAGE_BYTES + 1), f"the limit is {MAX_MESSAGE_BYTES}"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_bad_messages_name_the_problem(raw: str | bytes, says: str) -> None:
    with pytest.raises(ProtocolError, match=None) as info:
        parse_client_message(raw)
    assert says in str(info.value)
    assert isinstance(info.value, StraightsError)


def test_table_settings_are_checked() -> None:
    assert parse_settings(b"").seats == 6
    s = parse_settings(b'{"pack": 52, "betting": "no-limit", "bots": 3, "seats": 4}')
    assert (s.pack, s.betting, s.bots) == (52, "no-limit", 3)
    for body, says in [
        (b'{"pack": 53}', "pack"),
        (b'{"bots": 6, "seats": 6}', "would fill all 6 seats"),
        (b'{"ante": 0}', "ante"),
        (b'{"seats": 11}', "seats"),
        (b'{"colour": "red"}', "colour"),
        (b"[" * 5000, "limit"),
    ]:
        with pytest.raises(ProtocolError) as info:
            parse_settings(body)
        assert says in str(info.value)


def test_tokens_are_random_and_checked_by_hash() -> None:
    a, b = new_token(), new_token()
    assert a != b and len(a) == 32
    assert check_token(a, hash_token(a))
    assert not check_token(b, hash_token(a))
    assert not check_token(None, hash_token(a))
    assert hash_token(a) != a  # the database never holds a usable token


def test_the_bucket_allows_a_burst_then_the_rate() -> None:
    bucket = TokenBucket(rate=10.0, burst=5, now=0.0)
    assert [bucket.take(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert bucket.take(0.1) and not bucket.take(0.1)  # 10 a second: one per 0.1 s
    assert bucket.refused == 2
    assert sum(bucket.take(10.0) for _ in range(10)) == 5  # never more than the burst


def test_the_new_table_form_is_answered_in_plain_words() -> None:
    """Issue 11: no validator jargon; an ante the stack cannot pay is refused."""
    for body, says in [
        (b'{"ante": 500, "stack": 10}', "a starting stack of 10 holds fewer than 10 antes of 500"),
        (b'{"ante": 0}', "the ante must be at least 1"),
        (b'{"turn_seconds": 601}', "the turn timer must be at most 600"),
        (b'{"seats": "six"}', "the number of seats must be a whole number"),
        (b'{"betting": "pot"}', "the betting must be 'limit' or 'no-limit'"),
    ]:
        with pytest.raises(ProtocolError) as info:
            parse_settings(body)
        assert says in str(info.value)
        assert "Input should" not in str(info.value)
    assert parse_settings(b'{"ante": 10, "stack": 100}').stack == 100  # exactly 10 antes
