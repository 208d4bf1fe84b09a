"""The batch environment plays the engine's rules: random deals replayed through ``Table``.

Every deal the batch environment deals is replayed, card for card and action
for action, through :class:`straights.game.Table` (the referee): at every
step the seat to act, the legal actions, the stacks and the pot must agree,
and when a deal ends the rewards must be the engine's finishing stacks minus
the starting ones and the carried pot the engine's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from oracle.straights_table import Table

from straights.batch import CALL, FOLD, RAISE, StraightsBatch
from straights.cards import Card
from straights.errors import ConfigurationError, IllegalActionError
from straights.game.config import TableConfig

S, T, R = 52, 53, 54
EIGHTS = [6 * 4 + suit for suit in range(4)]  # 8c 8d 8h 8s (ids: rank index * 4 + suit)


def _referee(env: StraightsBatch, t: int) -> Table:
    """A fresh engine table holding table ``t``'s current deal, just dealt."""
    c = env.config
    table = Table(
        TableConfig(
            pack=c.pack,
            ante=c.ante,
            seats=env.players,
            starting_stack=c.starting_stack,
            penalty=c.penalty,
            betting=c.betting,
        ),
        [f"p{s}" for s in range(env.players)],
        stacks=env.start.tolist(),
        button=int(env.button[t]),
    )
    table.carry = int(env.carry[t])
    table.start_hand(deck=[Card(int(i)) for i in env.deck[t]])
    return table


def _arrange_rule_ten(env: StraightsBatch, t: int, rng: np.random.Generator) -> None:
    """Deal table ``t`` again with S, T, R and an 8 on the table (rule 10 unless a
    player holds a higher 8).  Tests only: the deck is read as the deal goes on."""
    p = env.players
    on_table = [S, T, R, int(rng.choice(EIGHTS))]
    rest = [c for c in range(env.config.pack) if c not in on_table]
    rng.shuffle(rest)
    board = [*on_table, rest.pop()]
    rng.shuffle(board)
    env.deck[t] = rest[: 2 * p] + board


def _check_live(env: StraightsBatch, t: int, table: Table) -> None:
    hand = table.hand
    assert hand is not None and not hand.finished
    assert hand.actor == env.actor[t]
    kinds = {a.kind for a in hand.legal_actions(hand.actor)}
    assert bool(env.mask[t, FOLD]) == ("fold" in kinds)
    assert bool(env.mask[t, CALL]) == bool(kinds & {"check", "call"})
    assert bool(env.mask[t, RAISE]) == bool(kinds & {"bet", "raise"})
    assert hand.pot == env.pot[t]
    assert hand.round == env.street[t]
    for seat in range(env.players):
        assert hand.stack(seat) == env.stacks[t, seat]
    shown = [-1 if c is None else c.id for c in hand.visible_table()]
    assert shown == env.table_cards()[t].tolist()


def _engine_kind(table: Table, action: int) -> str:
    hand = table.hand
    assert hand is not None and hand.actor is not None
    kinds = [a.kind for a in hand.legal_actions(hand.actor)]
    wanted = {FOLD: ("fold",), CALL: ("check", "call"), RAISE: ("bet", "raise")}[action]
    return next(k for k in kinds if k in wanted)


def play_against_engine(
    players: int,
    tables: int,
    deals: int,
    seed: int,
    *,
    rule_ten: float = 0.0,
    weights: tuple[float, float, float] = (1.0, 2.0, 1.0),
    **options: Any,
) -> dict[str, int]:
    """Random legal play in the batch env, replayed in lockstep through ``Table``."""
    env = StraightsBatch(tables=tables, players=players, seed=seed, **options)
    rng = np.random.default_rng(seed)
    referees = []
    for t in range(tables):
        if rng.random() < rule_ten:
            _arrange_rule_ten(env, t, rng)
        referees.append(_referee(env, t))
    seen = {
        "deals": 0,
        "showdowns": 0,
        "carried": 0,
        "won carry": 0,
        "raises": 0,
        "side pots": 0,
        "all-ins": 0,
    }
    while seen["deals"] < deals:
        for t in range(tables):
            _check_live(env, t, referees[t])
        # Random legal actions, calls preferred by default so that deals reach the showdown.
        actions = (env.mask * np.array(weights) * rng.random((tables, 3))).argmax(axis=1)
        seen["raises"] += int((actions == RAISE).sum())
        carry_in = env.carry.copy()
        for t in range(tables):
            table = referees[t]
            assert table.actor is not None
            table.act(table.actor, _engine_kind(table, int(actions[t])))
        rewards, done = env.step(actions)
        for t in range(tables):
            hand = referees[t].hand
            assert hand is not None
            assert hand.finished == bool(done[t])
            if not done[t]:
                assert not rewards[t].any()
                continue
            seen["deals"] += 1
            seen["showdowns"] += len(hand.in_showdown()) > 1
            seen["side pots"] += len(hand.pots) > 1
            seen["all-ins"] += any(a.all_in for a in hand.actions())
            seen["carried"] += hand.carry_out > 0
            seen["won carry"] += hand.carry_in > 0 and hand.carry_out == 0
            start = env.start.tolist()
            assert [hand.stack(s) - start[s] for s in range(players)] == rewards[t].tolist()
            # (The engine's table gives a carried pot to the last player with chips;
            # the batch env starts every deal with fresh stacks, so compare the deal's.)
            assert hand.carry_out == env.carry[t]
            # Chips are conserved: what the players won is what left the middle.
            assert rewards[t].sum() == carry_in[t] - env.carry[t]
            if rng.random() < rule_ten:
                _arrange_rule_ten(env, t, rng)
            referees[t] = _referee(env, t)
    return seen


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 3), (10, 4)])
def test_random_deals_agree_with_the_engine(players: int, seed: int) -> None:
    seen = play_against_engine(players, tables=8, deals=100, seed=seed)
    assert seen["deals"] >= 100
    assert seen["showdowns"] > 5 and seen["raises"] > 50  # both ends of a deal were reached


def test_rule_ten_carries_the_pot_like_the_engine() -> None:
    seen = play_against_engine(3, tables=8, deals=150, seed=5, rule_ten=0.5)
    assert seen["carried"] > 3  # pots stayed in the middle …
    assert seen["won carry"] > 3  # … and were won in a later deal


@pytest.mark.parametrize(
    ("players", "stack", "seed"),
    [(2, [12, 30], 8), (3, [25, 9, 60], 9), (6, [60, 5, 30, 12, 60, 100], 10)],
)
def test_no_limit_all_ins_and_side_pots_agree_with_the_engine(
    players: int, stack: Any, seed: int
) -> None:
    seen = play_against_engine(
        players,
        tables=8,
        deals=100,
        seed=seed,
        betting="no-limit",
        stack=stack,
        rule_ten=0.2,
        weights=(1.0, 2.0, 3.0),
    )
    assert seen["showdowns"] > 5 and seen["carried"] > 0 and seen["all-ins"] > 10
    if players > 2:
        assert seen["side pots"] > 5


def test_short_stacks_in_limit_go_all_in_like_the_engine() -> None:
    seen = play_against_engine(4, tables=8, deals=100, seed=12, stack=[8, 40, 3, 20], rule_ten=0.2)
    assert seen["side pots"] > 0


def test_other_antes_penalties_and_the_52_card_pack() -> None:
    play_against_engine(4, tables=4, deals=40, seed=6, ante=5, stack=400, penalty=3)
    play_against_engine(2, tables=4, deals=40, seed=7, pack=52)


def test_same_seed_same_deals_whatever_the_number_of_tables() -> None:
    one = StraightsBatch(tables=1, players=4, seed=11)
    five = StraightsBatch(tables=5, players=4, seed=11)
    calls = [np.ones(n, dtype=np.int64) for n in (1, 5)]
    for _ in range(30):  # checking through two deals: table 1 sees the same cards in both
        assert one.deck[0].tolist() == five.deck[0].tolist()
        assert one.button[0] == five.button[0]
        one.step(calls[0])
        five.step(calls[1])
    assert five.deck[1].tolist() != five.deck[0].tolist()
    assert StraightsBatch(tables=1, players=4, seed=12).deck.tolist() != one.deck.tolist()
    first = one.deck.copy()
    one.reset(11)
    one.reset(11)
    assert one.deck.tolist() != first.tolist()  # (first was the second deal)
    assert one.deck.tolist() == StraightsBatch(tables=1, players=4, seed=11).deck.tolist()


def test_a_deal_of_known_cards_pays_the_known_winner() -> None:
    # Heads-up: the first player (left of the button) holds 5d 4c, the button Kc Qd; the
    # table 9h (key) 3s 2h Jc 7d gives 5-4-3-2 against J-Q-K: four cards beat three (rule 3).
    env = StraightsBatch(tables=1, players=2, seed=0)
    first = (int(env.button[0]) + 1) % 2
    env.deck[0] = [Card(n).id for n in ("5d", "Kc", "4c", "Qd", "9h", "3s", "2h", "Jc", "7d")]
    for _ in range(10):  # both check through five rounds
        rewards, done = env.step(np.array([CALL]))
    assert done[0]
    assert rewards[0, first] == 1 and rewards[0, 1 - first] == -1


def test_the_observation_shows_only_the_actors_own_cards() -> None:
    env = StraightsBatch(tables=16, players=4, seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        obs = env.observation()
        holes = env.hole_cards()
        for t in range(env.tables):
            seat = int(env.actor[t])
            assert obs["hole"][t].tolist() == holes[t, seat].tolist()
            hidden = {int(c) for s in range(4) if s != seat for c in holes[t, s]}
            hidden.add(int(env.deck[t, 8]))  # the key card
            if env.street[t] < 5:
                assert hidden.isdisjoint(int(c) for c in obs["table"][t])
            assert hidden.isdisjoint(int(c) for c in obs["hole"][t])
            # Every card the observation shows is distinct and comes from the deal.
            shown = [int(c) for c in (*obs["hole"][t], *obs["table"][t]) if c >= 0]
            assert len(set(shown)) == len(shown) and set(shown) <= set(env.deck[t].tolist())
        env.step(np.where(env.mask, rng.random((16, 3)), -1.0).argmax(axis=1))


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    env = StraightsBatch(tables=3, players=2, seed=1)
    before = env.stacks.copy(), env.actor.copy()
    with pytest.raises(IllegalActionError, match=r"table 1: action 0 is not legal now"):
        env.step(np.array([FOLD, CALL, CALL]))
    with pytest.raises(IllegalActionError, match="give 3 whole numbers"):
        env.step(np.array([1, 1]))
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(np.array([1, 1, 7]))
    assert env.stacks.tolist() == before[0].tolist() and env.actor.tolist() == before[1].tolist()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stack": 1}, "more chips than the ante"),
        ({"stack": [50, 50, 50]}, "3 stacks for 2 players"),
        ({"betting": "pot-limit"}, "choose 'limit' or 'no-limit'"),
        ({"players": 1}, "seats=1"),
        ({"tables": 0}, "at least 1 table"),
        ({"pack": 54}, "choose 55"),
        ({"seed": -1}, "seed=-1"),
    ],
)
def test_bad_settings_are_one_clear_error(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        StraightsBatch(**options)
