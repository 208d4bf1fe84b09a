"""PokerNow's hand export (the JSON its hand replayer and log page offer).

A file is ``{"gameId": …, "hands": [hand, …]}``; a hand gives its ``number``,
``gameType`` (``th``: hold'em, ``omaha``), ``smallBlind``, ``bigBlind``, ``dealerSeat``,
``startedAt`` (milliseconds), ``bombPot``, ``cents`` (amounts in hundredths), its
``players`` (``id``, ``seat``, ``name``, ``stack`` before the hand, ``hand``: the cards
the exporting player saw) and its ``events``, each ``{"at": ms, "payload": {"type": T,
…}}``.  The payload types, as PokerNow's exports use them:

====  ==========================================================================
type  meaning
====  ==========================================================================
0     check (``seat``)
1     a bomb pot's post (``value``, with ``bombPot: true``; a call marked so, too)
2, 3  big blind, small blind (``value``)
4     ante (``value``)
5     straddle (``value``)
6     dead blind (``value``)
7, 8  call; bet or raise (``value``: the player's total on the street)
9     board cards (``turn``: 1 flop, 2 turn, 3 river; ``run``: 1, or 2 for the
      second run; ``cards``)
10    a pot won (``seat``, ``value``; at a showdown also ``cards``, ``runNumber``)
11    fold (``seat``)
12    cards shown (``seat``, ``cards``; ``null`` for a card kept hidden)
14    the run-it-twice vote (``approved``, ``approvedSeats``, ``deniedSeats``)
15    the showdown begins
16    an uncalled bet returned (``seat``, ``value``)
19    the rake (``value``)
====  ==========================================================================

Players are named ``"name @ id"``, as in PokerNow's CSV log, so both formats give the
same player one name.

>>> text = '''{"gameId": "g", "hands": [{"id": "h1", "number": "7", "gameType": "th",
...   "cents": false, "smallBlind": 1, "bigBlind": 2, "dealerSeat": 2, "bombPot": false,
...   "startedAt": 1700000000000,
...   "players": [{"id": "a", "seat": 1, "name": "Ann", "stack": 100},
...               {"id": "b", "seat": 2, "name": "Bob", "stack": 100, "hand": ["As", "Kd"]}],
...   "events": [{"at": 1, "payload": {"type": 3, "seat": 2, "value": 1}},
...              {"at": 2, "payload": {"type": 2, "seat": 1, "value": 2}},
...              {"at": 3, "payload": {"type": 8, "seat": 2, "value": 6}},
...              {"at": 4, "payload": {"type": 11, "seat": 1}},
...              {"at": 5, "payload": {"type": 16, "seat": 2, "value": 4}},
...              {"at": 6, "payload": {"type": 10, "seat": 2, "value": 4, "pot": 4}}]}]}'''
>>> [(ident, line, read)] = hands(text)
>>> hand = read()
>>> ident, hand.button, [e.kind for e in hand.events], hand.collected
('7', 2, ['blind', 'blind', 'hole', 'to', 'fold'], {'Bob @ b': Decimal('4')})
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import partial
from typing import Any, Final

from straights.errors import HandHistoryError
from straights.sites.model import Event, Seat, SiteHand

__all__ = ["hands", "looks_like"]

#: ``gameType`` and its PHH code (PokerNow's hold'em is no-limit, its Omaha pot-limit).
_GAMES: Final = {"th": "NT", "omaha": "PO"}
#: Payload types that are a player's forced bet or action: the event kind and its mark.
_KINDS: Final = {0: ("check", ""), 2: ("blind", "bb"), 3: ("blind", "sb"), 4: ("ante", ""),
                 5: ("straddle", "post"), 6: ("dead", ""), 7: ("to", ""), 8: ("to", ""),
                 11: ("fold", "")}  # fmt: skip
#: Payload types that move no chips here (15: the showdown begins; 16: an uncalled bet
#: returned, which the model works out itself from the bets).
_QUIET: Final = frozenset({15, 16})


def looks_like(text: str) -> bool:
    """Whether ``text`` starts like a PokerNow hand export.

    >>> looks_like('{"generatedAt": "2026", "gameId": "x", "hands": []}'), looks_like("{}")
    (True, False)
    """
    head = text.lstrip("\ufeff \r\n")[:2000]
    return head.startswith("{") and '"hands"' in head and ('"gameId"' in head or
                                                           '"handVersion"' in head)  # fmt: skip


def hands(text: str) -> Iterator[tuple[str, int, Callable[[], SiteHand]]]:
    """(hand number, the file line where the hand starts, reader) for every hand."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise HandHistoryError(f"not JSON: {exc.msg} (line {exc.lineno})") from None
    found = data.get("hands") if isinstance(data, dict) else None
    if not isinstance(found, list):
        raise HandHistoryError("not a PokerNow hand export: no list of 'hands'")
    at = 0
    for k, hand in enumerate(found):
        if not isinstance(hand, dict):
            yield "?", 1, partial(_refuse, f"hand {k + 1} is not a JSON object")
            continue
        ident = str(hand.get("number", hand.get("id", k + 1)))
        place = text.find(json.dumps(hand.get("id")), at) if "id" in hand else -1
        at = max(at, place)
        line = text.count("\n", 0, place) + 1 if place >= 0 else 1
        yield ident, line, partial(_parse, hand, ident, line)


def _refuse(reason: str) -> SiteHand:
    raise HandHistoryError(reason)


def _amount(value: Any, cents: bool) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise HandHistoryError(f"{value!r} is not an amount")
    try:
        amount = Decimal(str(value))
    except ArithmeticError:
        raise HandHistoryError(f"{value!r} is not an amount") from None
    return amount / 100 if cents else amount


def _cards(cards: Any) -> str | None:
    """A list of cards as PHH writes them (``None``: some card is hidden or not a card)."""
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        return None
    out = ""
    for card in cards:
        rank, suit = card[:-1], card[-1:].lower()
        out += ("T" if rank == "10" else rank.upper()) + suit
    return out


def _parse(data: dict[str, Any], ident: str, line: int) -> SiteHand:
    try:
        return _read(data, ident, line)
    except (KeyError, TypeError, ValueError) as exc:
        raise HandHistoryError(f"line {line}: a field is missing or wrong ({exc!r})") from None
    except HandHistoryError as exc:
        raise HandHistoryError(f"line {line}: {exc}") from None


def _read(data: dict[str, Any], ident: str, line: int) -> SiteHand:
    game = _GAMES.get(str(data.get("gameType")))
    if game is None:
        raise HandHistoryError(f"gameType {data.get('gameType')!r} is not a game of the catalogue")
    if data.get("doubleBoard"):
        raise HandHistoryError("a hand on two boards: the reader takes one board")
    cents = bool(data.get("cents"))
    hand = SiteHand("pokernow", ident, line, game, [])
    names: dict[int, str] = {}
    for p in data["players"]:
        name = f"{p['name']} @ {p['id']}"
        names[int(p["seat"])] = name
        hand.seats.append(Seat(name, int(p["seat"]), _amount(p["stack"], cents)))
    hand.button = int(data["dealerSeat"]) if data.get("dealerSeat") is not None else None
    hand.min_bet = _amount(data["bigBlind"], cents)
    hand.bomb_pot = bool(data.get("bombPot"))
    if data.get("startedAt"):
        stamp = time.gmtime(int(data["startedAt"]) / 1000)
        hand.time = time.strftime("%Y/%m/%d %H:%M:%S", stamp)
    holes = [Event("hole", names[int(p["seat"])], cards=c) for p in data["players"]
             if (c := _cards(p.get("hand"))) is not None]  # fmt: skip
    later: list[Event] = []  # the second run's boards, dealt after the first run's
    for e in data["events"]:
        _event(hand, e["payload"], names, cents, later)
    _answer_before_the_runs(hand.events)
    if later:
        last = max(k for k, e in enumerate(hand.events) if e.kind == "board")
        hand.events[last + 1 : last + 1] = [Event("run", amount=Decimal(2)), *later]
    forced = sum(e.kind in ("ante", "blind", "straddle", "dead") for e in hand.events)
    hand.events[forced:forced] = holes  # the hole cards, after the forced bets
    return hand


def _answer_before_the_runs(events: list[Event]) -> None:
    """Move the players' vote to run twice to just before the first run's cards (where
    PokerStars' text has it too: the shows in between come first)."""
    vote = next((k for k, e in enumerate(events) if e.kind == "runs"), None)
    if vote is None:
        return
    board = next((k for k in range(vote, len(events)) if events[k].kind == "board"), None)
    if board is not None:
        events.insert(board - 1, events.pop(vote))


def _event(
    hand: SiteHand, p: dict[str, Any], names: dict[int, str], cents: bool, later: list[Event]
) -> None:
    """One payload into ``hand``'s events (a second run's boards into ``later``)."""
    kind = int(p["type"])
    who = names.get(int(p["seat"])) if p.get("seat") is not None else None
    if p.get("seat") is not None and who is None:
        raise HandHistoryError(f"seat {p['seat']} acts but was not dealt in")
    if kind in (1, 7) and p.get("bombPot"):  # each player's share of a bomb pot
        hand.events.append(Event("ante", who, _amount(p["value"], cents)))
    elif kind in _KINDS:
        what, mark = _KINDS[kind]
        amount = _amount(p["value"], cents) if what not in ("check", "fold") else None
        hand.events.append(Event(what, who, amount, mark))
    elif kind == 9:
        cards = _cards(p.get("cards"))
        if cards is None:
            raise HandHistoryError("board cards that are not cards")
        board = Event("board", cards=cards)
        (later if int(p.get("run") or 1) > 1 else hand.events).append(board)
    elif kind == 10:
        amount = _amount(p["value"], cents)
        hand.collected[str(who)] = hand.collected.get(str(who), Decimal(0)) + amount
        shown = _cards(p.get("cards"))
        if shown:
            hand.events.append(Event("show", who, cards=shown))
    elif kind == 12:
        shown = _cards(p.get("cards"))
        if shown:
            hand.events.append(Event("show", who, cards=shown))
    elif kind == 14:
        if p.get("approved"):
            hand.events.append(Event("runs", amount=Decimal(2)))
    elif kind == 19:
        hand.rake = _amount(p["value"], cents)
    elif kind not in _QUIET:
        raise HandHistoryError(f"an event of type {kind} this reader does not know")
