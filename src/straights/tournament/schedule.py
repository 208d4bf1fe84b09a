"""The blind-and-ante schedule: levels, how long each lasts, and the stakes of a deal.

A :class:`Level` has a small and a big blind and may have an ante from every
player or a *big-blind ante* (one ante the big blind posts for the table, dead
money).  A :class:`Schedule` lasts its levels by **deals** (a level lasts N
deals of the table that has dealt most) or by **minutes** of the clock.  After
its last level each further level doubles the last one, so a tournament always
ends.

The presets (ours, in the usual sit-and-go shape: 1,500 chips, blinds from 10-20)
are ``standard`` (12 deals or 10 minutes a level, antes from level 6),
``turbo`` (6 deals or 5 minutes, the same ladder) and ``bb-ante`` (turbo lengths
with a big-blind ante from level 4).

>>> s = preset("turbo")
>>> s.level(0), s.level(6 * 5)
(Level(small=10, big=20, ante=0, bb_ante=False), Level(small=100, big=200, ante=25, bb_ante=False))
>>> str(parse_levels("10/20, 100/200/bb200", deals=5).level(5))
'100/200, big-blind ante 200'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from straights.errors import ConfigurationError
from straights.poker.stakes import stakes_words
from straights.poker.variant import Stakes, Variant

__all__ = ["PRESETS", "Level", "Schedule", "parse_levels", "preset"]

Unit = Literal["deals", "minutes"]


@dataclass(frozen=True, slots=True)
class Level:
    """One level: blinds ``small``/``big``; ``ante`` from every player, or (``bb_ante``)
    one ante of that size from the big blind alone."""

    small: int
    big: int
    ante: int = 0
    bb_ante: bool = False

    def __post_init__(self) -> None:
        for name in ("small", "big", "ante"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigurationError(f"level {self}: {name} must be a whole number >= 0")
        if not 0 < self.small <= self.big:
            raise ConfigurationError(
                f"level {self.small}/{self.big}: give a small blind of 1 or more, "
                "at most the big blind"
            )

    def __str__(self) -> str:
        text = f"{self.small}/{self.big}"
        if self.ante and self.bb_ante:
            return f"{text}, big-blind ante {self.ante}"
        return f"{text}, ante {self.ante}" if self.ante else text

    def doubled(self) -> Level:
        """The level twice as big (after a schedule's last level)."""
        return Level(self.small * 2, self.big * 2, self.ante * 2, self.bb_ante)

    def stakes(self, variant: Variant, players: int) -> Stakes:
        """The stakes of a deal of ``variant`` to ``players`` at this level, per the
        game's kind of forced bet (:meth:`words` says them):

        * **blinds** (flop and draw games): the blinds, the level's ante or big-blind
          ante, a fixed limit of the big blind and twice it, the big blind as the
          smallest bet;
        * **a bring-in** (stud, razz, London lowball): an ante from everyone of an
          eighth of the big blind (1 at least), a bring-in of half the small blind
          (never below the ante), limits of the big blind and twice it — level
          100/200 is ante 25, bring-in 50, limits 200/400;
        * **antes only** (Straights): an ante of half the small blind (1 at least),
          which is also the doubling ladder's unit.

        >>> from straights.poker.catalogue import get_variant
        >>> s = Level(50, 100, 100, bb_ante=True).stakes(get_variant("NT"), 3)
        >>> s.blinds, s.antes, s.antes_are_dead
        ((50, 100, 0), (0, 100, 0), True)
        >>> Level(50, 100, 100, bb_ante=True).stakes(get_variant("NT"), 2).antes
        (100, 0)
        >>> s = Level(100, 200, 25).stakes(get_variant("F7S"), 3)
        >>> s.antes, s.bring_in, s.small_bet, s.big_bet, s.blinds
        ((25, 25, 25), 50, 200, 400, (0, 0, 0))
        """
        if variant.bring_in:
            ante = max(1, self.big // 8)
            return Stakes.uniform(players, ante=ante, bring_in=max(ante, self.small // 2),
                                  small_bet=self.big, big_bet=2 * self.big,
                                  min_bet=self.big)  # fmt: skip
        if not variant.blinds:
            ante = max(1, self.small // 2)
            return Stakes((ante,) * players, (0,) * players, min_bet=ante, trim_antes=False,
                          dead_antes=False)  # fmt: skip
        stakes = Stakes.uniform(players, ante=0 if self.bb_ante else self.ante,
                                blinds=(self.small, self.big), small_bet=self.big,
                                big_bet=2 * self.big, min_bet=self.big)  # fmt: skip
        if not self.bb_ante:
            return stakes
        big = stakes.blinds.index(max(stakes.blinds))  # heads-up the non-button posts it
        antes = tuple(self.ante if i == big else 0 for i in range(players))
        return Stakes(antes, stakes.blinds, stakes.bring_in, stakes.small_bet, stakes.big_bet,
                      stakes.min_bet, trim_antes=False, dead_antes=True)  # fmt: skip

    def words(self, variant: Variant) -> str:
        """This level as players of ``variant`` read it, in the words of every table's
        stakes (:func:`~straights.poker.stakes.stakes_words`).

        >>> from straights.poker.catalogue import find_variant, get_variant
        >>> Level(100, 200, 25).words(get_variant("NT"))
        'blinds 100/200 · ante 25'
        >>> Level(100, 200, 200, bb_ante=True).words(get_variant("NT"))
        'blinds 100/200 · big-blind ante 200'
        >>> Level(100, 200, 25).words(get_variant("FR"))
        'ante 25 · bring-in 50 · bets 200/400'
        >>> Level(10, 20).words(find_variant("straights"))
        'ante 5'
        """
        return stakes_words(self.stakes(variant, 2), variant.structure)


@dataclass(frozen=True, slots=True)
class Schedule:
    """``levels`` in order, each lasting ``length`` ``unit`` (deals or minutes)."""

    levels: tuple[Level, ...]
    length: int
    unit: Unit = "deals"

    def __post_init__(self) -> None:
        if not self.levels:
            raise ConfigurationError("a schedule needs at least one level")
        if isinstance(self.length, bool) or not isinstance(self.length, int) or self.length < 1:
            raise ConfigurationError(f"levels of {self.length} {self.unit}: give 1 or more")
        if self.unit not in ("deals", "minutes"):
            raise ConfigurationError(f"levels by {self.unit!r}: choose deals or minutes")

    def index(self, elapsed: float) -> int:
        """The level (from 0) in force after ``elapsed`` deals or minutes.

        >>> preset("standard").index(11), preset("standard").index(12)
        (0, 1)
        """
        return int(max(elapsed, 0) // self.length)

    def level(self, elapsed: float) -> Level:
        """The level in force after ``elapsed`` deals or minutes (past the last level,
        each further one doubles it).

        >>> preset("turbo").level(6 * 40).big == preset("turbo").levels[-1].big * 2 ** 26
        True
        """
        return self.at(self.index(elapsed))

    def at(self, index: int) -> Level:
        """Level ``index`` (from 0), doubling past the last."""
        last = len(self.levels) - 1
        level = self.levels[min(index, last)]
        for _ in range(max(index - last, 0)):
            level = level.doubled()
        return level


#: (small, big, ante) of the presets' ladder.
_LADDER: Final = ((10, 20, 0), (15, 30, 0), (25, 50, 0), (50, 100, 0), (75, 150, 0),
                  (100, 200, 25), (150, 300, 25), (200, 400, 50), (300, 600, 75),
                  (400, 800, 100), (600, 1200, 150), (800, 1600, 200), (1000, 2000, 250),
                  (1500, 3000, 400), (2000, 4000, 500))  # fmt: skip


def _standard() -> tuple[Level, ...]:
    return tuple(Level(s, b, a) for s, b, a in _LADDER)


def _bb_ante() -> tuple[Level, ...]:
    return tuple(Level(s, b, b if i >= 3 else 0, bb_ante=i >= 3)
                 for i, (s, b, _) in enumerate(_LADDER))  # fmt: skip


#: Preset name -> (levels, deals a level, minutes a level).
PRESETS: Final = {
    "standard": (_standard(), 12, 10),
    "turbo": (_standard(), 6, 5),
    "bb-ante": (_bb_ante(), 6, 5),
}


def preset(name: str, *, minutes: bool = False) -> Schedule:
    """A preset schedule by name, its levels by deals (or by ``minutes``).

    >>> preset("standard", minutes=True).length, preset("standard").length
    (10, 12)
    >>> preset("slow")
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: no schedule 'slow': choose standard, turbo or bb-ante
    """
    found = PRESETS.get(name.strip().lower())
    if found is None:
        names = list(PRESETS)
        raise ConfigurationError(
            f"no schedule {name!r}: choose {', '.join(names[:-1])} or {names[-1]}"
        )
    levels, deals, mins = found
    return Schedule(levels, mins if minutes else deals, "minutes" if minutes else "deals")


def parse_levels(text: str, *, deals: int | None = None, minutes: int | None = None) -> Schedule:
    """The host's own levels, ``SMALL/BIG[/ANTE]`` comma-separated (``/bbANTE``: a
    big-blind ante), each lasting ``deals`` deals or ``minutes`` minutes.

    >>> parse_levels("25/50/5, 50/100", minutes=15).levels[0]
    Level(small=25, big=50, ante=5, bb_ante=False)
    >>> parse_levels("25-50", deals=5)
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: level '25-50': write SMALL/BIG, SMALL/BIG/ANTE or ...
    """
    if (deals is None) == (minutes is None):
        raise ConfigurationError("give the levels' length in deals or in minutes (one of them)")
    levels: list[Level] = []
    for part in (p.strip() for p in text.split(",")):
        levels.append(_level(part))
    if minutes is not None:
        return Schedule(tuple(levels), minutes, "minutes")
    assert deals is not None
    return Schedule(tuple(levels), deals, "deals")


def _level(part: str) -> Level:
    bad = ConfigurationError(f"level {part!r}: write SMALL/BIG, SMALL/BIG/ANTE or SMALL/BIG/bbANTE")
    words = part.split("/")
    if len(words) not in (2, 3):
        raise bad
    bb_ante = len(words) == 3 and words[2].lower().startswith("bb")
    if bb_ante:
        words[2] = words[2][2:]
    if not all(w.strip().isdigit() for w in words):
        raise bad
    numbers: Sequence[int] = [int(w) for w in words]
    return Level(numbers[0], numbers[1], numbers[2] if len(numbers) == 3 else 0, bb_ante)
