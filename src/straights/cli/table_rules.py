"""The house rules a table sets, as options of ``straights play`` and ``straights simulate``.

Where the rule books disagree the engine asks the table
(:class:`~straights.poker.house.HouseRules`; Pai Gow: the house way of
:class:`~straights.paigow.rules.PaiGowRules`).  :func:`table_rule_options` gives a
command the options; :func:`table_house_rules` checks each one typed against the
game the table deals — an option that changes nothing there is refused in one
line — and builds the rules: ``--house`` chooses the starting point (``rule-book``,
the default, or ``pokerkit``), the other options change one rule each.

>>> table_house_rules("seven-card-stud", {"open_pair": False}).open_pair
False
>>> table_house_rules("limit-holdem", {"house": "pokerkit", "raise_cap": 3}).raise_cap
3
>>> table_house_rules("razz", {}) is None
True
>>> table_house_rules("holdem", {"raise_cap": 3})
Traceback (most recent call last):
...
straights.errors.ConfigurationError: --raise-cap 3: holdem is not played fixed limit; drop it
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any, Final, TypeVar, cast

import typer

from straights.errors import ConfigurationError

if TYPE_CHECKING:
    from straights.paigow.rules import HouseWayName
    from straights.poker.house import HouseRules
    from straights.poker.variant import Variant

__all__ = [
    "HOUSE_PRESETS",
    "house_options",
    "spelled",
    "table_house_rules",
    "table_house_way",
    "table_rule_options",
]

_PANEL: Final = "House rules"
#: ``--house``: the starting points, by name.
HOUSE_PRESETS: Final = ("rule-book", "pokerkit")

#: The options: (parameter name, annotated type); every default is ``None`` (not typed).
TABLE_RULE_OPTIONS: Final[tuple[tuple[str, Any], ...]] = (
    ("house", Annotated[str | None, typer.Option(
        "--house", rich_help_panel=_PANEL,
        help="The house rules to start from: rule-book (Robert's Rules and the TDA; "
        "the default) or pokerkit (PokerKit's reading).")]),
    ("raise_cap", Annotated[int | None, typer.Option(
        "--raise-cap", min=1, rich_help_panel=_PANEL,
        help="Fixed limit: the most bets and raises in a round (default: a bet and three "
        "raises, four in a game of two rounds).")]),
    ("heads_up_unlimited", Annotated[bool | None, typer.Option(
        "--heads-up-unlimited/--heads-up-capped", rich_help_panel=_PANEL,
        help="Fixed limit: no raise cap while two players contest the pot (default).")]),
    ("blind_is_bet", Annotated[bool | None, typer.Option(
        "--blind-counts/--blind-uncounted", rich_help_panel=_PANEL,
        help="Fixed limit with blinds: the big blind counts as the round's bet toward "
        "the cap (default).")]),
    ("half_bet_reopens", Annotated[bool | None, typer.Option(
        "--half-bet-reopens/--full-raise-reopens", rich_help_panel=_PANEL,
        help="Fixed limit: an all-in of half a bet or more reopens the betting (TDA 47-B; "
        "default), or only a full raise does.")]),
    ("odd_chip", Annotated[str | None, typer.Option(
        "--odd-chip", rich_help_panel=_PANEL,
        help="Who gets an odd chip: rule-book (first from the button; in stud the "
        "highest card by suit; default) or first-seat (p1 first).")]),
    ("lowball_check_raise", Annotated[bool | None, typer.Option(
        "--check-raise/--no-check-raise", rich_help_panel=_PANEL,
        help="Limit lowball: allow check-raise (default: not).")]),
    ("sevens_rule", Annotated[bool | None, typer.Option(
        "--sevens-rule/--no-sevens-rule", rich_help_panel=_PANEL,
        help="Limit California lowball: a seven or better checked after the draw wins "
        "no action after it (default).")]),
    ("open_pair", Annotated[bool | None, typer.Option(
        "--open-pair/--no-open-pair", rich_help_panel=_PANEL,
        help="Seven-card stud: an open pair on fourth street allows the big bet (default).")]),
    ("house_way", Annotated[str | None, typer.Option(
        "--house-way", rich_help_panel=_PANEL,
        help="Pai Gow: how the bank (and the house-way bots) set hands: foxwoods "
        "(Foxwoods' published way; default) or simple (docs/games.md).")]),
)  # fmt: skip

#: How each option is spelled on the command line, by parameter name.
_FLAG: Final[dict[str, str | tuple[str, str]]] = {
    "house": "--house",
    "raise_cap": "--raise-cap",
    "heads_up_unlimited": ("--heads-up-unlimited", "--heads-up-capped"),
    "blind_is_bet": ("--blind-counts", "--blind-uncounted"),
    "half_bet_reopens": ("--half-bet-reopens", "--full-raise-reopens"),
    "odd_chip": "--odd-chip",
    "lowball_check_raise": ("--check-raise", "--no-check-raise"),
    "sevens_rule": ("--sevens-rule", "--no-sevens-rule"),
    "open_pair": ("--open-pair", "--no-open-pair"),
    "house_way": "--house-way",
}
_ODD_CHIP: Final = {"rule-book": True, "first-seat": False}

F = TypeVar("F", bound=Callable[..., None])


def table_rule_options(command: F) -> F:
    """Give ``command`` the house-rule options; it receives the ones typed as
    ``table_rules=`` (a dict by parameter name, untyped ones left out)."""
    own = inspect.signature(command, eval_str=True)
    params = [p for name, p in own.parameters.items() if name != "table_rules"]
    added = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind)
        for name, kind in TABLE_RULE_OPTIONS
    ]
    params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in params] + added
    names = [name for name, _ in TABLE_RULE_OPTIONS]

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        typed = {name: kwargs.pop(name) for name in names}
        command(**kwargs, table_rules={k: v for k, v in typed.items() if v is not None})

    wrapper.__signature__ = own.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return wrapper  # type: ignore[return-value]


def spelled(name: str, value: object) -> str:
    flag = _FLAG[name]
    if isinstance(flag, tuple):
        return flag[0] if value else flag[1]
    return f"{flag} {value}"


def _unused(name: str, variant: Variant) -> str | None:
    """Why the option ``name`` changes nothing in ``variant`` (``None``: it applies)."""
    from straights.poker.house import unused_in

    if name == "house":
        return None
    return unused_in("rule_book_odd_chip" if name == "odd_chip" else name, variant)


def house_options(variant: Variant) -> list[str]:
    """The house-rule options a table of ``variant`` takes, as ``straights games`` lists
    them (none at Straights, which plays by its own rule book).

    >>> from straights.poker.catalogue import get_variant
    >>> for option in house_options(get_variant("FR")):
    ...     print(option)
    --house rule-book|pokerkit
    --raise-cap N
    --heads-up-unlimited/--heads-up-capped
    --half-bet-reopens/--full-raise-reopens
    --odd-chip rule-book|first-seat
    >>> house_options(get_variant("_STR55L"))
    []
    """
    if variant.code.startswith("_STR"):
        return []
    shown = {"house": "--house rule-book|pokerkit", "raise_cap": "--raise-cap N",
             "odd_chip": "--odd-chip rule-book|first-seat"}  # fmt: skip
    out = []
    for name, _ in TABLE_RULE_OPTIONS:
        if name == "house_way" or _unused(name, variant) is not None:
            continue
        flag = _FLAG[name]
        out.append(shown.get(name) or (flag if isinstance(flag, str) else "/".join(flag)))
    return out


def table_house_rules(game: str | None, typed: Mapping[str, object]) -> HouseRules | None:
    """The :class:`~straights.poker.house.HouseRules` the options ``typed`` ask for at a
    table dealing ``game`` (a name of ``--game``, after :func:`game_options`; ``None``:
    Straights), or ``None`` when none was typed (the engine's default).  An option that
    changes nothing in the game (in every game, at dealer's choice) is refused."""
    from straights.cli.game_setup import DEALERS_CHOICE
    from straights.paigow.about import is_pai_gow
    from straights.poker.catalogue import VARIANTS, find_variant, game_name
    from straights.poker.house import POKERKIT, HouseRules

    rules = {k: v for k, v in typed.items() if k != "house_way"}
    if "house_way" in typed and (game is None or not is_pai_gow(game)):
        raise ConfigurationError(
            f"--house-way {typed['house_way']}: the house way sets Pai Gow hands; "
            "this table deals poker: drop it"
        )
    if not rules:
        return None
    name, value = next(iter(rules.items()))
    choice = game is not None and game.strip().casefold().replace(" ", "-") in DEALERS_CHOICE
    if game is None or (
        not choice and (is_pai_gow(game) or find_variant(game).code.startswith("_STR"))
    ):
        what = "Pai Gow" if game is not None and is_pai_gow(game) else "Straights"
        raise ConfigurationError(
            f"{spelled(name, value)}: {what} plays by its own rule book; these house "
            "rules are for the other poker games"
        )
    if choice:
        pool = [v for c, v in VARIANTS.items() if not c.startswith("_STR")]
        label = "no game of dealer's choice"
    else:
        pool = [find_variant(game)]
        label = game_name(pool[0].code)
    for name, value in rules.items():
        reasons = [_unused(name, v) for v in pool]
        if all(reasons):
            why = reasons[0] if len(pool) == 1 else "uses it"
            raise ConfigurationError(f"{spelled(name, value)}: {label} {why}; drop it")
    preset = str(rules.pop("house", "rule-book"))
    if preset not in HOUSE_PRESETS:
        raise ConfigurationError(f"--house {preset}: choose {' or '.join(HOUSE_PRESETS)}")
    if "odd_chip" in rules:
        chip = str(rules.pop("odd_chip"))
        if chip not in _ODD_CHIP:
            raise ConfigurationError(f"--odd-chip {chip}: choose {' or '.join(_ODD_CHIP)}")
        rules["rule_book_odd_chip"] = _ODD_CHIP[chip]
    base = POKERKIT if preset == "pokerkit" else HouseRules()
    return replace(base, **rules)  # type: ignore[arg-type]


def table_house_way(typed: Mapping[str, object]) -> HouseWayName:
    """The Pai Gow house way ``--house-way`` names (default: ``foxwoods``).

    >>> table_house_way({}), table_house_way({"house_way": "Simple"})
    ('foxwoods', 'simple')
    """
    from straights.paigow.rules import HOUSE_WAYS

    way = str(typed.get("house_way", HOUSE_WAYS[0])).strip().casefold()
    if way not in HOUSE_WAYS:
        raise ConfigurationError(
            f"--house-way {typed['house_way']}: choose {' or '.join(HOUSE_WAYS)}"
        )
    return cast("HouseWayName", way)
