"""PHH hands written out for other tools: PokerStars' text and OHH (Open Hand History, JSON).

Both walk the PHH actions once, keeping each player's stack and what he has put in on
the street, so every amount is the site's kind (PokerStars: *raises 4 to 6*, *calls 2*;
OHH: the chips each action adds).  Board games only (hold'em and Omaha, every limit).

>>> phh = {"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
...        "starting_stacks": [100, 100], "players": ["Ann", "Bob"], "seats": [1, 2],
...        "actions": ["d dh p1 ????", "d dh p2 AsKs", "p2 cbr 6", "p1 f"],
...        "winnings": [0, 4], "finishing_stacks": [98, 102], "hand": "7", "_rake": 0}
>>> print(to_pokerstars(phh))  # doctest: +NORMALIZE_WHITESPACE
PokerStars Hand #7: Hold'em No Limit (1/2)
Table '' Seat #2 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Bob: posts small blind 1
Ann: posts big blind 2
*** HOLE CARDS ***
Dealt to Bob [As Ks]
Bob: raises 4 to 6
Ann: folds
Uncalled bet (4) returned to Bob
Bob collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: Ann folded
Seat 2: Bob collected (4)
>>> [a["action"] for r in to_ohh(phh)["ohh"]["rounds"] for a in r["actions"]]
['Post SB', 'Post BB', 'Dealt Cards', 'Raise', 'Fold']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from straights.errors import HandHistoryError

__all__ = ["to_ohh", "to_pokerstars"]

#: PHH codes PokerStars' text can hold: the game and the limit words of its header.
GAMES: Final = {"NT": ("Hold'em", "No Limit"), "PT": ("Hold'em", "Pot Limit"),
                "FT": ("Hold'em", "Limit"), "NS": ("6+ Hold'em", "No Limit"),
                "PO": ("Omaha", "Pot Limit"),
                "PO/8": ("Omaha Hi/Lo", "Pot Limit"), "FO/8": ("Omaha Hi/Lo", "Limit"),
                "F7S": ("7 Card Stud", "Limit"), "F7S/8": ("7 Card Stud Hi/Lo", "Limit"),
                "FR": ("Razz", "Limit"), "F2L3D": ("Triple Draw 2-7 Lowball", "Limit"),
                "N2L1D": ("Single Draw 2-7 Lowball", "No Limit"), "_F5CD": ("5 Card Draw", "Limit"),
                "_N5CD": ("5 Card Draw", "No Limit"), "FB": ("Badugi", "Limit")}  # fmt: skip
#: Games where players draw (PokerStars writes them with ``*** DEALING HANDS ***``).
DRAW: Final = frozenset({"F2L3D", "N2L1D", "_F5CD", "_N5CD", "FB"})
#: Games whose hole cards are dealt street by street (no board, no button).
STUD: Final = frozenset({"F7S", "F7S/8", "FR"})
_STUD_STREETS: Final = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_SYMBOLS: Final = {"USD": "$", "EUR": "€", "GBP": "£"}
_STREETS: Final = ("Preflop", "Flop", "Turn", "River")
#: How PokerStars names each run of a board run more than once.
_RUN_WORDS: Final = ("FIRST", "SECOND", "THIRD", "FOURTH")


def _dec(value: Any) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(value)


def _text(value: Decimal) -> str:
    """An amount as sites print it: whole numbers bare, cents kept (``0.5`` → ``0.50``)."""
    if value == value.to_integral_value():
        return str(int(value))
    exponent = value.normalize().as_tuple().exponent
    places = max(2, -exponent) if isinstance(exponent, int) else 2
    return f"{value:.{places}f}"


def _cards(text: str) -> list[str]:
    return [text[k : k + 2] for k in range(0, len(text), 2)]


@dataclass
class _Step:
    """One thing that happened, with the chips it moved."""

    kind: str  # ante sb bb straddle post hole board street deal bring-in fold check call …
    player: int | None = None
    amount: Decimal = Decimal(0)  # chips added
    to: Decimal = Decimal(0)  # the street total after it
    cards: list[str] = field(default_factory=list)
    allin: bool = False
    over: Decimal = Decimal(0)  # a raise: the street's bet it raised


def _walk(phh: dict[str, Any]) -> list[_Step]:
    """The hand's steps from its PHH fields and actions."""
    if phh.get("variant") not in GAMES:
        raise HandHistoryError(f"variant {phh.get('variant')!r}: only hold'em, Omaha, stud "
                               f"and draw games are written to site formats")  # fmt: skip
    walker = _Walker(phh)
    for line in phh.get("actions", []):
        words = str(line).split("#")[0].split()
        run = re.match(r"#\s*run (\d+)\s*$", str(line))
        if run:  # a further run of the board begins
            walker.steps.append(_Step("run", amount=Decimal(run.group(1))))
        if len(words) < 2:
            continue
        if words[0] == "d":
            walker.dealer_line(words)
        else:
            walker.player_line(int(words[0][1:]) - 1, words)
    walker.settle()
    return walker.steps


class _Walker:
    """:func:`_walk` under way: the steps so far, each player's stack and chips in the
    street."""

    def __init__(self, phh: dict[str, Any]) -> None:
        self.phh = phh
        self.stud = phh["variant"] in STUD
        self.acted = True  # stud: an action since the last deal (the next deal opens a street)
        self.drawing = False  # draw games: inside a round of discards
        self.stacks = [_dec(s) for s in phh["starting_stacks"]]
        self.n = n = len(self.stacks)
        self.steps: list[_Step] = []
        self.street = [Decimal(0)] * n
        self._forced()

    def _forced(self) -> None:
        """The antes, then the blinds and straddles (heads-up, PHH lists them the other
        way round), then the live posts (negative blinds)."""
        phh, n, stacks, steps = self.phh, self.n, self.stacks, self.steps
        zero = Decimal(0)
        antes = [_dec(a) for a in (phh.get("antes") or [0] * n)]
        blinds = [_dec(b) for b in (phh.get("blinds_or_straddles") or [0] * n)]
        antes += [zero] * (n - len(antes))
        blinds += [zero] * (n - len(blinds))
        if n == 2:
            antes.reverse()
            blinds.reverse()
        for i, a in enumerate(antes):
            if a:
                paid = min(a, stacks[i])
                stacks[i] -= paid
                steps.append(_Step("ante", i, paid, allin=not stacks[i]))
        positive = [i for i in range(n) if blinds[i] > 0]
        if n == 2:
            positive.reverse()  # heads-up the button posts the small blind
        names = ["sb", "bb"] + ["straddle"] * n
        if len(positive) == 1:  # one blind: the big blind, or short deck's button blind
            names = ["button" if phh["variant"] == "NS" else "bb"]
        for k, i in enumerate(positive + [i for i in range(n) if blinds[i] < 0]):
            paid = min(abs(blinds[i]), stacks[i])
            stacks[i] -= paid
            self.street[i] += paid
            kind = names[k] if k < len(positive) else "post"
            steps.append(_Step(kind, i, paid, self.street[i], allin=not stacks[i]))

    def settle(self) -> None:
        """The end of a betting round: an uncalled bet goes back."""
        street = self.street
        tops = sorted(street, reverse=True)
        if self.n > 1 and tops[0] > tops[1]:
            k = street.index(tops[0])
            self.steps.append(_Step("return", k, tops[0] - tops[1]))
            self.stacks[k] += tops[0] - tops[1]

    def _new_street(self, step: _Step) -> None:
        self.settle()
        self.street = [Decimal(0)] * self.n
        self.steps.append(step)

    def dealer_line(self, words: list[str]) -> None:
        """A dealer's line: cards to a player (a stud street opens with the first after
        an action; a draw's new cards), or board cards."""
        steps = self.steps
        if words[1] == "dh" and self.stud:
            if self.acted:
                if any(s.kind == "street" for s in steps):
                    self.settle()
                self.street = [Decimal(0)] * self.n
                steps.append(_Step("street"))
                self.acted = False
            steps.append(_Step("deal", int(words[2][1:]) - 1, cards=_cards(words[3])))
        elif words[1] == "dh" and any(s.kind == "draw" for s in steps):
            steps.append(_Step("drawn", int(words[2][1:]) - 1, cards=_cards(words[3])))
        elif words[1] == "dh":
            if "?" not in words[3]:
                steps.append(_Step("hole", int(words[2][1:]) - 1, cards=_cards(words[3])))
        elif words[1] == "db":
            self._new_street(_Step("board", cards=_cards(words[2])))

    def player_line(self, i: int, words: list[str]) -> None:
        """Player ``i``'s line: a discard, or a betting action or a show."""
        if words[1] == "_runs":  # the board is run again: the betting is over
            if not any(s.kind == "runs" for s in self.steps):
                self._new_street(_Step("runs"))
            return
        if words[1] == "sd":
            if not self.drawing:  # the first discard ends the betting round before it
                self._new_street(_Step("draw-round"))
            self.drawing = True
            self.steps.append(_Step("draw", i, cards=_cards(words[2]) if len(words) > 2 else []))
            return
        self.drawing = False
        self.acted = True
        self._bet(i, words)

    def _bet(self, i: int, words: list[str]) -> None:
        stacks, street, steps = self.stacks, self.street, self.steps
        top = max(street)
        if words[1] == "pb":
            paid = min(_dec(self.phh.get("bring_in", 0)), stacks[i])
            stacks[i] -= paid
            street[i] += paid
            steps.append(_Step("bring-in", i, paid, street[i], allin=not stacks[i]))
        elif words[1] == "f":
            steps.append(_Step("fold", i))
        elif words[1] == "cc":
            owed = min(top - street[i], stacks[i])
            if owed > 0:
                stacks[i] -= owed
                street[i] += owed
                steps.append(_Step("call", i, owed, street[i], allin=not stacks[i]))
            else:
                steps.append(_Step("check", i))
        elif words[1] == "cbr":
            to = _dec(Decimal(words[2]))
            added = to - street[i]
            stacks[i] -= added
            street[i] = to
            kind = "raise" if top else "bet"
            steps.append(_Step(kind, i, added, to, allin=not stacks[i], over=top))
        elif words[1] == "sm" and len(words) > 2 and "?" not in words[2]:
            steps.append(_Step("show", i, cards=_cards(words[2])))


def _winnings(phh: dict[str, Any], n: int) -> list[Decimal]:
    """What each player collected: the history's ``winnings``, or, in a history
    without them (the engine's own, which states ``finishing_stacks``), the pots the
    engine's replay of the hand awards, in the history's money."""
    if phh.get("winnings"):
        return [_dec(w) for w in phh["winnings"]]
    from straights.poker.phh import replay

    played = replay(phh)
    won = [0] * n
    for entry in played.deal.log:
        if entry.kind == "win" and entry.player is not None:
            won[entry.player] += entry.amount
    return [Decimal(w) / played.scale for w in won]


def _money(phh: dict[str, Any]) -> str:
    return "" if phh.get("event") else _SYMBOLS.get(str(phh.get("currency", "")), "")


def to_pokerstars(phh: dict[str, Any]) -> str:
    """One PHH hand as PokerStars hand-history text (read back by
    :mod:`straights.sites.pokerstars` to the same PHH)."""
    steps = _walk(phh)
    n = len(phh["starting_stacks"])
    names = [str(p) for p in phh.get("players") or [f"p{k + 1}" for k in range(len(steps))]]
    names += [f"p{k + 1}" for k in range(len(names), n)]
    seats = [int(s) for s in phh.get("seats") or range(1, n + 1)]
    text = _StarsText(phh, names, steps)
    text.head(seats)
    for s in steps:
        text.step(s)
    text.summary(seats, steps)
    return "\n".join(text.lines)


#: The PokerStars words of each forced bet.
_POSTS: Final = {"ante": "posts the ante", "sb": "posts small blind", "bb": "posts big blind",
                 "button": "posts button blind", "straddle": "posts straddle",
                 "post": "posts big blind"}  # fmt: skip


class _StarsText:
    """:func:`to_pokerstars` under way: its lines, and what the steps so far dealt."""

    def __init__(self, phh: dict[str, Any], names: list[str], steps: list[_Step]) -> None:
        self.phh = phh
        self.names = names
        self.sym = _money(phh)
        self.lines: list[str] = []
        self.boards: list[str] = []
        self.draws = 0
        self.hands: dict[int, list[str]] = {}  # each player's hole cards, as he draws
        for s in steps:
            if s.kind == "hole" and s.player is not None:
                self.hands[s.player] = list(s.cards)
        self.streets = 0
        self.ups: dict[int, list[str]] = {}
        self.holes_said = phh["variant"] in STUD
        self.shown = False
        self.folded: set[int] = set()
        #: A show nobody contested (every other player folded): PokerStars writes it
        #: after the collection, with no "*** SHOW DOWN ***".
        self.after: list[str] = []
        # A board run more than once: the first run's streets are FIRST …, the next
        # SECOND … (each run's cards follow the board dealt before the runs).
        self.several = any(s.kind == "run" for s in steps)
        self.run = 0
        self.shared: list[str] = []
        self.runs: list[list[str]] = []

    def m(self, value: Decimal) -> str:
        """An amount with the currency's symbol."""
        return f"{self.sym}{_text(value)}"

    def head(self, seats: list[int]) -> None:
        """The hand's first line, its table and its seats."""
        phh, m = self.phh, self.m
        game, limit = GAMES[phh["variant"]]
        currency = str(phh.get("currency"))
        code = (
            ""
            if phh.get("event")
            else {"USD": " USD", "EUR": " EUR", "GBP": " GBP"}.get(currency, "")
        )
        if phh.get("small_bet") is not None:
            stakes = f"({m(_dec(phh['small_bet']))}/{m(_dec(phh['big_bet']))}{code})"
        else:
            blinds = sorted(abs(_dec(b)) for b in phh.get("blinds_or_straddles") or []
                            if _dec(b) > 0)  # fmt: skip
            small = blinds[0] if len(blinds) > 1 else _dec(phh.get("min_bet", 0)) / 2
            stakes = f"({m(small)}/{m(_dec(phh.get('min_bet', 0)))}{code})"
        event = phh.get("event")
        if event is None and phh.get("level") is not None:  # straights' own tournaments
            event = "straights"
        head = f"PokerStars Hand #{phh.get('hand', 0)}: "
        if event:
            number = str(event).removeprefix("Tournament #")
            head += f"Tournament #{number}, " if number.isdigit() else f'Tournament "{event}", '
            level = phh.get("level")
            head += f"{game} {limit}" + (f" - Level {_roman(int(level))}" if level else "")
            head += f" {stakes}"
        else:
            head += f"{game} {limit} {stakes}"
        if phh.get("year"):
            day = f"{phh['year']:04d}/{phh['month']:02d}/{phh['day']:02d}"
            head += f" - {day} {phh.get('time', '00:00:00')} ET"
        size = f"{phh['seat_count']}-max " if phh.get("seat_count") else ""
        self.lines.append(head)
        if phh["variant"] not in STUD:
            self.lines.append(
                f"Table '{phh.get('table', '')}' {size}Seat #{seats[-1]} is the button"
            )
        elif phh.get("table") is not None:
            self.lines.append(f"Table '{phh['table']}' {size}".rstrip())
        for k in sorted(range(len(phh["starting_stacks"])), key=lambda k: seats[k]):
            stack = m(_dec(phh["starting_stacks"][k]))
            self.lines.append(f"Seat {seats[k]}: {self.names[k]} ({stack} in chips)")

    def step(self, s: _Step) -> None:
        """One step of the hand in PokerStars' words."""
        who = self.names[s.player] if s.player is not None else ""
        allin = " and is all-in" if s.allin else ""
        if s.kind in _POSTS:
            self.lines.append(f"{who}: {_POSTS[s.kind]} {self.m(s.amount)}{allin}")
            return
        if not self.holes_said:
            draw_game = self.phh["variant"] in DRAW
            self.lines.append("*** DEALING HANDS ***" if draw_game else "*** HOLE CARDS ***")
            self.holes_said = True
        if s.kind in ("runs", "run"):
            if self.several:
                if s.kind == "run":
                    self.runs.append(self.boards)
                self.boards = list(self.shared) if s.kind == "run" else self.boards
                self.shared = self.shared if s.kind == "run" else list(self.boards)
                self.run = int(s.amount) if s.kind == "run" else 1
        elif s.kind in ("draw-round", "draw", "drawn"):
            self._draw(s, who)
        elif s.kind in ("street", "deal", "hole", "board"):
            self._cards(s, who)
        else:
            self._action(s, who, allin)

    def _draw(self, s: _Step, who: str) -> None:
        if s.kind == "draw-round":
            self.draws += 1
            names_of = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
            self.lines.append(f"*** {names_of[min(self.draws, 3) - 1]} ***")
        elif s.kind == "draw":
            seen = [c for c in s.cards if c != "??"]
            count = len(s.cards)
            if not count:
                self.lines.append(f"{who}: stands pat")
                return
            word = "card" if count == 1 else "cards"
            thrown = f" [{' '.join(seen)}]" if seen and len(seen) == count else ""
            self.lines.append(f"{who}: discards {count} {word}{thrown}")
            if s.player in self.hands and thrown:
                for card in seen:
                    self.hands[s.player].remove(card)
        elif s.player in self.hands and "??" not in s.cards:  # drawn
            kept = " ".join(self.hands[s.player])
            self.lines.append(f"Dealt to {who} [{kept}] [{' '.join(s.cards)}]")
            self.hands[s.player] += s.cards

    def _cards(self, s: _Step, who: str) -> None:
        if s.kind == "street":
            self.lines.append(f"*** {_STUD_STREETS[min(self.streets, 4)]} ***")
            self.streets += 1
        elif s.kind == "deal":  # only what the viewer saw: up cards, and his own down cards
            seen = [c for c in s.cards if c != "??"]
            if seen and s.player is not None:
                earlier = self.ups.get(s.player, [])
                now = " ".join(seen)
                self.lines.append(f"Dealt to {who} [{' '.join(earlier)}] [{now}]" if earlier and
                                  self.streets > 1 else f"Dealt to {who} [{now}]")  # fmt: skip
                self.ups[s.player] = earlier + seen
        elif s.kind == "hole":
            self.lines.append(f"Dealt to {who} [{' '.join(s.cards)}]")
        else:  # board
            before = " ".join(self.boards)
            self.boards += s.cards
            street = {3: "FLOP", 4: "TURN"}.get(len(self.boards), "RIVER")
            if self.run:
                street = f"{_RUN_WORDS[self.run - 1]} {street}"
            now = " ".join(s.cards)
            self.lines.append(f"*** {street} *** [{now}]" if not before else
                              f"*** {street} *** [{before}] [{now}]")  # fmt: skip

    def _action(self, s: _Step, who: str, allin: str) -> None:
        m, lines = self.m, self.lines
        if s.kind == "bring-in":
            lines.append(f"{who}: brings in for {m(s.amount)}{allin}")
        elif s.kind == "fold":
            lines.append(f"{who}: folds")
            self.folded.add(s.player if s.player is not None else -1)
        elif s.kind == "check":
            lines.append(f"{who}: checks")
        elif s.kind == "call":
            lines.append(f"{who}: calls {m(s.amount)}{allin}")
        elif s.kind == "bet":
            lines.append(f"{who}: bets {m(s.amount)}{allin}")
        elif s.kind == "raise":
            lines.append(f"{who}: raises {m(s.to - s.over)} to {m(s.to)}{allin}")
        elif s.kind == "return":
            lines.append(f"Uncalled bet ({m(s.amount)}) returned to {who}")
        elif s.kind == "show" and len(self.phh["starting_stacks"]) - len(self.folded) <= 1:
            self.after.append(f"{who}: shows [{' '.join(s.cards)}]")
        elif s.kind == "show":
            if not self.shown:
                lines.append("*** SHOW DOWN ***")
                self.shown = True
            lines.append(f"{who}: shows [{' '.join(s.cards)}]")

    def summary(self, seats: list[int], steps: list[_Step]) -> None:
        """Who collected what, then the summary: the pot and rake, the board, each seat."""
        phh, m, lines, names = self.phh, self.m, self.lines, self.names
        n = len(phh["starting_stacks"])
        winnings = _winnings(phh, n)
        for k, w in enumerate(winnings):
            if w:
                lines.append(f"{names[k]} collected {m(w)} from pot")
        lines += self.after
        lines.append("*** SUMMARY ***")
        if "_rake" in phh:
            rake = _dec(phh["_rake"])
            lines.append(f"Total pot {m(sum(winnings, Decimal(0)) + rake)} | Rake {m(rake)}")
        if self.runs:
            boards = [*self.runs, self.boards]
            lines.append("Hand was run twice" if len(boards) == 2 else
                         f"Hand was run {len(boards)} times")  # fmt: skip
            for k, board in enumerate(boards):
                lines.append(f"{_RUN_WORDS[k]} Board [{' '.join(board)}]")
        elif self.boards:
            lines.append(f"Board [{' '.join(self.boards)}]")
        folded = {s.player for s in steps if s.kind == "fold"}
        for k in sorted(range(n), key=lambda k: seats[k]):
            said = f"collected ({m(winnings[k])})" if winnings[k] else (
                "folded" if k in folded else "lost")  # fmt: skip
            lines.append(f"Seat {seats[k]}: {names[k]} {said}")


def to_ohh(phh: dict[str, Any]) -> dict[str, Any]:
    """One PHH hand as an OHH (Open Hand History) JSON object: ``{"ohh": {...}}``."""
    if phh.get("variant") in STUD | DRAW | {"NS"}:  # OHH names no such game type
        raise HandHistoryError(f"variant {phh['variant']!r}: OHH is written for hold'em and "
                               f"Omaha hands only")  # fmt: skip
    steps = _walk(phh)
    if any(s.kind == "run" for s in steps):
        raise HandHistoryError("a board run more than once: OHH has no way to write it")
    game, limit = GAMES[phh["variant"]]
    n = len(phh["starting_stacks"])
    names = [str(p) for p in phh.get("players") or []] + [f"p{k + 1}" for k in range(n)]
    seats = [int(s) for s in phh.get("seats") or range(1, n + 1)]
    kinds = {"ante": "Post Ante", "sb": "Post SB", "bb": "Post BB", "straddle": "Straddle",
             "post": "Post Extra Blind", "hole": "Dealt Cards", "fold": "Fold", "check": "Check",
             "call": "Call", "bet": "Bet", "raise": "Raise", "show": "Shows Cards"}  # fmt: skip
    rounds: list[dict[str, Any]] = [{"id": 0, "street": "Preflop", "actions": []}]
    shown = False
    for s in steps:
        if s.kind == "board":
            street = _STREETS[min(len(rounds), 3)]
            rounds.append({"id": len(rounds), "street": street, "cards": s.cards, "actions": []})
            continue
        if s.kind == "return":
            continue
        if s.kind == "show" and not shown:
            rounds.append({"id": len(rounds), "street": "Showdown", "actions": []})
            shown = True
        actions = rounds[-1]["actions"]
        action: dict[str, Any] = {"action_number": len(actions) + 1, "player_id": s.player,
                                  "action": kinds[s.kind], "amount": _number(s.amount),
                                  "is_allin": s.allin}  # fmt: skip
        if s.cards:
            action["cards"] = s.cards
        actions.append(action)
    winnings = _winnings(phh, n)
    rake = _dec(phh.get("_rake", 0))
    blinds = sorted(abs(_dec(b)) for b in phh.get("blinds_or_straddles") or [] if _dec(b) > 0)
    antes = [_dec(a) for a in phh.get("antes") or [] if _dec(a)]
    ohh: dict[str, Any] = {
        "spec_version": "1.4.7", "site_name": "straights", "network_name": "straights",
        "internal_version": "1",
        "tournament": bool(phh.get("event") or phh.get("level") is not None),
        "game_number": str(phh.get("hand", "")), "table_name": str(phh.get("table", "")),
        "table_size": phh.get("seat_count", n), "game_type": {"Hold'em": "Holdem",
        "Omaha": "Omaha", "Omaha Hi/Lo": "OmahaHiLo"}[game],
        "bet_limit": {"bet_type": {"No Limit": "NL", "Pot Limit": "PL", "Limit": "FL"}[limit],
                      "bet_cap": 0},
        "currency": str(phh.get("currency", "Chips")) if not phh.get("event") else "Chips",
        "dealer_seat": seats[-1],
        "small_blind_amount": _number(blinds[0] if len(blinds) > 1 else Decimal(0)),
        "big_blind_amount": _number(blinds[-1] if blinds else _dec(phh.get("min_bet", 0))),
        "ante_amount": _number(max(antes) if antes else Decimal(0)),
        "players": [{"id": k, "seat": seats[k], "name": names[k],
                     "starting_stack": _number(_dec(phh["starting_stacks"][k]))}
                    for k in range(n)],
        "rounds": rounds,
        "pots": [{"number": 0, "amount": _number(sum(winnings, Decimal(0)) + rake),
                  "rake": _number(rake),
                  "player_wins": [{"player_id": k, "win_amount": _number(w)}
                                  for k, w in enumerate(winnings) if w]}],
    }  # fmt: skip
    if phh.get("year"):
        ohh["start_date_utc"] = (f"{phh['year']:04d}-{phh['month']:02d}-{phh['day']:02d}"
                                 f"T{phh.get('time', '00:00:00')}")  # fmt: skip
    if ohh["tournament"]:
        ohh["tournament_info"] = {"name": str(phh.get("event") or "straights")}
        if phh.get("level") is not None:
            ohh["tournament_info"]["level"] = int(phh["level"])
    return {"ohh": ohh}


def _roman(number: int) -> str:
    """A level in Roman numerals, as PokerStars writes it.

    >>> _roman(1), _roman(14), _roman(49)
    ('I', 'XIV', 'XLIX')
    """
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):  # fmt: skip
        count, number = divmod(number, value)
        out += letters * count
    return out


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)
