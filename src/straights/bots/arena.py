"""Bots against bots: the engine of ``straights simulate``.

Every game deals at the one table (:class:`~straights.table.Table` of
:class:`~straights.table.PokerGame`): each deal is one :class:`~straights.poker.Deal`,
each bot sees only its seat's :class:`~straights.poker.DealView` and answers with a
:class:`~straights.poker.Move` (:func:`simulate_ring`, :func:`play_deal`).  Straights
deals there too, at its own stakes (``ante``) with the dealer draw for the first button.
When a player goes broke the session ends and a fresh one starts with full stacks, so
every deal counts; results are chips won per deal for each bot, with a 95% confidence
interval (:class:`BotStats`).  With several games (dealer's choice) the bot on the
button picks each deal's game uniformly at random from its own seeded generator.

Bots that act on Straights' :class:`~straights.game.view.SeatView` only (``cfr``: it
reads the round's raise level and the button, which the engine's view does not carry
yet) play Straights at the one table through Straights' own face of the deal
(:class:`~straights.game.hook.StraightsGame`): :func:`simulate`.  :func:`play_hand`
plays one deal at Straights' own :class:`~straights.game.Table` (the web's table).

>>> from straights.poker.catalogue import get_variant
>>> r = simulate_ring([get_variant("FR")], ["calling", "random"], players=3, hands=10, seed=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(10, 0)
>>> from straights.game import TableConfig
>>> r = simulate(TableConfig(seats=3), ["cfr", "random"], hands=20, seed=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(20, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from straights.bots.base import Bot, DealBot, can_decide, make_bot
from straights.cards import make_deck, make_rng
from straights.errors import ConfigurationError
from straights.game.config import TableConfig
from straights.game.events import ShowdownRevealed
from straights.game.hand import Hand
from straights.game.table import Table as StraightsTable
from straights.game.table import draw_button
from straights.game.view import hand_view
from straights.poker.catalogue import game_name
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.stakes import default_stakes
from straights.poker.variant import Variant
from straights.poker.view import Move, deal_view, play
from straights.table import PokerGame, PokerTable, Table, straights_stakes

if TYPE_CHECKING:
    from straights.store.table import StoredTable

__all__ = [
    "BotStats",
    "RingResult",
    "SimulationResult",
    "deal_bots",
    "first_button",
    "play_deal",
    "play_hand",
    "simulate",
    "simulate_ring",
]


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
class RingResult:
    """What a ring simulation counted: chips per bot kind, deals per game."""

    hands: int = 0
    sessions: int = 0
    showdowns: int = 0
    pot_total: int = 0
    carry_overs: int = 0
    carried_at_end: int = 0
    bots: dict[str, BotStats] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.hands if self.hands else 0.0


def first_button(players: int, variant: Variant, seed: int) -> int:
    """The seat the dealer draw (Straights' rule 1) gives the first button at a table of
    ``players`` dealt ``variant`` with ``seed`` (the draw's shuffle is its own).

    >>> from straights.poker.catalogue import get_variant
    >>> first_button(4, get_variant("_STR55L"), 7) in range(4)
    True
    """
    pack = len(make_deck(variant.deck, jokers=variant.jokers))
    winner = draw_button(players, pack, seed)[-1].winner
    assert winner is not None  # the draw goes on until one card is highest
    return winner


def play_deal(
    deal: Deal, bots: Sequence[DealBot], apply: Callable[[Move], object] | None = None
) -> None:
    """Play ``deal`` to its end, ``bots[i]`` deciding for player ``i`` from its own view
    (``apply``: makes each move instead of :func:`~straights.poker.view.play`)."""
    while not deal.finished:
        i = deal.actor
        if i is None:
            raise ConfigurationError(f"the deal waits for nobody in its {deal.phase}")
        move = bots[i].decide(deal_view(deal, i))
        if apply is None:
            play(deal, move)
        else:
            apply(move)


def deal_bots(kinds: Sequence[str], seed: int) -> list[DealBot]:
    """Bots by kind that play every variant; a bot without ``decide`` is one clear error,
    and so is an equity bot without the ``fast`` extra (its estimates on the engine's
    view run on the batch kernels), before the first deal rather than at its first move.
    """
    rng = make_rng(seed)
    bots: list[DealBot] = []
    if any(kind.split(":")[0] == "equity" for kind in kinds):
        from straights.extras import require

        require("fast", "the equity bot (--bots equity)")
    for kind in kinds:
        bot = make_bot(kind, rng.getrandbits(64))
        if not can_decide(bot):
            raise ConfigurationError(
                f"the {kind} bot plays only Straights' own table: choose random, calling "
                "or strength for other games"
            )
        bots.append(bot)  # type: ignore[arg-type]
    return bots


def simulate_ring(
    games: Sequence[Variant],
    bot_kinds: Sequence[str],
    *,
    players: int,
    hands: int,
    seed: int | None = None,
    stack: int = 200,
    on_deal: Callable[[Deal, PokerTable], None] | None = None,
    make_ring: Callable[[list[str], int, int, int | None], StoredTable[Deal, Variant]]
    | None = None,
    ante: int | None = None,
    house: HouseRules | None = None,
) -> RingResult:
    """Play ``hands`` deals of ``games`` (one game, or dealer's choice among several)
    with ``players`` seats filled in turn by ``bot_kinds``.

    ``make_ring(names, stack, seed, button)`` opens each session's stored game
    (``straights simulate --db``); it deals what the unstored game would.

    ``ante``: Straights at its own stakes (:func:`~straights.table.straights_stakes`
    with this ante), each session's first button taken by the dealer draw (rule 1).
    ``house``: the table's house rules (default: the rule book's).
    """
    if not bot_kinds:
        raise ConfigurationError("name at least one bot: random, calling or strength")
    if not games:
        raise ConfigurationError("name at least one game")
    if hands < 1:
        raise ConfigurationError(f"hands={hands}: play at least one deal")
    rng = make_rng(seed)
    kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
    bots = deal_bots(kinds, rng.getrandbits(64))
    choosers = [make_rng(rng.getrandbits(64)) for _ in range(players)]
    result = RingResult()
    for kind in kinds:
        result.bots.setdefault(kind, BotStats(kind))
    ring: PokerTable | None = None
    stored: StoredTable[Deal, Variant] | None = None
    names = [f"{k}{i + 1}" for i, k in enumerate(kinds)]
    stakes = default_stakes if ante is None else partial(straights_stakes, ante=ante)
    hook = PokerGame(stakes, house=house)
    while result.hands < hands:
        if ring is None or len(ring.seated) < players:
            if ring is not None:
                result.carried_at_end += ring.carry
            ring_seed = rng.getrandbits(64)
            button = None if ante is None else first_button(players, games[0], ring_seed)
            if make_ring is None:
                ring = Table(hook, names, stack, seed=ring_seed, button=button)
            else:
                stored = make_ring(names, stack, ring_seed, button)
                ring = stored.table
            result.sessions += 1
        chooser = choosers[ring.button]
        variant = games[0] if len(games) == 1 else games[int(chooser.random() * len(games))]
        before = list(ring.stacks)
        seated = [bots[s] for s in ring.order]
        if stored is None:
            deal = ring.start(variant)
            play_deal(deal, seated)
            ring.finish(deal)
        else:  # the stored game takes the deal with its last move
            deal = stored.start(variant)
            play_deal(deal, seated, stored.play)
        result.hands += 1
        result.pot_total += sum(deal.winnings) + deal.carry_out
        result.carry_overs += deal.carry_out > 0
        result.showdowns += any(e.kind == "show" for e in deal.log)
        result.games[game_name(variant.code)] = result.games.get(game_name(variant.code), 0) + 1
        for seat, kind in enumerate(kinds):
            result.bots[kind].add(ring.stacks[seat] - before[seat])
        if on_deal is not None:
            on_deal(deal, ring)
    if ring is not None:
        result.carried_at_end += ring.carry
    return result


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


def play_hand(table: StraightsTable, bots: dict[int, Bot]) -> Hand:
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
    make_table: Callable[[list[str], int, int, int], StoredTable[Hand, int]] | None = None,
) -> SimulationResult:
    """Play ``hands`` deals of Straights at the one table through Straights' own face
    (:class:`~straights.game.hook.StraightsGame`: each deal a
    :class:`~straights.game.hand.Hand` over the engine's deal), for bots that act on a
    :class:`~straights.game.view.SeatView` only (``cfr``); bots fill the seats in turn.

    Sessions restart on a bust and start with the dealer draw, as in
    :func:`simulate_ring`; ``make_table(names, stack, seed, button)`` opens each
    session's stored table.

    >>> r = simulate(TableConfig(seats=3), ["cfr", "random"], hands=10, seed=1)
    >>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
    (10, 0)
    """
    from straights.game.hook import StraightsGame

    if not bot_kinds:
        raise ConfigurationError("name at least one bot: random, calling, strength, cfr or equity")
    if hands < 1:
        raise ConfigurationError(f"hands={hands}: play at least one deal")
    rng = make_rng(seed)
    kinds = [bot_kinds[i % len(bot_kinds)] for i in range(config.seats)]
    bots: dict[int, Bot] = {i: make_bot(k, rng.getrandbits(64)) for i, k in enumerate(kinds)}
    names = [f"{k}{i + 1}" for i, k in enumerate(kinds)]
    seat_names = dict(enumerate(names))
    result = SimulationResult(config)
    for kind in kinds:
        result.bots.setdefault(kind, BotStats(kind))
    table: Table[Hand, int] | None = None
    stored: StoredTable[Hand, int] | None = None
    while result.hands < hands:
        if table is None or len(table.seated) < config.seats:
            if table is not None:
                result.carried_at_end += table.carry
            table_seed = rng.getrandbits(64)
            winner = draw_button(config.seats, config.pack, table_seed)[-1].winner
            assert winner is not None  # the draw goes on until one card is highest
            if make_table is None:
                table = Table(StraightsGame(config), names, config.starting_stack,
                              seed=table_seed, button=winner)  # fmt: skip
            else:
                stored = make_table(names, config.starting_stack, table_seed, winner)
                table = stored.table
            result.sessions += 1
        before = list(table.stacks)
        number = table.deals + 1
        hand = table.start(number) if stored is None else stored.start(number)
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            action = bots[seat].act(hand_view(hand, seat, seat_names))
            if stored is None:
                hand.act(seat, action.kind, action.to)
            else:
                stored.act({"kind": "act", "seat": seat, "action": action.kind, "to": action.to})
        if stored is None:
            table.finish(hand)
        result.hands += 1
        result.pot_total += hand.pot
        result.carry_overs += hand.carry_out > 0
        result.showdowns += ShowdownRevealed in map(type, hand.events)
        for seat, kind in enumerate(kinds):
            result.bots[kind].add(table.stacks[seat] - before[seat])
        if on_hand is not None:
            on_hand(hand, [names[s] for s in hand.seats])
    if table is not None:
        result.carried_at_end += table.carry
    return result
