"""``straights play --game pai-gow``: Pai Gow poker against the bank in the terminal.

Each deal: the bet (Enter keeps the last one), the seven cards in rank order
numbered 1 to 7, and the two-card hand chosen by two positions (``2 5``) or
``h`` for the house way; then the bank's hand and the results.  Other seats are
bots that bet the same as you started with and set as ``--bots`` says: the house
way (``house``, the default, and every poker bot's name) or by the equity bot's
estimate (``equity``; :mod:`straights.bots.paigow`).

The deals are played by the one terminal loop of every game
(:func:`~straights.cli.table_play.play_table`); :class:`PaiGowTerminal` is Pai Gow's
hook on it: the bet before the cards, the two hands set, the bank's results
(:mod:`straights.cli.play` sets its table up, new or resumed).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final

from straights.bots.arena import bot_front, set_hand
from straights.cli.table_play import TerminalTable, card_positions, chips_each, keys_help
from straights.paigow.deal import PaiGowDeal

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from straights.bots.paigow import PaiGowBot
    from straights.cards import Card
    from straights.paigow.deal import Event
    from straights.paigow.rules import PaiGowRules
    from straights.table import PaiGowTable

__all__ = ["PaiGowTerminal"]

_EMPTY: Final = "An empty answer: type two positions (such as 2 5), or h"
_HELP_WORDS: Final = ("?", "help")
_HELP: Final = (
    ("2 5", "these two cards (positions 1 to 7) are the two-card hand; the rest play behind"),
    ("h", "set the hand the house way"),
    ("q", "leave the table (a dealt hand is set the house way first)"),
    ("?", "this help"),
)


class PaiGowTerminal(TerminalTable[PaiGowDeal, Mapping[int, int]]):
    """Pai Gow's hook on the one terminal loop; seats are counted as the deal counts
    them (1: you; 0: the bank), the table's seat ``s`` being the deal's ``s + 1``."""

    def __init__(
        self,
        table: PaiGowTable,
        rules: PaiGowRules,
        bet: int,
        answers: Iterator[str],
        out: Console,
        bots: dict[int, PaiGowBot],
    ) -> None:
        super().__init__(table, out, answers)
        self.rules = rules
        self.bet, self.bot_bet, self.bots = bet, bet, bots
        self.gone: set[int] = set()  # bots out of chips, told once
        self.told = 0  # the deal's events told before the player set

    def name(self, seat: int) -> str | None:
        names = self.table.names
        return "You" if seat == 1 else names[seat - 1] if 1 <= seat <= len(names) else None

    def chips(self, seat: int) -> int:
        return self.table.stacks[seat - 1]

    def can_bet(self, seat: int) -> bool:
        return seat - 1 in self.table.seated

    def open(self) -> None:
        from rich.markup import escape

        table, rules = self.table, self.rules
        self.out.rule("[bold]Pai Gow poker[/bold]")
        others = len(table.names) - 1
        bots = f" and {others} bot{'s' if others > 1 else ''}" if others else ""
        self.out.print(
            f"{escape(table.names[0])}{bots} against the bank (the house), "
            f"{escape(chips_each(table.names, table.stacks))}.  Set a five-card and a two-card "
            "hand; win both and the bet pays even "
            f"money less {rules.commission_percent}% commission (bets go in steps of "
            f"{rules.bet_unit}); win one: a push; copies go to the bank.  Keys: two positions "
            "such as [bold]2 5[/bold] for the two-card hand, [bold]h[/bold] the house way, "
            "[bold]q[/bold] leave, [bold]?[/bold] help."
        )
        pending = None if self.record is None else self.record.deal
        if pending is not None:  # a stored table resumed: the last bet
            self.bet = pending.bets.get(1, self.bet)

    def can_deal(self) -> bool:
        if self.can_bet(1):
            return True
        self.out.print("[red]You are out of chips.[/red]")
        return False

    def plan(self, first: bool) -> dict[int, int] | None:
        """Each bot that can no longer bet leaves (told once); then your bet, and each
        bot's: the opening bet, or the most its chips cover when less (table seats)."""
        from rich.text import Text

        for seat, name in enumerate(self.table.names, start=1):
            if seat != 1 and not self.can_bet(seat) and seat not in self.gone:
                self.gone.add(seat)
                self.out.print(Text(f"{name} is out of chips and leaves the table.", "dim"))
        mine = self.ask_bet()
        if mine is None:
            return None
        bets = {0: mine}
        for seat in self.table.seated:
            if seat != 0:
                bets[seat] = min(self.bot_bet, self.rules.largest_bet(self.chips(seat + 1)))
        return bets

    def ask_bet(self) -> int | None:
        self.bet = min(self.bet, self.rules.largest_bet(self.chips(1)))
        head = f"Deal {self.table.deals + 1} · your chips {self.chips(1)} · "
        bet = self.prompter.choose(
            f"{head}bet [bold]{self.bet}[/bold]? (Enter bets it, a number changes it, "
            "[bold]q[/bold] leaves) › ",
            self.take_bet,
            _HELP_WORDS,
            self.help,
        )
        self.bet = self.bet if bet is None else bet
        return bet

    def take_bet(self, answer: str) -> int | str:
        """The bet ``answer`` makes (Enter: the last one), or why it cannot be made."""
        from straights.errors import ConfigurationError

        if not answer:
            return self.bet
        if not answer.isdigit():
            return f"{answer!r} is not a bet: type a number of chips"
        try:
            self.rules.check_bet(int(answer), self.chips(1))
        except ConfigurationError as exc:
            return str(exc)
        return int(answer)

    def play(self, deal: PaiGowDeal) -> bool:
        """The bots set (told once you have set), then you: ``False`` when you leave."""
        from functools import partial

        from rich.text import Text

        from straights.paigow.rules import FoulError

        out = self.out
        self.tell(deal.events)
        self.told = len(deal.events)
        for seat in deal.waiting:
            if seat != 1:
                set_hand(self.table, self.record, deal, seat,
                         bot_front(self.bots.get(seat), deal, seat))  # fmt: skip
        mine = sorted(deal.cards(1), key=_rank_order, reverse=True)
        out.print(Text("Your cards:").append_text(_numbered(mine)))
        way = deal.house_way(1)
        house = " ".join(str(mine.index(c) + 1) for c in way.setting.front)

        def take(answer: str) -> bool | str:
            front = None
            if answer not in ("h", "house", "house way"):
                picks = _two_positions(answer, len(mine)) if answer else _EMPTY
                if isinstance(picks, str):
                    return picks
                front = [mine[i] for i in picks]
            try:
                set_hand(self.table, self.record, deal, 1, front)
            except FoulError as exc:
                return f"Not allowed: {exc}."
            return True

        prompt = (f"Two-card hand: two positions · [bold]h[/bold] the house way ({house}) · "
                  "[bold]?[/bold] help · [bold]q[/bold] leave › ")  # fmt: skip
        if deal.finished or self.prompter.choose(prompt, take, _HELP_WORDS,
                                                 partial(self.help, way.rule)):  # fmt: skip
            return True
        out.print("You leave: your hand is set the house way.")
        set_hand(self.table, self.record, deal, 1, None)
        return False

    def settle(self, deal: PaiGowDeal) -> None:
        """The settings and results (the table took the deal with its last setting)."""
        self.tell(deal.events[self.told :])
        self.out.print(f"Your chips: {self.chips(1)}")

    def tell(self, events: list[Event]) -> None:
        from straights.cli.render import ascii_only
        from straights.paigow.deal import phrase

        for event in events:
            line = phrase(event, self.name, unicode=not ascii_only())
            if line is not None:
                self.out.print(_coloured(line))

    def help(self, rule: str | None = None) -> None:
        from rich.text import Text

        for line in keys_help(_HELP):
            self.out.print(Text(line))
        self.out.print(
            Text(
                "The five-card hand must beat the two-card hand (or the hands foul). Hands rank "
                "as in poker; the joker is an ace or completes a straight or flush; A-2-3-4-5 "
                "is the second-best straight; a two-card hand is a pair or high cards.",
                "dim",
            )
        )
        if rule is not None:
            self.out.print(Text(f"The house way here: {rule}.", "dim"))

    def goodbye(self) -> None:
        from rich.text import Text

        table = self.table
        self.final_chips(table.names)
        verb = "won" if table.house >= 0 else "lost"
        self.out.print(
            Text(f"  The house {verb} {abs(table.house)} in {table.deals} deal(s).", "dim")
        )


def _rank_order(card: Card) -> tuple[int, int]:
    return (15 if card.is_joker else int(card.rank or 0), int(card.suit or 0))


def _numbered(cards: list[Card]) -> Text:
    from rich.text import Text

    from straights.cli.render import card_text

    line = Text()
    for i, card in enumerate(cards, start=1):
        line.append(f" {i}:", style="dim").append_text(card_text(card))
    return line


def _two_positions(answer: str, count: int) -> list[int] | str:
    """The two-card hand's two positions (indices returned) from ``answer`` (``'2 5'``,
    ``'2,5'``, or run together: ``'25'``), or why not.

    >>> _two_positions("2 5", 7), _two_positions("25", 7), _two_positions("2 9", 7)
    ([1, 4], [1, 4], 'position 9 is not one of your cards: they are 1 to 7')
    >>> _two_positions("1 2 3", 7)
    "'1 2 3' is not two positions: type two numbers 1 to 7, such as 2 5, or h"
    """
    if len(answer) == 2 and answer.isdigit():
        answer = " ".join(answer)
    picks = card_positions(answer, count)
    if not isinstance(picks, str) and len(picks) != 2:
        return f"{answer!r} is not two positions: type two numbers 1 to {count}, such as 2 5, or h"
    return picks


def _coloured(line: str) -> Text:
    """A line of text with the red suits in red."""
    from rich.text import Text

    text = Text(line)
    text.highlight_regex(r"\S+[♥♦]", "bold red")
    text.highlight_regex(r"\S+[♠♣]|Jk|🃏", "bold")
    return text
