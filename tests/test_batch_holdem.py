"""The no-limit hold'em batch plays the engine's rules: random deals replayed through ``Deal``.

Every deal the batch environment deals is replayed, card for card and action
for action, through :class:`straights.poker.Deal` on variant ``NT`` (the
referee): at every step the seat to act, the street, the stacks, the bets and
the pot must agree, the mask must be the one the AEC environment's action
layout makes of the engine's legal actions, and every raise the street total
it makes there; when a deal ends the rewards must be the engine's finishing
stacks minus the starting ones.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from straights.batch import HoldemBatch
from straights.cards import Card
from straights.errors import ConfigurationError, IllegalActionError
from straights.poker.actions import ActionLayout
from straights.poker.engine import Deal


def _referee(env: HoldemBatch, t: int) -> Deal:
    """A fresh engine deal holding table ``t``'s current deal, just dealt."""
    cards = [Card(int(i)) for i in env.deck[t]]
    return Deal(env.variant, env.stakes, env.start.tolist(), cards)


def _check_live(env: HoldemBatch, layout: ActionLayout, t: int, deal: Deal) -> None:
    assert not deal.finished and deal.actor == env.actor[t]
    assert deal.street_index == env.street[t]
    assert deal.stacks == env.stacks[t].tolist()
    assert deal.bets == env.bets[t].tolist()
    assert deal.pot == env.pot[t]
    assert deal.folded == env.folded[t].tolist()
    seat = int(env.actor[t])
    mask, moves = layout.betting(deal.legal_actions(), deal.pot, max(deal.bets), deal.bets[seat])
    assert mask.astype(bool).tolist() == env.mask[t].tolist()
    for index, move in moves.items():
        if move.to is not None:
            assert env.targets[t, index] == move.to
    board = zip(deal.board, deal.board_up, strict=True)
    shown = [c.id if up and c is not None else -1 for c, up in board]
    assert shown == [c for c in env.board()[t].tolist() if c >= 0]


def play_against_engine(players: int, tables: int, deals: int, seed: int) -> dict[str, int]:
    """Random legal play with uneven stacks, replayed in lockstep through ``Deal``."""
    rng = np.random.default_rng(seed)
    stacks = rng.integers(3, 300, size=players).tolist()  # some only just above a blind
    env = HoldemBatch(tables=tables, players=players, seed=seed, stack=stacks)
    layout = ActionLayout(env.variant)
    referees = [_referee(env, t) for t in range(tables)]
    # Calls preferred so that deals reach the showdown; all-ins often enough for side pots.
    weights = np.array([1.0, 4.0, 1.0, 0.7, 0.7, 0.7, 0.6])
    seen = dict.fromkeys(("deals", "showdowns", "side pots", "split pots", "short all-ins"), 0)
    largest: dict[int, tuple[object, int]] = {}
    while seen["deals"] < deals:
        for t in range(tables):
            _check_live(env, layout, t, referees[t])
        actions = (env.mask * weights * rng.random(env.mask.shape)).argmax(axis=1)
        for t in range(tables):
            deal, a = referees[t], int(actions[t])
            _, moves = layout.betting(
                deal.legal_actions(), deal.pot, max(deal.bets), deal.bets[deal.actor or 0]
            )
            move = moves[a]
            # The street's largest raise so far, from the public record (0 on a new street).
            key = (id(deal), deal.street_index)
            full = largest.get(t, (key, 0))[1] if largest.get(t, (None,))[0] == key else 0
            if move.to is not None:
                raised = move.to - max(deal.bets)
                seen["short all-ins"] += raised < max(full, env.stakes.min_bet)
                full = max(full, raised)
            largest[t] = (key, full)
            deal.act(move.kind, move.to)
        rewards, done = env.step(actions)
        for t in range(tables):
            deal = referees[t]
            assert deal.finished == bool(done[t])
            if not done[t]:
                assert not rewards[t].any()
                continue
            seen["deals"] += 1
            showdown = deal.folded.count(False) > 1
            seen["showdowns"] += showdown
            seen["side pots"] += showdown and len(deal.pots) > 1
            seen["split pots"] += sum(1 for e in deal.log if e.kind == "win") > len(deal.pots)
            start = env.start.tolist()
            assert [deal.stacks[s] - start[s] for s in range(players)] == rewards[t].tolist()
            assert rewards[t].sum() == 0  # chips are conserved
            referees[t] = _referee(env, t)
    return seen


@pytest.mark.parametrize(
    ("players", "deals", "seed"),
    [(2, 250, 1), (3, 200, 2), (4, 150, 3), (6, 150, 4), (8, 120, 5), (10, 150, 6)],
)
def test_random_deals_agree_with_the_engine(players: int, deals: int, seed: int) -> None:
    """1,020 deals over 2 to 10 seats, every step compared (uneven stacks, seeded)."""
    seen = play_against_engine(players, tables=8, deals=deals, seed=seed)
    assert seen["deals"] >= deals
    assert seen["showdowns"] > 0
    if players > 2:
        assert seen["side pots"] > 0
        assert seen["short all-ins"] > 0


def test_the_rarer_rules_happen_in_the_run() -> None:
    """Across seats, the random play above makes split pots and short all-ins (by seed)."""
    total = {"split pots": 0, "short all-ins": 0}
    for players, seed in ((3, 11), (6, 12)):
        seen = play_against_engine(players, tables=8, deals=150, seed=seed)
        for key in total:
            total[key] += seen[key]
    assert total["split pots"] > 0 and total["short all-ins"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_many_random_deals_agree_with_the_engine(players: int) -> None:
    seen = play_against_engine(players, tables=16, deals=1_000, seed=100 + players)
    assert seen["showdowns"] > 0


@pytest.mark.slow
def test_a_full_deck_of_twenty_two_seats_agrees_with_the_engine() -> None:
    """22 seats use all 52 cards (44 hole cards, 3 burns, 5 on the board)."""
    seen = play_against_engine(22, tables=4, deals=200, seed=122)
    assert seen["side pots"] > 0


def test_same_seed_same_deals_whatever_the_table_count() -> None:
    one = HoldemBatch(tables=1, players=4, seed=9)
    many = HoldemBatch(tables=5, players=4, seed=9)
    assert one.deck[0].tolist() == many.deck[0].tolist()
    assert len({tuple(row) for row in many.deck.tolist()}) == 5


def test_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    env = HoldemBatch(tables=1, players=2, seed=3, stack=[50, 80])
    assert env.bets[0].tolist() == [2, 1] and env.actor[0] == 1
    assert env.names[int(np.flatnonzero(env.mask[0])[-1])] == "raise-max"
    assert env.targets[0, -1] == 80  # all-in: his whole stack as the street total


def test_observation_shows_only_the_actors_hole_cards() -> None:
    env = HoldemBatch(tables=2, players=3, seed=4)
    obs = env.observation()
    rows = np.arange(2)
    assert obs["hole"].tolist() == env.hole_cards()[rows, env.actor].tolist()
    assert (obs["board"] == -1).all()  # pre-flop: no board card shown
    assert set(obs) == {"hole", "board", "stacks", "bets", "folded", "pot", "street",
                        "actor", "mask", "targets"}  # fmt: skip


def test_bad_input_is_one_clear_error() -> None:
    env = HoldemBatch(tables=2, players=2, seed=0)
    with pytest.raises(
        IllegalActionError, match=r"table 1: action 9 is not legal now; legal: 0 fold"
    ):
        env.step(np.array([9, 1]))
    with pytest.raises(IllegalActionError, match="give 2 whole numbers"):
        env.step(np.array([1.0, 1.0]))
    with pytest.raises(ConfigurationError, match="more than his blind"):
        HoldemBatch(players=3, stack=[100, 2, 100])
    with pytest.raises(ConfigurationError, match="2 to 22"):
        HoldemBatch(players=23)
    three: Any = (1, 2, 4)
    with pytest.raises(ConfigurationError, match="give the small and the big blind"):
        HoldemBatch(blinds=three)
    with pytest.raises(ConfigurationError, match="the small blind is the first"):
        HoldemBatch(blinds=(2, 1))
    with pytest.raises(ConfigurationError, match="3 stacks for 2 players"):
        HoldemBatch(players=2, stack=[10, 10, 10])


def _script(env: HoldemBatch, moves: list[str], deal: Deal | None = None) -> Deal:
    """Play table 0 by action names (from ``deal``, else from the deal's start), checked
    against the engine before and after each."""
    layout = ActionLayout(env.variant)
    deal = deal or _referee(env, 0)
    for name in moves:
        _check_live(env, layout, 0, deal)
        a = env.names.index(name)
        seat = int(env.actor[0])
        _, legal = layout.betting(deal.legal_actions(), deal.pot, max(deal.bets), deal.bets[seat])
        deal.act(legal[a].kind, legal[a].to)
        env.step(np.array([a]))
    if not deal.finished:
        _check_live(env, layout, 0, deal)
    return deal


def test_a_short_all_in_does_not_reopen_the_betting() -> None:
    """Blinds 1-2.  Seat 3 raises 2 pots, to 12 (by 10); seat 1 has 17 chips: his smallest
    raise is all-in, to 17 (by 5, short of 10); seat 2, who has not acted, may raise but
    calls; seat 3, who acted before the short all-in, may only call or fold."""
    env = HoldemBatch(tables=1, players=3, seed=5, stack=[17, 200, 200])
    assert env.targets[0, env.names.index("raise-2-pot")] == 12
    deal = _script(env, ["raise-2-pot"])
    assert env.mask[0].tolist() == [True, True, True] + [False] * 4
    assert env.targets[0, 2] == 17
    deal = _script(env, ["raise-min"], deal)
    assert env.actor[0] == 1 and env.mask[0, 2:].all()  # seat 2 may still raise
    deal = _script(env, ["call"], deal)
    assert env.actor[0] == 2 and env.bets[0].tolist() == [17, 17, 12]
    assert env.mask[0].tolist() == [True, True] + [False] * 5
    deal = _script(env, ["call"], deal)  # to the flop: seat 2 acts first, seat 1 is all-in
    assert env.street[0] == 1 and env.pot[0] == 51 and env.actor[0] == 1
    deal = _script(env, ["raise-max"], deal)  # seat 3 shoves; seat 2 folds
    deal.act("fold")
    rewards, done = env.step(np.array([0]))
    assert deal.finished and done[0]
    start = [17, 200, 200]
    assert rewards[0].tolist() == [s - s0 for s, s0 in zip(deal.stacks, start, strict=True)]
    assert rewards[0, 1] == -17  # seat 2 lost his 17; the shove above them came back
