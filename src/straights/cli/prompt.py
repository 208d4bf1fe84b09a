"""Asking the player at the terminal: one prompt, one answer line (typed, scripted or piped).

Every interactive table (``play`` for Straights, Pai Gow and every other game)
asks through :class:`Prompter`: the answer comes from an iterator of lines; the
end of the input or Ctrl-C is ``None`` (Ctrl-C also sets :attr:`interrupted`);
a scripted answer is echoed as text, never as Rich markup.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["QUIT", "Prompter", "leaves"]

T = TypeVar("T")

#: The answers that leave the table at any prompt.
QUIT: Final = ("q", "quit", "exit")


def leaves(answer: str | None) -> bool:
    """Whether ``answer`` leaves the table (``None``: the input is over, or Ctrl-C).

    >>> leaves("q"), leaves(None), leaves("c")
    (True, True, False)
    """
    return answer is None or answer in QUIT


class Prompter:
    """Prompts on ``out`` and reads ``answers`` (lowercased, stripped)."""

    def __init__(self, out: Console, answers: Iterator[str]) -> None:
        self.out = out
        self.answers = answers
        #: Echo the answers (they come from a script or a pipe, not the keyboard).
        self.echo = not sys.stdin.isatty()
        #: Set when the player pressed Ctrl-C at a prompt.
        self.interrupted = False

    def ask(self, prompt: str) -> str | None:
        """Print ``prompt`` (Rich markup) and read one answer; ``None``: no more answers."""
        from rich.text import Text

        self.out.print(prompt, end="")
        try:
            answer = next(self.answers)
        except StopIteration:
            self.out.print()
            return None
        except KeyboardInterrupt:
            from straights.cli import interrupt

            interrupt.handled()  # Ctrl-C at the prompt leaves the table: the game ends itself
            self.interrupted = True
            self.out.print()
            return None
        if self.echo:
            self.out.print(Text(answer))  # as typed: text, never markup
        return answer.strip().lower()

    def choose(
        self,
        prompt: str,
        take: Callable[[str], T | str],
        helps: tuple[str, ...] = (),
        help: Callable[[], object] = lambda: None,
    ) -> T | None:
        """Ask ``prompt`` until ``take`` takes the answer: what it returns, or ``None`` when
        the player :func:`leaves`.  An answer of ``helps`` calls ``help``; a ``str`` from
        ``take`` says what is wrong (told in red) and the question is asked again.

        >>> from rich.console import Console
        >>> p = Prompter(Console(width=60), iter(["x", "?", "7"]))
        >>> p.echo = False
        >>> p.choose("n? ", lambda a: int(a) if a.isdigit() else "a number", ("?",),
        ...          lambda: print("help"))
        n? a number
        n? help
        n? 7
        >>> p.choose("n?", int) is None  # no more answers
        n?
        True
        """
        from rich.text import Text

        while True:
            answer = self.ask(prompt)
            if answer is None or leaves(answer):
                return None
            if answer in helps:
                help()
                continue
            taken = take(answer)
            if not isinstance(taken, str):
                return taken
            self.out.print(Text(taken, "red"))
