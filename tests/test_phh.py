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
from oracle.straights_phh import hand_to_phh, replay_phh
from oracle.straights_table import Table

from straights.errors import HandHistoryError
from straights.game import TableConfig
from straights.poker.phh import loads, parse_phh_cards
from straights.poker.phh_text import dumps_phh, dumps_phhs

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


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.update(variant="NT"), "not Straights"),
        (lambda h: h.update(finishing_stacks=[0, 0, 0]), "finishing_stacks"),
        (lambda h: h["actions"].append("p1 cbr 999"), "cannot"),
        (lambda h: h["actions"].insert(5, "p9 cc"), "not a player"),
        (lambda h: h["actions"].insert(5, "p1 xx"), "not an action"),
        (lambda h: h.update(starting_stacks="lots"), "expected a list"),
    ],
)
def test_bad_histories_are_refused(change: Any, message: str) -> None:
    history = _history()
    change(history)
    with pytest.raises(HandHistoryError, match=message):
        replay_phh(history)


def test_bad_toml_is_refused() -> None:
    with pytest.raises(HandHistoryError, match="not a PHH"):
        loads("variant = ")[0]
