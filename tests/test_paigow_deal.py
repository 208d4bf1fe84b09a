"""Pai Gow deals: the dice and the deal, settings, fouls, copies, settlement, the table
across deals, and the ``_PAIGOW`` histories."""

from __future__ import annotations

import contextlib
import random
import re

import paigow_referee as referee
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from straights.cards import parse_cards
from straights.errors import (
    ConfigurationError,
    DuplicateCardError,
    HandHistoryError,
    IllegalActionError,
)
from straights.history_files import replay_report
from straights.paigow.deal import (
    Dealt,
    DiceRolled,
    Fouled,
    HandSet,
    PaiGowDeal,
    Settled,
    Settlement,
    first_spot,
)
from straights.paigow.history import deal_to_history, finishing_stacks, replay
from straights.paigow.rules import FoulError, PaiGowRules, pack
from straights.paigow.view import deal_view
from straights.poker.phh import dumps, loads
from straights.table import PaiGowGame, Table

# The bank's seven cards set the house way as Qh Jd | 9h 9c 7d 5s 3h (one pair).
BANK = "9h 9c 7d 5s 3h Qh Jd"


def _deal(player: str, bet: int = 20, rules: PaiGowRules | None = None) -> PaiGowDeal:
    return PaiGowDeal({1: bet}, hands={0: BANK, 1: player}, rules=rules)


def _ascii(cards: object) -> list[str]:
    return [c.ascii() for c in cards]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- dealing


@pytest.mark.parametrize(
    ("dice", "spot"), [((1, 1, 1), 3), ((1, 2, 4), 7), ((2, 3, 3), 1), ((6, 6, 6), 4)]
)
def test_the_dice_count_around_from_the_bank(dice: tuple[int, int, int], spot: int) -> None:
    assert first_spot(dice) == spot


def test_the_deal_follows_the_dice() -> None:
    """Shuffle, roll three dice, then seven sevens from the top: the first to the spot
    the dice name, the rest around the table; players sit in spots 2-7 (seats 1-6)."""
    seed = 11
    rng = random.Random(seed)
    cards = pack().shuffled(rng)
    dice = tuple(rng.randint(1, 6) for _ in range(3))
    deal = PaiGowDeal({2: 20, 5: 20}, rng=random.Random(seed))
    assert deal.events[0] == DiceRolled(dice, (sum(dice) - 1) % 7 + 1)  # type: ignore[arg-type]
    first = deal.events[0].first_spot  # type: ignore[union-attr]
    for seat in (0, 2, 5):
        pile = (seat + 1 - first) % 7  # spot = seat + 1
        assert deal.cards(seat) == tuple(cards[7 * pile : 7 * pile + 7])
    assert [e.seat for e in deal.events if isinstance(e, Dealt)] == [0, 2, 5]
    with pytest.raises(ConfigurationError, match="seat 3 has no hand"):
        deal.cards(3)


def test_a_seed_repeats_the_deal() -> None:
    a, b = PaiGowDeal({1: 20}, rng=4), PaiGowDeal({1: 20}, rng=4)
    assert a.events == b.events


def test_bad_deals_are_one_clear_error() -> None:
    with pytest.raises(ConfigurationError, match="seat 7 is not a player's seat"):
        PaiGowDeal({7: 20}, rng=1)
    with pytest.raises(ConfigurationError, match="at least one player"):
        PaiGowDeal({}, rng=1)
    with pytest.raises(DuplicateCardError):
        PaiGowDeal({1: 20}, hands={0: BANK, 1: "9h Ac Ad Ah Kc Kd Ks"})
    with pytest.raises(ConfigurationError, match="three numbers 1 to 6"):
        PaiGowDeal({1: 20}, rng=1, dice=(0, 1, 2))


# ---------------------------------------------------------------- settling


def test_winning_both_hands_pays_even_money_less_the_commission() -> None:
    deal = _deal("Ks Kd 8h 6c 4s Ac 2h", bet=60)
    deal.set(1, "Ac 8h")
    result = deal.results[1]
    assert (result.outcome, result.commission, result.net) == ("win", 3, 57)  # 5 % of 60
    assert deal.house == -57
    assert isinstance(deal.events[-1], Settled) and deal.events[-1].house == -57


def test_a_bet_of_which_five_percent_is_not_whole_is_refused_by_the_deal() -> None:
    with pytest.raises(ConfigurationError, match="a bet of 25 is not a multiple of 20"):
        _deal("Ks Kd 8h 6c 4s Ac 2h", bet=25)


def test_old_rules_round_the_commission_up() -> None:
    old = PaiGowRules(min_bet=2, commission="rounded-up")
    deal = _deal("Ks Kd 8h 6c 4s Ac 2h", bet=25, rules=old)
    deal.set(1, "Ac 8h")
    assert (deal.results[1].commission, deal.results[1].net, deal.house) == (2, 23, -23)


def test_a_copy_goes_to_the_bank() -> None:
    # Five-card 9 9 7 5 3 against the bank's equal hand: a copy, the bank's; A-K wins in front.
    deal = _deal("9s 9d 7h 5c 3s Ah Kd")
    deal.set(1, "Ah Kd")
    result = deal.results[1]
    assert (result.back_won, result.back_copy, result.front_won) == (False, True, True)
    assert (result.outcome, result.net) == ("push", 0)


def test_two_copies_lose() -> None:
    deal = _deal("9s 9d 7h 5c 3s Qs Jc")
    deal.set(1, "Qs Jc")
    result = deal.results[1]
    assert (result.back_copy, result.front_copy, result.outcome, result.net) == (
        True,
        True,
        "lose",
        -20,
    )
    assert deal.house == 20


def test_losing_both_loses_the_bet() -> None:
    deal = _deal("8s 8d 7h 5c 3s Jh Tc")
    deal.set_house_way(1)
    assert (deal.results[1].outcome, deal.results[1].net) == ("lose", -20)


def test_a_foul_is_refused_and_changes_nothing() -> None:
    deal = _deal("Ks Kd 8h 6c 4s Ac 2h")
    before = list(deal.events)
    with pytest.raises(FoulError, match=r"pair of kings\) beats the five-card hand \(ace high"):
        deal.set(1, "Ks Kd")
    assert deal.events == before and deal.waiting == [1]
    deal.set(1, "Ac 8h")  # and the player sets again
    assert deal.finished


def test_a_foul_set_the_house_way() -> None:
    deal = _deal("Ks Kd 8h 6c 4s Ac 2h", rules=PaiGowRules(foul="house-way"))
    deal.set(1, "Ks Kd")
    fouls = [e for e in deal.events if isinstance(e, Fouled)]
    assert len(fouls) == 1 and fouls[0].consequence == "house-way"
    assert deal.settings[1] == deal.house_way(1).setting
    assert [e.how for e in deal.events if isinstance(e, HandSet)] == [
        "house way after a foul",
        "house way",
    ]


def test_a_forfeited_foul_loses_even_when_both_hands_win() -> None:
    # Legal: aces in front of three kings win both hands against the bank.
    deal = _deal("Ks Kd Kh Ac Ah 4s 2h", rules=PaiGowRules(foul="forfeit"))
    deal.set(1, "Ac Ah")
    assert deal.results[1].outcome == "win"
    # Fouled: kings in front of ace high beat the bank's Q-J in front, and lose all the same.
    deal = _deal("Ks Kd 8h 6c 4s Ac 2h", rules=PaiGowRules(foul="forfeit"))
    deal.set(1, "Ks Kd")
    assert deal.results[1].front_won
    assert deal.results[1].fouled and deal.results[1].net == -20


def test_a_seat_sets_once_and_only_its_own_cards() -> None:
    deal = PaiGowDeal({1: 20, 2: 20}, rng=3)
    with pytest.raises(FoulError, match="seat 4 has no bet"):
        deal.set_house_way(4)
    deal.set_house_way(1)
    with pytest.raises(FoulError, match="seat 1 has already set"):
        deal.set_house_way(1)
    other = deal.cards(1)[0].ascii()
    with pytest.raises(FoulError, match=f"{other} is not one of your seven cards"):
        deal.set(2, f"{other} {deal.cards(2)[0].ascii()}")
    assert not deal.finished


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=1, max_value=6),
    foul=st.sampled_from(["refuse", "house-way", "forfeit"]),
)
def test_settlement_agrees_with_the_referee_and_chips_are_conserved(
    seed: int, players: int, foul: str
) -> None:
    rng = random.Random(seed)
    seats = sorted(rng.sample(range(1, 7), players))
    bets = {s: 20 * rng.randint(1, 10) for s in seats}
    deal = PaiGowDeal(bets, rng=rng, rules=PaiGowRules(foul=foul))  # type: ignore[arg-type]
    for seat in seats:
        while seat in deal.waiting:
            front = rng.sample(deal.cards(seat), 2)
            try:
                deal.set(seat, front)
            except FoulError:
                assert foul == "refuse"
    assert deal.finished
    dealt = [c for s in [0, *seats] for c in deal.cards(s)]
    assert len(set(dealt)) == len(dealt) == 7 * (players + 1)
    assert set(dealt) <= set(pack())
    assert sum(r.net for r in deal.results.values()) + deal.house == 0
    bank = deal.settings[0]
    for seat in seats:
        mine = deal.settings[seat]
        outcome, net = referee.settle(
            _ascii(mine.front), _ascii(mine.back), _ascii(bank.front), _ascii(bank.back),
            bets[seat],
        )  # fmt: skip
        if deal.results[seat].fouled:
            assert referee.fouled(_ascii(mine.front), _ascii(mine.back))
            outcome, net = "lose", -bets[seat]
        else:
            assert not referee.fouled(_ascii(mine.front), _ascii(mine.back))
        assert (deal.results[seat].outcome, deal.results[seat].net) == (outcome, net)
    assert not referee.fouled(_ascii(bank.front), _ascii(bank.back))


# ---------------------------------------------------------------- the table


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(1, 6))
def test_the_table_conserves_chips_across_deals(seed: int, players: int) -> None:
    rng = random.Random(seed)
    table = Table(PaiGowGame(), [f"P{i}" for i in range(players)], 60, seed=seed)
    for _ in range(8):
        bets = {s: 20 * rng.randint(1, table.stacks[s] // 20) for s in table.seated}
        if not bets:
            break
        deal = table.start(bets)
        for seat in deal.waiting:
            deal.set_house_way(seat)
        table.finish(deal)
        assert sum(table.stacks) + table.house == 60 * players
        assert all(chips >= 0 for chips in table.stacks)


def test_the_table_checks_bets_and_order() -> None:
    table = Table(PaiGowGame(), ["Ann", "Bob"], 30, seed=1)
    with pytest.raises(ConfigurationError, match="more than the 30 chips"):
        table.start({0: 40})
    with pytest.raises(ConfigurationError, match="seat 2 cannot bet"):
        table.start({2: 20})
    deal = table.start({0: 20, 1: 20})
    with pytest.raises(IllegalActionError, match="finish the deal in play"):
        table.start({0: 20})
    with pytest.raises(IllegalActionError, match="not over yet"):
        table.finish(deal)
    with pytest.raises(ConfigurationError, match="7 players: this game seats 1 to 6"):
        Table(PaiGowGame(), ["x"] * 7, 100)


# ---------------------------------------------------------------- histories


def _finished(seed: int, foul: str = "refuse") -> PaiGowDeal:
    rng = random.Random(seed)
    deal = PaiGowDeal({1: 20, 3: 40, 6: 20}, rng=rng, rules=PaiGowRules(foul=foul))  # type: ignore[arg-type]
    deal.set_house_way(1)
    for seat in (3, 6):
        while seat in deal.waiting:
            with contextlib.suppress(FoulError):
                deal.set(seat, rng.sample(deal.cards(seat), 2))
    return deal


@pytest.mark.parametrize("foul", ["refuse", "house-way", "forfeit"])
@pytest.mark.parametrize("seed", range(12))
def test_a_history_replays_to_the_same_results(seed: int, foul: str) -> None:
    deal = _finished(seed, foul)
    names = {1: "Ann", 3: "Bob", 6: 'Cy "the kid"'}
    stacks = {1: 100, 3: 50, 6: 20}
    text = dumps(deal_to_history(deal, names, stacks, number=seed + 1))
    [history] = loads(text)
    assert history["variant"] == "_PAIGOW" and history["players"] == list(names.values())
    again = replay(history)
    assert again.results == deal.results and again.settings == deal.settings
    assert finishing_stacks(history) == [stacks[s] + deal.results[s].net for s in (1, 3, 6)]


def test_a_history_reads_like_phh() -> None:
    deal = PaiGowDeal({1: 20}, hands={0: BANK, 1: "Ks Kd 8h 6c 4s Jk 2h"}, dice=(2, 2, 3))
    deal.set(1, "Jk 8h")
    history = deal_to_history(deal, {1: "Ann"}, {1: 100})
    assert history == {
        "variant": "_PAIGOW",
        "seats": [1],
        "players": ["Ann"],
        "starting_stacks": [100],
        "actions": [
            "d dh p1 KsKd8h6c4sJk2h",
            "d dh bank 9h9c7d5s3hQhJd",
            "p1 set Jk8h",
            "bank set QhJd # house way",
        ],
        "finishing_stacks": [119],
        "_bets": [20],
        "_dice": [2, 2, 3],
        "_commission_percent": 5,
        "_commission": "exact",
        "_foul": "refuse",
        "_house_result": -19,
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.update(finishing_stacks=[120]), r"finishing stacks are \[119\], not \[120\]"),
        (lambda h: h.update(_house_result=5), "house's result is -19"),
        (lambda h: h["actions"].__setitem__(2, "p1 set KsKd"), "a foul"),
        (lambda h: h["actions"].__setitem__(3, "bank set 9h9c"), "the house way sets the bank"),
        (lambda h: h["actions"].__setitem__(0, "d dh p1 KsKd8h6c4sJk"), "has 6 cards"),
        (lambda h: h["actions"].__setitem__(2, "p1 raise 8"), "not a Pai Gow action"),
        (lambda h: h["actions"].__setitem__(2, "p1 set Xx8h"), "not a string of cards"),
        (lambda h: h.update(variant="NT"), "not a Pai Gow history"),
        (lambda h: h.update(_bets=["x"]), "a field has the wrong type"),
        (lambda h: h.update(_dice=["a", 1, 2]), "a field has the wrong type"),
        (lambda h: h.update(_bets=[20, 5]), "differ in length"),
        (lambda h: h.update(_foul="never"), "'_foul' = 'never'"),
        (lambda h: h.update(_commission="nearest"), "'_commission' = 'nearest'"),
        (lambda h: h.update(_bets=[30]), "a bet of 30 is not a multiple of 20"),
        (lambda h: h.pop("actions"), "no list 'actions'"),
    ],
)
def test_a_bad_history_is_one_clear_error(change: object, message: str) -> None:
    deal = PaiGowDeal({1: 20}, hands={0: BANK, 1: "Ks Kd 8h 6c 4s Jk 2h"})
    deal.set(1, "Jk 8h")
    history = deal_to_history(deal, {1: "Ann"}, {1: 100})
    change(history)  # type: ignore[operator]
    with pytest.raises(HandHistoryError, match=message):
        replay(history)


#: A history written before the exact commission (no ``_commission``): a bet of 10 won
#: paid 9, the commission rounded up to a chip.  It replays as it was played.
OLD_HISTORY = """
variant = "_PAIGOW"
seats = [1]
players = ["Ann"]
starting_stacks = [100]
actions = ["d dh p1 KsKd8h6c4sAc2h", "d dh bank 9h9c7d5s3hQhJd", "p1 set Ac8h",
           "bank set QhJd # house way"]
finishing_stacks = [109]
_bets = [10]
_commission_percent = 5
_foul = "refuse"
_house_result = -9
"""


def test_an_old_history_replays_with_the_commission_rounded_up() -> None:
    [history] = loads(OLD_HISTORY)
    deal = replay(history)
    assert deal.rules.commission == "rounded-up"
    assert (deal.results[1].commission, deal.results[1].net) == (1, 9)
    assert finishing_stacks(history) == [109]
    history["_commission"] = "exact"  # the same deal under today's rule: a bet of 10 is refused
    with pytest.raises(HandHistoryError, match="a bet of 10 is not a multiple of 20"):
        replay(history)


def test_history_replay_reads_pai_gow_files(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "pg.phhs"
    deals = [_finished(seed) for seed in range(3)]
    stacks = {1: 100, 3: 50, 6: 20}
    texts = [dumps(deal_to_history(d, {}, stacks)) for d in deals]
    path.write_text("\n".join(f"[{i}]\n{t}" for i, t in enumerate(texts, start=1)))
    lines = list(replay_report([str(path)]))
    assert len(lines) == 3
    for line, deal in zip(lines, deals, strict=True):
        want = " ".join(str(stacks[s] + deal.results[s].net) for s in (1, 3, 6))
        assert line == f"{path} #{lines.index(line) + 1} _PAIGOW: {want}"


def test_settlement_events_name_each_result() -> None:
    deal = _deal("Ks Kd 8h 6c 4s Ac 2h")
    deal.set(1, "Ac 8h")
    [result] = [e for e in deal.events if isinstance(e, Settlement)]
    assert result == Settlement(1, 20, True, True, False, False, False, "win", 1, 19)
    assert parse_cards("Ac 8h") == deal.settings[1].front


# ---------------------------------------------------------------- views


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(2, 6))
def test_a_view_never_shows_a_hidden_card(seed: int, players: int) -> None:
    """Before the settlement a seat's view holds its own cards only (and a spectator's
    none); afterwards every hand is turned up."""
    import json

    rng = random.Random(seed)
    seats = sorted(rng.sample(range(1, 7), players))
    deal = PaiGowDeal(dict.fromkeys(seats, 20), rng=rng)
    for step in range(len(seats)):
        for seat in [*seats, None]:
            text = json.dumps(deal_view(deal, seat))
            shown = set(re.findall(r'"([2-9TJQKA][cdhs]|Jk)"', text))
            own = set() if seat is None else {c.ascii() for c in deal.cards(seat)}
            assert shown <= own, (seat, shown - own)
            if seat is not None:
                assert deal_view(deal, seat)["cards"] == [c.ascii() for c in deal.cards(seat)]
        deal.set_house_way(seats[step])
    assert deal.finished
    everything = {c.ascii() for s in [0, *seats] for c in deal.cards(s)}
    for seat in [*seats, None]:
        text = json.dumps(deal_view(deal, seat))
        assert set(re.findall(r'"([2-9TJQKA][cdhs]|Jk)"', text)) == everything
