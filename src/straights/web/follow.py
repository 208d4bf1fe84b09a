"""What helps a player follow the web table: words for the page, computed on the server.

Everything here works on events already :func:`~straights.game.view.redact`-ed
for the viewer (or for a spectator), so nothing hidden can slip through.

The web page writes a ten as ``10`` on its cards, so every text it is sent
writes ``10♣`` too (:func:`tens`); the special card T stays ``T``.

>>> tens("higher top card: T♣ over 9♦ (rule 5)")
'higher top card: 10♣ over 9♦ (rule 5)'
>>> tens("S-T-R-8 with 8♥")
'S-T-R-8 with 8♥'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any, Final

from straights.cards import Card
from straights.game import events as ev
from straights.game.view import SeatView, redact
from straights.game.wording import action_phrase, phrase, text
from straights.poker.engine import Deal
from straights.rankings.straights import make_hand

__all__ = [
    "DealLog",
    "best_hand",
    "best_words",
    "carry_text",
    "last_actions",
    "replay_frames",
    "tens",
    "told",
]

_TEN: Final = re.compile(r"(?<![A-Za-z0-9])T(?=[♣♦♥♠])")
#: What a log line of an action that the timer made says after the action.
TIMED_OUT: Final = " (timed out)"


def tens(words: str) -> str:
    """``words`` with each ten written ``10`` as the page's cards show it."""
    return _TEN.sub("10", words)


def _card(card: Card) -> str:
    return tens(str(card))


def told(
    event: ev.Event, name: Callable[[int], str | None], you: int | None, timed_out: bool
) -> str:
    """One event in words for the page: a sentence with its full stop."""
    line = tens(text(phrase(event, name, you)))
    return line + (TIMED_OUT if timed_out else "") + "."


class DealLog:
    """The current deal as the public sees it, one line per event, each worded once.

    The log is the same for every viewer (events redacted for a spectator,
    players named, nobody "you"), so it costs one phrase per event however many
    watch. Hole cards dealt face down are left out: every seat's cards show that.

    >>> log = DealLog()
    >>> log.update(1, [ev.Acted(seat=0, kind="check", amount=0, to=0, all_in=False)],
    ...            {0: "Ann"}, timed_out={0})
    ['Ann checks (timed out).']
    """

    def __init__(self) -> None:
        self.number = 0
        self._lines: list[str] = []

    def update(
        self,
        number: int,
        events: Sequence[ev.Event],
        names: dict[int, str],
        timed_out: Collection[int] = (),
    ) -> list[str]:
        """The log of deal ``number`` whose events (unredacted) so far are ``events``."""
        if number != self.number:
            self.number, self._lines = number, []
        for i in range(len(self._lines), len(events)):
            e = events[i]
            skip = isinstance(e, ev.HandStarted | ev.HandEnded | ev.HoleDealt)
            self._lines.append(
                "" if skip else told(redact(e, None), names.get, None, i in timed_out)
            )
        return [line for line in self._lines if line]


def last_actions(events: Sequence[ev.Event], timed_out: Collection[int] = ()) -> dict[int, str]:
    """Each seat's last action of the betting round, worded for its seat box.

    A fold and an all-in stay shown for the rest of the deal; anything else is
    cleared when a new betting round starts.

    >>> a = ev.Acted(seat=1, kind="raise", amount=7, to=7, all_in=False)
    >>> last_actions([a])
    {1: 'raises to 7'}
    >>> last_actions([a, ev.RoundStarted(round=2, betting=True)])
    {}
    """
    last: dict[int, str] = {}
    lasting: set[int] = set()
    for i, e in enumerate(events):
        if isinstance(e, ev.RoundStarted):
            last = {s: w for s, w in last.items() if s in lasting}
        elif isinstance(e, ev.Acted):
            words = action_phrase(e.kind, amount=e.amount, to=e.to, all_in=e.all_in)
            last[e.seat] = words + (TIMED_OUT if i in timed_out else "")
            if e.kind == "fold" or e.all_in:
                lasting.add(e.seat)
    return last


def best_hand(view: SeatView) -> str | None:
    """The viewer's best hand from his hole cards and the table cards he can see.

    Computed from ``view`` alone (the face-down key card does not count).

    >>> from straights.game.config import TableConfig
    >>> from straights.game.table import Table
    >>> t = Table(TableConfig(seats=2), ["Ann", "Bob"], seed=3)
    >>> _ = t.start_hand()
    >>> v = t.view(0)
    >>> v.hole, v.visible_table  # the key card (position 1) is face down
    ((Card('8d'), Card('Kc')), (Card('Ah'),))
    >>> best_hand(v), best_hand(t.view(None))
    ('2-card straight A♥–K♣', None)
    """
    if not view.hole:
        return None
    return best_words(view.hole[0], view.hole[1], view.visible_table, view.pack)


@functools.lru_cache(maxsize=4096)
def best_words(first: Card, second: Card, table: tuple[Card, ...], pack: int) -> str:
    """:func:`best_hand`'s words, kept: they change only when a card is seen, not
    at every action that sends a new state."""
    hand = make_hand((first, second), table, pack)
    if hand.is_str8:
        assert hand.str8_eight is not None
        return f"S-T-R-8 with {_card(hand.str8_eight)}"
    if not hand.length:
        return f"no straight; high card {_card(hand.high_card)}"
    kind = "straight flush" if hand.is_flush else "straight"
    run = hand.straight
    return f"{hand.length}-card {kind} {_card(run[0])}–{_card(run[-1])}"


def carry_text(events: Sequence[ev.Event]) -> str | None:
    """What carries over when nobody wins (rule 10), with the penalties that add to it.

    >>> carry_text([ev.PotAwarded(0, 2, None, (0, 1), 10, "…"), ev.PenaltyPaid(0, 1),
    ...             ev.PenaltyPaid(1, 1), ev.PotCarried(4)])
    'Pot of 2 + penalties 2 carry over: 4 chips stay in the middle for the next deal (rule 10)'
    """
    pots = sum(e.amount for e in events if isinstance(e, ev.PotAwarded) and e.winner is None)
    penalties = sum(e.amount for e in events if isinstance(e, ev.PenaltyPaid))
    carried = next((e.amount for e in events if isinstance(e, ev.PotCarried)), 0)
    return _carry_words(pots, penalties, carried)


def deal_carry_text(deal: Deal) -> str | None:
    """:func:`carry_text` of a finished one-table deal: the engine's pots nobody won,
    its penalties (rule 10) and what it carries out (``None``: nothing carries)."""
    pots = sum(v.amount for v in deal.verdicts if not v.winners)
    penalties = sum(e.amount for e in deal.log if e.kind == "penalty" and e.amount > 0)
    return _carry_words(pots, penalties, deal.carry_out)


def _carry_words(pots: int, penalties: int, carried: int) -> str | None:
    if not carried:
        return None
    head = f"Pot of {pots}"
    if penalties:
        head += f" + {'penalty' if penalties == 1 else 'penalties'} {penalties}"
    verb = "carry" if penalties else "carries"
    return f"{head} {verb} over: {carried} chips stay in the middle for the next deal (rule 10)"


def replay_frames(
    events: Sequence[ev.Event], viewer: int | None, timed_out: Collection[int] = ()
) -> list[dict[str, Any]]:
    """The table after each event of a finished deal, for the replayer drawn on the felt.

    ``events`` are redacted for ``viewer``: a hole card the viewer may not see is
    ``null`` (face down); the key card is ``"down"`` once dealt face down and
    shows only once turned. Each frame holds the pot in the middle, the five
    table positions and, per dealt seat, chips behind, bet this round, cards,
    last action, folded and won.
    """
    frames: list[dict[str, Any]] = []
    seats: dict[int, dict[str, Any]] = {}
    table: list[str | None] = [None] * 5
    pot = 0
    for i, e in enumerate(events):
        if isinstance(e, ev.HandStarted):
            pot = e.carry
            seats = {
                s: {"stack": st, "bet": 0, "cards": None, "dealt": False, "last": "",
                    "folded": False, "won": 0}
                for s, st in zip(e.seats, e.stacks, strict=True)
            }  # fmt: skip
        elif isinstance(e, ev.AntePosted):
            seats[e.seat]["stack"] -= e.amount
            pot += e.amount
        elif isinstance(e, ev.HoleDealt):
            seats[e.seat]["dealt"] = True
            seats[e.seat]["cards"] = " ".join(c.ascii() for c in e.cards) or None
        elif isinstance(e, ev.KeyDealt):
            table[0] = "down"
        elif isinstance(e, ev.TableCardDealt):
            table[e.position - 1] = e.card.ascii()
        elif isinstance(e, ev.KeyTurned):
            table[0] = e.card.ascii()
        elif isinstance(e, ev.RoundStarted):
            for s in seats.values():
                s["bet"] = 0
                if not s["folded"] and s["stack"]:
                    s["last"] = ""
        elif isinstance(e, ev.Acted):
            s = seats[e.seat]
            s["stack"] -= e.amount
            s["bet"] = e.to
            pot += e.amount
            s["folded"] = s["folded"] or e.kind == "fold"
            words = action_phrase(e.kind, amount=e.amount, to=e.to, all_in=e.all_in)
            s["last"] = words + (TIMED_OUT if i in timed_out else "")
        elif isinstance(e, ev.ShowdownRevealed):
            seats[e.seat]["cards"] = " ".join(c.ascii() for c in e.cards)
            for s in seats.values():
                s["bet"] = 0
        elif isinstance(e, ev.PotAwarded) and e.winner is not None:
            seats[e.winner]["stack"] += e.amount
            seats[e.winner]["won"] += e.amount
            pot -= e.amount
            for s in seats.values():
                s["bet"] = 0
        elif isinstance(e, ev.PenaltyPaid):
            seats[e.seat]["stack"] -= e.amount
            pot += e.amount
        frames.append(
            {"pot": pot, "table": list(table), "seats": {str(k): dict(v) for k, v in seats.items()}}
        )
    return frames
