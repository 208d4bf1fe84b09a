"""Command-line options that several commands share, each defined once.

``rank``, ``compare`` and ``stats`` all take ``--ranking`` and the same
house-rule flags; :func:`house_rules` adds the flags to a command and hands it
one ``options`` mapping, so the list is written here and nowhere else.

>>> build_options(wild_rank=2, bug=True, extra=['trips=below-straight'])
{'wild_rank': 2, 'wild': 'bug', 'trips': 'below-straight'}
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from straights.errors import RankingError

__all__ = ["JsonOpt", "RankingOpt", "build_options", "house_rules"]

RankingOpt = Annotated[
    str, typer.Option("--ranking", "-r", help="Ranking name (see docs/rankings.md).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]

#: The house-rule flags: (parameter name, annotated type, default).
HOUSE_RULE_FLAGS: tuple[tuple[str, Any, Any], ...] = (
    (
        "wild_rank",
        Annotated[
            int | None, typer.Option("--wild-rank", help="Make a rank wild: 2-14 (14 = aces).")
        ],
        None,
    ),
    (
        "bug",
        Annotated[bool, typer.Option("--bug", help="Wild cards play as bugs, not fully wild.")],
        False,
    ),
    (
        "five_of_a_kind",
        Annotated[
            str | None,
            typer.Option(
                "--five-of-a-kind",
                help="top | below-royal-flush | below-straight-flush (default top).",
            ),
        ],
        None,
    ),
    (
        "double_ace",
        Annotated[
            bool, typer.Option("--double-ace", help="A wild card in a flush plays as an ace.")
        ],
        False,
    ),
    (
        "natural",
        Annotated[
            str | None,
            typer.Option(
                "--natural", help="ignore | fewer-wilds | natural-first (default ignore)."
            ),
        ],
        None,
    ),
    (
        "extra",
        Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help="Any ranking option as name=value (repeatable)."),
        ],
        None,
    ),
)


def _value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text.strip()


def build_options(
    wild_rank: int | None = None,
    bug: bool = False,
    five_of_a_kind: str | None = None,
    double_ace: bool = False,
    natural: str | None = None,
    extra: list[str] | None = None,
) -> dict[str, Any]:
    """Ranking options from the house-rule flags; only those the user set."""
    options: dict[str, Any] = {}
    if wild_rank is not None:
        options["wild_rank"] = wild_rank
    if bug:
        options["wild"] = "bug"
    if five_of_a_kind is not None:
        options["five_of_a_kind"] = five_of_a_kind
    if double_ace:
        options["double_ace"] = True
    if natural is not None:
        options["natural"] = natural
    for item in extra or []:
        name, sep, text = item.partition("=")
        if not sep or not name.strip():
            raise RankingError(
                f"--option {item!r} is not name=value, e.g. --option natural=fewer-wilds"
            )
        options[name.strip().replace("-", "_")] = _value(text)
    return options


F = TypeVar("F", bound=Callable[..., None])


def house_rules(command: F) -> F:
    """Give ``command`` the house-rule flags; it receives them as ``options=`` (a dict).

    The flags go before ``--json`` in the command's help.
    """
    own = inspect.signature(command, eval_str=True)
    params = [p for name, p in own.parameters.items() if name != "options"]
    flags = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
        for name, kind, default in HOUSE_RULE_FLAGS
    ]
    at = next((i for i, p in enumerate(params) if p.name == "as_json"), len(params))
    params = (
        [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in params[:at]]
        + flags
        + [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in params[at:]]
    )
    names = [name for name, _, _ in HOUSE_RULE_FLAGS]

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        options = build_options(**{name: kwargs.pop(name) for name in names})
        command(**kwargs, options=options)

    wrapper.__signature__ = own.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return wrapper  # type: ignore[return-value]
