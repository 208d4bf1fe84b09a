"""``STR`` hand histories written and replayed by Straights' own engine of releases up to
0.x (:mod:`oracle.straights_hand`): the oracle that writes the histories earlier releases
archived, to check that :func:`straights.store.legacy_straights.replay_str` reads them.

>>> from straights.game.config import TableConfig
>>> from straights.poker.phh import loads
>>> from straights.poker.phh_text import dumps_phh
>>> from oracle.straights_table import Table
>>> t = Table(TableConfig(seats=2), ["ann", "bob"], seed=4)
>>> h = t.start_hand()
>>> while not h.finished:
...     _ = t.act(h.actor, "check" if h.can_check(h.actor) else "call")
>>> text = dumps_phh(hand_to_phh(h, names=["ann", "bob"]))
>>> replay_phh(loads(text)[0]).stacks == h.stacks
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from oracle.events import (
    Acted,
    HoleDealt,
    KeyDealt,
    KeyTurned,
    ShowdownRevealed,
    TableCardDealt,
)
from oracle.straights_hand import Hand
from straights.cards import Card, parse_cards
from straights.errors import HandHistoryError, StraightsError
from straights.game.wording import seat_label
from straights.poker.phh import _player, parse_phh_cards
from straights.store.legacy_straights import VARIANT, str_setup

__all__ = ["hand_to_phh", "replay_phh"]

#: The comment on the key card's lines of an ``STR`` history.
KEY_COMMENT = "# key"


def format_phh_cards(cards: Iterable[Card | None]) -> str:
    """PHH card string: cards run together, ``??`` for an unknown card."""
    return "".join("??" if c is None else c.ascii() for c in cards)


def hand_to_phh(hand: Hand, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The finished (or running) deal as a PHH dict; ``names`` per player, left of the button
    first (default ``seat N``)."""
    cfg = hand.config
    n = hand.n
    p = {s: f"p{i + 1}" for i, s in enumerate(hand.seats)}
    actions: list[str] = []
    for e in hand.events:
        if isinstance(e, HoleDealt):
            actions.append(f"d dh {p[e.seat]} {format_phh_cards(e.cards)}")
        elif isinstance(e, KeyDealt):
            actions.append(f"d db ?? {KEY_COMMENT}")
        elif isinstance(e, TableCardDealt):
            actions.append(f"d db {e.card.ascii()}")
        elif isinstance(e, KeyTurned):
            actions.append(f"d db {e.card.ascii()} {KEY_COMMENT}")
        elif isinstance(e, Acted):
            if e.kind == "fold":
                actions.append(f"{p[e.seat]} f")
            elif e.kind in ("check", "call"):
                actions.append(f"{p[e.seat]} cc")
            else:
                actions.append(f"{p[e.seat]} cbr {e.to}")
        elif isinstance(e, ShowdownRevealed):
            actions.append(f"{p[e.seat]} sm {format_phh_cards(e.cards)}")
    out: dict[str, Any] = {
        "variant": VARIANT,
        "ante_trimming_status": True,
        "antes": [cfg.ante] * n,
        "blinds_or_straddles": [0] * n,
        "min_bet": cfg.ante,
        "starting_stacks": list(hand.starting_stacks),
        "actions": actions,
        "hand": hand.number,
        "seats": [s + 1 for s in hand.seats],
        "seat_count": cfg.seats,
        "players": list(names) if names is not None else [seat_label(s) for s in hand.seats],
    }
    if hand.finished:
        out["finishing_stacks"] = list(hand.stacks)
    out.update(
        {
            "_pack": cfg.pack,
            "_betting": cfg.betting,
            "_penalty": cfg.penalty,
            "_penalty_payers": cfg.penalty_payers,
            "_carry_in": hand.carry_in,
            "_table_cards": [c.ascii() for c in hand.table_cards],
        }
    )
    if hand.finished:
        out["_carry_out"] = hand.carry_out
    return out


def replay_phh(history: dict[str, Any]) -> Hand:
    """Replay a Straights PHH dict through the engine and check its outcome.

    Every action is checked as it is applied (an illegal one raises
    :class:`HandHistoryError` naming it), dealt cards must match the deal, and
    ``finishing_stacks`` / ``_carry_out`` must be what the engine computes.
    """
    if history.get("variant") != VARIANT:
        raise HandHistoryError(
            f"variant {history.get('variant')!r} is not Straights: expected {VARIANT!r}"
        )
    try:
        return _replay(history)
    except HandHistoryError:
        raise
    except StraightsError as exc:
        raise HandHistoryError(f"hand {history.get('hand', '?')}: {exc}") from exc


def _replay(history: dict[str, Any]) -> Hand:
    config, seats, stacks, deck, carry, number, actions = str_setup(history)
    n = len(stacks)
    hand = Hand(config, seats, stacks, parse_cards(deck), carry=carry, number=number)
    board: list[Card | None] = []
    for line in actions:
        _apply_line(hand, str(line), n, board)
    if "finishing_stacks" in history and history["finishing_stacks"] != hand.stacks:
        raise HandHistoryError(
            f"finishing_stacks {history['finishing_stacks']} but the replay ends with {hand.stacks}"
        )
    if "_carry_out" in history and history["_carry_out"] != hand.carry_out:
        raise HandHistoryError(
            f"_carry_out {history['_carry_out']} but the replay carries {hand.carry_out}"
        )
    return hand


def _apply_line(hand: Hand, line: str, n: int, board: list[Card | None]) -> None:
    body, _, comment = line.partition("#")
    parts = body.split()
    if not parts:
        raise HandHistoryError(f"empty action {line!r}")
    if parts[0] == "d":
        if parts[1:2] == ["db"] and len(parts) == 3:
            _check_board(hand, parse_phh_cards(parts[2]), comment.strip() == "key", line, board)
        elif parts[1:2] != ["dh"]:
            raise HandHistoryError(f"{line!r}: the dealer only deals hole (dh) and table (db)")
        return
    i = _player(parts[0], n, line)
    seat = hand.seats[i]
    op = parts[1] if len(parts) > 1 else ""
    if op == "f":
        hand.fold_or_forfeit(seat)  # a player who left the table forfeits
    elif op == "cc":
        hand.act(seat, "check" if hand.can_check(seat) else "call")
    elif op == "cbr" and len(parts) == 3 and parts[2].isdigit():
        hand.act(seat, "bet" if hand.level < 0 else "raise", int(parts[2]))
    elif op == "sm" and len(parts) == 3:
        if list(hand.holes[i]) != parse_phh_cards(parts[2]):
            raise HandHistoryError(f"{line!r}: p{i + 1} holds {format_phh_cards(hand.holes[i])}")
        if not hand.finished:
            raise HandHistoryError(f"{line!r}: cards shown before the showdown")
    else:
        raise HandHistoryError(
            f"{line!r} is not an action: use pN f, pN cc, pN cbr AMOUNT, pN sm CARDS"
        )


def _check_board(
    hand: Hand, cards: list[Card | None], key: bool, line: str, board: list[Card | None]
) -> None:
    """Board lines must follow the deal: ``?? # key``, the four face-up cards, ``Xx # key``."""
    if len(cards) != 1:
        raise HandHistoryError(f"{line!r}: Straights deals table cards one at a time")
    card = cards[0]
    k = len(board)
    table = hand.table_cards
    expected: list[tuple[Card | None, bool]] = [(None, True)] + [(c, False) for c in table[1:]]
    expected.append((table[0], True))
    if k >= len(expected) or (card, key) != expected[k]:
        want = expected[k] if k < len(expected) else None
        text = "nothing more" if want is None else _board_text(*want)
        raise HandHistoryError(f"{line!r}: table card {k + 1} of this deal is {text}")
    dealt = 1 + hand.face_up + hand.key_turned  # lines the engine has dealt so far
    if k >= dealt:
        raise HandHistoryError(f"{line!r}: dealt before the betting round was over")
    board.append(card)


def _board_text(card: Card | None, key: bool) -> str:
    return ("??" if card is None else card.ascii()) + (f" {KEY_COMMENT}" if key else "")
