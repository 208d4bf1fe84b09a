"""Straights as one variant of the generic engine: its streets as data, rule 10 as a hook.

The deal of ``rules/straights.md``: an ante from everyone, two hole cards, the
key card face down on the table with the first table card face up, five
betting rounds on the doubling ladder (a card turned before each of rounds 2
to 4, the key card before round 5), and a showdown decided by the Straights
ranking — where rule 10 may leave a pot without a winner: it is carried to the
next deal and every player dealt in (or, as a house rule, everyone in the
showdown) pays a penalty into it.

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, Stakes
>>> variant = straights_variant(55, "limit")
>>> deal = Deal(variant, Stakes((1, 1), (0, 0), min_bet=1, trim_antes=False, dead_antes=False),
...             [10, 10], make_deck("straights").shuffled(3))
>>> [str(a) for a in deal.legal_actions()], deal.board_up
(['check', 'bet to 1'], [False, True])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from straights.poker.engine import Deal, Entry, Verdict
from straights.poker.variant import Street, Structure, Variant
from straights.rankings.straights import make_hand
from straights.showdowns import decide

__all__ = ["RuleTen", "straights_pack", "straights_variant"]


def straights_pack(variant: Variant) -> int | None:
    """The pack (55 or 52 cards) of a variant that plays Straights' showdown, else ``None``:
    the one question bots and tools ask instead of telling the games apart themselves.

    >>> from straights.poker.catalogue import get_variant
    >>> straights_pack(get_variant("_STR52N")), straights_pack(get_variant("NT"))
    (52, None)
    """
    rule = variant.pot_rule
    return rule.pack if isinstance(rule, RuleTen) else None


@dataclass(frozen=True, slots=True)
class RuleTen:
    """Straights' showdown: each pot to its single winner, or carried over (rule 10).

    ``penalty`` chips are paid into a carried pot, once per deal, by every player
    dealt in (``payers="dealt"``) or only those in the showdown (``"showdown"``),
    nobody paying more than he has.  Each pot's :class:`Verdict` names the rule
    that decided it; each payment is a ``penalty`` entry of the deal's log.
    """

    pack: int = 55
    penalty: int = 1
    payers: Literal["dealt", "showdown"] = "dealt"
    name: str = "straights-rule-10"

    def award(self, deal: Deal) -> None:
        live = deal.in_hand()
        board = tuple(c for c in deal.board if c is not None)
        holes = deal.holes
        values = {
            i: make_hand((holes[i][0], holes[i][1]), board, self.pack)  # type: ignore[arg-type]
            for i in live
        }
        for i in live:
            deal.described[i] = values[i].describe()
        carried = 0
        for k, pot in enumerate(deal.pots):
            if len(pot.eligible) == 1:
                winner: int | None = pot.eligible[0]
                rule, reason = 0, "the only player eligible for this pot"
            else:
                found, rule, reason = decide([values[i] for i in pot.eligible])
                winner = None if found is None else pot.eligible[found]
            if winner is None:
                carried += pot.amount
            else:
                deal.pay(winner, pot.amount)
            won = () if winner is None else (winner,)
            deal.verdicts.append(Verdict(k, pot.amount, won, pot.eligible, rule, reason))
        if carried:
            for i in range(deal.n) if self.payers == "dealt" else live:
                paid = min(self.penalty, deal.stacks[i])
                if paid:
                    deal.stacks[i] -= paid
                    carried += paid
                    deal.log.append(Entry("penalty", i, amount=paid))
        deal.carry_out = carried


def straights_variant(
    pack: Literal[55, 52] = 55,
    betting: Literal["limit", "no-limit"] = "limit",
    *,
    penalty: int = 1,
    payers: Literal["dealt", "showdown"] = "dealt",
) -> Variant:
    """Straights with one pack and one betting structure, as a :class:`Variant`.

    The ante is ``Stakes.antes`` and the ladder's unit ``Stakes.min_bet`` (both the
    table's ante); Limit allows a bet and two raises a round.
    """
    streets = (
        Street("round 1", hole=(False, False), board_down=1, board=1),
        Street("round 2", board=1),
        Street("round 3", board=1),
        Street("round 4", board=1),
        Street("round 5", turn=1),
    )
    structure = "Limit" if betting == "limit" else "No Limit"
    return Variant(
        code=f"_STR{pack}{'L' if betting == 'limit' else 'N'}",
        name=f"Straights, {structure}, {pack} cards",
        description="Longest straight wins; a face-down key card; five rounds on a doubling ladder",
        deck="straights" if pack == 55 else "standard",
        streets=streets,
        structure=Structure.DOUBLING,
        showdown=(),
        blinds=False,
        raise_cap=3 if betting == "limit" else None,
        pot_rule=RuleTen(pack, penalty, payers),
        uncalled_returned=False,
    )
