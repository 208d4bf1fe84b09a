"""Names people type: what shows as text is accepted, what hides or forges is refused."""

from __future__ import annotations

import json

import pytest

from straights.errors import IllegalActionError
from straights.web.names import BadName, clean_name, is_bot_name, skeleton
from straights.web.protocol import (
    MAX_NAME,
    ProtocolError,
    TableSettings,
    parse_client_message,
    parse_settings,
)
from straights.web.tables import WebTable

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # man, woman, girl, boy
RAINBOW_FLAG = "\U0001f3f3\ufe0f\u200d\U0001f308"
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
KEYCAP_ONE = "1\ufe0f\u20e3"
WAVE_DARK = "\U0001f44b\U0001f3ff"


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("Ann", "Ann"),
        ("  Ann \t Lee  ", None),  # a tab is a control character: refused below
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # combining diaeresis, composed (NFC)
        ("李小龍", "李小龍"),
        ("محمد", "محمد"),
        ("Ann\u3000Lee", "Ann Lee"),  # ideographic space: one ordinary space
        (f"{FAMILY} Mum", f"{FAMILY} Mum"),
        (RAINBOW_FLAG, RAINBOW_FLAG),
        (SCOTLAND, SCOTLAND),
        (f"Cap {KEYCAP_ONE}", f"Cap {KEYCAP_ONE}"),
        (f"Hi {WAVE_DARK}", f"Hi {WAVE_DARK}"),
        ("\U0001f1eb\U0001f1f7 Zoé", "\U0001f1eb\U0001f1f7 Zoé"),
    ],
)
def test_names_that_show_as_text_are_accepted(raw: str, kept: str | None) -> None:
    if kept is None:
        with pytest.raises(BadName, match="control character U\\+0009"):
            clean_name(raw)
    else:
        assert clean_name(raw) == kept


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("", "at least one visible character"),
        ("   ", "at least one visible character"),
        ("Bob\x00", "control character U+0000"),
        ("Bob\x1b[31mRed", "control character U+001B"),  # an ANSI colour code
        ("Bob\r\nAdmin: hi", "control character U+000D"),
        ("Ann\u2028Lee", "control character U+2028"),
        ("\u3164", "invisible character U+3164"),  # HANGUL FILLER
        ("\u2800", "invisible character U+2800"),  # BRAILLE PATTERN BLANK
        ("\u115f\u1160", "invisible character U+115F"),
        ("\uffa0", "invisible character U+FFA0"),
        ("Ann\u200b", "invisible character U+200B"),  # zero-width space
        ("A\u200dnn", "invisible character U+200D"),  # a joiner outside an emoji
        (f"{FAMILY}\u200d", "invisible character U+200D"),  # a joiner at the end of one
        ("Ann\u200c", "invisible character U+200C"),
        ("Ann\ufeff", "invisible character U+FEFF"),
        ("Ann\u00ad", "invisible character U+00AD"),
        ("Eve\u202eevE", "invisible character U+202E"),  # right-to-left override
        ("Eve\u2067x", "invisible character U+2067"),  # right-to-left isolate
        ("Ann\ufe0f", "invisible character U+FE0F"),  # an emoji selector on a letter
        ("Ann\U000e0067", "invisible character U+E0067"),  # a tag character on a letter
        ("Ann\ue000", "private-use character U+E000"),
        ("Ann\ud800", "lone surrogate"),
        ("Zalgo\u0336\u0335\u0334\u0337\u0338", "stacks 5 accents"),
        ("x" * (MAX_NAME + 1), f"25 characters: at most {MAX_NAME}"),
        ("x" * 10_000, "far too long"),
    ],
)
def test_names_that_hide_something_are_refused(raw: str, says: str) -> None:
    with pytest.raises(BadName, match=None) as info:
        clean_name(raw)
    assert says in str(info.value)


def test_length_counts_characters_as_seen_and_never_cuts_one() -> None:
    # 24 family emoji are 24 characters (168 code points, 264 UTF-16 units)
    assert clean_name(FAMILY * MAX_NAME) == FAMILY * MAX_NAME
    with pytest.raises(BadName, match="25 characters"):
        clean_name(FAMILY * (MAX_NAME + 1))
    # too long is refused whole: never shortened, so never cut inside a character
    with pytest.raises(BadName):
        clean_name("é" * 30)


def test_look_alike_names_share_a_skeleton() -> None:
    assert skeleton("Ann") == skeleton("ANN") == skeleton("Ánn") == skeleton("Ａｎｎ")
    assert skeleton("Ann") == skeleton("Аnn")  # Cyrillic А
    assert skeleton("Bob") == skeleton("B0b") == skeleton("Βοb")  # zero; Greek Β, ο
    assert skeleton("Ann Lee") == skeleton("AnnLee")
    assert skeleton("Ann") != skeleton("Anne")
    for bot in ("Bot 2", "bot2", "B0T 2", "Вot 2", "Bot\u00a010", "Bot 1"):
        assert is_bot_name(bot), bot
    for person in ("Bot", "Bottle", "Bot 2b", "Robot 2", "Bot 17"):
        assert not is_bot_name(person), person


def _table() -> WebTable:
    table = WebTable("tbl1", TableSettings(seats=4), seed=7, host_hash="h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "bot", "seat": 1, "bot": "calling"})
    return table


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Ann", "looks like 'Ann', who sits here"),
        ("ANN", "looks like 'Ann'"),
        ("Аnn", "looks like 'Ann'"),  # Cyrillic А
        ("Bot 2", "looks like a bot's name"),  # the bot's own name
        ("Bot 3", "looks like a bot's name"),  # and one a bot may get later
        ("B0t 4", "looks like a bot's name"),
    ],
)
def test_a_seat_is_refused_to_a_look_alike(name: str, says: str) -> None:
    table = _table()
    with pytest.raises(IllegalActionError, match=None) as info:
        table.check_new_name(name)
    assert says in str(info.value)


def test_distinct_names_may_sit() -> None:
    table = _table()
    for name in ("Anne", "Bob", "Botswana Bob", "李"):
        table.check_new_name(name)  # no exception


def test_the_sit_message_validates_its_name() -> None:
    sit = parse_client_message(json.dumps({"type": "sit", "seat": 1, "name": f" {FAMILY}  Mum "}))
    assert sit.name == f"{FAMILY} Mum"  # type: ignore[union-attr]
    with pytest.raises(ProtocolError, match="name: a name may not contain the invisible"):
        parse_client_message(json.dumps({"type": "sit", "seat": 1, "name": "\u3164"}))


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Fri\x00day", "control character U+0000"),
        ("\x1b[2J\x1b[HFriday", "control character U+001B"),
        ("Friday\r\ngame", "control character U+000D"),
        ("Fri\u202eyad", "invisible character U+202E"),
        ("x" * 41, "41 characters: at most 40"),
    ],
)
def test_table_names_are_checked_like_player_names(name: str, says: str) -> None:
    with pytest.raises(ProtocolError, match=None) as info:
        parse_settings(json.dumps({"name": name}).encode())
    assert str(info.value).startswith("bad table settings: name: a table name")
    assert says in str(info.value)


def test_a_good_table_name_is_tidied_and_an_empty_one_stays_empty() -> None:
    assert parse_settings(json.dumps({"name": "  Friday   game 🃏 "}).encode()).name == (
        "Friday game 🃏"
    )
    assert parse_settings(b'{"name": "   "}').name == ""
    # stored settings with an old name still load (the check is at the door only)
    assert TableSettings.model_validate({"name": "old\x1bname"}).name == "old\x1bname"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("\ua4eenn", "looks like 'Ann'"),  # ꓮ LISU LETTER A
        ("\u13aann", "looks like 'Ann'"),  # Ꭺ CHEROKEE LETTER GO
        ("\u1d00nn", "looks like 'Ann'"),  # ᴀ LATIN LETTER SMALL CAPITAL A
        ("\u0410n\u0578", "looks like 'Ann'"),  # Cyrillic А, Armenian ո
        ("\u13f4\u13be\u13f4", "looks like 'Bob'"),  # ᏴᎾᏴ in Cherokee
        ("H\u043est", "looks like the house's name"),  # Cyrillic о
        ("DEALER", "looks like the house's name"),
    ],
)
@pytest.mark.parametrize("games", [(), ("FT",), "pai-gow"])
def test_the_issue_s_look_alikes_are_refused_at_every_kind_of_table(
    name: str, says: str, games: tuple[str, ...] | str
) -> None:
    from straights.web.manager import make_table

    settings = (
        TableSettings(seats=4, game="pai-gow")
        if games == "pai-gow"
        else TableSettings(seats=4, games=tuple(games))
    )
    table = make_table("tbl1", settings, 7, "h" * 64)
    table.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
    table.apply({"kind": "sit", "seat": 1, "name": "Bob", "token_hash": "b" * 64})
    with pytest.raises(IllegalActionError) as info:
        table.check_new_name(name)
    assert says in str(info.value)
    table.check_new_name("Annie")  # a different name still sits
