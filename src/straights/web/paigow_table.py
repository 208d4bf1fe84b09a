"""A Pai Gow table on the web: players (bots too) against the bank, the house.

:class:`PaiGowWebTable` is a :class:`~straights.web.tables.WebTable` whose game is
:class:`~straights.paigow.deal.PaiGowDeal` instead of Straights: the seats, the
accounts, the ledger, the host's powers and the command log are the web table's,
and it too changes only by :meth:`PaiGowWebTable.apply` of stored JSON commands,
so a replay of its log rebuilds it exactly.  The rules are the ``paigow``
package's (the house way, fouls refused, copies to the bank, the commission).

Web seat ``k`` (counted from 0, as every web table does) is Pai Gow seat ``k + 1``;
the bank is Pai Gow's seat 0.  Each deal, everyone seated with chips bets his
*wager* (the table's ``bet`` until he chooses another, at most his chips),
receives seven cards and sets them; bots set the house way as the cards are
dealt, except the ``equity`` bots (any style), which set by their estimate
(:mod:`straights.bots.paigow`) after the table's bot delay, each by a stored
``set`` command (a deal command with ``"estimates": true`` leaves them to it; a
deal stored without it, before they did, sets every bot the house way, so an old
log replays as it was played); a person who does not set within the turn timer
(or who leaves, or is sat out) has his hands set the house way.  The bet leaves
the player's chips when the deal starts and comes back with his result when it
settles, so that at every step the chips in front of the players, the bets in
play and the house's result add up to the ledger's buy-ins less its cash-outs.

Cards reach a client only through :func:`straights.paigow.view.deal_view`.
The web table's Straights game (``WebTable.game``) is never made: every method
that would read it is replaced here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from straights.bots.paigow import HouseWayBot, make_paigow_bot
from straights.errors import ConfigurationError, IllegalActionError
from straights.paigow.deal import PaiGowDeal
from straights.paigow.events import HandSet, event_dict
from straights.paigow.rules import BANK, PaiGowRules, describe, in_order
from straights.paigow.view import deal_view
from straights.paigow.wording import phrase
from straights.web.follow import tens
from straights.web.keyed_random import deal_random
from straights.web.ledger import Transfer, settle_up
from straights.web.names import skeleton
from straights.web.tables import AWAY_DEALS, HISTORY_DEALS, Auto, SeatMeta, WebTable

#: The house's name in the ledger's settle-up (no player may take it, nor the bank's).
HOUSE: Final = "The house"
_RESERVED: Final = (HOUSE, "The bank", "Bank", "House")
#: Seconds the table waits for a person who is not connected when there is no timer.
NO_TIMER_WAIT: Final = 60.0


@dataclass(slots=True, repr=False)
class PaiGowWebTable(WebTable):
    """A web table dealing Pai Gow poker against the house; changed only by :meth:`apply`."""

    deal: PaiGowDeal | None = None
    #: Deals dealt so far (the number of the current or last deal).
    number: int = 0
    #: The house's result over every deal (positive: the house won chips).
    house: int = 0
    #: The bet each player (by player id) makes from the next deal on.
    wagers: dict[int, int] = field(default_factory=dict)
    #: The last HISTORY_DEALS deals, by number.
    deals: dict[int, PaiGowDeal] = field(default_factory=dict)
    #: The current or last deal's players' stacks before their bets, by Pai Gow seat
    #: (the table's seat + 1): its archived history starts from them.
    stacks_before: dict[int, int] = field(default_factory=dict)
    rng: random.Random = field(init=False)
    #: When the current deal started, by this process's clock (not part of the state:
    #: a replay restarts it, and the players get a full turn after a restart).
    deal_clock: float = 0.0

    def __repr__(self) -> str:
        return f"PaiGowWebTable({self.id!r}, deal {self.number}, command {self.seq})"

    def __post_init__(self) -> None:
        self.seats = [None] * self.settings.seats
        self.creator_hash = self.host_hash
        self.rng = deal_random(self.seed)

    @property
    def rules(self) -> PaiGowRules:
        """The table's Pai Gow rules: its bet limits, the rest the package's defaults."""
        s = self.settings
        return PaiGowRules(min_bet=s.min_bet, max_bet=s.max_bet, commission=s.commission)

    # -- reading ----------------------------------------------------------------------------
    @property
    def in_hand(self) -> bool:
        return self.deal is not None and not self.deal.finished

    @property
    def hand_number(self) -> int:
        return self.number

    def bets_in_play(self) -> int:
        """Chips bet in the deal being played (none between deals)."""
        return sum(self.deal.bets.values()) if self.deal is not None and self.in_hand else 0

    def chips(self) -> int:
        """Chips in front of the players and bet in play; with :attr:`house` they make
        :meth:`bank` (``chips() + house == bank()``)."""
        return sum(m.stack for m in self.seats if m is not None) + self.bets_in_play()

    def _chips_of(self, meta: SeatMeta) -> int:
        return meta.stack

    def can_bet(self, meta: SeatMeta) -> bool:
        """True when ``meta`` has the table's minimum bet in front of him."""
        return meta.stack >= self.settings.min_bet

    def can_deal(self) -> bool:
        """A person ready with chips (bots never play the bank alone)."""
        return any(
            m is not None and m.bot is None and not m.sat_out and not m.leaving and self.can_bet(m)
            for m in self.seats
        )

    def wager_of(self, meta: SeatMeta) -> int:
        """The bet ``meta``'s player makes next: his wager, at most the most his chips cover."""
        wager = self.wagers.get(meta.owner, self.settings.bet)
        return min(wager, self.rules.largest_bet(meta.stack))

    def dealt_in(self, seat: int | None) -> bool:
        """True when ``seat``'s current owner was dealt into the current deal."""
        return self.deal is not None and self.owner_in_deal(seat, self.number) is not None

    def check_new_name(self, name: str) -> None:
        WebTable.check_new_name(self, name)
        if any(skeleton(name) == skeleton(word) for word in _RESERVED):
            raise IllegalActionError(f"{name!r} is the house's name: choose another")

    def ledger_rows(self) -> list[dict[str, Any]]:
        """One row per player who ever sat: bought, cashed out, chips now, net."""
        seats = {m.owner: i for i, m in enumerate(self.seats) if m is not None}
        rows = []
        for account in self.accounts.values():
            seat = seats.get(account.player)
            meta = None if seat is None else self.seats[seat]
            stack = 0 if meta is None else meta.stack
            rows.append(
                {
                    "player": account.player,
                    "name": account.name,
                    "bot": account.bot,
                    "seat": seat,
                    "bought": account.bought,
                    "cashed": account.cashed,
                    "stack": stack,
                    "net": account.net(stack),
                    "pending": account.pending,
                }
            )
        return rows

    def transfers(self, rows: list[dict[str, Any]] | None = None) -> list[Transfer] | None:
        """Who pays whom if the game ended now, the house a party like the players
        (its net is :attr:`house`); None during a deal."""
        if self.in_hand:
            return None
        nets: dict[str, int] = {HOUSE: self.house}
        for row in self.ledger_rows() if rows is None else rows:
            nets[row["name"]] = nets.get(row["name"], 0) + row["net"]
        if sum(nets.values()) != 0:  # pragma: no cover - chips are conserved
            return None
        return settle_up(nets)

    # -- commands -----------------------------------------------------------------------------
    def apply(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one command and return the deal's events it caused (JSON-ready, the
        cards included: for the database only). An illegal command raises a
        ``StraightsError`` and changes nothing."""
        kind = command.get("kind")
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None:
            raise IllegalActionError(f"unknown table command {kind!r}")
        before = self.deal
        start = len(before.events) if before is not None else 0
        handler(command)
        self.seq += 1
        if not self.in_hand:
            self._tidy()
        deal = self.deal
        if deal is None:
            return []
        return [event_dict(e) for e in deal.events[start if deal is before else 0 :]]

    def _tidy(self) -> None:
        """Between deals: stand up those who left (cashing their chips out) and bots
        that cannot bet any more; a person short of the minimum keeps his seat."""
        for seat, meta in enumerate(self.seats):
            if meta is None:
                continue
            if meta.leaving:
                self._free(seat, "left")
            elif meta.bot is not None and not self.can_bet(meta):
                self._free(seat, "broke")

    def _do_wager(self, c: dict[str, Any]) -> None:
        meta = self._taken(int(c["seat"]))
        chips = int(c["chips"])
        self.rules.check_bet(chips)
        self.wagers[meta.owner] = chips

    def _do_deal(self, c: dict[str, Any]) -> None:
        self._open()
        if self.in_hand:
            raise IllegalActionError(f"deal {self.number} is still being played")
        if not self.can_deal():
            raise IllegalActionError("a deal needs a player with chips who is not a bot")
        ready = [
            (seat, meta)
            for seat, meta in enumerate(self.seats)
            if meta is not None and not meta.leaving and not meta.sat_out and self.can_bet(meta)
        ]
        bets = {seat + 1: self.wager_of(meta) for seat, meta in ready}
        deal = PaiGowDeal(bets, rng=self.rng, rules=self.rules)  # checks every bet
        for meta in self.seats:
            if meta is not None and meta.sat_out and not meta.leaving:
                meta.away_deals += 1
        self.deal = deal
        self.number += 1
        self.deal_clock = time.monotonic()
        dealt = [(s - 1, m) for s in bets if (m := self.seats[s - 1]) is not None]
        self.stacks_before = {seat + 1: meta.stack for seat, meta in dealt}
        for seat, meta in dealt:
            meta.stack -= bets[seat + 1]
        self.owners[self.number] = {seat: meta.owner for seat, meta in dealt}
        self.dealt_names[self.number] = {seat: meta.name for seat, meta in dealt}
        self.deals[self.number] = deal
        old = self.number - HISTORY_DEALS
        for kept in (self.deals, self.owners, self.dealt_names, self.timeouts):
            kept.pop(old, None)
        for seat, meta in dealt:
            if meta.bot is not None and not (c.get("estimates") and estimates(meta.bot)):
                deal.set_house_way(seat + 1)  # a house-way bot sets at once
        self._settle_if_done()

    def _do_set(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        self._taken(seat)
        deal = self.deal
        if deal is None or not self.in_hand or not self.dealt_in(seat):
            raise IllegalActionError("you are not playing a deal now: wait for the next")
        front = c.get("front")
        if front is None:
            deal.set_house_way(seat + 1)
        else:
            deal.set(seat + 1, " ".join(str(card) for card in front))
        why = c.get("why")
        if why == "timeout":
            done = [
                k
                for k, e in enumerate(deal.events)
                if isinstance(e, HandSet) and e.seat == seat + 1
            ]
            self.timeouts.setdefault(self.number, set()).add(done[0])
        meta = self.seats[seat]
        if meta is not None:
            if why == "timeout":
                meta.misses += 1
            elif why is None:
                meta.misses = 0
        self._settle_if_done()

    def _settle_if_done(self) -> None:
        """Once the bank has set and the bets are settled, each bet comes back with its
        result and the house's result is counted."""
        deal = self.deal
        if deal is None or not deal.finished:
            return
        for pseat, result in deal.results.items():
            meta = self.seats[pseat - 1]
            assert meta is not None  # a dealt seat is freed only between deals
            meta.stack += result.bet + result.net
        self.house += deal.house

    def _do_unseat(self, c: dict[str, Any]) -> None:
        seat = int(c["seat"])
        meta = self._taken(seat)
        deal = self.deal
        if self.in_hand and deal is not None and self.dealt_in(seat):
            # He stands up when the deal is settled; his hands play the house way.
            meta.leaving = True
            if seat + 1 in deal.waiting:
                deal.set_house_way(seat + 1)
                self._settle_if_done()
        else:
            self._free(seat, str(c.get("why") or "left"))

    def _do_rebuy(self, c: dict[str, Any]) -> None:
        meta = self._taken(int(c["seat"]))
        self._open()
        account = self.accounts[meta.owner]
        if self.can_bet(meta) or (self.dealt_in(int(c["seat"])) and self.in_hand):
            raise IllegalActionError("you still have chips: a rebuy is for a player out of chips")
        if account.pending:
            raise IllegalActionError("your buy-in already waits for the host's approval")
        self._buy_in(meta, "rebuys")

    def _do_act(self, c: dict[str, Any]) -> None:
        raise IllegalActionError("Pai Gow has no betting rounds: set your two hands")

    def _do_forfeit(self, c: dict[str, Any]) -> None:
        raise IllegalActionError("in Pai Gow a player who leaves plays his hands the house way")

    def _do_change(self, c: dict[str, Any]) -> None:
        self._open()
        self._between_deals("the host changes the table")
        keys = ("turn_seconds", "auto_limit", "bot_seconds")
        self.settings = self.settings.model_copy(update={k: c[k] for k in keys if k in c})

    def _do_close(self, c: dict[str, Any]) -> None:
        self._open()
        self._between_deals("the host closes the table")
        for seat, meta in enumerate(self.seats):
            if meta is not None:
                self._free(seat, "table closed")
        for account in self.accounts.values():
            account.pending = 0
        self.closed = True

    # -- what the table does by itself --------------------------------------------------------
    def next_auto(
        self, *, connected: set[int], idle: float, bot_delay: float, deal_delay: float
    ) -> Auto | None:
        """What to do next without a player, and after how many seconds: deal; set
        the house way for a player who left, is sat out or ran out of time."""
        for seat, meta in enumerate(self.seats):
            if meta is None or meta.bot is not None:
                continue
            if meta.sat_out and not self.dealt_in(seat) and meta.away_deals >= AWAY_DEALS:
                return Auto(0.0, {"kind": "unseat", "seat": seat, "why": "away"})
        deal = self.deal
        if deal is None or not self.in_hand:
            if self.can_deal() and not self.paused and not self.closed:
                command: dict[str, Any] = {"kind": "deal"}
                if any(m is not None and m.bot and estimates(m.bot) for m in self.seats):
                    command["estimates"] = True
                return Auto(max(0.0, deal_delay - idle), command)
            return None
        elapsed = time.monotonic() - self.deal_clock
        soonest: Auto | None = None
        for pseat in deal.waiting:
            seat = pseat - 1
            meta = self.seats[seat]
            if meta is None:  # pragma: no cover - a dealt seat is freed only between deals
                continue
            if meta.bot is not None and not meta.leaving and estimates(meta.bot):
                mine = self.settings.bot_seconds
                delay = bot_delay if mine is None else mine
                plan = Auto(max(0.0, delay - elapsed), None, bot_seat=seat)
            elif meta.sat_out or meta.leaving or meta.bot is not None:
                return Auto(0.0, self.fallback(seat, "away"))
            else:
                limit = float(self.settings.turn_seconds)
                if limit == 0:
                    if seat in connected:
                        continue
                    limit = NO_TIMER_WAIT
                plan = Auto(max(0.0, limit - elapsed), self.fallback(seat, "timeout"))
            if soonest is None or plan.delay < soonest.delay:
                soonest = plan
        return soonest

    def fallback(self, seat: int, why: str) -> dict[str, Any]:
        """Set the seat's hands the house way."""
        return {"kind": "set", "seat": seat, "front": None, "why": why}

    def bot_command(self, seat: int) -> Callable[[], dict[str, Any]]:
        """How the bot in ``seat`` makes its ``set`` command: a function, to run away
        from the event loop, that sets its own seven cards (the only cards it is
        shown) for its bet, by its kind."""
        meta, deal = self.seats[seat], self.deal
        if meta is None or meta.bot is None or deal is None or seat + 1 not in deal.waiting:
            raise IllegalActionError(f"no bot has hands to set in seat {seat + 1}")
        bot = make_paigow_bot(meta.bot, self.rules)
        seven, bet = deal.cards(seat + 1), deal.bets[seat + 1]

        def command() -> dict[str, Any]:
            front = [c.ascii() for c in bot.setting(seven, bet).front]
            return {"kind": "set", "seat": seat, "front": front, "why": "bot"}

        return command

    def seconds_left(self) -> float | None:
        """Seconds left to set, for the timer (None: no timer or no deal being set)."""
        if not self.in_hand or self.settings.turn_seconds == 0:
            return None
        return self.settings.turn_seconds - (time.monotonic() - self.deal_clock)

    # -- what clients receive -------------------------------------------------------------------
    def _names(self, number: int) -> dict[int, str]:
        """Pai Gow seat -> name of the players dealt into deal ``number``."""
        return {s + 1: name for s, name in self.dealt_names.get(number, {}).items()}

    def _log(self) -> list[str]:
        """The current deal as everyone may follow it: who has set (not how) until the
        bank shows, then every hand and result."""
        deal = self.deal
        if deal is None:
            return []
        names = self._names(self.number)
        timed = self.timeouts.get(self.number, set())
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
        """The parts of the state every viewer sees alike (computed once per update)."""
        deal = self.deal
        seats: list[dict[str, Any] | None] = []
        for i, meta in enumerate(self.seats):
            if meta is None:
                seats.append(None)
                continue
            public = self.public_seat(i, meta)
            playing = deal is not None and self.dealt_in(i)
            if meta.leaving or meta.sat_out or self.accounts[meta.owner].pending:
                pass
            elif playing and self.in_hand:
                public["status"] = "playing"
            elif not self.can_bet(meta):
                public["status"] = "out of chips"
            elif not self.in_hand:
                public["status"] = "playing"
            public["chips"] = meta.stack
            public["wager"] = self.wager_of(meta)
            public["bet"] = deal.bets.get(i + 1) if playing and deal is not None else None
            public["set"] = playing and deal is not None and i + 1 in deal.settings
            seats.append(public)
        ledger = self.public_ledger(self.bets_in_play()) | {"house": self.house}
        return {
            "table": self.public_settings(),
            "seats": seats,
            "ledger": ledger,
            "follow": {"log": self._log(), "last": {}, "carry_text": None},
        }

    def own_state(
        self, seat: int | None, *, turn_left: float | None, public: dict[str, Any]
    ) -> dict[str, Any]:
        """The parts of :meth:`state_for` that depend on the viewer: the deal as
        :func:`~straights.paigow.view.deal_view` lets him see it, and the house way's
        choice for his cards while he has them to set."""
        deal = self.deal
        mine = seat if self.dealt_in(seat) else None
        hand: dict[str, Any] = {"hand_number": self.number, "finished": not self.in_hand}
        waiting = False
        if deal is not None:
            pseat = None if mine is None else mine + 1
            hand["deal"] = deal_view(deal, pseat)
            if deal.finished:
                bank = deal.settings[BANK]
                hand["deal"]["bank"] |= {
                    "front_hand": tens(describe(bank.front_value)),
                    "back_hand": tens(describe(bank.back_value)),
                }
            waiting = pseat is not None and pseat in deal.waiting
            if waiting and pseat is not None:
                way = deal.house_way(pseat)
                hand["house_way"] = {
                    "front": [c.ascii() for c in in_order(way.setting.front)],
                    "back": [c.ascii() for c in in_order(way.setting.back)],
                    "front_hand": tens(describe(way.setting.front_value)),
                    "back_hand": tens(describe(way.setting.back_value)),
                    "rule": way.rule,
                }
        hand["legal"] = ["set"] if waiting else []
        me = self.seats[seat] if seat is not None else None
        # short of the minimum bet (the page offers a rebuy) and not betting now
        broke = bool(
            me
            and not self.can_bet(me)
            and not self.accounts[me.owner].pending
            and not (self.in_hand and self.dealt_in(seat))
        )
        return {
            "type": "state",
            "version": self.seq,
            "you": self.you(seat, broke) | {"wager": None if me is None else self.wager_of(me)},
            "hand": hand,
            "turn": self.turn(seat if waiting else None, turn_left),
        }

    def public_settings(self) -> dict[str, Any]:
        s = self.settings
        return {
            "id": self.id,
            "name": s.name,
            "game": s.game,
            "stack": s.stack,
            "seats": s.seats,
            "min_bet": s.min_bet,
            "max_bet": s.max_bet,
            "bet": s.bet,
            "commission_percent": self.rules.commission_percent,
            "bet_unit": self.rules.bet_unit,
            "turn_seconds": s.turn_seconds,
            "bot_seconds": s.bot_seconds,
            "auto_limit": self.auto_limit,
        }

    def history_for(self, seat: int | None, number: int) -> dict[str, Any]:
        """Deal ``number`` in words once it is settled (then every hand is face up)."""
        deal = self.finished_deal(self.deals, number)
        names = self._names(number)
        lines = [tens(line) for e in deal.events if (line := phrase(e, names.get)) is not None]
        return {
            "type": "history",
            "hand": number,
            "game": "pai-gow",
            "names": {str(k - 1): v for k, v in names.items()},
            "lines": lines,
            "deal": deal_view(deal, None),
        }


def estimates(kind: str) -> bool:
    """True when a bot of ``kind`` sets by its estimate rather than the house way."""
    try:
        return not isinstance(make_paigow_bot(kind), HouseWayBot)
    except ConfigurationError:
        return False
