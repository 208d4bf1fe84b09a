"""``straights play``: a game of Straights against bots in the terminal.

Starts with no questions (sensible defaults), draws the table with Rich, and
reads actions from the keyboard — or, for tests and demos, from a script file
or a pipe (one answer per line; the end of the input quits).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from straights.cli.app import app

if TYPE_CHECKING:
    from rich.console import Console

    from straights.bots.base import Bot
    from straights.game.events import Event
    from straights.game.table import Table
    from straights.game.view import SeatView

_KEYS = {
    "f": "fold",
    "fold": "fold",
    "c": "cc",
    "k": "check",
    "check": "check",
    "call": "call",
    "b": "aggr",
    "r": "aggr",
    "bet": "aggr",
    "raise": "aggr",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
}


@app.command()
def play(
    seats: Annotated[int, typer.Option(help="Players at the table, you included (2-10).")] = 4,
    bots: Annotated[
        str, typer.Option(help="Bots for the other seats, in turn: random, calling, strength.")
    ] = "strength,calling,random",
    betting: Annotated[str, typer.Option(help="limit or no-limit.")] = "limit",
    ante: Annotated[int, typer.Option(help="Ante, also the first bet of every round.")] = 1,
    stack: Annotated[int, typer.Option(help="Starting chips per player.")] = 100,
    pack: Annotated[int, typer.Option(help="55 (with S, T, R) or 52.")] = 55,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable game.")] = None,
    script: Annotated[
        str | None, typer.Option(help="Read your answers from this file ('-' for stdin).")
    ] = None,
    hands: Annotated[int | None, typer.Option(help="Stop after this many deals.")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database file or SQLAlchemy URL (default: straights.db in the data dir)."
        ),
    ] = None,
    save: Annotated[bool, typer.Option(help="Save the table as it is played.")] = True,
    resume: Annotated[
        bool, typer.Option(help="Continue the last unfinished table, exactly where it stopped.")
    ] = False,
) -> None:
    """Play Straights against bots: hand after hand until you quit or one player has every chip."""
    from straights.cards import make_rng
    from straights.cli.render import console
    from straights.errors import ConfigurationError
    from straights.game.config import TableConfig
    from straights.game.table import Table

    out = console()
    source = None if script is None or script == "-" else _open_script(script)
    store = None
    if save:
        from straights.store import RecordedTable, Store

        store = Store(db)
    elif resume:
        raise ConfigurationError("--resume continues a saved table: drop --no-save")
    if store is not None and resume:
        record = store.latest_unfinished("terminal")
        if record is None:
            raise ConfigurationError(
                f"no unfinished table in {store.where}: start one with `straights play`"
            )
        table: Table = RecordedTable.load(store, record.id)
        kinds = {int(k): v for k, v in record.settings["bots"].items()}
        bot_seed = int(record.settings["bot_seed"])
        out.print(
            f"Resuming table {record.id} from {store.where}.",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    else:
        config = TableConfig(
            pack=pack,
            ante=ante,
            betting=betting,  # type: ignore[arg-type]
            seats=seats,
            starting_stack=stack,
        )
        listed = [k.strip() for k in bots.split(",") if k.strip()]
        if not listed:
            raise ConfigurationError(f"--bots {bots!r}: name bots like strength,calling,random")
        rng = make_rng(seed)
        bot_seed = rng.getrandbits(63)
        kinds = {seat: listed[(seat - 1) % len(listed)] for seat in range(1, seats)}
        names = [name] + [_bot_name(kinds[s], bot_seed, s) for s in range(1, seats)]
        table_seed = rng.getrandbits(63)
        if store is not None:
            settings = {"bots": kinds, "bot_seed": bot_seed}
            table = RecordedTable.create(
                store, config, names, name=f"terminal: {name}", settings=settings, seed=table_seed
            )
            out.print(f"[dim]Saving this table in {_text(store.where)}[/dim]", soft_wrap=True)
        else:
            table = Table(config, names, seed=table_seed)
    game = _Game(table, kinds, bot_seed, out, _answers(script, source), hands)
    try:
        game.run()
    except KeyboardInterrupt:
        game.interrupted = True
        out.print()
    if store is not None and isinstance(table, RecordedTable):
        if game.over:
            store.finish_table(table.record.id)
        else:
            again = "straights play --resume" + ("" if db is None else f" --db {_quote(db)}")
            out.print(
                f"Table {table.record.id} is saved: `{again}` continues it.",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
        store.close()
    if game.interrupted:
        raise typer.Exit(130)


def _bot_name(kind: str, bot_seed: int, seat: int) -> str:
    from straights.bots.base import make_bot

    return f"{make_bot(kind, bot_seed).name.capitalize()} {seat}"


def _text(value: str) -> str:
    from rich.markup import escape

    return escape(value)


def _quote(value: str) -> str:
    import shlex

    return shlex.quote(value)


def _answers(script: str | None, opened: TextIO | None = None) -> Iterator[str]:
    if script is None and sys.stdin.isatty():
        while True:
            try:
                yield input()
            except EOFError:
                return
    source = opened if opened is not None else sys.stdin
    with source:
        for line in source:
            yield line.rstrip("\n")


def _open_script(path: str) -> TextIO:
    from straights.errors import ConfigurationError

    try:
        return open(path, encoding="utf-8")
    except OSError as exc:
        raise ConfigurationError(
            f"--script {path!r}: {exc.strerror}; give a text file with one answer per line"
        ) from exc


class _Game:
    def __init__(
        self,
        table: Table,
        bots: dict[int, str],
        bot_seed: int,
        out: Console,
        answers: Iterator[str],
        max_hands: int | None,
    ) -> None:
        self.table = table
        self.bots = bots
        self.bot_seed = bot_seed
        self.interrupted = False
        self.out = out
        self.answers = answers
        self.max_hands = max_hands
        self.me = 0
        self.echo = not sys.stdin.isatty()
        self.names = {i: p.name for i, p in enumerate(table.seats) if p is not None}

    def who(self, seat: int) -> str:
        return self.names.get(seat, f"seat {seat}")

    def ask(self, prompt: str) -> str | None:
        self.out.print(prompt, end="")
        try:
            answer = next(self.answers)
        except StopIteration:
            self.out.print()
            return None
        except KeyboardInterrupt:
            self.interrupted = True
            self.out.print()
            return None
        if self.echo:
            self.out.print(answer, highlight=False)
        return answer.strip().lower()

    def run(self) -> None:
        from straights.errors import IllegalActionError

        table, out = self.table, self.out
        out.rule("[bold]Straights[/bold]")
        cfg = table.config
        out.print(
            f"{'Limit' if cfg.betting == 'limit' else 'No Limit'} Straights, {cfg.pack}-card pack, "
            f"ante {cfg.ante}, {cfg.starting_stack} chips each.  Keys: [bold]c[/bold] check/call, "
            "[bold]b[/bold]/[bold]r[/bold] bet/raise, [bold]f[/bold] fold, [bold]q[/bold] quit."
        )
        played = 0
        while not table.is_over and table.seats[self.me] is not None:
            hand = table.hand
            if hand is not None and not hand.finished:  # a resumed table, mid-deal
                self.narrate(hand.events)
            else:
                if self.max_hands is not None and played >= self.max_hands:
                    break
                seen = len(table.events)
                hand = table.start_hand()
                played += 1
                self.narrate(table.events[seen:])
            quit_now = False
            while not hand.finished:
                seat = hand.actor
                assert seat is not None
                view = table.view(seat)
                seen = len(table.events)
                if seat == self.me:
                    self.draw(table.view(self.me))
                    kind = self.choose(view)
                    if kind is None:
                        quit_now = True
                        break
                    try:
                        table.act(seat, kind)
                    except IllegalActionError as exc:
                        out.print(f"[red]{exc}[/red]")
                        continue
                else:
                    action = self.bot(seat).act(view)
                    table.act(seat, action.kind, action.to)
                self.narrate(table.events[seen:])
            if quit_now:
                out.print("[yellow]You leave the table in the middle of a deal.[/yellow]")
                break
            self.draw(table.view(self.me))
            if table.is_over or table.seats[self.me] is None:
                break
            answer = self.ask("[dim]Enter: next deal · q: quit › [/dim]")
            if answer is None or _KEYS.get(answer) == "quit":
                break
        self.goodbye()

    @property
    def over(self) -> bool:
        """True when this game cannot go on (one player has every chip, or you have none)."""
        return self.table.is_over or self.table.seats[self.me] is None

    def bot(self, seat: int) -> Bot:
        """The bot for this decision, seeded by the table and the moment: a resumed table
        plays on exactly as it would have without the break."""
        import random

        from straights.bots.base import make_bot

        nonce = f"{self.bot_seed}:{seat}:{len(self.table.events)}"
        return make_bot(self.bots[seat], random.Random(nonce))

    def choose(self, view: SeatView) -> str | None:
        legal = {a.kind: a for a in view.legal}
        while True:
            hint = " · ".join(f"[bold]{_key(a.kind)}[/bold] {a}" for a in view.legal)
            answer = self.ask(f"Your turn: {hint} · [bold]q[/bold] quit › ")
            if answer is None:
                return None
            choice = _KEYS.get(answer, answer)
            if choice == "quit":
                return None
            if choice == "cc":
                choice = "check" if "check" in legal else "call"
            elif choice == "aggr":
                choice = "bet" if "bet" in legal else "raise"
            if choice in legal:
                return choice
            options = ", ".join(str(a) for a in view.legal)
            self.out.print(f"[red]{answer!r} is not possible now: legal are {options}[/red]")

    def narrate(self, events: list[Event]) -> None:
        narrate(self.out, events, self.who)

    def draw(self, view: SeatView) -> None:
        from rich.table import Table as Grid
        from rich.text import Text

        from straights.cards import Card
        from straights.cli.render import card_text

        back = card_text(Card("S"), hidden=True)
        slots = [back if view.table[0] is None else card_text(view.table[0])]
        for c in view.table[1:]:
            slots.append(card_text(c) if c is not None else Text("··", style="dim"))
        table_cards = Text("  ").join(slots)
        grid = Grid(show_header=True, header_style="bold", box=None, padding=(0, 2))
        for col in ("", "player", "chips", "bet", "cards"):
            grid.add_column(col)
        for p in view.players:
            mark = "▶" if p.seat == view.actor else ("D" if p.seat == view.button else "")
            if p.seat == view.button and p.seat == view.actor:
                mark = "▶D"
            if p.cards is not None:
                cards = Text(" ").join(card_text(c) for c in p.cards)
            elif p.in_hand and not p.folded:
                cards = Text("🂠 🂠" if not _ascii() else "?? ??", style="blue")
            else:
                cards = Text("folded" if p.folded else "", style="dim")
            status = " (all-in)" if p.all_in else ""
            style = "bold cyan" if p.seat == self.me else ""
            grid.add_row(
                mark,
                Text(p.name + status, style=style),
                str(p.stack),
                str(p.committed or ""),
                cards,
            )
        title = Text(f"Pot {view.pot}")
        if view.carry and not view.finished:
            title.append(f" (carried {view.carry})", style="yellow")
        head = Text("Table: ").append_text(table_cards)
        if view.table[0] is None:
            head.append("  (first: the key card, face down)", style="dim")
        if not view.finished:
            head.append("   ").append_text(title)
        self.out.print(head)
        self.out.print(grid)

    def goodbye(self) -> None:
        self.out.rule("Final chips")
        for seat, chips in sorted(self.table.stacks().items(), key=lambda kv: -kv[1]):
            self.out.print(f"  {self.who(seat)}: {chips}")
        if self.table.carry:
            self.out.print(f"  still in the middle: {self.table.carry}")
        if self.table.seats[self.me] is None:
            self.out.print("[red]You are out of chips.[/red]")
        elif self.table.is_over:
            self.out.print("[bold green]You have every chip at the table![/bold green]")


def _ascii() -> bool:
    from straights.cli.render import ascii_only

    return ascii_only()


def _key(kind: str) -> str:
    return {"fold": "f", "check": "c", "call": "c", "bet": "b", "raise": "r"}[kind]


def narrate(
    out: Console, events: Iterable[Event], who: Callable[[int], str], *, holes: bool = False
) -> None:
    """Tell ``events`` as lines of play; ``holes`` also shows every hole card dealt
    (for histories, never during play)."""
    from rich.text import Text

    from straights.cli.render import card_text
    from straights.game import events as ev

    for e in events:
        if holes and isinstance(e, ev.HoleDealt):
            line = Text(f"  {who(e.seat)} is dealt ")
            out.print(line.append_text(Text(" ").join(card_text(c) for c in e.cards)))
        elif isinstance(e, ev.DealerDraw):
            draws = ", ".join(f"{who(s)} {c}" for s, c in zip(e.seats, e.cards, strict=True))
            won = (
                "tie on special cards: draw again"
                if e.winner is None
                else (f"{who(e.winner)} deals first")
            )
            out.print(f"Draw for the dealer: {draws} — {won}")
        elif isinstance(e, ev.HandStarted):
            out.rule(f"Deal {e.number} · dealer {who(e.button)}")
            if e.carry:
                out.print(f"[yellow]{e.carry} chips carried over are in the pot.[/yellow]")
        elif isinstance(e, ev.KeyDealt):
            out.print("The key card is dealt face down.")
        elif isinstance(e, ev.TableCardDealt):
            out.print(Text("Table card: ").append_text(card_text(e.card)))
        elif isinstance(e, ev.KeyTurned):
            out.print(Text("The key card is turned: ").append_text(card_text(e.card)))
        elif isinstance(e, ev.Acted):
            text = {
                "fold": "fold",
                "check": "check",
                "call": f"call {e.amount}",
                "bet": f"bet {e.to}",
                "raise": f"raise to {e.to}",
            }[e.kind]
            allin = " [bold red](all-in)[/bold red]" if e.all_in else ""
            out.print(f"  {who(e.seat)}: {text}{allin}")
        elif isinstance(e, ev.ShowdownRevealed):
            line = Text(f"  {who(e.seat)} shows ")
            line.append_text(Text(" ").join(card_text(c) for c in e.cards))
            out.print(line + Text(f": {e.description}"))
        elif isinstance(e, ev.PotAwarded):
            pot = "the pot" if e.pot == 0 else f"side pot {e.pot}"
            if e.winner is None:
                out.print(f"[bold yellow]No winner for {pot} ({e.amount}): {e.reason}[/]")
            else:
                out.print(
                    f"[bold green]{pot.capitalize()} ({e.amount}) goes to "
                    f"{who(e.winner)}[/]: {e.reason}"
                )
        elif isinstance(e, ev.PenaltyPaid):
            out.print(f"  {who(e.seat)} pays a penalty of {e.amount} (rule 10)")
        elif isinstance(e, ev.PotCarried):
            out.print(f"[yellow]{e.amount} chips carry over to the next deal.[/yellow]")
        elif isinstance(e, ev.PlayerLeft) and e.reason == "broke":
            out.print(f"[red]{who(e.seat)} is out of chips and leaves.[/red]")
