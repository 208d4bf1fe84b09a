"""A Pai Gow table across deals: the players' stacks and the house's result.

The house always banks (players never do).  Chips are conserved counting the
house: the players' stacks and the house's result always add up to the
chips the players sat down with.

>>> table = PaiGowTable(["Ann", "Bob"], 100, rng=3)
>>> deal = table.start_deal({1: 20, 2: 40})
>>> for seat in deal.waiting:
...     table.set_house_way(seat)
>>> sum(table.stacks.values()) + table.house
200
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from straights.cards import CardsLike, RandomLike, make_rng
from straights.errors import ConfigurationError
from straights.paigow.deal import MAX_PLAYERS, PaiGowDeal
from straights.paigow.rules import PaiGowRules

__all__ = ["PaiGowTable"]


class PaiGowTable:
    """Players in seats 1.. against the house; ``stacks`` one number for all or one each."""

    def __init__(
        self,
        names: Sequence[str],
        stacks: int | Sequence[int],
        *,
        rules: PaiGowRules | None = None,
        rng: RandomLike = None,
    ) -> None:
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise ConfigurationError(
                f"{len(names)} players is not possible: Pai Gow seats 1 to {MAX_PLAYERS}"
            )
        chips = [stacks] * len(names) if isinstance(stacks, int) else list(stacks)
        if len(chips) != len(names):
            raise ConfigurationError(f"{len(chips)} stacks for {len(names)} players")
        self.rules = rules or PaiGowRules()
        for chip in chips:
            if chip < self.rules.min_bet:
                raise ConfigurationError(
                    f"a stack of {chip} cannot cover the minimum bet of {self.rules.min_bet}"
                )
        self.names = {seat: name for seat, name in enumerate(names, start=1)}
        self.stacks = {seat: chip for seat, chip in enumerate(chips, start=1)}
        self.house = 0
        self.deal: PaiGowDeal | None = None
        self.deals = 0
        self._rng = make_rng(rng)
        self._before: dict[int, int] = {}

    def can_bet(self, seat: int) -> bool:
        """True while ``seat`` has the minimum bet (a player below it has left)."""
        return self.stacks.get(seat, 0) >= self.rules.min_bet

    @property
    def seated(self) -> list[int]:
        """The seats still playing."""
        return [s for s in self.stacks if self.can_bet(s)]

    def start_deal(self, bets: Mapping[int, int]) -> PaiGowDeal:
        """Deal to the seats in ``bets`` (seat → chips, each covered by its stack)."""
        if self.deal is not None and not self.deal.finished:
            raise ConfigurationError("the last deal is not settled yet")
        for seat, bet in bets.items():
            if seat not in self.stacks:
                raise ConfigurationError(
                    f"seat {seat} is empty: the seats are 1 to {len(self.stacks)}"
                )
            self.rules.check_bet(bet, self.stacks[seat])
        self._before = {s: self.stacks[s] for s in bets}
        self.deal = PaiGowDeal(bets, rng=self._rng, rules=self.rules)
        self.deals += 1
        return self.deal

    def starting_stacks(self) -> dict[int, int]:
        """The stacks of the current deal's players before it."""
        return dict(self._before)

    def set(self, seat: int, front: CardsLike) -> None:
        """``seat`` sets its two-card hand; the stacks change when the deal settles."""
        self._current().set(seat, front)
        self._pay()

    def set_house_way(self, seat: int) -> None:
        """``seat`` has its hand set the house way."""
        self._current().set_house_way(seat)
        self._pay()

    def _current(self) -> PaiGowDeal:
        if self.deal is None or self.deal.finished:
            raise ConfigurationError("no deal is waiting for settings: start one")
        return self.deal

    def _pay(self) -> None:
        deal = self.deal
        if deal is not None and deal.finished:
            for seat, result in deal.results.items():
                self.stacks[seat] += result.net
            self.house += deal.house
