"""Legacy: ``straights play --resume`` of a Straights table stored by an earlier release.

Reads old logs only.  Earlier releases stored the terminal's Straights table as
Straights' own table (:class:`~straights.store.RecordedTable`, its commands and
events as its log).  :func:`resume_legacy` replays such a table by the one engine
(:func:`~straights.store.legacy_straights.load_terminal`, every command checked
against the events stored with it) and plays on at the one table, as every new
Straights table does (:mod:`straights.cli.ring_play`).  ``_Game``, Straights' own
table's prompt, no longer serves ``--resume``; it goes with Straights' own table.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import typer

from straights.cli.prompt import Prompter
from straights.cli.render import runnable

if TYPE_CHECKING:
    from rich.console import Console

    from straights.game.events import Event
    from straights.game.hand import Action, Hand
    from straights.game.table import Table
    from straights.game.view import SeatView

__all__ = ["resume_legacy"]

#: What each key or word at the prompt means ("cc": check or call, "aggr": bet or raise).
_KEYS = {
    "f": "fold",
    "fold": "fold",
    "c": "cc",
    "k": "check",
    "x": "check",
    "check": "check",
    "call": "call",
    "b": "aggr",
    "r": "aggr",
    "bet": "aggr",
    "raise": "aggr",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "?": "help",
    "h": "help",
    "help": "help",
}

#: The keys, as the help at the prompt lists them.
_HELP = (
    ("c", "check, or call the bet you face"),
    ("x or k", "check"),
    ("b or r", "bet, or raise to the next step of the ladder"),
    ("f", "fold (only when you face a bet)"),
    ("q", "leave the table"),
    ("? or h", "this help"),
)


def resume_legacy(
    db: str | None, answers: Iterator[str], hands: int | None, table_id: int, again: str
) -> None:
    """Continue a Straights table saved by an earlier release at the one table: its
    stored commands are replayed by the one engine (checked against the events stored
    with each), and it plays on as a new Straights table does
    (:func:`~straights.store.legacy_straights.load_terminal`)."""
    from rich.text import Text

    from straights.bots.arena import deal_bots
    from straights.cli.render import console
    from straights.cli.ring_play import play_ring
    from straights.store import Store
    from straights.store.legacy_straights import load_terminal, variant_of
    from straights.store.table import Replaying, StoredTable

    out = console()
    store = Store(db)
    record = store.table(table_id)
    kinds = {int(k): v for k, v in record.settings["bots"].items()}
    names = {int(c.command["seat"]): str(c.command["name"])
             for c in store.log(table_id) if c.command.get("kind") == "sit"}  # fmt: skip
    variant = variant_of(record.config)
    bots = deal_bots([kinds[s] for s in sorted(kinds)], int(record.settings["bot_seed"]), [variant])
    made: list[StoredTable[Any, Any]] = []

    def stored(hook: Replaying) -> StoredTable[Any, Any]:
        out.print(Text(f"Resuming table {record.id} from {store.where}."), soft_wrap=True)
        made.append(load_terminal(store, table_id, hook))
        return made[0]

    try:
        interrupted, over = play_ring(
            games=[variant],
            dealers_choice=False,
            bots=bots,
            names=[names.get(s, "") for s in range(record.config.seats)],
            stack=record.config.starting_stack,
            seed=record.seed,
            answers=answers,
            hands=hands,
            out=out,
            choice_seed=0,
            stored=stored,
            ante=record.config.ante,
        )
    except KeyboardInterrupt:  # Ctrl-C while the bots play: what is stored stays
        from straights.cli import interrupt

        interrupt.handled()
        interrupted, over = True, False
        out.print()
    if over:
        store.finish_table(record.id)
    elif made:
        out.print(Text(runnable(f"Table {record.id} is saved: `{again}` continues it.")),
                  soft_wrap=True)  # fmt: skip
    store.close()
    if interrupted:  # Ctrl-C: the game said goodbye, the status says why
        from straights.cli.interrupt import EXIT_STATUS

        raise typer.Exit(EXIT_STATUS)


class _SeededBot:
    """A bot of ``kind`` made afresh for each decision, seeded by the table's bot seed, the
    seat and the moment (events so far): a resumed table plays on exactly as it would have
    without the break."""

    def __init__(self, kind: str, seed: int, seat: int, table: Table) -> None:
        self.kind, self.seed, self.seat, self.table = kind, seed, seat, table
        self.name = kind

    def act(self, hand: Hand) -> Action:
        import random

        from straights.bots.base import seat_action
        from straights.bots.registry import make_bot

        nonce = f"{self.seed}:{self.seat}:{len(self.table.events)}"
        return seat_action(make_bot(self.kind, random.Random(nonce)), hand, self.seat)


class _Game:
    def __init__(
        self,
        table: Table,
        bots: dict[int, _SeededBot],
        out: Console,
        answers: Iterator[str],
        max_hands: int | None,
    ) -> None:
        self.table = table
        self.bots = bots
        self.out = out
        self.answers = answers
        self.max_hands = max_hands
        self.me = 0
        self.prompter = Prompter(out, answers)
        self.interrupted = False  # the player pressed Ctrl-C at the prompt
        self.names = {i: p.name for i, p in enumerate(table.seats) if p is not None}

    def who(self, seat: int) -> str:
        from straights.game.wording import seat_label

        return self.names.get(seat) or seat_label(seat)

    def ask(self, prompt: str) -> str | None:
        answer = self.prompter.ask(prompt)
        self.interrupted = self.interrupted or self.prompter.interrupted
        return answer

    def run(self) -> None:
        from straights.errors import IllegalActionError

        table, out = self.table, self.out
        out.rule("[bold]Straights[/bold]")
        cfg = table.config
        out.print(
            f"{'Limit' if cfg.betting == 'limit' else 'No Limit'} Straights, {cfg.pack}-card pack, "
            f"ante {cfg.ante}, {cfg.starting_stack} chips each.\nKeys: [bold]c[/bold] check/call, "
            "[bold]b[/bold]/[bold]r[/bold] bet/raise, [bold]f[/bold] fold, [bold]q[/bold] quit, "
            "[bold]?[/bold] help."
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
                    action = self.bots[seat].act(hand)
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

    def choose(self, view: SeatView) -> str | None:
        """Ask for an action until the answer is a legal one; ``None`` to leave."""
        from rich.text import Text

        from straights.game.hand import ACTION_KINDS

        legal = {a.kind: a for a in view.legal}
        hand = self.table.hand
        assert hand is not None
        while True:
            hint = " · ".join(f"[bold]{_key(a.kind)}[/bold] {a}" for a in view.legal)
            answer = self.ask(f"Your turn: {hint} · [bold]?[/bold] help › ")
            if answer is None:
                return None
            choice = _KEYS.get(answer, answer)
            if choice == "quit":
                return None
            if choice == "help":
                self.help(view)
                continue
            if choice == "cc":
                choice = "check" if "check" in legal else "call"
            elif choice == "aggr":
                choice = "bet" if "bet" in legal else "raise"
            if choice in legal:
                return choice
            if choice not in ACTION_KINDS:
                said = repr(answer) if answer else "An empty answer"
                self.out.print(Text(f"{said} is not an action: type ? for the keys", "red"))
                continue
            reason = hand.refusal(self.me, choice)
            self.out.print(Text(f"You cannot {choice}: {reason}", "red"))

    def help(self, view: SeatView) -> None:
        """The keys at the prompt, and the actions open now with their amounts."""
        from rich.text import Text

        self.out.print("Keys:")
        for key, meaning in _HELP:
            self.out.print(Text(f"  {key:<7} {meaning}"))
        now = ", ".join(str(a) for a in view.legal)
        self.out.print(Text(f"Now you may: {now}.", "dim"))

    def narrate(self, events: list[Event]) -> None:
        from straights.cli.render import tell

        tell(self.out, events, self.names.get, you=self.me)

    def draw(self, view: SeatView) -> None:
        from rich.table import Table as Grid
        from rich.text import Text

        from straights.cards import Card
        from straights.cli.render import card_text
        from straights.game.config import ROUNDS

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
            head.append("  (the key card, face down)", style="dim")
        if not view.finished:
            head.append("   ").append_text(title)
            head.append(f" · round {view.round} of {ROUNDS}", style="dim")
        self.out.print(head)
        self.out.print(grid)
        if not view.finished:
            self.draw_pots()

    def draw_pots(self) -> None:
        """The main pot and each side pot, as soon as an all-in makes one."""
        from rich.text import Text

        hand = self.table.hand
        if hand is None or hand.finished:
            return
        pots = hand.side_pots()
        if len(pots) < 2:
            return
        line = Text(style="yellow")
        for k, pot in enumerate(pots):
            who = ", ".join(self.who(s) for s in pot.eligible)
            label = "Main pot" if k == 0 else f"Side pot {k}"
            line.append((" · " if k else "") + f"{label}: {pot.amount} ({who})")
        self.out.print(line)

    def goodbye(self) -> None:
        from rich.text import Text

        self.out.rule("Final chips")
        for seat, chips in sorted(self.table.stacks().items(), key=lambda kv: -kv[1]):
            self.out.print(Text(f"  {self.who(seat)}: {chips}"))
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
