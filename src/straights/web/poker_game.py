"""Any game of the catalogue at the web table, one game or dealer's choice: the game
hook :class:`PokerWebGame`.

Each deal is the engine's :class:`~straights.poker.Deal`, made and settled by the one
table's :class:`~straights.table.PokerGame` (``deal``/``settle``) on the stakes of
the table's unit (its "ante"), Straights included — one path for every game.  Seats,
the button and a carried pot between deals are kept by :class:`PokerSeats`, the one
table of open seats (:class:`~straights.table.Table`).  The hook adds ``choose``
(dealer's choice: the player on the next deal's button names its game) and moves
that are not bets (``discard`` in a draw, ``expose`` in Mexican stud).

As at every web table, the stored commands replay to the identical state: the deals
shuffle from the table's keyed generator (a draw's new stock from
:func:`~straights.web.keyed_random.restock_random`), and a choice the table makes
(a bot's, a timed-out player's) is written into its ``choose`` command.

Cards reach a client only through :func:`~straights.poker.view.deal_view`, for the
player the viewer was dealt in as (a spectator otherwise).

>>> from straights.web.tables import make_table
>>> from straights.web.protocol import TableSettings, is_straights, straights_games
>>> table = make_table("t1", TableSettings(games=("FR",)), 7, "h" * 64)
>>> type(table.game).__name__
'PokerWebGame'
>>> table.apply({"kind": "set", "seat": 0, "front": None})
Traceback (most recent call last):
...
straights.errors.IllegalActionError: this table deals poker: there are no hands to set
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from straights.bots import Bot
from straights.bots.base import answer, can_decide
from straights.cards import Card, make_deck
from straights.errors import ConfigurationError, IllegalActionError, StraightsError
from straights.game.config import TableConfig
from straights.game.draw import draw_button, first_button
from straights.game.wording import (
    carry_line,
    deed,
    entry_phrase,
    phrase,
    pot_lines,
    seat_label,
    text,
)
from straights.poker.catalogue import find_variant, game_name, get_variant
from straights.poker.engine import Deal
from straights.poker.house import HouseRules
from straights.poker.stakes import default_stakes, stakes_words
from straights.poker.variant import Stakes, Structure, Variant
from straights.poker.view import DealView, Move, choice_dict, deal_view, play
from straights.store import ArchiveEntry, PokerEntry
from straights.table import PokerGame, Table, straights_stakes
from straights.web.deal_steps import down_positions, frame_before, split_at_cards
from straights.web.follow import best_words, tens
from straights.web.house_rules import check_house, rules_for
from straights.web.keyed_random import deal_random, restock_random
from straights.web.protocol import (
    ProtocolError,
    TableSettings,
    changed_games,
    is_straights,
    straights_games,
)
from straights.web.seats import HISTORY_DEALS, Auto, Seating, SeatMeta, finished_deal

if TYPE_CHECKING:
    from straights.tournament.schedule import Level

__all__ = ["Dealt", "PokerSeats", "PokerWebGame", "house_rules", "scaled_stakes", "shortcuts"]

#: The table's betting settings the host may change (see :func:`house_rules`).
_HOUSE_KEYS: Final = ("straddle", "runs", "bomb_pot_every", "bomb_pot_ante", "double_board")
#: Each of them off (with the games, the host may turn them off for Straights).
_OFF: Final = {"straddle": "none", "runs": 1, "bomb_pot_every": 0, "bomb_pot_ante": 0,
               "double_board": False}  # fmt: skip


def scaled_stakes(variant: Variant, players: int, unit: int) -> Stakes:
    """:func:`~straights.poker.stakes.default_stakes` with every amount times ``unit``
    (the table's "ante" setting is its stakes unit).

    >>> scaled_stakes(get_variant("FT"), 3, 5).blinds
    (5, 10, 0)
    >>> scaled_stakes(get_variant("F7S"), 2, 2).bring_in
    2
    """
    s = default_stakes(variant, players)
    return dataclasses.replace(
        s,
        antes=tuple(a * unit for a in s.antes),
        blinds=tuple(b * unit for b in s.blinds),
        bring_in=s.bring_in * unit,
        small_bet=s.small_bet * unit,
        big_bet=s.big_bet * unit,
        min_bet=s.min_bet * unit,
    )


def house_rules(settings: TableSettings) -> HouseRules | None:
    """The table's betting beyond the rule book as the engine's
    :class:`~straights.poker.house.HouseRules` (``None``: a table of none), which
    :class:`~straights.table.PokerGame` deals where a game has blinds and a board.

    >>> house_rules(TableSettings(games=("NT",))) is None
    True
    >>> house_rules(TableSettings(games=("NT",), straddle="utg", runs=2)).straddle
    'utg'
    >>> house_rules(TableSettings(games=("FT",), house={"raise_cap": 3})).raise_cap
    3
    """
    s = settings
    rule_book = {k: v for k, v in s.house.items() if v is not None}
    if s.straddle is None and s.runs == 1 and s.bomb_pot_every == 0:
        return HouseRules.from_changes(rule_book) if rule_book else None
    return HouseRules.from_changes(rule_book | {k: getattr(s, k) for k in _HOUSE_KEYS})


def _straights_only(games: Collection[str]) -> bool:
    """Whether every game of ``games`` (codes) is one of Straights'.

    >>> _straights_only(("_STR55L", "_STR52N")), _straights_only(("_STR55L", "NT"))
    (True, False)
    """
    return all(is_straights(get_variant(g)) for g in games)


def _straights_pack(games: Sequence[str]) -> int | None:
    """The pack of a table's one game when it is one of Straights' (else ``None``).

    >>> _straights_pack(("_STR52N",)), _straights_pack(("NT",)), _straights_pack(())
    (52, None, None)
    """
    only = get_variant(games[0]) if len(games) == 1 else None
    return len(make_deck(only.deck)) if only is not None and is_straights(only) else None


def shortcuts(
    kind: str, low: int, high: int, *, pot: int, top: int, mine: int, all_in: int
) -> list[dict[str, Any]]:
    """The quick amounts of a bet or raise ranging ``low``–``high`` (street totals, the
    engine's legal range): a bet offers ½ pot, ⅔ pot and pot; a raise min, 2× and 3×
    the bet faced, and pot; both the most, "All-in" when it is all of the player's
    chips (``all_in``: his street total all in), "Pot" when it is the pot, else
    "Max".  ``pot``: every chip in the middle, this street's bets included; ``top``:
    the street's highest bet;
    ``mine``: the player's own.  Each amount lies in the range (a share beyond it is
    left out) and appears once.

    >>> [(s["label"], s["to"]) for s in shortcuts("bet", 2, 90, pot=12, top=0, mine=0,
    ...                                             all_in=90)]
    [('½ pot', 6), ('⅔ pot', 8), ('Pot', 12), ('All-in', 90)]
    >>> [(s["label"], s["to"]) for s in shortcuts("raise", 20, 31, pot=17, top=10, mine=0,
    ...                                             all_in=40)]
    [('Min', 20), ('3×', 30), ('Max', 31)]
    >>> [(s["label"], s["to"]) for s in shortcuts("raise", 4, 100, pot=3, top=2, mine=0,
    ...                                             all_in=100)]
    [('Min', 4), ('3×', 6), ('Pot', 7), ('All-in', 100)]

    At pot limit the range stops at the pot (the most, so "Pot", not "Max"):

    >>> [(s["label"], s["to"]) for s in shortcuts("bet", 2, 12, pot=12, top=0, mine=0,
    ...                                             all_in=90)]
    [('½ pot', 6), ('⅔ pot', 8), ('Pot', 12)]
    """
    after_call = pot + top - mine
    pot_size = top + after_call
    if kind == "bet" or top == 0:
        wanted = [("½ pot", top + after_call // 2), ("⅔ pot", top + after_call * 2 // 3)]
    else:
        wanted = [("Min", low), ("2×", 2 * top), ("3×", 3 * top)]
    quick: dict[int, str] = {}  # amount -> its first label
    for label, to in [*wanted, ("Pot", pot_size)]:
        if low <= to < high:
            quick.setdefault(to, label)
    if high > low:
        quick[high] = "All-in" if high == all_in else "Pot" if high == pot_size else "Max"
    return [{"label": label, "to": to} for to, label in quick.items()]


def _codes(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if c is None else c.ascii() for c in cards]


@dataclass(slots=True)
class Dealt:
    """One deal at the table: the engine's :class:`Deal` and the seats dealt in
    (``seats[i]`` is the deal's player ``i``; the button is the last)."""

    number: int
    deal: Deal
    seats: tuple[int, ...]
    #: The shuffled deck and every move made (a ``Move``, or the player index of a
    #: forfeit), from which the history deals the deal again step by step.
    deck: tuple[Card, ...] = ()
    moves: list[Move | int] = field(default_factory=list)

    @property
    def variant(self) -> Variant:
        return self.deal.variant

    @property
    def finished(self) -> bool:
        return self.deal.finished

    @property
    def button(self) -> int:
        return self.seats[-1]

    @property
    def actor(self) -> int | None:
        """The seat to act (bet, draw or choose cards), if any."""
        i = self.deal.actor
        return None if i is None else self.seats[i]

    def player_index(self, seat: int | None) -> int | None:
        """The deal's player index of ``seat`` (``None``: not dealt in)."""
        return self.seats.index(seat) if seat in self.seats else None


class PokerSeats(Table[Deal, Variant]):
    """The one table (:class:`~straights.table.Table`, of :attr:`~straights.table.Table.open_seats`)
    as the web keeps it: its players are the web table's seats, whose chips live in
    their :class:`~straights.web.seats.SeatMeta` (copied to the table's stacks when a
    deal starts, and back when it ends); every change is told as an event."""

    game: PokerGame

    def __init__(
        self,
        config: TableConfig,
        unit: int,
        seed: int,
        house: HouseRules | None = None,
        *,
        own_stakes: bool = False,
        draw_pack: int | None = None,
    ) -> None:
        n = config.seats
        game = PokerGame(self._stakes, house)
        super().__init__(game, [""] * n, 0, seed=deal_random(seed), open_seats=True)
        #: The table's configuration as the store records it (seats, stack, ante).
        self.config = config
        self.unit = unit
        self.seed = seed
        #: The players in the game, by seat: the web table's seats (chips and all).
        self.seats: list[SeatMeta | None] = [None] * n
        self.hand: Dealt | None = None
        self.hand_number = 0
        #: The events told so far (JSON-ready, secrets included: for the store only).
        self.events: list[dict[str, Any]] = []
        #: A tournament's level for the next deals (``tlevel`` command), else the unit's.
        self.level: Level | None = None
        #: Straights on its own stakes with the first button drawn for (rule 1), as
        #: the terminal deals it (tables of edition 5 on; before: the catalogue's).
        self.own_stakes = own_stakes
        #: The pack of the dealer draw for the first button (``None``: the lowest seat).
        self.draw_pack = draw_pack
        self._told = 0

    def _stakes(self, variant: Variant, players: int) -> Stakes:
        """The deal's stakes: a tournament's level, Straights' own (ante ``unit``,
        live) at a table of :attr:`own_stakes`, else the catalogue's times ``unit``."""
        level = self.level
        if level is not None:
            return level.stakes(variant, players)
        if self.own_stakes and is_straights(variant):
            return straights_stakes(variant, players, ante=self.unit)
        return scaled_stakes(variant, players, self.unit)

    def _emit(self, **data: Any) -> None:
        self.events.append(data)

    @property
    def actor(self) -> int | None:
        hand = self.hand
        return None if hand is None or hand.finished else hand.actor

    def sit(self, seat: int, player: SeatMeta) -> None:
        """``player`` (the web table's seat: his chips are known there) plays from now."""
        self.seats[seat] = player
        self._emit(type="sat", seat=seat, name=player.name, stack=player.stack)

    def stand(self, seat: int) -> None:
        self.seats[seat] = None
        self._emit(type="stood", seat=seat)

    def live_stacks(self) -> dict[int, int]:
        """Chips behind each seated player (live during a deal)."""
        out = {s: p.stack for s, p in enumerate(self.seats) if p is not None}
        hand = self.hand
        if hand is not None and not hand.finished:
            for i, seat in enumerate(hand.seats):
                out[seat] = hand.deal.stacks[i]
        return out

    def total_chips(self) -> int:
        """Every chip in the game: the players', the deal's pot and the carried pot."""
        hand = self.hand
        middle = hand.deal.pot if hand is not None and not hand.finished else 0
        return sum(self.live_stacks().values()) + middle + self.carry

    def next_button(self, ready: Collection[int] | None = None) -> int:
        """The seat among ``ready`` (default: the players with chips as the deal
        starts) that deals next: the first after the last deal's button, or at the
        first the dealer draw's of rule 1 from a :attr:`draw_pack` shuffled from the
        table's seed."""
        if self.hand_number == 0 and self.draw_pack is not None:
            drew = sorted(self.seated if ready is None else ready)
            return drew[first_button(len(drew), self.draw_pack, self.seed)]
        return super().next_button(ready)

    def start_hand(
        self, variant: Variant, muckers: Collection[int] = (), asked: Collection[int] = ()
    ) -> Dealt:
        """Deal ``variant`` to every seated player, the next button last (``muckers``:
        the seats that muck a beaten hand at the showdown; ``asked``: the seats asked
        to show or muck one, and whether to show a hand won uncontested)."""
        self.stacks[:] = [0 if p is None else p.stack for p in self.seats]
        cards = tuple(make_deck(variant.deck, jokers=variant.jokers).shuffled(self.rng))
        number = self.hand_number + 1
        self.game.muckers, self.game.asked = frozenset(muckers), frozenset(asked)
        # The deck is the table's shuffle; a draw's new stock is keyed by the deal.
        deal = self.start(variant, cards, restock_random(self.seed, number))
        self.carry = 0  # in the deal's pot now
        self.hand_number = number
        self.hand = Dealt(number, deal, tuple(self.players), cards)
        self._emit(type="deal_started", number=number, game=variant.code, seats=self.players)
        self._told = 0
        self._tell()
        return self.hand

    def _tell(self) -> None:
        """Record the deal's new log entries; settle the stacks when it ended."""
        hand = self.hand
        assert hand is not None
        log = hand.deal.log
        for entry in log[self._told :]:
            seat = None if entry.player is None else hand.seats[entry.player]
            self._emit(
                type="entry",
                kind=entry.kind,
                seat=seat,
                cards=_codes(entry.cards),
                amount=entry.amount,
                up=list(entry.up),
            )
        self._told = len(log)
        if hand.finished:
            self.finish(hand.deal)
            for seat in hand.seats:
                player = self.seats[seat]
                assert player is not None
                player.stack = self.stacks[seat]
                if player.stack == 0:
                    self.seats[seat] = None  # broke: the web table keeps or frees his seat
            self._emit(type="deal_ended", number=hand.number, carry=self.carry)

    def play_on(self, hand: Dealt) -> None:
        """Play on ``hand``, dealt before the table moved here, its log told already."""
        if not hand.finished:
            self.take_over(hand.deal, hand.seats, hand.deal.starting_stacks)
        self.hand = hand
        self._told = len(hand.deal.log)

    def play(self, seat: int, move: Move) -> None:
        """The move of ``seat``, the seat to act (:meth:`PokerWebGame.act` checks it)."""
        hand = self.hand
        assert hand is not None and hand.actor == seat
        play(hand.deal, move)
        hand.moves.append(move)
        self._tell()

    def forfeit(self, seat: int) -> None:
        """``seat`` left: he gives up the deal."""
        hand = self.hand
        i = None if hand is None else hand.player_index(seat)
        if hand is None or i is None:
            raise IllegalActionError(f"{seat_label(seat)} has no deal to forfeit")
        hand.deal.forfeit(i)
        hand.moves.append(i)
        self._tell()


def _card(code: str) -> Card:
    try:
        return Card(code)
    except StraightsError as exc:
        raise IllegalActionError(str(exc)) from None


class PokerWebGame:
    """The hook of a table of one game or dealer's choice of the catalogue: a player in
    the game (``meta.in_game``) sits in the :attr:`engine` with his
    :class:`~straights.web.seats.SeatMeta`, whose chips it plays (live in the deal's
    stacks during a deal); the engine's events are stored with each command."""

    reserved_names: tuple[str, ...] = ()
    cannot_deal = "a deal needs two players with chips, one of them a person"
    banked = False
    house = 0
    #: The event that says a command finished a deal (earlier releases: ``hand_ended``).
    deal_ended = "deal_ended"

    def __init__(self, table: Seating) -> None:
        s = table.settings
        config = TableConfig(ante=s.ante, seats=s.seats, starting_stack=s.stack)
        # Straights on its own stakes: tables of edition 5 on, and those that name no
        # game (Straights of their pack and betting); earlier: the catalogue's stakes.
        own = s.edition >= 5 or not s.games
        table.settings = s = straights_games(s)
        pack = _straights_pack(s.games) if own else None
        self.table = table
        self.engine = PokerSeats(config, s.ante, table.seed, house_rules(s), own_stakes=own,
                                 draw_pack=pack)  # fmt: skip
        self.engine.game.draws_together = s.edition < 4
        self.hands: dict[int, Dealt] = {}  # the last HISTORY_DEALS deals
        #: Dealer's choice: the game chosen for the next deal, and by whom.
        self.chosen: str | None = None
        self.chosen_by: int | None = None
        #: The game of the last deal (the default choice is the one after it in the list).
        self.last_game: str | None = None

    @property
    def config(self) -> TableConfig:
        return self.engine.config

    @property
    def in_hand(self) -> bool:
        hand = self.engine.hand
        return hand is not None and not hand.finished

    @property
    def hand_number(self) -> int:
        return self.engine.hand_number

    def deal_in_play(self) -> Dealt | None:
        """The deal in play, or the last one once it is over (until the next; ``None``
        before the first): what a table above the hook (a tournament's) asks of it —
        the engine's deal, the seat to act and the seats in the deal's order.

        >>> from straights.web.tables import make_table
        >>> from straights.web.protocol import TableSettings
        >>> make_table("t", TableSettings(seats=2), 1, "h" * 64).game.deal_in_play() is None
        True
        """
        return self.engine.hand

    def mark(self) -> int:
        return len(self.engine.events)

    def events_since(self, mark: int) -> list[dict[str, Any]]:
        return self.engine.events[mark:]

    def has_chips(self, seat: int, meta: SeatMeta) -> bool:
        return meta.in_game or meta.stack > 0

    def playing(self, seat: int, meta: SeatMeta) -> bool:
        return meta.in_game

    def leave(self, seat: int, meta: SeatMeta) -> None:
        """He forfeits the deal: folded now if it is his turn or he is all-in (nothing
        left to decide), else at his turn (the ``forfeit`` command)."""
        hand = self.engine.hand
        assert hand is not None
        i = hand.player_index(seat)
        alive = i is not None and not hand.deal.folded[i]
        # (Edition 1 logs recorded the fold at his turn as a command of its own.)
        now = hand.actor == seat or hand.deal.stacks[i or 0] == 0
        if alive and now and self.table.keeps_broke_players:
            self.engine.forfeit(seat)

    def stack_of(self, seat: int, meta: SeatMeta) -> int:
        return self.engine.live_stacks().get(seat, meta.stack) if meta.in_game else meta.stack

    def chips(self) -> int:
        """The engine's chips and those of players sat out or waiting."""
        outside = sum(m.stack for m in self.table.seats if m is not None and not m.in_game)
        return self.engine.total_chips() + outside

    def ready(self) -> list[int]:
        """Seats that a deal starting now would deal in."""
        return [
            i
            for i, m in enumerate(self.table.seats)
            if m is not None and not m.sat_out and not m.leaving and self.stack_of(i, m) > 0
        ]

    def can_deal(self) -> bool:
        """Two players ready with chips, one of them a person (bots never play alone)."""
        ready = self.ready()
        seats = self.table.seats
        return len(ready) >= 2 and any((m := seats[i]) is not None and m.bot is None for i in ready)

    def sit_players(self) -> None:
        """Before a deal: those ready with chips sit in the engine."""
        for seat, meta in enumerate(self.table.seats):
            if meta is None:
                continue
            if meta.sat_out:
                meta.away_deals += 1
            elif not meta.in_game and meta.stack > 0:
                self.engine.sit(seat, meta)
                meta.in_game = True

    def tidy(self) -> None:
        """Between deals: stand up those who left (cashing their chips out) and those
        sat out (keeping their chips); a player who went broke keeps his seat
        with no chips (edition 1: loses it), a bot that went broke leaves."""
        table = self.table
        stacks = self.engine.live_stacks()
        for seat, meta in enumerate(table.seats):
            if meta is None:
                continue
            if meta.in_game and seat not in stacks:  # went broke: the engine stood him up
                meta.in_game = False
                meta.stack = 0
                if meta.bot is not None or meta.leaving or not table.keeps_broke_players:
                    table.free(seat, "broke")
                continue
            if meta.leaving or meta.sat_out:
                self.stand(seat, meta)
            if meta.leaving:
                table.free(seat, "left")

    def stand(self, seat: int, meta: SeatMeta) -> None:
        """Between deals: the player in ``seat`` leaves the game (his chips stay his)."""
        if meta.in_game:
            self.engine.stand(seat)
            meta.in_game = False

    def set_level(self, c: dict[str, Any]) -> None:
        """A tournament's level for the next deals (``small``, ``big``, ``ante``,
        ``bb_ante``); the ``button`` seat deals next (else the first ready seat after it)."""
        from straights.tournament.schedule import Level

        ante = int(c.get("ante") or 0)
        self.engine.level = Level(int(c["small"]), int(c["big"]), ante, bool(c.get("bb_ante")))
        engine = self.engine
        engine.button = (int(c["button"]) - 1) % len(engine.seats)  # the first ready after it
        engine.draw_pack = None  # deals next: no dealer draw

    def close(self) -> None:
        """The table closes: a carried pot goes back to the players in the game, split
        evenly (the first seats get the odd chips), and everyone stands up."""
        engine = self.engine
        players = sorted(engine.live_stacks())
        if engine.carry and players:
            share, odd = divmod(engine.carry, len(players))
            for k, seat in enumerate(players):
                player = engine.seats[seat]
                assert player is not None
                player.stack += share + (1 if k < odd else 0)
            engine.carry = 0
        for seat, meta in enumerate(self.table.seats):
            if meta is not None:
                self.stand(seat, meta)

    def out_of_chips(self, seat: int | None) -> bool:
        """Whether the viewer's seat has no chips left and no buy-in waiting."""
        me = self.table.seats[seat] if seat is not None else None
        return bool(
            me and not me.in_game and me.stack == 0 and not self.table.accounts[me.owner].pending
        )

    def may_top_up(self, seat: int | None) -> bool:
        """Whether the viewer's seat may top up now (the page's "Top up" button): between
        deals, with chips but fewer than the table's stack, and no buy-in waiting.

        >>> from straights.web.tables import make_table
        >>> from straights.web.protocol import TableSettings
        >>> t = make_table("t", TableSettings(seats=2, stack=100), 1, "h" * 64)
        >>> _ = t.apply({"kind": "sit", "seat": 0, "name": "Ann", "token_hash": "a" * 64})
        >>> t.game.may_top_up(0), t.game.may_top_up(1), t.game.may_top_up(None)
        (False, False, False)
        >>> _ = t.apply({"kind": "adjust", "seat": 0, "chips": 60})
        >>> t.game.may_top_up(0)
        True
        """
        if seat is None or (me := self.table.seats[seat]) is None or self.in_hand:
            return False
        short = 0 < self.stack_of(seat, me) < self.table.settings.stack
        return short and not self.table.accounts[me.owner].pending

    def forfeit(self, seat: int) -> None:
        meta = self.table.taken(seat)
        if not meta.leaving:
            raise IllegalActionError(f"{meta.name} has not left: only a player who left forfeits")
        self.engine.forfeit(seat)

    def next_auto(self, *, connected: set[int], idle: float, bot_delay: float) -> Auto | None:
        """During a deal, what to do without a player, and after how many seconds:
        forfeit for a leaver, let a bot act, time a person out."""
        table = self.table
        actor = self.engine.actor
        assert actor is not None
        meta = table.seats[actor]
        if meta is None:  # pragma: no cover - a dealt seat always has its meta
            return None
        if meta.leaving:
            return Auto(0.0, {"kind": "forfeit", "seat": actor})
        if meta.bot is not None:
            return Auto(max(0.0, table.bot_delay(bot_delay) - idle), None, bot_seat=actor)
        if meta.sat_out:
            return Auto(0.0, self.fallback(actor, "away"))
        limit = table.person_wait(actor, connected)
        if limit is None:
            return None
        return Auto(max(0.0, limit - idle), self.fallback(actor, "timeout"))

    # -- dealer's choice ----------------------------------------------------------------------
    def chooser(self) -> int | None:
        """Dealer's choice, between deals: the seat that names the next deal's game
        (the next button), or ``None`` when nobody has to choose."""
        t = self.table
        if not t.settings.dealers_choice or self.in_hand or self.chosen is not None:
            return None
        if not self.can_deal() or t.paused or t.closed:
            return None
        return self.engine.next_button(self.ready())

    def default_game(self) -> str:
        """The game after the last one dealt, in the table's list (the first at first)."""
        games = self.table.settings.games
        if self.last_game not in games:
            return games[0]
        return games[(games.index(self.last_game) + 1) % len(games)]

    def choose(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        settings = self.table.settings
        if not settings.dealers_choice:
            raise IllegalActionError("this table deals one game: there is nothing to choose")
        chooser = self.chooser()
        if chooser is None:
            raise IllegalActionError("no game to choose now: wait for the end of the deal")
        if seat != chooser:
            meta = self.table.seats[chooser]
            who = meta.name if meta is not None else seat_label(chooser)
            raise IllegalActionError(f"{who} deals next and chooses the game")
        try:
            code = find_variant(str(c["game"])).code
        except StraightsError as exc:
            raise IllegalActionError(str(exc)) from None
        if code not in settings.games:
            names = ", ".join(game_name(g) for g in settings.games)
            raise IllegalActionError(f"{game_name(code)} is not played here: choose {names}")
        self.chosen, self.chosen_by = code, seat

    # -- commands -----------------------------------------------------------------------------
    def deal(self, command: dict[str, Any]) -> list[int]:
        settings = self.table.settings
        if settings.dealers_choice:
            if self.chosen is None:
                raise IllegalActionError("the dealer has not chosen the game yet")
            code = self.chosen
        else:
            code = settings.games[0]
        self.sit_players()
        self.chosen = self.chosen_by = None
        self.last_game = code
        t = self.table
        muckers = [s for s, m in enumerate(t.seats) if m is not None and m.owner in t.muckers]
        # A person who asked to be asked, unless he mucks beaten hands unasked.
        asked = [s for s, m in enumerate(t.seats) if m is not None and m.bot is None
                 and m.owner in t.askers and s not in muckers]  # fmt: skip
        hand = self.engine.start_hand(get_variant(code), muckers, asked)
        self.hands[hand.number] = hand
        self.hands.pop(hand.number - HISTORY_DEALS, None)
        return list(hand.seats)

    def act(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        hand = self.engine.hand
        if hand is None or hand.finished:
            raise IllegalActionError("no deal is being played: wait for the next")
        if hand.actor != seat:
            actor = hand.actor if hand.actor is not None else seat
            name = self.table.dealt_names.get(hand.number, {}).get(actor) or seat_label(actor)
            raise IllegalActionError(f"it is not your turn: {name} is to act")
        to = None if c.get("to") is None else int(c["to"])
        cards = tuple(_card(str(code)) for code in c.get("cards") or ())
        move = Move(str(c["action"]), to, cards)
        at = len(hand.deal.log)
        try:
            self.engine.play(seat, move)
        except IllegalActionError as exc:
            reason = _plain(str(exc))  # "cannot …" already names the move: not twice
            said = (
                f"you {reason}" if reason.startswith("cannot ") else f"you cannot {move}: {reason}"
            )
            raise IllegalActionError(said) from None
        if c.get("why") == "timeout" and self.table.seats[seat] is not None:
            self.table.timeouts.setdefault(hand.number, set()).add(at)
        self.table.note_move(seat, c.get("why"))

    def wager(self, command: dict[str, Any]) -> None:
        raise IllegalActionError(f"{self._dealt()} has no wagers: the stakes are the table's")

    def set_hands(self, command: dict[str, Any]) -> None:
        raise IllegalActionError(f"this table deals {self._dealt()}: there are no hands to set")

    def _dealt(self) -> str:
        """What the table deals, in a refusal: Straights, or poker."""
        return "Straights" if _straights_only(self.table.settings.games) else "poker"

    def change(self, c: dict[str, Any]) -> TableSettings:
        if "house_way" in c:
            raise IllegalActionError("the house way sets Pai Gow hands: this table deals poker")
        update: dict[str, Any] = {}
        if "games" in c:  # checked as a new table's; the table's betting checked below
            try:
                update = changed_games(self.table.settings, c["games"])
            except ProtocolError as exc:
                raise IllegalActionError(str(exc)) from None
        games = update.get("games", self.table.settings.games)
        asked = [
            k for k in _HOUSE_KEYS if k in c and ("games" not in c or c[k] not in (_OFF[k], None))
        ]
        if asked and _straights_only(games):
            raise IllegalActionError(
                "straddles, running it twice and bomb pots are dealt in games with blinds "
                "and a board: Straights has neither"
            )
        if "betting" in c and "games" in c:
            raise IllegalActionError(
                "change the games or Straights' structure, not both: "
                "name the Straights game of the structure wanted"
            )
        if "betting" in c:
            update = self._straights_betting(str(c["betting"]))
        keys = ("ante", "turn_seconds", "auto_limit", "bot_seconds", *_HOUSE_KEYS)
        update |= {k: c[k] for k in keys if k in c}
        # Turned off: no straddle; a bomb pot's ante back to twice the big blind.
        update |= {k: None for k in ("straddle", "bomb_pot_ante") if update.get(k) == _OFF[k]}
        if "house" in c:  # the rule books' house rules, the whole set
            try:
                update["house"] = check_house(c["house"], games)
            except ConfigurationError as exc:
                raise IllegalActionError(str(exc)) from None
        settings = self.table.settings.model_copy(update=update)
        if "games" in c:
            self._check_games(settings)
            if self.chosen not in settings.games or not settings.dealers_choice:
                self.chosen = self.chosen_by = None  # the chooser chooses again
        self.engine.unit = settings.ante
        self.engine.game.house = house_rules(settings)
        return settings

    def _check_games(self, settings: TableSettings) -> None:
        """The table's house rules, betting and bots fit its new games (else a
        refusal that says what to change with them)."""
        try:
            check_house(settings.house, settings.games)
        except ConfigurationError as exc:
            raise IllegalActionError(f"{exc}: change the house rules with the games") from None
        straights = _straights_only(settings.games)
        if straights and (settings.straddle or settings.runs > 1 or settings.bomb_pot_every):
            raise IllegalActionError(
                "Straights has no blinds or board: turn off the straddle, running it more "
                "than once and bomb pots with the games"
            )
        cfr = any(m is not None and m.bot == "cfr" for m in self.table.seats)
        if cfr and not straights:
            raise IllegalActionError(
                "the cfr bot plays only Straights: remove it first, or keep to Straights"
            )

    def _straights_betting(self, betting: str) -> dict[str, Any]:
        """A Straights table's change of betting (limit, no limit): the same Straights
        with the other betting, from the next deal; other games have their own."""
        pack = _straights_pack(self.table.settings.games)
        if pack is None or betting not in ("limit", "no-limit"):
            raise IllegalActionError(
                "each game here has its own betting structure: change the stakes (ante) instead"
            )
        same = TableSettings(pack=pack, betting=betting)  # type: ignore[arg-type]
        return {"games": straights_games(same).games, "betting": betting}

    def check_bot(self, kind: str) -> None:
        if kind == "cfr" and not _straights_only(self.table.settings.games):
            raise IllegalActionError("the cfr bot plays only Straights: choose another style")

    # -- what the table does by itself --------------------------------------------------------
    def deal_plan(
        self, plan: Auto, *, connected: set[int], idle: float, bot_delay: float
    ) -> Auto | None:
        """The deal, and on dealer's choice first a chooser's default when he is a bot
        (at the bots' pace) or lets the turn timer run out."""
        chooser = self.chooser()
        if chooser is None:
            return plan
        meta = self.table.seats[chooser]
        assert meta is not None
        command = {"kind": "choose", "seat": chooser, "game": self.default_game()}
        if meta.bot is not None:
            delay = self.table.bot_delay(bot_delay)
            return Auto(max(0.0, delay - idle), command | {"why": "bot"})
        limit = self.table.person_wait(chooser, connected)
        if limit is None:
            return None
        return Auto(max(0.0, limit - idle), command | {"why": "timeout"})

    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        """Stand pat in a draw; where cards must be picked (a discard, cards to turn up),
        the first the engine allows; else check or fold."""
        view = self.bot_view(seat)
        command: dict[str, Any] = {"kind": "act", "seat": seat, "why": why}
        me, choice = view.me, view.choice
        if view.runs:
            return command | {"action": "runs", "to": 1}  # asked to run it twice: once
        if view.show_or_muck:
            return command | {"action": "muck"}  # asked to show: the hand stays hidden
        if choice is not None and me is not None:
            picked = [me.cards[k] for k in choice.positions[: choice.least]]
            codes = [c.ascii() for c in picked if c is not None]
            return command | {"action": choice.kind, "cards": codes}
        kinds = [a.kind for a in view.legal]
        action = next((k for k in ("check", "fold") if k in kinds), kinds[0] if kinds else "fold")
        return command | {"action": action}

    def turn_left(self, idle: float) -> float | None:
        """The player to act's time, or the chooser's between deals."""
        seat = self.engine.actor if self.in_hand else self.chooser()
        meta = None if seat is None else self.table.seats[seat]
        settings = self.table.settings
        if seat is None or meta is None or meta.bot is not None or settings.turn_seconds == 0:
            return None
        return settings.turn_seconds + self.table.bank_left(seat) - idle

    def bot_view(self, seat: int) -> DealView:
        """The only thing a bot is shown: its seat's view of the deal."""
        hand = self.engine.hand
        assert hand is not None
        return deal_view(hand.deal, hand.player_index(seat))

    def move_command(self, seat: int, move: Move) -> dict[str, Any]:
        """The ``act`` command of a bot's ``move``."""
        return {
            "kind": "act",
            "seat": seat,
            "action": move.kind,
            "to": move.to,
            "cards": [c.ascii() for c in move.cards],
            "why": "bot",
        }

    def bot_move(self, seat: int, bot: Callable[[], Bot]) -> Callable[[], dict[str, Any]]:
        """How the bot in ``seat`` makes its ``act`` command (run away from the loop)."""
        player, view = bot(), self.bot_view(seat)
        hand = self.engine.hand
        if not can_decide(player, None if hand is None else hand.variant):
            raise IllegalActionError(f"the {player.name} bot plays Straights only")

        def command() -> dict[str, Any]:
            return self.move_command(seat, answer(player, view))

        return command

    # -- what clients receive -------------------------------------------------------------------
    def names_of(self, hand: Dealt) -> dict[int, str]:
        """Seat -> name of the players dealt into ``hand``."""
        return self.table.dealt_names.get(hand.number, {})

    def log_lines(self, hand: Dealt, viewer: int | None) -> list[str]:
        """The deal's log in words, as player index ``viewer`` may see it."""
        names = self.names_of(hand)
        lines = [f"Deal {hand.number}: {hand.variant.name}", *self.draw_lines(hand)]
        timed = self.table.timeouts.get(hand.number, set())
        name = _namer(hand, names)
        for k in range(len(hand.deal.log)):
            words = entry_phrase(hand.deal, k, name, viewer)
            if words:
                lines.append(tens(text(words)) + (" (time ran out)" if k in timed else ""))
        return lines

    def draw_lines(self, hand: Dealt) -> list[str]:
        """The dealer draw for the first button (rule 1), told with the first deal of
        a table that draws for it (:attr:`PokerSeats.draw_pack`)."""
        pack = self.engine.draw_pack
        if hand.number != 1 or pack is None:
            return []
        drew = sorted(hand.seats)  # the seats ready at the first deal, in seat order
        names = self.names_of(hand)
        draws = draw_button(len(drew), pack, self.engine.seed)

        def name(i: int) -> str:
            return names.get(drew[i], seat_label(drew[i]))

        return [tens(text(phrase(d, name))) for d in draws]

    def results(self, hand: Dealt) -> list[str]:
        """How each pot went, once the deal is over (:func:`~straights.game.wording.pot_lines`)."""
        return [tens(line) for line in pot_lines(hand.deal, _namer(hand, self.names_of(hand)))]

    def public_state(self) -> dict[str, Any]:
        """The seats, the ledger, the side pots; the log in words a spectator may read."""
        stacks = self.engine.live_stacks()
        seats = self.table.public_seats()
        ledger = self.table.public_ledger(self.engine.total_chips() - sum(stacks.values()))
        hand = self.engine.hand
        log: list[str] = []
        last: dict[str, str] = {}
        if hand is not None:
            log = self.log_lines(hand, None)
            last = {str(hand.seats[i]): text for i, text in _last_actions(hand.deal).items()}
        # What a deal nobody won leaves in the middle, once it is over (rule 10).
        carry = carry_line(hand.deal) if hand is not None and hand.finished else None
        side_pots: list[dict[str, Any]] = []
        if hand is not None and not hand.finished:
            pots = hand.deal.side_pots()
            if len(pots) > 1:
                names = hand.deal.pot_names()  # the engine's naming, as in the result
                side_pots = [
                    {"amount": p.amount, "eligible": [hand.seats[i] for i in p.eligible],
                     "name": name}
                    for p, name in zip(pots, names, strict=True)
                ]  # fmt: skip
        return {
            "table": self.public_settings(),
            "seats": seats,
            "side_pots": side_pots,
            "ledger": ledger,
            "follow": {"log": log, "last": last, "carry_text": carry},
        }

    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]:
        hand = self.engine.hand
        data: dict[str, Any]
        if hand is None:
            data = {"variant": None, "hand_number": 0, "finished": False, "players": [],
                    "board": [], "legal": [], "actor": None, "button": None}  # fmt: skip
        else:
            viewer = self.table.owner_in_deal(seat, hand.number)
            data = self.hand_data(hand, hand.player_index(viewer))
        actor = data["actor"]
        data["side_pots"] = public["side_pots"]
        chooser = self.chooser()
        settings = self.table.settings
        choice: dict[str, Any] | None = None
        if settings.dealers_choice:
            choice = {
                "seat": chooser,
                "games": public["table"]["games"],  # the table's list, as its settings say
                "default": self.default_game(),
                "chosen": self.chosen,
                "chosen_name": None if self.chosen is None else get_variant(self.chosen).name,
            }
        timed = actor if actor is not None and not data["finished"] else chooser
        return {
            "you": self.table.you(seat, self.out_of_chips(seat))
            | self._muck_choice(seat)
            | {"top_up": self.may_top_up(seat)},
            "hand": data,
            "choice": choice,
            "turn": self.table.turn(timed, turn_left),
        }

    def _muck_choice(self, seat: int | None) -> dict[str, bool]:
        """Whether the viewer mucks beaten hands, and whether he is asked to show or
        muck; none where no game of the table lets a beaten hand be mucked (Straights
        shows every hand: its pot rule reads them all)."""
        t = self.table
        if all(get_variant(g).pot_rule is not None for g in t.settings.games):
            return {}
        me = t.seats[seat] if seat is not None else None
        if me is None:
            return {"muck": False, "ask_muck": False}
        return {"muck": me.owner in t.muckers, "ask_muck": me.owner in t.askers}

    def hand_data(self, hand: Dealt, viewer: int | None) -> dict[str, Any]:
        """Deal ``hand`` as player index ``viewer`` may see it (seats, not indices)."""
        deal = hand.deal
        view = deal_view(deal, viewer)
        names = self.names_of(hand)
        showed = {e.player for e in deal.log if e.kind == "show"} if deal.finished else set()
        if deal.folded.count(False) == 1:  # a hand shown after winning uncontested: unnamed
            showed = set()
        players = []
        for p in view.players:
            seat, shown = hand.seats[p.index], p.index in showed
            players.append(
                {
                    "seat": seat,
                    "name": names.get(seat, seat_label(seat)),
                    "stack": p.stack,
                    "committed": p.bet,
                    "in_hand": True,
                    "folded": p.folded,
                    "cards": _codes(p.cards),
                    "up": list(p.up),
                    "won": deal.winnings[p.index] if view.phase == "over" else 0,
                    "shown": _described(deal, p.index) if shown else "",
                    # A board run twice (or two boards): the shown hand on each board.
                    "shown_runs": _described_runs(deal, p.index) if shown else [],
                }
            )  # fmt: skip
        variant = hand.variant
        me = view.me
        top = max((p.bet for p in view.players), default=0)
        mine = 0 if me is None else me.bet
        all_in = 0 if me is None else me.bet + me.stack
        legal = [
            {"kind": a.kind, "amount": a.amount, "low": a.low, "high": a.high,
             "label": _label(a.kind, a.amount, a.low, a.high),
             "shortcuts": shortcuts(a.kind, a.low, a.high, pot=view.pot, top=top, mine=mine,
                                    all_in=all_in) if a.kind in ("bet", "raise") else []}
            for a in view.legal
        ]  # fmt: skip
        return {
            "variant": variant.code,
            "variant_name": variant.name,
            "game": game_name(variant.code),
            "structure": "doubling ladder"
            if variant.structure is Structure.DOUBLING
            else variant.structure.value.replace("-", " "),  # "fixed limit", "no limit" …
            "stakes": stakes_words(deal.stakes, variant.structure),
            "hand_number": hand.number,
            "finished": hand.finished,
            "street": view.street,
            "phase": view.phase,
            "button": hand.button,
            "actor": hand.actor,
            "pot": view.pot,
            # The chips carried in from a deal nobody won (Straights' rule 10), in the pot.
            "carry": deal.carry_in,
            "board": _codes(view.board),
            "board_total": variant.board_count,
            "players": players,
            "hole": [] if me is None else _codes(me.cards),
            "hole_up": [] if me is None else list(me.up),
            "legal": legal,
            "draw_limit": view.draw_limit,
            "choose_up": view.choose_up,
            "card_choice": None if view.choice is None else choice_dict(view.choice),
            "to_call": view.to_call,
            # What the viewer would owe now, his turn or not (the page's pre-actions).
            "facing": 0 if me is None or me.folded else view.to_call,
            "runs": list(view.runs),
            "show_or_muck": view.show_or_muck,
            "bomb_pot": deal.bomb_pot,
            "straddle": _straddler(hand),
            "runs_dealt": deal.runs,
            "second_board": _codes(view.second_board),
            # The boards of runs 2, 3 … of a board run more than once (all face up).
            "run_boards": [_codes(tuple(b)) for b in deal.boards[1:]] if deal.runs > 1 else [],
            "best": _best(variant, view),
            "results": self.results(hand) if hand.finished else [],
            # Who won what, for the chips that fly to each winner (the engine's wins).
            "awards": _awards(hand) if hand.finished else [],
            # The board positions dealt face down (the key card), drawn as such.
            "board_down": down_positions(variant),
            "log": self.log_lines(hand, viewer),
        }

    def public_settings(self) -> dict[str, Any]:
        """The table's settings; straddles, runs and bomb pots only where they can be
        dealt (not at a Straights table: the host is offered no setting it refuses)."""
        s = self.table.settings
        hand = self.engine.hand
        house = {} if _straights_only(s.games) else {k: getattr(s, k) for k in _HOUSE_KEYS}
        return self.table.common_settings() | {
            "pack": s.pack,
            "betting": s.betting,
            "ante": s.ante,
            "games": [{"code": g, "name": get_variant(g).name} for g in s.games],
            "dealers_choice": s.dealers_choice,
            "game": None if hand is None else hand.variant.name,
            **house,
            "house": s.house,
            "house_rules": rules_for(s.games),
        }

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        """Deal ``number`` step by step as ``seat`` may see it: the deal is dealt again
        from its deck and its moves, and each step has its lines and the table after it."""
        hand = finished_deal(self.hands, number, self.hand_number)
        you = self.table.owner_in_deal(seat, number)
        viewer = hand.player_index(you)
        deal = hand.deal.dealt_again(hand.deck, restock_random(self.table.seed, number))
        again = Dealt(number, deal, hand.seats)
        names = self.names_of(hand)
        name = _namer(again, names)
        # A game with a key card: a step per card dealt (deal_steps cuts the lines), so
        # that the key card is seen dealt face down and turned; else a step per move.
        keyed = bool(down_positions(deal.variant))
        events: list[dict[str, Any]] = []
        frames: list[dict[str, Any]] = []
        lines, told = [f"Deal {number}: {deal.variant.name}"], 0
        for move in (None, *hand.moves):
            if isinstance(move, int):
                deal.forfeit(move)
            elif move is not None:
                play(deal, move)
            seen = [entry_phrase(deal, k, name, viewer) for k in range(told, len(deal.log))]
            frame = self.hand_data(again, viewer)
            del frame["log"]
            for begin, end in split_at_cards(deal.log, told, [keyed and bool(w) for w in seen]):
                lines += [tens(text(w)) for w in seen[begin - told : end - told] if w]
                events.append({"type": "step", "text": "; ".join(lines) or "…"})
                lines = []
                last = end == len(deal.log)
                frames.append(frame if last else frame_before(frame, deal.log, end, hand.seats,
                                                              viewer))  # fmt: skip
            told = len(deal.log)
        return {
            "type": "history",
            "hand": number,
            "game": deal.variant.name,
            "variant": True,
            "you": you,
            "names": {str(k): v for k, v in names.items()},
            "seats": self.table.settings.seats,
            "events": events,
            "frames": frames,
        }

    def archive_entry(self, events: list[dict[str, Any]]) -> ArchiveEntry | None:
        played = self.engine.hand
        if played is None or not any(e["type"] == self.deal_ended for e in events):
            return None
        names = self.table.dealt_names.get(played.number, {})
        who = tuple(names.get(s, seat_label(s)) for s in played.seats)
        return PokerEntry(played.deal, who, played.number)


def _described(deal: Deal, i: int, run: int = 0) -> str:
    """What player ``i`` showed makes (on the board of run ``run``, from 1), each
    share's hand named when there are two (a ten as "10")."""
    said = deal.describe(i, run)
    rules = deal.variant.showdown
    if len(rules) == 1 and said.startswith(f"{rules[0].label}: "):
        said = said[len(rules[0].label) + 2 :]
    return tens(said)


def _described_runs(deal: Deal, i: int) -> list[str]:
    """What player ``i``'s hand makes on each board when the board was run more than
    once (or there are two boards), named as :func:`_described` names it; one board:
    none.

    >>> from straights.cards import parse_cards
    >>> deck = parse_cards("As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d")
    >>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [50, 50],
    ...          deck, runs=2)
    >>> _ = d.act("raise", 50); _ = d.act("call"); _ = d.choose_runs(2); _ = d.choose_runs(2)
    >>> _described_runs(d, 0), _described_runs(d, 1)
    (['Pair of aces', 'Pair of aces'], ['Pair of kings', 'Three of a kind, kings'])
    """
    runs = len(deal.boards)
    return [_described(deal, i, run) for run in range(1, runs + 1)] if runs > 1 else []


def _best(variant: Variant, view: DealView) -> str | None:
    """In Straights, the viewer's best straight from his two hole cards and the table
    cards he sees (the face-down key card does not count); else ``None``."""
    me = view.me
    if not is_straights(variant) or me is None or len(me.cards) != 2:
        return None
    first, second = me.cards
    if first is None or second is None:
        return None
    seen = tuple(c for c in view.board if c is not None)
    pack = len(make_deck(variant.deck))
    return best_words(first, second, seen, pack)


def _awards(hand: Dealt) -> list[dict[str, Any]]:
    """Each pot share paid, in the log's order: ``winner`` (a seat) and ``amount``."""
    return [
        {"winner": hand.seats[e.player], "amount": e.amount}
        for e in hand.deal.log
        if e.kind == "win" and e.player is not None and e.amount > 0
    ]


def _straddler(hand: Dealt) -> int | None:
    """The seat that straddled in ``hand`` (the third blind, twice the big), if any."""
    blinds = hand.deal.stakes.blinds
    posted = [b for b in blinds if b]
    if len(posted) < 3 or hand.deal.bomb_pot:
        return None
    return hand.seats[blinds.index(max(blinds))]


def _plain(reason: str) -> str:
    """The engine's reason without its ``pN`` (the player knows who he is)."""
    words = reason.split(" ", 1)
    return (
        words[1] if len(words) == 2 and words[0][:1] == "p" and words[0][1:].isdigit() else reason
    )


def _label(kind: str, amount: int, low: int, high: int) -> str:
    if kind in ("fold", "check"):
        return kind
    if kind in ("call", "bring-in"):
        return f"{kind} {amount}"
    return f"{kind} {low}" if low == high else f"{kind} {low}–{high}"


def _namer(hand: Dealt, names: dict[int, str]) -> Callable[[int], str]:
    """The names of ``hand``'s players by index (a seat without one: "seat N")."""
    return lambda i: names.get(hand.seats[i], seat_label(hand.seats[i]))


def _last_actions(deal: Deal) -> dict[int, str]:
    """Each player's last betting action of the current street, in words."""
    last: dict[int, str] = {}
    for at, entry in enumerate(deal.log):
        if entry.kind == "betting":
            last = {}
        elif entry.player is not None and (words := deed(deal, at)) is not None:
            last[entry.player] = words
    return last
