"""The table an environment deals at: the variant, the players, the stakes and the stacks.

Any variant of the catalogue works; the default stakes follow from what the
variant uses, never from which game it is:

* games with blinds: blinds 1-2, smallest bet 2, fixed limit 2/4;
* games with a bring-in (stud): ante 1, bring-in 1, fixed limit 2/4;
* games with antes only (Straights): ante 1, smallest bet (the doubling
  ladder's unit) 1, fixed limit 1/2.

Every stack starts at ``stack`` chips (200: a hundred big blinds).  The *unit*
that observations and normalised rewards are counted in is the big blind, else
the ante, else the smallest bet.

>>> t = table_for("holdem", 6)
>>> t.variant.code, t.stakes.blinds, t.stacks[0], t.unit
('NT', (1, 2, 0, 0, 0, 0), 200, 2)
>>> t = table_for("straights", 2, stack=50)
>>> t.variant.code, t.stakes.antes, t.unit
('_STR55L', (1, 1), 1)
>>> table_for("razz", 9)
Traceback (most recent call last):
...
straights.errors.ConfigurationError: razz deals to 2 to 8 players, not 9
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from straights.cards import Deck, make_deck
from straights.errors import ConfigurationError
from straights.poker.catalogue import GAME_NAMES, find_variant
from straights.poker.engine import check_betting
from straights.poker.stakes import bomb_pot_stakes, default_stakes, straddled, whole_chips
from straights.poker.variant import Stakes, Variant

__all__ = ["RlTable", "table_for"]


@dataclass(frozen=True, slots=True)
class RlTable:
    """Everything fixed for every episode of one environment (``bomb_pot``: every
    episode is a bomb pot; ``runs``: the most runs of the board, which every seat
    agrees to when the betting ends early)."""

    variant: Variant
    game: str
    players: int
    stakes: Stakes
    stacks: tuple[int, ...]
    unit: int
    deck: Deck
    bomb_pot: bool = False
    runs: int = 1

    @property
    def chips(self) -> int:
        """Every chip at the table (the bound of any amount in an observation)."""
        return sum(self.stacks)


def _unit(variant: Variant, stakes: Stakes) -> int:
    blinds = [abs(b) for b in stakes.blinds] if variant.blinds else []
    for candidates in (blinds, stakes.antes, [stakes.min_bet, stakes.small_bet]):
        if candidates and max(candidates) > 0:
            return max(candidates)
    return 1


def table_for(
    game: str | Variant,
    players: int,
    *,
    stack: int | Sequence[int] = 200,
    stakes: Stakes | None = None,
    ante: int | None = None,
    blinds: Sequence[int] | None = None,
    bring_in: int | None = None,
    small_bet: int | None = None,
    big_bet: int | None = None,
    min_bet: int | None = None,
    straddle: str | None = None,
    bomb_pot_ante: int | None = None,
    runs: int = 1,
) -> RlTable:
    """The table for ``game`` (a name of :func:`~straights.poker.catalogue.find_variant`
    or a :class:`Variant`) with ``players`` seats; ``stakes`` replaces the default
    stakes whole, the keywords change one amount of them.  ``straddle`` (``"utg"``
    or ``"button"``), ``bomb_pot_ante`` (every episode a bomb pot of that ante) and
    ``runs`` (run the board up to that many times, every seat agreeing) deal the
    table's betting as :class:`~straights.poker.house.HouseRules` describes it.

    >>> t = table_for("holdem", 4, straddle="utg", runs=2)
    >>> t.stakes.blinds, t.runs, table_for("holdem", 3, bomb_pot_ante=5).stakes.antes
    ((1, 2, 4, 0), 2, (5, 5, 5))
    """
    variant = game if isinstance(game, Variant) else find_variant(str(game))
    name = GAME_NAMES.get(variant.code, (variant.code,))[0]
    deck = make_deck(variant.deck, jokers=variant.jokers)
    most = variant.max_players(len(deck))
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= most:
        raise ConfigurationError(f"{name} deals to 2 to {most} players, not {players!r}")
    if stakes is None:
        stakes = default_stakes(
            variant, players, ante=ante, blinds=blinds, bring_in=bring_in,
            small_bet=small_bet, big_bet=big_bet, min_bet=min_bet,
        )  # fmt: skip
    elif len(stakes.antes) != players:
        raise ConfigurationError(f"stakes for {len(stakes.antes)} players, not {players}")
    if straddle is not None:
        stakes = straddled(stakes, straddle)
    if bomb_pot_ante is not None:
        stakes = bomb_pot_stakes(stakes, bomb_pot_ante)
    if runs != 1 or bomb_pot_ante is not None:
        check_betting(variant, runs, bomb_pot_ante is not None, False)
    if isinstance(stack, int):
        stacks = (whole_chips("stack", stack, 1),) * players
    else:
        stacks = tuple(whole_chips("stack", s, 1) for s in stack)
        if len(stacks) != players:
            raise ConfigurationError(f"{len(stacks)} stacks for {players} players")
    return RlTable(variant, name, players, stakes, stacks, _unit(variant, stakes), deck,
                   bomb_pot_ante is not None, runs)  # fmt: skip
