"""An independent referee for the variants PokerKit does not deal, written from the rules.

It shares no code with ``straights.poker`` (nor with the rankings): cards are
plain strings (``"Ah"``, ``"Jk"``), every hand is judged by a deliberately simple
brute-force evaluator of its own, and the betting, dealing, pots and odd chips
follow the written rules (``docs/games.md``, WSOP/TDA where the texts are
silent) as stated there, not the engine's code.  A test drives the engine and
the referee side by side and compares whose turn it is, what is legal and the
finishing stacks.

Rules as the referee reads them (fixed limit; no limit for ``_N5CD``; pot limit for
Irish, Courchevel and Big O):

* antes first (a short player antes what he has; an ante larger than every
  other is cut to the second largest), then blinds as live bets;
* cards are dealt street by street: burns, then each player still in gets his
  cards for the street in seat order (``p1`` first), then the board;
* the first round opens left of the largest blind (ties: the later seat), or
  with the bring-in: the lowest up card (ace high, clubs < diamonds < hearts <
  spades), or in lowball stud the highest (ace low, spades highest); later
  rounds open at ``p1`` in button games and with the best showing hand in stud
  (quads > trips > two pair > pair > high cards; lowball: the lowest), ties
  to the first seat;
* the bring-in may be posted or completed and not folded; a bet or raise is
  the street's bet (no limit: at least the minimum bet and the largest bet or
  raise of the round, at most everything; pot limit: likewise, at most what
  calling would make the pot, on top of the call);
* fixed limit (Robert's Rules, *Betting and raising* 3, 4 and 6): a bet and
  three raises a round in a game of three or more rounds, a bet and four in a
  game of two (a big blind or a completion is the bet), unlimited while at
  most two players can still bet unless the round was capped before; an
  all-in of half a bet or more (over the last full bet) counts as a full bet
  and reopens the betting, a smaller one does not, and a player who has not
  acted may complete it to the full bet; a player who checked may not raise
  in California lowball;
* no limit: an all-in for less than a full raise does not reopen the betting
  for those who acted, unless short all-ins add up to one; a player facing
  only a short raise may call or fold;
* a throw (Irish): after a round's betting, before the next round's cards, each
  player in discards exactly so many cards, none replaced;
* whatever nobody could call is returned when a round ends;
* California lowball's sevens rule: a seven or better checked in the last
  round that holds the best hand wins nothing of the last round's betting,
  which goes back to whoever put it in;
* pots by contribution level; hands that cannot win a chip are dropped, then
  neighbouring pots with the same players are one; each pot is cut between
  high and low (odd chip to the high half), a half nobody qualifies for goes
  to the other; odd chips within a half, one a player, go from ``p1`` on in
  button games and in stud to the highest card by suit (the lowest card,
  ace low, in a low half), all the player's cards counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # the bridge order, lowest first


class RefereeError(AssertionError):
    pass


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def low_rank(card: str) -> int:
    """Ace low."""
    return 1 if card[0] == "A" else rank(card)


def grouped(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ranks ordered by how often they occur, then by rank, both descending."""
    return tuple(sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True))


def shape(ranks: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted((ranks.count(r) for r in set(ranks)), reverse=True))


# -- high hands of five cards -----------------------------------------------------------------

# Category names; each ranking orders some of them.
HC, P, TP, T3, ST, FL, FH, Q4, SF, K5 = (
    "high card", "pair", "two pair", "trips", "straight", "flush", "full house", "quads",
    "straight flush", "five of a kind",
)  # fmt: skip
STANDARD_ORDER = (HC, P, TP, T3, ST, FL, FH, Q4, SF, K5)
FLUSH_OVER_FULL = (HC, P, TP, T3, ST, FH, FL, Q4, SF, K5)


def windows(sequence: Sequence[int], size: int = 5) -> list[tuple[int, ...]]:
    return [tuple(sequence[k : k + size]) for k in range(len(sequence) - size + 1)]


#: Each high game's straights, lowest first, as sets of ranks (the wheel's ace is 14).
STRAIGHT_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
STANDARD_STRAIGHTS = windows(STRAIGHT_RANKS)
MANILA_STRAIGHTS = windows([7, 8, 9, 10, 11, 12, 13, 14])  # the ace is only high
MEXICAN_STRAIGHTS = windows([14, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14])  # across the gap


def five_high(
    cards: Sequence[str], order: Sequence[str], straights: Sequence[tuple[int, ...]]
) -> tuple[Any, ...]:
    """The value of exactly five cards (a wild card already named), larger is better.

    A named card may repeat a real one (five of a kind); five cards with a
    repeated card are no flush.
    """
    ranks = [rank(c) for c in cards]
    flush = len({c[1] for c in cards}) == 1 and len(set(cards)) == 5
    straight = next((k for k, s in enumerate(straights) if sorted(s) == sorted(ranks)), None)
    found = {HC: grouped(ranks)}
    counts = shape(ranks)
    found[{(2, 1, 1, 1): P, (2, 2, 1): TP, (3, 1, 1): T3, (3, 2): FH, (4, 1): Q4,
           (5,): K5}.get(counts, HC)] = grouped(ranks)  # fmt: skip
    if flush:
        found[FL] = tuple(sorted(ranks, reverse=True))
    if straight is not None:
        found[ST] = (straight,)
        if flush:
            found[SF] = (straight,)
    return max((order.index(cat), key) for cat, key in found.items())


def best_high(
    cards: Sequence[str],
    order: Sequence[str] = STANDARD_ORDER,
    straights: Sequence[tuple[int, ...]] = STANDARD_STRAIGHTS,
    wild: Callable[[str], bool] = lambda c: False,
    bug: bool = False,
) -> tuple[Any, ...]:
    """The best five of ``cards``; wild cards are named every possible way (brute force).

    A bug may only be an ace, or a card that makes a straight or a flush.
    """
    best: tuple[Any, ...] | None = None
    for five in combinations(cards, 5):
        wilds = [c for c in five if wild(c)]
        natural = [c for c in five if not wild(c)]
        suits = {c[1] for c in natural}
        # Suits only matter for a flush: name wild cards in the one suit of the
        # natural cards, or, when they have several, in a suit of no consequence.
        names = [r + s for r in RANKS for s in (suits if len(suits) == 1 else "x")]
        if bug:
            names = [r + s for r in RANKS for s in SUITS]
        for named in product(names, repeat=len(wilds)):
            hand = [*natural, *named]
            value = five_high(hand, order, straights)
            if bug and named and named[0][0] != "A" and order[value[0]] not in (ST, FL, SF):
                continue
            best = value if best is None or value > best else best
    assert best is not None
    return best


def canadian(cards: Sequence[str]) -> tuple[Any, ...]:
    """Canadian stud: a four-card straight over one pair, a four-card flush over that."""
    order = (HC, P, "four straight", "four flush", TP, T3, ST, FL, FH, Q4, SF)
    best: tuple[Any, ...] | None = None
    for five in combinations(cards, 5):
        index, key = five_high(five, STANDARD_ORDER, STANDARD_STRAIGHTS)
        value = (order.index(STANDARD_ORDER[index]), key)
        ranks = [rank(c) for c in five]
        for suit in SUITS:
            four = [rank(c) for c in five if c[1] == suit]
            if len(four) == 4 and order.index("four flush") > value[0]:
                rest = [rank(c) for c in five if c[1] != suit]
                value = (order.index("four flush"), (*sorted(four, reverse=True), *rest))
        for k, window in enumerate(windows(STRAIGHT_RANKS, 4)):
            if set(window) <= set(ranks) and order.index("four straight") > value[0]:
                rest = list(ranks)
                for r in window:
                    rest.remove(r)
                value = (order.index("four straight"), (k, *rest))
        best = value if best is None or value > best else best
    assert best is not None
    return best


# -- low hands -------------------------------------------------------------------------------


def ace_to_six(cards: Sequence[str]) -> tuple[Any, ...]:
    """London lowball: ace low, straights and flushes count against; larger is better."""
    order = (HC, P, TP, T3, ST, FL, FH, Q4, SF)
    straights = windows(list(range(1, 14)))
    best: tuple[Any, ...] | None = None
    for five in combinations(cards, 5):
        ranks = [low_rank(c) for c in five]
        flush = len({c[1] for c in five}) == 1
        straight = sorted(ranks) in [list(s) for s in straights]
        counts = shape(ranks)
        category = {(2, 1, 1, 1): P, (2, 2, 1): TP, (3, 1, 1): T3, (3, 2): FH,
                    (4, 1): Q4}.get(counts, HC)  # fmt: skip
        if straight and flush:
            category = SF
        elif flush and order.index(category) < order.index(FL):
            category = FL
        elif straight:
            category = ST
        worst = (order.index(category), grouped(ranks))
        value = (-worst[0], tuple(-r for r in worst[1]))
        best = value if best is None or value > best else best
    assert best is not None
    return best


def ace_to_five_joker(cards: Sequence[str]) -> tuple[Any, ...]:
    """California lowball (five cards): the joker is the lowest rank the hand lacks."""
    ranks = [low_rank(c) for c in cards if c != "Jk"]
    if "Jk" in cards:
        ranks.append(next(r for r in range(1, 14) if r not in ranks))
    counts = shape(ranks)
    worst = ({(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
              (4, 1): 5}[counts], grouped(ranks))  # fmt: skip
    return (-worst[0], tuple(-r for r in worst[1]))


def three_card_high(cards: Sequence[str]) -> tuple[Any, ...]:
    """Best three of the cards: high card < pair < flush < straight < trips < straight flush."""
    order = (HC, P, FL, ST, T3, SF)
    straights = windows(STRAIGHT_RANKS, 3)
    best: tuple[Any, ...] | None = None
    for three in combinations(cards, 3):
        ranks = [rank(c) for c in three]
        flush = len({c[1] for c in three}) == 1
        straight = next((k for k, s in enumerate(straights) if sorted(s) == sorted(ranks)), None)
        category = {(2, 1): P, (3,): T3}.get(shape(ranks), HC)
        key: tuple[int, ...] = grouped(ranks)
        if straight is not None:
            category, key = (SF if flush else ST), (straight,)
        elif flush:
            category, key = FL, tuple(sorted(ranks, reverse=True))
        value = (order.index(category), key)
        best = value if best is None or value > best else best
    assert best is not None
    return best


def ace_to_three_six(cards: Sequence[str]) -> tuple[Any, ...] | None:
    """Best three-card ace-to-three low of six or better, or ``None``."""
    lows = []
    for three in combinations(cards, 3):
        ranks = sorted((low_rank(c) for c in three), reverse=True)
        if len(set(ranks)) == 3 and ranks[0] <= 6:
            lows.append(tuple(-r for r in ranks))
    return max(lows, default=None)


# -- the games ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One street: ``hole`` one letter per card dealt to each player (``d`` down,
    ``u`` up); ``board`` cards to the middle; ``draw``; ``choose`` cards turned up;
    ``throw``: cards each player discards for good before the round's cards come."""

    hole: str = ""
    board: int = 0
    burn: int = 0
    draw: bool = False
    choose: int = 0
    big: bool = False
    throw: int = 0


@dataclass(frozen=True)
class Game:
    deck: tuple[str, ...]
    rounds: tuple[Round, ...]
    #: Hand judges: each takes a player's cards (hole + board) and returns a value
    #: (larger is better) or ``None`` (no qualifying hand).
    judges: tuple[Callable[[Sequence[str]], Any], ...]
    blinds: bool = False
    stud: str = ""  # "" | "high" | "canadian" | "low": who brings in and opens later rounds
    hole_and_board: tuple[int, int] | None = None  # Manila: exactly 2 + 3
    no_limit: bool = False  # else fixed limit
    no_check_raise: bool = False  # limit lowball
    sevens: bool = False  # California lowball's sevens rule
    pot_limit: bool = False


def eight_or_better(cards: Sequence[str]) -> tuple[int, ...] | None:
    """Five cards as an ace-to-five low of eight or better (larger is better), else
    ``None``: five different ranks, none above eight, straights and flushes ignored."""
    ranks = sorted((low_rank(c) for c in cards), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return None
    return tuple(-r for r in ranks)


def _hold_em(hole: str, first_board: int = 0, throw: int = 0) -> tuple[Round, ...]:
    return (Round(hole, board=first_board), Round(board=3 - first_board, burn=1),
            Round(board=1, burn=1, big=True, throw=throw),
            Round(board=1, burn=1, big=True))  # fmt: skip


def deck_of(ranks: str, jokers: int = 0) -> tuple[str, ...]:
    return tuple(r + s for s in SUITS for r in ranks) + ("Jk",) * jokers


def _five_stud() -> tuple[Round, ...]:
    return (Round("du"), Round("u", burn=1), Round("u", burn=1, big=True),
            Round("u", burn=1, big=True))  # fmt: skip


def _draw() -> tuple[Round, ...]:
    return (Round("ddddd"), Round(burn=1, draw=True, big=True))


STANDARD = deck_of(RANKS)
GAMES: dict[str, Game] = {
    "_F5S": Game(STANDARD, _five_stud(), (best_high,), stud="high"),
    "_FCANADIAN": Game(STANDARD, _five_stud(), (canadian,), stud="canadian"),
    "_FMEXICAN": Game(
        deck_of("234567JQKA"),
        (
            Round("dd", choose=1),
            Round("d", burn=1, choose=1),
            Round("d", burn=1, choose=1, big=True),
            Round("d", burn=1, choose=1, big=True),
        ),
        (lambda cs: best_high(cs, FLUSH_OVER_FULL, MEXICAN_STRAIGHTS),),
        stud="high",
    ),
    "_FLONDON": Game(
        STANDARD,
        (
            Round("ddu"),
            Round("u", burn=1),
            Round("u", burn=1, big=True),
            Round("u", burn=1, big=True),
            Round("d", burn=1, big=True),
        ),
        (ace_to_six,),
        stud="low",
    ),
    "_FMANILA": Game(
        deck_of("789TJQKA"),
        (Round("dd", board=1, burn=1), *(Round(board=1, burn=1, big=k >= 1) for k in range(4))),
        (lambda cs: best_high(cs, FLUSH_OVER_FULL, MANILA_STRAIGHTS),),
        blinds=True,
        hole_and_board=(2, 3),
    ),
    "_F5CD": Game(STANDARD, _draw(), (best_high,), blinds=True),
    "_N5CD": Game(STANDARD, _draw(), (best_high,), blinds=True, no_limit=True),
    "_FCALIFORNIA": Game(
        deck_of(RANKS, 1),
        _draw(),
        (ace_to_five_joker,),
        blinds=True,
        no_check_raise=True,
        sevens=True,
    ),
    "_F5CDJ": Game(
        deck_of(RANKS, 1),
        _draw(),
        (lambda cs: best_high(cs, wild=lambda c: c == "Jk", bug=True),),
        blinds=True,
    ),
    "_F5CDW": Game(
        STANDARD, _draw(), (lambda cs: best_high(cs, wild=lambda c: c[0] == "2"),), blinds=True
    ),
    "_PIRISH": Game(STANDARD, _hold_em("dddd", throw=2), (best_high,), blinds=True, pot_limit=True),
    "_PCOURCHEVEL": Game(
        STANDARD,
        _hold_em("ddddd", first_board=1),
        (best_high,),
        blinds=True,
        hole_and_board=(2, 3),
        pot_limit=True,
    ),
    "_P5O/8": Game(
        STANDARD,
        _hold_em("ddddd"),
        (best_high, eight_or_better),
        blinds=True,
        hole_and_board=(2, 3),
        pot_limit=True,
    ),
    "_FMAMBO": Game(
        STANDARD,
        (Round("du"), Round("u", burn=1), Round(board=1, burn=1, big=True)),
        (three_card_high, ace_to_three_six),
        stud="high",
    ),
}


# -- one deal ----------------------------------------------------------------------------------


@dataclass
class Referee:
    """One deal of ``game`` from ``deck`` (dealing order), ``stacks``, ``antes`` and
    ``blinds`` (one per player), ``bring_in``, ``small``/``big`` bets."""

    game: Game
    deck: list[str]
    stacks: list[int]
    antes: list[int]
    blinds: list[int]
    bring_in: int
    small: int
    big: int
    n: int = 0
    put: list[int] = field(default_factory=list)  # this deal
    bet: list[int] = field(default_factory=list)  # this round
    folded: list[bool] = field(default_factory=list)
    cards: list[list[str]] = field(default_factory=list)
    face_up: list[list[bool]] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    street: int = -1
    phase: str = ""
    queue: list[int] = field(default_factory=list)
    discards: dict[int, int] = field(default_factory=dict)
    chosen: dict[int, list[int]] = field(default_factory=dict)
    # the betting round
    raises: int = 0
    full: int = 0
    level: int = 0
    capped: bool = False
    checked: set[int] = field(default_factory=set)
    before_last: list[int] | None = None
    shorts: list[int] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    bring_in_due: bool = False
    completing: bool = False

    def __post_init__(self) -> None:
        n = self.n = len(self.stacks)
        self.put, self.bet, self.folded = [0] * n, [0] * n, [False] * n
        self.cards, self.face_up = [[] for _ in range(n)], [[] for _ in range(n)]
        antes = [min(a, s) for a, s in zip(self.antes, self.stacks, strict=True)]
        second = sorted(antes)[-2]
        for i in range(n):
            a = min(antes[i], second)
            self.stacks[i] -= a
            self.put[i] += a
            if self.game.blinds:
                b = min(self.blinds[i], self.stacks[i])
                self.stacks[i] -= b
                self.put[i] += b
                self.bet[i] += b
        self._advance()

    # -- helpers
    def live(self) -> list[int]:
        return [i for i in range(self.n) if not self.folded[i]]

    def take(self, count: int) -> list[str]:
        if count > len(self.deck):
            raise RefereeError("the referee ran out of cards")
        out, self.deck[:count] = self.deck[:count], []
        return out

    @property
    def actor(self) -> int | None:
        return self.queue[0] if self.queue else None

    def showing(self, i: int) -> list[str]:
        mine = [c for c, up in zip(self.cards[i], self.face_up[i], strict=True) if up]
        return mine + self.board  # the board is all face up here

    # -- streets
    def _advance(self) -> None:
        """Deal streets until one needs a decision, or settle."""
        while True:
            if self.street >= 0:
                self._return_uncalled()
            if len(self.live()) == 1:
                return self._settle()
            if self.street + 1 == len(self.game.rounds):
                return self._settle()
            self.street += 1
            rnd = self.game.rounds[self.street]
            if rnd.throw:
                self.phase, self.queue, self.discards = "discard", self.live(), {}
                return None
            if self._deal_round():
                return None

    def _deal_round(self) -> bool:
        """Deal the round's cards and start its draw, choice or betting (``False``: none)."""
        rnd = self.game.rounds[self.street]
        if not (rnd.hole and rnd.board):
            self.take(rnd.burn)
        for i in self.live():
            dealt = self.take(len(rnd.hole))
            self.cards[i] += dealt
            self.face_up[i] += [x == "u" for x in rnd.hole]
        if rnd.hole and rnd.board:
            self.take(rnd.burn)  # Manila: the burn comes before the board card
        self.board += self.take(rnd.board)
        if rnd.draw:
            self.phase, self.queue, self.discards = "draw", self.live(), {}
            return True
        if rnd.choose:
            self.phase, self.queue, self.chosen = "expose", self.live(), {}
            return True
        return self._start_betting()

    def _opener(self) -> int:
        live = self.live()
        if self.game.stud:
            if self.street == 0:

                def card_key(c: str) -> tuple[int, int]:
                    if self.game.stud != "low":
                        return (-rank(c), -SUITS.index(c[1]))  # the lowest card
                    return (low_rank(c), SUITS.index(c[1]))  # the highest, ace low

                keys = {i: max(card_key(c) for c in self.showing(i)) for i in live}
            else:
                keys = {i: self._showing_key(self.showing(i)) for i in live}
            top = max(keys.values())
            return next(i for i in live if keys[i] == top)
        if self.street == 0 and self.game.blinds:
            top = max(range(self.n), key=lambda i: (self.bet[i], i))
            return (top + 1) % self.n
        return live[0]

    def _showing_key(self, cards: list[str]) -> tuple[int, ...]:
        low = self.game.stud == "low"
        ranks = [low_rank(c) if low else rank(c) for c in cards]
        kind = {(2,): 1, (2, 1): 1, (2, 1, 1): 1, (2, 2): 2, (3,): 3, (3, 1): 3,
                (4,): 4}.get(shape(ranks), 0)  # fmt: skip
        key = (kind, *grouped(ranks))
        if self.game.stud == "canadian" and len(cards) == 4 and kind == 0:
            # Canadian stud: four up cards in sequence or of one suit beat a pair.
            high = sorted(ranks, reverse=True)
            if len({c[1] for c in cards}) == 1:
                return (1, 2, *high)
            four = [s for s in windows(STRAIGHT_RANKS, 4) if set(s) == set(ranks)]
            if four:
                return (1, 1, STRAIGHT_RANKS.index(four[0][0]))
        if kind >= 2:  # two pair and better stay above the four-card hands
            key = (kind, 9, *key[1:])
        elif kind == 1:
            key = (1, 0, *key[1:])
        return tuple(-x for x in key) if low else key

    def _start_betting(self) -> bool:
        self.phase = "betting"
        first = self._opener()
        order = [(first + k) % self.n for k in range(self.n)]
        reach = sorted(self.bet[i] + self.stacks[i] for i in self.live())
        second = reach[-2]
        self.queue = [
            i for i in order if not self.folded[i] and self.stacks[i] > 0 and self.bet[i] < second
        ]
        self.raises, self.full, self.shorts, self.acted = 0, 0, [], set()
        self.checked, self.capped = set(), False
        top = max(self.bet)
        self.level = top if 2 * top >= self._size() else 0
        if self.game.blinds and self.street == 0 and top:
            self.raises = 1  # the big blind is the bet
        if self.street == len(self.game.rounds) - 1:
            self.before_last = list(self.put)
        self.bring_in_due = self.completing = (
            self.street == 0 and bool(self.game.stud) and self.bring_in > 0
        )
        if not self.queue or (len(self.queue) == 1 and self.bet[self.queue[0]] >= max(self.bet)):
            self.queue = []
            return False
        return True

    def _return_uncalled(self) -> None:
        second = sorted(self.bet)[-2]
        for i in range(self.n):
            if self.bet[i] > second:
                back = self.bet[i] - second
                self.stacks[i] += back
                self.put[i] -= back
        self.bet = [0] * self.n

    # -- betting
    def _size(self) -> int:
        if self.game.no_limit or self.game.pot_limit:
            return self.small  # the minimum bet
        return self.big if self.game.rounds[self.street].big else self.small

    def _cap(self) -> int:
        return 5 if len(self.game.rounds) <= 2 else 4

    def _heads_up(self) -> bool:
        return sum(1 for j in self.live() if self.stacks[j] > 0) <= 2

    def _limit_raise(self, i: int) -> tuple[str, int, int, int] | None:
        top, mine, stack = max(self.bet), self.bet[i], self.stacks[i]
        if stack <= top - mine or i in self.acted:
            return None
        if self.raises >= self._cap() and (self.capped or not self._heads_up()):
            return None
        if self.game.no_check_raise and i in self.checked:
            return None
        if not any(j != i and not self.folded[j] and self.stacks[j] + self.bet[j] > top
                   for j in range(self.n)):  # fmt: skip
            return None
        to = min(self._size() + (0 if self.completing else self.level), stack + mine)
        short = self.completing or self.level < top  # the bring-in, or a short all-in
        kind = "complete" if short else ("raise" if top else "bet")
        return (kind, to - mine, to, to)

    def legal(self) -> list[tuple[str, int, int, int]]:
        """(kind, amount, lowest total, highest total) for the player to act."""
        if self.phase != "betting" or not self.queue:
            return []
        i = self.queue[0]
        top, mine, stack = max(self.bet), self.bet[i], self.stacks[i]
        owe = min(stack, top - mine)
        out: list[tuple[str, int, int, int]] = []
        if self.bring_in_due:
            out.append(("bring-in", min(stack, self.bring_in), 0, 0))
        else:
            if top > mine:
                out.append(("fold", 0, 0, 0))
            out.append(("call", owe, 0, 0) if owe else ("check", 0, 0, 0))
        size = self._size()
        if not (self.game.no_limit or self.game.pot_limit):
            found = self._limit_raise(i)
            return out if found is None else [*out, found]
        can_raise = (
            stack > top - mine
            and (self.raises < 4 or self.game.no_limit or self.game.pot_limit)
            and top - mine >= self.full
            and not (self.shorts and i in self.acted)
            and any(j != i and not self.folded[j] and self.stacks[j] + self.bet[j] > top
                    for j in range(self.n))
        )  # fmt: skip
        if can_raise:
            to = max(size, self.full) + (0 if self.completing else top)
            to = min(to, stack + mine)
            most = stack + mine if self.game.no_limit else to
            if self.game.pot_limit:
                # Call, then raise by the pot the call makes (every chip in, bets included).
                after_call = sum(self.put) + (top - mine)
                most = min(stack + mine, max(to, top + after_call))
            kind = "complete" if self.completing else ("raise" if top else "bet")
            out.append((kind, to - mine, to, most))
        return out

    def act(self, kind: str, to: int | None = None) -> None:
        options = {k: (a, lo) for k, a, lo, _ in self.legal()}
        if kind not in options:
            raise RefereeError(f"{kind} is not legal: {options}")
        i = self.queue.pop(0)
        self.acted.add(i)
        amount, target = options[kind]
        if kind == "fold":
            self.folded[i] = True
        elif kind in ("call", "check", "bring-in"):
            self._pay(i, amount)
            self.bring_in_due = False
            if kind == "check":
                self.checked.add(i)
        elif not (self.game.no_limit or self.game.pot_limit):
            target = target if to is None else to
            self._pay(i, target - self.bet[i])
            self.bring_in_due = self.completing = False
            self.queue = [j for j in ((i + k) % self.n for k in range(1, self.n))
                          if not self.folded[j] and self.stacks[j] > 0]  # fmt: skip
            if 2 * (target - self.level) >= self._size():
                self.acted, self.level = {i}, target
                self.raises += 1
                if self.raises >= self._cap() and not self._heads_up():
                    self.capped = True
        else:
            target = target if to is None else to
            raise_by = target - max(self.bet)
            self._pay(i, target - self.bet[i])
            self.bring_in_due = self.completing = False
            self.queue = [j for j in ((i + k) % self.n for k in range(1, self.n))
                          if not self.folded[j] and self.stacks[j] > 0]  # fmt: skip
            if raise_by >= self.full:
                self.acted = {i}
            self.full = max(self.full, raise_by)
            self.raises += 1
            self.shorts = [] if self.stacks[i] else [*self.shorts, raise_by]
            if sum(self.shorts) >= self.full:
                self.shorts = []
        if not self.queue or len(self.live()) == 1:
            self.queue = []
            self._advance()

    def _pay(self, i: int, chips: int) -> None:
        self.stacks[i] -= chips
        self.bet[i] += chips
        self.put[i] += chips

    # -- draws and choices
    def discard(self, thrown: list[str]) -> None:
        i = self.queue.pop(0)
        rnd = self.game.rounds[self.street]
        if rnd.throw and len(thrown) != rnd.throw:
            raise RefereeError(f"p{i + 1} must throw {rnd.throw} cards, not {len(thrown)}")
        for card in thrown:
            k = self.cards[i].index(card)
            del self.cards[i][k]
            del self.face_up[i][k]
        self.discards[i] = len(thrown)
        if not self.queue and rnd.throw:
            if not self._deal_round():
                self._advance()
        elif not self.queue:
            for j in sorted(self.discards):
                self.cards[j] += self.take(self.discards[j])
                self.face_up[j] += [False] * self.discards[j]
            if not self._start_betting():
                self._advance()

    def expose(self, shown: list[str]) -> None:
        i = self.queue.pop(0)
        self.chosen[i] = [self.cards[i].index(c) for c in shown]
        if any(self.face_up[i][k] for k in self.chosen[i]):
            raise RefereeError(f"p{i + 1} turns up a card already up")
        if not self.queue:
            for j, positions in self.chosen.items():
                for k in positions:
                    self.face_up[j][k] = True
            if not self._start_betting():
                self._advance()

    # -- the showdown
    def _value(self, i: int, judge: Callable[[Sequence[str]], Any]) -> Any:
        split = self.game.hole_and_board
        if split is None:
            return judge(self.cards[i] + self.board)
        values = [judge([*h, *b]) for h in combinations(self.cards[i], split[0])
                  for b in combinations(self.board, split[1])]  # fmt: skip
        qualified = [v for v in values if v is not None]
        return max(qualified) if qualified else None

    def _pots(self, contenders: list[int]) -> list[tuple[int, list[int]]]:
        levels = sorted({self.put[i] for i in self.live()})
        pots: list[tuple[int, list[int]]] = []
        below = 0
        for level in levels:
            chips = sum(min(p, level) - min(p, below) for p in self.put)
            who = [i for i in contenders if self.put[i] >= level]
            if pots and pots[-1][1] == who:
                pots[-1] = (pots[-1][0] + chips, who)
            elif chips:
                pots.append((chips, who))
            below = level
        extra = sum(p - min(p, below) for p in self.put)
        pots[-1] = (pots[-1][0] + extra, pots[-1][1])
        return pots

    def _settle(self) -> None:
        self.phase, self.queue = "over", []
        live = self.live()
        if len(live) == 1:
            self.stacks[live[0]] += sum(self.put)
            self.put = [0] * self.n
            return
        values = {i: [self._value(i, judge) for judge in self.game.judges] for i in live}
        self._sevens(values)
        pots = self._pots(live)

        def wins_something(i: int) -> bool:
            return any(
                values[i][k] is not None
                and all(values[j][k] is None or values[j][k] <= values[i][k] for j in who)
                for _, who in pots
                if i in who
                for k in range(len(self.game.judges))
            )

        pots = self._pots([i for i in live if wins_something(i)])
        for chips, who in pots:
            halves = []
            for k in range(len(self.game.judges)):
                hands = [(values[i][k], i) for i in who if values[i][k] is not None]
                if hands:
                    best = max(v for v, _ in hands)
                    halves.append(self._odd_chip_order([i for v, i in hands if v == best], k))
            each, odd = divmod(chips, len(halves))
            for h, winners in enumerate(halves):
                part = each + (odd if h == 0 else 0)
                per, rest = divmod(part, len(winners))
                for n, i in enumerate(winners):
                    self.stacks[i] += per + (1 if n < rest else 0)
        self.put = [0] * self.n

    def _odd_chip_order(self, winners: list[int], half: int) -> list[int]:
        """Button games: from ``p1``; stud: the highest card by suit (a low half: the
        lowest, ace low), every card of the player's counted."""
        if not self.game.stud:
            return sorted(winners)
        low = self.game.stud == "low" or half == 1

        def key(i: int) -> tuple[int, int]:
            cards = [c for c in self.cards[i] if c != "Jk"]
            if low:
                return max((-low_rank(c), -SUITS.index(c[1])) for c in cards)
            return max((rank(c), SUITS.index(c[1])) for c in cards)

        return sorted(winners, key=lambda i: (tuple(-x for x in key(i)), i))

    def _sevens(self, values: dict[int, list[Any]]) -> None:
        """California lowball: a checked seven or better with the best hand voids the
        last round's betting."""
        if not self.game.sevens or self.before_last is None:
            return
        if self.street != len(self.game.rounds) - 1:
            return
        seven = self.game.judges[0](["7c", "6d", "5h", "4s", "2c"])
        best = max(v[0] for v in values.values() if v[0] is not None)
        if any(i in self.checked and v[0] >= seven and v[0] == best for i, v in values.items()):
            for i in range(self.n):
                back = self.put[i] - self.before_last[i]
                self.stacks[i] += back
                self.put[i] -= back
