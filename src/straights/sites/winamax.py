"""Winamax hand histories: ``Winamax Poker - CashGame - HandId: #… - Holdem no limit (…)``.

Like PokerStars' but without the colon after a name, amounts in euros (``0.05€``),
tournament stakes as ``(ante/small/big)``, and a ``Total pot`` printed after the rake.

>>> text = '''Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2016/11/15 08:31
... Table: 'Port Elizabeth 02' 5-max (real money) Seat #1 is the button
... Seat 1: Ann (100€)
... Seat 2: Bob (100€)
... *** ANTE/BLINDS ***
... Ann posts small blind 1€
... Bob posts big blind 2€
... *** PRE-FLOP ***
... Ann raises 4€ to 6€
... Bob folds
... Ann collected 4€ from pot
... *** SUMMARY ***
... Total pot 4€ | No rake'''
>>> [(ident, line, read)] = hands(text)
>>> hand = read()
>>> ident, hand.variant, [s.name for s in hand.seats], hand.rake
('1-2-3', 'NT', ['Ann', 'Bob'], Decimal('0'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from straights.errors import HandHistoryError
from straights.sites.model import Event, Seat, SiteHand, money, stamp
from straights.sites.pokerstars import split_hands

__all__ = ["hands"]

_HEADER: Final = re.compile(r"^\ufeff?Winamax Poker - ")
_GAMES: Final = {("holdem", "no limit"): "NT", ("holdem", "pot limit"): "PT",
                 ("holdem", "fixed limit"): "FT", ("omaha", "pot limit"): "PO",
                 ("omaha hi/lo", "pot limit"): "PO/8", ("omaha hi/lo", "fixed limit"): "FO/8",
                 ("omaha8", "pot limit"): "PO/8", ("omaha8", "fixed limit"): "FO/8",
                 ("7-card stud", "fixed limit"): "F7S", ("7stud", "fixed limit"): "F7S",
                 ("7-card stud hi/lo", "fixed limit"): "F7S/8", ("razz", "fixed limit"): "FR",
                 ("2-7 triple draw", "fixed limit"): "F2L3D",
                 ("lowball27", "fixed limit"): "F2L3D"}  # fmt: skip
_STUD: Final = frozenset({"F7S", "F7S/8", "FR"})
_GAME_RE: Final = re.compile(r" - (\w[\w /-]*?) (no limit|pot limit|fixed limit) \(([^)]*)\)", re.I)
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.+) \(([^(),]+)(?:, [^()]*)?\)\s*(.*)$")
_ACT_RE: Final = re.compile(
    r"^(?P<who>.+?) (?P<verb>posts small blind|posts big blind|posts ante|folds|checks|"
    r"calls|bets|raises|shows|collected|brings in|bring-in|discards|discard|stands pat)"
    r"(?P<rest>.*)$"
)
_AMOUNT_RE: Final = re.compile(r"\d[\d,]*(?:\.\d+)?")


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand id, first line, reader) for every hand of a Winamax file."""
    for start, lines in split_hands(text, _HEADER):
        m = re.search(r"HandId: #(\S+)", lines[0])
        ident = m.group(1) if m else "?"
        yield ident, start, partial(_parse, lines, start, ident)


def _cards(text: str) -> str:
    """``Qs 5s`` → ``Qs5s``; Winamax's unseen ``X`` → ``??``."""
    return "".join("??" if card == "X" else card for card in text.split())


def _parse(lines: list[str], start: int, ident: str) -> SiteHand:
    head = lines[0].lstrip("\ufeff")
    m = _GAME_RE.search(head)
    key = (m.group(1).lower(), m.group(2).lower()) if m else None
    if m is None or key not in _GAMES:
        game = f"{m.group(1)} {m.group(2)}" if m else head
        raise HandHistoryError(f"line {start}: {game} is not a game of the catalogue")
    hand = SiteHand("winamax", ident, start, _GAMES[key], [])
    stakes = [money(x) for x in m.group(3).split("/")]
    big = stakes[-1]
    if key[1] == "fixed limit":  # the header names the small and big bets
        hand.small_bet, hand.big_bet = stakes[-2], big
    else:
        hand.min_bet = big
    if "Tournament" in head:
        t = re.search(r'Tournament "([^"]*)"', head)
        hand.tournament = t.group(1) if t else "Tournament"
    elif "€" in head:
        hand.currency = "EUR"
    date = re.search(r"(\d{4}/\d\d/\d\d [\d:]+)", head)
    hand.time = date.group(1) if date else None
    seats: list[Seat] = []
    summary = False
    for offset, line in enumerate(lines[1:], start=1):
        try:
            if summary:
                r = re.search(r"\| Rake (\S+)", line)
                if r:
                    hand.rake = money(r.group(1))
                continue
            summary = line.startswith("*** SUMMARY")
            before = len(hand.events)
            _line(hand, line.strip(), seats)
            stamp(hand.events, before, start + offset)
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {start + offset}: {exc}") from None
    acting = {e.who for e in hand.events}
    hand.seats = [s for s in seats if s.name in acting]
    return hand


def _line(hand: SiteHand, line: str, seats: list[Seat]) -> None:
    if line and not _table_line(hand, line, seats):
        _action_line(hand, line)


def _table_line(hand: SiteHand, line: str, seats: list[Seat]) -> bool:
    """The table and its button, a seat, a street or the cards dealt: taken in, ``True``."""
    m = re.match(r"^Table: '(.*)' (\d+)-max [^S]*(?:Seat #(\d+) is the button)?", line)
    if m:
        hand.table, hand.seat_count = m.group(1), int(m.group(2))
        seat = int(m.group(3)) if m.group(3) else 0
        hand.button = seat if seat and hand.variant not in _STUD else None  # stud: no button
        return True
    m = _SEAT_RE.match(line)
    if m and not hand.events:
        seats.append(Seat(m.group(2), int(m.group(1)), money(m.group(3))))
        return True
    if line.startswith("***"):
        if re.match(r"^\*\*\* (FIRST|SECOND|THIRD) (FLOP|TURN|RIVER|SHOW)", line):
            raise HandHistoryError("a hand run more than once: the engine deals one board")
        street = r"^\*\*\* ((3rd|\dth) STREET|RIVER|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH) \*\*\*"
        if hand.variant in _STUD and re.match(street, line):
            hand.events.append(Event("street"))
            return True
        if re.match(r"^\*\*\* (FLOP|TURN|RIVER)", line):
            found = re.findall(r"\[([^\]]*)\]", line)
            hand.events.append(Event("board", cards=_cards(found[-1])))
        return True
    m = re.match(r"^Dealt to (.+?) \[([^\]]*)\](?: ?\[([^\]]*)\])?", line)
    if m:
        if hand.variant in _STUD:  # "[X X 8h]" on third street, then "[X X 8h] [4h]"
            hand.events.append(Event("deal", m.group(1), cards=_cards(m.group(3) or m.group(2))))
        elif m.group(3):  # a draw: the cards kept, then the new ones
            hand.events.append(Event("deal", m.group(1), cards=_cards(m.group(3))))
        elif "X" not in m.group(2):
            hand.events.append(Event("hole", m.group(1), cards=_cards(m.group(2))))
        return True
    return False


def _action_line(hand: SiteHand, line: str) -> None:
    """A player's action, the cards he shows or the pot he collects."""
    m = _ACT_RE.match(line)
    if m is None:
        return
    who, verb, rest = m.group("who"), m.group("verb"), m.group("rest")
    amounts = [money(a) for a in _AMOUNT_RE.findall(rest.split(" and is all-in")[0])]
    first = amounts[0] if amounts else None
    if verb == "collected":
        hand.collected[who] = hand.collected.get(who, Decimal(0)) + (first or Decimal(0))
    elif verb in ("posts small blind", "posts big blind"):
        _post_blind(hand, who, "sb" if "small" in verb else "bb", rest, first)
    elif verb in ("brings in", "bring-in"):
        hand.events.append(Event("bring-in", who, first))
    elif verb == "stands pat":
        hand.events.append(Event("draw", who))
    elif verb in ("discards", "discard"):  # "discard 2 cards" or "discards 2 cards [7h Kd]"
        thrown = re.search(r"\[([^\]]*)\]", rest)
        count = re.match(r"\s*(\d+) card", rest)
        n = int(count.group(1)) if count else 0
        cards = _cards(thrown.group(1)) if thrown else "??" * n
        hand.events.append(Event("draw", who, cards=cards))
        if "?" in cards and n:
            hand.events.append(Event("deal", who, cards="??" * n))
    elif verb in _PLAIN:
        kind, paid = _PLAIN[verb]
        hand.events.append(Event(kind, who, first if paid else None))
    elif verb == "raises":
        if len(amounts) < 2:
            raise HandHistoryError(f"{line!r}: a raise names its 'to' amount")
        hand.events.append(Event("to", who, amounts[1]))
    elif verb == "shows":
        shown = re.search(r"\[([^\]]*)\]", rest)
        if shown:
            hand.events.append(Event("show", who, cards=_cards(shown.group(1))))


#: Actions told by their kind alone: the event kind, and whether it carries the amount.
_PLAIN: Final = {
    "posts ante": ("ante", True),
    "folds": ("fold", False),
    "checks": ("check", False),
    "calls": ("call", True),
    "bets": ("to", True),
}


def _post_blind(hand: SiteHand, who: str, tag: str, rest: str, first: Decimal | None) -> None:
    """A small (``tag`` "sb") or big ("bb") blind; posted out of position (late), the big
    blind's worth of it is live and the rest dead."""
    if "out of position" not in rest:
        hand.events.append(Event("blind", who, first, tag))
        return
    live = min(first or Decimal(0), hand.min_bet or hand.small_bet or Decimal(0))
    if tag == "bb" or live < (first or 0):
        if live:
            hand.events.append(Event("blind", who, live, "post"))
        if (first or 0) > live:
            hand.events.append(Event("dead", who, (first or Decimal(0)) - live))
    else:
        hand.events.append(Event("dead", who, first))
