"""Names people type (player and table names): the one check for user-supplied text.

:func:`clean_name` accepts what shows as text — letters of any script, digits,
punctuation, symbols and emoji, including emoji sequences joined with U+200D —
and refuses what does not: control characters (NUL, CR/LF, the ESC of ANSI
codes), invisible and filler characters (zero-width spaces and joiners outside
emoji, bidi overrides, U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN BLANK …),
private-use characters and lone surrogates. Runs of spaces become one space.
Length is counted in characters as a reader sees them (grapheme clusters), so
a family emoji is one character and a name is never cut inside one.

>>> clean_name("  Ann   Lee ")
'Ann Lee'
>>> clean_name("👩\\u200d👩\\u200d👧 Mum")
'👩\\u200d👩\\u200d👧 Mum'
>>> clean_name("\\u3164")
Traceback (most recent call last):
...
straights.web.names.BadName: a name may not contain the invisible character U+3164
>>> clean_name("Eve\\u202eevE")
Traceback (most recent call last):
...
straights.web.names.BadName: a name may not contain the invisible character U+202E

:func:`skeleton` is what two names are compared by: names with the same
skeleton look alike (``Bot 2``, ``B0T 2`` and ``Воt 2`` with a Cyrillic В).

>>> skeleton("B0T 2") == skeleton("Bot 2") == skeleton("Воt 2")
True
>>> is_bot_name("Bot 10"), is_bot_name("Bottle")
(True, False)
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any, Final

import grapheme
from grapheme.grapheme_property_group import GraphemePropertyGroup, get_group

from straights.errors import StraightsError

#: Code points longer than this are refused before any other work (cheap bound).
_MAX_CODE_POINTS_PER_CHAR: Final = 16
#: Combining marks stacked on one character ("Zalgo" text overflows the layout).
MAX_MARKS: Final = 4

ZWJ: Final = "\u200d"
#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters
#: drawn as nothing at all, plus the blank Braille pattern, which is drawn as a space.
_INVISIBLE: Final = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: Invisible characters that belong inside an emoji sequence: the joiner, the
#: variation selectors (text or emoji style) and the tag characters of
#: subdivision flags.
_EMOJI_GLUE: Final = frozenset(
    [ZWJ, "\ufe0e", "\ufe0f"] + [chr(c) for c in range(0xE0020, 0xE0080)]
)
_EMOJI_GROUPS: Final = (
    GraphemePropertyGroup.EXTENDED_PICTOGRAPHIC,
    GraphemePropertyGroup.REGIONAL_INDICATOR,
)
_KEYCAP: Final = "\u20e3"

#: Letters of other scripts (and digits) that are drawn like Latin letters, after
#: case folding and compatibility decomposition; enough to catch the usual tricks.
_LOOK_ALIKE: Final = str.maketrans(
    {
        "0": "o",
        "1": "l",
        "i": "l",
        "|": "l",
        "ı": "l",
        "ɑ": "a",
        "ɡ": "g",
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "l",
        "ј": "j",
        "һ": "h",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "ζ": "z",
        "η": "h",
        "ι": "l",
        "κ": "k",
        "μ": "m",
        "ν": "n",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "y",
        "χ": "x",
    }
)


class BadName(StraightsError):
    """A name that is empty, too long, or holds characters that do not show as text."""


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _INVISIBLE)


def _is_emoji(cluster: str) -> bool:
    return any(ch == _KEYCAP or get_group(ch) in _EMOJI_GROUPS for ch in cluster)


def _check_char(cluster: str, what: str) -> None:
    """Refuse a user-perceived character that is (or hides) something invisible."""
    emoji = _is_emoji(cluster)
    marks = 0
    for i, ch in enumerate(cluster):
        category = unicodedata.category(ch)
        if _invisible(ch):
            inside = i > 0 and (ch != ZWJ or i < len(cluster) - 1)
            if not (emoji and inside and ch in _EMOJI_GLUE):
                raise BadName(f"{what} may not contain the invisible character U+{ord(ch):04X}")
        elif category in ("Mn", "Me"):
            marks += 1
        elif category == "Cn" and not emoji:
            raise BadName(f"{what} may not contain the unassigned character U+{ord(ch):04X}")
    if marks > MAX_MARKS:
        raise BadName(f"{what} stacks {marks} accents on one character: at most {MAX_MARKS}")


def clean_name(value: str, *, limit: int = 24, what: str = "a name") -> str:
    """``value`` with its spaces tidied, or :class:`BadName` saying what is wrong.

    ``limit`` counts characters as they are seen (grapheme clusters).

    >>> clean_name("Bob\\x1b[31m")
    Traceback (most recent call last):
    ...
    straights.web.names.BadName: a name may not contain the control character U+001B
    >>> clean_name("🇫🇷 Zoé", limit=5)
    '🇫🇷 Zoé'
    >>> clean_name("🇫🇷 Zoé!", limit=5)
    Traceback (most recent call last):
    ...
    straights.web.names.BadName: a name has 6 characters: at most 5
    """
    if len(value) > _MAX_CODE_POINTS_PER_CHAR * limit:
        raise BadName(f"{what} of {len(value)} code points is far too long: at most {limit}")
    text = unicodedata.normalize("NFC", value)
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Zl", "Zp"):
            raise BadName(f"{what} may not contain the control character U+{ord(ch):04X}")
        if category == "Cs":
            raise BadName(f"{what} holds half of a character (a lone surrogate): send UTF-8")
        if category == "Co":
            raise BadName(f"{what} may not contain the private-use character U+{ord(ch):04X}")
    text = " ".join(text.split())
    if not text:
        raise BadName(f"{what} needs at least one visible character")
    clusters = list(grapheme.graphemes(text))
    if len(clusters) > limit:
        raise BadName(f"{what} has {len(clusters)} characters: at most {limit}")
    for cluster in clusters:
        _check_char(cluster, what)
    return text


@functools.cache
def _spoof_checker() -> Any:
    """ICU's spoof checker (UTS #39), from the ``web`` extra's PyICU build."""
    try:
        import icu
    except ImportError as exc:  # pragma: no cover - the web extra installs it
        raise StraightsError(
            "telling look-alike names apart needs ICU: pip install 'straights[web]'"
        ) from exc
    return icu.SpoofChecker()


def _fold(text: str) -> str:
    """Case, accents and marks, compatibility forms and spaces folded away; a small
    capital (``ᴀ``, drawn as a small ``A``) read as its letter."""
    out = []
    for ch in unicodedata.normalize("NFKD", text).casefold():
        if ch.isspace() or _invisible(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            continue
        name = unicodedata.name(ch, "")
        if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == 28:
            ch = name[-1].lower()
        out.append(ch)
    return "".join(out)


def skeleton(name: str) -> str:
    """The form two names are compared by: Unicode's confusable skeleton (UTS #39,
    computed by ICU) with case, marks, spaces, width and small capitals folded
    away, skeleton and folding applied twice (``ᏴᎾᏴ``'s skeleton is ``BO̵B``),
    and digits read as the letters they resemble.

    >>> {skeleton(n) for n in ["Ann", "ꓮnn", "Ꭺnn", "ᴀnn", "Аnո", "a n n"]}
    {'ann'}
    >>> skeleton("ᏴᎾᏴ") == skeleton("Bob"), skeleton("Bob") == skeleton("Rob")
    (True, False)
    """
    checker = _spoof_checker()
    text = _fold(checker.getSkeleton(0, name))
    text = _fold(checker.getSkeleton(0, text))
    return text.translate(_LOOK_ALIKE)


#: Names the house uses (the host, the dealer, the bank): no player may take one.
HOUSE_NAMES: Final = ("Host", "House", "Dealer", "Bank", "The bank")


def is_house_name(name: str) -> bool:
    """True for a name that looks like one the house uses.

    >>> is_house_name("Нost"), is_house_name("Hostess")
    (True, False)
    """
    return skeleton(name) in _HOUSE_SKELETONS


def is_bot_name(name: str) -> bool:
    """True for names that look like the ones bots get ("Bot 3")."""
    return skeleton(name) in _BOT_SKELETONS


#: Bots are named after their seat, counted from 1 ("Bot 1" … "Bot 16").
_BOT_SKELETONS: Final = frozenset(skeleton(f"Bot {n}") for n in range(1, 17))
_HOUSE_SKELETONS: Final = frozenset(skeleton(n) for n in HOUSE_NAMES)
