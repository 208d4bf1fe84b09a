"""The Typer application every command module registers on."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="straights",
    help="Play Straights, rank poker hands, and compute exact odds.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root() -> None:
    """Play Straights, rank poker hands, and compute exact odds."""
