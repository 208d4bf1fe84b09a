"""A bot that estimates its chance of winning and bets by it and the pot odds.

The estimate samples the cards the seat cannot see — the opponents' hole
cards, the face-down key card and the table cards still to come — from the
unseen part of the pack, and counts the deals its hand wins outright (a rule-10
carry-over counts as no win).

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=3), ["a", "b", "c"], seed=11)
>>> hand = t.start_hand()
>>> bot = StrengthBot(rng=1, samples=50)
>>> 0.0 <= bot.equity(t.view(hand.actor)) <= 1.0
True

In a deal of any variant (``decide``) the estimate is
:func:`straights.bots.estimate.equity`: the variant's own showdown, its share of
a high-low pot, a draw chosen by :func:`~straights.bots.estimate.best_discard`,
and in Mexican stud the least telling card turned up (see :meth:`StrengthBot.decide`).
"""

from __future__ import annotations

from typing import Final

from straights.bots.base import pick, pick_move
from straights.bots.estimate import best_discard
from straights.bots.estimate import equity as deal_equity
from straights.bots.simple import down_cards
from straights.cards import Card, RandomLike, make_deck, make_rng
from straights.errors import ConfigurationError
from straights.game.hand import Action
from straights.game.view import SeatView
from straights.poker.view import DealView, Move
from straights.rankings.straights import straights_key

__all__ = ["DEFAULT_SAMPLES", "StrengthBot"]

#: Monte Carlo deals per estimate: enough to tell 30% from 50%, cheap enough for simulation.
DEFAULT_SAMPLES: Final = 64
_PACK_IDS: Final = {
    55: tuple(c.id for c in make_deck("straights")),
    52: tuple(c.id for c in make_deck("standard")),
}


class StrengthBot:
    """Bets or raises with a strong estimate, calls when the pot odds pay, else folds.

    ``aggression`` scales the equity needed to bet: it bets when its chance of
    winning exceeds ``aggression`` times a fair share (1 / players in the deal).
    """

    def __init__(
        self,
        *,
        rng: RandomLike = None,
        samples: int = DEFAULT_SAMPLES,
        aggression: float = 1.5,
        name: str = "strength",
    ) -> None:
        if not isinstance(samples, int) or samples < 1:
            raise ConfigurationError(f"samples={samples!r}: give a whole number of at least 1")
        self.rng = make_rng(rng)
        self.samples = samples
        self.aggression = aggression
        self.name = name
        self._cache: tuple[object, float] | None = None
        self._deal_cache: tuple[object, float] | None = None

    def equity(self, view: SeatView) -> float:
        """Estimated chance that this seat's hand wins the pot outright at the showdown."""
        if view.hole is None:
            raise ConfigurationError("a spectator's view has no hand to estimate")
        opponents = view.opponents_in()
        known = (view.hand_number, view.round, opponents, view.table, view.hole)
        if self._cache is not None and self._cache[0] == known:
            return self._cache[1]
        hole = tuple(c.id for c in view.hole)
        shown = [c.id for c in view.visible_table]
        seen = set(hole) | set(shown)
        unseen = [c for c in _PACK_IDS[view.pack] if c not in seen]
        missing = 5 - len(shown)
        need = missing + 2 * opponents
        pack = view.pack
        wins = 0
        rnd = self.rng.random
        size = len(unseen)
        for _ in range(self.samples):
            # A partial Fisher-Yates shuffle: unseen[:need] becomes a uniform random draw.
            for k in range(need):
                j = k + int(rnd() * (size - k))
                unseen[k], unseen[j] = unseen[j], unseen[k]
            drawn = unseen[:need]
            table = shown + drawn[:missing]
            mine = straights_key(hole, table, pack)
            for k in range(opponents):
                j = missing + 2 * k
                if straights_key(drawn[j : j + 2], table, pack) >= mine:
                    break
            else:
                wins += 1
        value = wins / self.samples
        self._cache = (known, value)
        return value

    def act(self, view: SeatView) -> Action:
        e = self.equity(view)
        fair = 1.0 / (view.opponents_in() + 1)
        if e >= min(0.85, self.aggression * fair):
            return pick(view, "raise", "bet", "call", "check")
        if view.to_call == 0:
            return pick(view, "check")
        odds = view.to_call / (view.pot + view.to_call)
        return pick(view, "call") if e >= odds else pick(view, "fold")

    def deal_equity(self, view: DealView) -> float:
        """Estimated share of the pot for the seat of ``view`` (a deal of any variant)."""
        known = (view.variant, view.street, view.phase, view.board,
                 tuple(p.cards for p in view.players))  # fmt: skip
        if self._deal_cache is not None and self._deal_cache[0] == known:
            return self._deal_cache[1]
        value = deal_equity(view, self.rng, self.samples)
        self._deal_cache = (known, value)
        return value

    def decide(self, view: DealView) -> Move:
        """Bet, call or fold as :meth:`act` does, by the estimated share of the pot;
        draw what :func:`~straights.bots.estimate.best_discard` prefers; and turn
        up its lowest face-down card that pairs none of its others (a pair or a wild
        card stays hidden as long as it can)."""
        choice = view.choice
        if choice is not None and choice.kind == "discard":
            return Move("discard", cards=best_discard(view, self.rng))
        if choice is not None:
            return Move("expose", cards=_least_telling(view)[: choice.most])
        e = self.deal_equity(view)
        fair = 1.0 / max(1, len(view.in_hand()))
        if e >= min(0.85, self.aggression * fair):
            return pick_move(view, "raise", "bet", "complete", "call", "check", "bring-in")
        if view.to_call == 0:
            return pick_move(view, "check", "bring-in")
        odds = view.to_call / (view.pot + view.to_call)
        return pick_move(view, "call" if e >= odds else "fold", "bring-in")


def _least_telling(view: DealView) -> tuple[Card, ...]:
    """Face-down cards in the order to turn them up: unpaired before paired, natural
    before wild (jokers), low ranks before high."""
    down = down_cards(view)
    me = view.me
    mine = [c for c in (me.cards if me else ()) if c is not None]

    def order(card: Card) -> tuple[bool, bool, int]:
        paired = card.rank is not None and sum(1 for c in mine if c.rank == card.rank) > 1
        return (not card.is_ranked, paired, int(card.rank or 0))

    return tuple(sorted(down, key=order))
