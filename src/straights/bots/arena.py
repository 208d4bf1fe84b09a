"""Bots against bots across deals, for every game: the engine of ``straights simulate``.

Every game deals at the one table (:class:`~straights.table.Table`), session after
session (:func:`simulate`): when a seat can no longer play, a fresh table starts with
full stacks, so every deal counts.  What differs is how a deal is played and counted:
the game's :class:`Arena` hook.

* a poker game (:class:`PokerArena`; Straights too, at its own stakes, ``ante``,
  with the dealer draw for the first button): each bot sees only its seat's
  :class:`~straights.poker.DealView` and answers with a
  :class:`~straights.poker.Move` (:func:`play_deal`); with several games (dealer's
  choice) the bot on the button picks each deal's game from its own seeded generator;
* Pai Gow (:class:`PaiGowArena`): every bot bets the same against the bank and
  sets its hand (:mod:`straights.bots.paigow`).

Each kind of bot's results are a :class:`BotStats`: chips won, and the mean of one
sample per deal with its 95% confidence interval.

>>> from straights.poker.catalogue import get_variant
>>> r = simulate(PokerArena([get_variant("FR")], ["calling", "random"], players=3),
...              hands=10, seed=1)
>>> r.hands, r.sessions, sum(s.total for s in r.bots.values()) + r.carried_at_end
(10, 1, 0)
>>> r = simulate(PokerArena([get_variant("_STR55L")], ["cfr", "random"], players=3, ante=1),
...              hands=20, seed=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(20, 0)
>>> r = simulate(PaiGowArena(["house", "equity"], bet=20), hands=20, seed=1)
>>> sum(r.outcomes.values()), sorted(r.bots), r.sessions > 1
(40, ['equity', 'house'], True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from straights.bots.base import Bot, answer, can_decide
from straights.bots.registry import make_bot
from straights.cards import make_deck, make_rng
from straights.errors import ConfigurationError
from straights.game.draw import first_button
from straights.poker.catalogue import game_name
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.stakes import default_stakes
from straights.poker.straights_rules import straights_pack
from straights.poker.variant import Variant
from straights.poker.view import Move, deal_view, play
from straights.table import PokerGame, PokerTable, Table, straights_stakes
from straights.table.core import DealT, Game, PlanT

if TYPE_CHECKING:
    from random import Random

    from straights.bots.paigow import PaiGowBot
    from straights.cards import Card
    from straights.paigow.deal import PaiGowDeal
    from straights.paigow.rules import HouseWayName
    from straights.store.table import StoredTable
    from straights.table import PaiGowGame, PaiGowTable

__all__ = [
    "Arena",
    "BotStats",
    "PaiGowArena",
    "PokerArena",
    "bot_front",
    "deal_bots",
    "muck_seats",
    "play_deal",
    "set_hand",
    "simulate",
]


@dataclass
class BotStats:
    """One kind of bot's results over the deals it played: ``total`` chips won, and one
    sample per deal (its chips, unless :meth:`add` is given another: Pai Gow's chips
    per chip bet) whose :attr:`mean` has a 95% interval; ``outcomes`` counts named
    results (Pai Gow's bets won, pushed and lost)."""

    name: str
    deals: int = 0
    total: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    _sum: float = 0.0
    _sq: float = 0.0

    def add(self, net: int, sample: float | None = None) -> None:
        """Count one deal: ``net`` chips won; ``sample`` (default: ``net``)."""
        x = net if sample is None else sample
        self.deals += 1
        self.total += net
        self._sum += x
        self._sq += x * x

    @property
    def mean(self) -> float:
        """The mean sample: chips won per deal played (Pai Gow: per chip bet)."""
        return self._sum / self.deals if self.deals else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`mean` (normal approximation)."""
        if self.deals < 2:
            return math.inf
        var = (self._sq - self.deals * self.mean**2) / (self.deals - 1)
        return 1.96 * math.sqrt(max(var, 0.0) / self.deals)


class Arena(Generic[DealT, PlanT]):
    """A game's hook on :func:`simulate`, and what it counted: the bots' ``names`` and
    their ``stack`` at each session's table, its :meth:`game` (a fresh one each: a
    bomb pot every N deals counts its deals), its first ``button`` (``None``: the
    game's own), when a table is :meth:`busted`, and how one deal is played and
    counted (:meth:`play`); :meth:`seat` draws what the bots need before the first
    table's seed, :meth:`ended` is told each session's last table."""

    names: list[str]
    stack: int
    hands: int = 0
    sessions: int = 0
    button: Callable[[int], int] | None = None

    def game(self) -> Game[DealT, PlanT]:
        raise NotImplementedError

    def seat(self, rng: Random) -> None:
        pass

    def busted(self, table: Table[DealT, PlanT]) -> bool:
        raise NotImplementedError

    def play(self, table: Table[DealT, PlanT], stored: StoredTable[DealT, PlanT] | None) -> DealT:
        raise NotImplementedError

    def ended(self, table: Table[DealT, PlanT]) -> None:
        pass


ArenaT = TypeVar("ArenaT", bound="Arena[Any, Any]")


def simulate(
    arena: ArenaT,
    *,
    hands: int,
    seed: int | None = None,
    on_deal: Callable[[Any, Any], None] | None = None,
    make_table: Callable[[list[str], int, int, int | None], StoredTable[Any, Any]] | None = None,
) -> ArenaT:
    """Play ``hands`` deals of ``arena``'s game, session after session (a fresh table
    first and whenever the last is busted, seeded from ``seed``), each finished deal
    going to ``on_deal`` with its table; ``make_table(names, stack, seed, button)``
    opens each session's stored table (``straights simulate --db``)."""
    if hands < 1:
        raise ConfigurationError(f"hands={hands}: play at least one deal")
    rng = make_rng(seed)
    arena.seat(rng)
    table, stored = None, None
    for _ in range(hands):
        if table is None or arena.busted(table):
            if table is not None:
                arena.ended(table)
            table_seed = rng.getrandbits(64)
            first = None if arena.button is None else arena.button(table_seed)
            if make_table is None:
                table = Table(arena.game(), arena.names, arena.stack, seed=table_seed, button=first)
            else:
                stored = make_table(arena.names, arena.stack, table_seed, first)
                table = stored.table
            arena.sessions += 1
        deal = arena.play(table, stored)
        arena.hands += 1
        if on_deal is not None:
            on_deal(deal, table)
    assert table is not None  # (one deal at least)
    arena.ended(table)
    return arena


class PokerArena(Arena[Deal, Variant]):
    """Poker's hook on :func:`simulate`: ``variants`` (one game, or dealer's choice among
    several, the bot on the button choosing from its own seeded generator) with
    ``players`` seats filled in turn by ``bot_kinds``; it counts chips per bot kind
    (``bots``), deals per game (``games``) and each deal's game (``deal_games``), and
    Straights' rule 10 (its pot rule) the pots carried over and the chips paid in
    penalties.  ``ante``: Straights at its own stakes
    (:func:`~straights.table.straights_stakes`), each session's first button taken by
    the dealer draw (rule 1).  ``house``: the table's house rules.  ``muck``: at the
    showdown every bot shows (``show``), is asked to show or muck (``ask``:
    :func:`~straights.bots.base.answer` answers) or mucks a beaten hand (``muck``).
    """

    def __init__(self, variants: Sequence[Variant], bot_kinds: Sequence[str], *, players: int,
                 stack: int = 200, ante: int | None = None, house: HouseRules | None = None,
                 muck: str = "show") -> None:  # fmt: skip
        if not bot_kinds:
            raise ConfigurationError("name at least one bot: random, calling or strength")
        if not variants:
            raise ConfigurationError("name at least one game")
        self.variants, self.players, self.stack, self.ante = variants, players, stack, ante
        self.house = house
        self.kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
        self.names = [f"{k}{i + 1}" for i, k in enumerate(self.kinds)]
        self.stakes = default_stakes if ante is None else partial(straights_stakes, ante=ante)
        self.muck = muck_seats(muck, range(players))
        pack = len(make_deck(variants[0].deck, jokers=variants[0].jokers))
        self.button = None if ante is None else partial(first_button, players, pack)
        self.showdowns = self.pot_total = self.carry_overs = self.penalties = 0
        self.carried_at_end = 0
        self.bots = {kind: BotStats(kind) for kind in self.kinds}
        self.games: dict[str, int] = {}
        self.deal_games: list[str] = []

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.hands if self.hands else 0.0

    def game(self) -> PokerGame:
        return PokerGame(self.stakes, self.house, **self.muck)

    def seat(self, rng: Random) -> None:
        self.deciders = deal_bots(self.kinds, rng.getrandbits(64), self.variants)
        self.choosers = [make_rng(rng.getrandbits(64)) for _ in range(self.players)]

    def busted(self, table: PokerTable) -> bool:
        return len(table.seated) < self.players

    def play(self, table: PokerTable, stored: StoredTable[Deal, Variant] | None) -> Deal:
        games, chooser = self.variants, self.choosers[table.button]
        variant = games[0] if len(games) == 1 else games[int(chooser.random() * len(games))]
        before = list(table.stacks)
        seated = [self.deciders[s] for s in table.order]
        if stored is None:
            deal = table.start(variant)
            play_deal(deal, seated)
            table.finish(deal)
        else:  # the stored game takes the deal with its last move
            deal = stored.start(variant)
            play_deal(deal, seated, stored.play)
        self.pot_total += sum(deal.winnings) + deal.carry_out
        self.carry_overs += deal.carry_out > 0
        self.penalties += sum(e.amount for e in deal.log if e.kind == "penalty")
        self.showdowns += any(e.kind == "show" for e in deal.log)
        name = game_name(variant.code)
        self.games[name] = self.games.get(name, 0) + 1
        self.deal_games.append(name)
        for seat, kind in enumerate(self.kinds):
            self.bots[kind].add(table.stacks[seat] - before[seat])
        return deal

    def ended(self, table: PokerTable) -> None:
        self.carried_at_end += table.carry


class PaiGowArena(Arena["PaiGowDeal", Mapping[int, int]]):
    """Pai Gow's hook on :func:`simulate`: a bot of each of ``kinds`` (one a seat:
    :func:`~straights.bots.paigow.make_paigow_bot`; ``sets`` says how each kind sets
    its hands) betting ``bet`` against the bank, each sitting with ``stack`` chips
    (default: ``bet``; a fresh session starts when one cannot cover it).  It counts
    every bet's outcome, the copies and the commission, the bank's result (``bank``:
    its chips per chip bet, deal by deal) and each kind of bot's, per chip bet.
    ``house_way``: how the bank and the house-way bots set hands
    (:data:`~straights.paigow.rules.HOUSE_WAYS`).
    """

    def __init__(self, kinds: Sequence[str], *, bet: int = 20, stack: int | None = None,
                 house_way: HouseWayName = "foxwoods") -> None:  # fmt: skip
        from straights.bots.paigow import HouseWayBot, make_paigow_bot
        from straights.paigow.rules import PaiGowRules

        if not kinds:
            raise ConfigurationError("name at least one bot: house or equity")
        self.kinds, self.bet, self.stack = tuple(kinds), bet, bet if stack is None else stack
        self.setters = [make_paigow_bot(kind) for kind in kinds]
        self.sets = {k: "house way" if isinstance(b, HouseWayBot) else "estimate"
                     for k, b in zip(kinds, self.setters, strict=True)}  # fmt: skip
        self.bots = {kind: BotStats(kind, outcomes=dict.fromkeys(_OUTCOMES, 0)) for kind in kinds}
        self.names = [f"{_label(kind)} {seat}" for seat, kind in enumerate(kinds, start=1)]
        self.rules = PaiGowRules(house_way=house_way)
        self.outcomes, self.copies, self.commission = dict.fromkeys(_OUTCOMES, 0), 0, 0
        self.bank = BotStats("bank")

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.kinds)

    @property
    def edge(self) -> float:
        """The house's result per chip bet."""
        bets = self.bet * self.players * self.hands
        return self.bank.total / bets if bets else 0.0

    def game(self) -> PaiGowGame:
        from straights.table import PaiGowGame

        return PaiGowGame(self.rules)

    def busted(self, table: PaiGowTable) -> bool:
        return any(s < self.bet for s in table.stacks)

    def play(
        self, table: PaiGowTable, stored: StoredTable[PaiGowDeal, Mapping[int, int]] | None
    ) -> PaiGowDeal:
        plan = dict.fromkeys(range(len(self.kinds)), self.bet)
        deal = table.start(plan) if stored is None else stored.start(plan)
        for seat in deal.waiting:
            set_hand(table, stored, deal, seat, bot_front(self.setters[seat - 1], deal, seat))
        for bet in deal.results.values():
            self.outcomes[bet.outcome] += 1
            self.copies += bet.back_copy + bet.front_copy
            self.commission += bet.commission
        self.bank.add(deal.house, deal.house / (self.bet * self.players))
        for kind, stats in self.bots.items():
            mine = [deal.results[s] for s, k in enumerate(self.kinds, start=1) if k == kind]
            for bet in mine:
                stats.outcomes[bet.outcome] += 1
            net = sum(bet.net for bet in mine)
            stats.add(net, net / (self.bet * len(mine)))
        return deal


_OUTCOMES: Final = ("win", "push", "lose")


def muck_seats(muck: str, seats: Iterable[int]) -> dict[str, list[int]]:
    """``--muck`` (``ask``, ``show`` or ``muck``) for ``seats`` as
    :class:`~straights.table.PokerGame`'s ``asked`` and ``muckers`` (a stored table
    keeps them in its settings).

    >>> muck_seats("ask", [0]), muck_seats("show", [0]), muck_seats("muck", range(2))
    ({'asked': [0], 'muckers': []}, {'asked': [], 'muckers': []}, {'asked': [], 'muckers': [0, 1]})
    """
    every = list(seats)
    return {"asked": every if muck == "ask" else [], "muckers": every if muck == "muck" else []}


def play_deal(
    deal: Deal, bots: Sequence[Bot], apply: Callable[[Move], object] | None = None
) -> None:
    """Play ``deal`` to its end, ``bots[i]`` deciding for player ``i`` from its own view
    (``apply``: makes each move instead of :func:`~straights.poker.view.play`)."""
    while not deal.finished:
        i = deal.actor
        if i is None:
            raise ConfigurationError(f"the deal waits for nobody in its {deal.phase}")
        move = answer(bots[i], deal_view(deal, i))
        if apply is None:
            play(deal, move)
        else:
            apply(move)


def deal_bots(kinds: Sequence[str], seed: int, games: Sequence[Variant] = ()) -> list[Bot]:
    """Bots by kind that play ``games``; a bot without ``decide``, or one that does not
    play one of ``games`` (the ``cfr`` bot plays Straights only), is one clear error,
    and so is an equity bot without the ``fast`` extra (its estimates on the engine's
    view run on the batch kernels; Straights' own estimate needs none), before the
    first deal rather than at its first move.
    """
    rng = make_rng(seed)
    bots: list[Bot] = []
    straights_only = bool(games) and all(straights_pack(v) is not None for v in games)
    if not straights_only and any(kind.split(":")[0] == "equity" for kind in kinds):
        from straights.extras import require  # (Straights' estimate needs no batch keys)

        require("fast", "the equity bot (--bots equity)")
    for kind in kinds:
        bot = make_bot(kind, rng.getrandbits(64))
        other = next((v for v in games if not can_decide(bot, v)), None)
        if not can_decide(bot) or other is not None:
            game = "other games" if other is None else game_name(other.code)
            raise ConfigurationError(
                f"the {kind} bot plays only Straights: choose random, calling, strength "
                f"or equity for {game}"
            )
        bots.append(bot)
    return bots


def bot_front(bot: PaiGowBot | None, deal: PaiGowDeal, seat: int) -> list[Card] | None:
    """The two-card hand ``bot`` sets at ``seat`` (``None``: the house way, as the
    ``house`` bot and a seat with no bot set)."""
    from straights.bots.paigow import HouseWayBot

    if bot is None or isinstance(bot, HouseWayBot):
        return None
    return list(bot.setting(deal.cards(seat), deal.bets[seat]).front)


def set_hand(
    table: PaiGowTable,
    stored: StoredTable[PaiGowDeal, Mapping[int, int]] | None,
    deal: PaiGowDeal,
    seat: int,
    front: list[Card] | None,
) -> None:
    """``seat`` (as the deal numbers it) sets ``front`` as its two-card hand (``None``:
    the house way), stored when the table is; the table takes the deal once every hand
    is set."""
    if stored is not None:
        from straights.store.table import set_command

        stored.act(set_command(seat, front))
        return
    if front is None:
        deal.set_house_way(seat)
    else:
        deal.set(seat, front)
    if deal.finished:
        table.finish(deal)


def _label(kind: str) -> str:
    """A seat's name in the histories: ``House way 2``, ``Equity 3``, ``Strength 4``."""
    return "House way" if kind == "house" else kind.capitalize()
