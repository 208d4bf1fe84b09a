"""One deal of any variant: a state machine that reads the variant and the stakes.

The :class:`Deal` posts the forced bets, deals each street from a
:class:`~straights.poker.cards_source.CardSource`, runs the draws and the
betting rounds and ends with the showdown.  It never asks which game it plays:
everything comes from the :class:`~straights.poker.variant.Variant` and the
:class:`~straights.poker.variant.Stakes`.  Chips are integers.

Players are indices ``0..n-1`` in dealing order (``p1`` of PHH first: left of
the button in button games, the button last).

>>> from straights.cards import parse_cards
>>> from straights.poker.catalogue import get_variant
>>> from straights.poker.variant import Stakes
>>> deck = parse_cards('As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh')
>>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [100, 100], deck)
>>> d.actor, [str(a) for a in d.legal_actions()]
(1, ['fold', 'call 1', 'raise to 4..100'])
>>> _ = d.act("raise", 6); _ = d.act("call"); d.street_name
'flop'
>>> while not d.finished:
...     _ = d.act("check")
>>> d.stacks, [str(c) for c in d.board]
([106, 94], ['7♣', '8♦', '9♠', 'J♣', 'Q♥'])
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Iterable, Sequence
from functools import cache
from itertools import compress
from typing import Any, Final, Literal, NamedTuple

from straights.cards import Card, make_deck
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.cards_source import CardSource, DeckSource
from straights.poker.house import HouseRules
from straights.poker.showdown import best_hand, best_key, first_best, split
from straights.poker.variant import Opener, Stakes, Street, Structure, Variant
from straights.rankings.base import HandValue

__all__ = ["ActionKind", "CardChoice", "Deal", "Entry", "Legal", "Pot", "Verdict", "check_betting"]

ActionKind = Literal["fold", "check", "call", "bring-in", "complete", "bet", "raise"]
Phase = Literal["betting", "draw", "discard", "expose", "runs", "showdown", "muck", "over"]


class Legal(NamedTuple):
    """A legal action: ``low``/``high`` are the totals for the street a bet or raise
    may go to (equal when the amount is fixed); ``amount`` is what a call or the
    bring-in puts in.  Where fixed limit allows the small or the big bet (stud's
    open pair on fourth street) they are two actions of the same kind."""

    kind: ActionKind
    amount: int = 0
    low: int = 0
    high: int = 0

    def __str__(self) -> str:
        if self.kind in ("fold", "check"):
            return self.kind
        if self.kind in ("call", "bring-in"):
            return f"{self.kind} {self.amount}"
        span = str(self.low) if self.low == self.high else f"{self.low}..{self.high}"
        return f"{self.kind} to {span}"


class CardChoice(NamedTuple):
    """A card decision of the player to act: the engine's answer to "which cards may
    he pick now?".

    ``kind`` is the move that answers it (``discard`` or ``expose``); he picks at
    least ``least`` and at most ``most`` cards among his hand's ``positions``
    (indices into his hole cards); ``replaced``: discards are replaced (a draw),
    else thrown for good.  ``str`` words it for people.

    >>> str(CardChoice("discard", 0, 3, (0, 1, 2, 3, 4), replaced=True))
    'draw up to 3 cards'
    >>> str(CardChoice("discard", 2, 2, (0, 1, 2, 3))), str(CardChoice("expose", 1, 1, (0, 2)))
    ('discard 2 cards', 'turn up 1 card')
    """

    kind: Literal["discard", "expose"]
    least: int
    most: int
    positions: tuple[int, ...]
    replaced: bool = False

    @property
    def verb(self) -> str:
        """What the player does, in one word or two: ``draw``, ``discard`` or ``turn up``."""
        if self.kind == "expose":
            return "turn up"
        return "draw" if self.replaced else "discard"

    def __str__(self) -> str:
        count = str(self.most) if self.least == self.most else f"up to {self.most}"
        if self.least and self.least != self.most:
            count = f"{self.least} to {self.most}"
        return f"{self.verb} {count} card{'' if self.most == 1 else 's'}"


class Entry(NamedTuple):
    """One line of the deal's record, in order.

    ``kind`` is ``ante``, ``blind``, ``hole``, ``board``, ``burn``, ``turn``,
    ``betting`` (a betting round begins) or ``no betting`` (a street with nobody
    left to bet), ``fold``, ``check``, ``call``, ``bring-in``, ``bet``, ``raise``,
    ``discard`` (a draw's, or a throw: :meth:`Deal.replaced` tells), ``expose``
    (a card chosen to be turned up), ``show``, ``muck``,
    ``win`` or ``penalty`` (a pot rule's charge; a negative amount is returned to
    the player, as the sevens rule returns the action after the draw);
    ``runs`` (a player's answer to running the board more than once: ``amount``
    runs), ``run`` (run number ``amount`` of the rest of the board begins) and
    ``runout`` (that run's board cards);
    ``amount`` is chips (a bet's or raise's street total; a win's chips).
    """

    kind: str
    player: int | None = None
    cards: tuple[Card | None, ...] = ()
    amount: int = 0
    up: tuple[bool, ...] = ()


#: Building a NamedTuple through its generated ``__new__`` (with defaults and keywords)
#: costs several times a plain tuple's; the betting hot path builds them directly.
_new: Final = tuple.__new__
#: (``Final``: the compiled engine keeps these in C variables, not the module's dict.)
_LEGAL_FOLD: Final = Legal("fold")
_LEGAL_CHECK: Final = Legal("check")
_BETTING: Final = Entry("betting")
#: Betting actions, and those of them that bet or raise (who shows first at a showdown).
_ACTION_KINDS: Final = frozenset({"check", "call", "bet", "raise", "complete", "bring-in"})
_AGGRESSION: Final = frozenset({"bet", "raise", "complete"})
#: Enum members read once (a class attribute lookup per use costs more than the test).
_FIXED_LIMIT: Final = Structure.FIXED_LIMIT
_POT_LIMIT: Final = Structure.POT_LIMIT
_DOUBLING: Final = Structure.DOUBLING
_POSITION: Final = Opener.POSITION
_NO_BETTING: Final = Entry("no betting")
_DEFAULT_HOUSE: Final = HouseRules()
_NOBODY: Final[frozenset[int]] = frozenset()


class Pot(NamedTuple):
    """A pot and the players (indices) who may win it (a named tuple: the showdown
    builds several a deal, and a frozen dataclass costs five times as much to build).

    >>> Pot(30, (0, 1))
    Pot(amount=30, eligible=(0, 1))
    """

    amount: int
    eligible: tuple[int, ...]


class Verdict(NamedTuple):
    """How pot number ``pot`` of the showdown went: ``winners`` (none when a pot rule
    carries it over), the ``rule`` of the ranking that decided it (0 when none did)
    and the ``reason`` in words; ``run``: the run of the board (from 1) whose share
    of the pot this is, when the board was run more than once (else 0)."""

    pot: int
    amount: int
    winners: tuple[int, ...]
    eligible: tuple[int, ...]
    rule: int = 0
    reason: str = ""
    run: int = 0


def pot_labels(count: int) -> list[str]:
    """The names of ``count`` pots in order (:meth:`Deal.pot_names`).

    >>> pot_labels(1), pot_labels(3)
    (['The pot'], ['Main pot', 'Side pot 1', 'Side pot 2'])
    """
    if count == 1:
        return ["The pot"]
    return ["Main pot" if k == 0 else f"Side pot {k}" for k in range(count)]


def _merged_names(named: list[Pot], pots: list[Pot]) -> list[str]:
    """A name for each of ``pots``, each the union of neighbouring pots of ``named`` (the
    pots of the betting, a killed or mucked hand's pots merged): named by its parts.

    >>> two, one = [Pot(30, (0, 1, 2)), Pot(60, (1, 2))], [Pot(90, (1, 2))]
    >>> _merged_names(two, one), _merged_names(two, two)
    (['Main pot and side pot 1'], ['Main pot', 'Side pot 1'])
    >>> three = [Pot(40, (0, 1, 2, 3)), Pot(30, (1, 2, 3)), Pot(20, (2, 3))]
    >>> _merged_names(three, [Pot(40, (0, 2, 3)), Pot(50, (2, 3))])
    ['Main pot', 'Side pots 1 and 2']
    """
    labels = pot_labels(len(named))
    if len(pots) == len(named):
        return labels
    names: list[str] = []
    k = 0
    for pot in pots:
        parts, amount = [], 0
        while k < len(named) and amount < pot.amount:
            amount += named[k].amount
            parts.append(k)
            k += 1
        if amount != pot.amount or not parts:
            return pot_labels(len(pots))  # not unions of the betting's pots: by order
        if len(parts) == 1:
            names.append(labels[parts[0]])
            continue
        sides = [str(j) for j in parts if j]
        side = "side pot" if len(sides) == 1 else "side pots"
        listed = " and ".join([", ".join(sides[:-1]), sides[-1]] if len(sides) > 1 else sides)
        names.append(f"Main pot and {side} {listed}" if parts[0] == 0 else f"S{side[1:]} {listed}")
    return names


class Deal:
    """One deal of ``variant`` for ``stakes``, ``stacks`` (one per player) and ``cards``:
    a shuffled deck (a sequence of cards) or any :class:`CardSource`.

    ``auto_showdown`` (default) shows every hand at the showdown; without it
    each player still in must :meth:`show` or :meth:`muck` (hand histories).
    ``needless_folds`` lets a player fold when he could check (PHH allows it).
    ``house``: the table's :class:`~straights.poker.house.HouseRules` (default:
    the common card-room reading).  ``rng`` shuffles a new stock when a draw
    runs the deck out (default: the operating system's generator).

    ``bomb_pot``: every player posts the stakes' antes, nobody posts a blind and
    there is no betting before the flop (a game with blinds and a board).
    ``runs``: the most times the rest of the board may be run when the betting is
    over before the last card (everyone all in, or all but one): every player in
    is asked (:meth:`run_choice`, :meth:`choose_runs`); when all ask for the same
    number the board is run that many times, else once.  Each pot is split
    evenly between the runs (the odd chips to the first run) and each part goes
    to the best hand on its run's board.  ``double_board``: every street's board
    cards are dealt twice, to :attr:`board` and to a second board
    (``boards[1]``, its cards logged as ``runout`` entries of board 2); each pot
    is split between the two boards as between two runs.

    ``auto_muck``: the players who muck a hand beaten at the showdown without being
    asked (a standing choice); ``ask_muck``: the players asked "show or muck" at
    their turn to show a beaten hand (phase ``muck``: :meth:`muck_choice`,
    :meth:`show_or_muck`), and whether to show a hand that won uncontested.  Anyone
    else shows every hand at the showdown and never shows an uncontested one.
    """

    # A deal is built for every hand and read at every step: slots make both quicker.
    __slots__ = (
        "_acted",
        "_acted_level",
        "_actors",
        "_bring_in_due",
        "_cap",
        "_capped",
        "_checked",
        "_choice",
        "_choice_of",
        "_choice_stamp",
        "_choosers",
        "_chosen",
        "_completion_due",
        "_doubling",
        "_drawers",
        "_drawn",
        "_full_raise",
        "_half",
        "_in",
        "_legal",
        "_legal_stamp",
        "_level",
        "_min_bet",
        "_no_bets",
        "_no_check_raise",
        "_open_pair",
        "_others",
        "_pot_names",
        "_raises",
        "_rotation",
        "_run_votes",
        "_runners",
        "_short",
        "_showing",
        "_structure",
        "_thrown",
        "_throws",
        "_to_show",
        "_total_before",
        "ask_muck",
        "auto_muck",
        "auto_showdown",
        "bets",
        "board",
        "board_up",
        "boards",
        "bomb_pot",
        "carry_in",
        "carry_out",
        "current_bet",
        "dead",
        "described",
        "double_board",
        "draws_together",
        "folded",
        "hold_award",
        "holes",
        "house",
        "ladder_level",
        "log",
        "most_runs",
        "mucked",
        "n",
        "needless_folds",
        "phase",
        "pots",
        "runs",
        "showdown_street",
        "source",
        "spent",
        "stacks",
        "stakes",
        "starting_stacks",
        "street",
        "street_index",
        "total",
        "up",
        "variant",
        "verdicts",
        "winnings",
    )

    def __init__(
        self,
        variant: Variant,
        stakes: Stakes,
        stacks: Sequence[int],
        cards: CardSource | Sequence[Card],
        *,
        auto_showdown: bool = True,
        needless_folds: bool = False,
        rng: random.Random | None = None,
        carry: int = 0,
        house: HouseRules | None = None,
        bomb_pot: bool = False,
        runs: int = 1,
        double_board: bool = False,
        auto_muck: Collection[int] = (),
        draws_together: bool = False,
        ask_muck: Collection[int] = (),
    ) -> None:
        n = len(stacks)
        if n < 2:
            raise ConfigurationError(f"a deal needs at least 2 players, not {n}")
        if len(stakes.antes) != n:
            raise ConfigurationError(f"stakes for {len(stakes.antes)} players, stacks for {n}")
        for chips in stacks:
            if type(chips) is not int or chips < 0:
                raise ConfigurationError(f"stacks {list(stacks)}: give whole numbers of chips >= 0")
        if variant.bring_in and stakes.bring_in and stakes.bring_in >= stakes.small_bet:
            raise ConfigurationError(
                f"bring-in {stakes.bring_in} with small bet {stakes.small_bet}: "
                "the bring-in must be less than the small bet"
            )
        if runs != 1 or bomb_pot or double_board:  # checked only when asked: a deal a hand
            check_betting(variant, runs, bomb_pot, double_board)
        source: CardSource
        if isinstance(cards, DeckSource):
            source = cards
        elif isinstance(cards, (list, tuple, Sequence)):  # the plain types first: quicker
            if not _plainly_dealable(cards, variant.deck, variant.jokers):
                make_deck(variant.deck, jokers=variant.jokers).check_dealable(cards, "in the deck")
            source = DeckSource(cards, rng)
        else:
            source = cards
        self.variant = variant
        self.house = house = _DEFAULT_HOUSE if house is None else house
        self._structure = variant.structure
        #: Fixed limit: the most bets and raises of a multi-way round, and whether an
        #: all-in of half a bet reopens the betting (TDA 47-B).
        self._cap = (
            house.bets_per_round(len(variant.streets)) if variant.structure is _FIXED_LIMIT else 0
        )
        self._half = variant.structure is _FIXED_LIMIT and house.half_bet_reopens
        self._no_check_raise = not (variant.check_raise or house.lowball_check_raise)
        self._doubling = variant.structure is _DOUBLING
        #: For each player, every player in acting order from him.
        self._rotation = _rotations(n)
        #: For each player, the others in acting order after him.
        self._others = _others(n)
        self.stakes = stakes
        self.n = n
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.source = source
        self.auto_showdown = auto_showdown
        if auto_muck and any(type(i) is not int or not 0 <= i < n for i in auto_muck):
            raise ConfigurationError(f"auto_muck {sorted(auto_muck)!r}: give players 0 to {n - 1}")
        self.auto_muck = frozenset(auto_muck) if auto_muck else _NOBODY
        if any(type(i) is not int or not 0 <= i < n for i in ask_muck):
            raise ConfigurationError(f"ask_muck {sorted(ask_muck)!r}: give players 0 to {n - 1}")
        self.ask_muck = frozenset(ask_muck) if ask_muck else _NOBODY
        #: A draw's replacements dealt only when every player drew (as the web table
        #: dealt before issue 22, kept so that its stored tables replay); else each
        #: player's as soon as he drew.
        self.draws_together = draws_together
        #: Keep the pots until :meth:`settle` (a hand history may show cards again).
        self.hold_award = not auto_showdown
        self.needless_folds = needless_folds
        self.holes: list[list[Card | None]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[Card | None] = []
        self.board_up: list[bool] = []
        self.spent: list[Card | None] = []  # burns and discards, for a new stock
        #: The ids of every card each player has thrown away in a draw (never dealt back
        #: to him).
        self._thrown: list[set[int]] = (
            [set() for _ in range(n)] if _discards(variant.streets) else []
        )
        self.bets = [0] * n  # this street
        #: The largest of :attr:`bets` (kept as each bet changes: read at every turn).
        self.current_bet = 0
        self._no_bets = (0,) * n
        self.total = [0] * n  # this deal, antes included unless they are dead money
        self.dead = carry  # dead antes and a carried pot, for the main pot
        self.carry_in = carry
        #: Chips a pot rule carries to the next deal (Straights' rule 10).
        self.carry_out = 0
        self.folded = [False] * n
        self.mucked = [False] * n
        #: Players neither folded nor mucked (kept as a count: read after every action).
        self._in = n
        self.street_index = -1
        #: The street being played (the first before any is dealt).
        self.street: Street = variant.streets[0]
        self.phase: Phase = "betting"
        self.log: list[Entry] = []
        self.pots: list[Pot] = []
        self._pot_names: list[str] = []
        self.winnings = [0] * n
        #: Each pot's outcome at the showdown, in pot order.
        self.verdicts: list[Verdict] = []
        #: What each hand at the showdown makes, in words (by player).
        self.described: dict[int, str] = {}
        # betting state
        #: The doubling ladder's level this betting round (-1: no bet yet, 0: the bet …).
        self.ladder_level = -1
        self._acted_level: dict[int, int] = {}
        self._actors: deque[int] = deque()
        #: The legal actions last worked out, and the length of the log then (every change
        #: of the state adds to the log, so its length stamps them).
        self._legal: tuple[Legal, ...] = ()
        self._legal_stamp = -1
        self._acted: set[int] = set()
        self._full_raise = 0
        self._raises = 0
        #: The round was capped while three or more players could bet (it stays capped).
        self._capped = False
        #: Fixed limit, TDA 47-B: the street total of the last full bet or raise (an
        #: all-in of half a bet or more counts as one).
        self._level = 0
        self._checked: set[int] = set()
        self._open_pair = False
        #: Each player's chips in the pot when the last betting round began (the sevens rule).
        self._total_before: list[int] | None = None
        self._min_bet = 0  # the street's least bet
        self._short: list[int] = []
        self._bring_in_due = False
        self._completion_due = False
        # draw and showdown state
        self._drawers: deque[int] = deque()
        self._drawn: dict[int, int] = {}
        #: Log positions of discards that are not replaced (throws).
        self._throws: set[int] = set()
        self._choosers: deque[int] = deque()
        self._chosen: dict[int, list[int]] = {}
        #: The card decision last worked out, its player and the log's length then
        #: (stamped as :attr:`_legal` is: every draw, throw or choice adds to the log).
        self._choice: CardChoice | None = None
        self._choice_of = -1
        self._choice_stamp = -1
        self._to_show: list[int] = []
        #: The players still to show or muck, in showing order (the first may be asked).
        self._showing: deque[int] = deque()
        #: The street after whose betting no more betting could happen (the showdown
        #: begins there, though the remaining cards are dealt at once).
        self.showdown_street: int | None = None
        self.bomb_pot = bomb_pot
        #: The most runs of the board the table allows, and how many the players agreed.
        self.most_runs = runs
        self.runs = 1
        #: Each run's whole board when the board was run more than once (else empty).
        self.boards: list[list[Card | None]] = []
        self.double_board = double_board
        if double_board:
            self.boards = [self.board, []]  # the first board is :attr:`board` itself
        self._runners: deque[int] = deque()
        self._run_votes: list[int] = []
        self._post_forced_bets()
        self._next_street()

    # -- reading the state -------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def street_name(self) -> str:
        return "over" if self.finished else self.street.name

    @property
    def actor(self) -> int | None:
        """The player to act (bet or draw), or ``None``."""
        phase = self.phase
        if phase == "betting":
            return self._actors[0] if self._actors else None
        if (phase == "draw" or phase == "discard") and self._drawers:
            return self._drawers[0]
        if phase == "expose" and self._choosers:
            return self._choosers[0]
        if phase == "runs" and self._runners:
            return self._runners[0]
        if phase == "muck":
            return self._showing[0]
        return None

    @property
    def pot(self) -> int:
        """Every chip in the middle (bets of this street included); 0 once the deal is over."""
        if self.phase == "over":
            return 0
        pot = self.dead
        for chips in self.total:  # (a loop: compiled, quicker than the builtin sum)
            pot += chips
        return pot

    def acted_at(self, i: int) -> int | None:
        """The ladder level when player ``i`` last acted this round (``None``: not yet)."""
        return self._acted_level.get(i)

    def in_hand(self) -> list[int]:
        """Players not folded (nor mucked)."""
        if self._in == self.n:
            return list(range(self.n))
        folded, mucked = self.folded, self.mucked
        return [i for i in range(self.n) if not folded[i] and not mucked[i]]

    def up_cards(self, i: int) -> list[Card]:
        """Player ``i``'s face-up hole cards."""
        return [c for c, u in zip(self.holes[i], self.up[i], strict=True) if u and c is not None]

    # -- forced bets and dealing --------------------------------------------------------
    def _post_forced_bets(self) -> None:
        st = self.stakes
        log, stacks, total, n = self.log, self.stacks, self.total, self.n
        antes = st.antes
        posted = [0] * n  # one ante per player (checked), at most his stack
        for i in range(n):
            ante = antes[i]
            if ante:
                posted[i] = ante if ante < stacks[i] else stacks[i]
        if not any(posted):
            log.extend(_zero_antes(n))  # no ante: every deal logs the same entries
        else:
            if st.trim_antes and n >= 2:
                cutoff = sorted(posted)[-2]
                posted = [min(p, cutoff) for p in posted]
            for i in range(n):
                amount = posted[i]
                stacks[i] -= amount
                log.append(_new(Entry, ("ante", i, (), amount, ())))
            if st.antes_are_dead:
                self.dead += sum(posted)
            else:
                for i in range(n):
                    total[i] += posted[i]
        if self.variant.blinds and not self.bomb_pot:
            bets = self.bets
            blinds = st.blinds
            for i in range(n):
                blind = blinds[i]
                if not blind:
                    continue
                amount = abs(blind)
                if amount > stacks[i]:
                    amount = stacks[i]
                if amount:
                    log.append(_new(Entry, ("blind", i, (), amount, ())))
                    stacks[i] -= amount
                    bets[i] += amount
                    total[i] += amount
            top = 0
            for bet in bets:
                if bet > top:
                    top = bet
            self.current_bet = top

    def _next_street(self) -> None:
        """Deal the next street and start its draw or betting; or go to the showdown."""
        streets = self.variant.streets
        while True:
            if self.street_index >= 0:
                self._collect()
            live = self.in_hand()
            stacks = self.stacks
            if (
                self.showdown_street is None
                and self.street_index >= 0
                and _with_chips(stacks, live) <= 1
                and not any(
                    s.draw is not None or s.discard for s in streets[self.street_index + 1 :]
                )
            ):
                self.showdown_street = self.street_index
                final = self.street_index == len(self.variant.streets) - 1
                if self.auto_showdown and len(live) > 1 and not final:
                    # Everyone is all-in: hands are shown now, the rest is dealt after.
                    for i in live:
                        self.log.append(_new(Entry, ("show", i, tuple(self.holes[i]), 0, ())))
                if self.most_runs > 1 and len(live) > 1 and self._runs_possible():
                    self.phase = "runs"  # ask every player in how many times to run it
                    self._runners = deque(live)
                    self._run_votes = []
                    return
            if len(live) <= 1:
                if self.ask_muck and live and live[0] in self.ask_muck and self.auto_showdown:
                    self.phase = "muck"  # the winner may show his uncontested hand
                    self._showing = deque(live)
                    return
                self._award()
                return
            if self.street_index + 1 >= len(streets):
                if self.runs > 1 and not self.boards:
                    self._deal_runs()
                self._begin_showdown()
                return
            self.street_index += 1
            street = self.street = streets[self.street_index]
            if street.discard:
                self.phase = "discard"  # the throw comes before the street's cards
                self._drawers = deque(live)
                self._drawn = {}
                return
            if self._open(street, live):
                return

    def _open(self, street: Street, live: list[int]) -> bool:
        """Deal ``street`` and start its draw, its choice of up cards or its betting;
        ``False`` when nobody has anything to decide on it."""
        self._deal(street, live)
        if street.draw is not None:
            self.phase = "draw"
            self._drawers = deque(live)
            self._drawn = {}
            return True
        if street.choose_up:
            self.phase = "expose"
            self._choosers = deque(live)
            self._chosen = {}
            return True
        return self._begin_betting(live)

    def _deal(self, street: Street, live: list[int]) -> None:
        """Deal ``street`` to the players in (``live``)."""
        # The street's fields read once (each is an attribute of a Python object).
        burn, hole, board, board_down = street.burn, street.hole, street.board, street.board_down
        count = len(hole)
        short = bool(burn or hole) and (len(live) * count + burn > self.source.remaining)
        board_first = board or board_down
        if burn and not (board_first and hole):
            # Running short, the dealer burns only what the community card leaves.
            self._burn(min(burn, self.source.remaining - count) if short else burn)
        if hole:
            if short:
                # Running out of cards in stud: one community card, face up, for everyone.
                self._deal_board(count)
            else:
                take = self.source.hole
                holes, ups, log = self.holes, self.up, self.log
                for i in live:
                    cards = take(i, count)
                    holes[i].extend(cards)
                    ups[i].extend(hole)
                    log.append(_new(Entry, ("hole", i, tuple(cards), 0, hole)))
            if burn and board_first:
                self._burn(burn)  # hole cards and a board card (Manila): burn between
        if board_down:
            self._deal_board(board_down, up=False)
        if board:
            self._deal_board(board)
            if self.double_board:  # the second board's cards of the street, after the first's
                cards = self.source.board(board)
                self.boards[1].extend(cards)
                self.log.append(_new(Entry, ("runout", None, tuple(cards), 2, (True,) * board)))
        if street.turn:
            down = [k for k, up in enumerate(self.board_up) if not up][: street.turn]
            for k in down:
                self.board_up[k] = True
            self.log.append(
                _new(Entry, ("turn", None, tuple([self.board[k] for k in down]), 0, ()))
            )

    def _burn(self, count: int) -> None:
        if count <= 0 or self.source.remaining < count:
            return
        cards = self.source.burn(count)
        self.spent.extend(cards)
        self.log.append(_new(Entry, ("burn", None, tuple(cards), 0, ())))

    def _deal_board(self, count: int, *, up: bool = True) -> None:
        cards = self.source.board(count)
        self.board.extend(cards)
        self.board_up.extend([up] * count)
        self.log.append(_new(Entry, ("board", None, tuple(cards), 0, (up,) * count)))

    # -- betting ---------------------------------------------------------------------------
    def _street_min(self) -> int:
        """The least bet of this street: the small or big bet in fixed limit."""
        st = self.stakes
        if self.variant.structure is _FIXED_LIMIT:
            return st.big_bet if self.street.big_bet else st.small_bet
        return st.min_bet

    def _opener(self) -> int:
        opener = self.street.opener
        if opener is _POSITION:
            if self.street_index == 0 and self.variant.blinds:
                # After the largest live blind (a post's negative size counts below
                # nothing); of equal ones, the last.  A loop: every deal asks.
                blinds, bets = self.stakes.blinds, self.bets
                top, most = 0, bets[0] * _sign(blinds[0])
                for i in range(1, self.n):
                    size = bets[i] * _sign(blinds[i])
                    if size >= most:
                        top, most = i, size
                return (top + 1) % self.n
            return 0
        live = self.in_hand()
        shared = [c._id for c in compress(self.board, self.board_up) if c is not None]
        holes, ups = self.holes, self.up
        showing = [[c._id for c in compress(holes[i], ups[i]) if c is not None] for i in live]
        if shared:
            for ids in showing:
                ids += shared
        return live[first_best(opener, showing)]

    def _board_known(self) -> list[Card]:
        return [c for c in self.board if c is not None]

    def _begin_betting(self, live: list[int]) -> bool:
        """Start the street's betting among the players in (``live``); ``False`` when
        there is nothing to bet."""
        self.phase = "betting"
        if self.bomb_pot and self.street_index == 0:
            self._actors.clear()
            self.log.append(_NO_BETTING)  # a bomb pot: no betting before the flop
            return False
        bets, stacks, folded = self.bets, self.stacks, self.folded
        top = self.current_bet
        # The second largest of what the players in can put in this street (0 for one).
        most = second = 0
        for i in live:
            can = bets[i] + stacks[i]
            if can > most:
                most, second = can, most
            elif can > second:
                second = can
        street = self.street
        if street.opener is _POSITION and (self.street_index or not self.variant.blinds):
            first = 0  # what _opener answers, without the call (most streets)
        else:
            first = self._opener()
        actors = self._actors  # refilled in place: a street or a raise needs no new deque
        actors.clear()
        actors.extend(
            [
                i
                for i in self._rotation[first]
                if not folded[i] and stacks[i] > 0 and second > bets[i]
            ]
        )
        self._acted.clear()
        self.ladder_level = -1
        self._acted_level.clear()
        self._full_raise = 0
        self._raises = 0
        self._capped = False
        self._checked.clear()
        self._short.clear()
        if self._structure is _FIXED_LIMIT:
            st = self.stakes
            self._min_bet = step = st.big_bet if street.big_bet else st.small_bet
            # A blind (or straddle) of half a bet or more is the round's bet so far.
            self._level = top if 2 * top >= step else 0
            if top and self.house.blind_is_bet:
                self._raises = 1
            self._open_pair = (
                self.street_index == 1
                and self.variant.open_pair
                and self.house.open_pair
                and _open_pair(self.holes, self.up, live)
            )
            if self.variant.sevens_rule and self.street_index == len(self.variant.streets) - 1:
                self._total_before = list(self.total)
        else:
            self._min_bet = self.stakes.min_bet  # _street_min's answer
        self._bring_in_due = (
            self.street_index == 0 and self.variant.bring_in and self.stakes.bring_in > 0
        )
        self._completion_due = self._bring_in_due
        if not self._actors or (len(self._actors) == 1 and self.bets[self._actors[0]] >= top):
            self._actors.clear()
            self.log.append(_NO_BETTING)
            return False
        self.log.append(_BETTING)
        return True

    def _to_call(self, i: int) -> int:
        return min(self.stacks[i], self.current_bet - self.bets[i])

    def _others_can_bet(self, i: int, beyond: int) -> bool:
        """Whether a player in other than ``i`` has chips beyond ``beyond`` in total
        for the street (someone could answer a raise)."""
        stacks, bets, folded = self.stacks, self.bets, self.folded
        for j in range(self.n):  # noqa: SIM110 - a loop is quicker than any() over a generator
            if j != i and not folded[j] and stacks[j] + bets[j] > beyond:
                return True
        return False

    def _raise_bounds(self, i: int, top: int) -> tuple[int, int] | None:
        """(lowest, highest) street total ``i`` may complete/bet/raise to, or ``None``;
        ``top`` is the street's largest total."""
        structure = self._structure
        stack, mine = self.stacks[i], self.bets[i]
        owe = top - mine
        full = self._full_raise
        if stack <= owe or owe < full:
            return None  # all his chips are needed to call, or only an incomplete raise
        if structure is _FIXED_LIMIT:
            if self._raises >= self._cap:
                return None
            if self._no_check_raise and i in self._checked:
                return None
        if self._short and sum(self._short) < full and i in self._acted:
            return None  # an incomplete all-in does not reopen the betting
        if not self._others_can_bet(i, top):
            return None
        low = self._min_bet if self._min_bet > full else full
        if not self._completion_due:
            low += top
        everything = stack + mine
        if low > everything:
            low = everything
        if structure is _FIXED_LIMIT:
            high = low
        elif structure is _POT_LIMIT:
            high = min(everything, max(low, 2 * top - mine + self.pot))
        else:
            high = everything
        return low, high

    def _limit_bounds(self, i: int, top: int) -> tuple[int, int] | None:
        """Fixed limit as the rule books have it: (lowest, highest) street total ``i``
        may bet, raise or complete to, or ``None``.

        The betting reopens only to a full bet or raise, or an all-in of half a bet
        or more (TDA 47-B); a smaller all-in may be completed to the full amount.
        A round allows :attr:`HouseRules.raise_cap` bets and raises while three or
        more players can bet; heads-up, any number (unless it was capped before).
        """
        stack, mine = self.stacks[i], self.bets[i]
        if stack <= top - mine or i in self._acted:
            return None  # all his chips are needed to call, or the betting is not open to him
        if self._raises >= self._cap and (self._capped or not self._heads_up()):
            return None
        if self._no_check_raise and i in self._checked:
            return None  # no check-raise (limit lowball)
        if not self._others_can_bet(i, top):
            return None
        step = self._min_bet
        base = 0 if self._completion_due else self._level
        everything = stack + mine
        low = base + step
        if low > everything:
            low = everything
        if self._open_pair and step < self.stakes.big_bet:
            return low, min(base + self.stakes.big_bet, everything)
        return low, low

    def _heads_up(self) -> bool:
        """Whether the raising is unlimited now: at most two players in can still bet."""
        if not self.house.heads_up_unlimited:
            return False
        stacks, folded = self.stacks, self.folded
        count = 0
        for j in range(self.n):
            if stacks[j] and not folded[j]:
                count += 1
                if count > 2:
                    return False
        return True

    def legal_actions(self) -> tuple[Legal, ...]:
        """Every betting action the player to act may take now (empty outside betting)."""
        actors = self._actors
        if not actors or self.phase != "betting":
            return ()
        stamp = len(self.log)
        if self._legal_stamp == stamp:
            return self._legal
        i = actors[0]
        bets = self.bets
        top = self.current_bet
        mine = bets[i]
        stack = self.stacks[i]
        out: list[Legal]
        if self._bring_in_due:
            out = [_new(Legal, ("bring-in", min(stack, self.stakes.bring_in), 0, 0))]
        elif top > mine:
            owe = top - mine
            out = [_LEGAL_FOLD, _new(Legal, ("call", stack if stack < owe else owe, 0, 0))]
        else:
            out = [_LEGAL_FOLD, _LEGAL_CHECK] if self.needless_folds else [_LEGAL_CHECK]
        kind: ActionKind
        if self._doubling:
            # Straights' doubling ladder: the next level exactly, or all-in below it
            # (written here rather than in a method: it is asked at every turn).
            level = self.ladder_level
            cap = self.variant.raise_cap
            if (
                (cap is None or level + 1 < cap)
                and stack > top - mine
                # only an incomplete all-in since he acted does not reopen the betting
                and self._acted_level.get(i, -2) < level
            ):
                stacks, folded = self.stacks, self.folded
                for j in range(self.n):
                    if stacks[j] and not folded[j] and j != i:  # someone else could answer
                        to = ((2 << level + 1) - 1) * self.stakes.min_bet
                        if to > stack + mine:
                            to = stack + mine
                        if self._completion_due:
                            kind = "complete"
                        else:
                            kind = "raise" if level >= 0 else "bet"
                        out.append(_new(Legal, (kind, to - mine, to, to)))
                        break
        else:
            bounds = self._limit_bounds(i, top) if self._half else self._raise_bounds(i, top)
            if bounds is not None:
                if self._completion_due or (self._half and self._level < top):
                    kind = "complete"  # the bring-in, or an all-in short of half a bet
                else:
                    kind = "raise" if top else "bet"
                low, high = bounds
                if self._open_pair and self._structure is _FIXED_LIMIT and high > low:
                    # Stud's open pair: the small or the big bet, two actions of one kind.
                    out.append(_new(Legal, (kind, low - mine, low, low)))
                    out.append(_new(Legal, (kind, high - mine, high, high)))
                else:
                    out.append(_new(Legal, (kind, low - mine, low, high)))
        legal = tuple(out)
        self._legal = legal
        self._legal_stamp = stamp
        return legal

    def act(self, kind: str, to: object = None) -> Entry:
        """Take a betting action for the player to act; ``to`` is the street total of a
        bet, raise or completion, a whole number of chips (default: the smallest allowed;
        of two actions of the kind, the one whose range holds it).  (``to`` is typed
        ``object`` so that the compiled engine refuses anything else with the same
        :class:`~straights.errors.IllegalActionError` as the Python one.)"""
        if to is not None and type(to) is not int:
            raise IllegalActionError(f"to={to!r} is not a whole number of chips")
        if self.phase != "betting" or not self._actors:
            raise IllegalActionError(f"nobody can {kind} now: the deal is in its {self.phase}")
        legal = self._legal if self._legal_stamp == len(self.log) else self.legal_actions()
        found: Legal | None = None
        for action in legal:
            if action.kind == kind:
                found = action  # of two of the kind (an open pair), the one reaching ``to``
                if to is None or not action.high or to <= action.high:
                    break
        if found is None:
            if not isinstance(kind, str):
                raise IllegalActionError(f"{kind!r} is not an action: use fold, check, call, bet …")
            options = ", ".join(str(a) for a in legal)
            raise IllegalActionError(f"p{self._actors[0] + 1} cannot {kind} now; legal: {options}")
        return self._play(found, to)

    def take(self, choice: Legal, to: object = None) -> Entry:
        """Play ``choice``, one of the :meth:`legal_actions` asked for since the last
        change (a caller that has just chosen from them need not name it again);
        ``to`` as in :meth:`act`.

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.variant import Stakes
        >>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [9, 9],
        ...          make_deck("standard").shuffled(1))
        >>> fold, call, raise_ = d.legal_actions()
        >>> d.take(raise_, 5).amount
        5
        >>> d.take(d.legal_actions()[0]).kind
        'fold'
        >>> d.take(call)
        Traceback (most recent call last):
          ...
        straights.errors.IllegalActionError: call 1 is not a legal action now
        """
        if self._legal_stamp != len(self.log) or choice not in self._legal:
            raise IllegalActionError(f"{choice} is not a legal action now")
        return self._play(choice, to)

    def _play(self, found: Legal, to: object) -> Entry:
        """Play ``found``, one of the current legal actions (checked by the caller)."""
        actors = self._actors
        i = actors[0]
        kind, amount, low, high = found
        if high:  # a bet, raise or completion
            if to is None:
                target = low
            elif type(to) is int:
                target = to
            else:
                raise IllegalActionError(f"to={to!r} is not a whole number of chips")
            if not low <= target <= high or isinstance(target, bool):
                raise IllegalActionError(
                    f"p{i + 1} cannot {kind} to {target}: the range now is {low} to {high}"
                )
            return self._raise_to(i, kind, target)
        actors.popleft()
        self._acted.add(i)
        self._acted_level[i] = self.ladder_level
        if kind == "check":
            self._checked.add(i)
        if kind == "fold":
            self.folded[i] = True
            self._in -= 1
            self.spent.extend(self.holes[i])
            entry = _new(Entry, ("fold", i, (), 0, ()))
        elif amount:
            bets = self.bets
            self.stacks[i] -= amount
            bets[i] += amount
            self.total[i] += amount
            if bets[i] > self.current_bet:  # a bring-in (a call reaches it at most)
                self.current_bet = bets[i]
            if kind == "bring-in":
                self._bring_in_due = False
            entry = _new(Entry, (kind, i, (), bets[i], ()))
        else:
            if kind == "bring-in":
                self._bring_in_due = False
            entry = _new(Entry, (kind, i, (), 0, ()))
        self.log.append(entry)
        if not actors or self._in <= 1:
            actors.clear()
            self._next_street()  # the round (or the deal) is over
        return entry

    def forfeit(self, i: int) -> Entry:
        """Player ``i`` gives up the deal (he left the table): a fold even when he could
        check; at his turn, or out of turn when he is all-in (he has nothing left to
        decide). His chips stay in the pots; he is never shown down.
        """
        if self.phase == "over" or self.folded[i] or self.mucked[i]:
            raise IllegalActionError(f"p{i + 1} has no deal to forfeit")
        if self.phase == "muck" and self.actor == i:
            return self.show_or_muck(False)  # asked to show a hand: he leaves it unshown
        if self.actor != i and (self.stacks[i] > 0 or self.phase == "showdown"):
            raise IllegalActionError(f"p{i + 1} forfeits at his turn")
        for waiting in (self._actors, self._drawers, self._choosers, self._runners):
            if i in waiting:
                waiting.remove(i)
        self._drawn.pop(i, None)
        self._chosen.pop(i, None)
        self._acted.add(i)
        self.folded[i] = True
        self._in -= 1
        self.spent.extend(self.holes[i])
        entry = _new(Entry, ("fold", i, (), 0, ()))
        self.log.append(entry)
        if self.phase == "betting":
            self._after_action()
        elif self._in <= 1:
            self._actors.clear()
            self._next_street()
        elif self.phase in ("draw", "discard") and not self._drawers:
            self._replace()
        elif self.phase == "expose" and not self._choosers:
            self._end_expose()
        elif self.phase == "runs" and not self._runners:
            self._end_runs_vote()
        return entry

    def _raise_to(self, i: int, kind: ActionKind, to: int) -> Entry:
        bets, folded, stacks = self.bets, self.folded, self.stacks
        increment = to - self.current_bet
        self.current_bet = to  # a bet or raise goes beyond the largest bet
        if self._doubling and to == ((2 << self.ladder_level + 1) - 1) * self.stakes.min_bet:
            self.ladder_level += 1  # a full step: level k's street total is (2^(k+1) - 1) bets
        self._acted_level[i] = self.ladder_level
        amount = to - bets[i]
        stacks[i] -= amount
        bets[i] = to
        self.total[i] += amount
        self._bring_in_due = self._completion_due = False
        actors = self._actors
        actors.clear()
        actors.extend([j for j in self._others[i] if stacks[j] and not folded[j]])
        full = self._full_raise
        if self._half:
            step = self._min_bet
            over = to - self._level
            if self._open_pair and over >= self.stakes.big_bet:
                self._min_bet = step = self.stakes.big_bet  # the big bet: raises follow it
            if over + over >= step:
                # A full bet or raise, or an all-in of half a bet or more (TDA 47-B).
                self._acted = {i}
                self._level = to
                self._raises = raises = self._raises + 1
                if raises >= self._cap and not self._heads_up():
                    self._capped = True
            else:
                self._acted.add(i)
            if increment >= full:
                self._full_raise = full = increment
        else:
            if increment >= full:
                self._acted = {i}
                self._full_raise = full = increment
            else:
                self._acted.add(i)
            self._raises += 1
        short = self._short
        if stacks[i]:
            short.clear()
        else:
            short.append(increment)
            if sum(short) >= full:
                short.clear()
        entry = _new(Entry, (kind, i, (), to, ()))
        self.log.append(entry)
        if not self._actors or self._in <= 1:
            self._actors.clear()
            self._next_street()  # nobody can answer: the round (or the deal) is over
        return entry

    def _after_action(self) -> None:
        if self._actors and self._in > 1:
            return
        self._actors.clear()
        self._next_street()

    def _collect(self) -> None:
        """End of a betting round: return what nobody could call, clear the bets."""
        bets = self.bets
        if self.variant.uncalled_returned and any(bets):
            cutoff = sorted(bets)[-2]
            for i in range(self.n):
                over = bets[i] - cutoff
                if over > 0:
                    self.stacks[i] += over
                    self.total[i] -= over
        bets[:] = self._no_bets  # in place: a reader may hold the list
        self.current_bet = 0

    # -- draws -----------------------------------------------------------------------------
    def card_choice(self) -> CardChoice | None:
        """The card decision of the player to act (a draw, a throw, cards to turn up),
        or ``None`` when he has none (betting, or nobody to act).

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.variant import Stakes
        >>> d = Deal(get_variant("_F5CD"), Stakes.uniform(2, blinds=(1, 2), small_bet=2,
        ...          big_bet=4), [20, 20], make_deck().shuffled(4))
        >>> d.card_choice() is None, d.act("call").kind, d.act("check").kind
        (True, 'call', 'check')
        >>> str(d.card_choice()), d.card_choice().positions
        ('draw up to 5 cards', (0, 1, 2, 3, 4))
        """
        i = self.actor
        phase = self.phase
        if i is None or phase == "betting":
            return None
        stamp = len(self.log)
        if self._choice_stamp == stamp and self._choice_of == i:
            return self._choice  # asked again (an environment asks three times a decision)
        size = len(self.holes[i])
        choice: CardChoice
        if phase == "draw":
            most = min(self.street.draw or 0, size)
            choice = _new(CardChoice, ("discard", 0, most, _hand_positions(size), True))
        elif phase == "discard":
            need = min(self.street.discard, size)
            choice = _new(CardChoice, ("discard", need, need, _hand_positions(size), False))
        elif phase == "expose":
            up = self.up[i]
            down = tuple([k for k in range(size) if not up[k]])
            need = self.street.choose_up
            choice = _new(CardChoice, ("expose", need, need, down, False))
        else:
            return None
        self._choice, self._choice_of, self._choice_stamp = choice, i, stamp
        return choice

    def replaced(self, at: int) -> bool:
        """Whether the discard at ``log[at]`` is replaced (a draw) rather than thrown
        for good (a street with ``Street.discard``)."""
        return self.log[at].kind == "discard" and at not in self._throws

    def discard(self, cards: Iterable[Card | None] = ()) -> Entry:
        """The player to draw discards ``cards`` (none: stands pat); ``None`` stands for
        an unknown card of his.  His replacements are dealt to him at once.  On a
        discard street he throws exactly the street's number, and nothing replaces them."""
        if self.phase not in ("draw", "discard") or not self._drawers:
            raise IllegalActionError("nobody may draw or discard now")
        i = self._drawers[0]
        thrown = list(cards)
        if any(c is not None and not isinstance(c, Card) for c in thrown):
            raise IllegalActionError(f"p{i + 1} can only discard cards, not {thrown!r}")
        choice = self.card_choice()
        assert choice is not None
        if not choice.least <= len(thrown) <= choice.most:
            raise IllegalActionError(f"p{i + 1} must {choice}, not {len(thrown)}")
        hand = self.holes[i]
        size = len(hand)
        remove: list[int] = []
        for card in thrown:
            # The first slot holding the card not taken yet (cards are interned: the same
            # card is the same object); an unknown card (None) takes any slot left.
            pos = -1
            for k in range(size):
                if hand[k] is card and k not in remove:
                    pos = k
                    break
            if pos < 0 and card is None:
                for k in range(size):
                    if k not in remove:
                        pos = k
                        break
            if pos < 0:
                raise IllegalActionError(f"p{i + 1} cannot discard {card}: not in his hand")
            remove.append(pos)
        thrown_away, up, spent = self._thrown[i], self.up[i], self.spent
        remove.sort(reverse=True)
        for pos in remove:
            gone = hand.pop(pos)
            spent.append(gone)
            if gone is not None:
                thrown_away.add(gone._id)
            up.pop(pos)
        self._drawers.popleft()
        self._drawn[i] = len(remove)
        entry = _new(Entry, ("discard", i, tuple(thrown), 0, ()))
        if self.phase == "discard":
            self._throws.add(len(self.log))
        self.log.append(entry)
        if self.phase == "draw" and not self.draws_together:
            self._deal_replacements(i)
        if not self._drawers:
            self._replace()
        return entry

    def _deal_replacements(self, i: int) -> None:
        """Deal player ``i`` the cards that replace his discards, as soon as he drew
        (as a dealer serves each player in turn)."""
        count = self._drawn.pop(i, 0)
        if not count:
            return
        source = self.source
        if source.remaining < count:
            cards = self._from_new_stock(i, count)
        else:
            cards = source.hole(i, count)
        self.holes[i].extend(cards)
        self.up[i].extend([False] * count)
        self.log.append(_new(Entry, ("hole", i, tuple(cards), 0, (False,) * count)))

    def _replace(self) -> None:
        if self.phase == "discard":  # thrown for good: now the street's cards and betting
            if not self._open(self.street, self.in_hand()):
                self._next_street()
            return
        for i in sorted(self._drawn):  # those not served yet (``draws_together``)
            self._deal_replacements(i)
        if not self._begin_betting(self.in_hand()):
            self._next_street()

    def _from_new_stock(self, i: int, count: int) -> list[Card | None]:
        """The stock cannot serve player ``i``: he gets what is left of it, then cards
        of a new stock shuffled from the burns, the folded hands and the discards of
        the *other* players — never a card he threw away.  What he does not take goes
        back with the discards, so each player served from a new stock has one
        shuffled without his own discards.  Only when every card out of the hands is
        one of his (a long heads-up draw) do his own discards make up the rest."""
        source = self.source
        mine = self._thrown[i]
        others = [c for c in self.spent if c is None or c._id not in mine]
        own: list[Card | None] = [c for c in self.spent if c is not None and c._id in mine]
        short = count - source.remaining - len(others)
        source.restock(others)
        if short > 0:
            source.restock(own[:short])  # only when nothing else is left
            own = own[short:]
        cards = source.hole(i, count)
        self.spent = own + (source.burn(source.remaining) if source.remaining else [])
        return cards

    # -- choosing up cards (Mexican stud) ---------------------------------------------------
    def expose(self, cards: Iterable[Card | None]) -> Entry:
        """The player to choose turns up ``cards`` (as many as the street's ``choose_up``),
        face-down hole cards of his.  The cards are turned when every player has
        chosen, as if all chose at once.  In a hand history whose cards of this player
        are unknown (``None``), a card turned up becomes one of them."""
        if self.phase != "expose" or not self._choosers:
            raise IllegalActionError("nobody may choose cards to turn up now")
        i = self._choosers[0]
        chosen = list(cards)
        if any(c is not None and not isinstance(c, Card) for c in chosen):
            raise IllegalActionError(f"p{i + 1} can only turn up cards, not {chosen!r}")
        need = self.street.choose_up
        if len(chosen) != need:
            raise IllegalActionError(
                f"p{i + 1} must turn up {need} card{'s' if need > 1 else ''}, not {len(chosen)}"
            )
        hand, picked = self.holes[i], []
        for card in chosen:
            down = [k for k in range(len(hand)) if not self.up[i][k] and k not in picked]
            pos = next((k for k in down if hand[k] == card), None)
            if pos is None and card is not None and card not in hand:
                pos = next((k for k in down if hand[k] is None), None)
                if pos is not None:
                    hand[pos] = card
            if pos is None:
                raise IllegalActionError(
                    f"p{i + 1} cannot turn up {'??' if card is None else card}: "
                    "not a face-down card of his"
                )
            picked.append(pos)
        self._choosers.popleft()
        self._chosen[i] = picked
        entry = _new(Entry, ("expose", i, tuple([hand[k] for k in picked]), 0, ()))
        self.log.append(entry)
        if not self._choosers:
            self._end_expose()
        return entry

    def _end_expose(self) -> None:
        """Every player has chosen: turn the cards up and bet."""
        for j, positions in self._chosen.items():
            for k in positions:
                self.up[j][k] = True
        if not self._begin_betting(self.in_hand()):
            self._next_street()

    # -- running the board more than once ---------------------------------------------------
    def _runs_possible(self) -> bool:
        """Whether the rest of the board could be run again: face-up board cards are
        still to come, and nothing else (no hole card, draw or face-down board card)."""
        later = self.variant.streets[self.street_index + 1 :]
        return any(s.board for s in later) and not any(
            s.hole or s.board_down or s.turn or s.draw is not None or s.discard or s.choose_up
            for s in later
        )

    def run_choice(self) -> tuple[int, ...] | None:
        """How many times the player to act may ask to run the rest of the board
        (``1`` … ``runs``), when it is his turn to say; else ``None``.

        >>> from straights.cards import parse_cards
        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.variant import Stakes
        >>> deck = parse_cards("As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh 5s Kh 2c 3d 9c 5c Tc 6d")
        >>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [50, 50],
        ...          deck, runs=2)
        >>> _ = d.act("raise", 50); _ = d.act("call"); d.phase, d.actor, d.run_choice()
        ('runs', 0, (1, 2))
        >>> _ = d.choose_runs(2); _ = d.choose_runs(2); d.runs, [len(b) for b in d.boards]
        (2, [5, 5])
        >>> [v.reason for v in d.verdicts], [v.winners for v in d.verdicts], d.stacks
        (['run 1 of 2', 'run 2 of 2'], [(0,), (1,)], [50, 50])
        """
        if self.phase != "runs" or not self._runners:
            return None
        return tuple(range(1, self._most_runs_now() + 1))

    def _most_runs_now(self) -> int:
        """The most runs the table allows that the cards left can deal."""
        need = sum(s.board for s in self.variant.streets[self.street_index + 1 :])
        return max(1, min(self.most_runs, self.source.remaining // need))

    def choose_runs(self, count: object) -> Entry:
        """The player to act asks to run the rest of the board ``count`` times (a whole
        number; typed ``object`` so that the compiled engine refuses anything else with
        the same :class:`~straights.errors.IllegalActionError`)."""
        if self.phase != "runs" or not self._runners:
            raise IllegalActionError("nobody is asked how many times to run the board now")
        i = self._runners[0]
        most = self._most_runs_now()
        if type(count) is not int or not 1 <= count <= most:
            raise IllegalActionError(f"p{i + 1} may run the board 1 to {most} times, not {count!r}")
        self._runners.popleft()
        self._run_votes.append(count)
        entry = _new(Entry, ("runs", i, (), count, ()))
        self.log.append(entry)
        if not self._runners:
            self._end_runs_vote()
        return entry

    def _end_runs_vote(self) -> None:
        """Everyone in has answered: the board runs as often as all asked, else once."""
        votes = self._run_votes
        self.runs = votes[0] if votes and all(v == votes[0] for v in votes) else 1
        self.phase = "betting"
        self._next_street()

    def _deal_runs(self) -> None:
        """Deal the rest of the board again for runs 2 … :attr:`runs` (the first run
        is :attr:`board`), each from the cards left, its burns included."""
        assert self.showdown_street is not None
        streets = self.variant.streets
        shared = sum(s.board for s in streets[: self.showdown_street + 1])
        still = (len(self.board) - shared) * (self.runs - 1)  # board cards still to deal
        self.boards = [list(self.board)]
        for run in range(2, self.runs + 1):
            self.log.append(_new(Entry, ("run", None, (), run, ())))
            board = self.board[:shared]
            for street in streets[self.showdown_street + 1 :]:
                if street.burn and self.source.remaining >= street.burn + still:
                    self._burn(street.burn)  # burns only from cards no run needs
                if street.board:
                    still -= street.board
                    cards = self.source.board(street.board)
                    board.extend(cards)
                    self.log.append(
                        _new(Entry, ("runout", None, tuple(cards), run, (True,) * street.board))
                    )
            self.boards.append(board)

    # -- showdown ---------------------------------------------------------------------------
    def _begin_showdown(self) -> None:
        if self.showdown_street is None:
            self.showdown_street = self.street_index
        self.phase = "showdown"
        self._to_show = self.in_hand()
        if self.auto_showdown:
            later = self.variant.streets[self.showdown_street + 1 :]
            if later and not any(s.hole for s in later):
                self._award()  # shown when the betting ended, and no hole card since
                return
            if self.auto_muck or self.ask_muck:
                self._show_down()
            else:
                for i in list(self._to_show):
                    self.show(i)

    def _show_down(self) -> None:
        """The showdown of a table where some players may muck a beaten hand
        (``auto_muck``, ``ask_muck``): hands are shown from the last bettor or raiser
        of the last round (none: its first to act) around the table (Robert's Rules,
        *Showdown* 7), and a player whose hand a hand shown before his beats in every
        pot he is in mucks it (``auto_muck``) or is asked (``ask_muck``).  A hand that
        can still win is shown.  Where anyone is all in (TDA 16: every hand is turned
        face up), or the board was run twice, every hand is shown."""
        order = self._showing_order()
        may_muck = (
            self.variant.pot_rule is None
            and self.runs == 1
            and not self.double_board
            and all(self.stacks[i] > 0 for i in order)
        )
        self._showing = deque(order if may_muck else ())
        if not may_muck:
            for i in order:
                self.show(i)
            return
        self._show_next()

    def _show_next(self) -> None:
        """Show or muck the hands still to show, in order, until a player must be asked
        (phase ``muck``) or every hand is decided."""
        showing = self._showing
        while showing:
            i = showing[0]
            shown = [j for j in self.in_hand() if j not in self._to_show]
            if shown and (i in self.auto_muck or i in self.ask_muck) and self._beaten(i, shown):
                if i in self.ask_muck:
                    self.phase = "muck"
                    return
                showing.popleft()
                self.muck(i)
            else:
                showing.popleft()
                self.show(i)

    def muck_choice(self) -> tuple[str, str] | None:
        """``("show", "muck")`` when the player to act is asked whether to show his hand
        (phase ``muck``: beaten at the showdown, or the winner of an uncontested pot);
        else ``None``.

        >>> from straights.cards import parse_cards
        >>> from straights.poker import Stakes, get_variant
        >>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2),
        ...          [50, 50], parse_cards("As Ad Kc Kd 2h 7c 8d 9s 3h"), ask_muck=(0, 1))
        >>> _ = d.act("fold"); d.phase, d.actor, d.muck_choice()
        ('muck', 0, ('show', 'muck'))
        >>> d.show_or_muck(False).kind, d.finished, d.winnings
        ('win', True, [2, 0])
        """
        return ("show", "muck") if self.phase == "muck" else None

    def show_or_muck(self, show: bool) -> Entry:
        """The asked player's answer (phase ``muck``): show his hand, or muck it.  A
        beaten hand mucked gives up the pot; the winner of an uncontested pot takes it
        either way (not showing, the entry returned is his win)."""
        if self.phase != "muck":
            raise IllegalActionError(f"nobody is asked to show or muck now: the deal is in its "
                                     f"{self.phase}")  # fmt: skip
        i = self._showing.popleft()
        if self._in == 1:  # won uncontested
            self.phase = "showdown"
            entry = _new(Entry, ("show", i, tuple(self.holes[i]), 0, ())) if show else None
            if entry is not None:
                self.log.append(entry)
            self._award()
            return entry if entry is not None else self.log[-1]
        self.phase = "showdown"
        entry = self.show(i) if show else self.muck(i)
        self._show_next()
        return entry

    def _showing_order(self) -> list[int]:
        """Players to show, the last round's last bettor or raiser first (none: its
        first to act), then around the table."""
        players = list(self._to_show)
        last = len(self.log) - next(
            (k for k, e in enumerate(reversed(self.log)) if e.kind == "betting"), len(self.log)
        )
        round_ = self.log[last:]
        acted = [e.player for e in round_ if e.kind in _ACTION_KINDS and e.player in players]
        raised = [e.player for e in round_ if e.kind in _AGGRESSION and e.player in players]
        start = raised[-1] if raised else acted[0] if acted else None
        if start is None:
            return players
        k = players.index(start)
        return players[k:] + players[:k]

    def _beaten(self, i: int, shown: list[int]) -> bool:
        """Whether a hand of ``shown`` beats ``i``'s in every pot and share he is in."""
        values = {j: self.hand_values(j) for j in [*shown, i]}
        for pot in self.side_pots():
            if i not in pot.eligible:
                continue
            rivals = [j for j in shown if j in pot.eligible]
            for k, mine in enumerate(values[i]):
                if mine is not None and all(
                    values[j][k] is None or values[j][k] <= mine for j in rivals
                ):
                    return False
        return True

    def show(
        self, i: int, cards: Sequence[Card | None] | None = None, *, forget: bool = False
    ) -> Entry:
        """Player ``i`` shows his hole cards (or ``cards``, which replace unknown ones).

        Allowed at the showdown and, for a hand history, earlier while ``i`` is in.
        With ``forget`` the cards not shown become unknown (a final PHH ``sm``).
        """
        if self.folded[i] or self.mucked[i]:
            raise IllegalActionError(f"p{i + 1} has no cards to show: he is out of the deal")
        if forget:
            self.holes[i] = [None] * len(self.holes[i])
        if cards is not None or forget:
            self._reveal(i, list(cards or ()))
        entry = _new(Entry, ("show", i, tuple(self.holes[i]), 0, ()))
        self.log.append(entry)
        self._decided(i)
        return entry

    def _reveal(self, i: int, shown: list[Card | None]) -> None:
        """Shown cards replace unknown ones; a known card is never forgotten."""
        hand = self.holes[i]
        known = [c for c in shown if c is not None]
        if len(shown) > len(hand):
            raise IllegalActionError(f"p{i + 1} holds {len(hand)} cards, not {len(shown)}")
        mine = [c for c in hand if c is not None]
        strangers = [c for c in known if c not in mine]
        if len(mine) + len(strangers) > len(hand):
            raise IllegalActionError(
                f"p{i + 1} cannot show {' '.join(c.ascii() for c in strangers)}: "
                f"he holds {' '.join('??' if c is None else c.ascii() for c in hand)}"
            )
        fresh = iter(strangers)
        self.holes[i] = [c if c is not None else next(fresh, None) for c in hand]

    def muck(self, i: int) -> Entry:
        """Player ``i`` gives up his claim to the pot without showing."""
        if self.folded[i] or self.mucked[i]:
            raise IllegalActionError(f"p{i + 1} has no cards to muck")
        self.mucked[i] = True
        self._in -= 1
        entry = Entry("muck", i)
        self.log.append(entry)
        self._decided(i)
        return entry

    def _decided(self, i: int) -> None:
        if self.phase == "showdown" and i in self._to_show:
            self._to_show.remove(i)
            if not self._to_show and not self.hold_award:
                self._award()

    def settle(self) -> None:
        """Award the pots now (after :attr:`hold_award` kept them through the showdown)."""
        if self.phase != "showdown" or self._to_show:
            raise IllegalActionError("the pots are settled after every player showed or mucked")
        self._award()

    @property
    def to_show(self) -> tuple[int, ...]:
        """Players who must still show or muck."""
        return tuple(self._to_show) if self.phase == "showdown" else ()

    def pot_names(self) -> list[str]:
        """The name of each pot, the table's one naming during the deal and in the result:
        ``"The pot"`` alone, else ``"Main pot"``, ``"Side pot 1"``, ... by the pots of the
        betting (:meth:`side_pots`). Once the deal is over, one name for each of
        :attr:`pots`: a pot made of several (a killed or mucked hand left two pots to
        the same players) is named by all of them.

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.variant import Stakes
        >>> from straights.cards import parse_cards
        >>> deck = parse_cards("2c Ah Kh 7d Ad Kd Js Jd 4h 4c 3s 3h 9c 9d")
        >>> d = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2),
        ...          [10, 40, 40], deck)
        >>> _ = d.act("raise", 10); _ = d.act("call"); _ = d.act("raise", 40)
        >>> d.pot_names()
        ['Main pot', 'Side pot 1']
        >>> _ = d.act("call"); d.pot_names(), [v.pot for v in d.verdicts]
        (['Main pot and side pot 1'], [0])
        """
        if self.phase == "over":
            return list(self._pot_names)
        return pot_labels(len(self.side_pots()))

    def side_pots(self, *, mucks: bool = True) -> list[Pot]:
        """The main pot and side pots: a side pot only for an all-in level of a player in.

        A bet not yet called stays in the pot of the players who can still call it.
        Dead antes come first, open to everyone in; neighbouring pots open to the
        same players are one pot. ``mucks=False``: the pots as the betting left them,
        a mucked (or killed) hand still counted in.
        """
        total, stacks, folded = self.total, self.stacks, self.folded
        mucked = self.mucked if mucks else [False] * self.n
        live: list[int] = []
        top = 0
        all_in = False
        for i in range(self.n):
            if not folded[i]:
                live.append(i)
                if total[i] > top:
                    top = total[i]
                if not stacks[i]:
                    all_in = True
        if not live:
            return []
        if not all_in:
            # One level (the most anyone in put in): one pot, open to everyone in, of
            # every chip (the dead ones first in the same pot); what the loop below gives.
            eligible = tuple([i for i in live if not mucked[i]])
            if top or self.dead:
                return [_new(Pot, (self.dead + sum(total), eligible))]
            return []
        levels = sorted({total[i] for i in live if stacks[i] == 0} | {top})
        pots: list[Pot] = []
        if self.dead:
            pots.append(_new(Pot, (self.dead, tuple([i for i in live if not mucked[i]]))))
        prev = 0
        for level in levels:
            # What each player put in between the previous level and this one.
            amount = sum([(level if t > level else t) - prev for t in total if t > prev])
            eligible = tuple(
                [i for i in live if (stacks[i] > 0 or total[i] >= level) and not mucked[i]]
            )
            if amount and pots and pots[-1].eligible == eligible:
                pots[-1] = _new(Pot, (pots[-1].amount + amount, eligible))
            elif amount:
                pots.append(_new(Pot, (amount, eligible)))
            prev = level
        excess = sum([t - prev for t in total if t > prev])
        if excess and pots:
            pots[-1] = _new(Pot, (pots[-1].amount + excess, pots[-1].eligible))
        return pots

    def dealt_again(self, cards: Sequence[Card], rng: random.Random | None = None) -> Deal:
        """This deal as it began, before its first move: the same variant, stakes,
        stacks, carried pot and table rules, dealt from ``cards`` (the deck it was
        dealt from) with ``rng`` for a draw's new stock (the one it was given then).

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.variant import Stakes
        >>> from straights.cards import parse_cards
        >>> deck = parse_cards('As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh')
        >>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [9, 9],
        ...          deck, carry=4)
        >>> _ = d.act("raise", 9); _ = d.act("call")
        >>> again = d.dealt_again(deck)
        >>> again.phase, again.pot, again.stacks
        ('betting', 7, [7, 8])
        >>> _ = again.act("raise", 9); _ = again.act("call")
        >>> again.log == d.log, again.winnings == d.winnings
        (True, True)
        """
        return Deal(
            self.variant,
            self.stakes,
            self.starting_stacks,
            cards,
            auto_showdown=self.auto_showdown,
            needless_folds=self.needless_folds,
            rng=rng,
            carry=self.carry_in,
            house=self.house,
            bomb_pot=self.bomb_pot,
            runs=self.most_runs,
            double_board=self.double_board,
            auto_muck=self.auto_muck,
            draws_together=self.draws_together,
            ask_muck=self.ask_muck,
        )

    def describe(self, i: int, run: int = 0) -> str:
        """What player ``i``'s hand makes at the showdown, in words (each share's hand
        named in high-low games); on the board of run ``run`` (from 1) when the board
        was run again or there are two boards.

        >>> from straights.poker.catalogue import get_variant
        >>> from straights.poker.variant import Stakes
        >>> from straights.cards import parse_cards
        >>> deck = parse_cards('As Ad Kc Kd 2h 7c 8d 9s 3h Jc 4d Qh')
        >>> d = Deal(get_variant("NT"), Stakes.uniform(2, blinds=(1, 2), min_bet=2), [9, 9], deck)
        >>> _ = d.act("raise", 9); _ = d.act("call"); d.describe(0)
        'high: Pair of aces'
        """
        said = None if run else self.described.get(i)
        if said is not None:
            return said
        parts = []
        for rule, value in zip(self.variant.showdown, self.hand_values(i, run), strict=True):
            parts.append(f"{rule.label}: {'no hand' if value is None else value.phrase}")
        return "; ".join(parts)

    def hand_values(self, i: int, run: int = 0) -> list[HandValue | None]:
        """Player ``i``'s hand under each of the variant's showdown rules (known cards
        only), on the board of run ``run`` (from 1) when the board was run again."""
        hole = [c for c in self.holes[i] if c is not None]
        known = self.boards[run - 1] if run else self.board
        board = [c for c in known if c is not None]
        return [best_hand(rule, hole, board) for rule in self.variant.showdown]

    def _hand_keys(self, i: int, run: int = 0) -> list[Any]:
        """The keys of :meth:`hand_values` (``None`` for no hand): what the showdown
        compares, without the values' words."""
        hole = [c for c in self.holes[i] if c is not None]
        known = self.boards[run - 1] if run else self.board
        board = [c for c in known if c is not None]
        rules = self.variant.showdown
        if len(rules) == 1:
            return [best_key(rules[0], hole, board)]
        return [best_key(rule, hole, board) for rule in rules]

    def _award(self) -> None:
        self.phase = "over"
        self._actors.clear()
        live = self.in_hand()
        named = self.side_pots(mucks=False)
        # The same pots while no hand in was mucked (a pot is a tuple: the list is copied).
        self.pots = self.side_pots() if any(self.mucked) else list(named)
        self._award_pots(live)
        self._pot_names = ["The pot"] if len(live) == 1 else _merged_names(named, self.pots)

    def _award_pots(self, live: list[int]) -> None:
        if len(live) == 1:
            amount = sum(self.total) + self.dead
            self.pay(live[0], amount)
            won = (live[0],)
            self.verdicts.append(_new(Verdict, (0, amount, won, won, 0, "all others folded", 0)))
        elif self.variant.pot_rule is not None:
            self.variant.pot_rule.award(self)
        elif self.boards:
            self._award_runs()
        else:
            values = {i: self._hand_keys(i) for i in live}
            self._sevens_rule(live)
            beaten = [i for i in live if not self._may_win(i, values)]
            for i in beaten:
                self.mucked[i] = True  # a hand that cannot win a chip is killed
                self._in -= 1
            if beaten or self.variant.sevens_rule:  # else the pots are as they were
                self.pots = self.side_pots()
            for k_pot, pot in enumerate(self.pots):
                self._pay_pot(k_pot, pot.amount, pot.eligible, values)

    def _pay_pot(
        self,
        k_pot: int,
        amount: int,
        eligible: tuple[int, ...],
        values: dict[int, list[Any]],
        run: int = 0,
    ) -> None:
        """Pay ``amount`` of pot number ``k_pot`` to the best of ``eligible`` by ``values``
        (the keys of :meth:`_hand_keys`)
        (each share of a high-low game to its own best hand); ``run``: the run of the
        board it is the share of (0: the only board)."""
        winners: list[list[int]] = []
        for k in range(len(self.variant.showdown)):
            # One rule made every value of share k, so their keys compare as the values do.
            top: Any = None  # the best key of share k, and who holds it
            best: list[int] = []
            for i in eligible:
                key = values[i][k]
                if key is None:
                    continue
                if top is None or key > top:
                    top, best = key, [i]
                elif key == top:
                    best.append(i)
            winners.append(best)
        if not any(winners):
            raise IllegalActionError(f"nobody can win a pot of {amount}: no hand in it is known")
        if self.house.rule_book_odd_chip:
            winners = [self._odd_chip_order(w, k) for k, w in enumerate(winners)]
            shares = split(amount, winners, ordered=True)
        else:
            shares = split(amount, winners)
        for i, chips in enumerate(shares):
            if chips:
                self.pay(i, chips)
        paid = tuple(i for i, chips in enumerate(shares) if chips)
        reason = ""
        if run:
            reason = f"board {run}" if self.double_board else f"run {run} of {len(self.boards)}"
        self.verdicts.append(_new(Verdict, (k_pot, amount, paid, eligible, 0, reason, run)))

    def _award_runs(self) -> None:
        """The board was run more than once (or there are two boards): each pot is split
        evenly between the runs (the odd chips to the first) and each part is won on
        its run's board.  A hand
        that can win no part of any pot is killed first (as on one board), so pots
        left to the same players are one pot."""
        live = self.in_hand()
        runs = [{i: self._hand_keys(i, r) for i in live} for r in range(1, len(self.boards) + 1)]
        self.pots = self.side_pots()
        for i in [i for i in live if not any(self._may_win(i, values) for values in runs)]:
            self.mucked[i] = True
            self._in -= 1
        self.pots = self.side_pots()
        for k_pot, pot in enumerate(self.pots):
            part, odd = divmod(pot.amount, len(runs))
            for r, values in enumerate(runs):
                amount = part + odd if r == 0 else part
                if amount:
                    self._pay_pot(k_pot, amount, pot.eligible, values, r + 1)

    def _odd_chip_order(self, winners: list[int], share: int) -> list[int]:
        """``winners`` of share number ``share`` in the order odd chips go to them
        (Robert's *Ties*): in a button game the first from the button (``p1``
        first); in stud the highest card by suit, all the player's cards counted
        (in a low share the lowest card, the ace low)."""
        if self.variant.blinds or len(winners) < 2:
            return sorted(winners)
        low = self.variant.showdown[share].label == "low"

        def key(i: int) -> int:
            ids = [c._id for c in self.holes[i] if c is not None and c._id < 52]
            if not ids:
                return -1_000
            if low:  # the lowest card wins the chip: the ace (ids 48-51) counts as 1
                return -min(k - 52 if k >= 48 else k for k in ids)
            return max(ids)

        return sorted(winners, key=lambda i: (-key(i), i))

    def _sevens_rule(self, live: list[int]) -> None:
        """Limit California lowball (Robert's *Lowball*): a player who checked a seven or
        better in the last betting round and holds the best hand wins no action after
        the draw, so every chip put in after the draw goes back to whoever put it in."""
        before = self._total_before
        if (
            not (self.variant.sevens_rule and self.house.sevens_rule)
            or before is None
            or self.street_index != len(self.variant.streets) - 1
        ):
            return
        rule = self.variant.showdown[0]
        seven = best_hand(rule, list(_WORST_SEVEN), [])
        hands = {i: self.hand_values(i)[0] for i in live}
        known = [v for v in hands.values() if v is not None]
        if seven is None or not known:
            return
        best = max(known)
        if not any(
            i in self._checked and v is not None and v >= seven and v == best
            for i, v in hands.items()
        ):
            return
        for j in range(self.n):
            back = self.total[j] - before[j]
            if back > 0:
                self.stacks[j] += back
                self.total[j] -= back
                self.log.append(_new(Entry, ("penalty", j, (), -back, ())))

    def _may_win(self, i: int, values: dict[int, list[Any]]) -> bool:
        """Whether ``i``'s hand ties or beats every other in some pot he is in, for some share
        (``values``: the keys of :meth:`_hand_keys`)."""
        for pot in self.pots:
            if i not in pot.eligible:
                continue
            for k, mine in enumerate(values[i]):
                if mine is None:
                    continue
                # One rule made every key of share k, so they compare as the values do.
                if all((v := values[j][k]) is None or v <= mine for j in pot.eligible):
                    return True
        return False

    def pay(self, i: int, chips: int) -> None:
        """Give ``chips`` to player ``i`` (pot rules call this)."""
        self.stacks[i] += chips
        self.winnings[i] += chips
        self.log.append(_new(Entry, ("win", i, (), chips, ())))


def check_betting(variant: Variant, runs: object, bomb_pot: bool, double_board: bool) -> None:
    """Refuse runs of the board, a bomb pot or a second board that ``variant`` cannot have
    (a one-line :class:`~straights.errors.ConfigurationError`; ``runs`` is typed
    ``object`` so that the compiled engine refuses a non-number in the same words)."""
    if type(runs) is not int or runs < 1:
        raise ConfigurationError(f"runs={runs!r}: give the most runs of the board, 1 or more")
    has_board = any(s.board for s in variant.streets)
    if double_board and (
        not has_board
        or variant.pot_rule is not None
        or any(s.board_down or s.turn for s in variant.streets)
    ):
        raise ConfigurationError(f"{variant.name} is not dealt on two boards")
    if double_board and runs > 1:
        raise ConfigurationError("two boards are run once: give runs=1 with double_board")
    if runs > 1 and (not has_board or variant.pot_rule is not None):
        raise ConfigurationError(f"{variant.name} has no board to run more than once")
    if bomb_pot and not (variant.blinds and has_board):
        raise ConfigurationError(
            f"{variant.name} has no flop for a bomb pot: a bomb pot is a game with blinds "
            "and a board (hold'em, Omaha)"
        )


def _plainly_dealable(cards: Sequence[Card], deck: str, jokers: int) -> bool:
    """Whether ``cards`` are distinct cards of the deck (by their ids: one pass, no
    hashing of card objects); ``False`` sends them to the deck's own check, which says
    what is wrong.

    >>> from straights.cards import parse_cards
    >>> _plainly_dealable(parse_cards("As Kd"), "standard", 0)
    True
    >>> ace = parse_cards("As")[0]
    >>> _plainly_dealable([ace, ace], "standard", 0), _plainly_dealable(["As"], "standard", 0)
    (False, False)
    """
    ids: set[int] = set()
    for card in cards:
        if type(card) is not Card:
            return False
        ids.add(card._id)
    return len(ids) == len(cards) and ids <= _deck_ids(deck, jokers)


@cache
def _deck_ids(deck: str, jokers: int) -> frozenset[int]:
    """The ids of the cards of a deck."""
    return frozenset(card._id for card in make_deck(deck, jokers=jokers).cards)


@cache
def _hand_positions(size: int) -> tuple[int, ...]:
    """Every position of a hand of ``size`` cards: ``(0, 1, … size - 1)`` (made once)."""
    return tuple(range(size))


@cache
def _rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``n`` players, every player in acting order from him.

    >>> _rotations(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    return tuple(tuple((i + k) % n for k in range(n)) for i in range(n))


@cache
def _others(n: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``n`` players, the others in acting order after him.

    >>> _others(3)
    ((1, 2), (2, 0), (0, 1))
    """
    return tuple(rotation[1:] for rotation in _rotations(n))


def _discards(streets: Sequence[Street]) -> bool:
    """Whether a street has a draw or a throw (``"discard" in variant.card_choices``,
    without building the set).

    >>> from straights.poker.catalogue import get_variant
    >>> _discards(get_variant("NT").streets), _discards(get_variant("F2L3D").streets)
    (False, True)
    """
    for street in streets:  # noqa: SIM110 - a loop is quicker compiled than any() over a generator
        if street.draw is not None or street.discard:
            return True
    return False


#: The ante entries of a deal without antes, by the number of players (built once each).
_ZERO_ANTES: Final[dict[int, tuple[Entry, ...]]] = {}


def _zero_antes(n: int) -> tuple[Entry, ...]:
    """The log entries of ``n`` players posting no ante (entries are immutable: shared).

    >>> [(e.kind, e.player, e.amount) for e in _zero_antes(2)], _zero_antes(2) is _zero_antes(2)
    ([('ante', 0, 0), ('ante', 1, 0)], True)
    """
    entries = _ZERO_ANTES.get(n)
    if entries is None:
        entries = _ZERO_ANTES[n] = tuple([_new(Entry, ("ante", i, (), 0, ())) for i in range(n)])
    return entries


#: The worst seven-low (7-6-5-4-2): a hand as good or better is "a seven or better".
_WORST_SEVEN: Final = tuple(Card(c) for c in ("7c", "6d", "5h", "4s", "2c"))


def _open_pair(
    holes: list[list[Card | None]], up: list[list[bool]], players: Iterable[int]
) -> bool:
    """Whether one of ``players`` shows a pair among his face-up cards (fourth street's
    open pair in stud).

    >>> kings, king_queen = [Card("2c"), Card("Kc"), Card("Kd")], [Card("Kh"), Card("Qd")]
    >>> _open_pair([kings], [[False, True, True]], [0])
    True
    >>> _open_pair([kings, king_queen], [[True, False, True], [True, True]], [0, 1])
    False
    """
    for i in players:
        seen: set[int] = set()
        for card, shown in zip(holes[i], up[i], strict=True):
            if shown and card is not None and card._id < 52:
                rank = card._id >> 2
                if rank in seen:
                    return True
                seen.add(rank)
    return False


def _with_chips(stacks: list[int], players: list[int]) -> int:
    """How many of ``players`` have chips left.

    >>> _with_chips([0, 5, 3], [0, 1, 2]), _with_chips([0, 5, 3], [0, 2])
    (2, 1)
    """
    count = 0
    for i in players:
        if stacks[i]:
            count += 1
    return count


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)
