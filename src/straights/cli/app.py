"""The Typer application every command module registers on."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperOption

app = typer.Typer(
    name="straights",
    help="Play Straights, rank poker hands, and compute exact odds.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from straights import __version__

        typer.echo(f"straights {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Play Straights, rank poker hands, and compute exact odds."""


def _plain_flags() -> None:
    """Show on/off flags in ``--help`` as plain flags (``--json``), not ``--json <bool>``.

    Typer's help prints a value type beside every option, flags included; a
    flag takes no value, so its type column stays empty.
    """
    shown = TyperOption.display_type_rich

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        return None if self.is_flag else shown(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_plain_flags()
