"""Entry point: imports every command module, then runs the app.

Whatever goes wrong, the user sees one line on stderr, never a traceback:

* a :class:`~straights.errors.StraightsError` or a usage error (an unknown
  option, a value out of range) prints ``error: …`` and exits with status 2;
* Ctrl-C prints ``interrupted`` and exits with status 130 (the shell's code
  for SIGINT) — also when it arrives inside compiled code, where Numba turns
  it into a ``SystemError`` chained to the ``KeyboardInterrupt``.
"""

from __future__ import annotations

import sys

from straights.cli import interrupt

try:  # a Ctrl-C while the commands load (a slow disk, a busy machine) ends the same way
    import typer

    from straights.cli import deal as _deal  # noqa: F401  (each import registers commands)
    from straights.cli import fast as _fast  # noqa: F401
    from straights.cli import games as _games  # noqa: F401
    from straights.cli import history as _history  # noqa: F401
    from straights.cli import history_stats as _history_stats  # noqa: F401
    from straights.cli import icm as _icm  # noqa: F401
    from straights.cli import odds as _odds  # noqa: F401
    from straights.cli import play as _play  # noqa: F401
    from straights.cli import rank as _rank  # noqa: F401
    from straights.cli import rules as _rules  # noqa: F401
    from straights.cli import serve as _serve  # noqa: F401
    from straights.cli import showdown as _showdown  # noqa: F401
    from straights.cli import simulate as _simulate  # noqa: F401
    from straights.cli import solve as _solve  # noqa: F401
    from straights.cli import stats as _stats  # noqa: F401
    from straights.cli import tournament as _tournament  # noqa: F401
    from straights.cli.app import app
    from straights.errors import StraightsError
except KeyboardInterrupt:
    sys.stderr.write("interrupted\n")
    sys.exit(interrupt.EXIT_STATUS)

#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = interrupt.EXIT_STATUS
#: Exit status for bad input: a usage error or a ``StraightsError``.
BAD_INPUT = 2


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; used by the ``straights`` console script."""
    _tolerate_narrow_encodings()
    restore = interrupt.install()
    try:
        _run(argv)
    finally:
        restore()


def _tolerate_narrow_encodings() -> None:
    """On a terminal or pipe that cannot encode a character (``PYTHONIOENCODING=ascii``,
    a Latin-1 console), print ``?`` for it instead of failing mid-game."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def _run(argv: list[str] | None) -> None:
    try:
        code = app(args=argv, prog_name="straights", standalone_mode=False)
    except StraightsError as exc:
        _fail(str(exc), BAD_INPUT)
    except typer.TyperException as exc:  # Click's usage errors: bad option, bad value …
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.exit(BAD_INPUT)  # `straights history` alone: its help is already printed
        _fail(_usage_message(exc), BAD_INPUT)
    except typer.Abort:
        _fail("interrupted", INTERRUPTED)
    except KeyboardInterrupt:
        _fail("interrupted", INTERRUPTED)
    except SystemError as exc:
        if not _caused_by_interrupt(exc):
            raise
        _fail("interrupted", INTERRUPTED)
    if code == INTERRUPTED:  # Typer turns Ctrl-C inside a command into Exit(130)
        _fail("interrupted", INTERRUPTED)
    sys.exit(code if isinstance(code, int) else 0)


def _fail(message: str, code: int) -> None:
    if code == INTERRUPTED:
        interrupt.announce()
        interrupt.end_children()
        interrupt.exit_if_busy()  # worker threads would hold the exit up
    else:
        from straights.cli.render import runnable

        print(f"error: {runnable(message)}", file=sys.stderr)
    sys.exit(code)


def _usage_message(exc: typer.TyperException) -> str:
    """Click's message plus where to find help, on one line."""
    message = " ".join(exc.format_message().split())
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None)
    return f"{message} (see {path} --help)" if path else message


def _caused_by_interrupt(exc: BaseException) -> bool:
    """True when ``exc`` was raised while a ``KeyboardInterrupt`` was being handled."""
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        if isinstance(link, KeyboardInterrupt):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


if __name__ == "__main__":
    main()
