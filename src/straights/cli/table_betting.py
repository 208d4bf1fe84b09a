"""The betting a ring table deals beyond the rule book: straddles, running the board
more than once and bomb pots (``straights simulate`` and ``straights play``).

Each option is refused in one line where no game the table deals can have it:
a straddle and a bomb pot need blinds and a board (hold'em, Omaha), running it
more than once a board still to come.  At dealer's choice they apply to the games
that can have them.

>>> from straights.cli.game_setup import ring_games
>>> table_house(ring_games("holdem", None, 6), straddle=True, run_it_twice=True,
...             bomb_pot_every=5)  # doctest: +ELLIPSIS
HouseRules(raise_cap=None, ..., straddle='utg', runs=2, bomb_pot_every=5, ...)
>>> table_house(ring_games("razz", None, 6), straddle=True)
Traceback (most recent call last):
...
straights.errors.ConfigurationError: --straddle: razz has no blinds and board to straddle; drop it
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from straights.cli.table_rules import table_house_rules
from straights.errors import ConfigurationError
from straights.poker.catalogue import game_name
from straights.poker.house import TABLE_BETTING, HouseRules
from straights.poker.variant import Variant

if TYPE_CHECKING:
    from straights.cli.game_setup import RingGames

__all__ = [
    "BombAnteOpt",
    "BombEveryOpt",
    "ButtonStraddleOpt",
    "DoubleBoardOpt",
    "RunItTwiceOpt",
    "RunsOpt",
    "StraddleOpt",
    "table_house",
    "table_house_of",
    "with_betting",
]

StraddleOpt = Annotated[
    bool, typer.Option("--straddle", help="Under the gun straddles twice the big blind each deal.")
]
ButtonStraddleOpt = Annotated[
    bool, typer.Option("--button-straddle", help="The button straddles twice the big blind.")
]
RunItTwiceOpt = Annotated[
    bool,
    typer.Option("--run-it-twice", help="All in before the river, the players may run it twice."),
]
RunsOpt = Annotated[
    int | None,
    typer.Option("--runs", min=1, help="The most runs of the board players may agree to."),
]
BombEveryOpt = Annotated[
    int, typer.Option("--bomb-pot-every", min=0, help="Every N-th deal is a bomb pot (0: none).")
]
DoubleBoardOpt = Annotated[
    bool, typer.Option("--double-board", help="Bomb pots are dealt on two boards.")
]
BombAnteOpt = Annotated[
    int | None,
    typer.Option("--bomb-pot-ante", min=1, help="A bomb pot's ante (default: 2 big blinds)."),
]


def _straddles(v: Variant) -> bool:
    return bool(v.blinds) and any(s.board for s in v.streets)


def _runs(v: Variant) -> bool:
    return any(s.board for s in v.streets) and v.pot_rule is None


def table_house(
    ring: RingGames | None,
    *,
    straddle: bool = False,
    button_straddle: bool = False,
    run_it_twice: bool = False,
    runs: int | None = None,
    bomb_pot_every: int = 0,
    bomb_pot_ante: int | None = None,
    double_board: bool = False,
    name: str = "Straights",
) -> HouseRules | None:
    """The house rules these options ask of a table dealing ``ring`` (``None``:
    Straights' own table, or the game ``name``); ``None`` when no option is given."""
    if straddle and button_straddle:
        raise ConfigurationError("--straddle and --button-straddle: choose one straddle")
    if run_it_twice and runs is not None and runs != 2:
        raise ConfigurationError(f"--run-it-twice and --runs {runs}: choose one")
    most = 2 if run_it_twice else runs or 1
    asked = [
        ("--straddle", straddle, _straddles),
        ("--button-straddle", button_straddle, _straddles),
        ("--run-it-twice" if run_it_twice else f"--runs {runs}", most > 1, _runs),
        (f"--bomb-pot-every {bomb_pot_every}", bomb_pot_every > 0, _straddles),
        (f"--bomb-pot-ante {bomb_pot_ante}", bomb_pot_ante is not None, _straddles),
        ("--double-board", double_board, _straddles),
    ]
    if not any(wanted for _, wanted, _ in asked):
        return None
    if bomb_pot_ante is not None and not bomb_pot_every:
        raise ConfigurationError(f"--bomb-pot-ante {bomb_pot_ante}: add --bomb-pot-every N")
    if double_board and not bomb_pot_every:
        raise ConfigurationError(
            "--double-board deals bomb pots on two boards: add --bomb-pot-every N"
        )
    games = () if ring is None else ring.variants
    for flag, wanted, fits in asked:
        if wanted and not any(fits(v) for v in games):
            need = "board to run again" if fits is _runs else "blinds and board to straddle"
            if fits is _straddles and flag.startswith(("--bomb", "--double")):
                need = "flop for a bomb pot"
            if ring is not None and len(games) > 1:
                raise ConfigurationError(f"{flag}: none of these games has a {need}; drop it")
            what = name if ring is None else game_name(games[0].code)
            raise ConfigurationError(f"{flag}: {what} has no {need}; drop it")
    return HouseRules(
        straddle="utg" if straddle else "button" if button_straddle else None,
        runs=most,
        bomb_pot_every=bomb_pot_every,
        bomb_pot_ante=bomb_pot_ante,
        double_board=double_board,
    )


def with_betting(rules: HouseRules | None, betting: HouseRules | None) -> HouseRules | None:
    """One table's house rules: ``rules`` (where the rule books differ, from
    :func:`~straights.cli.table_rules.table_house_rules`) with the table betting of
    ``betting`` (straddles, runs, bomb pots, from :func:`table_house`).

    >>> both = with_betting(HouseRules(raise_cap=3), HouseRules(runs=2))
    >>> both.raise_cap, both.runs
    (3, 2)
    """
    if rules is None or betting is None:
        return rules or betting
    return replace(rules, **{name: getattr(betting, name) for name in TABLE_BETTING})


def table_house_of(
    game_name: str | None,
    table_rules: Mapping[str, object] | None,
    *,
    straddle: bool = False,
    button_straddle: bool = False,
    run_it_twice: bool = False,
    runs: int | None = None,
    bomb_pot_every: int = 0,
    bomb_pot_ante: int | None = None,
    double_board: bool = False,
) -> Callable[[RingGames | None], HouseRules | None]:
    """The house rules of a table dealing ``game_name``, as a function of the ring it
    deals (``None``: Straights' own table, or Pai Gow): the rule-book options
    ``table_rules`` (checked at once) with the table betting of the other options
    (refused when called, where no game of the ring can have them).  One wiring for
    ``straights play`` and ``straights simulate``.

    >>> from straights.cli.game_setup import ring_games
    >>> house_of = table_house_of("holdem", {}, straddle=True)
    >>> house_of(ring_games("holdem", None, 6)).straddle
    'utg'
    >>> table_house_of("pai-gow", {}, straddle=True)(None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --straddle: Pai Gow has no blinds ... drop it
    """
    from straights.paigow.about import is_pai_gow

    rules = table_house_rules(game_name, table_rules or {})
    name = "Pai Gow" if is_pai_gow(game_name) else "Straights"

    def house_of(ring: RingGames | None) -> HouseRules | None:
        betting = table_house(ring, straddle=straddle, button_straddle=button_straddle,
                              run_it_twice=run_it_twice, runs=runs,
                              bomb_pot_every=bomb_pot_every, bomb_pot_ante=bomb_pot_ante,
                              double_board=double_board, name=name)  # fmt: skip
        return with_betting(rules, betting)

    return house_of
