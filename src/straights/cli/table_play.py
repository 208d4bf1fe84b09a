"""The one terminal loop of ``straights play``: deal after deal at the one table, for every game.

:func:`play_table` never asks which game it plays: what is particular to a game —
how the next deal is chosen (a variant, Pai Gow's bets), how the player acts in
it, what is told after it — is that game's :class:`TerminalTable`
(:mod:`straights.cli.ring_play` for every variant of the catalogue, Straights
included; :mod:`straights.cli.paigow_play` for Pai Gow).  What every hook shares is
here, once: :class:`TerminalTable` (the table, stored or not; the deal to resume;
the final chips; its prompter, :class:`~straights.cli.prompt.Prompter`),
:func:`chips_each` (the greeting's chips), :func:`card_positions` (cards named by
their positions) and :func:`keys_help` (the keys at a prompt), :func:`stored_table` and
:func:`unfinished` (a stored table created or resumed), :func:`session` (Ctrl-C,
and how to resume) and :func:`answers` (typed, scripted or piped).

>>> class Counting:  # a game of three deals, each over as soon as it starts
...     deals = 0
...     def open(self): print("open")
...     def resumed(self): return None
...     def can_deal(self): return self.deals < 3
...     def plan(self, first): return "first" if first else "next"
...     def start(self, plan):
...         print("deal", self.deals + 1, plan)
...         return type("Deal", (), {"finished": True})()
...     def play(self, deal): return True
...     def settle(self, deal): self.deals += 1
...     def goodbye(self): print("bye after", self.deals)
>>> play_table(Counting(), hands=2)
open
deal 1 first
deal 2 next
bye after 2
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, TextIO

from straights.cli.prompt import Prompter
from straights.table.core import DealT, PlanT, Table

if TYPE_CHECKING:
    from rich.console import Console

    from straights.store import Store, TableRecord
    from straights.store.table import StoredTable

__all__ = [
    "TerminalTable",
    "answers",
    "card_positions",
    "chips_each",
    "keys_help",
    "play_table",
    "session",
    "stored_table",
    "unfinished",
]


def play_table(game: TerminalTable[DealT, PlanT], hands: int | None) -> None:
    """Deal until the player leaves, no deal can start or ``hands`` deals are over (a
    deal resumed in play is the first of them, at every game)."""
    game.open()
    begun, deal = game.deals, game.resumed()
    first = True
    while True:
        if deal is None:
            if (hands is not None and game.deals - begun >= hands) or not game.can_deal():
                break
            plan = game.plan(first)
            if plan is None:
                break
            deal = game.start(plan)
        first = False
        stays = game.play(deal)
        if deal.finished:
            game.settle(deal)
        if not stays:
            break
        deal = None
    game.goodbye()


# -- what every game's hook shares ------------------------------------------------------------


def chips_each(names: Sequence[str], stacks: Sequence[int]) -> str:
    """The players' chips in the greeting: ``N chips each`` when every stack is the same,
    else each player's (a resumed table).

    >>> chips_each(["You", "Bot 2"], [20, 20])
    '20 chips each'
    >>> chips_each(["You", "Bot 2"], [60, 0])
    'chips: You 60, Bot 2 0'
    """
    if len(set(stacks)) == 1:
        return f"{stacks[0]} chips each"
    return "chips: " + ", ".join(f"{n} {c}" for n, c in zip(names, stacks, strict=True))


def card_positions(answer: str, size: int) -> list[int] | str:
    """The cards ``answer`` names by their positions, counted from 1 to ``size`` and
    separated by spaces or commas (``1 4``, ``1,4``), as indices; or what is wrong.
    How many a decision takes is the caller's to check.

    >>> card_positions("1, 4", 5), card_positions("9", 5), card_positions("2 2", 5)
    ([0, 3], 'position 9 is not one of your cards: they are 1 to 5', 'name each card once')
    """
    words = answer.replace(",", " ").split()
    if not all(w.isdigit() for w in words):
        return f"{answer!r}: give card positions as numbers from 1 to {size}, like 1 4"
    picks = [int(w) for w in words]
    bad = [p for p in picks if not 1 <= p <= size]
    if bad:
        return f"position {bad[0]} is not one of your cards: they are 1 to {size}"
    if len(set(picks)) != len(picks):
        return "name each card once"
    return [p - 1 for p in picks]


def keys_help(keys: Sequence[tuple[str, str]]) -> list[str]:
    """The help's list of the keys at a prompt, each with what it does, in one column.

    >>> print("\\n".join(keys_help([("h", "the house way"), ("? or h", "this help")])))
    Keys:
      h        the house way
      ? or h   this help
    """
    width = max(len(key) for key, _ in keys) + 2
    return ["Keys:", *(f"  {key:<{width}} {meaning}" for key, meaning in keys)]


class TerminalTable(Generic[DealT, PlanT]):
    """What :func:`play_table` asks a game's terminal front end, and what every game
    shares: the one table (stored command by command when ``record`` is set, which then
    holds it), the console and the prompter; a game's hook is a subclass that does the
    rest."""

    def __init__(
        self,
        table: Table[DealT, PlanT],
        out: Console,
        answers: Iterator[str],
        record: StoredTable[DealT, PlanT] | None = None,
    ) -> None:
        self.table = table
        self.out = out
        self.prompter = Prompter(out, answers)
        #: The stored table, when the table is stored (its ``table`` is then ``self.table``).
        self.record = record

    @property
    def deals(self) -> int:
        """Deals finished at the table."""
        return self.table.deals

    @property
    def over(self) -> bool:
        """Whether the game is over: the player cannot play on, or no other player can."""
        return self.table.over or 0 not in self.table.seated

    def resumed(self) -> DealT | None:
        """A stored table's deal left in play, to play on first."""
        pending = None if self.record is None else self.record.deal
        return None if pending is None or pending.finished else pending

    def replay(
        self, command: dict[str, Any], table: Table[DealT, PlanT], deal: DealT | None
    ) -> None:
        """Before a stored ``command`` is replayed at ``table`` (``deal`` in play): draw
        what this table drew when it was played (a game whose bots draw says what)."""

    def start(self, plan: PlanT) -> DealT:
        """Start the deal ``plan`` names (stored, when the table is)."""
        return self.table.start(plan) if self.record is None else self.record.start(plan)

    def open(self) -> None:
        """Greet the player."""
        raise NotImplementedError

    def can_deal(self) -> bool:
        """Whether another deal can start (else why not is told)."""
        raise NotImplementedError

    def plan(self, first: bool) -> PlanT | None:
        """What the next deal deals (``first``: the session's first); ``None``: he leaves."""
        raise NotImplementedError

    def play(self, deal: DealT) -> bool:
        """Play ``deal``: the bots' turns and the player's answers; ``False``: he leaves."""
        raise NotImplementedError

    def settle(self, deal: DealT) -> None:
        """The finished ``deal``: its results told and taken by the table."""
        raise NotImplementedError

    def goodbye(self) -> None:
        """Tell the final chips."""
        raise NotImplementedError

    def final_chips(self, names: Sequence[str]) -> None:
        """The end-of-session summary's head: every player's chips, the most first."""
        from rich.text import Text

        stacks = self.table.stacks
        self.out.rule("Final chips")
        for seat in sorted(range(len(names)), key=lambda s: -stacks[s]):
            self.out.print(Text(f"  {names[seat]}: {stacks[seat]}"))


# -- the session around the loop ----------------------------------------------------------------


def stored_table(
    out: Console,
    store: Store,
    resumed: TableRecord | None,
    make: Callable[[], StoredTable[DealT, PlanT]],
) -> StoredTable[DealT, PlanT]:
    """The stored table ``make`` loads (``resumed``) or creates, the player told which."""
    from rich.text import Text

    if resumed is not None:
        out.print(Text(f"Resuming table {resumed.id} from {store.where}."), soft_wrap=True)
    else:
        out.print(Text(f"Saving this table in {store.where}", "dim"), soft_wrap=True)
    return make()


def unfinished(store: Store, found: TableRecord | None, game: str | None) -> TableRecord:
    """``found``, the table ``--resume`` continues, or one clear line: there is none
    (``game``: the ``--game`` it was started with; ``None``: Straights)."""
    if found is not None:
        return found
    from straights.errors import ConfigurationError

    of, again = ("", "") if game is None else (f" of {game}", f" --game {game}")
    raise ConfigurationError(
        f"no unfinished table{of} in {store.where}: start one with `straights play{again}`"
    )


def session(
    make: Callable[[], TerminalTable[Any, Any]],
    hands: int | None,
    out: Console,
    store: Store | None,
    again: str,
    db: str | None,
) -> None:
    """Play the game ``make`` makes on the one loop (``hands``: at most so many deals): a
    stored table is then closed as finished, or the player told the command (``again``
    with ``--resume``) that continues it; Ctrl-C exits with its status."""
    import shlex

    import typer
    from rich.text import Text

    from straights.cli.render import runnable

    game, over, interrupted = None, False, False
    try:
        try:
            game = make()
            play_table(game, hands)
            over, interrupted = game.over, game.prompter.interrupted
        except KeyboardInterrupt:  # Ctrl-C while the bots play: what is stored stays
            from straights.cli import interrupt

            interrupt.handled()
            interrupted = True
            out.print()
        stored = None if game is None else game.record
        if store is not None and stored is not None:
            table_id = stored.record.id
            if over:
                store.finish_table(table_id)
            else:
                again += " --resume" + ("" if db is None else f" --db {shlex.quote(db)}")
                out.print(Text(runnable(f"Table {table_id} is saved: `{again}` continues it.")),
                          soft_wrap=True)  # fmt: skip
    finally:
        if store is not None:
            store.close()
    if interrupted:
        from straights.cli.interrupt import EXIT_STATUS

        raise typer.Exit(EXIT_STATUS)


def answers(script: str | None) -> Iterator[str]:
    """The player's answers: typed at a terminal, or from ``script`` (``-``: standard
    input, also when it is a pipe), one a line; a script file is read now, so that a bad
    one is refused before the game."""
    opened = None if script is None or script == "-" else _open_script(script)
    return _lines(script, opened)


def _lines(script: str | None, opened: TextIO | None) -> Iterator[str]:
    if script is None and sys.stdin.isatty():
        while True:
            try:
                yield input()
            except EOFError:
                return
    source = opened if opened is not None else sys.stdin
    with source:
        try:
            for line in source:
                yield line.rstrip("\n")
        except UnicodeDecodeError as exc:
            from straights.errors import ConfigurationError

            raise ConfigurationError(
                f"the answers on standard input are not UTF-8 text ({exc.reason}); "
                "give text with one answer per line"
            ) from None


def _open_script(path: str) -> TextIO:
    import io

    from straights.errors import ConfigurationError

    try:
        with open(path, encoding="utf-8") as f:
            return io.StringIO(f.read())  # read now: a bad file is refused before the game
    except OSError as exc:
        raise ConfigurationError(
            f"--script {path!r}: {exc.strerror}; give a text file with one answer per line"
        ) from exc
    except UnicodeDecodeError:
        raise ConfigurationError(
            f"--script {path!r} is not UTF-8 text; give a text file with one answer per line"
        ) from None
