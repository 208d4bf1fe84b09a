"""The game set-up shared by ``straights play`` and ``straights simulate``.

Both commands take the same table settings and a list of bots; :func:`game_setup`
checks them all before a card is dealt and says what is wrong in one line.

>>> s = game_setup(seats=4, bots="strength, random", betting="limit", ante=1, stack=50,
...                pack=55, bot_seats=3)
>>> s.config.seats, s.bots
(4, ('strength', 'random', 'strength'))
>>> game_setup(seats=3, bots="random", betting="limit", ante=5, stack=4, pack=55, bot_seats=2)
Traceback (most recent call last):
...
straights.errors.ConfigurationError: --stack 4 is less than --ante 5: every player needs ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from straights.errors import ConfigurationError

if TYPE_CHECKING:
    from straights.game.config import TableConfig

__all__ = [
    "DEFAULT_BOTS",
    "AnteOpt",
    "BettingOpt",
    "BotsOpt",
    "GameSetup",
    "PackOpt",
    "StackOpt",
    "game_setup",
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
        "equity:tight, equity:loose, equity:aggressive (default: strength,calling,random)."
    ),
]


@dataclass(frozen=True, slots=True)
class GameSetup:
    """A checked table configuration and the kind of bot for each bot seat, in order."""

    config: TableConfig
    bots: tuple[str, ...]


def game_setup(
    *,
    seats: int,
    bots: str | None,
    betting: str,
    ante: int,
    stack: int,
    pack: int,
    bot_seats: int,
) -> GameSetup:
    """Check the settings and seat the bots in turn from the comma-separated ``bots``.

    ``bot_seats`` is how many seats the bots fill (all but the human's in
    ``play``, every seat in ``simulate``); naming more bots than that is an
    error rather than a silent drop.  ``bots=None`` (the option not given) seats
    :data:`DEFAULT_BOTS` in turn, as many as there are seats.
    """
    from straights.bots.base import BOT_KINDS
    from straights.game.config import TableConfig

    if bots is None:
        bots = ",".join(DEFAULT_BOTS[:bot_seats])

    config = TableConfig(
        pack=pack,
        ante=ante,
        betting=betting,  # type: ignore[arg-type]  # TableConfig checks it
        seats=seats,
        starting_stack=stack,
    )
    if stack < ante:
        raise ConfigurationError(
            f"--stack {stack} is less than --ante {ante}: "
            "every player needs chips for one ante at least"
        )
    kinds = [k.strip().lower() for k in bots.split(",") if k.strip()]
    if not kinds:
        raise ConfigurationError(f"--bots {bots!r}: name bots like {','.join(BOT_KINDS)}")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise ConfigurationError(
                f"--bots: {kind!r} is not a bot: choose among {', '.join(BOT_KINDS)}"
            )
    if len(kinds) > bot_seats:
        room = "1 seat" if bot_seats == 1 else f"{bot_seats} seats"
        raise ConfigurationError(
            f"--bots names {len(kinds)} bots but the table has {room} for bots: "
            f"name at most {bot_seats} (they take the seats in turn), or add seats"
        )
    return GameSetup(config, tuple(kinds[i % len(kinds)] for i in range(bot_seats)))


def check_terminal_game(name: str | None) -> None:
    """Refuse, in one line, a game the terminal table cannot deal yet.

    ``play`` and ``simulate`` deal Straights (any pack and structure, chosen by
    ``--pack``/``--betting``) and Pai Gow (dispatched before this check); every
    other variant of ``straights games`` runs on :mod:`straights.poker` and
    :mod:`straights.rl` but not yet at the terminal table.

    >>> check_terminal_game(None); check_terminal_game("Straights")
    >>> try:
    ...     check_terminal_game("razz")
    ... except ConfigurationError as exc:
    ...     print(str(exc)[:52])
    razz: the terminal table deals Straights and Pai Gow
    >>> try:
    ...     check_terminal_game("straights-52-no-limit")
    ... except ConfigurationError as exc:
    ...     print(exc)
    straights-52-no-limit: choose it with --game straights --pack 52 --betting no-limit
    """
    if name is None:
        return
    from straights.poker.catalogue import find_variant

    code = find_variant(name).code  # an unknown name: one line listing the games
    if code == "_STR55L":
        return
    if code.startswith("_STR"):
        pack = " --pack 52" if code.startswith("_STR52") else ""
        betting = " --betting no-limit" if code.endswith("N") else ""
        raise ConfigurationError(f"{name}: choose it with --game straights{pack}{betting}")
    raise ConfigurationError(
        f"{name}: the terminal table deals Straights and Pai Gow so far (the other games"
        " of `straights games` play through straights.poker and straights.rl)"
    )
