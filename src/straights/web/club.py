"""A club's book across evenings: who played which nights, the running balances, the
leaderboard and the settle-up, from the ledgers of the club's tables.

A club (stored: :meth:`~straights.store.Store.create_club`) keeps its people by name
and its tables by evening.  Each table keeps its own ledger
(:mod:`~straights.web.ledger`); the club adds them up by name.  Bots are the house's:
the house funds their buy-ins and takes what they win or lose, as it does a banked
game's bank, so the settle-up is between people, with **the house** as one more
party when bots (or a bank) won or lost — never a bot paying a bot.

>>> ann = {"name": "Ann", "bot": None, "bought": 100, "cashed": 0, "stack": 150, "net": 50}
>>> bob = {"name": "Bob", "bot": None, "bought": 100, "cashed": 0, "stack": 80, "net": -20}
>>> bot = {"name": "Bot 3", "bot": "calling", "bought": 100, "cashed": 0, "stack": 70,
...        "net": -30}
>>> book = club_book([ClubTable("t1", "Table", "2026-11-26", [ann, bob, bot])])
>>> [(r["name"], r["balance"]) for r in book["leaderboard"]]
[('Ann', 50), ('Bob', -20)]
>>> [str(t) for t in book["transfers"]]
['Bob pays Ann 20', 'The house pays Ann 30']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from straights.web.ledger import Transfer, csv_text, settle_up
from straights.web.paigow_game import HOUSE

__all__ = ["ClubTable", "club_book", "club_csv", "people_settle_up"]


@dataclass(frozen=True, slots=True)
class ClubTable:
    """One table of a club as its book reads it: its ledger's rows
    (:meth:`~straights.web.tables.WebTable.ledger_rows`) and whether a deal is on."""

    key: str
    name: str
    night: str
    rows: Sequence[Mapping[str, Any]]
    in_hand: bool = False
    hands: int = 0
    closed: bool = False
    game: str = ""


def people_settle_up(nets: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers squaring the people's ``nets``; what they do not square
    among themselves (the bots' or a bank's result) the house pays or is paid.

    >>> [str(t) for t in people_settle_up({"Ann": 30, "Ben": 21})]
    ['The house pays Ann 30', 'The house pays Ben 21']
    >>> [str(t) for t in people_settle_up({"Ann": -10, "Ben": 10})]
    ['Ann pays Ben 10']
    """
    house = -sum(nets.values())
    return settle_up(dict(nets) | ({HOUSE: house} if house else {}))


def _people(rows: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    nets: dict[str, int] = {}
    for r in rows:
        if r.get("bot") is None:
            nets[str(r["name"])] = nets.get(str(r["name"]), 0) + int(r["net"])
    return nets


def club_book(tables: Sequence[ClubTable], members: Sequence[str] = ()) -> dict[str, Any]:
    """The club's evenings, running balances, leaderboard and settle-up (JSON-ready
    but ``transfers``, a list of :class:`~straights.web.ledger.Transfer`; ``None``
    while a deal is being played at one of the tables, whose chips are in the middle).

    ``members``: the people the club keeps (listed with a balance of 0 if they never
    played); anyone who played at a club table is one.
    """
    nights: dict[str, list[ClubTable]] = {}
    for t in tables:
        nights.setdefault(t.night, []).append(t)
    balance: dict[str, int] = dict.fromkeys(members, 0)
    played: dict[str, int] = dict.fromkeys(members, 0)
    evenings = []
    for night in sorted(nights):
        nets_of = _people(r for t in nights[night] for r in t.rows)
        for name, net in nets_of.items():
            balance[name] = balance.get(name, 0) + net
            played[name] = played.get(name, 0) + 1
        busy = any(t.in_hand for t in nights[night])
        transfers = None if busy else people_settle_up(nets_of)
        evenings.append(
            {
                "night": night,
                "tables": [
                    {
                        "key": t.key,
                        "name": t.name,
                        "hands": t.hands,
                        "closed": t.closed,
                        "game": t.game,
                    }
                    for t in nights[night]
                ],
                "nets": [{"name": k, "net": v} for k, v in sorted(nets_of.items())],
                "house": -sum(nets_of.values()),
                "transfers": None if transfers is None else [t.to_dict() for t in transfers],
                "balances": [{"name": k, "balance": v} for k, v in sorted(balance.items())],
            }
        )
    board = sorted(balance, key=lambda k: (-balance[k], k))
    busy = any(t.in_hand for t in tables)
    return {
        "nights": evenings,
        "leaderboard": [
            {"rank": i + 1, "name": k, "balance": balance[k], "nights": played[k]}
            for i, k in enumerate(board)
        ],
        "house": -sum(balance.values()),
        "transfers": None if busy else people_settle_up(balance),
    }


def club_csv(tables: Sequence[ClubTable], book: Mapping[str, Any]) -> str:
    """The club's ledger as CSV: every table's rows evening by evening (bots marked as
    the house's), the leaderboard, then the settle-up (names guarded against formulas).

    >>> row = {"name": "Ann", "bot": None, "bought": 100, "cashed": 120, "stack": 0, "net": 20}
    >>> tables = [ClubTable("t1", "Table", "2026-11-26", [row])]
    >>> text = club_csv(tables, club_book(tables)).replace("\\r", "")
    >>> print(text)  # doctest: +NORMALIZE_WHITESPACE
    night,table,player,bought,cashed_out,stack,net,funded_by
    2026-11-26,Table,Ann,100,120,0,20,
    <BLANKLINE>
    rank,player,balance,nights
    1,Ann,20,1
    <BLANKLINE>
    pays,receives,amount
    The house,Ann,20
    """
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["night", "table", "player", "bought", "cashed_out", "stack", "net", "funded_by"])
    for t in sorted(tables, key=lambda t: t.night):
        for r in t.rows:
            house = "" if r.get("bot") is None else "house"
            w.writerow([t.night, csv_text(t.name), csv_text(str(r["name"])), r["bought"],
                        r["cashed"], r["stack"], r["net"], house])  # fmt: skip
    w.writerow([])
    w.writerow(["rank", "player", "balance", "nights"])
    for r in book["leaderboard"]:
        w.writerow([r["rank"], csv_text(r["name"]), r["balance"], r["nights"]])
    w.writerow([])
    w.writerow(["pays", "receives", "amount"])
    for t in book["transfers"] or []:
        w.writerow([csv_text(t.payer), csv_text(t.payee), t.amount])
    return out.getvalue()
