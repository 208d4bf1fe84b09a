"""888poker (Pacific Poker) hand histories: ``***** 888poker Hand History for Game N *****``.

Every amount 888 prints is what the player puts in with that action (``raises [$0.12]``
adds 0.12), tournament chips carry a ``$`` too, and no rake is printed.

>>> text = '''#Game No : 1
... ***** 888poker Hand History for Game 1 *****
... $0.06/$0.12 Blinds Fix Limit Holdem - *** 17 06 2018 20:28:21
... Table Embu 10 Max (Real Money)
... Seat 5 is the button
... Total number of players : 2
... Seat 5: Ann ( $4.80 )
... Seat 7: Bob ( $1.25 )
... Ann posts small blind [$0.06]
... Bob posts big blind [$0.12]
... ** Dealing down cards **
... Ann raises [$0.18]
... Bob folds
... ** Summary **
... Ann collected [ $0.24 ]'''
>>> [(ident, line, read)] = hands(text)
>>> hand = read()
>>> hand.variant, hand.button, [str(e.amount) for e in hand.events if e.kind == "put"]
('FT', 5, ['0.18'])
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

_HEADER: Final = re.compile(
    r"^\*\*\*\*\* (?:888poker |Cassava )?(?:Snap Poker )?Hand History for Game (\d+)"
)
_GAMES: Final = {
    ("Holdem", "No Limit"): "NT", ("Holdem", "Fix Limit"): "FT", ("Holdem", "Pot Limit"): "PT",
    ("Omaha", "Pot Limit"): "PO", ("Omaha Hi/Lo", "Pot Limit"): "PO/8",
    ("Omaha Hi/Lo", "Fix Limit"): "FO/8",
}  # fmt: skip
_STAKES_RE: Final = re.compile(r"^(\S+)/(\S+) Blinds (No Limit|Pot Limit|Fix Limit) (.+?) - \*\*\*")
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+) \( ?(\S+) ?\)\s*$")
_CARDS_RE: Final = re.compile(r"\[([^\]]*)\]")


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand id, first line, reader) for every hand of an 888 file."""
    for start, lines in split_hands(text, _HEADER):
        m = _HEADER.match(lines[0])
        ident = m.group(1) if m else "?"
        yield ident, start, partial(_parse, lines, start, ident)


def _parse(lines: list[str], start: int, ident: str) -> SiteHand:
    hand = SiteHand("888", ident, start, "NT", [], rake=None)
    seats: list[Seat] = []
    dealt = False
    out: set[str] = set()
    for offset, line in enumerate(lines):
        try:
            before = len(hand.events)
            dealt = _line(hand, line.strip(), seats, dealt, out) or dealt
            stamp(hand.events, before, start + offset)
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {start + offset}: {exc}") from None
    acting = {e.who for e in hand.events}
    hand.seats = [s for s in seats if s.name not in out and s.name in acting]
    hand.events = [e for e in hand.events if e.who not in out]
    if hand.small_bet is not None:  # 888's big bet is printed, not always twice the small
        opening = _turn_bet(hand.events)
        if opening is not None:
            hand.big_bet = opening
    return hand


def _turn_bet(events: list[Event]) -> Decimal | None:
    """The first bet made on the turn or the river (the big bet of fixed limit)."""
    boards, bet_on = 0, False
    for e in events:
        if e.kind == "board":
            boards, bet_on = boards + 1, False
        elif boards >= 2 and e.kind == "put" and not bet_on:
            return e.amount
    return None


def _line(hand: SiteHand, line: str, seats: list[Seat], dealt: bool, out: set[str]) -> bool:
    """Take in one line; ``True`` for the line that deals the hole cards."""
    if not line:
        return False
    if line.startswith("** Dealing down cards"):
        return True
    if not _table_line(hand, line, seats):
        _action_line(hand, line, dealt, out)
    return False


def _table_line(hand: SiteHand, line: str, seats: list[Seat]) -> bool:
    """The game and stakes, a tournament, the button, a seat, a street, hole cards or a
    pot collected: taken in, ``True``."""
    m = _STAKES_RE.match(line)
    if m:
        code = _GAMES.get((m.group(4), m.group(3)))
        if code is None:
            raise HandHistoryError(f"{m.group(3)} {m.group(4)} is not a game this reader knows")
        hand.variant = code
        big = money(m.group(2))
        if m.group(3) == "Fix Limit":
            hand.small_bet, hand.big_bet = big, 2 * big
        else:
            hand.min_bet = big
        hand.currency = "USD" if "$" in line and "Tournament" not in line else None
        return True
    if line.startswith("Tournament #"):
        hand.tournament = line.split(" - ")[0]
        hand.currency = None
        return True
    return seat_and_deal_line(hand, line, seats, seat_re=_SEAT_RE,
                              board_re=r"^\*\* Dealing (flop|turn|river) \*\* \[(.*)\]",
                              won_re=r"^(.+?) collected \[ ?(\S+) ?\]")  # fmt: skip


def _action_line(hand: SiteHand, line: str, dealt: bool, out: set[str]) -> None:
    """A player's action; one who folds before the deal sits out (``out``)."""
    m = re.match(r"^(.+?) (posts small blind|posts big blind|posts dead blind|posts ante|"
                 r"folds|checks|calls|bets|raises|shows|mucks)(.*)$", line)  # fmt: skip
    if m is None:
        return
    who, verb, rest = m.groups()
    amounts = [money(a) for a in re.findall(r"[$€£]?\d[\d,]*(?:\.\d+)?", rest)]
    first = amounts[0] if amounts else None
    if verb == "folds" and not dealt:
        out.add(who)  # folded before the deal: sitting out
    elif verb == "posts small blind":
        hand.events.append(Event("blind", who, first, "sb"))
    elif verb == "posts big blind":
        hand.events.append(Event("blind", who, first, "bb"))
    elif verb == "posts dead blind":
        if len(amounts) == 2:
            hand.events.append(Event("dead", who, amounts[0]))
            hand.events.append(Event("blind", who, amounts[1], "post"))
        else:
            hand.events.append(Event("blind", who, first, "post"))
    elif verb == "posts ante":
        hand.events.append(Event("ante", who, first))
    elif verb == "folds":
        hand.events.append(Event("fold", who))
    elif verb == "checks":
        hand.events.append(Event("check", who))
    elif verb in ("calls", "bets", "raises"):
        hand.events.append(Event("put", who, first))
    elif verb in ("shows", "mucks"):
        found = _CARDS_RE.search(rest)
        if found:
            hand.events.append(Event("show", who, cards=comma_cards(found.group(1))))
