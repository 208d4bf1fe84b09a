"""Bots against bots across deals, for every game: the engine of ``straights simulate``.

Every game deals at the one table (:class:`~straights.table.Table`), session after
session (:func:`sessions`): when a seat can no longer play, a fresh table starts with
full stacks, so every deal counts.  What differs is how a deal is played and counted:

* a poker game (:func:`simulate_ring`; Straights too, at its own stakes, ``ante``,
  with the dealer draw for the first button): each bot sees only its seat's
  :class:`~straights.poker.DealView` and answers with a
  :class:`~straights.poker.Move` (:func:`play_deal`); with several games (dealer's
  choice) the bot on the button picks each deal's game from its own seeded generator;
* Pai Gow (:func:`simulate_pai_gow`): every bot bets the same against the bank and
  sets its hand (:mod:`straights.bots.paigow`).

Each kind of bot's results are a :class:`BotStats`: chips won, and the mean of one
sample per deal with its 95% confidence interval.

>>> from straights.poker.catalogue import get_variant
>>> r = simulate_ring([get_variant("FR")], ["calling", "random"], players=3, hands=10, seed=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(10, 0)
>>> r = simulate_ring([get_variant("_STR55L")], ["cfr", "random"], players=3, hands=20,
...                   seed=1, ante=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(20, 0)
>>> r = simulate_pai_gow(["house", "equity"], hands=20, seed=1, bet=20)
>>> sum(r.outcomes.values()), sorted(r.bots)
(40, ['equity', 'house'])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Protocol

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
    from straights.table import PaiGowTable

__all__ = [
    "BotStats",
    "MakeTable",
    "PaiGowResult",
    "RingResult",
    "bot_front",
    "deal_bots",
    "muck_seats",
    "play_deal",
    "sessions",
    "set_hand",
    "simulate_pai_gow",
    "simulate_ring",
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


@dataclass
class RingResult:
    """What a poker simulation counted: chips per bot kind, deals per game, and each
    deal's game in turn (``deal_games``); Straights' rule 10 (its pot rule) adds the
    pots carried over and the chips paid in penalties."""

    hands: int = 0
    sessions: int = 0
    showdowns: int = 0
    pot_total: int = 0
    carry_overs: int = 0
    penalties: int = 0
    carried_at_end: int = 0
    bots: dict[str, BotStats] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    deal_games: list[str] = field(default_factory=list)

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.hands if self.hands else 0.0


@dataclass
class PaiGowResult:
    """What a Pai Gow simulation counted: every bet's outcome, the copies and the
    commission, the bank's result (``bank``: its chips per chip bet, deal by deal)
    and each kind of bot's, per chip bet; ``kinds`` is the kind of bot at each seat,
    each betting ``bet``, and ``sets`` says how each kind sets its hands."""

    kinds: tuple[str, ...]
    bet: int
    hands: int = 0
    sessions: int = 0
    outcomes: dict[str, int] = field(default_factory=lambda: {"win": 0, "push": 0, "lose": 0})
    copies: int = 0
    commission: int = 0
    bank: BotStats = field(default_factory=lambda: BotStats("bank"))
    bots: dict[str, BotStats] = field(default_factory=dict)
    sets: dict[str, str] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.kinds)

    @property
    def edge(self) -> float:
        """The house's result per chip bet."""
        bets = self.bet * self.players * self.hands
        return self.bank.total / bets if bets else 0.0


class MakeTable(Protocol[DealT, PlanT]):
    """Opens a session's stored table (``--db``): it deals what the unstored one would."""

    def __call__(
        self, names: list[str], chips: int, seed: int, button: int | None = None, /
    ) -> StoredTable[DealT, PlanT]: ...


def sessions(
    game: Callable[[], Game[DealT, PlanT]],
    names: list[str],
    stack: int,
    rng: Random,
    hands: int,
    busted: Callable[[Table[DealT, PlanT]], bool],
    make_table: MakeTable[DealT, PlanT] | None = None,
    button: Callable[[int], int] | None = None,
) -> Iterator[tuple[Table[DealT, PlanT], StoredTable[DealT, PlanT] | None]]:
    """The table (and, stored, its record) of each of ``hands`` deals in turn: a fresh
    one with ``stack`` chips for each of ``names`` first and whenever the last is
    ``busted``, its own ``game()`` hook (a bomb pot every N deals counts its deals),
    seeded from ``rng``, its first button ``button(seed)`` (default: the game's own),
    and made by ``make_table`` when that is given (``--db``).

    >>> from straights.table import PokerGame
    >>> tables = sessions(PokerGame, ["a", "b"], 5, make_rng(1), 3, lambda t: True)
    >>> seen = [table for table, _ in tables]  # kept alive: ids of freed objects recur
    >>> len({id(table) for table in seen})
    3
    """
    table: Table[DealT, PlanT] | None = None
    stored: StoredTable[DealT, PlanT] | None = None
    for _ in range(hands):
        if table is None or busted(table):
            seed = rng.getrandbits(64)
            first = None if button is None else button(seed)
            if make_table is None:
                table = Table(game(), names, stack, seed=seed, button=first)
            else:
                stored = make_table(names, stack, seed, first)
                table = stored.table
        yield table, stored


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


def simulate_ring(
    games: Sequence[Variant],
    bot_kinds: Sequence[str],
    *,
    players: int,
    hands: int,
    seed: int | None = None,
    stack: int = 200,
    on_deal: Callable[[Deal, PokerTable], None] | None = None,
    make_table: MakeTable[Deal, Variant] | None = None,
    ante: int | None = None,
    house: HouseRules | None = None,
    muck: str = "show",
) -> RingResult:
    """Play ``hands`` deals of ``games`` (one game, or dealer's choice among several)
    with ``players`` seats filled in turn by ``bot_kinds``.

    ``make_table(names, stack, seed, button)`` opens each session's stored game
    (``straights simulate --db``); it deals what the unstored game would.

    ``ante``: Straights at its own stakes (:func:`~straights.table.straights_stakes`
    with this ante), each session's first button taken by the dealer draw (rule 1).
    ``house``: the table's house rules (straddles, runs of the board, bomb pots).
    ``muck``: at the showdown every bot shows (``show``), is asked to show or muck
    (``ask``: :func:`~straights.bots.base.answer` answers) or mucks a beaten hand
    unasked (``muck``).
    """
    if not bot_kinds:
        raise ConfigurationError("name at least one bot: random, calling or strength")
    if not games:
        raise ConfigurationError("name at least one game")
    if hands < 1:
        raise ConfigurationError(f"hands={hands}: play at least one deal")
    rng = make_rng(seed)
    kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
    bots = deal_bots(kinds, rng.getrandbits(64), games)
    choosers = [make_rng(rng.getrandbits(64)) for _ in range(players)]
    result = RingResult(bots={kind: BotStats(kind) for kind in kinds})
    stakes = default_stakes if ante is None else partial(straights_stakes, ante=ante)
    game = partial(PokerGame, stakes, house, **muck_seats(muck, range(players)))
    names = [f"{k}{i + 1}" for i, k in enumerate(kinds)]
    pack = len(make_deck(games[0].deck, jokers=games[0].jokers))
    button = None if ante is None else partial(first_button, players, pack)
    last: PokerTable | None = None
    for ring, stored in sessions(game, names, stack, rng, hands,
                                 lambda t: len(t.seated) < players, make_table,
                                 button):  # fmt: skip
        if ring is not last:
            result.carried_at_end += 0 if last is None else last.carry
            result.sessions += 1
            last = ring
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
        result.penalties += sum(e.amount for e in deal.log if e.kind == "penalty")
        result.showdowns += any(e.kind == "show" for e in deal.log)
        name = game_name(variant.code)
        result.games[name] = result.games.get(name, 0) + 1
        result.deal_games.append(name)
        for seat, kind in enumerate(kinds):
            result.bots[kind].add(ring.stacks[seat] - before[seat])
        if on_deal is not None:
            on_deal(deal, ring)
    result.carried_at_end += 0 if last is None else last.carry
    return result


def simulate_pai_gow(
    kinds: Sequence[str],
    *,
    hands: int,
    seed: int | None = None,
    bet: int = 20,
    stack: int | None = None,
    on_deal: Callable[[PaiGowDeal, PaiGowTable], None] | None = None,
    make_table: MakeTable[PaiGowDeal, Mapping[int, int]] | None = None,
    house_way: HouseWayName = "foxwoods",
) -> PaiGowResult:
    """Deal ``hands`` times to a bot of each of ``kinds`` (one a seat:
    :func:`~straights.bots.paigow.make_paigow_bot`) betting ``bet`` against the bank,
    each sitting with ``stack`` chips (default: ``bet``); when one cannot cover the bet,
    a fresh session starts.  ``make_table(names, stack, seed)`` opens each session's
    stored table (``--db``).  ``house_way``: how the bank and the house-way bots set
    hands (:data:`~straights.paigow.rules.HOUSE_WAYS`).
    """
    from straights.bots.paigow import HouseWayBot, make_paigow_bot
    from straights.paigow.rules import PaiGowRules
    from straights.table import PaiGowGame

    if not kinds:
        raise ConfigurationError("name at least one bot: house or equity")
    result = PaiGowResult(tuple(kinds), bet)
    bots = [make_paigow_bot(kind) for kind in kinds]
    for kind, bot in zip(kinds, bots, strict=True):
        result.sets[kind] = "house way" if isinstance(bot, HouseWayBot) else "estimate"
        result.bots[kind] = BotStats(kind, outcomes={"win": 0, "push": 0, "lose": 0})
    names = [f"{_label(kind)} {seat}" for seat, kind in enumerate(kinds, start=1)]
    game = partial(PaiGowGame, PaiGowRules(house_way=house_way))
    last: PaiGowTable | None = None
    for table, stored in sessions(game, names, bet if stack is None else stack,
                                  make_rng(seed), hands,
                                  lambda t: any(s < bet for s in t.stacks),
                                  make_table):  # fmt: skip
        result.sessions += table is not last
        last = table
        plan = dict.fromkeys(range(len(kinds)), bet)
        deal = table.start(plan) if stored is None else stored.start(plan)
        for seat in deal.waiting:
            set_hand(table, stored, deal, seat, bot_front(bots[seat - 1], deal, seat))
        _count(result, deal)
        if on_deal is not None:
            on_deal(deal, table)
    return result


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


def _count(result: PaiGowResult, deal: PaiGowDeal) -> None:
    """Count a settled Pai Gow deal."""
    result.hands += 1
    for bet in deal.results.values():
        result.outcomes[bet.outcome] += 1
        result.copies += bet.back_copy + bet.front_copy
        result.commission += bet.commission
    result.bank.add(deal.house, deal.house / (result.bet * result.players))
    for kind, stats in result.bots.items():
        mine = [deal.results[s] for s, k in enumerate(result.kinds, start=1) if k == kind]
        for bet in mine:
            stats.outcomes[bet.outcome] += 1
        net = sum(bet.net for bet in mine)
        stats.add(net, net / (result.bet * len(mine)))


def _label(kind: str) -> str:
    """A seat's name in the histories: ``House way 2``, ``Equity 3``, ``Strength 4``."""
    return "House way" if kind == "house" else kind.capitalize()
