"""A poker variant as data: deck, forced bets, streets, betting, openers, showdown.

A :class:`Variant` says *what game* is played; :class:`Stakes` says *for how
much* (the antes, blinds, bring-in and bet sizes of one table or one hand
history).  The state machine in :mod:`straights.poker.engine` reads both and
never asks which game it plays.

>>> from straights.poker.catalogue import get_variant
>>> holdem = get_variant("NT")
>>> [s.name for s in holdem.streets], holdem.structure.value
(['pre-flop', 'flop', 'turn', 'river'], 'no-limit')
>>> get_variant("FR").streets[0].hole
(False, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from straights.errors import ConfigurationError

__all__ = [
    "HandRule",
    "Opener",
    "PotRule",
    "Stakes",
    "Street",
    "Structure",
    "Variant",
]


class Structure(Enum):
    """How much a player may bet or raise."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"
    #: Straights: the first bet is the unit (``min_bet``), each raise doubles the
    #: increment (1, 3, 7, 15 … units); ``raise_cap`` counts the ladder's levels.
    DOUBLING = "doubling"


class Opener(Enum):
    """Who acts first in a betting round.

    * ``POSITION``: the first player left of the button; on a street with blinds
      the player left of the largest blind or straddle (ties: the later seat).
    * ``LOWEST_UP_CARD`` / ``HIGHEST_UP_CARD``: the bring-in of stud (lowest card,
      ace high, suits c < d < h < s) and of razz (highest card, ace low).
    * ``BEST_HIGH_SHOWING`` / ``BEST_LOW_SHOWING``: later stud streets — the best
      high (or, in razz, the best low) hand among the up cards; ties go to the
      first player in seat order.
    * ``BEST_CANADIAN_SHOWING``: as ``BEST_HIGH_SHOWING``, but four up cards in
      sequence or of one suit count as in Canadian stud: pair < four-card straight
      < four-card flush < two pair.
    """

    POSITION = "position"
    LOWEST_UP_CARD = "lowest-up-card"
    HIGHEST_UP_CARD = "highest-up-card"
    BEST_HIGH_SHOWING = "best-high-showing"
    BEST_LOW_SHOWING = "best-low-showing"
    BEST_CANADIAN_SHOWING = "best-canadian-showing"


@dataclass(frozen=True, slots=True)
class Street:
    """One street: the cards dealt, an optional draw, then a betting round.

    ``burn`` cards are burned first; ``hole`` has one flag per card dealt to each
    player (``True`` = face up); ``board`` cards go to the middle face up;
    ``draw`` is the most cards a player may exchange before the betting
    (``None``: no draw); ``big_bet`` selects the big bet in fixed limit;
    ``board_down`` cards go to the middle face down (Straights' key card) and
    ``turn`` face-down board cards are turned up, oldest first; ``choose_up``:
    after the cards are dealt, each player turns up that many of his face-down
    hole cards, chosen by himself (Mexican stud), before the betting;
    ``discard``: before the street's cards are dealt, each player in throws away
    exactly that many hole cards of his choice, none replaced.
    """

    name: str
    hole: tuple[bool, ...] = ()
    board: int = 0
    board_down: int = 0
    turn: int = 0
    burn: int = 0
    draw: int | None = None
    big_bet: bool = False
    opener: Opener = Opener.POSITION
    choose_up: int = 0
    discard: int = 0


class PotRule(Protocol):
    """A hook that awards the pots of a deal that reached the showdown itself.

    ``award(deal)`` pays the pots (``deal.pay``) and may carry chips to the next
    deal (``deal.carry_out``); Straights' rule 10 is one.  ``deal`` is the engine's
    :class:`~straights.poker.engine.Deal`, typed ``Any`` here because the engine is
    built on this module (a rule names ``Deal`` itself, as ``RuleTen`` does).
    """

    @property
    def name(self) -> str: ...

    def award(self, deal: Any) -> None: ...


@dataclass(frozen=True, slots=True)
class HandRule:
    """How one pot share is won: a ranking of the registry and which cards play.

    ``hole_cards`` (``None`` = any number) is the exact number of hole cards a
    hand must use, ``board_cards`` likewise (Omaha: 2 and 3).  A hand whose
    category is ``'no low'`` does not contend for this share.
    """

    ranking: str
    options: tuple[tuple[str, Any], ...] = ()
    hole_cards: int | None = None
    board_cards: int | None = None
    label: str = "high"


@dataclass(frozen=True, slots=True)
class Variant:
    """A poker game.

    * ``code``/``name``/``description``: the PHH code (or ``_``-code), a name for
      people, one line of description;
    * ``deck``, ``jokers``: a deck name of :func:`straights.cards.make_deck`;
    * ``blinds``/``bring_in``: which forced bets besides antes the game uses;
    * ``streets``: the streets in order; ``structure``; ``raise_cap``: the
      doubling ladder's levels (Straights; fixed limit takes its cap from the
      table's :class:`~straights.poker.house.HouseRules`);
    * ``showdown``: one :class:`HandRule` per share of the pot (high-low games
      have two; the first share gets the odd chip);
    * ``check_raise``: whether a player who checked may raise later in the round
      (``False``: limit lowball, Robert's);
    * ``sevens_rule``/``open_pair``: the game offers these house rules
      (California lowball; seven-card stud);
    * ``most_players``: the most players the game seats, when the rule books
      allow more than the deck serves without a community card (stud: eight).
    """

    code: str
    name: str
    description: str
    deck: str
    streets: tuple[Street, ...]
    structure: Structure
    showdown: tuple[HandRule, ...]
    blinds: bool = True
    bring_in: bool = False
    jokers: int = 0
    raise_cap: int | None = 4
    #: A named rule that awards the pots itself (Straights' rule 10), else ``None``.
    pot_rule: PotRule | None = None
    #: Whether a bet nobody could call goes back to its bettor when the round ends
    #: (``False``: it stays in the middle as a pot only he may win, as in Straights).
    uncalled_returned: bool = True
    check_raise: bool = True
    sevens_rule: bool = False
    open_pair: bool = False
    most_players: int | None = None

    def __post_init__(self) -> None:
        if not self.streets or not (self.showdown or self.pot_rule):
            raise ConfigurationError(f"variant {self.code}: needs streets and a showdown")
        if not self.streets[0].hole:
            raise ConfigurationError(f"variant {self.code}: the first street deals hole cards")
        down = held = 0
        for s in self.streets:
            if s.discard < 0 or s.discard > held:
                raise ConfigurationError(
                    f"variant {self.code}: {s.name} throws more cards than a player holds"
                )
            held += len(s.hole) - s.discard
            down += s.hole.count(False) - s.choose_up - s.discard
            if s.choose_up < 0 or down < 0:
                raise ConfigurationError(
                    f"variant {self.code}: {s.name} turns up more cards than are face down"
                )

    @property
    def hole_count(self) -> int:
        """Hole cards dealt to each player: the most he holds at once.

        >>> _four_then_two().hole_count
        4
        """
        return sum(len(s.hole) for s in self.streets)

    @property
    def final_hole_count(self) -> int:
        """Hole cards each player holds at the showdown: those dealt, less those
        discarded for good (a draw replaces what it takes).

        >>> from straights.poker.catalogue import get_variant
        >>> _four_then_two().final_hole_count, get_variant("F7S").final_hole_count
        (2, 7)
        """
        return sum(len(s.hole) - s.discard for s in self.streets)

    @property
    def board_count(self) -> int:
        """Board cards of a complete deal."""
        return sum(s.board + s.board_down for s in self.streets)

    @property
    def draws(self) -> bool:
        """Whether a player ever exchanges cards (a draw, replaced)."""
        return any(s.draw is not None for s in self.streets)

    @property
    def card_choices(self) -> frozenset[str]:
        """The kinds of card decision a player may face: ``discard`` (a draw, or a
        throw without replacement) and ``expose`` (choosing cards to turn up).

        >>> from straights.poker.catalogue import get_variant
        >>> sorted(_four_then_two().card_choices), sorted(get_variant("NT").card_choices)
        (['discard'], [])
        """
        kinds = set()
        for s in self.streets:
            if s.draw is not None or s.discard:
                kinds.add("discard")
            if s.choose_up:
                kinds.add("expose")
        return frozenset(kinds)

    def max_players(self, deck_size: int) -> int:
        """Most players a deck can serve without draws or running out (at least 2),
        or the game's ``most_players``: stud deals eight, with one community card
        when the deck runs short.

        >>> from straights.poker.catalogue import get_variant
        >>> get_variant("NT").max_players(52), get_variant("F7S").max_players(52)
        (22, 8)
        """
        if self.most_players is not None:
            return self.most_players
        per_player = self.hole_count
        fixed = self.board_count + sum(s.burn for s in self.streets)
        return max(2, (deck_size - fixed) // per_player)


def _four_then_two() -> Variant:
    """A game for the examples: four hole cards, two thrown before the board comes."""
    streets = (Street("deal", hole=(False,) * 4), Street("board", board=5, discard=2))
    return Variant("_X", "x", "x", "standard", streets, Structure.NO_LIMIT, (HandRule("high"),))


@dataclass(frozen=True, slots=True)
class Stakes:
    """The amounts of one deal, per player in dealing order (``p1`` first).

    ``antes`` and ``blinds`` are what each player posts (a negative blind is a
    live "post" of that size that does not decide who acts first);
    ``bring_in``; ``small_bet``/``big_bet`` for fixed limit; ``min_bet`` for
    pot and no limit.  ``trim_antes`` (PHH's ``ante_trimming_status``): an ante
    larger than every other is trimmed to the second largest; ``dead_antes``:
    antes are dead money in a pot everyone in may win (the big-blind ante)
    rather than counting toward side pots like bets — by default exactly when
    they are not trimmed, as PHH and PokerKit have it.
    """

    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    trim_antes: bool = True
    dead_antes: bool | None = None

    @property
    def antes_are_dead(self) -> bool:
        """Whether antes are dead money (default: when they are not trimmed, as in PHH)."""
        return not self.trim_antes if self.dead_antes is None else self.dead_antes

    def __post_init__(self) -> None:
        if len(self.antes) != len(self.blinds):
            raise ConfigurationError(
                f"{len(self.antes)} antes but {len(self.blinds)} blinds: "
                "give one of each per player"
            )
        for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ConfigurationError(f"{name}={value!r}: give a whole number of chips >= 0")
        if any(a < 0 for a in self.antes):
            raise ConfigurationError(f"antes {list(self.antes)}: an ante cannot be negative")

    @classmethod
    def uniform(
        cls,
        players: int,
        *,
        ante: int = 0,
        blinds: tuple[int, ...] = (),
        bring_in: int = 0,
        small_bet: int = 0,
        big_bet: int = 0,
        min_bet: int = 0,
    ) -> Stakes:
        """Equal antes, blinds from ``p1`` on (``p1`` small blind), as a table posts them.

        Heads-up, the button (``p2``) posts the small blind, as at a live table.

        >>> Stakes.uniform(3, ante=1, blinds=(1, 2), min_bet=2).blinds
        (1, 2, 0)
        >>> Stakes.uniform(2, blinds=(1, 2), min_bet=2).blinds
        (2, 1)
        """
        posts = list(blinds[:players]) + [0] * max(0, players - len(blinds))
        if players == 2 and len(blinds) >= 2:
            posts = [posts[1], posts[0]]
        return cls(
            antes=(ante,) * players,
            blinds=tuple(posts),
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            min_bet=min_bet,
        )
