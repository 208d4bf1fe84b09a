"""PokerStars hand histories (and GGPoker's, which copy their shape), read into
:class:`~straights.sites.model.SiteHand`.

>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET
... Table 'T' 6-max Seat #2 is the button
... Seat 1: Ann ($1 in chips)
... Seat 2: Bob ($2 in chips)
... Ann: posts small blind $0.01
... Bob: posts big blind $0.02
... *** HOLE CARDS ***
... Bob: raises $0.04 to $0.06
... Ann: folds
... Uncalled bet ($0.04) returned to Bob
... Bob collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0'''
>>> [hand] = parse(text)
>>> hand.variant, [s.name for s in hand.seats], hand.collected
('NT', ['Ann', 'Bob'], {'Bob': Decimal('0.04')})
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from decimal import Decimal
from functools import partial
from typing import Final

from straights.errors import HandHistoryError
from straights.sites.model import Event, Seat, SiteHand, money, stamp

__all__ = ["GAMES", "HEADER", "hands", "parse", "parse_hand", "split_hands"]

#: The first line of a hand: PokerStars (``Hand``, ``Game``, ``Zoom Hand``) and GGPoker.
HEADER: Final = re.compile(
    r"^\ufeff?(?:PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #|Poker Hand #)"
)

#: A game as the header names it, and its PHH code (fixed limit: small and big bets).
GAMES: Final = {
    "hold'em no limit": "NT", "hold'em limit": "FT", "hold'em pot limit": "PT",
    "holdem no limit": "NT", "holdem limit": "FT", "holdem pot limit": "PT",
    "omaha pot limit": "PO", "omaha hi/lo pot limit": "PO/8", "omaha hi/lo limit": "FO/8",
    "7 card stud limit": "F7S", "7 card stud hi/lo limit": "F7S/8", "razz limit": "FR",
    "6+ hold'em no limit": "NS", "shortdeck no limit": "NS",
    "triple draw 2-7 lowball limit": "F2L3D", "single draw 2-7 lowball no limit": "N2L1D",
    "5 card draw limit": "_F5CD", "5 card draw no limit": "_N5CD", "badugi limit": "FB",
}  # fmt: skip

#: Games whose hole cards come street by street, and how many each street deals.
STUD: Final = frozenset({"F7S", "F7S/8", "FR"})

_GAME_RE: Final = re.compile(r"(6\+ Hold'?em|ShortDeck|Hold'?em|Omaha Hi/Lo|Omaha|"
                             r"7 Card Stud Hi/Lo|7 Card Stud|Razz|"
                             r"Badugi|5 Card Draw|(?:Triple|Single) Draw 2-7 Lowball)\s+"
                             r"(No Limit|Pot Limit|Limit)", re.I)  # fmt: skip
#: The stakes: ``($0.01/$0.02 USD)``, ``(10/20)``, mixed games' ``(Razz Limit, $4/$8 USD)``.
_STAKES_RE: Final = re.compile(r"[(,] ?([^()/,]+)/([^()/ ]+)(?: [A-Z]{3})?\)")
_SEAT_RE: Final = re.compile(r"^Seat (\d+): (.*) \(([^()]*?) in chips[^()]*\)(.*)$")
_BUTTON_RE: Final = re.compile(
    r"^Table '(.*)'(?: (\d+)-max)?(?: \([^)]*\))?(?: Seat #(\d+) is the button)?\s*$"
)
#: A hand's id in its first line (``#212113219605``, GGPoker's ``#OM190765880``).
HAND_ID: Final = re.compile(r"#\s*([\w-]*\d[\w-]*)")
_ACT_RE: Final = re.compile(
    r"^(?P<who>.+?): (?P<verb>posts small & big blinds|posts small blind|posts big blind|"
    r"posts the ante|posts straddle|posts button blind|posts missed blind|posts dead blind|"
    r"posts|straddle|folds|checks|"
    r"calls|bets|raises|completes it to|shows|mucks|brings in for|discards|stands pat)"
    r"(?P<rest>.*)$"
)
_CARDS_RE: Final = re.compile(r"\[([^\]]*)\]")
_STREET_RE: Final = re.compile(r"^\*\*\* (FLOP|TURN|RIVER)")
#: A street of a board run more than once: ``*** SECOND TURN *** [2d 4h Ac] [7h]``.
_RUN_RE: Final = re.compile(r"^\*\*\* (FIRST|SECOND|THIRD|FOURTH) (?:FLOP|TURN|RIVER) \*\*\*")
_RUN_NUMBERS: Final = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}


def split_hands(text: str, header: re.Pattern[str] = HEADER) -> Iterator[tuple[int, list[str]]]:
    """Each hand's lines with the (1-based) number of its first line."""
    start, block = 0, list[str]()
    for number, line in enumerate(text.splitlines(), start=1):
        if header.match(line):
            if block:
                yield start, block
            start, block = number, []
        if start:
            block.append(line.rstrip())
    if block:
        yield start, block


def hands(text: str, site: str = "pokerstars") -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand id, first line, reader) for every hand of a PokerStars file."""
    for start, lines in split_hands(text):
        m = HAND_ID.search(lines[0])
        yield m.group(1) if m else "?", start, partial(parse_hand, lines, start, site)


def parse(text: str, site: str = "pokerstars") -> list[SiteHand]:
    """Every hand of a file (raises at the first that cannot be read; see
    :func:`straights.sites.read` for one error per hand)."""
    return [parse_hand(lines, start, site) for start, lines in split_hands(text)]


def _cards(text: str) -> str:
    return "".join(text.split())


def _variant(head: str) -> tuple[str, str]:
    short = re.search(r": (PLO(?:-\d)?|PLO\d|NLH|LHE) \(", head)  # GGPoker: "PLO ($2/$5)"
    if short:
        codes = {"PLO": "PO", "NLH": "NT", "LHE": "FT"}
        if short.group(1) not in codes:
            raise HandHistoryError(f"{short.group(1)} is not a game of the catalogue")
        code = codes[short.group(1)]
        return code, "Limit" if code == "FT" else "No Limit"
    m = _GAME_RE.search(head)
    if m is None:
        raise HandHistoryError(f"no game in the header {head!r}")
    name = f"{m.group(1)} {m.group(2)}".lower().replace("holdem", "hold'em")
    if name not in GAMES:
        raise HandHistoryError(f"{m.group(1)} {m.group(2)} is not a game this reader knows")
    code = GAMES[name]
    return code, m.group(2)


def _level(text: str) -> int:
    """A level as the header writes it, in Roman (``XIV``) or Arabic numerals.

    >>> _level("XIV"), _level("IX"), _level("14")
    (14, 9, 14)
    """
    if text.isdigit():
        return int(text)
    values = [_ROMAN[c] for c in text]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v
               for k, v in enumerate(values))  # fmt: skip


_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def parse_hand(lines: list[str], start: int, site: str = "pokerstars") -> SiteHand:
    """One hand; a :class:`HandHistoryError` names the line (``line N``) it failed on."""
    number = start
    try:
        return _parse(lines, start, site)
    except HandHistoryError as exc:
        text = str(exc)
        if text.startswith("line "):
            raise
        raise HandHistoryError(f"line {number}: {text}") from None


def _parse(lines: list[str], start: int, site: str) -> SiteHand:
    head = lines[0].lstrip("\ufeff")
    ident = HAND_ID.search(head)
    code, limit = _variant(head)
    stakes = _STAKES_RE.findall(head)
    hand = SiteHand(site, ident.group(1) if ident else "?", start, code, [])
    named = re.search(r'Tournament "(.*)", ', head)  # written by straights' export
    number = re.search(r"Tournament #(\d+)", head)
    if named:
        hand.tournament = named.group(1)
    elif number:
        hand.tournament = f"Tournament #{number.group(1)}"
    level = re.search(r" - Level ?([IVXLCDM]+|\d+)\b", head)  # PokerStars: XI; GGPoker: 14
    if level and hand.tournament:
        hand.level = _level(level.group(1))
    date = re.search(r"(\d{4}[/-]\d\d[/-]\d\d[ T][\d:]+)", head)
    hand.time = date.group(1) if date else None
    tail = head.split(" - ")[0] + (f" ({stakes[-1][0]}/{stakes[-1][1]})" if stakes else "")
    for symbol, currency in (("$", "USD"), ("€", "EUR"), ("£", "GBP")):
        if symbol in tail and not hand.tournament:
            hand.currency = currency
    big = None
    single = re.search(r"\(([$€£]?[\d.,]+)\)", head)  # GGPoker's short deck: "($0.02)"
    if not stakes and single:
        big = hand.min_bet = money(single.group(1))
    if stakes:
        small_text, big_text = stakes[-1]
        big = money(big_text)
        if limit == "Limit":  # PokerStars' limit header names the small and big bets
            hand.small_bet, hand.big_bet = money(small_text), big
        else:
            hand.min_bet = big
    seats: list[tuple[Seat, str]] = []
    total: Decimal | None = None
    in_summary = False
    for offset, line in enumerate(lines[1:], start=1):
        where = start + offset
        try:
            if in_summary:
                m = re.match(r"^Total pot ([^|]+?)(?: Main pot| \||$)", line)
                if m:
                    total = money(m.group(1))
                continue
            before = len(hand.events)
            _line(hand, line, seats, big)
            stamp(hand.events, before, where)
            if line.startswith("*** SUMMARY ***"):
                in_summary = True
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {where}: {exc}") from None
    acting = {e.who for e in hand.events if e.who}
    hand.seats = [s for s, tail in seats if not tail.strip() or s.name in acting]
    hand.rake = None  # no "Total pot" line: the rake is not known
    if total is not None:
        hand.rake = total - sum(hand.collected.values(), Decimal(0))
        if hand.rake < 0:
            raise HandHistoryError(f"line {start}: the pot ({total}) is smaller than the "
                                   f"amounts collected")  # fmt: skip
    return hand


#: Actions of one amount: the verb's event kind and its mark (which blind it is).
_WITH_AMOUNT: Final = {
    "posts small blind": ("blind", "sb"),
    "posts big blind": ("blind", "bb"),
    "posts button blind": ("blind", "bb"),  # short deck: the button's blind, the only one
    "posts missed blind": ("dead", ""),  # dead money, not a bet
    "posts dead blind": ("dead", ""),
    "posts the ante": ("ante", ""),
    "calls": ("call", ""),
    "bets": ("to", ""),
    "brings in for": ("bring-in", ""),
    "completes it to": ("to", ""),
}
#: Actions of no amount: the verb's event kind.
_WITHOUT_AMOUNT: Final = {"folds": "fold", "checks": "check", "stands pat": "draw"}


def _line(hand: SiteHand, line: str, seats: list[tuple[Seat, str]], big: Decimal | None) -> None:
    if line and not _table_line(hand, line, seats) and not _card_line(hand, line):
        _action_line(hand, line, big)


def _table_line(hand: SiteHand, line: str, seats: list[tuple[Seat, str]]) -> bool:
    """The button, a seat, a street's header or a pot collected: taken in, ``True``."""
    m = _BUTTON_RE.match(line)
    if m:
        hand.table = m.group(1) or None
        hand.seat_count = int(m.group(2)) if m.group(2) else None
        hand.button = int(m.group(3)) if m.group(3) else None  # stud: no button
        return True
    m = _SEAT_RE.match(line)
    if m and not hand.events:
        seats.append((Seat(m.group(2), int(m.group(1)), money(m.group(3))), m.group(4)))
        return True
    if line.startswith("***"):
        run = _RUN_RE.match(line)
        if run:
            _run_street(hand, run.group(1), line)
            return True
        if hand.variant in STUD:
            if re.match(r"^\*\*\* (\dth|3rd) STREET|^\*\*\* RIVER", line):
                hand.events.append(Event("street"))
            return True
        m = _STREET_RE.match(line)
        if m:
            found = _CARDS_RE.findall(line)
            if not found:
                raise HandHistoryError(f"{line!r}: a street without its cards")
            hand.events.append(Event("board", cards=_cards(found[-1])))
        return True
    if " cashed out the hand for " in line:
        raise HandHistoryError("an all-in cash-out: the site settled the pot, not the cards")
    m = re.match(r"^(.+) collected (\S+) from (?:the )?(?:main |side )?pot", line)
    if m:
        hand.collected[m.group(1)] = hand.collected.get(m.group(1), Decimal(0)) + money(m.group(2))
        return True
    return False


def _run_street(hand: SiteHand, word: str, line: str) -> None:
    """A street of a board run more than once: the players' answer before the first run
    (``runs``, its count raised with each new run), a new run's start (``run``), and the
    street's new cards (the last bracket: PokerStars repeats the board before them,
    GGPoker writes a new run's flop alone)."""
    found = _CARDS_RE.findall(line)
    if not found:
        raise HandHistoryError(f"{line!r}: a street without its cards")
    number = _RUN_NUMBERS[word]
    asked = next((k for k, e in enumerate(hand.events) if e.kind == "runs"), None)
    if asked is None:
        if number != 1:
            raise HandHistoryError(f"{line!r}: run {number} before the first")
        hand.events.append(Event("runs", amount=Decimal(1)))
    else:
        runs = int(hand.events[asked].amount or 1)
        if number == runs + 1:  # a new run begins
            hand.events[asked] = replace(hand.events[asked], amount=Decimal(number))
            hand.events.append(Event("run", amount=Decimal(number)))
        elif number != runs:
            raise HandHistoryError(f"{line!r}: run {number} after run {runs}")
    hand.events.append(Event("board", cards=_cards(found[-1])))


def _card_line(hand: SiteHand, line: str) -> bool:
    """The cards dealt to a player: taken in, ``True``."""
    m = re.match(r"^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?\s*$", line)
    if m:
        if m.group(3) and hand.variant not in STUD:  # a draw: the cards kept, the new ones
            hand.events.append(Event("deal", m.group(1), cards=_cards(m.group(3))))
        elif hand.variant in STUD:  # third street: two down and one up; later the new card
            new = _cards(m.group(3) or m.group(2))
            third = sum(e.kind == "street" for e in hand.events) == 1
            hand.events.append(Event("deal", m.group(1), cards=new if not third or
                                     len(new) == 6 else "????" + new))  # fmt: skip
        else:
            hand.events.append(Event("hole", m.group(1), cards=_cards(m.group(2))))
        return True
    return False


def _action_line(hand: SiteHand, line: str, big: Decimal | None) -> None:
    """A player's action; chat, seating and time-outs move no chips and are passed over."""
    m = _ACT_RE.match(line)
    if m is None:
        return
    who, verb, rest = m.group("who"), m.group("verb"), m.group("rest")
    amounts = re.findall(r"[$€£]?\d[\d,]*(?:\.\d+)?", rest.split(" and is all-in")[0])
    first = money(amounts[0]) if amounts else None
    if verb in _WITH_AMOUNT:
        kind, mark = _WITH_AMOUNT[verb]
        hand.events.append(Event(kind, who, first, mark))
    elif verb in _WITHOUT_AMOUNT:
        hand.events.append(Event(_WITHOUT_AMOUNT[verb], who))
    elif verb == "posts small & big blinds":
        live = big if big is not None and first is not None and first > big else first
        hand.events.append(Event("blind", who, live, "post"))
        if first is not None and live is not None and first > live:
            hand.events.append(Event("dead", who, first - live))
    elif verb in ("posts straddle", "straddle", "posts"):
        hand.events.append(Event("straddle" if "straddle" in verb + rest else "blind", who,
                                 first, "post"))  # fmt: skip
    elif verb == "raises":
        if len(amounts) < 2:
            raise HandHistoryError(f"{line!r}: a raise names its 'to' amount")
        hand.events.append(Event("to", who, money(amounts[1])))
    elif verb == "shows":
        shown = _CARDS_RE.search(rest)
        if shown:
            hand.events.append(Event("show", who, cards=_cards(shown.group(1))))
    elif verb == "discards":  # "discards 2 cards [7h Kd]" (the viewer's) or "discards 2 cards"
        thrown = _CARDS_RE.search(rest)
        count = re.match(r"\s*(\d+) card", rest)
        n = int(count.group(1)) if count else 0
        hand.events.append(
            Event("draw", who, cards=_cards(thrown.group(1)) if thrown else "??" * n)
        )
        if not thrown and n:
            hand.events.append(Event("deal", who, cards="??" * n))
