"""The one table across deals (:class:`Table`) and the hook a game gives it (:class:`Game`).

Seats are numbered from 0 (the terminal counts them from 1).  A deal's players
are the seats it deals to, in dealing order — for games with a button, the seat
left of the button first and the button last — so a deal's player ``i`` is seat
``table.seat_of(i)``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from straights.cards import Card, RandomLike, make_rng
from straights.errors import ConfigurationError, IllegalActionError

__all__ = ["Game", "Settled", "Table"]


class _Finishing(Protocol):
    @property
    def finished(self) -> bool: ...


DealT = TypeVar("DealT", bound=_Finishing)
PlanT = TypeVar("PlanT")
PlanIn = TypeVar("PlanIn", contravariant=True)
DealCo = TypeVar("DealCo", bound=_Finishing)


@dataclass(frozen=True, slots=True)
class Settled:
    """What a finished deal leaves: each player's stack (in the deal's order), the
    chips carried to the next deal, and what the house (a bank) won or lost."""

    stacks: tuple[int, ...]
    carry: int = 0
    house: int = 0


class Game(Protocol[DealCo, PlanIn]):
    """What :class:`Table` asks a game: who may play, how a deal starts and how it ends.

    ``PlanIn`` is what the table is told before each deal (a poker variant, Pai
    Gow's bets); ``DealCo`` is the game's deal.
    """

    #: Fewest players a deal needs (2 for poker; 1 against a bank).
    min_players: int
    #: Most seats the game has, or ``None`` when each deal says (a variant's deck).
    max_seats: int | None
    #: Fewest chips a player needs to play on (with fewer he has left the table).
    least: int
    #: Whether a button moves round the table and the deal's order starts left of it.
    has_button: bool

    def players(self, order: Sequence[int], plan: PlanIn) -> list[int]:
        """The seats ``plan`` deals to, from ``order`` (the seats that can play)."""
        ...

    def deal(
        self,
        players: Sequence[int],
        stacks: Sequence[int],
        carry: int,
        rng: random.Random,
        plan: PlanIn,
        cards: Sequence[Card] | None,
    ) -> DealCo:
        """Start a deal to ``players`` (seats) with these ``stacks`` and ``carry``."""
        ...

    def settle(self, deal: DealCo, stacks: Sequence[int]) -> Settled:
        """What the finished ``deal`` leaves, its players having started with ``stacks``."""
        ...


class Table(Generic[DealT, PlanT]):
    """Deal after deal of ``game`` at a table of ``names`` with ``stack`` chips each (or
    one stack per name); ``seed`` makes the shuffles repeatable; ``button``: the seat
    on the button for the first deal (default: the last seat, so seat 0 is dealt to
    first).

    ``open_seats``: players come and go between deals (the web's table: a seat with
    no chips is empty), so the button moves when a deal starts, to the first seat
    after it with chips then (:meth:`next_button`), and a carried pot waits for the
    next deal however few remain.

    Chips are conserved: the players' stacks, the chips in the deal in play (or the
    carried pot between deals) and the house's result always add up to the chips the
    players sat down with (see :meth:`total_chips`).
    """

    def __init__(
        self,
        game: Game[DealT, PlanT],
        names: Sequence[str],
        stack: int | Sequence[int],
        *,
        seed: RandomLike = None,
        button: int | None = None,
        open_seats: bool = False,
    ) -> None:
        most = game.max_seats
        if len(names) < game.min_players or (most is not None and len(names) > most):
            seats = f"{game.min_players} to {most}" if most else f"at least {game.min_players}"
            raise ConfigurationError(f"{len(names)} players: this game seats {seats}")
        stacks = [stack] * len(names) if isinstance(stack, int) else list(stack)
        if len(stacks) != len(names):
            raise ConfigurationError(f"{len(stacks)} stacks for {len(names)} players")
        least = 0 if open_seats else game.least
        if any(isinstance(s, bool) or not isinstance(s, int) or s < least for s in stacks):
            raise ConfigurationError(f"stacks {stacks}: give whole numbers of chips >= {least}")
        self.game = game
        self.names = list(names)
        self.stacks: list[int] = stacks
        self.rng = make_rng(seed)
        #: The seat on the button (it deals last and acts last in button games).
        self.button = len(names) - 1 if button is None else button % len(names)
        self.open_seats = open_seats
        #: Chips carried to the next deal (Straights' rule 10).
        self.carry = 0
        #: The house's result so far (a banked game; 0 otherwise).
        self.house = 0
        #: Deals finished.
        self.deals = 0
        #: The deal in play, or ``None`` between deals.
        self.current: DealT | None = None
        self._order: list[int] = []
        self._before: list[int] = []

    @property
    def seated(self) -> list[int]:
        """Seats that can still play, in seat order."""
        return [s for s in range(len(self.names)) if self.stacks[s] >= self.game.least]

    @property
    def over(self) -> bool:
        """Whether too few players can play for another deal."""
        return len(self.seated) < self.game.min_players

    @property
    def order(self) -> list[int]:
        """The seats that can play, in dealing order (the button last in button games)."""
        if not self.game.has_button:
            return self.seated
        return [s for s in self._after_button() if self.stacks[s] >= self.game.least]

    def _after_button(self) -> list[int]:
        """Every seat from the button's left round to the button."""
        n = len(self.names)
        return [(self.button + k) % n for k in range(1, n + 1)]

    def next_button(self, ready: Collection[int] | None = None) -> int:
        """The first seat after the button among ``ready`` (default: those with chips),
        round the table; the button itself when there is none.

        >>> from straights.table import PokerGame
        >>> table = Table(PokerGame(), ["Ann", "Bob", "Cy"], [20, 0, 20], open_seats=True)
        >>> table.button, table.next_button(), table.next_button([1, 2])
        (2, 0, 1)
        """
        if ready is None:
            ready = self.seated
        return next((s for s in self._after_button() if s in ready), self.button)

    def start(
        self, plan: PlanT, cards: Sequence[Card] | None = None, rng: random.Random | None = None
    ) -> DealT:
        """Start the next deal as ``plan`` says (``cards``: this deck, in order; ``rng``:
        the deal's own generator, default the table's)."""
        if self.current is not None:
            raise IllegalActionError("finish the deal in play before starting another")
        if self.over:
            raise IllegalActionError("the game is over: too few players have chips")
        if self.open_seats and self.game.has_button:
            self.button = self.next_button()
        players = self.game.players(self.order, plan)
        before = [self.stacks[s] for s in players]
        rng = self.rng if rng is None else rng
        deal = self.game.deal(players, before, self.carry, rng, plan, cards)
        self._order, self._before, self.current = list(players), before, deal
        return deal

    @property
    def players(self) -> list[int]:
        """The deal in play's (or the last deal's) players as seats, in its order."""
        return list(self._order)

    @property
    def starting_stacks(self) -> list[int]:
        """The stacks the deal in play's (or the last deal's) players started it with."""
        return list(self._before)

    def seat_of(self, player: int) -> int:
        """The seat of the deal in play's player ``player``."""
        return self._order[player]

    def finish(self, deal: DealT) -> None:
        """Take the finished ``deal``'s stacks, carried pot and house result; move the
        button on; the last player with chips takes a carried pot nobody can contest
        (at a table of :attr:`open_seats`, neither: see :meth:`start`)."""
        if deal is not self.current:
            raise IllegalActionError("that is not the deal in play here")
        if not deal.finished:
            raise IllegalActionError("the deal is not over yet")
        settled = self.game.settle(deal, self._before)
        for seat, chips in zip(self._order, settled.stacks, strict=True):
            self.stacks[seat] = chips
        self.carry = settled.carry
        self.house += settled.house
        self.current = None
        self.deals += 1
        if self.open_seats:
            return
        left = self.seated
        if self.carry and len(left) == 1:
            self.stacks[left[0]] += self.carry
            self.carry = 0
        if self.game.has_button:
            self.button = self.next_button()

    def take_over(self, deal: DealT, players: Sequence[int], before: Sequence[int]) -> None:
        """Make ``deal``, started elsewhere and still in play, this table's deal in play:
        dealt to ``players`` (seats, in its order) who started it with ``before`` chips
        (a Straights table of an earlier release carried over to the one table).

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.table import PokerGame
        >>> elsewhere = Table(PokerGame(), ["Ann", "Bob"], 20, seed=1)
        >>> deal = elsewhere.start(get_variant("NT"))
        >>> here = Table(PokerGame(), ["Ann", "Bob"], 20)
        >>> here.take_over(deal, [0, 1], [20, 20]); here.current is deal, here.seat_of(1)
        (True, 1)
        """
        if self.current is not None:
            raise IllegalActionError("finish the deal in play before taking over another")
        self._order, self._before, self.current = list(players), list(before), deal

    def total_chips(self) -> int:
        """Every chip at the table between deals: stacks, the carried pot and the
        house's result (the chips the players sat down with).

        During a deal, chips in the pot are not counted: call it between deals.
        """
        return sum(self.stacks) + self.carry + self.house
