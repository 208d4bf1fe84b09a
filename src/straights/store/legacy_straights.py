"""Straights tables and ``STR`` histories of earlier releases, replayed by the one engine.

Earlier releases played Straights on its own table (:mod:`straights.game`) and
stored it three ways: a terminal table as its commands with a seed (``sit``,
``deal`` and ``act``, each with the events it caused), a table as its event log (0.1.0's
terminal tables, every web table of settings editions 1 to 3), and each
finished deal as an ``STR`` history.  :class:`LegacyTable` replays any of them
through the engine's :class:`~straights.poker.Deal` of the catalogue's Straights
(``_STR55L``, ``_STR55N``, ``_STR52L``, ``_STR52N``: a table's non-default
penalty keeps the code with its own rule 10) dealt as the one table deals it
(:class:`~straights.table.PokerGame` on
:func:`~straights.table.straights_stakes`), and tells each deal in that table's own
events, so stacks, pots, carried pots, penalties, the key card, the showdown's
words and every later line read as they did.

Straights' own engine of those releases is no longer in the package: the tests keep
it as an oracle (``tests/oracle/``) that writes old logs and checks this translator.

* :func:`replay_log` replays a stored event log and checks it event by event;
* :meth:`LegacyTable.apply` replays a terminal table's commands one by one from its seed;
* :func:`replay_str` replays one ``STR`` history;
* :func:`deals_from_events` gives the archive entries of the deals a log finished.

A terminal table stored by an earlier release is replayed from the store and carried
over to the one table by :meth:`straights.store.table.StoredTable.load`.

>>> from straights.game.config import TableConfig
>>> t = LegacyTable(TableConfig(seats=2), seed=5)
>>> _ = t.sit(0, "Ann", 10); _ = t.sit(1, "Bob", 10)
>>> deal = t.start()
>>> deal.variant.code, t.button
('_STR55L', 1)
>>> _ = t.act(0, "bet"); _ = t.act(1, "fold")
>>> t.stacks(), [e["type"] for e in t.events[-3:]]
({0: 11, 1: 9}, ['acted', 'pot_awarded', 'hand_ended'])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol

from straights.cards import Card, make_deck, parse_cards
from straights.errors import (
    ConfigurationError,
    HandHistoryError,
    IllegalActionError,
    StraightsError,
)
from straights.game.config import TableConfig
from straights.game.draw import dealer_draw
from straights.game.wording import seat_label
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal, Legal
from straights.poker.phh import _player, parse_phh_cards
from straights.poker.straights_rules import straights_variant
from straights.poker.variant import Variant
from straights.poker.view import Move
from straights.rankings.straights import TABLE_CARDS
from straights.store.archive import PokerEntry
from straights.table import PokerGame, straights_stakes

__all__ = [
    "SWITCH",
    "VARIANT",
    "Chips",
    "LegacyTable",
    "Replayed",
    "Told",
    "deals_from_events",
    "replay_log",
    "replay_str",
    "str_setup",
    "variant_of",
]

#: The ``variant`` code of a Straights history of an earlier release (not PokerKit's).
VARIANT: Final = "STR"
#: What the earlier table said when the last player with chips took a carried pot.
_LAST_PLAYER: Final = "the last player with chips takes it"


def variant_of(config: TableConfig) -> Variant:
    """The variant a table's settings deal: the catalogue's own at the default penalty
    (one chip from every player dealt in), else the same code with the table's rule 10.

    >>> variant_of(TableConfig()) is get_variant("_STR55L")
    True
    >>> variant_of(TableConfig(pack=52, betting="no-limit")).code
    '_STR52N'
    >>> variant_of(TableConfig(penalty=2)).pot_rule.penalty
    2
    """
    variant = straights_variant(
        config.pack,  # type: ignore[arg-type]
        config.betting,
        penalty=config.penalty,
        payers=config.penalty_payers,
    )
    if config.penalty == 1 and config.penalty_payers == "dealt":
        return get_variant(variant.code)
    return variant


class Told(dict[str, Any]):
    """An event of the earlier table, as it stored them: ``{"type": ..., field: value}``
    (cards in ASCII, sequences as lists).

    >>> _told("acted", seat=2, kind="raise", amount=3, to=3, all_in=False).to_dict()
    {'type': 'acted', 'seat': 2, 'kind': 'raise', 'amount': 3, 'to': 3, 'all_in': False}
    """

    def to_dict(self) -> dict[str, Any]:
        """The event as a plain dict, as stored."""
        return dict(self)


def _json(value: Any) -> Any:
    if isinstance(value, Card):
        return value.ascii()
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def _told(kind: str, /, **fields: Any) -> Told:
    return Told(type=kind, **{name: _json(value) for name, value in fields.items()})


class Chips(Protocol):
    """A seated player's chips behind: a web table's seat, or the table's own."""

    stack: int


@dataclass(slots=True)
class _Held:
    stack: int


@dataclass(slots=True)
class _Live:
    """The deal in play: the engine's deal, its seats (left of the button first), the
    cards in the earlier table's order and in the engine's (:func:`_engine_order`), the
    stacks it started with, what is told, and the moves made (a ``Move``, or the player
    index of a forfeit: the deal again)."""

    deal: Deal
    seats: tuple[int, ...]
    deck: tuple[Card, ...]
    engine_deck: tuple[Card, ...]
    starting: tuple[int, ...]
    number: int
    seen: int = 0
    face_up: int = 0
    round: int = 0
    moves: list[Move | int] = field(default_factory=list)


def _engine_order(dealt: Sequence[Card], n: int) -> tuple[Card, ...]:
    """The earlier table deals one round of first hole cards, then one of second cards;
    the engine deals each of the ``n`` players his two together (the table cards follow).

    >>> [str(c) for c in _engine_order(parse_cards("As Kd 2c 3c 9h"), 2)]
    ['A♠', '2♣', 'K♦', '3♣', '9♥']
    """
    cards = list(dealt)
    cards[0 : 2 * n : 2] = dealt[:n]
    cards[1 : 2 * n : 2] = dealt[n : 2 * n]
    return tuple(cards)


class LegacyTable:
    """A Straights table of an earlier release, dealt by the one engine.

    Seats, stacks, the button, the carried pot and players going broke are kept as
    the earlier table kept them (seats may be empty; players sit and stand between
    deals); each deal is the engine's, and :attr:`events` tells everything in the
    earlier table's events.  ``seed`` (a command log's) makes the dealer draw and the
    shuffles those that table made (``rng``: a web table's generator, given as is); a
    log's recorded decks need none.
    """

    def __init__(
        self, config: TableConfig, *, seed: int | None = None, rng: random.Random | None = None
    ) -> None:
        self.config = config
        #: The table's shuffles: ``rng`` (a web table's keyed generator), else from ``seed``.
        self.rng = rng if rng is not None else random.Random(seed) if seed is not None else None
        self.names: dict[int, str] = {}
        self.seats: dict[int, Chips] = {}  # seat -> chips behind, for each seated player
        self.button: int | None = None
        self.carry = 0
        self.number = 0
        self.events: list[Told] = []
        #: The engine's deals, in order.
        self.deals: list[Deal] = []
        self.live: _Live | None = None
        #: The latest deal started (the deal in play, or the last one finished).
        self.latest: _Live | None = None
        #: The next deal keeps the button where it is (one deal of a history).
        self.hold_button = False
        self.events.append(_told("table_opened", config=config.to_dict()))

    # -- seats --------------------------------------------------------------------------------
    def _between(self, what: str) -> None:
        if self.live is not None:
            raise IllegalActionError(f"cannot {what} during deal {self.live.number}")

    def sit(
        self, seat: int, name: str, stack: int | None = None, *, chips: Chips | None = None
    ) -> list[Told]:
        """Seat a player between deals (``stack``: the table's starting stack), his
        chips held in ``chips`` (a web table's seat, which this table plays) if given."""
        self._between("take a seat")
        if not 0 <= seat < self.config.seats or seat in self.seats:
            raise IllegalActionError(f"{seat_label(seat)} is taken or not at this table")
        if chips is None:
            chips = _Held(self.config.starting_stack if stack is None else stack)
        self.seats[seat], self.names[seat] = chips, name
        return self._emit(_told("player_sat", seat=seat, name=name, stack=chips.stack))

    def stand(self, seat: int) -> list[Told]:
        """A player leaves with his chips between deals."""
        self._between("leave")
        if seat not in self.seats:
            raise IllegalActionError(f"{seat_label(seat)} is empty")
        return self._emit(
            _told("player_left", seat=seat, reason="stood", stack=self.seats.pop(seat).stack)
        )

    def stacks(self) -> dict[int, int]:
        """Chips behind per seated player (during a deal, the engine's)."""
        out = {seat: chips.stack for seat, chips in sorted(self.seats.items())}
        if self.live is not None:
            out.update(zip(self.live.seats, self.live.deal.stacks, strict=True))
        return out

    @property
    def occupied(self) -> list[int]:
        """Seats with a player who has chips, in seat order."""
        return sorted(s for s, chips in self.seats.items() if chips.stack > 0)

    def _emit(self, *events: Told) -> list[Told]:
        self.events.extend(events)
        return list(events)

    # -- the deal -----------------------------------------------------------------------------
    def _next_seat(self, seat: int, seats: Sequence[int]) -> int:
        n = self.config.seats
        return next(s for k in range(1, n + 1) if (s := (seat + k) % n) in seats)

    def next_button(self) -> int | None:
        """The button the next deal would have (``None``: the dealer draw decides)."""
        seats = self.occupied
        button = self.button
        if button is None:
            return None
        if self.number and not self.hold_button:
            button = self._next_seat(button, seats)
        return button if button in seats else self._next_seat(button, seats)

    def draw_button(self) -> list[Told]:
        """The dealer draw among the players with chips, from the table's shuffle."""
        if self.rng is None:
            raise HandHistoryError("a table without a seed has its dealer draw in its log")
        pack = list(make_deck(variant_of(self.config).deck).cards)
        self.rng.shuffle(pack)
        draws = dealer_draw(self.occupied, pack)
        self.button = draws[-1].winner
        return self._emit(*(_told("dealer_draw", **d._asdict()) for d in draws))

    def start(
        self, deck: Sequence[Card] | None = None, *, order: Sequence[int] | None = None
    ) -> Deal:
        """Start the next deal: the button moves (or is drawn), the antes go in.

        ``deck``: the cards in the earlier table's dealing order (first hole card to
        each player from the left of the button, then the second, then the key card
        and the four face-up cards); shuffled from the seed when ``None``. ``order``:
        the seats dealt in as a log recorded them (checked against the table's own).
        """
        self._between("start a deal")
        if len(self.occupied) < 2:
            raise IllegalActionError("a deal needs at least two players with chips")
        if self.button is None:
            self.draw_button()
        self.button = self.next_button()
        assert self.button is not None
        seats = self.occupied
        b = seats.index(self.button)
        mine = seats[b + 1 :] + seats[: b + 1]
        if order is not None and list(order) != mine:
            raise HandHistoryError(
                f"deal {self.number + 1} is dealt to seats {list(order)}, "
                f"but the table deals to {mine}"
            )
        variant = variant_of(self.config)
        if deck is None:
            if self.rng is None:
                raise HandHistoryError("a table without a seed needs each deal's cards")
            deck = make_deck(variant.deck).shuffled(self.rng)
        n = len(mine)
        dealt = tuple(deck[: 2 * n + TABLE_CARDS])
        if len(dealt) < 2 * n + TABLE_CARDS:
            raise HandHistoryError(f"a deck of {len(deck)} cards cannot deal {n} players")
        make_deck(variant.deck).check_dealable(dealt, "in the deck")
        stacks = [self.seats[s].stack for s in mine]
        game = PokerGame(lambda v, k: straights_stakes(v, k, ante=self.config.ante))
        rng = self.rng or random.Random(0)  # a Straights deal never draws from it
        engine = _engine_order(dealt, n)
        deal = game.deal(mine, stacks, self.carry, rng, variant, engine)
        self.number += 1
        self.live = self.latest = live = _Live(deal, tuple(mine), dealt, engine, tuple(stacks),
                                               self.number)  # fmt: skip
        self.deals.append(deal)
        self._emit(_told("hand_started", number=live.number, button=self.button, seats=live.seats,
                         stacks=live.starting, carry=self.carry, deck=dealt))  # fmt: skip
        self.carry = 0
        self._tell(live)
        return deal

    def act(self, seat: int, kind: str, to: int | None = None) -> list[Told]:
        """Act for ``seat``, the player to act (``to``: the total, checked if given)."""
        live = self._live()
        deal = live.deal
        i = live.seats.index(seat) if seat in live.seats else None
        if i is None or deal.actor != i:
            raise IllegalActionError(f"{seat_label(seat)} cannot {kind}: it is not his turn")
        for choice in deal.legal_actions():
            acted = _choice(seat, choice, deal, i)
            if choice.kind == kind and (to is None or to == acted["to"]):
                break
        else:
            amount = "" if to is None else f" {to}"
            raise IllegalActionError(f"{seat_label(seat)} cannot {kind}{amount}")
        deal.take(choice)
        return self._did(live, Move(kind, acted["to"] if kind in ("bet", "raise") else None), acted)

    def fold_or_forfeit(self, seat: int) -> list[Told]:
        """A stored fold: by the rules when they allow it, else a player who left
        gives up the deal (his chips stay in the pot)."""
        live = self._live()
        deal = live.deal
        i = live.seats.index(seat)
        if deal.actor == i and any(c.kind == "fold" for c in deal.legal_actions()):
            return self.act(seat, "fold")
        return self.forfeit(seat)

    def forfeit(self, seat: int) -> list[Told]:
        """A player who left gives up the deal: at his turn (even when he could check or
        fold), or out of turn when he is all-in; told as a fold to his chips this round."""
        live = self._live()
        deal = live.deal
        i = live.seats.index(seat) if seat in live.seats else None
        if i is None or deal.folded[i] or (deal.actor != i and deal.stacks[i] > 0):
            raise IllegalActionError(f"{seat_label(seat)} has no deal to forfeit now")
        committed = deal.bets[i]
        deal.forfeit(i)
        return self._did(live, i, _acted(seat, "fold", 0, committed, False))

    def _did(self, live: _Live, move: Move | int, acted: Told) -> list[Told]:
        """Keep a move made and tell it (its own entry of the log, told with its chips)
        and what followed; returns the events told."""
        start = len(self.events)
        live.moves.append(move)
        live.seen += 1
        self._emit(acted)
        self._tell(live)
        return self.events[start:]

    def _live(self) -> _Live:
        if self.live is None:
            raise IllegalActionError("no deal is in progress")
        return self.live

    def _tell(self, live: _Live) -> None:
        """Tell the engine's new record entries as the earlier table's events."""
        deal, seats, n = live.deal, live.seats, len(live.seats)
        for kind, i, cards, amount, up in deal.log[live.seen :]:
            if kind == "ante":
                assert i is not None
                all_in = amount == live.starting[i]
                self._emit(_told("ante_posted", seat=seats[i], amount=amount, all_in=all_in))
            elif kind == "hole":
                assert i is not None
                self._emit(
                    _told("hole_dealt", seat=seats[i], cards=(live.deck[i], live.deck[n + i]))
                )
            elif kind == "board" and up[0]:
                live.face_up += 1
                self._emit(_told("table_card_dealt", position=live.face_up + 1, card=cards[0]))
            elif kind == "board":
                self._emit(_told("key_dealt", card=cards[0]))
            elif kind in ("betting", "no betting"):
                live.round += 1
                self._emit(_told("round_started", round=live.round, betting=kind == "betting"))
            elif kind == "turn":
                self._emit(_told("key_turned", card=live.deck[2 * n]))
        live.seen = len(deal.log)
        if deal.phase == "over":
            self._finish(live)

    def _finish(self, live: _Live) -> None:
        deal, seats, n = live.deal, live.seats, len(live.seats)
        for i, said in sorted(deal.described.items()):
            cards = (live.deck[i], live.deck[n + i])
            self._emit(_told("showdown_revealed", seat=seats[i], cards=cards, description=said))
        for v in deal.verdicts:
            winner = seats[v.winners[0]] if v.winners else None
            eligible = tuple(seats[i] for i in v.eligible)
            self._emit(_told("pot_awarded", pot=v.pot, amount=v.amount, winner=winner,
                             eligible=eligible, rule=v.rule, reason=v.reason))  # fmt: skip
        if deal.carry_out:
            for entry in deal.log:
                if entry.kind == "penalty":
                    assert entry.player is not None
                    self._emit(_told("penalty_paid", seat=seats[entry.player], amount=entry.amount))
            self._emit(_told("pot_carried", amount=deal.carry_out))
        self._emit(_told("hand_ended", number=live.number, seats=seats, stacks=deal.stacks,
                         carry=deal.carry_out))  # fmt: skip
        self.live = None
        for seat, stack in zip(seats, deal.stacks, strict=True):
            self.seats[seat].stack = stack
        self.carry = deal.carry_out
        for seat in seats:
            if self.seats[seat].stack == 0:
                del self.seats[seat]
                self._emit(_told("player_left", seat=seat, reason="broke", stack=0))
        left = self.occupied
        if self.carry and len(left) == 1:
            self.seats[left[0]].stack += self.carry
            self._emit(_told("pot_awarded", pot=0, amount=self.carry, winner=left[0],
                             eligible=(left[0],), rule=0, reason=_LAST_PLAYER))  # fmt: skip
            self.carry = 0

    # -- replay -------------------------------------------------------------------------------
    def apply(self, command: Mapping[str, Any]) -> list[Told]:
        """Apply one stored command of a terminal table; returns the events it caused."""
        start, kind = len(self.events), command.get("kind")
        try:
            if kind == "sit":
                self.sit(int(command["seat"]), str(command["name"]), command.get("stack"))
            elif kind == "stand":
                self.stand(int(command["seat"]))
            elif kind == "deal":
                deck = command.get("deck")
                self.start(None if deck is None else parse_cards(deck))
            elif kind == "act":
                to = command.get("to")
                self.act(int(command["seat"]), str(command["action"]),
                         None if to is None else int(to))  # fmt: skip
            else:
                raise HandHistoryError(f"unknown table command {kind!r}")
        except (KeyError, ValueError) as exc:
            raise HandHistoryError(f"command {dict(command)} does not replay: {exc}") from exc
        return self.events[start:]

    def replay(self, event: Mapping[str, Any]) -> None:
        """Take one event of a stored log (a dict) as an input: seats, the drawn button,
        the start of a deal (its cards; its button, seats, stacks and carried pot are
        checked), an action.  Events the engine makes (antes, cards, pots …) are left
        out: the comparison with the replay's own tells them."""
        kind, e = event.get("type"), event
        if kind == "player_sat":
            self.seats.pop(e["seat"], None)  # a web table's rebuy seats him again
            self.sit(e["seat"], e["name"], e["stack"])
        elif kind == "player_left" and e["reason"] == "stood":
            self.stand(e["seat"])
        elif kind == "dealer_draw":
            if e["winner"] is not None:
                self.button = e["winner"]
            self._emit(Told(e))
        elif kind == "hand_started":  # its number, button, stacks, carry: compared as told
            self.start([Card(c) for c in e["deck"]], order=e["seats"])
        elif kind == "acted" and e["kind"] == "fold":
            # A fold is told "to 0", a forfeit to the chips the player had put in.
            (self.forfeit if e["to"] else self.fold_or_forfeit)(e["seat"])
        elif kind == "acted":
            self.act(e["seat"], e["kind"], e["to"])


def _acted(seat: int, kind: str, amount: int, to: int, all_in: bool) -> Told:
    return _told("acted", seat=seat, kind=kind, amount=amount, to=to, all_in=all_in)


def _choice(seat: int, choice: Legal, deal: Deal, i: int) -> Told:
    """The earlier table's words for a legal action: its chips and the total it reaches
    (a fold is told "to 0")."""
    kind, amount, low, _ = choice
    mine = deal.bets[i]
    told = {"fold": (0, 0), "check": (0, mine), "call": (amount, mine + amount)}
    chips, to = told.get(kind, (amount, low))  # a bet or a raise: to its total
    return _acted(seat, kind, chips, to, chips > 0 and chips == deal.stacks[i])


@dataclass(frozen=True)
class Replayed:
    """A stored log replayed: the table as the one engine left it, and the first event
    where the log and the replay part (``None``: they agree on every field)."""

    table: LegacyTable
    difference: str | None


def replay_log(
    config: TableConfig,
    log: Iterable[Mapping[str, Any]],
    changes: Mapping[int, Mapping[str, Any]] | None = None,
) -> Replayed:
    """Replay a Straights table's stored event log (dicts, in order) by the one engine
    and compare the two, field by field.

    ``changes`` maps a position in the log to settings changed there (a web host's
    ``{"ante": 2}`` between deals, which the log does not tell). A log that opens with
    its ``table_opened`` event gives its own settings.
    """
    entries = [dict(e) for e in log]
    start = int(bool(entries) and entries[0].get("type") == "table_opened")
    if start:
        config = TableConfig.from_dict(dict(entries[0]["config"]))
    table = LegacyTable(config)
    if not start:
        table.events.clear()  # a web log tells no table_opened
    told = [*table.events, *entries[start:]]  # its settings as the one engine reads them
    for k, data in enumerate(entries[start:], start):
        if changes and k in changes:
            table.config = replace(table.config, **dict(changes[k]))
        try:
            table.replay(data)
        except (StraightsError, KeyError, TypeError) as exc:
            # An earlier event that differs is the cause: name it first.
            made = table.events[:k]
            earlier = _first_difference(told[: len(made)], made)
            return Replayed(table, earlier or f"event {k} {data}: {exc}")
    return Replayed(table, _first_difference(told, table.events))


def _first_difference(
    stored: Sequence[Mapping[str, Any]], replayed: Sequence[Mapping[str, Any]]
) -> str | None:
    for k, (a, b) in enumerate(zip(stored, replayed, strict=False)):
        if a != b:
            fields = sorted(f for f in set(a) | set(b) if a.get(f) != b.get(f))
            return f"event {k}: the log has {a}, the one engine {b} (fields {fields})"
    if len(stored) != len(replayed):
        return f"the log has {len(stored)} events, the one engine {len(replayed)}"
    return None


def _field(history: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = history.get(name, default)
    # TOML booleans are Python bools, and bool is an int: never accept one for the other.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise HandHistoryError(
            f"hand history field {name!r} is {value!r}: expected a {kind.__name__}"
        )
    return value


def _numbers(history: Mapping[str, Any], name: str, default: Any = None) -> list[int]:
    """A field that is a list of whole numbers (never booleans), each 0 or more."""
    values: list[int] = _field(history, name, list, default)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        raise HandHistoryError(
            f"hand history field {name!r} is {values!r}: expected whole numbers, 0 or more"
        )
    return values


def str_setup(
    history: Mapping[str, Any],
) -> tuple[TableConfig, list[int], list[int], list[Card], int, int, list[str]]:
    """Read the deal an ``STR`` history (a PHH dict) describes (raises
    :class:`HandHistoryError`): its standard fields and ``_``-prefixed ones for what
    PHH has no word for (the pack, the betting, the penalty, the table cards, the
    carried pot; ``docs/hand-history.md``).  Returns the table's settings, the seats
    (left of the button first), their stacks, the cards in the earlier table's dealing
    order, the carried pot, the deal's number and its action lines.

    >>> config, seats, stacks, deck, *_ = str_setup({"starting_stacks": [5, 5],
    ...     "min_bet": 1, "actions": ["d dh p1 AsKd", "d dh p2 2c3c"],
    ...     "_table_cards": ["9h", "4d", "5s", "6h", "7c"]})
    >>> seats, deck[:4], config.pack
    ([0, 1], [Card('As'), Card('2c'), Card('Kd'), Card('3c')], 55)
    """
    stacks = _numbers(history, "starting_stacks")
    n = len(stacks)
    if n < 2:
        raise HandHistoryError(
            f"hand history field 'starting_stacks' is {stacks!r}: a deal needs 2 players or more"
        )
    try:
        config = TableConfig(
            pack=_field(history, "_pack", int, 55),
            ante=_field(history, "min_bet", int),
            betting=_field(history, "_betting", str, "limit"),
            seats=_field(history, "seat_count", int, n),
            starting_stack=max(1, max(stacks)),
            penalty=_field(history, "_penalty", int, 1),
            penalty_payers=_field(history, "_penalty_payers", str, "dealt"),
            allow_many_seats=True,
        )
    except ConfigurationError as exc:  # a history's bad setting: that hand does not replay
        raise HandHistoryError(str(exc)) from None
    actions = [str(a) for a in _field(history, "actions", list)]
    holes: dict[int, list[Card]] = {}
    for line in actions:
        parts = line.split()
        if parts[:2] == ["d", "dh"] and len(parts) >= 4:
            cards = parse_phh_cards(parts[3])
            if len(cards) != 2 or None in cards:
                raise HandHistoryError(f"{line!r}: a deal needs both hole cards known")
            player = _player(parts[2], n, line)
            if player in holes:
                raise HandHistoryError(f"{line!r}: p{player + 1} was dealt hole cards already")
            holes[player] = [c for c in cards if c is not None]
    if sorted(holes) != list(range(n)):
        raise HandHistoryError(f"hole cards dealt to players {sorted(holes)}, expected all {n}")
    table = [Card(c) for c in _field(history, "_table_cards", list)]
    if len(table) != TABLE_CARDS:
        raise HandHistoryError(
            f"hand history field '_table_cards' holds {len(table)} cards: a deal has {TABLE_CARDS}"
        )
    deck = [holes[i][0] for i in range(n)] + [holes[i][1] for i in range(n)] + table
    seats = [s - 1 for s in _numbers(history, "seats", list(range(1, n + 1)))]
    if len(seats) != n or min(seats) < 0:
        raise HandHistoryError(
            f"hand history field 'seats' is {history['seats']!r}: expected {n} seat numbers from 1"
        )
    carry, number = _field(history, "_carry_in", int, 0), _field(history, "hand", int, 1)
    return config, seats, stacks, deck, carry, number, actions


def replay_str(history: Mapping[str, Any]) -> LegacyTable:
    """Replay one ``STR`` history (a PHH dict) by the one engine; raises
    :class:`HandHistoryError` unless its actions replay, its table cards come in the
    deal's order and its finishing stacks and carried pot are the engine's.

    The table's :attr:`~LegacyTable.events` are the deal's, from ``hand_started`` to
    ``hand_ended``, and ``deals[0]`` the engine's finished deal.

    >>> history = {"variant": "STR", "min_bet": 1, "starting_stacks": [5, 5],
    ...            "_table_cards": ["9h", "4d", "5s", "6h", "7c"],
    ...            "actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f"]}
    >>> t = replay_str(history)
    >>> list(t.deals[0].stacks), t.events[-1]["type"]
    ([6, 4], 'hand_ended')
    """
    config, seats, stacks, deck, carry, number, actions = str_setup(dict(history))
    table = LegacyTable(config)
    for k, (seat, chips) in enumerate(zip(seats, stacks, strict=True)):
        table.seats[seat], table.names[seat] = _Held(chips), f"p{k + 1}"
    table.button, table.carry, table.number = seats[-1], carry, number - 1
    table.hold_button = True
    table.events.clear()
    try:
        table.start(deck, order=seats)
        live, board = table.latest, 0
        assert live is not None
        for line in actions:
            board = _str_line(table, live, line, board)
    except (IllegalActionError, ValueError) as exc:
        raise HandHistoryError(f"hand {number}: {exc}") from exc
    deal = table.deals[-1]
    if not deal.finished:
        raise HandHistoryError(f"hand {number} stops before its end")
    # The deal's own events: a player it leaves broke is the table's business.
    ended = next(k for k, e in enumerate(table.events) if e["type"] == "hand_ended")
    del table.events[ended + 1 :]
    stacks = list(deal.stacks)
    if "finishing_stacks" in history and list(history["finishing_stacks"]) != stacks:
        raise HandHistoryError(
            f"finishing_stacks {history['finishing_stacks']} but the one engine ends with {stacks}"
        )
    if "_carry_out" in history and history["_carry_out"] != deal.carry_out:
        raise HandHistoryError(
            f"_carry_out {history['_carry_out']} but the one engine carries {deal.carry_out}"
        )
    return table


def _str_line(table: LegacyTable, live: _Live, line: str, board: int) -> int:
    """Apply one action line of an ``STR`` history; returns the table lines read so far
    (``d db ?? # key``, the four face-up cards, ``d db Xx # key``, each once dealt)."""
    body, _, comment = line.partition("#")
    parts, n = body.split(), len(live.seats)
    if parts[:2] == ["d", "dh"]:
        return board
    if parts[:2] == ["d", "db"] and len(parts) == 3:
        key = live.deck[2 * n]
        expected = [(None, True), *((c, False) for c in live.deck[2 * n + 1 :]), (key, True)]
        dealt = 1 + live.face_up + any(e.kind == "turn" for e in live.deal.log)
        got = (*parse_phh_cards(parts[2]), comment.strip() == "key")
        if board >= min(dealt, len(expected)) or got != expected[board]:
            raise HandHistoryError(f"{line!r}: not table card {board + 1} of this deal")
        return board + 1
    k = _player(parts[0] if parts else "", n, line)
    seat, op, deal = live.seats[k], parts[1] if len(parts) > 1 else "", live.deal
    kinds = {c.kind for c in deal.legal_actions()} if deal.actor == k else set()
    if op in ("f", "cc") and len(parts) != 2:
        raise HandHistoryError(f"{line!r} is not an action of Straights (nothing follows {op})")
    if op == "f":
        table.fold_or_forfeit(seat)
    elif op == "cc":
        table.act(seat, "check" if "check" in kinds else "call")
    elif op == "cbr" and len(parts) == 3 and parts[2].isdigit():
        table.act(seat, "bet" if "bet" in kinds else "raise", int(parts[2]))
    elif op == "sm" and len(parts) == 3:
        if not deal.finished:
            raise HandHistoryError(f"{line!r}: cards shown before the showdown")
        if list(parse_phh_cards(parts[2])) != [live.deck[k], live.deck[n + k]]:
            raise HandHistoryError(f"{line!r}: p{k + 1} holds other cards")
    else:
        raise HandHistoryError(f"{line!r} is not an action of Straights")
    return board


# -- a terminal table of an earlier release, carried over to the one table -------------------

#: The command that carries a terminal table of an earlier release over to the one table:
#: the commands before it are Straights' own table's, those after it the one table's.
SWITCH: Final = {"kind": "one table"}


def deals_from_events(config: TableConfig, events: Iterable[Mapping[str, Any]]) -> list[PokerEntry]:
    """The archive entry of every deal a Straights table's stored event log finished,
    replayed by the one engine (:func:`replay_log`) and archived with the catalogue's
    code (:class:`~straights.store.archive.PokerEntry`); names are those seated when
    each deal began.  A log the one engine does not replay exactly raises
    :class:`HandHistoryError`.

    >>> t = LegacyTable(TableConfig(seats=2), seed=3)
    >>> _ = t.sit(0, "Ann", 10); _ = t.sit(1, "Bob", 10); _ = t.start()
    >>> _ = t.act(t.live.seats[t.live.deal.actor], "bet")
    >>> _ = t.act(t.live.seats[t.live.deal.actor], "fold")
    >>> [(e.number, e.names, e.deal.variant.code) for e in
    ...  deals_from_events(t.config, [e.to_dict() for e in t.events])]
    [(1, ('Bob', 'Ann'), '_STR55L')]
    """
    log = [dict(e) for e in events]
    replayed = replay_log(config, log)
    if replayed.difference is not None:
        raise HandHistoryError(f"the log does not replay: {replayed.difference}")
    names: dict[int, str] = {}
    dealt: dict[int, tuple[str, ...]] = {}
    for event in log:
        if event["type"] == "player_sat":
            names[event["seat"]] = event["name"]
        elif event["type"] == "hand_started":
            dealt[event["number"]] = tuple(names.get(s, seat_label(s)) for s in event["seats"])
    # A log that replays exactly numbers its deals from 1, as the table does.
    deals = enumerate(replayed.table.deals, 1)
    return [PokerEntry(deal, dealt[number], number) for number, deal in deals if deal.finished]
