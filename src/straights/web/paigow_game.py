"""Pai Gow at the web table: the game hook :class:`PaiGowWebGame`, players (bots too)
against the bank, the house.

The seats, the accounts, the ledger, the host's powers and the command log are the
one web table's; each deal is made and settled by the one table's
:class:`~straights.table.PaiGowGame` (the house way, fouls refused, copies to the
bank, the commission).  Web seat ``k`` (counted from 0, as every web table does) is
Pai Gow seat ``k + 1``; the bank is Pai Gow's seat 0.  Each deal, everyone seated
with chips bets his *wager* (the table's ``bet`` until he chooses another, at most
his chips), receives seven cards and sets them; bots set the house way as the cards
are dealt, except the ``equity`` bots (any style), which set by their estimate
(:mod:`straights.bots.paigow`) after the table's bot delay, each by a stored ``set``
command (a deal command with ``"estimates": true`` leaves them to it; a deal stored
without it, before they did, sets every bot the house way, so an old log replays as
it was played); a person who does not set within the turn timer (or who leaves, or
is sat out) has his hands set the house way.  The bet leaves the player's chips when
the deal starts and comes back with his result when it settles, so that at every
step the chips in front of the players, the bets in play and the house's result add
up to the ledger's buy-ins less its cash-outs.

Cards reach a client only through :func:`straights.paigow.view.deal_view`.

>>> from straights.web.tables import make_table
>>> from straights.web.protocol import TableSettings
>>> table = make_table("t1", TableSettings(game="pai-gow", seats=2), 7, "h" * 64)
>>> type(table.game).__name__, table.transfers()
('PaiGowWebGame', [])
>>> table.apply({"kind": "act", "seat": 0, "action": "check"})
Traceback (most recent call last):
...
straights.errors.IllegalActionError: Pai Gow has no betting rounds: set your two hands
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from straights.bots import Bot
from straights.bots.paigow import HouseWayBot, make_paigow_bot
from straights.errors import ConfigurationError, IllegalActionError
from straights.game.config import TableConfig
from straights.paigow.deal import HandSet, PaiGowDeal, event_dict, phrase
from straights.paigow.rules import PaiGowRules
from straights.paigow.view import deal_view, setting_view
from straights.store import ArchiveEntry, PaiGowEntry
from straights.table import PaiGowGame
from straights.web.follow import tens
from straights.web.keyed_random import deal_random
from straights.web.protocol import TableSettings
from straights.web.seats import HISTORY_DEALS, Auto, Seating, SeatMeta, finished_deal

if TYPE_CHECKING:
    from straights.web.poker_game import Dealt

__all__ = ["HOUSE", "PaiGowWebGame", "estimates"]

#: The house's name in the ledger's settle-up (no player may take it, nor the bank's).
HOUSE: Final = "The house"
_RESERVED: Final = (HOUSE, "The bank", "Bank", "House")
#: The changes of settings a Pai Gow table refuses, and why.
_REFUSED: Final = (
    (("straddle", "runs", "bomb_pot_every", "bomb_pot_ante", "double_board"),
     "straddles, running it twice and bomb pots are dealt at poker tables of the catalogue only"),
    (("games",), "a Pai Gow table plays Pai Gow against the bank only"),
    (("house",), "house rules are for poker tables of the catalogue: Straights and Pai Gow "
                 "play by their own rule books"),
)  # fmt: skip


class PaiGowWebGame:
    """The hook of a Pai Gow table: the deal in play, the house's result, the wagers."""

    reserved_names: tuple[str, ...] = _RESERVED
    cannot_deal = "a deal needs a player with chips who is not a bot"
    banked = True
    #: The store records no poker settings for a Pai Gow table (its settings name the game).
    config = TableConfig()

    def __init__(self, table: Seating) -> None:
        self.table = table
        self.deal_now: PaiGowDeal | None = None
        #: The deal in play when the command being applied began (see :meth:`mark`).
        self.marked: PaiGowDeal | None = None
        #: Deals dealt so far (the number of the current or last deal).
        self.number = 0
        #: The house's result over every deal (positive: the house won chips).
        self.house = 0
        #: The bet each player (by player id) makes from the next deal on.
        self.wagers: dict[int, int] = {}
        #: The last HISTORY_DEALS deals, by number.
        self.deals: dict[int, PaiGowDeal] = {}
        #: The current or last deal's players' stacks before their bets, by Pai Gow seat
        #: (the table's seat + 1): its archived history starts from them.
        self.stacks_before: dict[int, int] = {}
        self.rng = deal_random(table.seed)
        #: When the current deal started, by this process's clock (not part of the state:
        #: a replay restarts it, and the players get a full turn after a restart).
        self.deal_clock = 0.0

    @property
    def rules(self) -> PaiGowRules:
        """The table's Pai Gow rules: its bet limits, the rest the package's defaults."""
        s = self.table.settings
        return PaiGowRules(
            min_bet=s.min_bet, max_bet=s.max_bet, commission=s.commission, house_way=s.house_way
        )

    # -- reading ----------------------------------------------------------------------------
    @property
    def in_hand(self) -> bool:
        return self.deal_now is not None and not self.deal_now.finished

    @property
    def hand_number(self) -> int:
        return self.number

    def deal_in_play(self) -> Dealt | None:
        """The poker deal in play: none, ever (a Pai Gow deal is :attr:`deal_now`)."""
        return None

    def bets_in_play(self) -> int:
        """Chips bet in the deal being played (none between deals)."""
        deal = self.deal_now
        return sum(deal.bets.values()) if deal is not None and self.in_hand else 0

    def stack_of(self, seat: int, meta: SeatMeta) -> int:
        return meta.stack

    def chips(self) -> int:
        """Chips in front of the players and bet in play."""
        return sum(m.stack for m in self.table.seats if m is not None) + self.bets_in_play()

    def can_bet(self, meta: SeatMeta) -> bool:
        """True when ``meta`` has the table's minimum bet in front of him."""
        return meta.stack >= self.table.settings.min_bet

    def can_deal(self) -> bool:
        """A person ready with chips (bots never play the bank alone)."""
        return any(
            m is not None and m.bot is None and not m.sat_out and not m.leaving and self.can_bet(m)
            for m in self.table.seats
        )

    def has_chips(self, seat: int, meta: SeatMeta) -> bool:
        return self.can_bet(meta) or (self.playing(seat, meta) and self.in_hand)

    def playing(self, seat: int | None, meta: object = None) -> bool:
        """True when ``seat``'s current owner was dealt into the current deal."""
        return self.deal_now is not None and self.table.owner_in_deal(seat, self.number) is not None

    def wager_of(self, meta: SeatMeta) -> int:
        """The bet ``meta``'s player makes next: his wager, at most the most his chips cover."""
        wager = self.wagers.get(meta.owner, self.table.settings.bet)
        return min(wager, self.rules.largest_bet(meta.stack))

    # -- commands -----------------------------------------------------------------------------
    def mark(self) -> int:
        """The deal's events so far (:meth:`events_since` tells those after them)."""
        self.marked = self.deal_now
        return 0 if self.marked is None else len(self.marked.events)

    def events_since(self, mark: int) -> list[dict[str, Any]]:
        """The events since :meth:`mark` (all of a deal started since)."""
        deal = self.deal_now
        if deal is None:
            return []
        return [event_dict(e) for e in deal.events[mark if deal is self.marked else 0 :]]

    def tidy(self) -> None:
        """Between deals: stand up those who left (cashing their chips out) and bots
        that cannot bet any more (but one whose buy-in waits for the host); a person
        short of the minimum keeps his seat."""
        for seat, meta in enumerate(self.table.seats):
            if meta is None:
                continue
            if meta.leaving:
                self.table.free(seat, "left")
            elif meta.bot is not None and not self.can_bet(meta):
                if self.table.accounts[meta.owner].pending:
                    continue
                self.table.free(seat, "broke")

    def wager(self, c: dict[str, Any]) -> None:
        meta = self.table.taken(int(c["seat"]))
        chips = int(c["chips"])
        self.rules.check_bet(chips)
        self.wagers[meta.owner] = chips

    def deal(self, c: dict[str, Any]) -> list[int]:
        seats = self.table.seats
        ready = {
            seat: meta
            for seat, meta in enumerate(seats)
            if meta is not None and not meta.leaving and not meta.sat_out and self.can_bet(meta)
        }
        bets = {seat: self.wager_of(meta) for seat, meta in ready.items()}
        stacks = [meta.stack for meta in ready.values()]
        # PaiGowGame checks every bet against its stack and deals from the shuffle.
        deal = PaiGowGame(self.rules).deal(list(ready), stacks, 0, self.rng, bets, None)
        for meta in seats:
            if meta is not None and meta.sat_out and not meta.leaving:
                meta.away_deals += 1
        self.deal_now = deal
        self.number += 1
        self.deal_clock = time.monotonic()
        self.stacks_before = {seat + 1: meta.stack for seat, meta in ready.items()}
        for seat, meta in ready.items():
            meta.stack -= bets[seat]
            if meta.bot is not None and not (c.get("estimates") and estimates(meta.bot)):
                deal.set_house_way(seat + 1)  # a house-way bot sets at once
        self.deals[self.number] = deal
        self.deals.pop(self.number - HISTORY_DEALS, None)
        self._settle_if_done()
        return list(ready)

    def set_hands(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        self.table.taken(seat)
        deal = self.deal_now
        if deal is None or not self.in_hand or not self.playing(seat):
            raise IllegalActionError("you are not playing a deal now: wait for the next")
        front = c.get("front")
        if front is None:
            deal.set_house_way(seat + 1)
        else:
            deal.set(seat + 1, " ".join(str(card) for card in front))
        why = c.get("why")
        if why == "timeout":
            at = next(
                k
                for k, e in enumerate(deal.events)
                if isinstance(e, HandSet) and e.seat == seat + 1
            )
            self.table.timeouts.setdefault(self.number, set()).add(at)
        self.table.note_move(seat, why)
        self._settle_if_done()

    def _settle_if_done(self) -> None:
        """Once the bank has set and the bets are settled (by :class:`PaiGowGame`), each
        bet comes back with its result and the house's result is counted."""
        deal = self.deal_now
        if deal is None or not deal.finished:
            return
        before = [self.stacks_before[pseat] for pseat in deal.bets]
        settled = PaiGowGame(self.rules).settle(deal, before)
        for pseat, start, chips in zip(deal.bets, before, settled.stacks, strict=True):
            meta = self.table.seats[pseat - 1]
            assert meta is not None  # a dealt seat is freed only between deals
            meta.stack += deal.bets[pseat] + chips - start  # the bet back and the result
        self.house += settled.house

    def leave(self, seat: int, meta: SeatMeta) -> None:
        """He stands up when the deal is settled; his hands play the house way."""
        deal = self.deal_now
        assert deal is not None
        if seat + 1 in deal.waiting:
            deal.set_house_way(seat + 1)
            self._settle_if_done()

    def act(self, c: dict[str, Any]) -> None:
        raise IllegalActionError("Pai Gow has no betting rounds: set your two hands")

    def choose(self, c: dict[str, Any]) -> None:
        raise IllegalActionError("this table deals Pai Gow: there is no game to choose")

    def stand(self, seat: int, meta: SeatMeta) -> None:
        """Between deals nobody sits in a Pai Gow deal: nothing to stand up from."""

    def set_level(self, c: dict[str, Any]) -> None:
        raise IllegalActionError("a Pai Gow table plays no tournament")

    def forfeit(self, seat: int) -> None:
        raise IllegalActionError("in Pai Gow a player who leaves plays his hands the house way")

    def change(self, c: dict[str, Any]) -> TableSettings:
        for refused, why in _REFUSED:
            if any(k in c for k in refused):
                raise IllegalActionError(why)
        keys = ("turn_seconds", "auto_limit", "bot_seconds", "house_way")
        return self.table.settings.model_copy(update={k: c[k] for k in keys if k in c})

    def close(self) -> None:
        """Nothing is in play between deals: the table frees every seat."""

    def check_bot(self, kind: str) -> None:
        """Every bot plays Pai Gow (any but ``equity`` sets the house way)."""

    # -- what the table does by itself --------------------------------------------------------
    def deal_plan(
        self, plan: Auto, *, connected: set[int], idle: float, bot_delay: float
    ) -> Auto | None:
        """The deal, saying whether a bot at the table sets by its estimate."""
        if any(m is not None and m.bot and estimates(m.bot) for m in self.table.seats):
            return Auto(plan.delay, {"kind": "deal", "estimates": True})
        return plan

    def next_auto(self, *, connected: set[int], idle: float, bot_delay: float) -> Auto | None:
        """During a deal, what to do without a player, and after how many seconds: set
        the house way for a player who left, is sat out or ran out of time."""
        table = self.table
        deal = self.deal_now
        assert deal is not None
        elapsed = time.monotonic() - self.deal_clock
        soonest: Auto | None = None
        for pseat in deal.waiting:
            seat = pseat - 1
            meta = table.seats[seat]
            if meta is None:  # pragma: no cover - a dealt seat is freed only between deals
                continue
            if meta.bot is not None and not meta.leaving and estimates(meta.bot):
                plan = Auto(max(0.0, table.bot_delay(bot_delay) - elapsed), None, bot_seat=seat)
            elif meta.sat_out or meta.leaving or meta.bot is not None:
                return Auto(0.0, self.fallback(seat, "away"))
            else:
                limit = table.person_wait(seat, connected)
                if limit is None:
                    continue
                plan = Auto(max(0.0, limit - elapsed), self.fallback(seat, "timeout"))
            if soonest is None or plan.delay < soonest.delay:
                soonest = plan
        return soonest

    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        """Set the seat's hands the house way."""
        return {"kind": "set", "seat": seat, "front": None, "why": why}

    def turn_left(self, idle: float) -> float | None:
        """Seconds left to set, for the timer (None: no timer or no deal being set)."""
        if not self.in_hand or self.table.settings.turn_seconds == 0:
            return None
        return self.table.settings.turn_seconds - (time.monotonic() - self.deal_clock)

    def bot_move(self, seat: int, bot: Callable[[], Bot]) -> Callable[[], dict[str, Any]]:
        """How the bot in ``seat`` makes its ``set`` command: a function, to run away
        from the event loop, that sets its own seven cards (the only cards it is
        shown) for its bet, by its kind."""
        meta, deal = self.table.seats[seat], self.deal_now
        if meta is None or meta.bot is None or deal is None or seat + 1 not in deal.waiting:
            raise IllegalActionError(f"no bot has hands to set in seat {seat + 1}")
        player = make_paigow_bot(meta.bot, self.rules)
        seven, bet = deal.cards(seat + 1), deal.bets[seat + 1]

        def command() -> dict[str, Any]:
            front = [c.ascii() for c in player.setting(seven, bet).front]
            return {"kind": "set", "seat": seat, "front": front, "why": "bot"}

        return command

    # -- what clients receive -------------------------------------------------------------------
    def _names(self, number: int) -> dict[int, str]:
        """Pai Gow seat -> name of the players dealt into deal ``number``."""
        return {s + 1: name for s, name in self.table.dealt_names.get(number, {}).items()}

    def _log(self, number: int) -> list[str]:
        """Deal ``number`` as everyone may follow it: who has set (not how) until the
        bank shows, then every hand and result; a timed-out setting says so."""
        deal = self.deals.get(number)
        if deal is None:
            return []
        names = self._names(number)
        timed = self.table.timeouts.get(number, set())
        lines = []
        for k, event in enumerate(deal.events):
            if isinstance(event, HandSet) and not deal.finished:
                how = "" if event.how == "player" else f" ({event.how})"
                line: str | None = f"{names.get(event.seat, 'A player')} has set{how}"
            else:
                line = phrase(event, names.get)
            if line is not None:
                lines.append(tens(line) + (" (timed out)" if k in timed else ""))
        return lines

    def public_state(self) -> dict[str, Any]:
        table = self.table
        deal = self.deal_now
        seats = table.public_seats()
        for i, public in enumerate(seats):
            meta = table.seats[i]
            if public is None or meta is None:
                continue
            dealt = deal if self.playing(i) else None
            if not (meta.leaving or meta.sat_out or table.accounts[meta.owner].pending):
                ready = "playing" if not self.in_hand else "waiting"  # (he is dealt the next)
                betting = dealt is not None and self.in_hand
                public["status"] = (
                    "playing" if betting else (ready if self.can_bet(meta) else "out of chips")
                )
            if meta.bot is not None:  # how the bot sets his hands (the page says so)
                public["sets_by"] = "equity" if estimates(meta.bot) else "house way"
            public["wager"] = self.wager_of(meta)
            public["bet"] = None if dealt is None else dealt.bets.get(i + 1)
            public["set"] = dealt is not None and i + 1 in dealt.settings
        ledger = table.public_ledger(self.bets_in_play()) | {"house": self.house}
        return {
            "table": self.public_settings(),
            "seats": seats,
            "ledger": ledger,
            "follow": {"log": self._log(self.number), "last": {}, "carry_text": None},
        }

    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]:
        """The deal as :func:`~straights.paigow.view.deal_view` lets the viewer see it."""
        table = self.table
        deal = self.deal_now
        mine = seat + 1 if seat is not None and self.playing(seat) else None
        waiting = deal is not None and mine in deal.waiting
        hand: dict[str, Any] = {
            "hand_number": self.number,
            "finished": not self.in_hand,
            "legal": ["set"] if waiting else [],
        }
        if deal is not None:
            hand["deal"] = deal_view(deal, mine, write=tens)
            if waiting and mine is not None:  # the house way's choice for his cards
                way = deal.house_way(mine)
                hand["house_way"] = setting_view(way.setting, tens) | {"rule": way.rule}
        me = table.seats[seat] if seat is not None else None
        # short of the minimum bet (the page offers a rebuy) and not betting now
        broke = bool(
            me
            and not self.can_bet(me)
            and not table.accounts[me.owner].pending
            and not (self.in_hand and mine is not None)
        )
        return {
            # No top-up at Pai Gow: a player short of the minimum bet rebuys (``broke``).
            "you": table.you(seat, broke)
            | {"wager": None if me is None else self.wager_of(me), "top_up": False},
            "hand": hand,
            "turn": table.turn(seat if waiting else None, turn_left),
        }

    def public_settings(self) -> dict[str, Any]:
        s = self.table.settings
        rules = self.rules
        return self.table.common_settings() | {
            "game": s.game,
            "min_bet": s.min_bet,
            "max_bet": s.max_bet,
            "bet": s.bet,
            "commission_percent": rules.commission_percent,
            "bet_unit": rules.bet_unit,
            "house_way": rules.house_way,
        }

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        """Deal ``number`` in words once it is settled (then every hand is face up)."""
        deal = finished_deal(self.deals, number, self.number)
        return {
            "type": "history",
            "hand": number,
            "game": "pai-gow",
            "names": {str(k - 1): v for k, v in self._names(number).items()},
            "lines": self._log(number),
            "deal": deal_view(deal, None, write=tens),
        }

    def archive_entry(self, events: list[dict[str, Any]]) -> ArchiveEntry | None:
        deal = self.deal_now
        if deal is None or not any(e["type"] == "settled" for e in events):
            return None
        return PaiGowEntry(deal, self._names(self.number), dict(self.stacks_before), self.number)


def estimates(kind: str) -> bool:
    """True when a bot of ``kind`` sets by its estimate rather than the house way."""
    try:
        return not isinstance(make_paigow_bot(kind), HouseWayBot)
    except ConfigurationError:
        return False
