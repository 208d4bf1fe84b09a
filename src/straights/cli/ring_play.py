"""``straights play --game NAME``: any variant of the catalogue against bots in the terminal.

A :class:`~straights.table.Table` of :class:`~straights.table.PokerGame` deals; the bots
decide from their seats' views; the player answers prompts (typed, scripted or piped):

* betting: ``c`` check, call or bring in; ``b``/``r`` bet, raise or complete
  (``b 40`` bets to 40 where the amount is free; alone: the smallest);
  ``a`` all in (the most allowed); ``f`` fold;
* a draw: the positions of the cards to throw, counted from 1 (``1 4``), Enter
  stands pat;
* Mexican stud: the position of the face-down card to turn up;
* show or muck, asked when a shown hand beats yours at the showdown (all-in hands
  are always shown), and when you win uncontested: ``s`` shows, ``m`` or Enter mucks;
* dealer's choice: on the button, the game for the deal (a name or its number;
  Enter keeps the one offered).

``q`` leaves the table at any prompt.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table as Grid
from rich.text import Text

from straights.bots.base import answer as bot_move
from straights.cli.prompt import leaves
from straights.cli.render import card_text, cards_text, phrase_text
from straights.cli.table_play import TerminalTable, card_positions, chips_each, keys_help
from straights.errors import ConfigurationError
from straights.poker.catalogue import find_variant, game_name
from straights.poker.engine import CardChoice, Deal
from straights.poker.variant import Variant
from straights.poker.view import DealView, Move, deal_view, play
from straights.table import PokerTable

if TYPE_CHECKING:
    from rich.console import Console

    from straights.bots.base import Bot
    from straights.game.wording import Phrase

__all__ = ["PokerTerminal"]

_HELP_WORDS = ("?", "h", "help")


class PokerTerminal(TerminalTable[Deal, Variant]):
    """Every catalogue game's hook on the one terminal loop: ``games`` one game, or those
    the player on the button chooses from (``dealers_choice``; the bots' choices drawn
    from ``choice_seed``); ``bots[k]`` plays seat ``k + 1``; ``draws``: the dealer draw
    for the first button (Straights' rule 1), told before the first deal.  A stored
    table is loaded with :meth:`replay` as its replay hook and set as ``record``."""

    def __init__(
        self,
        table: PokerTable,
        out: Console,
        answers: Iterator[str],
        *,
        games: Sequence[Variant],
        dealers_choice: bool,
        bots: Sequence[Bot],
        choice_seed: int,
        draws: Sequence[Phrase] = (),
    ) -> None:
        import random

        super().__init__(table, out, answers)
        self.games, self.dealers_choice, self.bots = list(games), dealers_choice, list(bots)
        self.draws = list(draws)
        self.chooser = random.Random(choice_seed)
        self.last = self.games[0]
        self.quit = False

    def replay(self, command: dict[str, Any], ring: PokerTable, deal: Deal | None) -> None:
        """Before a stored command is replayed: draw what this table drew when it was
        played (a bot's decision, a dealer's choice of game), so that what follows is
        what an unbroken session would have done."""
        self.table = ring
        if command.get("kind") == "deal" and self.dealers_choice:
            if ring.button != 0:
                self.chooser.random()
            else:
                self.last = next(v for v in self.games if v.code == command["variant"])
        elif command.get("kind") == "move" and deal is not None and deal.actor is not None:
            seat = ring.seat_of(deal.actor)
            if seat != 0:
                bot_move(self.bots[seat - 1], deal_view(deal, deal.actor))

    # -- the one terminal loop's hook (cli/table_play.py) ----------------------------------
    def open(self) -> None:
        ring, out = self.table, self.out
        title = "Dealer's choice" if self.dealers_choice else self.games[0].name
        out.rule(f"[bold]{escape(title)}[/bold]")
        fresh = ring.deals == 0 and (self.record is None or self.record.deal is None)
        chips = f", {chips_each(ring.names, ring.stacks)}" if fresh else ""
        out.print(
            f"{len(ring.names)} players{chips}.\nKeys: [bold]c[/bold] "
            "check/call, [bold]b[/bold] bet/raise (b 40: to 40), [bold]a[/bold] all-in, "
            "[bold]f[/bold] fold, [bold]?[/bold] help, [bold]q[/bold] quit"
        )
        if fresh:
            for words in self.draws:
                out.print(phrase_text(words))

    def can_deal(self) -> bool:
        return not self.over

    def plan(self, first: bool) -> Variant | None:
        if not first:
            answer = self.prompter.ask("[dim]Enter: next deal · q: quit › [/dim]")
            if leaves(answer):
                return None
        return self.choose_game()

    def play(self, deal: Deal) -> bool:
        out = self.out
        out.rule(f"Deal {self.table.deals + 1}: {escape(deal.variant.name)}", style="dim")
        if deal.carry_in:
            out.print(Text(f"The pot carried from the last deal: {deal.carry_in}", "yellow"))
        self.play_deal(deal)
        if self.quit:
            out.print("[yellow]You leave the table in the middle of a deal.[/yellow]")
        return not self.quit

    def settle(self, deal: Deal) -> None:
        ring = self.table
        self.results(deal)
        if self.record is None:  # (a stored game took it with its last move)
            self.table.finish(deal)
        for seat in ring.players:
            if ring.stacks[seat] == 0 and seat != 0:
                self.out.print(Text(f"{ring.names[seat]} is out of chips and leaves.", "dim"))

    def choose_game(self) -> Variant | None:
        """The deal's game: fixed, or chosen by the player on the button."""
        if not self.dealers_choice:
            return self.games[0]
        button = self.table.button
        if button != 0:
            variant = self.games[int(self.chooser.random() * len(self.games))]
            self.out.print(
                Text(f"{self.table.names[button]} deals and chooses {game_name(variant.code)}.")
            )
            return variant
        listing = " · ".join(f"{k} {game_name(v.code)}" for k, v in enumerate(self.games, 1))
        self.out.print(Text(f"You deal: choose the game. {listing}", "dim"))

        def find(answer: str) -> Variant | str:
            if not answer:
                return self.last
            if answer.isdigit() and 1 <= int(answer) <= len(self.games):
                return self.games[int(answer) - 1]
            try:  # the catalogue's names, in any spelling, or a PHH code
                code = find_variant(answer).code
            except ConfigurationError:
                code = None
            found = next((v for v in self.games if v.code == code), None)
            return f"{answer!r} is not one of the games: {listing}" if found is None else found

        prompt = f"Game? (Enter: [bold]{game_name(self.last.code)}[/bold]) › "
        chosen = self.prompter.choose(prompt, find)
        self.last = self.last if chosen is None else chosen
        return chosen

    # -- one deal ----------------------------------------------------------------------
    def play_deal(self, deal: Deal) -> None:
        told = 0
        me = next(i for i in range(deal.n) if self.table.seat_of(i) == 0)  # the player
        while not deal.finished:
            told = self.narrate(deal, told, me)
            i = deal.actor
            assert i is not None
            if i == me:
                self.draw(deal_view(deal, me))
                move = self.ask_move(deal_view(deal, me))
                if move is None:
                    self.quit = True
                    return
            else:
                move = bot_move(self.bots[self.table.seat_of(i) - 1], deal_view(deal, i))
            if self.record is not None:  # (stored, when the game is)
                self.record.play(move)
            else:
                play(deal, move)
        self.narrate(deal, told, me)

    def called(self, i: int, you: str = "You") -> str:
        """The name of the deal's player ``i``; ``you`` for the player himself."""
        seat = self.table.seat_of(i)
        return you if seat == 0 else self.table.names[seat]

    def narrate(self, deal: Deal, start: int, me: int) -> int:
        """Tell the log from ``start`` as the player may see it; the new start."""
        for at in range(start, len(deal.log)):
            line = self.tell(deal, at, me)
            if line is not None:
                self.out.print(line)
        return len(deal.log)

    def tell(self, deal: Deal, at: int, me: int) -> Text | None:
        """The line of ``deal.log[at]`` as player ``me`` may see it (``None``: nothing).
        Blinds are in the table drawn before each turn and pots in :meth:`results`."""
        from straights.game.wording import entry_phrase

        if deal.log[at].kind in ("blind", "win", "penalty"):
            return None
        words = entry_phrase(deal, at, lambda i: self.table.names[self.table.seat_of(i)], me)
        if words is None:
            return None
        line = phrase_text(words)
        e = deal.log[at]
        uncontested = deal.folded.count(False) == 1  # a winner's show: no hand to name
        if e.kind == "show" and not _board_after(deal, at) and not uncontested:
            named = self.hand_names(deal, e.player) if e.player is not None else ""
            if named:
                line.append(f" — {named}", style="dim")
        return line

    def hand_names(self, deal: Deal, i: int) -> str:
        """What player ``i``'s hand makes, under each of the game's showdown rules
        (Straights: in the words its showdown, rule 10, named it with)."""
        from straights.poker.straights_rules import straights_pack

        variant = deal.variant
        if straights_pack(variant) is not None:  # its own ranking: the engine has its words
            return deal.described.get(i, "")
        parts = []
        for rule, value in zip(variant.showdown, deal.hand_values(i), strict=True):
            label = f"{rule.label}: " if len(variant.showdown) > 1 else ""
            parts.append(label + ("no " + rule.label if value is None else value.phrase))
        return " · ".join(parts)

    # -- the player's prompts -------------------------------------------------------------
    def ask_move(self, view: DealView) -> Move | None:
        def help() -> None:
            for line in _help(view):
                self.out.print(Text(line))

        return self.prompter.choose(_prompt(view), partial(_parse, view), _HELP_WORDS, help)

    # -- drawing the table ------------------------------------------------------------------
    def draw(self, view: DealView) -> None:
        grid = Grid(show_header=True, header_style="bold", box=None, padding=(0, 2))
        for col in ("", "player", "chips", "bet", "cards"):
            grid.add_column(col)
        for p in view.players:
            seat = self.table.seat_of(p.index)
            mark = ("▶" if p.index == view.actor else "") + (
                "D" if seat == self.table.button else ""
            )
            if p.folded:
                cards = Text("folded", style="dim")
            elif p.index == view.seat:
                cards = Text("  ").join(
                    Text(f"{k}:").append_text(card_text(c)).append("↑" if up else "")
                    for k, (c, up) in enumerate(zip(p.cards, p.up, strict=True), 1)
                    if c is not None
                )
            else:
                cards = Text(" ").join(card_text(c) if c else _back() for c in p.cards)
            style = "bold cyan" if seat == 0 else ""
            grid.add_row(mark, Text(self.called(p.index), style=style), str(p.stack),
                         str(p.bet or ""), cards)  # fmt: skip
        board = Text("  ").join(card_text(c) if c else _back() for c in view.board)
        head = Text(f"{view.street} · pot {view.pot}")
        if view.board:
            head = Text("Board: ").append_text(board).append("   ").append_text(head)
        self.out.print(head)
        if view.second_board:  # a double board's second board, under the first
            self.out.print(Text("Board 2: ") + cards_text(c for c in view.second_board if c))
        self.out.print(grid)
        if any(p.up and any(p.up) for p in view.players):
            self.out.print(Text("(↑ marks your cards that lie face up)", "dim"))

    def results(self, deal: Deal) -> None:
        """Who won what: each pot's winners, by hand for high and for low; a carried pot."""
        from straights.game.wording import pot_lines

        shown = [k for k, e in enumerate(deal.log) if e.kind == "show" and _board_after(deal, k)]
        if shown:  # hands shown all-in before the board was out: the board, then each hand
            board = [c for c in deal.board if c is not None]
            self.out.print(Text("Board: ") + cards_text(board))
            for k in shown:
                e = deal.log[k]
                named = "" if e.player is None else self.hand_names(deal, e.player)
                if named and e.player is not None:
                    self.out.print(Text(f"{self.called(e.player)}: {named}"))
        lines = pot_lines(deal, partial(self.called, you="you"))
        for k, line in enumerate(lines):
            carried = deal.carry_out and k == len(lines) - 1
            self.out.print(Text(line, "yellow" if carried else "green"))

    def goodbye(self) -> None:
        ring = self.table
        self.final_chips(["You", *ring.names[1:]])
        if ring.carry:
            self.out.print(f"  still in the middle: {ring.carry}")
        if ring.stacks[0] == 0:
            self.out.print("[red]You are out of chips.[/red]")
        elif ring.over:
            self.out.print("[bold green]You have every chip at the table![/bold green]")


def _board_after(deal: Deal, at: int) -> bool:
    """True when board cards are dealt after entry ``at`` of the log (an all-in run-out)."""
    return any(e.kind == "board" for e in deal.log[at + 1 :])


def _held(view: DealView) -> int:
    """How many cards the viewer holds."""
    return 0 if view.me is None else len(view.me.cards)


def _help(view: DealView) -> list[str]:
    """The keys at the prompt, and what the player may do now.

    >>> from straights.poker.engine import Legal
    >>> from straights.poker.view import DealView
    >>> view = DealView("NT", "flop", 0, (), (), 6, 0, (Legal("check"), Legal("bet", 0, 2, 40)))
    >>> print("\\n".join(_help(view)))
    Keys:
      c        check, call or bring in
      b or r   bet, raise or complete: to the least, or to an amount (b 12)
      a        all in: bet or raise to the most you may (else call)
      f        fold
      q        leave the table
      ? or h   this help
    Now you may: check, bet to 2..40.
    """
    choice = view.choice
    if choice is not None and choice.kind == "discard":
        verb = "Throw" if choice.replaced else "Discard"
        return [
            f"{verb} cards by their positions, 1 to {_held(view)}, like 1 4 ({_how_many(choice)}).",
            *(["Enter alone stands pat."] if not choice.least else []),
            "q leaves the table.",
        ]
    if choice is not None:
        return [
            f"Name the face-down card{'s' if choice.most > 1 else ''} to turn up by "
            "position, like 2.",
            "q leaves the table.",
        ]
    keys = (
        ("c", "check, call or bring in"),
        ("b or r", "bet, raise or complete: to the least, or to an amount (b 12)"),
        ("a", "all in: bet or raise to the most you may (else call)"),
        ("f", "fold"),
        ("q", "leave the table"),
        ("? or h", "this help"),
    )
    now = ", ".join(str(a) for a in view.legal)
    return [*keys_help(keys), f"Now you may: {now}."]


def _how_many(choice: CardChoice) -> str:
    """How many cards ``choice`` takes, in words: ``at most 3``, ``exactly 2``, ``1 to 3``."""
    if choice.least == choice.most:
        return f"exactly {choice.most}"
    return f"at most {choice.most}" if not choice.least else f"{choice.least} to {choice.most}"


def _choice_prompt(view: DealView, choice: CardChoice) -> str:
    """The prompt of a card decision, in the words the engine's ``choice`` gives."""
    if choice.kind == "expose":  # the positions to choose from, counted from 1
        n = choice.most
        card, which = ("card", "one of") if n == 1 else (f"{n} cards", f"{n} of")
        where = " ".join(str(k + 1) for k in choice.positions)
        return f"Turn up which face-down {card}? {which} {where} › "
    verb = "Throw" if choice.replaced else "Discard"
    pat = " (Enter stands pat)" if not choice.least else ""
    return f"{verb} which cards? positions 1-{_held(view)}, {_how_many(choice)}{pat} › "


def _prompt(view: DealView) -> str:
    """The question of the player's turn in ``view``."""
    if view.show_or_muck:
        return _muck_prompt(view)
    if view.runs:
        most = view.runs[-1]
        return (
            f"All in: run the rest of the board how many times? 1 to {most} "
            f"([bold]y[/bold] {most}, [bold]n[/bold] once) › "
        )
    if view.choice is not None:
        return _choice_prompt(view, view.choice)
    hint = " · ".join(f"[bold]{_key(a.kind)}[/bold] {a}" for a in view.legal)
    return f"Your turn: {hint} · [bold]?[/bold] help › "


def _key(kind: str) -> str:
    return {"fold": "f", "check": "c", "call": "c", "bring-in": "c", "bet": "b", "raise": "r",
            "complete": "b"}[kind]  # fmt: skip


def _muck_prompt(view: DealView) -> str:
    """The question to show or muck: a hand won uncontested, or one beaten at the showdown.

    >>> from straights.poker.view import DealView, PlayerView
    >>> won = DealView("NT", "river", 0, (PlayerView(0, 9, 0, False, ()),
    ...                PlayerView(1, 9, 0, True, ())), (), 4, 0, show_or_muck=True)
    >>> _muck_prompt(won).split("?")[0]
    'You win uncontested: show your hand'
    """
    why = "You win uncontested: show your hand?" if len(view.in_hand()) == 1 else (
        "A shown hand beats yours: show it or muck it?")  # fmt: skip
    return f"{why} [bold]s[/bold] show · [bold]m[/bold] or Enter muck › "


def _parse(view: DealView, answer: str) -> Move | str:
    """The move ``answer`` names in ``view``, or what is wrong."""
    me = view.me
    assert me is not None
    if view.show_or_muck:
        word = answer.strip().lower()
        if word in ("s", "show"):
            return Move("show")
        if word in ("", "m", "muck"):
            return Move("muck")
        return f"{answer!r}: s shows your hand, m (or Enter) mucks it"
    if view.runs:
        words = {"y": view.runs[-1], "yes": view.runs[-1], "n": 1, "no": 1, "once": 1}
        count = int(answer) if answer.strip().isdigit() else words.get(answer.strip())
        if count not in view.runs:
            return f"answer 1 to {view.runs[-1]} (y: {view.runs[-1]} times, n: once)"
        return Move("runs", count)
    choice = view.choice
    if choice is not None:
        picks = card_positions(answer, len(me.cards))
        if isinstance(picks, str):
            return picks
        if not choice.least <= len(picks) <= choice.most:
            if choice.kind == "expose":
                return f"turn up exactly {choice.most} card{'s' if choice.most > 1 else ''}"
            verb = "throw" if choice.replaced else "discard"
            return f"you may {verb} {_how_many(choice)} cards, not {len(picks)}"
        if any(p not in choice.positions for p in picks):
            return "that card is already face up: choose a face-down one"
        return Move(choice.kind, cards=tuple(me.cards[p] for p in picks))  # type: ignore[misc]
    legal = {a.kind: a for a in view.legal}
    word, _, amount = answer.partition(" ")
    kinds = {"c": ("check", "call", "bring-in"), "check": ("check",), "x": ("check",),
             "k": ("check",), "call": ("call", "bring-in"), "f": ("fold",), "fold": ("fold",),
             "b": ("bet", "raise", "complete"), "r": ("raise", "bet", "complete"),
             "bet": ("bet", "complete"), "raise": ("raise",), "complete": ("complete",),
             "a": ("raise", "bet", "complete", "call"), "bring-in": ("bring-in",)}  # fmt: skip
    wanted = kinds.get(word)
    if wanted is None:
        return f"{answer!r} is not an action: c check/call, b/r bet/raise, a all in, f fold"
    found = next((legal[k] for k in wanted if k in legal), None)
    if found is None:
        now = ", ".join(str(a) for a in view.legal)
        return f"you cannot {wanted[0]} now: you may {now}"
    if amount and found.kind not in ("bet", "raise", "complete"):
        return f"{answer!r}: {found.kind} takes no amount"
    if found.kind in ("bet", "raise", "complete"):
        to = found.high if word == "a" else found.low
        if amount:
            if not amount.strip().isdigit():
                return f"{amount!r} is not a number of chips"
            to = int(amount)
            if not found.low <= to <= found.high:
                span = str(found.low) if found.low == found.high else f"{found.low} to {found.high}"
                return f"you may {found.kind} to {span}, not {to}"
        return Move(found.kind, to)
    return Move(found.kind)


def _back() -> Text:
    """A face-down card."""
    from straights.cards import Card

    return card_text(Card("S"), hidden=True)
