"""Bots playing each other: the engine of ``straights simulate``.

One table plays deal after deal; when a player goes broke the session ends
and a fresh one starts with full stacks, so every deal counts.  Results are
chips won per deal for each bot, with a 95% confidence interval.

>>> from straights.game import TableConfig
>>> r = simulate(TableConfig(seats=3), ["calling", "random"], hands=20, seed=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(20, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from straights.bots.base import Bot, make_bot
from straights.cards import make_rng
from straights.errors import ConfigurationError
from straights.game.config import TableConfig
from straights.game.events import ShowdownRevealed
from straights.game.hand import Hand
from straights.game.table import Table
from straights.game.view import hand_view

__all__ = ["BotStats", "SimulationResult", "play_hand", "simulate"]


@dataclass
class BotStats:
    """Chips one kind of bot won, summed over its seats and deals."""

    name: str
    deals: int = 0
    total: int = 0
    _sq: float = 0.0

    def add(self, net: int) -> None:
        self.deals += 1
        self.total += net
        self._sq += net * net

    @property
    def mean(self) -> float:
        """Chips won per deal played."""
        return self.total / self.deals if self.deals else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`mean` (normal approximation)."""
        if self.deals < 2:
            return math.inf
        var = (self._sq - self.deals * self.mean**2) / (self.deals - 1)
        return 1.96 * math.sqrt(max(var, 0.0) / self.deals)


@dataclass
class SimulationResult:
    config: TableConfig
    hands: int = 0
    sessions: int = 0
    carry_overs: int = 0
    showdowns: int = 0
    pot_total: int = 0
    carried_at_end: int = 0
    bots: dict[str, BotStats] = field(default_factory=dict)

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.hands if self.hands else 0.0


def play_hand(table: Table, bots: dict[int, Bot]) -> Hand:
    """Play one deal at ``table`` with a bot in every occupied seat; bots see only views."""
    hand = table.start_hand()
    names = {i: p.name for i, p in enumerate(table.seats) if p is not None}
    while not hand.finished:
        seat = hand.actor
        assert seat is not None
        action = bots[seat].act(hand_view(hand, seat, names))
        table.act(seat, action.kind, action.to)
    return hand


def simulate(
    config: TableConfig,
    bot_kinds: Sequence[str],
    hands: int,
    seed: int | None = None,
    on_hand: Callable[[Hand, list[str]], None] | None = None,
    make_table: Callable[[TableConfig, list[str], int], Table] | None = None,
) -> SimulationResult:
    """Play ``hands`` deals; bots fill the seats in turn from ``bot_kinds``.

    ``on_hand(hand, names)`` is called after each deal (progress, histories);
    ``make_table(config, names, seed)`` opens each session's table (a
    :class:`~straights.store.RecordedTable` to save it).
    """
    if not bot_kinds:
        raise ConfigurationError("name at least one bot: random, calling, strength, cfr or equity")
    if hands < 1:
        raise ConfigurationError(f"hands={hands}: play at least one deal")
    rng = make_rng(seed)
    kinds = [bot_kinds[i % len(bot_kinds)] for i in range(config.seats)]
    bots: dict[int, Bot] = {i: make_bot(k, rng.getrandbits(64)) for i, k in enumerate(kinds)}
    names = [f"{k}{i}" for i, k in enumerate(kinds)]
    result = SimulationResult(config)
    for kind in kinds:
        result.bots.setdefault(kind, BotStats(kind))
    table: Table | None = None
    while result.hands < hands:
        if table is None or len(table.occupied()) < config.seats:
            if table is not None:
                result.carried_at_end += table.carry
            table_seed = rng.getrandbits(64)
            if make_table is None:
                table = Table(config, names, seed=table_seed)
            else:
                table = make_table(config, names, table_seed)
            result.sessions += 1
        hand = play_hand(table, bots)
        result.hands += 1
        result.pot_total += hand.pot
        result.carry_overs += hand.carry_out > 0
        result.showdowns += ShowdownRevealed in map(type, hand.events)  # at C speed
        for i, seat in enumerate(hand.seats):
            result.bots[kinds[seat]].add(hand.stacks[i] - hand.starting_stacks[i])
        if hand.carry_out > table.carry:
            # The last player with chips took a carried pot nobody else could contest.
            (last,) = table.occupied()
            result.bots[kinds[last]].total += hand.carry_out - table.carry
        if on_hand is not None:
            on_hand(hand, [names[s] for s in hand.seats])
    if table is not None:
        result.carried_at_end += table.carry
    return result
