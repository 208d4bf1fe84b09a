"""Asking the player at the terminal: one prompt, one answer line (typed, scripted or piped).

Every interactive table (``play`` for Straights, Pai Gow and every other game)
asks through :class:`Prompter`: the answer comes from an iterator of lines; the
end of the input or Ctrl-C is ``None`` (Ctrl-C also sets :attr:`interrupted`);
a scripted answer is echoed as text, never as Rich markup.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["Prompter"]


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
