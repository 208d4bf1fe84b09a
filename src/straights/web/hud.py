"""The web table's heads-up display: each player's statistics from the table's own deals.

Every deal of a poker game of the catalogue that finishes at the table is counted
once, as it ends, by :meth:`Hud.note` — the same counts ``straights history stats``
makes from the table's archived PHH (:meth:`~straights.history_stats.Stats.add_deal`,
PokerTracker's definitions, ``docs/study.md``), read from the deal's public log:
actions, blinds, who was left at the showdown and who won chips there. No card is
read, so the display tells nobody anything about a hand that was not shown.

Straights' own table (stored by earlier releases) and Pai Gow are not counted: it has no
betting (the stakes are the table's; Straights dealt by the engine at a table of
the catalogue bets, and counts) and Pai Gow's players set hands against the bank, so
none of VPIP, PFR, 3-bet, AF or WTSD means anything there.

The table keeps counting whether or not the display is on; the host's switch
(:attr:`Hud.on`) only decides whether viewers receive it, so switching it on
shows every deal since the table opened. Cost: one pass over the ending deal's
log, and the rows of its players only (``docs/web.md`` has the figures).

>>> from straights.poker.catalogue import get_variant
>>> from straights.table import PokerGame, Table
>>> from straights.store.archive import PokerEntry
>>> ring = Table(PokerGame(), ["Ann", "Bob"], 20, seed=1)
>>> deal = ring.start(get_variant("NT"))
>>> _ = deal.act("fold")
>>> hud = Hud()
>>> hud.note(PokerEntry(deal, ("Ann", "Bob"), 1))
True
>>> [(r["player"], r["hands"], r["walks"], r["vpip"]) for r in hud.rows.values()]
[('Ann', 1, 1, None), ('Bob', 1, 0, 0.0)]
>>> hud.hands, hud.row("Nobody"), hud.public(["Ann", None])
(1, None, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from straights.history_stats import Stats
from straights.store.archive import ArchiveEntry

__all__ = ["BRIEF", "NOT_POKER", "Hud", "public_phhs"]

#: The archive's game codes the display does not count: Straights' own and Pai Gow.
NOT_POKER: Final = frozenset(("STR", "_PAIGOW"))

#: The figures shown beside each seat (the rest open on a tap or click).
BRIEF: Final = ("vpip", "pfr", "three_bet", "af")


@dataclass(slots=True)
class Hud:
    """Counts per player name over the table's finished poker deals; ``on`` when shown."""

    on: bool = False
    stats: Stats = field(default_factory=Stats)
    #: player name -> his row of :meth:`Stats.rows`, refreshed for a deal's players only
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        """Deals counted so far."""
        return self.stats.hands

    def note(self, entry: ArchiveEntry | None) -> bool:
        """Count the deal an ending command archived, if it is a poker deal (see the
        module's note). Returns whether it was counted."""
        poker = None if entry is None else entry.betting
        if poker is None:
            return False
        self.stats.add_deal(poker.deal, poker.names)
        for name in dict.fromkeys(poker.names):
            row = self.stats.row_of(name)
            if row is not None:
                self.rows[name] = row
        return True

    def row(self, name: str) -> dict[str, Any] | None:
        """The full statistics of the player called ``name`` (None: no deal yet)."""
        return self.rows.get(name)

    def public(self, names: list[str | None]) -> dict[str, Any] | None:
        """What viewers receive while the display is on: the deals counted and, per seat
        (``names``: who sits in each, None when empty), the sitter's row."""
        if not self.on:
            return None
        seats = [None if n is None else self.rows.get(n) for n in names]
        return {"hands": self.hands, "brief": list(BRIEF), "seats": seats}


_DEALT: Final = re.compile(r"^d dh (p\d+) (\S+)")
_DISCARD: Final = re.compile(r"^(p\d+) sd (\S+)")
_SHOWN: Final = re.compile(r"^(p\d+) sm (?!-)")


def public_phhs(texts: Iterable[str]) -> str:
    """The table's archived poker deals (PHH texts, oldest first) as one ``.phhs`` file
    a player may keep: face-down cards not shown at a showdown, and the cards thrown
    away in a draw, become ``??``, so the file tells no more than the table did — and
    ``straights history stats`` on it gives the display's figures (they need no
    hidden card). Stud's face-up cards stay (the bring-in is decided by them).

    >>> text = '''variant = "NT"
    ... actions = ["d dh p1 AsKs", "d dh p2 7h2c", "p2 f"]
    ... '''
    >>> print(public_phhs([text]).splitlines()[2])
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
    """
    from straights.poker.catalogue import get_variant
    from straights.poker.phh import dumps, loads
    from straights.poker.phh_text import phhs_entry

    out: list[str] = []
    for text in texts:
        for history in loads(text):
            streets = get_variant(str(history["variant"])).streets
            flags = [street.hole for street in streets if street.hole]
            actions = [str(a) for a in history.get("actions", [])]
            shown = {m.group(1) for a in actions if (m := _SHOWN.match(a))}
            dealt: dict[str, int] = {}
            masked = []
            for action in actions:
                if (m := _DEALT.match(action)) and m.group(1) not in shown:
                    k = dealt[m.group(1)] = dealt.get(m.group(1), -1) + 1
                    up = flags[k] if k < len(flags) else ()
                    action = f"d dh {m.group(1)} {_hidden(m.group(2), up)}"
                elif (m := _DISCARD.match(action)) and m.group(1) not in shown:
                    action = f"{m.group(1)} sd {_hidden(m.group(2), ())}"
                masked.append(action)
            history["actions"] = masked
            out.append(phhs_entry(len(out) + 1, dumps(history)))
    return "\n".join(out)


def _hidden(cards: str, up: tuple[bool, ...]) -> str:
    """``cards`` (two characters each) with every face-down one (``up`` false) as ``??``.

    >>> _hidden("AsKs7h", (False, False, True))
    '????7h'
    """
    pairs = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    return "".join(c if k < len(up) and up[k] else "??" for k, c in enumerate(pairs))
