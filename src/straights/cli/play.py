"""``straights play``: a game of Straights against bots in the terminal.

Starts with no questions (sensible defaults), draws the table with Rich, and
reads actions from the keyboard — or, for tests and demos, from a script file
or a pipe (one answer per line; the end of the input quits).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from straights.cli.app import app
from straights.cli.game_setup import (
    AnteOpt,
    BettingOpt,
    BotsOpt,
    GameOpt,
    GamesOpt,
    PackOpt,
    StackOpt,
    game_options,
    game_setup,
    ring_games,
    straights_code,
)
from straights.cli.prompt import Prompter
from straights.cli.render import runnable
from straights.cli.table_betting import (
    BombAnteOpt,
    BombEveryOpt,
    ButtonStraddleOpt,
    DoubleBoardOpt,
    RunItTwiceOpt,
    RunsOpt,
    StraddleOpt,
    table_house,
)
from straights.poker.house import HouseRules, house_settings

if TYPE_CHECKING:
    from rich.console import Console

    from straights.cli.game_setup import RingGames
    from straights.game.events import Event
    from straights.game.hand import Action, Hand
    from straights.game.table import Table
    from straights.game.view import SeatView
    from straights.poker.engine import Deal
    from straights.poker.variant import Variant
    from straights.store import Store
    from straights.store.database import TableRecord

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


@app.command()
def play(
    ctx: typer.Context,
    seats: Annotated[int, typer.Option(help="Players at the table, you included (2-10).")] = 4,
    bots: BotsOpt = None,
    betting: BettingOpt = "limit",
    ante: AnteOpt = 1,
    stack: StackOpt = 100,
    pack: PackOpt = 55,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable game.")] = None,
    script: Annotated[
        str | None, typer.Option(help="Read your answers from this file ('-' for stdin).")
    ] = None,
    hands: Annotated[int | None, typer.Option(min=1, help="Stop after this many deals.")] = None,
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
    game_name: GameOpt = None,
    games: GamesOpt = None,
    straddle: StraddleOpt = False,
    button_straddle: ButtonStraddleOpt = False,
    run_it_twice: RunItTwiceOpt = False,
    runs: RunsOpt = None,
    bomb_pot_every: BombEveryOpt = 0,
    bomb_pot_ante: BombAnteOpt = None,
    double_board: DoubleBoardOpt = False,
) -> None:
    """Play poker against bots: deal after deal until you quit or one player has every chip.

    Straights unless --game names another game; --game dealers-choice lets the
    player on the button choose each deal's game."""
    from straights.paigow.about import is_pai_gow

    game_name = game_options(game_name, ctx)  # every option applies or is refused
    house_asked = partial(table_house, straddle=straddle, button_straddle=button_straddle,
                          run_it_twice=run_it_twice, runs=runs, bomb_pot_every=bomb_pot_every,
                          bomb_pot_ante=bomb_pot_ante, double_board=double_board)  # fmt: skip
    if is_pai_gow(game_name):  # a banked game with its own table: cli/paigow_play.py
        house_asked(None, name="Pai Gow")  # refused: Pai Gow has no betting rounds
        _play_pai_gow(seats, bots, name, stack, seed, script, hands, db, save, resume)
        return
    ring = ring_games(game_name, games, seats)
    house = house_asked(ring)  # refused where no game can have it
    code = straights_code(ring, pack, betting)
    if ring is not None and code is None:  # every other game: cli/ring_play.py
        _play_ring(ring, seats, bots, name, stack, seed, script, hands, db if save else None,
                   save, resume, house)  # fmt: skip
        return
    from straights.cli.game_setup import RingGames
    from straights.errors import ConfigurationError
    from straights.poker.catalogue import get_variant

    game_setup(
        seats=seats,
        bots=bots,
        betting=betting,
        ante=ante,
        stack=stack,
        pack=pack,
        bot_seats=seats - 1,
    )  # fmt: skip  (refuses what Straights cannot deal)
    if resume and not save:
        raise ConfigurationError("--resume continues a saved table: drop --no-save")
    assert code is not None  # Straights, on its own stakes and dealer draw
    if resume:
        from straights.store import Store

        store = Store(db)
        try:
            found = _latest_straights(store)
        finally:
            store.close()
        if found is None:
            raise ConfigurationError(
                f"no unfinished table in {store.where}: start one with `straights play`"
            )
        if found.game == "straights":  # Straights' own table of an earlier release
            _resume_legacy(db, script, hands)
            return
        code = found.game
    _play_ring(RingGames((get_variant(code),), False), seats, bots, name, stack, seed, script,
               hands, db if save else None, save, resume, house, ante=ante)  # fmt: skip


def _latest_straights(store: Store) -> TableRecord | None:
    """The newest unfinished terminal table of Straights: on the one table (a code of
    Straights with its ``ante``) or Straights' own table of an earlier release."""
    from straights.poker.catalogue import VARIANTS

    codes = ["straights"] + [c for c in VARIANTS if c.startswith("_STR")]
    found = [store.latest_unfinished("terminal", code) for code in codes]
    mine = [r for r in found if r is not None and (r.game == "straights" or "ante" in r.settings)]
    return max(mine, key=lambda r: r.id, default=None)


# -- legacy: Straights' own terminal table of earlier releases (reads old logs only) --------
def _resume_legacy(db: str | None, script: str | None, hands: int | None) -> None:
    """Continue a Straights table saved by an earlier release, on Straights' own table
    as it was (:class:`~straights.store.RecordedTable`); new tables deal at the one table."""
    from rich.text import Text

    from straights.cli.render import console
    from straights.store import RecordedTable, Store

    out = console()
    source = None if script is None or script == "-" else _open_script(script)
    store = Store(db)
    record = _latest_straights(store)
    assert record is not None
    table = RecordedTable.load(store, record.id)
    kinds = {int(k): v for k, v in record.settings["bots"].items()}
    bot_seed = int(record.settings["bot_seed"])
    out.print(Text(f"Resuming table {record.id} from {store.where}."), soft_wrap=True)
    seat_bots = {s: _SeededBot(k, bot_seed, s, table) for s, k in kinds.items()}
    game = _Game(table, seat_bots, out, _answers(script, source), hands)
    try:
        game.run()
    except KeyboardInterrupt:  # Ctrl-C while the bots play: the table is saved all the same
        from straights.cli import interrupt

        interrupt.handled()
        game.interrupted = True
        out.print()
    if game.over:
        store.finish_table(record.id)
    else:
        again = "straights play --resume" + ("" if db is None else f" --db {_quote(db)}")
        out.print(Text(runnable(f"Table {record.id} is saved: `{again}` continues it.")),
                  soft_wrap=True)  # fmt: skip
    store.close()
    if game.interrupted:  # Ctrl-C: the game said goodbye, the status says why
        from straights.cli.interrupt import EXIT_STATUS

        raise typer.Exit(EXIT_STATUS)


def _play_pai_gow(
    seats: int,
    bots: str | None,
    name: str,
    stack: int,
    seed: int | None,
    script: str | None,
    hands: int | None,
    db: str | None,
    save: bool,
    resume: bool,
) -> None:
    from rich.text import Text

    from straights.cli.paigow_play import play_pai_gow
    from straights.cli.render import console
    from straights.errors import ConfigurationError
    from straights.store import Store

    if resume and not save:
        raise ConfigurationError("--resume continues a saved table: drop --no-save")
    out = console()
    store = Store(db) if save else None
    try:
        record = None
        if store is not None and resume:
            record = store.latest_unfinished("terminal", "pai-gow")
            if record is None:
                raise ConfigurationError(
                    f"no unfinished table of pai-gow in {store.where}: start one with "
                    "`straights play --game pai-gow`"
                )
        source = None if script is None or script == "-" else _open_script(script)
        interrupted, over, table_id = play_pai_gow(
            seats=seats,
            bots=bots,
            name=name,
            stack=stack,
            bet=max(2, min(20, stack)),
            seed=seed,
            answers=_answers(script, source),
            hands=hands,
            out=out,
            store=store,
            resume=record,
        )
        if store is not None and table_id is not None:
            if over:
                store.finish_table(table_id)
            else:
                again = "straights play --game pai-gow --resume" + (
                    "" if db is None else f" --db {_quote(db)}"
                )
                out.print(Text(runnable(f"Table {table_id} is saved: `{again}` continues it.")),
                          soft_wrap=True)  # fmt: skip
    finally:
        if store is not None:
            store.close()
    if interrupted:
        from straights.cli.interrupt import EXIT_STATUS

        raise typer.Exit(EXIT_STATUS)


def _play_ring(
    ring: RingGames,
    seats: int,
    bots: str | None,
    name: str,
    stack: int,
    seed: int | None,
    script: str | None,
    hands: int | None,
    db: str | None,
    save: bool,
    resume: bool,
    house: HouseRules | None = None,
    *,
    ante: int | None = None,
) -> None:
    """Any game of the catalogue at the one table; ``ante``: Straights itself, on its own
    stakes with the dealer draw (``straights play`` with no ``--game``)."""
    from rich.text import Text

    from straights.bots.arena import deal_bots, first_button
    from straights.cards import make_rng
    from straights.cli.render import console
    from straights.cli.ring_play import play_ring
    from straights.errors import ConfigurationError
    from straights.poker.catalogue import get_variant
    from straights.store import Store
    from straights.store.table import POKER, Replaying, StoredTable

    if resume and not save:
        raise ConfigurationError("--resume continues a saved table: drop --no-save")
    if not 2 <= seats <= 10:
        raise ConfigurationError(f"--seats {seats}: a table seats 2 to 10 players")
    if stack < 1:
        raise ConfigurationError(f"--stack {stack}: give every player one chip at least")
    from straights.poker.catalogue import game_name

    game = "dealers-choice" if ring.dealers_choice else ring.variants[0].code
    label = "dealers-choice" if ring.dealers_choice else game_name(game)
    out = console()
    store = Store(db) if save else None
    variants = list(ring.variants)
    record = None
    if store is not None and resume:
        record = (
            store.latest_unfinished("terminal", game) if ante is None else _latest_straights(store)
        )
        if record is None:
            raise ConfigurationError(
                f"no unfinished table of {label} in {store.where}: start one with "
                f"`straights play --game {label}`"
            )
        s = record.settings
        kinds = list(s["bots"])
        bot_seed, table_seed, choice_seed = s["bot_seed"], record.seed, s["choice_seed"]
        names, stack = list(s["names"]), int(s["stack"])
        variants = [get_variant(code) for code in s["games"]]
        house = HouseRules(**s["house"]) if s.get("house") else None
        ante = s.get("ante")
    else:
        setup = game_setup(seats=seats, bots=bots, betting="limit", ante=1, stack=max(stack, 1),
                           pack=55, bot_seats=seats - 1)  # fmt: skip
        kinds = list(setup.bots)
        rng = make_rng(seed)
        bot_seed, table_seed, choice_seed = (rng.getrandbits(63) for _ in range(3))
        names = [name] + [f"{kind.capitalize()} {k}" for k, kind in enumerate(kinds, start=1)]
    seat_bots = deal_bots(kinds, bot_seed, variants)
    stored = None
    made: list[StoredTable[Deal, Variant]] = []
    if store is not None:
        settings = {"games": [v.code for v in variants], "bots": kinds, "bot_seed": bot_seed,
                    "choice_seed": choice_seed}  # fmt: skip
        if house is not None:
            settings["house"] = house_settings(house)
        button = 0  # you deal first, but Straights draws for the button (rule 1)
        if ante is not None:
            settings["ante"] = ante
            button = first_button(len(names), variants[0], table_seed or 0)

        def stored(hook: Replaying) -> StoredTable[Deal, Variant]:
            assert store is not None
            if record is not None:
                out.print(Text(f"Resuming table {record.id} from {store.where}."), soft_wrap=True)
                made.append(StoredTable.load(store, record.id, hook))
            else:
                out.print(Text(f"Saving this table in {store.where}", "dim"), soft_wrap=True)
                made.append(StoredTable.create(store, POKER, game, names, stack,
                                               seed=table_seed, button=button,
                                               settings=settings))  # fmt: skip
            return made[0]

    source = None if script is None or script == "-" else _open_script(script)
    try:
        try:
            interrupted, over = play_ring(
                games=variants,
                dealers_choice=ring.dealers_choice,
                bots=seat_bots,
                names=names,
                stack=stack,
                seed=table_seed,
                answers=_answers(script, source),
                hands=hands,
                out=out,
                choice_seed=choice_seed,
                stored=stored,
                house=house,
                ante=ante,
            )
        except KeyboardInterrupt:  # Ctrl-C while the bots play: what is stored stays
            from straights.cli import interrupt

            interrupt.handled()
            interrupted, over = True, False
            out.print()
        if store is not None and made:
            table_id = made[0].record.id
            if over:
                store.finish_table(table_id)
            else:
                again = (
                    ("straights play" if ante is not None else f"straights play --game {label}")
                    + " --resume"
                    + ("" if db is None else f" --db {_quote(db)}")
                )
                out.print(Text(runnable(f"Table {table_id} is saved: `{again}` continues it.")),
                          soft_wrap=True)  # fmt: skip
    finally:
        if store is not None:
            store.close()
    if interrupted:
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
