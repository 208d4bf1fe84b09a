"""The game set-up shared by ``straights play`` and ``straights simulate``.

Both commands take the same table settings and a list of bots, checked before a card
is dealt, each wrong one told in one line: the seats (:func:`check_seats`), the bots
(:func:`seat_bots`), Straights' own settings where the game is Straights
(:func:`check_straights`), and every option against the game (:func:`game_options`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Final

import typer

from straights.errors import ConfigurationError

if TYPE_CHECKING:
    from straights.poker.variant import Variant

__all__ = [
    "DEFAULT_BOTS",
    "AnteOpt",
    "BettingOpt",
    "BotsOpt",
    "GameOpt",
    "GamesOpt",
    "PackOpt",
    "RingGames",
    "StackOpt",
    "check_muck",
    "check_seats",
    "check_straights",
    "pai_gow_settings",
    "ring_games",
    "seat_bots",
]

BettingOpt = Annotated[str, typer.Option(help="limit or no-limit.")]
AnteOpt = Annotated[int, typer.Option(help="Ante, also the first bet of every round.")]
StackOpt = Annotated[int, typer.Option(help="Starting chips per player (one ante at least).")]
PackOpt = Annotated[int, typer.Option(help="55 (with S, T, R) or 52.")]


#: The bots that fill the seats when ``--bots`` is not given, in turn.
DEFAULT_BOTS: tuple[str, ...] = ("strength", "calling", "random")
#: ``--bots``: bot kinds for the seats, in turn; ``None`` gives :data:`DEFAULT_BOTS`.
BotsOpt = Annotated[
    str | None,
    typer.Option(
        help="Bots for the seats, in turn: random, calling, strength, cfr, equity, "
        "equity:tight, equity:loose, equity:aggressive (default: strength,calling,random). "
        "Pai Gow: house (the house way) or equity (sets by its estimate); the others set "
        "the house way (default: house)."
    ),
]


def check_straights(*, betting: str, ante: int, stack: int, pack: int) -> None:
    """Straights' own table settings (``--betting``, ``--ante``, ``--pack``; ``--stack``
    one ante at least), checked where the game is Straights, before it is dealt.

    >>> check_straights(betting="limit", ante=5, stack=4, pack=55)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --stack 4 is less than --ante 5: every player needs ...
    """
    from straights.game.config import TableConfig

    # (it checks them, the betting too)
    TableConfig(pack=pack, ante=ante, betting=betting, starting_stack=stack)  # type: ignore[arg-type]
    if stack < ante:
        raise ConfigurationError(
            f"--stack {stack} is less than --ante {ante}: "
            "every player needs chips for one ante at least"
        )


def seat_bots(bots: str | None, bot_seats: int, *, pai_gow: bool = False) -> tuple[str, ...]:
    """The kind of bot for each of ``bot_seats`` seats (all but the human's in ``play``,
    every seat in ``simulate``), in turn from the comma-separated ``bots``; naming more
    bots than seats is an error rather than a silent drop.  ``None`` (the option not
    given) seats :data:`DEFAULT_BOTS` in turn, or at Pai Gow (``pai_gow``, whose bots
    :func:`~straights.bots.paigow.make_paigow_bot` knows) ``house``, the house way.

    >>> seat_bots("strength, random", 3), seat_bots("equity, house", 3, pai_gow=True)
    (('strength', 'random', 'strength'), ('equity', 'house', 'equity'))
    >>> seat_bots(None, 2, pai_gow=True), seat_bots(None, 0, pai_gow=True), seat_bots(None, 4)
    (('house', 'house'), (), ('strength', 'calling', 'random', 'strength'))
    >>> seat_bots("bank", 2, pai_gow=True)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --bots: 'bank' is not a Pai Gow bot: choose one of ...
    """
    from straights.bots.registry import BOT_KINDS

    if bots is None:
        return _seated(list((("house",) if pai_gow else DEFAULT_BOTS)[:bot_seats]), bot_seats)
    kinds = [k.strip().lower() for k in bots.split(",") if k.strip()]
    if not kinds:
        like = "Pai Gow bots like house,equity" if pai_gow else f"bots like {','.join(BOT_KINDS)}"
        raise ConfigurationError(f"--bots {bots!r}: name {like}")
    for kind in kinds:
        if pai_gow:
            from straights.bots.paigow import make_paigow_bot

            try:
                make_paigow_bot(kind)
            except ConfigurationError as exc:
                raise ConfigurationError(f"--bots: {exc}") from None
        elif kind not in BOT_KINDS:
            raise ConfigurationError(
                f"--bots: {kind!r} is not a bot: choose among {', '.join(BOT_KINDS)}"
            )
    return _seated(kinds, bot_seats)


def _seated(kinds: list[str], bot_seats: int) -> tuple[str, ...]:
    """The bots of ``--bots`` in turn in the ``bot_seats`` seats (refused where they
    are more than the seats), their compiling announced."""
    if len(kinds) > bot_seats:
        room = "1 seat" if bot_seats == 1 else f"{bot_seats} seats"
        raise ConfigurationError(
            f"--bots names {len(kinds)} bots but the table has {room} for bots: "
            f"name at most {bot_seats} (they take the seats in turn), or add seats"
        )
    seated = tuple(kinds[i % len(kinds)] for i in range(bot_seats))
    _announce_compiling(seated)
    return seated


def _announce_compiling(kinds: tuple[str, ...]) -> None:
    """The equity bots run Numba kernels: a spinner says so while one compiles."""
    if any(kind.startswith("equity") for kind in kinds):
        from straights.cli.fast import compile_spinner

        compile_spinner()


#: ``--game`` for dealer's choice (any spelling of these).
DEALERS_CHOICE: Final = ("dealers-choice", "dealer's-choice", "dealerschoice")
#: ``--game``: the game of a table (``None``: Straights).
GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game",
        help="The game: Straights unless named (any game of `straights games`, "
        "pai-gow, or dealers-choice).",
    ),
]
#: ``--games``: the games dealer's choice chooses from.
GamesOpt = Annotated[
    str | None,
    typer.Option(
        help="With --game dealers-choice: the games to choose from, comma-separated "
        "(default: every game that seats the table)."
    ),
]


@dataclass(frozen=True, slots=True)
class RingGames:
    """What a ring table deals: one game, or dealer's choice among ``variants``."""

    variants: tuple[Variant, ...]
    dealers_choice: bool


def straights_code(ring: RingGames | None, pack: int, betting: str) -> str | None:
    """The catalogue's code of the Straights a table deals on Straights' own stakes and
    dealer draw: ``--pack``/``--betting``'s with no ``--game`` (``ring`` ``None``), or the
    one Straights game ``--game`` names (``straights-52`` deals as ``--pack 52``);
    ``None`` for any other game or dealer's choice.

    >>> straights_code(None, 52, "no-limit")
    '_STR52N'
    >>> straights_code(ring_games("straights-52", None, 3), 55, "limit")
    '_STR52L'
    >>> straights_code(ring_games("razz", None, 3), 55, "limit") is None
    True
    """
    if ring is None:
        return f"_STR{pack}{'L' if betting == 'limit' else 'N'}"
    code = ring.variants[0].code
    return code if not ring.dealers_choice and code.startswith("_STR") else None


def ring_games(name: str | None, games: str | None, seats: int) -> RingGames | None:
    """The games ``--game``/``--games`` ask for, checked against the table's ``seats``;
    ``None`` for Straights as ``--pack`` and ``--betting`` shape it (no ``--game``, or
    ``--game straights``).  Every Straights game (``straights-no-limit``,
    ``straights-52`` …) deals on Straights' own stakes and dealer draw
    (:func:`straights_code`).

    Dealer's choice offers every game of ``straights games`` (Straights once, as
    its 55-card Limit game) unless ``--games`` names some.

    >>> ring_games(None, None, 4) is None, ring_games("Straights", None, 4) is None
    (True, True)
    >>> r = ring_games("razz", None, 4); [v.code for v in r.variants], r.dealers_choice
    (['FR'], False)
    >>> ring_games("dealers-choice", "razz, holdem", 4).variants[1].code
    'NT'
    >>> ring_games("razz", None, 9)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: razz deals to at most 8 players, not 9
    >>> ring_games("straights-52-no-limit", None, 4).variants[0].code
    '_STR52N'
    """
    from straights.cards import make_deck
    from straights.poker.catalogue import VARIANTS, find_variant, game_name

    choice = name is not None and name.strip().casefold().replace(" ", "-") in DEALERS_CHOICE
    if games is not None and not choice:
        raise ConfigurationError("--games lists the games of --game dealers-choice")
    if name is None:
        return None
    if choice:
        if games is None:
            pool = [v for c, v in VARIANTS.items() if not c.startswith("_STR") or c == "_STR55L"]
            pool = [
                v for v in pool if v.max_players(len(make_deck(v.deck, jokers=v.jokers))) >= seats
            ]
        else:
            names = [g for g in games.split(",") if g.strip()]
            if not names:
                raise ConfigurationError("--games: name at least one game, like razz,holdem")
            pool = [find_variant(g) for g in names]
    else:
        variant = find_variant(name)
        if variant.code == "_STR55L":
            return None
        pool = [variant]
    for variant in pool:
        most = variant.max_players(len(make_deck(variant.deck, jokers=variant.jokers)))
        if seats > most:
            raise ConfigurationError(
                f"{game_name(variant.code)} deals to at most {most} players, not {seats}"
            )
    return RingGames(tuple(pool), choice)


def check_seats(option: str, seats: int, stack: int, *, pai_gow: bool = False) -> None:
    """The table's ``seats`` (given as ``option``) and starting ``stack``, checked: a poker
    table seats 2 to 10 players with a chip at least each, Pai Gow 1 to 6 against the bank
    (its stack is checked against the bet).

    >>> check_seats("--players", 11, 100)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --players 11: a table seats 2 to 10 players
    >>> check_seats("--seats", 7, 100, pai_gow=True)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --seats 7: Pai Gow seats 1 to 6 players against the bank
    """
    if pai_gow:
        from straights.paigow.deal import MAX_PLAYERS

        if not 1 <= seats <= MAX_PLAYERS:
            raise ConfigurationError(
                f"{option} {seats}: Pai Gow seats 1 to {MAX_PLAYERS} players against the bank"
            )
        return
    if not 2 <= seats <= 10:
        raise ConfigurationError(f"{option} {seats}: a table seats 2 to 10 players")
    if stack < 1:
        raise ConfigurationError(f"--stack {stack}: give every player one chip at least")


def check_muck(muck: str | None, pai_gow: bool, default: str | None) -> None:
    """``--muck`` checked: ``ask``, ``show`` or ``muck`` (``None``: not given), and at
    Pai Gow, which shows every hand to the bank, only its ``default``.

    >>> check_muck("show", False, None)
    >>> check_muck("muck", True, "show")
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --muck: Pai Gow shows every hand to the bank; drop it
    """
    if muck is not None and muck not in ("ask", "show", "muck"):
        raise ConfigurationError(f"--muck {muck}: give ask, show or muck")
    if pai_gow and muck != default:
        raise ConfigurationError("--muck: Pai Gow shows every hand to the bank; drop it")


def pai_gow_settings(bet: int, kinds: Sequence[str], house_way: str) -> dict[str, object]:
    """A stored Pai Gow table's settings: the bet, the other seats' bots and the house
    way (when not Foxwoods', the first).

    >>> pai_gow_settings(20, ["house"], "foxwoods")
    {'bet': 20, 'bots': ['house']}
    """
    settings: dict[str, object] = {"bet": bet, "bots": list(kinds)}
    if house_way != "foxwoods":
        settings["house_way"] = house_way
    return settings


#: What ``--betting``, ``--ante`` and ``--pack`` set, as the refusals name it.
_SETS: Final = {"betting": "betting", "ante": "antes and blinds", "pack": "pack"}
#: ``--betting`` words and the structure letter that begins a catalogue code with them.
_STRUCTURE_LETTER: Final = {"limit": "F", "fixed-limit": "F", "pot-limit": "P", "no-limit": "N"}


def given_options(ctx: typer.Context) -> dict[str, object]:
    """The options of the command of ``ctx`` typed on its command line (or set from the
    environment), by parameter name: the options left at their defaults are not in it."""
    typed = {"COMMANDLINE", "ENVIRONMENT"}  # names of Click's ParameterSource, which Typer vendors
    return {
        name: value
        for name, value in ctx.params.items()
        if getattr(ctx.get_parameter_source(name), "name", None) in typed
    }


def game_options(game: str | None, given: typer.Context | dict[str, object]) -> str | None:
    """Check ``--betting``, ``--ante`` and ``--pack`` against the game ``play`` and
    ``simulate`` will deal, before anything else; returns the game to deal.

    Straights' own table takes all three.  Every game of the catalogue brings its
    own deck, stakes and betting: ``--betting`` picks the same game in that
    structure when the catalogue has it (hold'em: ``limit-holdem``), ``--pack``
    may only repeat the game's deck; anything else is refused in one line, as is
    every one of them at Pai Gow (a banked game) and at dealer's choice.
    ``given`` is the command's context (whose typed options count, see
    :func:`given_options`) or a map of option names to values.

    >>> game_options("holdem", {"betting": "limit"})
    'limit-holdem'
    >>> game_options("holdem", {"pack": 52}), game_options(None, {"ante": 5})
    ('holdem', None)
    >>> game_options("razz", {"ante": 5})
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --ante 5: razz posts its own antes and bring-in ...
    >>> game_options("pai-gow", {"betting": "limit"})
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --betting limit: Pai Gow is played against the bank ...
    """
    from straights.paigow.about import is_pai_gow

    given = given if isinstance(given, dict) else given_options(given)
    wanted = {k: given[k] for k in ("betting", "ante", "pack") if k in given}
    if not wanted or game is None:
        return game
    if is_pai_gow(game):
        name, why = next(iter(wanted.items()))
        raise ConfigurationError(
            f"--{name} {why}: Pai Gow is played against the bank with no betting rounds, "
            "one 53-card pack and a fixed bet; drop it"
        )
    if game.strip().casefold().replace(" ", "-") in DEALERS_CHOICE:
        name, value = next(iter(wanted.items()))
        raise ConfigurationError(
            f"--{name} {value}: at dealer's choice each game deals with its own "
            f"{_SETS[name]}; drop it"
        )
    from straights.cards import make_deck
    from straights.poker.catalogue import VARIANTS, find_variant, game_name

    variant = find_variant(game)
    if variant.code.startswith("_STR"):
        return game  # Straights, which the three options shape (ring_games says how)
    label = game_name(variant.code)
    if "ante" in wanted:
        raise ConfigurationError(
            f"--ante {wanted['ante']}: {label} posts its own antes and bring-in or blinds "
            f"(`straights games {label}`); --ante sets Straights' ante only"
        )
    if "pack" in wanted:
        size = len(make_deck(variant.deck, jokers=variant.jokers))
        if wanted["pack"] != size:
            raise ConfigurationError(
                f"--pack {wanted['pack']}: {label} deals from its own {size}-card pack; "
                "--pack 52 or 55 chooses Straights' pack"
            )
    if "betting" in wanted:
        betting = str(wanted["betting"]).strip().casefold()
        letter = _STRUCTURE_LETTER.get(betting)
        if letter is None:
            raise ConfigurationError(
                f"--betting {wanted['betting']}: choose limit, pot-limit or no-limit"
            )
        bare = variant.code.lstrip("_")
        code = ("_" if variant.code.startswith("_") else "") + letter + bare[1:]
        if code not in VARIANTS:
            raise ConfigurationError(
                f"--betting {wanted['betting']}: {label} is played "
                f"{variant.structure.value} only; drop --betting"
            )
        return game_name(code)
    return game
