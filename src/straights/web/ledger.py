"""The ledger of a web table: who bought how many chips, who took how many home,
and who pays whom at the end.

Chips enter a table only by a buy-in and leave it only by a cash-out; each is an
:class:`Entry`, written by a command of the table's log (see
:mod:`straights.web.tables`), so the ledger survives a crash exactly like the
actions do. A player's *net* is what he took out plus what he still has in
front of him minus what he bought:

>>> alice = Account(player=1, name="Alice", bot=None, token_hash=None, bought=100, cashed=173)
>>> alice.net(stack=0)
73

:func:`settle_up` turns the nets into the fewest transfers that square everyone:

>>> [str(t) for t in settle_up({"Alice": 73, "Bob": -50, "Cleo": -23})]
['Bob pays Alice 50', 'Cleo pays Alice 23']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

#: Above this many players with a non-zero net, :func:`settle_up` stops looking
#: for the fewest transfers (an exponential search) and matches greedily.
EXACT_LIMIT: Final = 14

EntryKind = Literal["buy-in", "cash-out"]


@dataclass(slots=True)
class Account:
    """One player's chips at a table over the whole session (kept after he leaves)."""

    player: int  # the player's id at this table (the sequence number of his first seat)
    name: str
    bot: str | None
    token_hash: str | None  # the player's secret, hashed; None for a bot
    bought: int = 0
    cashed: int = 0
    last_out: int = 0  # the chips he left with last time: what he sits back down with
    pending: int = 0  # chips of a buy-in waiting for the host's approval

    def net(self, stack: int) -> int:
        """Winnings (negative: losses) counting ``stack``, the chips he has at the table."""
        return self.cashed + stack - self.bought


@dataclass(frozen=True, slots=True)
class Entry:
    """One change of the ledger, as written by the command numbered ``seq``."""

    seq: int
    player: int
    kind: EntryKind
    amount: int
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "player": self.player,
            "kind": self.kind,
            "amount": self.amount,
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` chips' worth."""

    payer: str
    payee: str
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def _greedy(nets: Mapping[str, int]) -> list[Transfer]:
    """The largest debtor pays the largest creditor, until everyone is square.

    At most one transfer fewer than the players with a non-zero net (each
    transfer squares at least one of them). Ties are broken by name.
    """
    debts = {k: -v for k, v in nets.items() if v < 0}
    credits = {k: v for k, v in nets.items() if v > 0}
    out: list[Transfer] = []
    while debts and credits:
        payer = min(debts, key=lambda k: (-debts[k], k))
        payee = min(credits, key=lambda k: (-credits[k], k))
        amount = min(debts[payer], credits[payee])
        out.append(Transfer(payer, payee, amount))
        for book, who in ((debts, payer), (credits, payee)):
            book[who] -= amount
            if not book[who]:
                del book[who]
    return out


def _zero_sum_groups(names: list[str], values: list[int]) -> list[list[str]]:
    """Split the players into the most groups that each sum to zero (subset DP).

    A group of ``k`` players squares with ``k - 1`` transfers and no fewer when it
    holds no smaller zero-sum group, so the most groups give the fewest transfers.
    """
    n = len(values)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    # best[mask]: the most zero-sum groups that the players of ``mask`` (summing to
    # zero) split into; built by adding one player at a time.
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        top = 0
        m = mask
        while m:
            low = m & -m
            top = max(top, best[mask ^ low])
            m ^= low
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    # Walk back: peel players off while the count stays; a group closes at a zero sum.
    groups: list[list[str]] = []
    current: list[str] = []
    mask = full
    while mask:
        m = mask
        while m:
            low = m & -m
            rest = mask ^ low
            closes = sums[mask] == 0
            if best[rest] + (1 if closes else 0) == best[mask]:
                break
            m ^= low
        i = low.bit_length() - 1
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        current.append(names[i])
        mask ^= low
    if current:
        groups.append(current)
    return groups


def settle_up(nets: Mapping[str, int]) -> list[Transfer]:
    """The fewest transfers that square every player's ``net`` (positive: he is owed).

    The nets must sum to zero. With up to :data:`EXACT_LIMIT` players owing or
    owed, the players are first split into the most groups that square among
    themselves (which is what makes the number of transfers smallest), then each
    group is settled greedily, largest debtor with largest creditor; with more,
    the greedy match alone is used (at most one transfer fewer than the players).

    >>> [str(t) for t in settle_up({"A": -7, "B": -5, "C": 3, "D": 4, "E": 5})]
    ['A pays D 4', 'A pays C 3', 'B pays E 5']

    (Largest debtor first throughout would take four: A pays E 5, B pays D 4 …)
    """
    if sum(nets.values()) != 0:
        raise ValueError(f"nets sum to {sum(nets.values())}, not 0: the ledger does not balance")
    live = {k: v for k, v in nets.items() if v}
    if len(live) > EXACT_LIMIT:
        return _greedy(live)
    names = sorted(live)
    out: list[Transfer] = []
    for group in _zero_sum_groups(names, [live[k] for k in names]):
        out.extend(_greedy({k: live[k] for k in group}))
    return sorted(out, key=lambda t: t.payer)


#: Characters that make a spreadsheet read a cell as a formula.
_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def csv_text(value: str) -> str:
    """A name made safe for a spreadsheet: one starting like a formula gets a ``'``.

    >>> csv_text("=HYPERLINK(1)"), csv_text("Bob")
    ("'=HYPERLINK(1)", 'Bob')
    """
    return "'" + value if value.startswith(_FORMULA_START) else value


def ledger_csv(rows: Iterable[Mapping[str, Any]], transfers: Iterable[Transfer]) -> str:
    """The ledger and the settle-up as CSV text: one row per player, a blank row,
    then one row per transfer (names guarded against formula injection).

    >>> rows = [{"name": "Al", "bought": 100, "cashed": 0, "stack": 150, "net": 50}]
    >>> for line in ledger_csv(rows, [Transfer("Bo", "Al", 50)]).splitlines():
    ...     print(line)
    player,bought,cashed_out,stack,net
    Al,100,0,150,50
    <BLANKLINE>
    pays,receives,amount
    Bo,Al,50
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["player", "bought", "cashed_out", "stack", "net"])
    for r in rows:
        writer.writerow([csv_text(str(r["name"])), r["bought"], r["cashed"], r["stack"], r["net"]])
    writer.writerow([])
    writer.writerow(["pays", "receives", "amount"])
    for t in transfers:
        writer.writerow([csv_text(t.payer), csv_text(t.payee), t.amount])
    return out.getvalue()
