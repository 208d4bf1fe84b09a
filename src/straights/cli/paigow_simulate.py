"""``straights simulate --game pai-gow``: house-way players against the bank, many deals.

Every player bets the same each deal and sets the house way, as the bank does;
the summary is how often a bet wins, pushes and loses, and the house's edge per
chip bet with a 95% interval (``--json`` for scripts, ``--out`` for histories).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console

    from straights.paigow.deal import PaiGowDeal

__all__ = ["PaiGowSummary", "run_pai_gow", "simulate_pai_gow"]


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
    _sum_sq: float = 0.0

    def add(self, deal: PaiGowDeal) -> None:
        self.deals += 1
        for result in deal.results.values():
            self.outcomes[result.outcome] += 1
            self.copies += result.back_copy + result.front_copy
            self.commission += result.commission
        self.house += deal.house
        share = deal.house / (self.bet * self.players)
        self._sum_sq += share * share

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
        }


def run_pai_gow(
    players: int,
    deals: int,
    seed: int | None,
    bet: int,
    on_deal: Callable[[PaiGowDeal], None] | None = None,
) -> PaiGowSummary:
    """Deal ``deals`` times to ``players`` house-way players betting ``bet`` each.

    >>> summary = run_pai_gow(2, 20, seed=1, bet=20)
    >>> sum(summary.outcomes.values())
    40
    """
    from straights.cards import make_rng
    from straights.paigow.deal import PaiGowDeal

    rng = make_rng(seed)
    summary = PaiGowSummary(players=players, bet=bet)
    for _ in range(deals):
        deal = PaiGowDeal(dict.fromkeys(range(1, players + 1), bet), rng=rng)
        for seat in deal.waiting:
            deal.set_house_way(seat)
        summary.add(deal)
        if on_deal is not None:
            on_deal(deal)
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
) -> None:
    """Run :func:`run_pai_gow` with a progress bar; print the summary; write histories."""
    from rich.progress import Progress
    from rich.table import Table as Grid
    from rich.text import Text

    from straights.errors import ConfigurationError
    from straights.game.phh import phhs_entry
    from straights.paigow.deal import MAX_PLAYERS
    from straights.paigow.history import deal_to_history, dumps

    if not 1 <= players <= MAX_PLAYERS:
        raise ConfigurationError(
            f"--players {players}: Pai Gow seats 1 to {MAX_PLAYERS} players against the bank"
        )
    if stack < bet:
        raise ConfigurationError(f"--stack {stack} cannot cover the bet of {bet}")
    sink = None
    if out_path is not None:
        try:
            sink = open(out_path, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise ConfigurationError(f"cannot write {out_path!r}: {exc.strerror}") from exc
    names = {seat: f"House way {seat}" for seat in range(1, players + 1)}
    stacks = dict.fromkeys(names, stack)
    written = 0
    try:
        with Progress(console=console, transient=True, disable=not progress or as_json) as bar:
            task = bar.add_task("Dealing", total=deals)

            def on_deal(deal: PaiGowDeal) -> None:
                nonlocal written
                if sink is not None:
                    written += 1
                    text = dumps(deal_to_history(deal, names, stacks, written))
                    sink.write(("\n" if written > 1 else "") + phhs_entry(written, text))
                bar.advance(task)

            summary = run_pai_gow(players, deals, seed, bet, on_deal)
        if sink is not None:
            sink.close()
    except OSError as exc:
        raise ConfigurationError(f"cannot write {out_path!r}: {exc.strerror or exc}") from exc
    finally:
        if sink is not None and not sink.closed:
            sink.close()
    if as_json:
        console.print_json(json.dumps(summary.to_dict()))
        return
    bets = summary.deals * summary.players
    console.print(
        f"[bold]Pai Gow: {summary.deals} deals, {players} house-way player(s) "
        f"betting {bet} each[/bold]"
    )
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
    if out_path is not None:
        console.print(Text(f"wrote {written} hand histories to {out_path}"))
