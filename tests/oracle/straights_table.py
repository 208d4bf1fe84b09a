"""A Straights table across deals: seats, the dealer draw, the moving button,
the carried pot, players who go broke leaving.

>>> from straights.game.config import TableConfig
>>> t = Table(TableConfig(seats=3), ["Ann", "Bob", "Cy"], seed=7)
>>> hand = t.start_hand()
>>> while not hand.finished:
...     seat = hand.actor
...     _ = t.act(seat, "call" if hand.can_call(seat) else "check")
>>> sum(t.stacks().values()) + t.carry
300
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from oracle.events import (
    Acted,
    DealerDraw,
    Event,
    HandEnded,
    HandStarted,
    PlayerLeft,
    PlayerSat,
    PotAwarded,
    TableOpened,
)
from oracle.straights_hand import Action, Hand
from straights.bots.base import answer
from straights.cards import (
    STRAIGHTS_SUIT_ORDER,
    Card,
    CardsLike,
    RandomLike,
    make_deck,
    make_rng,
    parse_cards,
)
from straights.errors import ConfigurationError, HandHistoryError, IllegalActionError
from straights.game.config import TableConfig
from straights.poker.view import deal_view

if TYPE_CHECKING:
    from oracle.straights_view import SeatView
    from straights.bots.base import Bot

__all__ = ["Seat", "Table", "dealer_draw", "draw_button", "draw_strength", "seat_action"]


def draw_strength(card: Card) -> int:
    """Order of cards in the dealer draw: rank, then suit h > s > d > c; S, T, R lowest (0).

    >>> draw_strength(Card('As')) > draw_strength(Card('Ad')) > draw_strength(Card('2h'))
    True
    >>> draw_strength(Card('S')) == draw_strength(Card('R')) == 0
    True
    """
    if not card.is_ranked:
        return 0
    assert card.rank is not None and card.suit is not None
    return (card.rank - 1) * 4 + STRAIGHTS_SUIT_ORDER[card.suit] - 3


def dealer_draw(seats: Sequence[int], pack: Sequence[Card]) -> list[DealerDraw]:
    """Deal one card face up to each seat from ``pack`` (in order) until one card is highest.

    Players tied at the top (all on special cards) draw again among themselves
    from the rest of the pack; the last event names the winner.

    >>> from straights.cards import parse_cards
    >>> [e.winner for e in dealer_draw([0, 1, 2], parse_cards('S T R 9s 9h 2c'))]
    [None, 1]
    """
    cards_left = list(pack)
    contenders = list(seats)
    out: list[DealerDraw] = []
    while True:
        if len(cards_left) < len(contenders):
            raise ConfigurationError("the pack ran out during the dealer draw")
        cards = tuple(cards_left[: len(contenders)])
        del cards_left[: len(contenders)]
        best = max(draw_strength(c) for c in cards)
        top = [s for s, c in zip(contenders, cards, strict=True) if draw_strength(c) == best]
        winner = top[0] if len(top) == 1 else None
        out.append(DealerDraw(tuple(contenders), cards, winner))
        if winner is not None:
            return out
        contenders = top


def draw_button(players: int, pack: int, seed: int) -> list[DealerDraw]:
    """The dealer draw (rule 1) among seats ``0 .. players - 1`` from a ``pack`` (55 or
    52) shuffled from a table's ``seed`` (a shuffle of its own, not the deals' first);
    the last draw's ``winner`` takes the button for the first deal.

    >>> draws = draw_button(3, 55, 7)
    >>> draws == draw_button(3, 55, 7), draws[-1].winner in (0, 1, 2)
    (True, True)
    """
    rng = random.Random(f"dealer draw {seed}")
    cards = make_deck("straights" if pack == 55 else "standard").shuffled(rng)
    return dealer_draw(list(range(players)), cards)


@dataclass(slots=True)
class Seat:
    """A player at the table and the chips he has behind."""

    name: str
    stack: int


class Table:
    """Seats, button, carried pot and the current :class:`Hand`; every change is an event.

    Methods that change the table return the events they added to :attr:`events`.
    Randomness comes only from ``seed`` (an int, a ``random.Random``, or ``None``
    for the OS's secure source).
    """

    def __init__(
        self,
        config: TableConfig,
        names: Sequence[str | None] = (),
        *,
        seed: RandomLike = None,
        stacks: Sequence[int] | None = None,
        button: int | None = None,
    ) -> None:
        if len(names) > config.seats:
            raise ConfigurationError(f"{len(names)} players for {config.seats} seats")
        if stacks is not None and len(stacks) != len(names):
            raise ConfigurationError(f"{len(stacks)} stacks for {len(names)} names: give one each")
        self.config = config
        try:
            self.rng = make_rng(seed)
        except TypeError as exc:
            raise ConfigurationError(
                f"seed={seed!r}: give an int, a random.Random or None"
            ) from exc
        self._pack = make_deck("straights" if config.pack == 55 else "standard")
        self.seats: list[Seat | None] = [None] * config.seats
        #: The latest name seen at each seat (kept after the player leaves).
        self.names: dict[int, str] = {}
        self.events: list[Event] = []
        self._listeners: list[Callable[[Event], None]] = []
        self.hand: Hand | None = None
        #: Every deal of this table, in order (``hands[n - 1]`` is deal ``n``).
        self.hands: list[Hand] = []
        self.button: int | None = button  # None: drawn before the first deal
        self.carry = 0
        self.hand_number = 0
        self._emit(TableOpened(config.to_dict()))
        for seat, name in enumerate(names):
            if name is not None:
                stack = config.starting_stack if stacks is None else stacks[seat]
                self.sit(seat, name, stack)

    # -- seats -----------------------------------------------------------------------------
    def _emit(self, event: Event) -> None:
        self.events.append(event)
        for listener in self._listeners:
            listener(event)

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Call ``listener(event)`` for every later event, in order, as it happens.

        Listeners run in subscription order: subscribe the store first and a
        sender second, and every event is stored before it is sent.
        """
        self._listeners.append(listener)

    def _between_deals(self, what: str) -> None:
        if self.hand is not None and not self.hand.finished:
            raise IllegalActionError(f"cannot {what} during deal {self.hand.number}: wait for it")

    def sit(self, seat: int, name: str, stack: int | None = None) -> list[Event]:
        """Seat a player (between deals).  Raises for a taken or unknown seat."""
        self._between_deals("take a seat")
        if not isinstance(seat, int) or not 0 <= seat < self.config.seats:
            raise IllegalActionError(f"seat {seat!r}: seats are 0 to {self.config.seats - 1}")
        if self.seats[seat] is not None:
            raise IllegalActionError(f"seat {seat} is taken")
        if not isinstance(name, str) or not name.strip():
            raise ConfigurationError(f"player name {name!r}: give a non-empty name")
        chips = self.config.starting_stack if stack is None else stack
        if not isinstance(chips, int) or chips < 1:
            raise ConfigurationError(f"stack {chips!r}: a player sits with at least 1 chip")
        self.seats[seat] = Seat(name, chips)
        self.names[seat] = name
        start = len(self.events)
        self._emit(PlayerSat(seat, name, chips))
        return self.events[start:]

    def stand(self, seat: int) -> list[Event]:
        """A player leaves with his chips (between deals)."""
        self._between_deals("leave")
        valid = isinstance(seat, int) and 0 <= seat < len(self.seats)
        player = self.seats[seat] if valid else None
        if player is None:
            raise IllegalActionError(
                f"seat {seat!r} is empty: seats are 0 to {len(self.seats) - 1}"
            )
        start = len(self.events)
        self._leave(seat, "stood")
        return self.events[start:]

    def _leave(self, seat: int, reason: str) -> None:
        player = self.seats[seat]
        assert player is not None
        self.seats[seat] = None
        self._emit(PlayerLeft(seat, reason, player.stack))

    def occupied(self) -> list[int]:
        """Seats with a player who has chips."""
        return [i for i, p in enumerate(self.seats) if p is not None and p.stack > 0]

    def stacks(self) -> dict[int, int]:
        """Chips behind per occupied seat (chips in the current pot not included)."""
        if self.hand is not None and not self.hand.finished:
            live = dict(zip(self.hand.seats, self.hand.stacks, strict=True))
            return {i: live.get(i, p.stack) for i, p in enumerate(self.seats) if p is not None}
        return {i: p.stack for i, p in enumerate(self.seats) if p is not None}

    @property
    def is_over(self) -> bool:
        """True when fewer than two players have chips (no deal can start)."""
        return len(self.occupied()) < 2 and (self.hand is None or self.hand.finished)

    # -- the deal ----------------------------------------------------------------------------
    def _draw_for_dealer(self, seats: list[int]) -> int:
        pack = list(self._pack.cards)
        self.rng.shuffle(pack)
        draws = dealer_draw(seats, pack)
        for draw in draws:
            self._emit(draw)
        winner = draws[-1].winner
        assert winner is not None
        return winner

    def start_hand(self, deck: CardsLike | None = None) -> Hand:
        """Start the next deal: draw for the dealer (first deal) or move the button left.

        ``deck`` (tests, arranged deals) replaces the shuffle: cards in dealing
        order — first hole card to each player from the left of the button, then
        the second, then the key card and the four face-up table cards.
        """
        self._between_deals("start a deal")
        seats = self.occupied()
        if len(seats) < 2:
            raise IllegalActionError("a deal needs at least two players with chips")
        if self.button is None:
            self.button = self._draw_for_dealer(seats)
        elif self.hand_number:
            self.button = self._next_seat(self.button, seats)
        if self.button not in seats:
            self.button = self._next_seat(self.button, seats)
        b = seats.index(self.button)
        order = seats[b + 1 :] + seats[: b + 1]
        pack = self._pack
        if deck is None:
            cards: Sequence[Card] = pack.shuffled(self.rng)
        else:
            cards = parse_cards(deck)
            pack.check_contains(cards)
        self.hand_number += 1
        return self._begin(order, cards)

    def _begin(self, order: Sequence[int], deck: Sequence[Card]) -> Hand:
        if self.hand is not None:
            self.hand.engine = None  # archived by now: a table keeps every hand
        stacks = []
        for s in order:
            player = self.seats[s]
            assert player is not None
            stacks.append(player.stack)
        carry, self.carry = self.carry, 0
        hand = Hand(
            self.config,
            order,
            stacks,
            deck,
            carry=carry,
            number=self.hand_number,
            listener=self._on_hand_event,
            autostart=False,
        )
        self.hand = hand
        self.hands.append(hand)
        hand.start()
        return hand

    def _next_seat(self, seat: int, seats: list[int]) -> int:
        n = self.config.seats
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s in seats:
                return s
        raise IllegalActionError("no player has chips")  # pragma: no cover

    def _on_hand_event(self, event: Event) -> None:
        # _emit written out: a deal tells some 40 events.
        self.events.append(event)
        for listener in self._listeners:
            listener(event)
        if type(event) is HandEnded:
            self._settle(event)

    def _settle(self, ended: HandEnded) -> None:
        for seat, stack in zip(ended.seats, ended.stacks, strict=True):
            player = self.seats[seat]
            assert player is not None
            player.stack = stack
        self.carry = ended.carry
        for seat in ended.seats:
            player = self.seats[seat]
            if player is not None and player.stack == 0:
                self._leave(seat, "broke")
        left = self.occupied()
        if self.carry and len(left) == 1:
            # Nobody is left to contest the carried pot: the last player takes it.
            winner = self.seats[left[0]]
            assert winner is not None
            winner.stack += self.carry
            self._emit(
                PotAwarded(
                    0, self.carry, left[0], (left[0],), 0, "the last player with chips takes it"
                )
            )
            self.carry = 0

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The current deal's legal actions for ``seat`` (empty when not his turn)."""
        if self.hand is None or self.hand.finished:
            return ()
        return self.hand.legal_actions(seat)

    def act(self, seat: int, kind: str, to: int | None = None) -> list[Event]:
        """Act in the current deal; returns the events it caused (the deal may end)."""
        if self.hand is None or self.hand.finished:
            raise IllegalActionError(f"seat {seat} cannot {kind}: no deal is in progress")
        start = len(self.events)
        self.hand.act(seat, kind, to)
        return self.events[start:]

    def forfeit(self, seat: int) -> list[Event]:
        """A player who left gives up the current deal (see :meth:`Hand.forfeit`)."""
        if self.hand is None or self.hand.finished:
            raise IllegalActionError(f"seat {seat} has no deal to forfeit")
        start = len(self.events)
        self.hand.forfeit(seat)
        return self.events[start:]

    def auto_act(self, seat: int) -> list[Event]:
        """What a timed-out player does: check if he can, else fold."""
        kinds = [a.kind for a in self.legal_actions(seat)]
        return self.act(seat, "check" if "check" in kinds else "fold")

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None``."""
        return None if self.hand is None else self.hand.actor

    def total_chips(self) -> int:
        """Every chip at the table: stacks, the current pot and the carried pot."""
        hand = self.hand
        middle = hand.pot if hand is not None and not hand.finished else self.carry
        return sum(self.stacks().values()) + middle

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` (or a spectator, ``None``) may see now."""
        from oracle.straights_view import table_view

        return table_view(self, seat)

    # -- replay ----------------------------------------------------------------------------------
    @classmethod
    def from_events(cls, events: Iterable[Event], *, seed: RandomLike = None) -> Table:
        """Rebuild a table exactly from its raw event log (crash recovery, replay).

        Future shuffles come from ``seed``.  Raises :class:`HandHistoryError` when
        the log does not replay.
        """
        table: Table | None = None
        for event in events:
            if isinstance(event, TableOpened):
                table = cls(TableConfig.from_dict(dict(event.config)), seed=seed)
                continue
            if table is None:
                raise HandHistoryError("an event log starts with a table_opened event")
            try:
                table._replay(event)
            except IllegalActionError as exc:
                raise HandHistoryError(f"event {event.to_dict()} does not replay: {exc}") from exc
        if table is None:
            raise HandHistoryError("an empty event log holds no table")
        return table

    def _replay(self, event: Event) -> None:
        if isinstance(event, PlayerSat):
            self.sit(event.seat, event.name, event.stack)
        elif isinstance(event, PlayerLeft) and event.reason == "stood":
            self.stand(event.seat)
        elif isinstance(event, DealerDraw):
            if event.winner is not None:
                self.button = event.winner
            self._emit(event)
        elif isinstance(event, HandStarted):
            self.button = event.button
            self.hand_number = event.number
            self.carry = event.carry
            have = [p.stack if p else 0 for p in (self.seats[s] for s in event.seats)]
            if tuple(have) != event.stacks:
                raise HandHistoryError(
                    f"deal {event.number} starts with stacks {list(event.stacks)} "
                    f"but the log leaves {have}"
                )
            self._begin(event.seats, event.deck)
        elif isinstance(event, Acted):
            if event.kind == "fold" and self.hand is not None:
                self.hand.fold_or_forfeit(event.seat)  # a player who left forfeits
            else:
                self.act(event.seat, event.kind, event.to)
        # Every other event follows from these and is re-emitted by the engine.


def seat_action(bot: Bot, hand: Hand, seat: int) -> Action:
    """The legal action of ``seat`` (to act in ``hand``, a deal at Straights' own table of
    an earlier release) that ``bot`` decides on the engine's view of that deal.

    >>> from straights.bots.simple import CallingBot
    >>> from straights.game import TableConfig
    >>> t = Table(TableConfig(seats=2), ["a", "b"], seed=5)
    >>> hand = t.start_hand()
    >>> str(seat_action(CallingBot(), hand, hand.actor))
    'check'
    """
    move = answer(bot, deal_view(hand.live, hand.seats.index(seat)))
    return next(a for a in hand.legal_actions(seat) if a.kind == move.kind)
