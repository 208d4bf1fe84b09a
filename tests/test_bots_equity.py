"""The equity bot: its estimate against brute force, legal play, styles, and the interval."""

from __future__ import annotations

import json
import math
from functools import partial
from itertools import combinations

import pytest
from clitools import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from straights.bots import make_bot
from straights.bots.arena import BotStats, PokerArena, play_deal, simulate
from straights.bots.equity import STYLES, StraightsShowdown, choose, estimate
from straights.bots.equity_bot import EquityBot
from straights.cards import Card, parse_cards
from straights.errors import ConfigurationError
from straights.game import TableConfig
from straights.odds import straights_odds
from straights.poker import DealView, Move, deal_view, get_variant
from straights.showdowns import showdown
from straights.table import PokerGame, Table, straights_stakes


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def brute_force(
    hole: list[int], table: list[int | None], unseen: list[int], opponents: int, pack: int
) -> tuple[int, int, int]:
    """(wins, carry-overs, deals) by the readable showdown over every completion."""
    gaps = [i for i, c in enumerate(table) if c is None]
    wins = carried = deals = 0

    def deal(left: list[int], hands: list[list[int]]) -> None:
        nonlocal wins, carried, deals
        if len(hands) < opponents:
            for pair in combinations(left, 2):
                deal([c for c in left if c not in pair], [*hands, list(pair)])
            return
        for fill in combinations(left, len(gaps)):
            full = list(table)
            for i, c in zip(gaps, fill, strict=True):
                full[i] = c
            cards = [[Card(c) for c in h] for h in [hole, *hands]]
            result = showdown(cards, [Card(c) for c in full if c is not None], pack)
            deals += 1
            wins += result.winner == 0
            carried += result.no_winner

    deal(unseen, [])
    return wins, carried, deals


RIVERS = [
    ("Qs 9d", "5c 4d 3d 2h Jh", 55),
    ("8h 2c", "S T R 8d 4d", 55),  # rule 10 unless a higher 8 is in a hand
    ("8c 2c", "S T R 8d 4d", 55),  # the lowest 8: every higher 8 beats it, others carry over
    ("Kh 2c", "Ts 9s 8h 7s 4d", 52),
    ("S 3c", "T 4h 5h 6h Kc", 55),
]


@pytest.mark.parametrize(("hole", "table", "pack"), RIVERS)
@pytest.mark.parametrize("fast", [True, False])
def test_last_round_against_one_opponent_is_exact(
    hole: str, table: str, pack: int, fast: bool
) -> None:
    mine, board = ids(hole), ids(table)
    unseen = [c for c in range(pack) if c not in mine + board]
    wins, carried, deals = brute_force(mine, list(board), unseen, 1, pack)
    got = estimate(mine, board, unseen, 1, StraightsShowdown(pack, fast=fast))
    assert got.exact
    assert (got.wins, got.no_winner, got.deals) == (wins, carried, deals)


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("opponents", [1, 2])
def test_exact_with_table_cards_to_come_on_a_small_pack(fast: bool, opponents: int) -> None:
    # Few unseen cards keep the referee quick; the key card and one more are unknown.
    mine = ids("4h 9c")
    table: list[int | None] = [None, *ids("S T R"), None]
    unseen = ids("8s 8c 8d 7h 6h 5h Jh Qd 2c 3c")
    wins, carried, deals = brute_force(mine, table, unseen, opponents, 55)
    got = StraightsShowdown(55, fast=fast).exact(mine, table, unseen, opponents)
    assert (got.wins, got.no_winner, got.deals) == (wins, carried, deals)
    assert 0 < wins < deals and carried > 0


@pytest.mark.parametrize(("table", "opponents"), [("5c 4d 3d 2h", 1), ("5c 4d", 3)])
def test_sampling_agrees_with_the_exact_odds(table: str, opponents: int) -> None:
    mine = ids("Qs 9d")
    places: list[int | None] = [None, *ids(table)]
    places += [None] * (5 - len(places))
    unseen = [c for c in range(55) if c not in mine + ids(table)]
    n = 40_000
    got = StraightsShowdown(55, fast=True).sample(mine, places, unseen, opponents, n, seed=5)
    # The referee: straights.odds over every completion (one opponent) or a million samples.
    hands = ["Qs 9d", *["? ?"] * opponents]
    known = "? " + table + " ?" * (4 - len(table.split()))
    ref = straights_odds(hands, known, samples=None if opponents == 1 else 1_000_000, seed=1)
    p = ref.players[0].win
    assert abs(got.equity - p) < 4 * math.sqrt(p * (1 - p) / n) + 4 * ref.players[0].win_se


class Checked:
    """Wraps a bot and asserts each action it returns is among the legal ones."""

    def __init__(self, kind: str, seed: int) -> None:
        self.bot = make_bot(kind, seed)
        self.name = kind
        self.decisions = 0

    def decide(self, view: DealView) -> Move:
        move = self.bot.decide(view)
        legal = next(a for a in view.legal if a.kind == move.kind)
        assert move.to is None or legal.low <= move.to <= legal.high
        self.decisions += 1
        return move


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    betting=st.sampled_from(["limit", "no-limit"]),
    pack=st.sampled_from([55, 52]),
    seats=st.integers(2, 6),
)
def test_equity_bots_play_only_legal_actions(
    seed: int, betting: str, pack: int, seats: int
) -> None:
    kinds = ["equity", "equity:tight", "equity:loose", "equity:aggressive", "random", "strength"]
    variant = get_variant(f"_STR{pack}{'L' if betting == 'limit' else 'N'}")
    bots = {i: Checked(kinds[(i + seed) % len(kinds)], seed + i) for i in range(seats)}
    stakes = partial(straights_stakes, ante=1)
    table = Table(PokerGame(stakes), [f"p{i}" for i in range(seats)], 30, seed=seed)
    for _ in range(4):
        if table.over:
            break
        deal = table.start(variant)
        play_deal(deal, [bots[s] for s in table.players])
        table.finish(deal)
    assert sum(table.stacks) + table.carry == 30 * seats
    assert any(b.decisions for b in bots.values())


def grid() -> list[tuple[float, int, int, int, int]]:
    return [
        (e / 20, to_call, pot, players, raises)
        for e in range(21)
        for to_call in (0, 1, 2, 4, 8)
        for pot in (2, 6, 12, 40)
        for players in (2, 3, 6)
        for raises in (0, 1, 2)
    ]


def kinds(style: str, e: float, to_call: int, pot: int, players: int, raises: int) -> str:
    return choose(e, to_call=to_call, pot=pot, players=players, raises=raises, style=STYLES[style])[
        0
    ]


def test_styles_differ_in_the_documented_direction() -> None:
    more_calls = more_bets = 0
    for spot in grid():
        tight, balanced, loose, aggressive = (
            kinds(s, *spot) for s in ("tight", "balanced", "loose", "aggressive")
        )
        # Tight continues (calls or bets) only where balanced does; loose wherever balanced does.
        if tight != "fold":
            assert balanced != "fold", spot
        if balanced != "fold":
            assert loose != "fold", spot
        more_calls += loose != "fold" and balanced == "fold"
        # Aggressive bets or raises wherever balanced does; tight only where balanced does.
        if balanced in ("bet", "raise"):
            assert aggressive in ("bet", "raise"), spot
        if tight in ("bet", "raise"):
            assert balanced in ("bet", "raise"), spot
        more_bets += aggressive == "bet" and balanced != "bet"
    assert more_calls > 0 and more_bets > 0


def test_pot_odds_decide_a_call() -> None:
    # To call 2 into 6: the price is 2 / 8 = 0.25.
    assert kinds("balanced", 0.26, 2, 6, 3, 1) == "call"
    assert kinds("balanced", 0.24, 2, 6, 3, 1) == "fold"
    assert kinds("balanced", 0.1, 0, 6, 3, 0) == "check"
    # Balanced raises at the same equity whatever the raises made (1.5 / 3 = 0.5) ...
    assert kinds("balanced", 0.55, 0, 6, 3, 0) == "bet"
    assert kinds("balanced", 0.55, 8, 20, 3, 2) == "bet"
    # ... tight wants 0.12 more for each raise made: max(0.40, 1.8 / 3) = 0.60, then 0.84.
    assert kinds("tight", 0.85, 0, 6, 3, 0) == "bet"
    assert kinds("tight", 0.85, 8, 20, 3, 2) == "bet"
    assert kinds("tight", 0.83, 8, 20, 3, 2) == "call"


def test_balanced_bets_at_one_and_a_half_fair_shares_with_no_floor() -> None:
    # Six players: a fair share is 1/6, so balanced bets from 0.25 (no 0.30 floor).
    assert kinds("balanced", 0.26, 0, 6, 6, 0) == "bet"
    assert kinds("balanced", 0.24, 0, 6, 6, 0) == "check"


def test_the_bot_raises_with_the_nuts_and_folds_hopeless_hands() -> None:
    from oracle.straights_hand import Hand

    def final_round(holes: list[str], table: str) -> DealView:
        pairs = [parse_cards(h) for h in holes]
        cards = [*[p[0] for p in pairs], *[p[1] for p in pairs], *parse_cards(table)]
        h = Hand(TableConfig(seats=2, betting="no-limit"), (0, 1), (100, 100), cards)
        while h.round < 5:
            h.check(h.actor)  # type: ignore[arg-type]
        h.check(0)
        h.bet(1)
        return deal_view(h.live, 0)

    best = final_round(["S 8h", "4c 4d"], "T Kd R 2c 9s")
    assert EquityBot(rng=1).decide(best).kind == "raise"
    hopeless = final_round(["7c 7d", "Ac 5d"], "Kd Jh 9s 4c 2h")
    for style in STYLES:
        assert EquityBot(rng=1, style=style).decide(hopeless).kind == "fold"


def test_make_bot_styles() -> None:
    bot = make_bot("Equity:Tight", 3)
    assert isinstance(bot, EquityBot) and bot.style == STYLES["tight"]
    assert bot.name == "equity:tight"
    assert make_bot("equity").name == "equity"
    with pytest.raises(ConfigurationError, match="'equity:wild' is not a bot"):
        make_bot("equity:wild")
    with pytest.raises(ConfigurationError, match="style 'wild' is not known"):
        EquityBot(style="wild")


def test_interval_against_a_hand_computed_example() -> None:
    stats = BotStats("x")
    for net in (1, -1, 3, 5):
        stats.add(net)
    # mean 2; sample variance ((-1)² + (-3)² + 1² + 3²) / 3 = 20/3;
    # half-width 1.96 · √(20/3 / 4) = 1.96 · √(5/3) = 2.530349…
    assert stats.mean == 2.0
    assert stats.ci95 == pytest.approx(2.530349, abs=1e-6)


def test_equity_beats_random_bots() -> None:
    # 1,500 deals: the equity bot wins some 0.8 chips a deal here, and over 300 deals the
    # interval (about ±0.65) would straddle zero on many seeds.
    r = simulate(
        PokerArena([get_variant("_STR55L")], ["equity", "random"], players=4, ante=1),
        hands=1_500,
        seed=3,
    )
    eq, rnd = r.bots["equity"], r.bots["random"]
    assert eq.mean - eq.ci95 > 0 > rnd.mean
    assert eq.total + rnd.total + r.carried_at_end == 0


def test_simulate_json_names_the_equity_bot_with_its_interval() -> None:
    out = run("simulate", "-n", "20", "-p", "4", "--seed", "2", "--bots", "equity:loose,calling",
              "--json")  # fmt: skip
    assert out.returncode == 0, out.stderr
    rows = {b["bot"]: b for b in json.loads(out.stdout)["bots"]}
    assert set(rows) == {"equity:loose", "calling"}
    low, high = rows["equity:loose"]["ci95"]
    assert low < rows["equity:loose"]["per_deal"] < high


def test_settled_is_so_many_standard_errors_clear_of_every_threshold() -> None:
    from straights.bots.equity import SETTLED, Estimate, settled

    # 40 wins in 100: 0.40, standard error √(0.4 · 0.6 / 100) = 0.04899.
    error = SETTLED * math.sqrt(0.4 * 0.6 / 100)
    got = Estimate(40, 0, 100, exact=False)
    assert settled(got, [0.40 + error + 0.001, 0.40 - error - 0.001])
    assert not settled(got, [0.40 + error - 0.001])
    assert not settled(got, [0.9, 0.40 - error + 0.001])
    # No win at all: the error is taken at one sample's worth, so a threshold at zero is open.
    assert not settled(Estimate(0, 0, 50, exact=False), [0.0])
    assert settled(Estimate(0, 0, 1128, exact=True), [0.0])


@pytest.mark.parametrize("equity_at", ["clear", "near"])
def test_a_settled_estimate_stops_early_and_an_open_one_draws_every_sample(
    equity_at: str,
) -> None:
    mine, table = ids("Qs 9d"), [None, *ids("5c 4d 3d"), None]
    unseen = [c for c in range(55) if c not in mine + ids("5c 4d 3d")]
    show = StraightsShowdown(55, fast=True)
    full = estimate(mine, table, unseen, 2, show, samples=200, seed=5)
    # A threshold far away settles after the first eighth (25 samples), drawn with the same
    # seed as a plain estimate of 25; one at the estimate itself never settles.
    threshold = 0.99 if equity_at == "clear" else full.equity
    got = estimate(mine, table, unseen, 2, show, samples=200, seed=5, settle=(threshold,))
    if equity_at == "clear":
        first = estimate(mine, table, unseen, 2, show, samples=25, seed=5)
        assert (got.wins, got.deals) == (first.wins, 25)
    else:
        assert got.deals == 200


def test_thresholds_are_what_choose_compares_with() -> None:
    from straights.bots.equity import thresholds

    style = STYLES["balanced"]
    # Three players, no raise: bet above 1.5 / 3 = 0.5; call 4 into 12 at 4 / 16.
    assert thresholds(to_call=4, pot=12, players=3, raises=0, style=style) == (0.5, 0.25)
    assert thresholds(to_call=0, pot=12, players=3, raises=0, style=style) == (0.5, None)
    assert choose(0.5, to_call=4, pot=12, players=3, raises=0, style=style)[0] == "bet"
    assert choose(0.49, to_call=4, pot=12, players=3, raises=0, style=style) == ("call",)
    assert choose(0.24, to_call=4, pot=12, players=3, raises=0, style=style) == ("fold",)


@given(
    seed=st.integers(0, 2**62),
    opponents=st.integers(1, 4),
    known=st.integers(0, 5),
    thresholds=st.lists(st.floats(0.0, 1.0), min_size=1, max_size=2),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_staged_kernel_draws_what_staged_draws_stage_by_stage(
    seed: int, opponents: int, known: int, thresholds: list[float]
) -> None:
    import numpy as np

    from straights.bots.equity import SETTLED, Estimate, staged
    from straights.fast import equity as kernels

    rng = np.random.default_rng(seed % 2**32)
    cards = rng.permutation(55)
    hole = cards[:2].astype(np.int64)
    places = np.array([*cards[2 : 2 + known], *[-1] * (5 - known)], dtype=np.int64)
    deck = np.sort(cards[2 + known :]).astype(np.int64)
    floors = np.zeros(opponents, dtype=np.int64)

    def draw(count: int, s: int) -> Estimate:
        w, n = kernels.seat_sample_straights(s, count, hole, places, deck, opponents, 55, floors)
        return Estimate(w, n, count, exact=False)

    want = staged(draw, 200, seed, thresholds)
    marks = np.array(thresholds, dtype=np.float64)
    got = kernels.seat_sample_staged(
        seed, 200, hole, places, deck, opponents, 55, floors, marks, SETTLED
    )
    assert got == (want.wins, want.no_winner, want.deals)
