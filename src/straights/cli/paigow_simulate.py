"""``straights simulate --game pai-gow``: bots against the bank, many deals.

Every player bets the same each deal and sets his hands as his bot does
(``--bots``: ``house``, the house way as the bank sets, or ``equity``, by its
estimate; see :mod:`straights.bots.paigow`); the summary is how often a bet
wins, pushes and loses, the house's edge per chip bet with a 95% interval, and
each kind of bot's result per chip bet with its interval (``--json`` for
scripts, ``--out`` for histories).  It runs on the one simulate loop
(:func:`~straights.cli.table_simulate.simulate_table`); this module is what is Pai
Gow's: a session of bots against the bank (:func:`run_pai_gow`), its history and
its summary.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from rich.console import Console

    from straights.cli.table_simulate import MakeTable
    from straights.paigow.deal import PaiGowDeal
    from straights.paigow.rules import HouseWayName
    from straights.store.table import Commands, StoredTable
    from straights.table import PaiGowTable

__all__ = ["BotResult", "PaiGowSummary", "run_pai_gow", "simulate_pai_gow"]


def _interval(total: float, sum_sq: float, n: int) -> tuple[float, float]:
    """The mean of ``n`` samples and half the width of its 95% interval."""
    if n == 0:
        return 0.0, math.inf
    mean = total / n
    if n < 2:
        return mean, math.inf
    var = (sum_sq - n * mean**2) / (n - 1)
    return mean, 1.96 * math.sqrt(max(var, 0.0) / n)


@dataclass
class BotResult:
    """One kind of bot's results: ``seats`` seats of it, each betting ``bet``; a deal's
    chips won by all its seats, per chip they bet, is one sample."""

    bot: str
    sets: str
    seats: int
    bet: int
    deals: int = 0
    net: int = 0
    outcomes: dict[str, int] = field(default_factory=lambda: {"win": 0, "push": 0, "lose": 0})
    _sum: float = 0.0
    _sum_sq: float = 0.0

    def add(self, nets: list[int], outcomes: list[str]) -> None:
        self.deals += 1
        self.net += sum(nets)
        for outcome in outcomes:
            self.outcomes[outcome] += 1
        share = sum(nets) / (self.bet * self.seats)
        self._sum += share
        self._sum_sq += share * share

    @property
    def per_chip(self) -> float:
        """Chips won per chip bet."""
        return _interval(self._sum, self._sum_sq, self.deals)[0]

    @property
    def ci95(self) -> float:
        """Half the width of the 95% interval of :attr:`per_chip` (deals as the samples)."""
        return _interval(self._sum, self._sum_sq, self.deals)[1]

    def to_dict(self) -> dict[str, Any]:
        """The bot's row for ``--json``."""
        return {
            "bot": self.bot,
            "sets": self.sets,
            "seats": self.seats,
            "bets": self.deals * self.seats,
            "outcomes": dict(self.outcomes),
            "chips_won": self.net,
            "per_chip": self.per_chip,
            "ci95": [self.per_chip - self.ci95, self.per_chip + self.ci95],
        }


@dataclass
class PaiGowSummary:
    """Counts over simulated deals; ``house`` is the house's chips won in all."""

    deals: int = 0
    players: int = 0
    bet: int = 0
    outcomes: dict[str, int] = field(default_factory=lambda: {"win": 0, "push": 0, "lose": 0})
    copies: int = 0
    commission: int = 0
    house: int = 0
    #: Each kind of bot's results, by the name given in ``--bots``.
    bots: dict[str, BotResult] = field(default_factory=dict)
    _sum_sq: float = 0.0

    def add(self, deal: PaiGowDeal, kinds: dict[int, str] | None = None) -> None:
        """Count a settled deal; ``kinds`` names each seat's kind of bot (in :attr:`bots`)."""
        self.deals += 1
        for result in deal.results.values():
            self.outcomes[result.outcome] += 1
            self.copies += result.back_copy + result.front_copy
            self.commission += result.commission
        self.house += deal.house
        share = deal.house / (self.bet * self.players)
        self._sum_sq += share * share
        for kind, stats in self.bots.items():
            seats = [s for s, k in (kinds or {}).items() if k == kind]
            results = [deal.results[s] for s in seats]
            stats.add([r.net for r in results], [r.outcome for r in results])

    @property
    def edge(self) -> float:
        """The house's result per chip bet."""
        return self.house / (self.bet * self.players * self.deals) if self.deals else 0.0

    @property
    def ci95(self) -> float:
        """Half the width of the 95% interval of :attr:`edge` (deals as the samples)."""
        if self.deals < 2:
            return math.inf
        var = (self._sum_sq - self.deals * self.edge**2) / (self.deals - 1)
        return 1.96 * math.sqrt(max(var, 0.0) / self.deals)

    def to_dict(self) -> dict[str, Any]:
        """The summary for ``--json``."""
        bets = self.deals * self.players
        return {
            "game": "pai-gow",
            "deals": self.deals,
            "players": self.players,
            "bet": self.bet,
            "bets": bets,
            "outcomes": dict(self.outcomes),
            "copies": self.copies,
            "commission": self.commission,
            "house_result": self.house,
            "house_edge": self.edge,
            "house_edge_ci95": [self.edge - self.ci95, self.edge + self.ci95],
            "bots": [b.to_dict() for b in sorted(self.bots.values(), key=lambda b: -b.per_chip)],
        }


def run_pai_gow(
    players: int,
    deals: int,
    seed: int | None,
    bet: int,
    on_deal: Callable[[PaiGowDeal, PaiGowTable], None] | None = None,
    kinds: Sequence[str] | None = None,
    stack: int | None = None,
    make_table: MakeTable[PaiGowDeal, Mapping[int, int]] | None = None,
    house_way: HouseWayName = "foxwoods",
) -> PaiGowSummary:
    """Deal ``deals`` times at the one table to ``players`` bots betting ``bet`` each;
    ``kinds`` names each seat's bot (:func:`~straights.bots.paigow.make_paigow_bot`;
    default: ``house``).  Each sits with ``stack`` chips (default: ``bet``); when one
    cannot cover the bet, a fresh session starts with full stacks, so every deal counts.
    ``make_table(names, stack, seed)`` opens each session's stored table (``--db``); it
    deals what the unstored table would.  ``house_way``: how the bank and the house-way
    bots set hands (:data:`~straights.paigow.rules.HOUSE_WAYS`).

    >>> summary = run_pai_gow(2, 20, seed=1, bet=20, kinds=["house", "equity"])
    >>> sum(summary.outcomes.values()), sorted(b["bot"] for b in summary.to_dict()["bots"])
    (40, ['equity', 'house'])
    """
    from straights.bots.paigow import HouseWayBot, make_paigow_bot
    from straights.cards import make_rng
    from straights.cli.paigow_play import bot_front, set_hand
    from straights.errors import ConfigurationError
    from straights.paigow.rules import PaiGowRules
    from straights.table import PaiGowGame, Table

    rng = make_rng(seed)
    kinds = list(kinds) if kinds is not None else ["house"] * players
    if len(kinds) != players:
        raise ConfigurationError(f"{len(kinds)} bots named for {players} players")
    chips = bet if stack is None else stack
    summary = PaiGowSummary(players=players, bet=bet)
    bots = {seat: make_paigow_bot(kind) for seat, kind in enumerate(kinds, start=1)}
    by_seat = dict(enumerate(kinds, start=1))
    names = [f"{_label(kind)} {seat}" for seat, kind in enumerate(kinds, start=1)]
    for kind in dict.fromkeys(kinds):
        sets = "house way" if isinstance(make_paigow_bot(kind), HouseWayBot) else "estimate"
        summary.bots[kind] = BotResult(kind, sets, kinds.count(kind), bet)
    table: PaiGowTable | None = None
    stored: StoredTable[PaiGowDeal, Mapping[int, int]] | None = None
    for _ in range(deals):
        if table is None or any(s < bet for s in table.stacks):
            if make_table is None:
                table = Table(PaiGowGame(PaiGowRules(house_way=house_way)), names, chips,
                              seed=rng.getrandbits(64))  # fmt: skip
            else:
                stored = make_table(names, chips, rng.getrandbits(64))
                table = stored.table
        plan = dict.fromkeys(range(players), bet)
        deal = table.start(plan) if stored is None else stored.start(plan)
        for seat in deal.waiting:
            set_hand(table, stored, deal, seat, bot_front(bots[seat], deal, seat))
        summary.add(deal, by_seat)
        if on_deal is not None:
            on_deal(deal, table)
    return summary


def simulate_pai_gow(
    *,
    players: int,
    deals: int,
    seed: int | None,
    stack: int,
    out_path: str | None,
    progress: bool,
    as_json: bool,
    console: Console,
    bet: int = 20,
    bots: str | None = None,
    db: str | None = None,
    house_way: HouseWayName = "foxwoods",
) -> None:
    """Run :func:`run_pai_gow` with a progress bar; print the summary; write histories
    (``out_path``) and store every session as a table of kind ``simulate`` (``db``)."""
    from straights.cli.game_setup import paigow_bots
    from straights.cli.table_simulate import simulate_table
    from straights.errors import ConfigurationError
    from straights.paigow.deal import MAX_PLAYERS

    if not 1 <= players <= MAX_PLAYERS:
        raise ConfigurationError(
            f"--players {players}: Pai Gow seats 1 to {MAX_PLAYERS} players against the bank"
        )
    if stack < bet:
        raise ConfigurationError(f"--stack {stack} cannot cover the bet of {bet}")
    kinds = paigow_bots(bots, players)
    settings: dict[str, object] = {"bet": bet, "bots": list(kinds)}
    if house_way != "foxwoods":
        settings["house_way"] = house_way

    def run(
        on_deal: Callable[[PaiGowDeal, PaiGowTable], None],
        make_table: MakeTable[PaiGowDeal, Mapping[int, int]] | None,
    ) -> PaiGowSummary:
        return run_pai_gow(players, deals, seed, bet, on_deal, kinds, stack, make_table,
                           house_way)  # fmt: skip

    def summary(result: PaiGowSummary) -> None:
        _print_summary(console, result, kinds, as_json)

    simulate_table(_pai_gow, "pai-gow", settings, hands=deals, progress=progress, out=out_path,
                   db=db, run=run, history=_history, summary=summary,
                   as_json=as_json)  # fmt: skip


def _pai_gow() -> Commands[PaiGowDeal, Mapping[int, int]]:
    from straights.store.table import PAI_GOW

    return PAI_GOW


def _history(deal: PaiGowDeal, table: PaiGowTable, number: int) -> str:
    """The deal's history, its seats named and with the stacks they started it with."""
    from straights.paigow.history import deal_to_history, dumps

    names = {seat + 1: name for seat, name in enumerate(table.names)}
    before = {s + 1: c for s, c in zip(table.players, table.starting_stacks, strict=True)}
    return dumps(deal_to_history(deal, names, before, number))


def _print_summary(
    console: Console, summary: PaiGowSummary, kinds: Sequence[str], as_json: bool
) -> None:
    """The summary: JSON, or how often a bet wins, pushes and loses, the house's edge
    and each kind of bot's result per chip bet."""
    from rich.table import Table as Grid

    from straights.cli.render import counted

    if as_json:
        console.print_json(json.dumps(summary.to_dict()))
        return
    players, bet = summary.players, summary.bet
    bets = summary.deals * summary.players
    who = (
        f"{players} house-way player(s)"
        if set(kinds) == {"house"}
        else f"{players} player(s): {', '.join(kinds)}"
    )
    dealt = counted(summary.deals, "deal", "deals")
    console.print(f"[bold]Pai Gow: {dealt}, {who}, betting {bet} each[/bold]")
    grid = Grid()
    for col in ("result", "bets", "share"):
        grid.add_column(col, justify="left" if col == "result" else "right")
    for outcome, count in summary.outcomes.items():
        grid.add_row(outcome, str(count), f"{count / bets:.2%}")
    console.print(grid)
    console.print(
        f"house result: {summary.house:+d} chips · commission: {summary.commission} · "
        f"copies: {summary.copies} · house edge: {summary.edge:+.2%} of each chip bet "
        f"(95% interval {summary.edge - summary.ci95:+.2%} … {summary.edge + summary.ci95:+.2%})"
    )
    bot_grid = Grid(title="Each bot's result per chip bet", title_style="bold")
    for col in ("bot", "sets", "bets", "chips won", "per chip", "95% interval"):
        bot_grid.add_column(col, justify="left" if col in ("bot", "sets") else "right")
    for row in summary.to_dict()["bots"]:
        low, high = row["ci95"]
        bot_grid.add_row(row["bot"], row["sets"], str(row["bets"]), f"{row['chips_won']:+d}",
                         f"{row['per_chip']:+.2%}", f"{low:+.2%} … {high:+.2%}")  # fmt: skip
    console.print(bot_grid)


def _label(kind: str) -> str:
    """A seat's name in the histories: ``House way 2``, ``Equity 3``, ``Strength 4``."""
    return "House way" if kind == "house" else kind.capitalize()
