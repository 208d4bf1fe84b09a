"""The dealer's incremental observations equal the encoding made afresh, bit for bit.

The dealer keeps each seat's vector between steps (cards followed from the log,
history rows added as they come, the betting mask kept per legal set).  Here the
reference is the encoder as it was before that work, frozen in this file: every
segment built from scratch from ``deal_view`` of the seat, the deal and the public
history.  Random deals of every variant are played with random actions, and at
each step a random subset of seats is observed (so that seats fall behind and
catch up, as a learner that reads only the actor's observation makes them), with
the history rows sometimes too few to hold the deal (the oldest are cut).  Where
setup.py compiled the dealer and the encoder, the compiled dealer is also played
step by step against its Python source.
"""

from __future__ import annotations

import doctest
import sys
from collections.abc import Sequence
from random import Random
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray
from pure_source import load_from_source

import straights.rl.dealer as dealer_module
from straights.cards import Card
from straights.poker.catalogue import variant_codes
from straights.poker.engine import Deal, Legal
from straights.poker.view import deal_view
from straights.rl.observation import PHASES, Encoding, History
from straights.rl.table import table_for

#: The modules setup.py may compile with mypyc, in the order they import each other.
MODULES = ("straights.poker.actions", "straights.rl.observation", "straights.rl.dealer")
COMPILED = not str(dealer_module.__file__).endswith(".py")


def load_pure_modules() -> dict[str, ModuleType]:
    """The dealer and the encoder executed again from their ``.py`` source, the pure
    dealer importing the pure encoder (``sys.modules`` is restored after)."""
    return load_from_source(MODULES)


#: The dealers to check: the one imported, and its Python source when that is compiled.
DEALERS: dict[str, Any] = {"imported": dealer_module.Dealer}
if COMPILED:
    DEALERS["source"] = load_pure_modules()["straights.rl.dealer"].Dealer


def reference(
    enc: Encoding, deal: Deal, seat: int, legal: Sequence[Legal], history: History
) -> NDArray[np.float32]:
    """The observation of ``seat`` as ``Encoding.encode`` made it before the dealer
    kept vectors (its code, frozen)."""
    n = enc.n
    out = np.zeros(enc.size, np.float32)
    out[enc.cards_at : enc.chips_at] = enc.card_slots(deal_view(deal, seat))
    street = -1 if deal.finished else enc.streets[deal.street.name]
    over = street < 0
    out[enc.seat_at + seat] = 1.0
    out[enc.street_at + (enc.street_count if over else street)] = 1.0
    choice = deal.card_choice()
    phase = PHASES["betting"] if choice is None else PHASES[choice.kind]
    if not over and deal.actor is not None:
        out[enc.phase_at + phase] = 1.0
    unit = enc.unit_inverse
    at = enc.chips_at
    out[at] = deal.pot * unit
    for i in enc.orders[seat]:
        if deal.folded[i]:
            out[at + 3] = 1.0
        elif not deal.stacks[i]:
            out[at + 4] = 1.0
        out[at + 1] = deal.stacks[i] * unit
        out[at + 2] = deal.bets[i] * unit
        at += 4
    for action in legal:
        if action.kind in ("call", "bring-in"):
            out[at + 1] = action.amount * unit
        elif action.kind in ("bet", "raise", "complete"):
            out[at + 2] = action.low * unit
            out[at + 3] = action.high * unit
    count = history.count
    if count:
        rows = out[enc.history_at :].reshape(enc.history_rows, enc.row)
        rows[:count, n:] = history.features[:count]
        at = enc.history_at
        for who in history.players[:count].tolist():
            out[at + (who - seat) % n] = 1.0
            at += enc.row
    return out


@pytest.mark.parametrize("which", list(DEALERS))
@pytest.mark.parametrize("code", variant_codes())
def test_incremental_observations_equal_the_fresh_encoding(code: str, which: str) -> None:
    Dealer = DEALERS[which]
    rng = Random(f"incremental {code}")
    table = table_for(code, 2)
    most = min(6, table.variant.max_players(len(table.deck)))
    compared = 0
    for deal_number in range(5):
        players = rng.randint(2, most)
        rows = rng.choice([3, 8, 32])
        stack = rng.choice([6, 40, 200])
        dealer = Dealer(table_for(code, players, stack=stack), history=rows)
        for _ in range(2):  # two deals on one dealer: the kept vectors start afresh
            dealer.new_deal(seed=rng.randrange(10**6) + deal_number)
            deal = dealer.deal
            assert deal is not None
            while True:
                seats = [s for s in range(players) if rng.random() < 0.5]
                if dealer.actor is not None and rng.random() < 0.7:
                    seats.append(dealer.actor)
                if dealer.actor is None:
                    seats = list(range(players))
                for seat in seats:
                    legal = deal.legal_actions() if dealer.actor == seat else ()
                    want = reference(dealer.encoding, deal, seat, legal, dealer.history)
                    got = dealer.observe(seat)["observation"]
                    assert got.dtype == want.dtype
                    assert np.array_equal(got, want), (code, seat, deal.street_name)
                    compared += 1
                if dealer.actor is None:
                    break
                dealer.play(rng.choice(dealer.legal()))
    assert compared > 40


@pytest.mark.parametrize("which", list(DEALERS))
def test_a_card_chosen_to_turn_up_shows_once_everyone_has_chosen(which: str) -> None:
    """Mexican stud: each player turns up one of his two cards.  The dealer follows the
    choice in place (no view made again): the others see the card only once the last
    player has chosen, the chooser all along."""
    dealer = DEALERS[which](table_for("_FMEXICAN", 2))
    # The 40-card Mexican deck runs 2c 2d 2h 2s 3c … 7s Jc … Ks Ac Ad Ah As: Kd is
    # card 33, 2c card 0; a slot is 41 wide (the last entry: face down).
    deck = "As Kd 2c 7h Qh Qc 3s 4s 5s 6s Jh Jc 2d 3d 4d 5d 6d 7d Ad Kc"
    dealer.new_deal(deck=[Card(c) for c in deck.split()])
    cards_at = dealer.encoding.cards_at  # seat one-hot (2), street (4 + 1), phase (3)
    assert (cards_at, dealer.encoding.width, dealer.encoding.hand) == (10, 41, 5)
    # Player 0's second card in seat 1's vector (player 0 is seat 1's next player).
    kd_slot = cards_at + (1 * 5 + 1) * 41
    assert dealer.actor == 0
    dealer.play(dealer.actions.names.index("turn-up-2"))  # player 0 turns up Kd
    waiting = dealer.observe(1)["observation"]  # player 1 still to choose: Kd face down
    assert waiting[kd_slot + 40] == 1.0 and waiting[kd_slot + 33] == 0.0
    assert dealer.observe(0)["observation"][cards_at + 41 + 33] == 1.0  # his own Kd
    dealer.play(dealer.actions.names.index("turn-up-1"))  # player 1 turns up 2c
    turned = dealer.observe(1)["observation"]
    assert turned[kd_slot + 33] == 1.0 and turned[kd_slot + 40] == 0.0
    assert turned[kd_slot : kd_slot + 41].sum() == 1.0
    seen_by_0 = dealer.observe(0)["observation"]
    two_c_slot = cards_at + (1 * 5 + 0) * 41  # player 1's first card in seat 0's vector
    assert seen_by_0[two_c_slot] == 1.0 and seen_by_0[two_c_slot + 40] == 0.0
    assert seen_by_0[two_c_slot + 41 + 40] == 1.0  # his 7h stays face down


@pytest.mark.skipif(not COMPILED, reason="the dealer is not compiled here (no mypyc at install)")
@pytest.mark.parametrize("code", variant_codes())
def test_the_compiled_dealer_plays_as_its_source(code: str) -> None:
    """Step by step, the compiled dealer and its Python source offer the same actions,
    show the same observations and pay the same chips."""
    Source = DEALERS["source"]
    assert Source is not dealer_module.Dealer
    rng = Random(f"compiled dealer {code}")
    table = table_for(code, 2)
    players = min(6, table.variant.max_players(len(table.deck)))
    steps = 0
    for deal_number in range(4):
        table = table_for(code, players, stack=rng.choice([6, 40, 200]))
        compiled, source = dealer_module.Dealer(table), Source(table)
        for dealer in (compiled, source):
            dealer.new_deal(seed=deal_number)
        while compiled.actor is not None:
            assert compiled.actor == source.actor
            legal = compiled.legal()
            assert legal == source.legal()
            for seat in range(players):
                mine, theirs = compiled.observe(seat), source.observe(seat)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            action = rng.choice(legal)
            compiled.play(action)
            source.play(action)
            steps += 1
        assert source.actor is None
        assert compiled.payoffs() == source.payoffs()
    assert steps >= 8


def test_the_environments_are_compiled_where_the_engine_is() -> None:
    """setup.py compiles the dealer and the encoder with the engine (their own mypy
    configuration: NumPy absent from the build is no reason to leave them as Python)."""
    import straights.poker.engine as engine

    engine_compiled = not str(engine.__file__).endswith(".py")
    assert engine_compiled is COMPILED


def test_doctests_of_the_compiled_modules_pass_on_their_source() -> None:
    """The root conftest.py leaves compiled modules' files out of the doctest
    collection; when the two are compiled, their doctests still run here on the
    Python source."""
    pure = load_pure_modules()
    saved = {name: sys.modules[name] for name in MODULES}
    sys.modules.update(pure)
    ran = 0
    try:
        for module in pure.values():
            for test in doctest.DocTestFinder().find(module, module.__name__):
                runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
                result = runner.run(test, out=lambda _: None)
                assert result.failed == 0, f"{test.name}: {result.failed} examples failed"
                ran += result.attempted
    finally:
        sys.modules.update(saved)
    assert ran >= 10  # every example of the three modules


@pytest.mark.parametrize("which", list(DEALERS))
def test_the_decks_drawn_ahead_are_one_permutation_per_deal(which: str) -> None:
    """The dealer draws its shuffled decks many at a time: each deal's deck is still
    NumPy's ``permutation`` of the table's deck from the seed, one call per deal in turn,
    past the end of a batch (70 deals) and again after a new seed."""
    table = table_for("NT", 2)
    dealer = DEALERS[which](table)
    cards = table.deck.cards
    for seed in (7, 8):
        dealer.seed(seed)
        shuffler = np.random.default_rng(seed)
        for number in range(70):
            dealer.new_deal()
            deal = dealer.deal
            assert deal is not None
            want = [cards[k] for k in shuffler.permutation(len(cards)).tolist()]
            assert deal.source._stock == want, (seed, number)  # type: ignore[attr-defined]
