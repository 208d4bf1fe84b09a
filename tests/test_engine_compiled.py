"""The compiled engine plays exactly as its Python source, action by action, on every variant.

``setup.py`` compiles ``poker/engine.py``, ``poker/showdown.py`` and
``poker/cards_source.py`` with mypyc when it can; the ``.py`` files stay the definition
of the rules.  Here the same modules are loaded again from their source (the pure
engine) and both engines play the same random deals side by side: after every step
they must agree on the phase, the player to act, the legal actions, the card choice,
the log, the stacks and bets, and at the end on the pots, verdicts, winnings and the
words of each hand; a refused action must be refused by both in the same words.
Random stakes (straddles, big-blind antes, tiny stacks), runs of the board and bomb
pots where the variant has them.  CI size: 25 deals a variant; full: 400.
"""

from __future__ import annotations

import doctest
import random
import sys
from types import ModuleType
from typing import Any

import pytest
from poker_random import random_stakes
from pure_source import load_from_source
from sizes import size

import straights.poker.engine as compiled_engine
from straights.cards import make_deck
from straights.errors import StraightsError
from straights.poker import VARIANTS, Variant
from straights.poker.engine import check_betting

DEALS = size(25, 400)
#: The compiled modules, in the order they import one another.
MODULES = ("straights.poker.cards_source", "straights.poker.showdown", "straights.poker.engine")
COMPILED = not compiled_engine.__file__.endswith(".py")


def load_pure_modules() -> dict[str, ModuleType]:
    """The compiled modules executed again from their ``.py`` source, the pure engine
    importing the pure card source and showdown (``sys.modules`` is restored after)."""
    return load_from_source(MODULES)


def load_pure() -> ModuleType:
    """The pure engine module."""
    return load_pure_modules()["straights.poker.engine"]


def state(deal: Any) -> tuple[Any, ...]:
    """Everything a player or a front end reads between two steps."""
    return (
        deal.phase,
        deal.actor,
        deal.street_name,
        tuple(deal.legal_actions()),
        deal.card_choice(),
        deal.run_choice(),
        tuple(deal.log),
        tuple(deal.stacks),
        tuple(deal.bets),
        tuple(deal.total),
        deal.pot,
        tuple(deal.board),
        tuple(tuple(h) for h in deal.holes),
        tuple(tuple(u) for u in deal.up),
    )


def outcome(deal: Any) -> tuple[Any, ...]:
    """The end of a deal: pots, verdicts, winnings, carried chips, every hand in words."""
    words = tuple(deal.describe(i) for i in sorted(deal.described))
    return (
        tuple((p.amount, p.eligible) for p in deal.pots),
        tuple(deal.verdicts),
        tuple(deal.winnings),
        deal.carry_out,
        tuple(deal.boards),
        words,
    )


def step(deal: Any, move: tuple[str, tuple[Any, ...]]) -> tuple[str, Any]:
    """Play ``move`` (a method and its arguments); what it returned, or the refusal."""
    name, args = move
    try:
        return "ok", getattr(deal, name)(*args)
    except StraightsError as error:
        return type(error).__name__, str(error)


def choose(deal: Any, rng: random.Random) -> tuple[str, tuple[Any, ...]]:
    """A random move, now and then a bad one (which both engines must refuse alike)."""
    if rng.random() < 0.03:
        return rng.choice(
            (("act", ("raise", "lots")), ("act", ("jump",)), ("act", ("check", 10**6)))
        )
    runs = deal.run_choice()
    if runs is not None:
        return "choose_runs", (rng.choice(runs),)
    choice = deal.card_choice()
    if choice is not None:
        hand = deal.holes[deal.actor]
        among = [hand[k] for k in choice.positions]
        least, most = choice.least, choice.most
        picked = rng.sample(among, least if least == most else rng.randint(least, most))
        return ("discard" if choice.kind == "discard" else "expose"), (picked,)
    legal = deal.legal_actions()
    action = rng.choice(legal)
    if action.kind in ("bet", "raise", "complete"):
        span = action.high - action.low
        return "act", (
            action.kind,
            rng.choice((action.low, action.high, action.low + rng.randint(0, span))),
        )
    return "act", (action.kind,)


def play_both(pure: ModuleType, variant: Variant, rng: random.Random) -> int:
    """One random deal on both engines, compared after every step; returns the steps."""
    deck = make_deck(variant.deck, jokers=variant.jokers)
    n = rng.randint(2, min(6, variant.max_players(len(deck))))
    stakes = random_stakes(variant, n, rng)
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(10, 400))) for _ in range(n)]
    cards = deck.shuffled(rng)
    extras: dict[str, Any] = {}
    for key, value in (("runs", 2), ("bomb_pot", True)):
        try:
            check_betting(variant, value if key == "runs" else 1, key == "bomb_pot", False)
        except StraightsError:
            continue
        if rng.random() < 0.25:
            extras[key] = value
    seed = rng.random()
    fast = compiled_engine.Deal(variant, stakes, stacks, cards, rng=random.Random(seed), **extras)
    slow = pure.Deal(variant, stakes, stacks, cards, rng=random.Random(seed), **extras)
    steps = 0
    while True:
        assert state(fast) == state(slow), f"{variant.code} step {steps}"
        if fast.finished:
            break
        move = choose(fast, rng)
        assert step(fast, move) == step(slow, move), f"{variant.code} step {steps}: {move}"
        steps += 1
    assert outcome(fast) == outcome(slow), variant.code
    return steps


@pytest.mark.skipif(not COMPILED, reason="the engine is not compiled here (no mypyc at install)")
@pytest.mark.parametrize("code", list(VARIANTS))
def test_compiled_engine_plays_as_its_source(code: str) -> None:
    pure = load_pure()
    assert pure.__file__.endswith("engine.py") and pure.Deal is not compiled_engine.Deal
    rng = random.Random(f"compiled/{code}")
    steps = sum(play_both(pure, VARIANTS[code], rng) for _ in range(DEALS))
    assert steps >= DEALS  # every deal took at least one step


def test_pure_loader_gives_the_python_source() -> None:
    """The comparison is not of the compiled engine with itself."""
    pure = load_pure()
    assert pure.__file__.endswith("engine.py")
    assert sys.modules["straights.poker.engine"] is compiled_engine
    assert type(pure.Deal.act).__name__ == "function"  # a Python function, not a native one


@pytest.mark.skipif(not COMPILED, reason="not compiled: pytest collects these doctests itself")
def test_doctests_of_the_compiled_modules_pass_on_their_source() -> None:
    """The root conftest.py leaves the compiled modules' files out of the doctest
    collection; their doctests run here on the Python source instead."""
    pure = load_pure_modules()
    saved = {name: sys.modules[name] for name in MODULES}
    sys.modules.update(pure)  # doctest finds what sys.modules says each object is from
    ran = 0
    try:
        for module in pure.values():
            for test in doctest.DocTestFinder().find(module, module.__name__):
                runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
                result = runner.run(test, out=lambda _: None)
                assert result.failed == 0, f"{test.name}: {result.failed} examples failed"
                ran += result.attempted
    finally:
        sys.modules.update(saved)
    assert ran >= 60  # every example of the three modules
