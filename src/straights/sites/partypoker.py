"""PartyPoker hand histories: ``***** Hand History for Game N *****``.

Every amount is what the player adds with that action (``raises [$2 USD]``, ``is all-In
[$97.58 USD]``), a win may include a bet nobody called, and no rake is printed.

>>> text = '''***** Hand History for Game 1 *****
... $0.50/$1 USD NL Texas Hold'em - Wednesday, July 04, 23:18:02 EDT 2018
... Table Union (Real Money)
... Seat 1 is the button
... Total number of players : 2/2
... Seat 2: Bob ( $100.40 USD )
... Seat 1: Ann ( $51.78 USD )
... Ann posts small blind [$0.50 USD].
... Bob posts big blind [$1 USD].
... ** Dealing down cards **
... Ann calls [$0.50 USD]
... Bob raises [$2 USD]
... Ann folds
... Bob does not show cards.
... Bob wins $4 USD'''
>>> [(ident, line, read)] = hands(text)
>>> hand = read()
>>> hand.variant, hand.collected
('NT', {'Bob': Decimal('4')})
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from straights.errors import HandHistoryError
from straights.sites.model import (
    Event,
    Seat,
    SiteHand,
    comma_cards,
    money,
    seat_and_deal_line,
    stamp,
)
from straights.sites.pokerstars import split_hands

__all__ = ["hands"]

_HEADER: Final = re.compile(r"^\*\*\*\*\* Hand History for Game (\d+)")
_GAMES: Final = {("NL", "Texas Hold'em"): "NT", ("PL", "Texas Hold'em"): "PT",
                 ("FL", "Texas Hold'em"): "FT", ("", "Texas Hold'em"): "FT",
                 ("PL", "Omaha"): "PO", ("FL", "Omaha Hi-Lo"): "FO/8",
                 ("PL", "Omaha Hi-Lo"): "PO/8"}  # fmt: skip
_GAME_RE: Final = re.compile(r"\b(NL|PL|FL)? ?(Texas Hold'em|Omaha Hi-Lo|Omaha)\b")
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+) \( ?([^()]+?) ?\)\s*$")
_ACT_RE: Final = re.compile(
    r"^(.+?) (posts small blind|posts big blind \+ dead|posts big blind|posts ante|folds|"
    r"checks|calls|bets|raises|is all-In|shows|doesn't show)(.*)$"
)
_CARDS_RE: Final = re.compile(r"\[([^\]]*)\]")
_AMOUNT_RE: Final = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?")


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand id, first line, reader) for every hand of a PartyPoker file."""
    for start, lines in split_hands(text, _HEADER):
        m = _HEADER.match(lines[0])
        ident = m.group(1) if m else "?"
        yield ident, start, partial(_parse, lines, start, ident)


def _parse(lines: list[str], start: int, ident: str) -> SiteHand:
    hand = SiteHand("partypoker", ident, start, "NT", [], rake=None)
    seats: list[Seat] = []
    blinds: tuple[Decimal, Decimal] | None = None
    for offset, line in enumerate(lines):
        m = re.search(r"Blinds-Antes\((\S+)/(\S+) -", line)
        if m and blinds is None:
            blinds = (money(m.group(1)), money(m.group(2)))
        try:
            before = len(hand.events)
            _line(hand, line.strip(), seats, offset)
            stamp(hand.events, before, start + offset)
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {start + offset}: {exc}") from None
    acting = {e.who for e in hand.events}
    hand.seats = [s for s in seats if s.name in acting]  # the others sat out
    if blinds and not any(e.kind == "blind" for e in hand.events) and hand.button:
        _unprinted_blinds(hand, blinds)
    return hand


def _unprinted_blinds(hand: SiteHand, blinds: tuple[Decimal, Decimal]) -> None:
    """Older tournament hands print the blinds in the header only: the two seats after
    the button post them (PartyPoker charged them; the winner's amount includes them)."""
    button = hand.button or 0
    order = sorted(hand.seats, key=lambda s: (s.seat <= button, s.seat))
    if len(order) == 2:
        order.reverse()  # heads-up: the button posts the small blind
    posts = [Event("blind", seat.name, amount, tag)
             for seat, amount, tag in zip(order, blinds, ("sb", "bb"), strict=False)]  # fmt: skip
    at = next((k for k, e in enumerate(hand.events) if e.kind not in ("ante", "dead")),
              len(hand.events))  # fmt: skip
    hand.events[at:at] = posts


def _line(hand: SiteHand, line: str, seats: list[Seat], offset: int) -> None:
    if not line:
        return
    if offset == 1:
        _game_line(hand, line)
    elif not _table_line(hand, line, seats):
        _action_line(hand, line)


def _game_line(hand: SiteHand, line: str) -> None:
    """The hand's first line after its number: the game, the stakes, the currency."""
    m = _GAME_RE.search(line)
    if m is None or (m.group(1) or "", m.group(2)) not in _GAMES:
        raise HandHistoryError(f"no game this reader knows in {line!r}")
    hand.variant = _GAMES[(m.group(1) or "", m.group(2))]
    stakes = re.match(r"^(\S+)/(\S+)", line)
    if stakes and "Buy-in" not in line:
        big = money(stakes.group(2))
        if hand.variant.startswith("F"):
            hand.small_bet, hand.big_bet = big, 2 * big
        else:
            hand.min_bet = big
    hand.currency = "USD" if "USD" in line and "Buy-in" not in line else None
    if "Buy-in" in line:
        hand.tournament = line.split(" - ")[0]


def _table_line(hand: SiteHand, line: str, seats: list[Seat]) -> bool:
    """The blinds, the button, a seat, a street, hole cards or a pot won: taken in, ``True``."""
    m = re.match(r"^Blinds\((\S+)/(\S+)\)", line)
    if m:
        big = money(m.group(2))
        if hand.variant.startswith("F"):
            hand.small_bet, hand.big_bet = big, 2 * big
        else:
            hand.min_bet = big
        return True
    return seat_and_deal_line(hand, line, seats, seat_re=_SEAT_RE,
                              board_re=r"^\*\* Dealing (Flop|Turn|River) \*\* \[(.*)\]",
                              won_re=r"^(.+?) wins (\S+)")  # fmt: skip


def _action_line(hand: SiteHand, line: str) -> None:
    """A player's action (or the cards he shows)."""
    m = _ACT_RE.match(line)
    if m is None:
        return
    who, verb, rest = m.groups()
    amounts = [money(a) for a in _AMOUNT_RE.findall(rest)] if "[" in rest else []
    first = amounts[0] if amounts else None
    if verb == "posts small blind":
        hand.events.append(Event("blind", who, first, "sb"))
    elif verb == "posts big blind":
        hand.events.append(Event("blind", who, first, "bb"))
    elif verb == "posts big blind + dead":
        live = hand.min_bet or hand.small_bet
        if first is not None and live is not None and first > live:
            hand.events.append(Event("blind", who, live, "post"))
            hand.events.append(Event("dead", who, first - live))
        else:
            hand.events.append(Event("blind", who, first, "post"))
    elif verb == "posts ante":
        hand.events.append(Event("ante", who, first))
    elif verb == "folds":
        hand.events.append(Event("fold", who))
    elif verb == "checks":
        hand.events.append(Event("check", who))
    elif verb in ("calls", "bets", "raises", "is all-In"):
        hand.events.append(Event("put", who, first))
    else:
        found = _CARDS_RE.search(rest)
        if found:
            hand.events.append(Event("show", who, cards=comma_cards(found.group(1))))
