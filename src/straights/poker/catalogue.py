"""Every variant the engine deals, as data, by PHH code.

PHH's own codes are used where the specification defines one (``NT``, ``FO/8``,
``F7S`` …); the rest take a ``_``-prefixed code (``_F5CD``).

>>> sorted(VARIANTS)[:4]
['F2L3D', 'F7S', 'F7S/8', 'FB']
>>> get_variant("_STR55L").name
'Straights, Limit, 55 cards'

>>> get_variant("FO/8").showdown[1].options
(('qualifier', 8),)

People type names rather than codes; :func:`find_variant` takes either:

>>> find_variant("razz").code, find_variant("Omaha-Hi-Lo").code, find_variant("nt").code
('FR', 'FO/8', 'NT')
"""

from __future__ import annotations

from typing import Final

from straights.errors import ConfigurationError
from straights.poker.straights_rules import straights_variant
from straights.poker.variant import HandRule, Opener, Street, Structure, Variant

__all__ = ["GAME_NAMES", "VARIANTS", "find_variant", "game_name", "get_variant", "variant_codes"]

_FL, _PL, _NL = Structure.FIXED_LIMIT, Structure.POT_LIMIT, Structure.NO_LIMIT
_HIGH: Final = HandRule("high")
_EIGHT_LOW: Final = HandRule("ace-to-five", (("qualifier", 8),), label="low")


def _board_streets(hole: int) -> tuple[Street, ...]:
    return (
        Street("pre-flop", hole=(False,) * hole),
        Street("flop", board=3, burn=1),
        Street("turn", board=1, burn=1, big_bet=True),
        Street("river", board=1, burn=1, big_bet=True),
    )


def _irish_streets() -> tuple[Street, ...]:
    # The throw comes after the flop's betting, before the turn is dealt.
    return (
        Street("pre-flop", hole=(False,) * 4),
        Street("flop", board=3, burn=1),
        Street("turn", board=1, burn=1, big_bet=True, discard=2),
        Street("river", board=1, burn=1, big_bet=True),
    )


def _courchevel_streets() -> tuple[Street, ...]:
    # The first flop card comes face up with the hole cards; the flop completes it.
    return (
        Street("pre-flop", hole=(False,) * 5, board=1),
        Street("flop", board=2, burn=1),
        Street("turn", board=1, burn=1, big_bet=True),
        Street("river", board=1, burn=1, big_bet=True),
    )


def _stud_streets(low: bool) -> tuple[Street, ...]:
    first = Opener.HIGHEST_UP_CARD if low else Opener.LOWEST_UP_CARD
    later = Opener.BEST_LOW_SHOWING if low else Opener.BEST_HIGH_SHOWING
    return (
        Street("third street", hole=(False, False, True), opener=first),
        Street("fourth street", hole=(True,), burn=1, opener=later),
        Street("fifth street", hole=(True,), burn=1, big_bet=True, opener=later),
        Street("sixth street", hole=(True,), burn=1, big_bet=True, opener=later),
        Street("seventh street", hole=(False,), burn=1, big_bet=True, opener=later),
    )


def _draw_streets(hole: int, draws: int) -> tuple[Street, ...]:
    first = Street("pre-draw", hole=(False,) * hole)
    names = ("first draw", "second draw", "third draw")
    later = tuple(
        # Fixed limit: the big bet from the second draw on, or after a single draw.
        Street(names[k] if draws > 1 else "draw", burn=1, draw=hole, big_bet=k >= 1 or draws == 1)
        for k in range(draws)
    )
    return (first, *later)


def _five_stud(later: Opener = Opener.BEST_HIGH_SHOWING) -> tuple[Street, ...]:
    return (
        Street("second street", hole=(False, True), opener=Opener.LOWEST_UP_CARD),
        Street("third street", hole=(True,), burn=1, opener=later),
        Street("fourth street", hole=(True,), burn=1, big_bet=True, opener=later),
        Street("fifth street", hole=(True,), burn=1, big_bet=True, opener=later),
    )


def _manila_streets() -> tuple[Street, ...]:
    # The two hole cards and the first board card come before the first bet: five rounds.
    return (
        Street("first card", hole=(False, False), board=1, burn=1),
        *(Street(name, board=1, burn=1, big_bet=k >= 1)
          for k, name in enumerate(("second card", "third card", "fourth card", "fifth card")))
    )  # fmt: skip


def _mexican_streets() -> tuple[Street, ...]:
    later = Opener.BEST_HIGH_SHOWING
    return (
        Street("second street", hole=(False, False), choose_up=1, opener=Opener.LOWEST_UP_CARD),
        Street("third street", hole=(False,), burn=1, choose_up=1, opener=later),
        Street("fourth street", hole=(False,), burn=1, choose_up=1, big_bet=True, opener=later),
        Street("fifth street", hole=(False,), burn=1, choose_up=1, big_bet=True, opener=later),
    )


def _mambo_streets() -> tuple[Street, ...]:
    later = Opener.BEST_HIGH_SHOWING
    return (
        Street("second street", hole=(False, True), opener=Opener.LOWEST_UP_CARD),
        Street("third street", hole=(True,), burn=1, opener=later),
        Street("widow", board=1, burn=1, big_bet=True, opener=later),
    )


_OMAHA_HIGH: Final = HandRule("high", hole_cards=2, board_cards=3)
_OMAHA_LOW: Final = HandRule(
    "ace-to-five", (("qualifier", 8),), hole_cards=2, board_cards=3, label="low"
)

_ALL: Final = (
    Variant("NT", "No-limit Texas hold'em", "Two hole cards, five on the board, no limit",
            "standard", _board_streets(2), _NL, (_HIGH,)),
    Variant("FT", "Fixed-limit Texas hold'em", "Hold'em with small and big bets, four bets a round",
            "standard", _board_streets(2), _FL, (_HIGH,)),
    Variant("PT", "Pot-limit Texas hold'em", "Hold'em where a raise is at most the pot",
            "standard", _board_streets(2), _PL, (_HIGH,)),
    Variant("NS", "No-limit short-deck hold'em", "36 cards 6-A: flush over full house, "
            "straight over trips, A-6-7-8-9 the lowest straight",
            "short", _board_streets(2), _NL,
            (HandRule("short", (("trips", "below-straight"),)),)),
    Variant("PO", "Pot-limit Omaha hold'em", "Four hole cards, exactly two of them and three "
            "of the board play", "standard", _board_streets(4), _PL, (_OMAHA_HIGH,)),
    Variant("FO/8", "Fixed-limit Omaha hi-lo eight or better", "Omaha split between the best "
            "high and the best ace-to-five low of eight or better", "standard",
            _board_streets(4), _FL, (_OMAHA_HIGH, _OMAHA_LOW)),
    Variant("PO/8", "Pot-limit Omaha hi-lo eight or better", "Pot-limit Omaha split with an "
            "eight-or-better low", "standard", _board_streets(4), _PL,
            (_OMAHA_HIGH, _OMAHA_LOW)),
    Variant("F7S", "Fixed-limit seven-card stud", "Two down, four up, one down; the lowest "
            "up card brings in", "standard", _stud_streets(False), _FL, (_HIGH,),
            blinds=False, bring_in=True, open_pair=True, most_players=8),
    Variant("F7S/8", "Fixed-limit seven-card stud hi-lo eight or better", "Stud split between "
            "high and an eight-or-better low", "standard", _stud_streets(False), _FL,
            (_HIGH, _EIGHT_LOW), blinds=False, bring_in=True, most_players=8),
    Variant("FR", "Fixed-limit razz", "Seven-card stud for the best ace-to-five low; the highest "
            "up card brings in", "standard", _stud_streets(True), _FL,
            (HandRule("ace-to-five", label="low"),), blinds=False, bring_in=True,
            most_players=8),
    Variant("N2L1D", "No-limit deuce-to-seven single draw", "Five cards, one draw, the best "
            "deuce-to-seven low wins (Kansas City)", "standard", _draw_streets(5, 1), _NL,
            (HandRule("deuce-to-seven", label="low"),)),
    Variant("F2L3D", "Fixed-limit deuce-to-seven triple draw", "Five cards, three draws, the "
            "best deuce-to-seven low wins", "standard", _draw_streets(5, 3), _FL,
            (HandRule("deuce-to-seven", label="low"),)),
    Variant("FB", "Fixed-limit badugi", "Four cards, three draws, the best badugi wins",
            "standard", _draw_streets(4, 3), _FL, (HandRule("badugi", label="badugi"),)),
    Variant("_F5CD", "Fixed-limit five-card draw", "Five cards, one draw, high hand wins",
            "standard", _draw_streets(5, 1), _FL, (_HIGH,)),
    Variant("_N5CD", "No-limit five-card draw", "Five cards, one draw, high hand wins",
            "standard", _draw_streets(5, 1), _NL, (_HIGH,)),
    Variant("_F5S", "Fixed-limit five-card stud", "One down, four up; the lowest up card "
            "brings in", "standard", _five_stud(), _FL, (_HIGH,), blinds=False, bring_in=True),
    Variant("_FMANILA", "Fixed-limit Manila", "32 cards 7-A: two hole cards, the board "
            "dealt one card at a time, both hole cards play; flush over full house",
            "manila", _manila_streets(), _FL,
            (HandRule("manila", hole_cards=2, board_cards=3),)),
    Variant("_FCANADIAN", "Fixed-limit Canadian stud", "Five-card stud where a four-card "
            "straight and a four-card flush beat one pair", "standard",
            _five_stud(Opener.BEST_CANADIAN_SHOWING), _FL,
            (HandRule("canadian"),), blinds=False, bring_in=True),
    Variant("_FMEXICAN", "Fixed-limit Mexican stud", "Five-card stud on 40 cards (no 8 9 T), "
            "every card dealt down, each player choosing which to turn up",
            "mexican", _mexican_streets(), _FL, (HandRule("mexican"),),
            blinds=False, bring_in=True),
    Variant("_FLONDON", "Fixed-limit London lowball", "Seven-card stud for the best "
            "ace-to-six low: straights and flushes count against you", "standard",
            _stud_streets(True), _FL, (HandRule("ace-to-six", label="low"),),
            blinds=False, bring_in=True, most_players=8),
    Variant("_FCALIFORNIA", "Fixed-limit California lowball", "Ace-to-five single draw "
            "with a joker, which plays as the lowest card the hand lacks", "standard",
            _draw_streets(5, 1), _FL, (HandRule("ace-to-five", label="low"),), jokers=1,
            check_raise=False, sevens_rule=True),
    Variant("_F5CDJ", "Fixed-limit five-card draw with the bug", "Five-card draw with a "
            "joker that is an ace or completes a straight or flush", "standard",
            _draw_streets(5, 1), _FL, (HandRule("high", (("wild", "bug"),)),), jokers=1),
    Variant("_F5CDW", "Fixed-limit five-card draw, deuces wild", "Five-card draw where "
            "every deuce is fully wild; five of a kind is the best hand", "standard",
            _draw_streets(5, 1), _FL, (HandRule("high", (("wild_rank", 2),)),)),
    Variant("_FMAMBO", "Fixed-limit Mambo stud", "Three-card stud hi-lo: one down, two up "
            "and a widow card; best three of four, high with straights and flushes, "
            "ace-to-three low six or better", "standard", _mambo_streets(), _FL,
            (HandRule("three-card", (("straights", True),)),
             HandRule("ace-to-three", (("qualifier", 6),), label="low")),
            blinds=False, bring_in=True),
)  # fmt: skip

#: Games added since (after Straights, so the numbers of ``straights games`` stay).
_LATER: Final = (
    Variant("_PIRISH", "Pot-limit Irish", "Hold'em with four hole cards: each player "
            "discards two after the flop's betting, before the turn", "standard",
            _irish_streets(), _PL, (_HIGH,)),
    Variant("_PCOURCHEVEL", "Pot-limit Courchevel", "Five-card Omaha whose first flop card "
            "is dealt face up with the hole cards, before the first betting round",
            "standard", _courchevel_streets(), _PL, (_OMAHA_HIGH,)),
    Variant("_P5O/8", "Pot-limit Big O", "Five-card Omaha hi-lo eight or better: exactly "
            "two of five hole cards and three of the board, for high and for low",
            "standard", _board_streets(5), _PL, (_OMAHA_HIGH, _OMAHA_LOW)),
)  # fmt: skip

#: Every variant by code (Straights: both packs, both structures).
VARIANTS: Final[dict[str, Variant]] = {
    v.code: v
    for v in (
        *_ALL,
        straights_variant(55, "limit"),
        straights_variant(55, "no-limit"),
        straights_variant(52, "limit"),
        straights_variant(52, "no-limit"),
        *_LATER,
    )
}


#: The names people type for each variant, by code: the first is the variant's
#: game name (``straights games`` lists it), the others are accepted too.
GAME_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "NT": ("holdem", "no-limit-holdem", "nlhe", "texas-holdem"),
    "FT": ("limit-holdem", "fixed-limit-holdem", "lhe"),
    "PT": ("pot-limit-holdem", "plhe"),
    "NS": ("short-deck", "short-deck-holdem", "six-plus"),
    "PO": ("omaha", "pot-limit-omaha", "plo"),
    "FO/8": ("omaha-hi-lo", "omaha-8", "limit-omaha-hi-lo"),
    "PO/8": ("pot-limit-omaha-hi-lo", "plo8"),
    "F7S": ("seven-card-stud", "stud", "7-stud"),
    "F7S/8": ("seven-card-stud-hi-lo", "stud-hi-lo", "stud-8"),
    "FR": ("razz",),
    "N2L1D": ("single-draw-2-7", "kansas-city", "2-7-single-draw"),
    "F2L3D": ("triple-draw-2-7", "2-7-triple-draw", "deuce-to-seven-triple-draw"),
    "FB": ("badugi",),
    "_F5CD": ("five-card-draw", "draw", "5-card-draw"),
    "_N5CD": ("no-limit-five-card-draw", "no-limit-draw"),
    "_F5S": ("five-card-stud", "5-card-stud"),
    "_FMANILA": ("manila", "manila-holdem"),
    "_FCANADIAN": ("canadian-stud", "canadian"),
    "_FMEXICAN": ("mexican-stud", "mexican", "flip-stud"),
    "_FLONDON": ("london-lowball", "london", "ace-to-six-stud"),
    "_FCALIFORNIA": ("california-lowball", "california", "ace-to-five-draw"),
    "_F5CDJ": ("five-card-draw-joker", "draw-with-the-bug", "joker-draw"),
    "_F5CDW": ("five-card-draw-deuces-wild", "deuces-wild"),
    "_FMAMBO": ("mambo-stud", "mambo", "three-card-stud"),
    "_STR55L": ("straights", "straights-limit"),
    "_STR55N": ("straights-no-limit",),
    "_STR52L": ("straights-52", "straights-52-limit"),
    "_STR52N": ("straights-52-no-limit",),
    "_PIRISH": ("irish", "irish-holdem", "pot-limit-irish"),
    "_PCOURCHEVEL": ("courchevel", "pot-limit-courchevel"),
    "_P5O/8": ("big-o", "five-card-omaha-hi-lo", "plo5-hi-lo"),
}

_BY_NAME: Final[dict[str, str]] = {
    **{code.casefold(): code for code in VARIANTS},
    **{name: code for code, names in GAME_NAMES.items() for name in names},
}


def game_name(code: str) -> str:
    """The name people type for the variant ``code``.

    >>> game_name("F7S"), game_name("_STR55L")
    ('seven-card-stud', 'straights')
    """
    return GAME_NAMES[code][0]


def find_variant(name: str) -> Variant:
    """The variant called ``name``: a game name (any case, ``_`` or space for ``-``,
    ``'`` ignored: ``"Hold'em"``) or a PHH code; raises :class:`ConfigurationError`
    listing the game names.

    >>> find_variant("Seven card stud").code, find_variant("_str52n").code
    ('F7S', '_STR52N')
    """
    key = name.strip().casefold()
    code = _BY_NAME.get(key) or _BY_NAME.get(
        "-".join(key.replace("_", " ").replace("'", "").split())
    )
    if code is None:
        raise ConfigurationError(
            f"{name!r} is not a game: choose one of {', '.join(game_name(c) for c in VARIANTS)}"
            " (or a PHH code)"
        )
    return VARIANTS[code]


def variant_codes() -> list[str]:
    """Every variant code, sorted."""
    return sorted(VARIANTS)


def get_variant(code: str) -> Variant:
    """The variant with PHH code ``code``; raises :class:`ConfigurationError` naming the choices."""
    try:
        return VARIANTS[code]
    except KeyError:
        raise ConfigurationError(
            f"{code!r} is not a variant: choose one of {', '.join(variant_codes())}"
        ) from None
