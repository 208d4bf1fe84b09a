"""The solver against published figures and independent referees.

Kuhn poker's value (−1/18 for the first player) and its unique equilibrium
strategy for the second player are published facts (Kuhn, 1950).  The best
response is checked against brute force: every pure strategy of Kuhn poker
played out, and a scalar, deal-by-deal best response on small games with
public cards written here from the rules, not from the solver's tree.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from straights.cards import Card, parse_cards
from straights.errors import ConfigurationError, StraightsError
from straights.showdowns import showdown
from straights.solver.best_response import best_response_value, expected_value, exploitability
from straights.solver.cfr import CfrPlus
from straights.solver.game import SmallGame, kuhn, mini_straights
from straights.solver.solve import schedule, solve, solve_part
from straights.solver.strategy import load, save, uniform
from straights.solver.tree import Tree, build_tree

KUHN_VALUE = -1 / 18


# --- a referee: the rules of a small high-card game, deal by deal -----------------------


def tiny(
    streets: tuple[int, ...] = (0, 1), last: int = 0, raises: int = 1, pack: str = "Js Qs Ks As"
) -> SmallGame:
    return SmallGame(
        name="tiny",
        pack=parse_cards(pack),
        private=1,
        streets=streets,
        last_cards=last,
        raises=raises,
        ranking="high-card",
    )


def betting_round(raises: int) -> list[str]:
    """Every action sequence of one limit round, heads-up: c/r open, f/c/r facing a bet."""
    out = []

    def grow(seq: str, bets: int, checks: int) -> None:
        if bets == 0:
            for a in "cr":
                if a == "c" and checks == 1:
                    out.append(seq + "c")
                elif a == "c":
                    grow(seq + "c", 0, 1)
                else:
                    grow(seq + "r", 1, checks)
        else:
            out.append(seq + "f")
            out.append(seq + "c")
            if bets <= raises:
                grow(seq + "r", bets + 1, checks)

    grow("", 0, 0)
    return out


Strategy = Callable[[int, tuple[Card, ...], tuple[Card, ...], str], dict[str, float]]


def _visible(game: SmallGame, deal: tuple[Card, ...], rounds_started: int) -> tuple[Card, ...]:
    shown = sum(game.streets[:rounds_started])
    out: list[Card] = []
    start = 2
    for k in game.streets[:rounds_started]:
        out += sorted(deal[start : start + k])
        start += k
    assert len(out) == shown
    return tuple(out)


def _outcome(game: SmallGame, deal: tuple[Card, ...], history: str) -> float | None:
    """Player 1's chips won if ``history`` ends the deal, else None."""
    ladder = game.ladder
    rounds = history.split("/")
    paid = [game.ante, game.ante]
    for r, seq in enumerate(rounds):
        level, actor, put = 0, 0, [0, 0]
        for a in seq:
            if a == "f":
                total = [paid[0] + put[0], paid[1] + put[1]]
                return -total[0] if actor == 0 else total[1]
            if a == "c":
                put[actor] = put[1 - actor]
            else:
                put[actor] = ladder[level]
                level += 1
            actor = 1 - actor
        complete = seq in betting_round(game.raises)
        if not complete:
            return None
        paid = [paid[0] + put[0], paid[1] + put[1]]
        if r == len(game.streets) - 1:
            assert paid[0] == paid[1]
            return paid[0] if deal[0].id > deal[1].id else -paid[0]
    return None


def _next_actions(game: SmallGame, history: str) -> list[str]:
    seq = history.split("/")[-1]
    if seq in betting_round(game.raises):
        return ["/"]
    facing = seq.count("r") > 0 and not seq.endswith("c")
    if not facing:
        return ["c", "r"]
    return ["f", "c", "r"] if seq.count("r") <= game.raises else ["f", "c"]


def referee_values(game: SmallGame, strategy: Strategy, br_player: int) -> tuple[float, float]:
    """(best response value of ``br_player``, player 1's value with both on ``strategy``).

    Plays every deal of a high-card game from its rules: the doubling ladder,
    folds lose what is in, the higher private card wins the showdown.
    """
    pack = game.pack
    public_total = sum(game.streets) + game.last_cards
    deals = [d for d in itertools.permutations(pack, 2 + public_total)]
    # The public cards of a street are a set: order within a street does not matter.
    weight = Fraction(1, len(deals))

    def actor_of(history: str) -> int:
        return len(history.split("/")[-1]) % 2

    def info(deal: tuple[Card, ...], history: str) -> tuple[int, Card, tuple[Card, ...], str]:
        player = actor_of(history)
        return player, deal[player], _visible(game, deal, history.count("/") + 1), history

    @cache
    def choice(key: tuple[int, Card, tuple[Card, ...], str]) -> str:
        history = key[3]
        totals = {}
        for a in _next_actions(game, history):
            total = 0.0
            for deal in deals:
                if info(deal, history) != key:
                    continue
                total += float(weight) * reach(deal, history) * value(deal, history + a)
            totals[a] = total
        sign = 1 if br_player == 0 else -1
        return max(totals, key=lambda a: sign * totals[a])

    def reach(deal: tuple[Card, ...], history: str) -> float:
        """The other player's probability of the actions in ``history``."""
        p = 1.0
        for i in range(len(history)):
            if history[i] == "/":
                continue
            before = history[:i]
            if actor_of(before) != br_player:
                player, own, shown, h = info(deal, before)
                p *= strategy(player, (own,), shown, h)[history[i]]
        return p

    def value(deal: tuple[Card, ...], history: str, br: bool = True) -> float:
        done = _outcome(game, deal, history)
        if done is not None:
            return done
        acts = _next_actions(game, history)
        if acts == ["/"]:
            return value(deal, history + "/", br)
        key = info(deal, history)
        if br and key[0] == br_player:
            return value(deal, history + choice(key), br)
        probs = strategy(key[0], (key[1],), key[2], history)
        return sum(probs[a] * value(deal, history + a, br) for a in acts)

    brv = sum(float(weight) * value(d, "") for d in deals)
    ev = sum(float(weight) * value(d, "", br=False) for d in deals)
    return (brv if br_player == 0 else -brv), ev


def lookup(tree: Tree, arrays: list[np.ndarray]) -> Strategy:
    """The solver's strategy arrays as a function of (player, own cards, public cards, history)."""
    by_history = {n.history: n for n in tree.decisions}
    pack = list(tree.game.pack)

    def strategy(
        player: int, own: tuple[Card, ...], shown: tuple[Card, ...], history: str
    ) -> dict[str, float]:
        node = by_history[history]
        assert node.player == player
        level = tree.levels[node.level]
        want: list[int] = []
        for k in tree.game.streets:  # the board in deal order, each street's cards in pack order
            street, shown = shown[:k], shown[k:]
            want += sorted(pack.index(c) for c in street)
        b = next(i for i, bd in enumerate(level.boards.tolist()) if bd == want)
        hand = sorted(pack.index(c) for c in own)
        s = next(i for i, h in enumerate(level.hands[b].tolist()) if sorted(h) == hand)
        return dict(zip(node.actions, arrays[node.index][b, s].tolist(), strict=True))

    return strategy


def random_strategy(tree: Tree, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for n in tree.decisions:
        w = rng.random((*tree.levels[n.level].shape, len(n.actions)))
        out.append(w / w.sum(axis=-1, keepdims=True))
    return out


# --- Kuhn poker: the published figures -----------------------------------------------------


def test_kuhn_tree_is_kuhn_poker() -> None:
    tree = build_tree(kuhn())
    assert [n.history for n in tree.decisions] == ["", "c", "cr", "r"]
    terminals = {n.history: (n.kind, n.contrib) for n in tree.root.walk() if not n.children}
    assert terminals == {
        "cc": ("showdown", (1, 1)),
        "crf": ("fold", (1, 2)),
        "crc": ("showdown", (2, 2)),
        "rf": ("fold", (2, 1)),
        "rc": ("showdown", (2, 2)),
    }
    assert tree.info_sets == 12


def test_cfr_plus_solves_kuhn_poker() -> None:
    tree = build_tree(kuhn())
    cfr = CfrPlus(tree)
    for _ in range(3000):
        cfr.iterate()
    avg = cfr.average()
    assert exploitability(tree, avg) < 2e-4
    assert expected_value(tree, avg) == pytest.approx(KUHN_VALUE, abs=2e-4)
    # Player 2's equilibrium strategy is unique (J Q K are slots 0 1 2).
    policy = lookup(tree, avg)
    jack, queen, king = parse_cards(kuhn().pack)
    assert policy(1, (king,), (), "c")["r"] == pytest.approx(1, abs=0.01)
    assert policy(1, (jack,), (), "c")["r"] == pytest.approx(1 / 3, abs=0.01)
    assert policy(1, (queen,), (), "c")["r"] == pytest.approx(0, abs=0.01)
    assert policy(1, (king,), (), "r")["c"] == pytest.approx(1, abs=0.01)
    assert policy(1, (queen,), (), "r")["c"] == pytest.approx(1 / 3, abs=0.01)
    assert policy(1, (jack,), (), "r")["c"] == pytest.approx(0, abs=0.01)
    # Player 1: with the queen he never bets first, and he bets the king 3 times the jack.
    alpha = policy(0, (jack,), (), "")["r"]
    assert 0 <= alpha <= 1 / 3 + 0.01
    assert policy(0, (queen,), (), "")["r"] == pytest.approx(0, abs=0.01)
    assert policy(0, (king,), (), "")["r"] == pytest.approx(3 * alpha, abs=0.02)


def test_kuhn_best_response_equals_the_best_pure_strategy() -> None:
    """Every pure strategy of each player played out by hand; the best equals the solver's."""
    tree = build_tree(kuhn())
    arrays = random_strategy(tree, seed=7)
    policy = lookup(tree, arrays)
    cards = parse_cards(kuhn().pack)

    def play(pure: dict[tuple[Card, str], str], br: int) -> float:
        """What player ``br`` wins on average, choosing by ``pure``; the other by ``policy``."""
        total = 0.0
        for deal in itertools.permutations(cards, 2):

            def walk(h: str, p: float, deal: tuple[Card, ...] = deal) -> float:
                payoff = {"cc": 1, "rc": 2, "crc": 2}.get(h)
                if payoff is not None:
                    return p * payoff * (1 if deal[0].id > deal[1].id else -1)
                if h == "rf":
                    return p * 1
                if h == "crf":
                    return p * -1
                actor = len(h) % 2
                acts = "cr" if h in ("", "c") else "fc"
                if actor == br:
                    return walk(h + pure[deal[actor], h], p)
                probs = policy(actor, (deal[actor],), (), h)
                return sum(walk(h + a, p * probs[a]) for a in acts)

            v = walk("", 1 / 6)
            total += v if br == 0 else -v
        return total

    for br, histories in ((0, ("", "cr")), (1, ("c", "r"))):
        keys = [(c, h) for c in cards for h in histories]
        options = ["cr" if h in ("", "c") else "fc" for _, h in keys]
        best = max(
            play(dict(zip(keys, picks, strict=True)), br) for picks in itertools.product(*options)
        )
        assert best_response_value(tree, arrays, br) == pytest.approx(best, abs=1e-12)


@pytest.mark.parametrize(
    ("streets", "last", "raises", "pack"),
    [
        ((0, 1), 0, 1, "Js Qs Ks As"),
        ((0,), 1, 2, "Js Qs Ks As"),
        ((1, 1), 0, 0, "Js Qs Ks As Ah"),
        ((1,), 1, 1, "Js Qs Ks As Ah"),
    ],
)
def test_best_response_matches_a_deal_by_deal_referee(
    streets: tuple[int, ...], last: int, raises: int, pack: str
) -> None:
    game = tiny(streets, last, raises, pack)
    tree = build_tree(game)
    arrays = random_strategy(tree, seed=3)
    for player in (0, 1):
        br, ev = referee_values(game, lookup(tree, arrays), player)
        assert best_response_value(tree, arrays, player) == pytest.approx(br, abs=1e-12)
        assert expected_value(tree, arrays) == pytest.approx(ev, abs=1e-12)


def test_exploitability_is_non_negative_and_falls() -> None:
    # One part of Mini Straights (the first face-up card fixed), no raises: quick.
    game = mini_straights(raises=0)
    part = solve_part(game.to_dict(), (0,), 40, (1, 5, 10, 20, 40))
    exploits = [(br0 + br1) / 2 for _, br0, br1, _, _, _ in part.rows]
    assert all(e >= 0 for e in exploits)
    assert exploits == sorted(exploits, reverse=True)
    assert exploits[-1] < exploits[0] / 5
    kuhn_run = solve(kuhn(), 1000)
    points = [c.milli_antes for c in kuhn_run.curve]
    assert all(p >= 0 for p in points)
    assert points[-1] < 0.2 < points[0]


def test_a_strategy_never_beats_its_own_best_response() -> None:
    tree = build_tree(tiny())
    for seed in range(5):
        arrays = random_strategy(tree, seed)
        ev = expected_value(tree, arrays)
        assert best_response_value(tree, arrays, 0) >= ev - 1e-12
        assert best_response_value(tree, arrays, 1) >= -ev - 1e-12
        assert exploitability(tree, arrays) >= 0


# --- Mini Straights: the engine's rules ---------------------------------------------------


def test_mini_straights_showdown_is_the_engines() -> None:
    """Each board's showdown matrix against straights.showdowns.showdown, the engine's own."""
    game = mini_straights()
    tree = build_tree(game)
    last = tree.levels[-1]
    rng = np.random.default_rng(1)
    seen_rule10 = seen_win = 0
    for b in rng.choice(last.shape[0], 150, replace=False).tolist():
        table = [game.pack[p] for p in last.boards[b].tolist()]
        for s, t in itertools.combinations(range(last.shape[1]), 2):
            if not last.compat[s, t]:
                continue
            hands = [[game.pack[p] for p in last.hands[b, x].tolist()] for x in (s, t)]
            result = showdown(hands, table)
            expected = 0 if result.winner is None else (1 if result.winner == 0 else -1)
            assert tree.showdown[b, s, t] == expected
            assert tree.showdown[b, t, s] == -expected
            seen_rule10 += result.winner is None
            seen_win += result.winner is not None
    assert seen_win > 0
    # Rule 10 is in the game: some board has S, T, R and an 8 on the table.
    str8 = {Card("S"), Card("T"), Card("R")}
    boards = [{game.pack[p] for p in bd} for bd in last.boards.tolist()]
    assert any(str8 <= bd and any(c.rank == 8 for c in bd) for bd in boards)
    assert (tree.showdown == 0).sum() > (1 - last.compat).sum() * last.shape[0]


def test_mini_straights_betting_follows_the_doubling_ladder() -> None:
    tree = build_tree(mini_straights())
    contrib = {n.history: n.contrib for n in tree.root.walk()}
    assert contrib["r"] == (2, 1)  # bet 1 = the ante
    assert contrib["rr"] == (2, 4)  # raise to 3
    assert contrib["rrr"] == (8, 4)  # raise to 7
    assert contrib["rrrc/"] == (8, 8)
    assert contrib["crrrc/r"] == (8 + 1, 8)
    kinds = {n.history: n.actions for n in tree.decisions}
    assert kinds["rrr"] == "fc"  # a bet and two raises: Limit Straights' cap
    assert kinds["rr"] == "fcr"
    assert kinds[""] == "cr"
    assert {n.kind for n in tree.root.walk()} == {"decision", "chance", "fold", "showdown"}
    assert tree.info_sets == 708_480


def test_mini_straights_deals_and_levels() -> None:
    game = mini_straights()
    # Hole cards 45 × 28, then 6 first face-up cards, 10 sets of three, 2 key cards.
    assert game.deals == 45 * 28 * 6 * 10 * 2 == 151_200
    tree = build_tree(game)
    assert [lv.shape for lv in tree.levels] == [(1, 45), (10, 36), (840, 15), (5040, 10)]
    # Every deal is counted once: hands × opponent hands × boards.
    last = tree.levels[-1]
    assert last.shape[0] * last.compat.sum() == game.deals


# --- running: parts and executors ----------------------------------------------------------


def test_parts_on_executors_give_the_serial_result() -> None:
    game = mini_straights(raises=0)
    serial = solve(game, 3, parts=5)
    with ThreadPoolExecutor(2) as pool:
        threads = solve(game, 3, executor=pool, parts=5)
    with ProcessPoolExecutor(2) as pool:
        processes = solve(game, 3, executor=pool, parts=5)
    whole = solve(game, 3)
    for other in (threads, processes):
        assert [c.best_responses for c in other.curve] == [c.best_responses for c in serial.curve]
        for a, b in zip(other.strategy, serial.strategy, strict=True):
            assert np.array_equal(a, b)
    for c1, c2 in zip(whole.curve, serial.curve, strict=True):
        assert c1.milli_antes == pytest.approx(c2.milli_antes, rel=1e-9)
    for a, b in zip(whole.strategy, serial.strategy, strict=True):
        assert np.allclose(a, b, atol=1e-9)


def test_bad_runs_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="at least 1"):
        solve(kuhn(), 0)
    with pytest.raises(ConfigurationError, match="parts 4"):
        solve(kuhn(), 1, parts=4)
    with pytest.raises(ConfigurationError, match="too small"):
        mini_straights(pack="S T R 5c 6h 7h 8h 8c 9d")
    with pytest.raises(ConfigurationError, match="too big"):
        mini_straights(pack="S T R 2c 3c 4c 5c 6h 7h 8h 8c 9d Ts")
    with pytest.raises(ConfigurationError, match="raises 4"):
        mini_straights(raises=4)
    assert schedule(7) == (1, 2, 5, 7)


def test_strategy_file_round_trip(tmp_path: pytest.TempPathFactory) -> None:
    tree = build_tree(kuhn())
    run = solve(kuhn(), 500)
    path = tmp_path / "k.npz"  # type: ignore[operator]
    save(path, tree, run.strategy, {"iterations": 500})
    saved = load(path)
    assert saved.game == kuhn()
    assert saved.info == {"iterations": 500}
    policy = saved.policy("Ks", [], "r")
    assert policy["c"] == pytest.approx(1, abs=0.01)
    assert set(policy) == {"f", "c"}
    with pytest.raises(ConfigurationError, match="not in the solved game"):
        saved.policy("2c", [], "")
    with pytest.raises(ConfigurationError, match="no decision"):
        saved.policy("Ks", [], "rr")
    bad = tmp_path / "bad.npz"  # type: ignore[operator]
    bad.write_bytes(b"not a zip")
    with pytest.raises(StraightsError, match="not a solver strategy"):
        load(bad)
    with pytest.raises(StraightsError, match="cannot read"):
        load(tmp_path / "missing.npz")  # type: ignore[operator]


def test_uniform_strategy_kuhn_exploitability() -> None:
    # Hand-computed: against uniform play, player 1's best response wins 5/12 … (see doctest).
    tree = build_tree(kuhn())
    assert exploitability(tree, uniform(tree)) == pytest.approx(0.4583333333, abs=1e-9)


def test_games_split_into_parts_only_before_the_first_decision() -> None:
    from straights.solver.tree import first_deals

    assert first_deals(mini_straights()) == 10
    assert first_deals(tiny((0, 1))) == 1  # round 1 comes first: one part
    assert first_deals(tiny((1, 1), pack="Js Qs Ks As Ah")) == 5
    with pytest.raises(ConfigurationError, match="splits into 1 to 1"):
        solve(tiny((0, 1)), 1, parts=2)


def test_head_to_head_is_bounded_by_exploitability() -> None:
    from straights.solver.best_response import head_to_head
    from straights.solver.strategy import calling

    tree = build_tree(tiny((1, 1), pack="Js Qs Ks As Ah"))
    run = solve(tiny((1, 1), pack="Js Qs Ks As Ah"), 300)
    solved = run.strategy
    eps = run.curve[-1].exploitability
    assert head_to_head(tree, solved, solved) == pytest.approx(0, abs=1e-12)
    opponents = [uniform(tree), calling(tree)] + [random_strategy(tree, s) for s in range(3)]
    for other in opponents:
        assert head_to_head(tree, solved, other) >= -eps - 1e-12
        assert head_to_head(tree, solved, other) == pytest.approx(
            -head_to_head(tree, other, solved), abs=1e-12
        )
    assert head_to_head(tree, solved, calling(tree)) > 0.05
