"""A player who leaves forfeits the deal: ``Deal.forfeit`` (generic, no variant checks)."""

from __future__ import annotations

import pytest

from straights.cards import Card, make_deck
from straights.errors import IllegalActionError
from straights.poker import Deal, Stakes, get_variant


def _deck() -> list[Card]:
    return list(make_deck())


def _three_way_all_in() -> Deal:
    """No-limit hold'em, blinds 1-2, stacks 100, 100, 9: the short stack moves all in
    pre-flop and both others call, so on the flop he is all-in and p1 is to act."""
    deal = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2),
                [100, 100, 9], _deck())  # fmt: skip
    assert deal.actor == 2
    deal.act("raise", 9)
    deal.act("call")
    deal.act("call")
    assert deal.street_name == "flop" and deal.actor == 0 and deal.stacks == [91, 91, 0]
    return deal


def test_a_forfeit_at_his_turn_folds_even_when_he_could_check() -> None:
    deal = _three_way_all_in()
    assert [a.kind for a in deal.legal_actions()] == ["check", "bet"]  # no fold offered
    entry = deal.forfeit(0)
    assert (entry.kind, entry.player) == ("fold", 0) and deal.log[-1] is entry
    assert deal.folded == [True, False, False] and deal.actor == 1


def test_an_all_in_player_forfeits_out_of_turn_and_is_never_shown_down() -> None:
    deal = _three_way_all_in()
    deal.forfeit(2)  # p1 is to act, but p2 has nothing left to decide
    assert deal.folded == [False, False, True] and deal.actor == 0
    deal.forfeit(0)  # p0 could check: he gives up all the same
    # p1 alone: he wins the 27 chips, p2's 9 among them, uncontested.
    assert deal.finished and deal.stacks == [91, 118, 0] and sum(deal.stacks) == 209
    assert [(v.amount, v.winners) for v in deal.verdicts] == [(27, (1,))]
    assert deal.described == {} and not any(e.kind == "show" for e in deal.log)


def test_anyone_else_forfeits_only_at_his_turn_and_only_once() -> None:
    deal = _three_way_all_in()
    before = (list(deal.log), deal.actor, list(deal.folded))
    with pytest.raises(IllegalActionError, match="p2 forfeits at his turn"):
        deal.forfeit(1)
    assert (deal.log, deal.actor, deal.folded) == before  # unchanged by the refusal
    deal.forfeit(2)
    with pytest.raises(IllegalActionError, match="p3 has no deal to forfeit"):
        deal.forfeit(2)
    deal.forfeit(0)
    with pytest.raises(IllegalActionError, match="no deal to forfeit"):
        deal.forfeit(1)  # the deal is over


def test_a_forfeit_at_his_turn_plays_on_as_a_needless_fold_would() -> None:
    deal = _three_way_all_in()
    deal.forfeit(0)
    assert deal.actor == 1
    deal.act("check")  # p1 alone with chips: no more betting, the board runs out
    # The same deal where the rules let p0 fold when he could check (PHH's needless fold).
    ref = Deal(get_variant("NT"), Stakes.uniform(3, blinds=(1, 2), min_bet=2),
               [100, 100, 9], _deck(), needless_folds=True)  # fmt: skip
    for kind, to in (("raise", 9), ("call", None), ("call", None), ("fold", None), ("check", None)):
        ref.act(kind, to)
    assert deal.finished and deal.log == ref.log and deal.verdicts == ref.verdicts
    assert deal.stacks == ref.stacks and sum(deal.stacks) == 209 and deal.stacks[0] == 91
    # The two still in are shown down; p0 is not.
    assert sorted(e.player for e in deal.log if e.kind == "show") == [1, 2]
