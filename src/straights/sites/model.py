"""The shared intermediate of every site parser: a :class:`SiteHand`, turned into PHH.

A site module reads its text into a :class:`SiteHand` — the seats, the button, and the
hand's events in the order the site printed them — and :func:`to_phh` writes the PHH
dict (players from the left of the button, the button last; forced bets per player;
every bet as PHH's *to* amount), which :func:`check` replays through the engine and
compares with the stacks the site printed.

>>> from decimal import Decimal as D
>>> hand = SiteHand("pokerstars", "1", 1, "NT", [Seat("Ann", 1, D(100)), Seat("Bob", 2, D(100))],
...                 button=1, min_bet=D(2))
>>> hand.events += [Event("blind", "Ann", D(1), "sb"), Event("blind", "Bob", D(2), "bb"),
...                 Event("put", "Ann", D(5)), Event("fold", "Bob")]
>>> hand.collected["Ann"] = D(8)
>>> phh = to_phh(hand)
>>> phh["players"], phh["blinds_or_straddles"], phh["actions"][2:]
(['Bob', 'Ann'], [1, 2], ['p2 cbr 6', 'p1 f'])
>>> phh["finishing_stacks"]
[98, 102]
>>> check(phh)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final

from straights.errors import HandHistoryError

if TYPE_CHECKING:
    from straights.poker.variant import Variant

__all__ = [
    "Event",
    "Seat",
    "SiteHand",
    "check",
    "comma_cards",
    "culprit",
    "money",
    "seat_and_deal_line",
    "stamp",
    "to_phh",
]

#: Event kinds: forced bets (``ante``; ``blind``: a live blind, the first two in position
#: being the small and big blinds, any later one a live post; ``straddle``; ``dead``:
#: dead money), ``hole`` and ``board`` cards, ``fold``, ``check``, ``call``, ``put``
#: (chips added, a call or a raise), ``to`` (a bet or raise to a street total), ``show``;
#: stud: ``street`` (a new street), ``deal`` (a player's cards of the street, ``??`` when
#: face down and unseen) and ``bring-in``; draw games: ``draw`` (the cards thrown, ``??``
#: when unseen; none: stands pat) and ``deal`` (the cards drawn); a board run more than
#: once: ``runs`` (before the first run's cards: the players agreed to ``amount`` runs)
#: and ``run`` (run number ``amount`` begins; its ``board`` events follow).
KINDS: Final = frozenset({"ante", "blind", "straddle", "dead", "hole", "board", "fold",
                          "check", "call", "put", "to", "show", "bring-in", "street",
                          "deal", "draw", "runs", "run"})  # fmt: skip


@dataclass(frozen=True)
class Seat:
    """A player dealt into the hand: name, table seat and stack before the hand."""

    name: str
    seat: int
    stack: Decimal


@dataclass(frozen=True)
class Event:
    """One thing that happened, as the site printed it."""

    kind: str
    who: str | None = None
    amount: Decimal | None = None
    cards: str = ""
    line: int = 0  # the line of the site's file it was read from (0: not known)


def stamp(events: list[Event], since: int, line: int) -> None:
    """Mark the events from ``since`` on as read from ``line``."""
    events[since:] = [replace(e, line=line) if not e.line else e for e in events[since:]]


@dataclass
class SiteHand:
    """One hand read from a site's history, before it becomes PHH."""

    site: str
    ident: str
    line: int
    variant: str
    seats: list[Seat]
    button: int | None = None
    min_bet: Decimal | None = None
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    events: list[Event] = field(default_factory=list)
    collected: dict[str, Decimal] = field(default_factory=dict)
    rake: Decimal | None = Decimal(0)
    table: str | None = None
    seat_count: int | None = None
    currency: str | None = None
    tournament: str | None = None
    time: str | None = None
    bomb_pot: bool = False  # the antes are a bomb pot's: no betting before the flop
    level: int | None = None  # a tournament's blind level


def money(text: str) -> Decimal:
    """An amount as a site prints it: ``$1,234.50``, ``1 234,50 €``, ``€0.02``, ``[60]``.

    >>> money("$1,234.50"), money("0,02€"), money("1 500"), money("[ $0.30 ]")
    (Decimal('1234.50'), Decimal('0.02'), Decimal('1500'), Decimal('0.30'))
    """
    s = "".join(ch for ch in text if ch.isdigit() or ch in ".,")
    if "," in s and "." not in s and len(s.rsplit(",", 1)[1]) in (1, 2):
        s = s.replace(",", ".")  # a decimal comma (Winamax, some locales)
    s = s.replace(",", "")
    if not s or s.count(".") > 1:
        raise HandHistoryError(f"{text!r} is not an amount")
    return Decimal(s)


def comma_cards(text: str) -> str:
    """Cards written apart, with or without commas, run together.

    >>> comma_cards("Ah, Kd 5c")
    'AhKd5c'
    """
    return "".join(text.replace(",", " ").split())


def seat_and_deal_line(
    hand: SiteHand,
    line: str,
    seats: list[Seat],
    *,
    seat_re: re.Pattern[str],
    board_re: str,
    won_re: str,
) -> bool:
    """A line 888 and PartyPoker write alike, taken in (``True``): the button, a seat
    (``seat_re``: number, name, chips; before the first event), a street's cards
    (``board_re``), a player's hole cards, or a pot he won (``won_re``: name, amount).

    >>> hand = SiteHand("888", "1", 1, "NT", [], rake=None)
    >>> seat_and_deal_line(hand, "Seat 3 is the button", [], seat_re=re.compile("x"),
    ...                    board_re="x", won_re="x"), hand.button
    (True, 3)
    """
    m = re.match(r"^Seat (\d+) is the button", line)
    if m:
        hand.button = int(m.group(1))
        return True
    m = seat_re.match(line)
    if m and not hand.events:
        seats.append(Seat(m.group(2), int(m.group(1)), money(m.group(3))))
        return True
    m = re.match(board_re, line)
    if m:
        hand.events.append(Event("board", cards=comma_cards(m.group(2))))
        return True
    m = re.match(r"^Dealt to (.+?) \[(.*)\]", line)
    if m:
        hand.events.append(Event("hole", m.group(1), cards=comma_cards(m.group(2))))
        return True
    m = re.match(won_re, line)
    if m:
        hand.collected[m.group(1)] = hand.collected.get(m.group(1), Decimal(0)) + money(m.group(2))
        return True
    return False


def _order(hand: SiteHand) -> list[Seat]:
    """Seats from the left of the button round to the button (PHH's order)."""
    seats = sorted(hand.seats, key=lambda s: s.seat)
    if hand.button is None:
        blinds = [e.who for e in hand.events if e.kind == "blind"]
        first = next((k for k, s in enumerate(seats) if blinds and s.name == blinds[0]), 0)
        return seats[first:] + seats[:first]
    after = [s for s in seats if s.seat > hand.button]
    return after + [s for s in seats if s.seat <= hand.button]


def _num(value: Decimal) -> int | Decimal:
    return int(value) if value == value.to_integral_value() else value.normalize()


def to_phh(hand: SiteHand, origins: list[int] | None = None) -> dict[str, Any]:
    """The PHH dict of ``hand``; raises :class:`HandHistoryError` for what it cannot say.

    ``origins``, when given, receives the site's line of each PHH action (0: none).
    """
    unknown = {e.kind for e in hand.events} - KINDS
    if unknown:
        raise HandHistoryError(f"unknown event kinds {sorted(unknown)}")
    seats = _order(hand)
    n = len(seats)
    if n < 2:
        raise HandHistoryError(f"{n} player dealt in: a hand needs two")
    index = {s.name: k for k, s in enumerate(seats)}
    antes, blinds, posted, holes = _forced(hand, index)
    from straights.poker.catalogue import get_variant

    variant = get_variant(hand.variant)
    out = _stakes(hand, variant, antes, blinds)
    out["starting_stacks"] = [_num(s.stack) for s in seats]
    runs = max((int(e.amount or 1) for e in hand.events if e.kind == "runs"), default=1)
    if runs > 1:
        out["_runs"] = runs
    if hand.bomb_pot:
        out["_bomb_pot"] = True
    actions = _Actions(hand, variant, seats, index, antes, posted)
    actions.deal_holes(holes)
    events = hand.events
    if actions.by_street:
        counts = [len(st.hole) for st in variant.streets]
        events = _every_deal(events, [s.name for s in seats], counts)
    for e in events:
        actions.take(e)
    out["actions"] = actions.lines
    actions.where += [actions.previous] * (len(actions.lines) - len(actions.where))
    if origins is not None:
        origins[:] = actions.where
    out.update(_outcome(hand, seats, index))
    return out


def _who(index: dict[str, int], e: Event) -> int:
    """The player (PHH's index) of event ``e``."""
    if e.who not in index:
        raise HandHistoryError(f"{e.who!r} acts but was not dealt in")
    return index[e.who]


def _forced(
    hand: SiteHand, index: dict[str, int]
) -> tuple[list[Decimal], list[Decimal], dict[int, Decimal], dict[int, str]]:
    """(antes, blinds, each player's posts, hole cards) of the hand, in PHH's order (heads-up
    the antes and blinds the other way round); a live post is a negative blind."""
    n = len(index)
    zero = Decimal(0)
    antes, blinds = [zero] * n, [zero] * n
    tags: set[str] = set()
    posted: dict[int, Decimal] = {}
    holes: dict[int, str] = {}
    for e in hand.events:
        if e.kind in ("ante", "dead"):
            antes[_who(index, e)] += e.amount or zero
        elif e.kind in ("blind", "straddle"):
            i = _who(index, e)
            amount = e.amount or zero
            posted[i] = posted.get(i, zero) + amount
            # The first small and big blinds, and straddles, are blinds; any other post is
            # live money that does not move the first action (PHH: a negative blind).
            positive = e.kind == "straddle" or (e.cards in ("sb", "bb") and e.cards not in tags)
            tags.add(e.cards)
            blinds[i] = amount if positive else -amount
        elif e.kind == "hole":
            holes[_who(index, e)] = e.cards
    if n == 2:
        antes.reverse()
        blinds.reverse()
    return antes, blinds, posted, holes


def _stakes(
    hand: SiteHand, variant: Variant, antes: list[Decimal], blinds: list[Decimal]
) -> dict[str, Any]:
    """The PHH fields of the game and its stakes: variant, antes, blinds, bets."""
    zero = Decimal(0)
    out: dict[str, Any] = {"variant": hand.variant, "ante_trimming_status": False,
                           "antes": [_num(a) for a in antes]}  # fmt: skip
    if variant.blinds:
        out["blinds_or_straddles"] = [_num(abs(b)) if b >= 0 else _num(b) for b in blinds]
    if variant.bring_in:
        brought = [e.amount for e in hand.events if e.kind == "bring-in" and e.amount]
        out["bring_in"] = _num(brought[0] if brought else (hand.small_bet or zero) / 2)
    if hand.small_bet is not None and hand.big_bet is not None:
        out["small_bet"], out["big_bet"] = _num(hand.small_bet), _num(hand.big_bet)
    else:
        out["min_bet"] = _num(
            hand.min_bet or max((abs(b) for b in blinds), default=zero) or Decimal(1)
        )
    return out


class _Actions:
    """The PHH actions of a hand under way: each event's line(s), the site's line each
    came from (``where``), and the chips of the street so far."""

    def __init__(
        self,
        hand: SiteHand,
        variant: Variant,
        seats: list[Seat],
        index: dict[str, int],
        antes: list[Decimal],
        posted: dict[int, Decimal],
    ) -> None:
        n = len(seats)
        self.index = index
        self.n = n
        # Stud deals hole cards street by street ("deal" events); the others all first.
        self.by_street = any(street.hole for street in variant.streets[1:])
        self.count = len(variant.streets[0].hole)
        self.dealt = sum(len(street.hole) for street in variant.streets)  # a hand's hole cards
        self.lines: list[str] = []
        self.where: list[int] = []
        self.street = dict(posted)
        # What each player has left behind the chips of this street (for all-in raises).
        self.behind = [s.stack - a for s, a in zip(seats, antes[::-1] if n == 2 else antes,
                                                   strict=True)]  # fmt: skip
        self.folded: set[int] = set()
        self.drawing = False  # draw games: inside a round of discards
        self.shown: set[int] = set()  # a hand run twice is shown at each run's showdown
        self.previous = 0

    def deal_holes(self, holes: dict[int, str]) -> None:
        """Every player's hole cards first (``??`` where not known), but in stud."""
        for p_index in range(0 if self.by_street else self.n):
            self.lines.append(f"d dh p{p_index + 1} {holes.get(p_index, '??' * self.count)}")
            self.where.append(0)

    def _close_street(self) -> None:
        for j, chips in self.street.items():
            self.behind[j] -= chips
        self.street = {}

    def take(self, e: Event) -> None:
        """The PHH line(s) of event ``e``."""
        k = e.kind
        if k in ("ante", "dead", "blind", "straddle", "hole"):
            return
        self.where += [self.previous] * (len(self.lines) - len(self.where))  # the last event's
        self.previous = e.line
        if k in ("board", "street"):
            if k == "board":
                self.lines.append(f"d db {e.cards}")
            self._close_street()
            return
        if k in ("runs", "run"):
            self._runs(e)
            return
        i = _who(self.index, e)
        new_draw = k == "draw" and not self.drawing  # the first discard ends the betting
        self.drawing = k in ("draw", "deal") and not self.by_street
        if k in ("fold", "check", "call", "put", "to", "bring-in"):
            self._bet(e, i)
        elif k == "deal":
            self.lines.append(f"d dh p{i + 1} {e.cards}")
        elif k == "draw":
            if new_draw:
                self._close_street()
            self.lines.append(f"p{i + 1} sd {e.cards}".rstrip())
        elif k == "show":
            if len(e.cards) == 2 * self.dealt and i not in self.shown:
                self.shown.add(i)
                self.lines.append(f"p{i + 1} sm {e.cards}")
        else:
            raise HandHistoryError(f"unknown event {k!r}")

    def _runs(self, e: Event) -> None:
        """Running the board more than once: every player still in asks for the runs
        dealt (PHH's ``pN _runs K``), and each further run starts after a ``# run N``."""
        count = int(e.amount or 1)
        if e.kind == "run":
            self.lines.append(f"# run {count}")
            return
        self._close_street()
        self.lines += [f"p{j + 1} _runs {count}" for j in range(self.n) if j not in self.folded]

    def _bet(self, e: Event, i: int) -> None:
        zero = Decimal(0)
        k, p, street = e.kind, f"p{i + 1}", self.street
        top = max(street.values(), default=zero)
        if k == "fold":
            self.folded.add(i)
            self.lines.append(f"{p} f")
        elif k == "check":
            if street.get(i, zero) < top:
                raise HandHistoryError(f"{e.who} checks facing a bet of {top}")
            self.lines.append(f"{p} cc")
        elif k == "call":
            street[i] = max(top, street.get(i, zero) + (e.amount or zero))
            self.lines.append(f"{p} cc")
        elif k in ("put", "to"):
            total = (e.amount or zero) + (street.get(i, zero) if k == "put" else zero)
            street[i] = total
            # All in over players who cannot answer: only the call counts (the rest returns).
            answer = any(self.behind[j] > street.get(j, zero) for j in range(self.n)
                         if j != i and j not in self.folded)  # fmt: skip
            self.lines.append(f"{p} cbr {_num(total)}" if total > top and answer else f"{p} cc")
        else:  # bring-in
            street[i] = e.amount or zero
            self.lines.append(f"{p} pb")


def _outcome(hand: SiteHand, seats: list[Seat], index: dict[str, int]) -> dict[str, Any]:
    """The PHH fields after the actions: the hand, its table and players, the finishing
    stacks and winnings, the money, the time and the rake."""
    zero = Decimal(0)
    out: dict[str, Any] = {"hand": hand.ident, "seats": [s.seat for s in seats]}
    if hand.seat_count:
        out["seat_count"] = hand.seat_count
    if hand.table:
        out["table"] = hand.table
    out["players"] = [s.name for s in seats]
    contributed, returned = _contributions(hand, index, len(seats))
    won = [hand.collected.get(s.name, zero) for s in seats]
    excess = sum(won, zero) - sum(contributed, zero)
    if excess > 0:  # more won than was bet: the site counts returned bets as won (888, Party)
        won = [w - min(r, w) for w, r in zip(won, returned, strict=True)]
    out["finishing_stacks"] = [_num(s.stack - contributed[k] + won[k])
                               for k, s in enumerate(seats)]  # fmt: skip
    out["winnings"] = [_num(w) for w in won]
    if hand.currency:
        out["currency"] = hand.currency
    if hand.tournament:
        out["event"] = hand.tournament
    if hand.level is not None:
        out["level"] = hand.level
    when = re.match(r"(\d{4})[/-](\d\d)[/-](\d\d)[ T](\d\d?:\d\d(?::\d\d)?)", hand.time or "")
    if when:
        out["year"], out["month"], out["day"] = (int(when.group(k)) for k in (1, 2, 3))
        out["time"] = when.group(4)
    if hand.rake is not None:
        out["_rake"] = _num(hand.rake)
    return out


def _contributions(
    hand: SiteHand, index: dict[str, int], n: int
) -> tuple[list[Decimal], list[Decimal]]:
    """What each player put into the pot, by replaying the printed amounts, and what came
    back uncalled (nobody pays more than the largest call of another)."""
    zero = Decimal(0)
    total = [zero] * n
    returned = [zero] * n
    street = [zero] * n
    stacks = [s.stack for s in sorted(hand.seats, key=lambda s: index[s.name])]

    def settle() -> None:
        tops = sorted(street, reverse=True)
        if len(tops) > 1 and tops[0] > tops[1]:  # the uncalled part goes back
            k = street.index(tops[0])
            returned[k] += tops[0] - tops[1]
            street[k] = tops[1]
        for k in range(n):
            total[k] += street[k]
            street[k] = zero

    drawing = False
    for e in hand.events:
        if e.kind in ("board", "street") or (e.kind == "draw" and not drawing):
            settle()
        drawing = e.kind in ("draw", "deal")
        if e.kind in ("board", "street"):
            continue
        if e.who is None or e.who not in index:
            continue
        i = index[e.who]
        amount = e.amount or zero
        if e.kind in ("ante", "dead"):
            total[i] += min(amount, stacks[i] - total[i] - street[i])
        elif e.kind in ("blind", "straddle", "put", "bring-in"):
            street[i] += amount
        elif e.kind == "call":
            street[i] = max(street[i] + amount, street[i])
        elif e.kind == "to":
            street[i] = amount
    settle()
    return total, returned


def check(phh: dict[str, Any]) -> None:
    """Replay ``phh`` through the engine and compare with the printed stacks: every
    difference must be the house's (the rake, taken from what a winner collected).

    Raises :class:`HandHistoryError` naming the players whose stacks differ.
    """
    from straights.poker.phh import replay

    replayed = replay(phh)
    engine = replayed.finishing_stacks
    # Split pots: who gets an odd chip is the house's rule, one unit per split pot.
    splits = sum(len(v.winners) - 1 for v in replayed.deal.verdicts if v.winners)
    unit = Decimal(1) / replayed.scale
    printed = [Decimal(v) for v in phh["finishing_stacks"]]
    winnings = [Decimal(v) for v in phh.get("winnings", [0] * len(printed))]
    known = "_rake" in phh  # 888 and others print no rake: then any house share goes
    diff = [Decimal(e) - p for e, p in zip(engine, printed, strict=True)]
    rake = Decimal(phh["_rake"]) if known else max(sum(diff), Decimal(0))
    slack = unit * splits
    bad = [k for k, d in enumerate(diff)
           if d < -slack or (d > slack and not (winnings[k] and rake > slack))]  # fmt: skip
    if (sum(diff) != rake and known) or bad:
        names = phh.get("players", [])
        said = ", ".join(f"{names[k] if k < len(names) else k}: engine {engine[k]}, "
                         f"site {printed[k]}" for k, d in enumerate(diff) if d)  # fmt: skip
        raise HandHistoryError(f"replays to other stacks than the site printed ({said}; "
                               f"rake {rake})")  # fmt: skip


def culprit(phh: dict[str, Any]) -> int | None:
    """The index of the first action the engine refuses (None: every action is legal and
    only the end differs), found by replaying ever longer beginnings of the hand."""
    from straights.poker.phh import replay

    actions = list(phh.get("actions", []))
    for k in range(1, len(actions) + 1):
        try:
            replay({**phh, "actions": actions[:k]})
        except HandHistoryError as exc:
            text = str(exc)
            if not (text.startswith("the history stops") or "never reaches" in text):
                return k - 1
    return None


def _every_deal(events: list[Event], order: list[str], counts: list[int]) -> list[Event]:
    """Stud: each street's cards for every player still in, in PHH's order — the cards
    the site printed, ``??`` for the others (PHH writes every card dealt)."""
    out: list[Event] = []
    folded: set[str | None] = set()
    k = 0
    while k < len(events):
        e = events[k]
        if e.kind != "street":
            folded |= {e.who} if e.kind == "fold" else set()
            out.append(e)
            k += 1
            continue
        number = sum(x.kind == "street" for x in out)
        out.append(e)
        k += 1
        printed: dict[str | None, Event] = {}
        while k < len(events) and events[k].kind == "deal":
            printed[events[k].who] = events[k]
            k += 1
        count = counts[number] if number < len(counts) else 1
        for name in order:
            if name not in folded:
                out.append(printed.get(name) or Event("deal", name, cards="??" * count,
                                                      line=e.line))  # fmt: skip
    return out
