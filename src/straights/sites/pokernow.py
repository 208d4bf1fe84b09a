"""PokerNow's game log (the CSV the table's host downloads: ``entry,at,order``).

The log is newest first; each hand runs from ``-- starting hand #N …`` to ``-- ending hand
#N --``.  Players are ``"name @ id"``; calls, bets and raises give the street total
(``calls 0.30`` after ``raises to 0.30``); cards are written ``A♥, 10♠``.

>>> log = '''entry,at,order
... "-- ending hand #1 --",t,7
... \"\"\"B @ b\"\" collected 4 from pot\",t,6
... \"\"\"A @ a\"\" folds\",t,5
... \"\"\"B @ b\"\" raises to 6\",t,4
... \"\"\"A @ a\"\" posts a big blind of 2\",t,3
... \"\"\"B @ b\"\" posts a small blind of 1\",t,2
... "Player stacks: #1 ""A @ a"" (100) | #2 ""B @ b"" (100)",t,1
... "-- starting hand #1 (id: x)  No Limit Texas Hold'em (dealer: ""B @ b"") --",t,0
... '''
>>> [(ident, line, read)] = hands(log)
>>> hand = read()
>>> ident, hand.button, [e.kind for e in hand.events]
('1', 2, ['blind', 'blind', 'to', 'fold'])
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from straights.errors import HandHistoryError
from straights.sites.model import Event, Seat, SiteHand, money, stamp

__all__ = ["hands"]

_GAMES: Final = {"No Limit Texas Hold'em": "NT", "Pot Limit Texas Hold'em": "PT",
                 "Pot Limit Omaha Hi": "PO", "Pot Limit Omaha Hi/Lo 8 or Better": "PO/8",
                 "Pot Limit Omaha Hi/Lo": "PO/8", "Limit Texas Hold'em": "FT"}  # fmt: skip
_NAME: Final = r'"(?P<who>[^"]+)"'
_SUITS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def _rows(text: str) -> list[tuple[int, str]]:
    """(order, entry) of every row, oldest first; a row's line is its place in the file."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if not header or header[0] != "entry":
        raise HandHistoryError("not a PokerNow log: the first line is not 'entry,at,order'")
    rows = []
    for number, row in enumerate(reader, start=2):
        if not row:
            continue
        order = int(row[2]) if len(row) > 2 and row[2].lstrip("-").isdigit() else -number
        rows.append((order, number, row[0]))
    rows.sort()
    return [(number, entry) for _, number, entry in rows]


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand number, the file line of its start, reader) for every hand of the log."""
    block: list[tuple[int, str]] = []
    for number, entry in _rows(text):
        if entry.startswith("-- starting hand"):
            block = [(number, entry)]
        elif block:
            block.append((number, entry))
            if entry.startswith("-- ending hand"):
                m = re.match(r"-- starting hand #(\d+)", block[0][1])
                ident = m.group(1) if m else "?"
                yield ident, block[0][0], partial(_parse, block, ident)
                block = []


def _card(text: str) -> str:
    text = text.strip()
    rank, suit = text[:-1], text[-1]
    return ("T" if rank == "10" else rank.upper()) + _SUITS.get(suit, suit.lower())


def _cards(text: str) -> str:
    return "".join(_card(c) for c in text.replace("[", "").replace("]", "").split(",") if c.strip())


def _parse(block: list[tuple[int, str]], ident: str) -> SiteHand:
    start, head = block[0]
    game = next((code for name, code in _GAMES.items() if f"{name} " in head or f"({name})" in
                 head or f" {name}" in head), None)  # fmt: skip
    if game is None:
        raise HandHistoryError(f"line {start}: {head!r} names no game of the catalogue")
    hand = SiteHand("pokernow", ident, start, game, [])
    dealer = re.search(r'\(dealer: "([^"]+)"\)', head)
    seats: list[Seat] = []
    for number, entry in block[1:]:
        try:
            before = len(hand.events)
            _entry(hand, entry, seats)
            stamp(hand.events, before, number)
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {number}: {exc}") from None
        except (ArithmeticError, ValueError) as exc:
            raise HandHistoryError(f"line {number}: {entry!r}: {exc}") from None
    hand.seats = seats
    if dealer:
        hand.button = next((s.seat for s in seats if s.name == dealer.group(1)), None)
    blinds = [e.amount for e in hand.events if e.kind == "blind" and e.cards == "bb" and e.amount]
    hand.min_bet = blinds[0] if blinds else None
    return hand


def _entry(hand: SiteHand, entry: str, seats: list[Seat]) -> None:
    if entry.startswith("Player stacks:"):
        for found in re.finditer(r'#(\d+) "([^"]+)" \(([\d.,]+)\)', entry):
            seats.append(Seat(found.group(2), int(found.group(1)), money(found.group(3))))
        return
    street = re.match(r"^(Flop|Turn|River)( \(second run\))?:\s*(.*)$", entry)
    if street:
        if street.group(2):
            raise HandHistoryError("a hand run twice: the engine deals one board")
        new = re.findall(r"\[([^\]]*)\]", street.group(3))
        cards = _cards(new[-1] if new else street.group(3))
        hand.events.append(Event("board", cards=cards))
        return
    m = re.match(_NAME + r" (?P<rest>.*)$", entry)
    if m is None:
        return
    who, rest = m.group("who"), m.group("rest")
    amounts = [money(a) for a in re.findall(r"\d[\d,]*(?:\.\d+)?", rest.split(" with ")[0])]
    first = amounts[0] if amounts else None
    if rest.startswith("posts a small blind"):
        hand.events.append(Event("blind", who, first, "sb"))
    elif rest.startswith("posts a big blind"):
        hand.events.append(Event("blind", who, first, "bb"))
    elif rest.startswith("posts a straddle"):
        hand.events.append(Event("straddle", who, first, "post"))
    elif rest.startswith("posts a missing small blind") or rest.startswith("posts a missed small"):
        hand.events.append(Event("dead", who, first))
    elif rest.startswith(("posts a missed big blind", "posts a missing big blind")):
        hand.events.append(Event("blind", who, first, "post"))
    elif rest.startswith("posts an ante"):
        hand.events.append(Event("ante", who, first))
    elif rest.startswith("folds"):
        hand.events.append(Event("fold", who))
    elif rest.startswith("checks"):
        hand.events.append(Event("check", who))
    elif rest.startswith(("calls", "bets", "raises")):
        hand.events.append(Event("to", who, first))
    elif rest.startswith("shows a "):
        hand.events.append(Event("show", who, cards=_cards(rest[8:].rstrip("."))))
    elif rest.startswith("collected"):
        hand.collected[who] = hand.collected.get(who, Decimal(0)) + (first or Decimal(0))
