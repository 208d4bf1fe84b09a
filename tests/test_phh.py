"""PHH hand histories: export, read back, replay to the identical final state, and an
independent re-check of every history's betting and showdown by the referee."""

from __future__ import annotations

import random
import re
import tomllib
from typing import Any

import pytest
from game_referee import RefDeal, referee
from oracle.straights_hand import Hand
from oracle.straights_phh import card_text, hand_to_phh, replay_phh
from oracle.straights_phh import read_cards as oracle_cards
from oracle.straights_table import Table

from straights.cards import Card
from straights.errors import HandHistoryError
from straights.game import TableConfig
from straights.poker.phh import loads, parse_phh_cards
from straights.poker.phh_text import dumps_phh, dumps_phhs
from straights.store.legacy_straights import replay_str

# The independent reader's own card notation: ids as in the project, written by hand here.
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_SPECIAL = {"S": 52, "T": 53, "R": 54}


def read_cards(text: str) -> list[int]:
    out, pos = [], 0
    while pos < len(text):
        if text[pos] in _RANKS and pos + 1 < len(text) and text[pos + 1] in _SUITS:
            out.append(_RANKS.index(text[pos]) * 4 + _SUITS.index(text[pos + 1]))
            pos += 2
        else:
            out.append(_SPECIAL[text[pos]])
            pos += 1
    return out


def phh_to_ref(h: dict[str, Any]) -> tuple[RefDeal, list[int]]:
    """Read a PHH dict with nothing but the PHH rules; return the deal and, for each board
    line after the first face-up card, how many player actions came before it."""
    n = len(h["starting_stacks"])
    holes: dict[int, tuple[int, int]] = {}
    actions: list[tuple[int, str, int | None]] = []
    board_after: list[int] = []
    board_lines = []
    for line in h["actions"]:
        m = re.fullmatch(r"d dh p(\d+) (\S+)", line)
        if m:
            a, b = read_cards(m.group(2))
            holes[int(m.group(1)) - 1] = (a, b)
            continue
        if line.startswith("d db "):
            board_lines.append(line)
            if len(board_lines) > 2:
                board_after.append(len(actions))
            continue
        m = re.fullmatch(r"p(\d+) (f|cc|cbr (\d+)|sm \S+)", line)
        assert m, line
        if m.group(2).startswith("sm"):
            continue
        kind = m.group(2).split()[0]
        actions.append((int(m.group(1)) - 1, kind, int(m.group(3)) if m.group(3) else None))
    assert board_lines[:2] == ["d db ?? # key", f"d db {h['_table_cards'][1]}"]
    later = [f"d db {c}" for c in h["_table_cards"][2:]] + [f"d db {h['_table_cards'][0]} # key"]
    assert board_lines[2:] == later[: len(board_lines) - 2]
    deal = RefDeal(
        pack=h["_pack"],
        ante=h["min_bet"],
        betting=h["_betting"],
        penalty=h["_penalty"],
        payers=h["_penalty_payers"],
        stacks=list(h["starting_stacks"]),
        carry_in=h["_carry_in"],
        holes=[holes[i] for i in range(n)],
        table=read_cards("".join(h["_table_cards"])),
        actions=actions,
    )
    return deal, board_after


def check_history(h: dict[str, Any]) -> None:
    deal, board_after = phh_to_ref(h)
    referee(deal)
    assert deal.final == h["finishing_stacks"]
    assert deal.carry_out == h["_carry_out"]
    # Each later table card is dealt exactly when a betting round ends.
    assert board_after == deal.round_starts[1 : 1 + len(board_after)]


def simulated(hands: int, seed: int, **cfg: Any) -> list[Hand]:
    """``hands`` deals at Straights' own table, seats acting at random or calling (a new
    table when one player has every chip)."""
    out: list[Hand] = []
    config = TableConfig(**cfg)
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(config.seats)]
    table = Table(config, names, seed=seed)
    while len(out) < hands:
        if table.is_over:
            table = Table(config, names, seed=rng.getrandbits(32))
        hand = table.start_hand()
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions(seat)
            calls = [a for a in legal if a.kind in ("check", "call")]
            action = calls[0] if seat % 3 == 1 else rng.choice(legal)
            table.act(seat, action.kind, action.to)
        out.append(hand)
    return out


def round_trip(hands: list[Hand]) -> None:
    text = dumps_phhs(hand_to_phh(h) for h in hands)
    read = loads(text)
    assert len(read) == len(hands)
    for hand, history in zip(hands, read, strict=True):
        replayed = replay_phh(history)
        assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in hand.events]
        assert replayed.stacks == hand.stacks and replayed.carry_out == hand.carry_out
        check_history(history)


def test_round_trip_quick() -> None:
    round_trip(simulated(300, 3, seats=6, starting_stack=12))
    round_trip(simulated(300, 4, seats=4, pack=52, betting="no-limit", starting_stack=30))


@pytest.mark.slow
@pytest.mark.parametrize(
    "cfg",
    [
        {"seats": 6, "starting_stack": 20},
        {"seats": 3, "betting": "no-limit", "starting_stack": 15},
        {"seats": 9, "pack": 52, "starting_stack": 40, "ante": 2},
        {"seats": 2, "betting": "no-limit", "starting_stack": 8, "penalty_payers": "showdown"},
    ],
)
def test_round_trip_10k(cfg: dict[str, Any]) -> None:
    """10,000 simulated deals in all (2,500 per configuration)."""
    round_trip(simulated(2500, 7, **cfg))


def test_phh_text_is_plain_toml_with_straights_fields() -> None:
    hand = simulated(1, 5, seats=3)[0]
    text = dumps_phh(hand_to_phh(hand, ["Ann", 'Bo "B"', "Cy"]))
    data = tomllib.loads(text)
    assert data["variant"] == "STR"
    assert data["players"] == ["Ann", 'Bo "B"', "Cy"]
    assert data["actions"][3] == "d db ?? # key"
    assert data["antes"] == [1, 1, 1] and data["min_bet"] == 1
    assert set(data) >= {"_pack", "_betting", "_table_cards", "_carry_in", "_carry_out"}


def test_special_cards_notation() -> None:
    assert [c.ascii() if c else None for c in parse_phh_cards("STR8hTs??")] == [
        "S",
        "T",
        "R",
        "8h",
        "Ts",
        None,
    ]
    with pytest.raises(HandHistoryError, match="not a PHH card string"):
        parse_phh_cards("Xx")


def _history() -> dict[str, Any]:
    hand = simulated(1, 8, seats=3, starting_stack=10)[0]
    return loads(dumps_phh(hand_to_phh(hand)))[0]


#: Histories made wrong, and words of the refusal: the oracle's, then the one engine's.
_BAD: list[tuple[Any, str, str]] = [
    (lambda h: h.update(finishing_stacks=[0, 0, 0]), "finishing_stacks", "finishing_stacks"),
    (lambda h: h["actions"].append("p1 cbr 999"), "cannot", "no deal is in progress"),
    (lambda h: h["actions"].insert(5, "p9 cc"), "not a player", "not a player"),
    (lambda h: h["actions"].insert(5, "p1 xx"), "not an action", "not an action"),
    (lambda h: h.update(starting_stacks="lots"), "expected a list", "expected a list"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [(lambda h: h.update(variant="NT"), "not Straights"), *((c, m) for c, m, _ in _BAD)],
)
def test_bad_histories_are_refused(change: Any, message: str) -> None:
    history = _history()
    change(history)
    with pytest.raises(HandHistoryError, match=message):
        replay_phh(history)


@pytest.mark.parametrize(("change", "message"), [(c, m) for c, _, m in _BAD])
def test_the_one_engine_refuses_them_too(change: Any, message: str) -> None:
    """``replay_str`` refuses what the oracle refuses (it is handed only ``STR``
    histories: the variant is its callers' choice)."""
    history = _history()
    change(history)
    with pytest.raises(HandHistoryError, match=message):
        replay_str(history)


def test_the_oracle_reads_straights_card_text_on_its_own() -> None:
    # ids written by hand: (rank - 2) * 4 + suit (c d h s), then S, T, R = 52, 53, 54
    assert oracle_cards("TsSTR8h??") == [Card(35), Card(52), Card(53), Card(54), Card(26), None]
    assert oracle_cards("TS") == [Card(53), Card(52)]  # suits are lower case: T, then S
    assert oracle_cards("ThT") == [Card(34), Card(53)]
    assert [card_text(Card(i)) for i in (0, 3, 34, 51, 52, 53, 54)] == [
        "2c", "2s", "Th", "As", "S", "T", "R"
    ]  # fmt: skip
    for bad in ("Xx", "Sc", "10h", "T♥", "Jk", "?"):
        with pytest.raises(HandHistoryError, match="not a PHH card string of Straights"):
            oracle_cards(bad)
    # the two readers, written apart, agree on every card of the 55-card pack
    for i in range(55):
        text = card_text(Card(i))
        assert oracle_cards(text) == parse_phh_cards(text) == [Card(i)]
        assert text == Card(i).ascii()


_STR = {"variant": "STR", "min_bet": 1, "starting_stacks": [5, 5],
        "_table_cards": ["9h", "4d", "5s", "6h", "7c"], "finishing_stacks": [6, 4],
        "actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f"]}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"_table_cards": ["9h", "4d", "5s", "6h", "7c", "8c"]}, "a deal has 5"),
        ({"_table_cards": ["10h", "4d", "5s", "6h", "7c"]}, "not a PHH card string"),
        ({"_table_cards": [9, "4d", "5s", "6h", "7c"]}, "9 is not one card"),
        ({"antes": [2, 2]}, "every player antes min_bet = 1"),
        ({"seats": [1, 7], "seat_count": 2}, "the table has 2"),
        ({"seats": ["a", "b"]}, "expected 2 numbers"),
        ({"starting_stacks": [5, "x"]}, "expected 2 numbers"),
        ({"starting_stacks": []}, "seats=0"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "d dh p1 QsQd", "p1 cbr 1", "p2 f"]},
         "dealt his hole cards already"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 cbr 1", "p2 f now"]}, "not an action"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "p1 sm AsKd", "p1 cbr 1", "p2 f"]},
         "before the showdown"),
        ({"actions": ["d dh p1 AsKd", "d dh p2 2c3c", "", "p1 cbr 1", "p2 f"]}, "empty action"),
    ],
)  # fmt: skip
def test_the_oracle_refuses_what_the_str_format_forbids(
    change: dict[str, Any], message: str
) -> None:
    assert replay_phh(_STR).stacks == [6, 4]
    with pytest.raises(HandHistoryError, match=message):
        replay_phh({**_STR, **change})


def _changed(history: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The history with one action line dropped, repeated, swapped with the next, or
    replaced, or one amount changed (never a second hole-card line or a card shown out of
    place: the oracle refuses those, the one engine is lenient; see the test above)."""
    acts = list(history["actions"])
    k = rng.randrange(len(acts))
    players = [i for i, a in enumerate(acts) if a.startswith("p")]
    change = rng.choice(["drop", "repeat", "swap", "replace", "amount"])
    if change == "drop":
        del acts[k]
    elif change == "repeat" and not acts[k].startswith("d dh"):
        acts.insert(k, acts[k])
    elif change == "swap" and k + 1 < len(acts) and " sm " not in acts[k] + acts[k + 1]:
        acts[k], acts[k + 1] = acts[k + 1], acts[k]
    elif change == "replace" and players:
        i = rng.choice(players)
        acts[i] = f"{acts[i].split()[0]} {rng.choice(['f', 'cc', 'cbr 1', 'cbr 3', 'cbr 4'])}"
    elif change == "amount" and (bets := [i for i, a in enumerate(acts) if " cbr " in a]):
        i = rng.choice(bets)
        who, _, amount = acts[i].split()
        acts[i] = f"{who} cbr {int(amount) + rng.choice([-1, 1, 2])}"
    return {**history, "actions": acts}


def test_the_oracle_and_the_one_engine_agree_on_changed_histories() -> None:
    """Random deals' histories, each changed at random: ``replay_str`` and the oracle
    both refuse it, or both replay it to the same stacks and carried pot."""
    rng = random.Random(5)
    hands = simulated(60, 11, seats=4, starting_stack=10)
    hands += simulated(60, 12, seats=3, pack=52, betting="no-limit", starting_stack=12)
    replayed = refused = 0
    for hand in hands:
        for _ in range(8):
            history = _changed(hand_to_phh(hand), rng)
            try:
                old = replay_phh(history)
            except HandHistoryError:
                with pytest.raises(HandHistoryError):
                    replay_str(history)
                refused += 1
                continue
            new = replay_str(history).deals[0]
            assert (list(new.stacks), new.carry_out) == (old.stacks, old.carry_out), history
            replayed += 1
    assert replayed > 120 and refused > 500  # both outcomes, many times over


def test_bad_toml_is_refused() -> None:
    with pytest.raises(HandHistoryError, match="not a PHH"):
        loads("variant = ")[0]
