"""Entry point: imports every command module, then runs the app.

A :class:`~straights.errors.StraightsError` becomes one line on stderr and
exit status 2 — never a traceback.
"""

from __future__ import annotations

import sys

from straights.cli import deal as _deal  # noqa: F401  (each import registers commands)
from straights.cli import distribution as _distribution  # noqa: F401
from straights.cli import fast as _fast  # noqa: F401
from straights.cli import history as _history  # noqa: F401
from straights.cli import odds as _odds  # noqa: F401
from straights.cli import play as _play  # noqa: F401
from straights.cli import rank as _rank  # noqa: F401
from straights.cli import rules as _rules  # noqa: F401
from straights.cli import serve as _serve  # noqa: F401
from straights.cli import showdown as _showdown  # noqa: F401
from straights.cli import simulate as _simulate  # noqa: F401
from straights.cli import stats as _stats  # noqa: F401
from straights.cli.app import app
from straights.errors import StraightsError


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; used by the ``straights`` console script."""
    try:
        app(args=argv, prog_name="straights")
    except StraightsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
