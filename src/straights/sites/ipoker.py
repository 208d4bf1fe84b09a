"""iPoker network hand histories: an XML ``<session>`` of ``<game>`` elements.

Actions carry a type code and the amount added (``sum``); cards are written suit first
(``H10`` is the ten of hearts, ``X`` unknown); each player's ``win`` is what he collected.

>>> text = '''<session><general><gametype>Holdem NL $0.10/$0.20</gametype></general>
... <game gamecode="7"><general><players>
... <player seat="1" name="Ann" chips="$10" dealer="1" win="$0.30" bet="$0.10"/>
... <player seat="2" name="Bob" chips="$10" dealer="0" win="$0" bet="$0.20"/>
... </players></general>
... <round no="0"><action no="1" player="Ann" type="1" sum="$0.10"/>
... <action no="2" player="Bob" type="2" sum="$0.20"/></round>
... <round no="1"><cards type="Pocket" player="Ann">HA D10</cards>
... <action no="3" player="Ann" type="23" sum="$0.50"/>
... <action no="4" player="Bob" type="0" sum="$0"/></round></game></session>'''
>>> [(ident, line, read)] = hands(text)
>>> hand = read()
>>> ident, line, hand.button, [e.cards for e in hand.events if e.kind == "hole"]
('7', 2, 1, ['AhTd'])
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from straights.errors import HandHistoryError
from straights.sites.model import Event, Seat, SiteHand, money

__all__ = ["hands"]

#: iPoker's action codes: what each is in the shared model.
_TYPES: Final = {"0": "fold", "1": "sb", "2": "bb", "3": "put", "4": "check", "5": "put",
                 "7": "put", "15": "ante", "23": "to"}  # fmt: skip
_GAMES: Final = {("holdem", "nl"): "NT", ("holdem", "pl"): "PT", ("holdem", "fl"): "FT",
                 ("holdem", "limit"): "FT", ("omaha", "pl"): "PO", ("omaha hi-lo", "pl"): "PO/8",
                 ("omaha hi-lo", "fl"): "FO/8"}  # fmt: skip


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand id, first line, reader) for every ``<game>`` of an iPoker session."""
    text = text.lstrip()
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise HandHistoryError(f"not an iPoker XML file: {exc}") from None
    lines = {m.group(1): text.count("\n", 0, m.start()) + 1
             for m in re.finditer(r'<game gamecode="([^"]*)"', text)}  # fmt: skip
    general = root.find("general")
    gametype = (general.findtext("gametype") if general is not None else None) or ""
    tournament = general.findtext("tournamentname") if general is not None else None
    currency = general.findtext("currency") if general is not None else None
    for game in root.iter("game"):
        ident = game.get("gamecode", "?")
        line = lines.get(ident, 1)
        yield ident, line, partial(_parse, game, ident, line, gametype, tournament, currency)


def _card(text: str) -> str:
    if text in ("X", ""):
        return "??"
    suit, rank = text[0].lower(), text[1:]
    return ("T" if rank == "10" else rank) + suit


def _cards(text: str) -> str:
    return "".join(_card(c) for c in text.split())


def _parse(game: ET.Element, ident: str, line: int, gametype: str, tournament: str | None,
           currency: str | None) -> SiteHand:  # fmt: skip
    m = re.match(r"^(Holdem|Omaha Hi-Lo|Omaha)\s+(NL|PL|FL|Limit)\b\s*(\S+/\S+)?", gametype, re.I)
    if m is None or (m.group(1).lower(), m.group(2).lower()) not in _GAMES:
        raise HandHistoryError(f"line {line}: {gametype!r} is not a game this reader knows")
    code = _GAMES[(m.group(1).lower(), m.group(2).lower())]
    hand = SiteHand("ipoker", ident, line, code, [], rake=None)
    hand.tournament = tournament or None
    hand.currency = None if tournament else currency
    big: Decimal | None = None
    if m.group(3):
        big = money(m.group(3).split("/")[1])
    players = game.findall("general/players/player")
    seats = []
    for p in players:
        name = p.get("name", "?")
        seat = Seat(name, int(p.get("seat", "0")), money(p.get("chips", "0")))
        seats.append(seat)
        if p.get("dealer") == "1":
            hand.button = seat.seat
        win = money(p.get("win", "0") or "0")
        if win:
            hand.collected[name] = win
    posts: list[tuple[int, Event]] = []
    for rnd in game.findall("round"):
        number = int(rnd.get("no", "0"))
        cards = [c for c in rnd.findall("cards") if c.get("type") != "Pocket"]
        for c in cards:
            hand.events.append(Event("board", cards=_cards(c.text or "")))
        for c in rnd.findall("cards"):
            if c.get("type") == "Pocket" and "X" not in (c.text or "X"):
                hand.events.append(Event("hole", c.get("player"), cards=_cards(c.text or "")))
        actions = sorted(rnd.findall("action"), key=lambda a: int(a.get("no", "0")))
        for a in actions:
            kind = _TYPES.get(a.get("type", ""))
            who = a.get("player")
            amount = money(a.get("sum", "0") or "0")
            if kind is None:
                continue  # sitting out, chat and the like: no chips move
            if number == 0 or kind in ("sb", "bb", "ante"):
                posts.append((number, _post(kind, who, amount, big)))
                if kind == "bb" and big is not None and amount > big and posts:
                    posts[-1] = (number, Event("blind", who, big, "post"))
                    posts.append((number, Event("dead", who, amount - big)))
                continue
            hand.events.append(Event(kind, who, amount if kind in ("put", "to") else None))
    hand.events[0:0] = [e for _, e in posts]
    # Pocket cards printed for a player still in at the end were shown down.
    folded = {e.who for e in hand.events if e.kind == "fold"}
    hand.events += [Event("show", e.who, cards=e.cards) for e in hand.events
                    if e.kind == "hole" and e.who not in folded]  # fmt: skip
    if big is None:
        blinds = [e.amount for _, e in posts if e.kind == "blind" and e.amount]
        big = max(blinds) if blinds else None
    if code.startswith("F") and big is not None:
        hand.small_bet, hand.big_bet = big, 2 * big
    else:
        hand.min_bet = big
    acting = {e.who for e in hand.events}
    hand.seats = [s for s in seats if s.name in acting]
    return hand


def _post(kind: str, who: str | None, amount: Decimal, big: Decimal | None) -> Event:
    if kind == "ante":
        return Event("ante", who, amount)
    if kind in ("sb", "bb"):
        return Event("blind", who, amount, kind)
    return Event("blind", who, amount, "post")
