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

>>> from straights.poker.catalogue import get_variant
>>> r = simulate_ring([get_variant("FR")], ["calling", "random"], players=3, hands=10, seed=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(10, 0)
>>> r = simulate_ring([get_variant("_STR55L")], ["cfr", "random"], players=3, hands=20,
...                   seed=1, ante=1)
>>> r.hands, sum(s.total for s in r.bots.values()) + r.carried_at_end
(20, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from straights.bots.base import Bot, answer, can_decide
from straights.bots.registry import make_bot
from straights.cards import make_deck, make_rng
from straights.errors import ConfigurationError
from straights.game.table import draw_button
from straights.poker.catalogue import game_name
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.stakes import default_stakes
from straights.poker.straights_rules import RuleTen
from straights.poker.variant import Variant
from straights.poker.view import Move, deal_view, play
from straights.table import PokerGame, PokerTable, Table, straights_stakes

if TYPE_CHECKING:
    from straights.store.table import StoredTable

__all__ = [
    "BotStats",
    "RingResult",
    "deal_bots",
    "first_button",
    "play_deal",
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
    straights_only = bool(games) and all(isinstance(v.pot_rule, RuleTen) for v in games)
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
    make_ring: Callable[[list[str], int, int, int | None], StoredTable[Deal, Variant]]
    | None = None,
    ante: int | None = None,
    house: HouseRules | None = None,
    muck: str = "show",
) -> RingResult:
    """Play ``hands`` deals of ``games`` (one game, or dealer's choice among several)
    with ``players`` seats filled in turn by ``bot_kinds``.

    ``make_ring(names, stack, seed, button)`` opens each session's stored game
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
    result = RingResult()
    for kind in kinds:
        result.bots.setdefault(kind, BotStats(kind))
    ring: PokerTable | None = None
    stored: StoredTable[Deal, Variant] | None = None
    names = [f"{k}{i + 1}" for i, k in enumerate(kinds)]
    stakes = default_stakes if ante is None else partial(straights_stakes, ante=ante)
    while result.hands < hands:
        if ring is None or len(ring.seated) < players:
            if ring is not None:
                result.carried_at_end += ring.carry
            ring_seed = rng.getrandbits(64)
            button = None if ante is None else first_button(players, games[0], ring_seed)
            if make_ring is None:
                # Each table its own hook: a bomb pot every N deals counts that table's deals.
                every = range(players)
                game = PokerGame(stakes, house, asked=every if muck == "ask" else (),
                                 muckers=every if muck == "muck" else ())  # fmt: skip
                ring = Table(game, names, stack, seed=ring_seed, button=button)
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
