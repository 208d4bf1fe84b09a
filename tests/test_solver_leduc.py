"""Leduc hold'em, the three algorithms, and the compiled kernel against the readable solver."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from clitools import run_main

from straights.errors import ConfigurationError
from straights.solver.best_response import exploitability
from straights.solver.cfr import ALGORITHMS, CfrPlus, make_solver
from straights.solver.game import SmallGame, kuhn, leduc
from straights.solver.solve import solve
from straights.solver.tree import Tree, build_tree

pytest.importorskip("numba")

from straights.solver.kernel import FastSolver

#: Player 1's value of Leduc hold'em: Lanctot et al. 2017, "A Unified Game-Theoretic
#: Approach to Multiagent Reinforcement Learning", appendix E.2 (arXiv:1711.00832),
#: by linear programming; also the figure OpenSpiel's sequence-form LP test checks.
LEDUC_VALUE = -0.085606424078

#: Pack positions of Leduc's cards (the order of LEDUC_PACK).
POS = {"Js": 0, "Jh": 1, "Qs": 2, "Qh": 3, "Ks": 4, "Kh": 5}


@pytest.fixture(scope="module")
def tree() -> Tree:
    return build_tree(leduc())


def outcome(tree: Tree, board: str, mine: str, theirs: str) -> float:
    """The showdown entry for a hand-laid deal: +1 if ``mine`` wins, -1 loses, 0 splits."""
    last = tree.levels[-1]
    b = [int(x[0]) for x in last.boards].index(POS[board])
    slots = [int(h[0]) for h in last.hands[b]]
    return float(tree.showdown[b, slots.index(POS[mine]), slots.index(POS[theirs])])


def test_leduc_showdowns_laid_by_hand(tree: Tree) -> None:
    assert outcome(tree, "Ks", "Kh", "Qs") == 1  # a pair of kings
    assert outcome(tree, "Qh", "Qs", "Kh") == 1  # a pair of queens beats a lone king
    assert outcome(tree, "Js", "Qs", "Kh") == -1  # no pair: the higher card
    assert outcome(tree, "Js", "Kh", "Qs") == 1
    assert outcome(tree, "Ks", "Jh", "Qh") == -1
    assert outcome(tree, "Ks", "Js", "Jh") == 0  # equal ranks split the pot
    assert outcome(tree, "Js", "Qs", "Qh") == 0


def test_leduc_betting_laid_by_hand(tree: Tree) -> None:
    ends = {n.history: n.contrib for n in tree.root.walk() if n.kind in ("fold", "showdown")}
    # Antes 1; bets and raises of 2 in round 1, of 4 in round 2; a bet and one raise at most.
    assert ends["cc/cc"] == (1, 1)
    assert ends["rc/cc"] == (3, 3)
    assert ends["rrc/rrc"] == (13, 13)
    assert ends["crrc/rc"] == (9, 9)
    assert ends["rf"] == (3, 1)
    assert ends["crf"] == (1, 3)
    assert ends["cc/crrf"] == (9, 5)
    assert "rrr" not in {n.history for n in tree.root.walk()}
    decisions = [n.history for n in tree.decisions]
    # 6 betting nodes a round; round 2 follows each of the 5 ways round 1 is called.
    assert len(decisions) == 6 + 5 * 6
    assert tree.info_sets == 936  # OpenSpiel's leduc_poker has 936 information states
    assert tree.game.deals == 6 * 5 * 4


def test_leduc_describes_and_round_trips() -> None:
    game = leduc()
    assert SmallGame.from_dict(json.loads(json.dumps(game.to_dict()))) == game
    assert "bets 2 and 4" in game.describe()
    with pytest.raises(ConfigurationError, match="one bet"):
        SmallGame("x", game.pack, 1, (0, 1), 0, 1, "leduc", bets=(2,))


def test_leduc_value_is_the_published_one() -> None:
    run = solve(leduc(), 2000, checkpoints=(2000,))
    last = run.curve[-1]
    # The game value lies between what each player wins best-responding to the other.
    assert -last.best_responses[1] <= LEDUC_VALUE <= last.best_responses[0]
    assert last.exploitability < 2e-4
    assert run.value == pytest.approx(LEDUC_VALUE, abs=1e-4)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_exploitability_falls_with_every_algorithm(algorithm: str) -> None:
    run = solve(leduc(), 1000, algorithm=algorithm, checkpoints=(10, 100, 1000))
    exploits = [c.exploitability for c in run.curve]
    assert exploits[0] > 0.1
    assert exploits[0] > 10 * exploits[1] > 10 * exploits[2] > 0
    assert exploits[2] < 1e-3
    assert run.algorithm == algorithm


def test_cfr_plus_matches_openspiel_at_its_checkpoints() -> None:
    # OpenSpiel 2.0.2's C++ CFRPlusSolver, measured by benchmarks/_solver_peers_worker.py.
    run = solve(kuhn(), 100, checkpoints=(10, 100))
    assert [c.exploitability for c in run.curve] == pytest.approx(
        [0.032687090668344826, 0.0011944041011116846], rel=1e-9
    )


@pytest.mark.parametrize("game", [kuhn(), leduc()], ids=["kuhn", "leduc"])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_kernel_equals_the_readable_solver(game: SmallGame, algorithm: str) -> None:
    tree = build_tree(game)
    readable, fast = make_solver(tree, algorithm), FastSolver(tree, algorithm)
    for _ in range(40):
        readable.iterate()
    fast.run(15)
    fast.run(25)
    assert fast.iterations == readable.iterations == 40
    for a, b in zip(readable.average(), fast.average(), strict=True):
        assert np.abs(a - b).max() <= 1e-12
    for a, b in zip(readable.regrets, fast.regrets, strict=True):
        assert np.abs(a - b).max() <= 1e-12 * max(1.0, float(np.abs(a).max()))
    assert exploitability(tree, fast.average()) == pytest.approx(
        exploitability(tree, readable.average()), abs=1e-12
    )


def test_solve_compiled_or_not_gives_the_same_curve() -> None:
    fast = solve(leduc(), 20, algorithm="dcfr", compiled=True)
    slow = solve(leduc(), 20, algorithm="dcfr", compiled=False)
    assert fast.compiled and not slow.compiled
    assert [c.exploitability for c in fast.curve] == pytest.approx(
        [c.exploitability for c in slow.curve], abs=1e-12
    )


def test_algorithms_differ_and_bad_names_are_refused() -> None:
    tree = build_tree(kuhn())
    assert type(make_solver(tree)) is CfrPlus
    runs = [solve(kuhn(), 30, algorithm=a).curve[-1].exploitability for a in ALGORITHMS]
    assert len(set(runs)) == 3
    with pytest.raises(ConfigurationError, match="--algorithm 'cfr' is not known"):
        solve(kuhn(), 3, algorithm="cfr")
    with pytest.raises(ConfigurationError, match="not known"):
        FastSolver(tree, "mccfr")


def test_solve_leduc_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "leduc.npz"
    code, stdout, _ = run_main(
        capsys, "solve", "--game", "leduc", "-n", "1000", "-o", str(out), "--json"
    )
    assert code == 0
    data = json.loads(stdout)
    assert data["iterations"] == 1000
    assert data["info_sets"] == 936
    assert data["algorithm"] == "cfr+"
    assert 0 < data["exploitability"] < 1e-3
    assert data["exploitability_mante"] == pytest.approx(1000 * data["exploitability"])
    assert data["value_player1"] == pytest.approx(LEDUC_VALUE, abs=1e-3)


def test_solve_dcfr_plots_next_to_openspiel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    png = tmp_path / "curve.png"
    args = ("solve", "--game", "kuhn", "-n", "100", "-o", str(tmp_path / "k.npz"))
    code, stdout, _ = run_main(capsys, *args, "--algorithm", "dcfr", "--plot", str(png))
    assert code == 0
    assert "; dcfr" in stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--algorithm", "cfr"), "--algorithm 'cfr' is not known: choose cfr+, dcfr, pcfr+"),
        (
            ("--game", "leduc", "--raises", "1"),
            "--pack and --raises are for mini-straights, not leduc",
        ),
    ],
)
def test_solve_refuses_a_bad_algorithm_in_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, stdout, stderr = run_main(capsys, "solve", *args)
    assert code == 2
    assert stdout == ""
    assert stderr.strip() == f"error: {message}"
