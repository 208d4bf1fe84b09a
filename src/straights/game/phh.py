"""Hand histories in the PHH format (TOML), extended for Straights.

PHH is the plain-text hand-history standard of the PokerKit authors.  A
Straights deal uses its standard fields (``variant``, ``antes``,
``starting_stacks``, ``actions`` with ``d dh``, ``d db``, ``pN f``,
``pN cc``, ``pN cbr``, ``pN sm``, ``players``, ``finishing_stacks`` …) plus
``_``-prefixed fields for what PHH has no word for (the pack, the betting
structure, the key card, the carried pot).  ``docs/hand-history.md`` documents
every field.  Special cards are the capital letters ``S``, ``T``, ``R``
(``Ts`` is the ten of spades: suits are always lower case).

>>> from straights.game import Table, TableConfig
>>> t = Table(TableConfig(seats=2), ["ann", "bob"], seed=4)
>>> h = t.start_hand()
>>> while not h.finished:
...     _ = t.act(h.actor, "check" if h.can_check(h.actor) else "call")
>>> text = dumps_phh(hand_to_phh(h, names=["ann", "bob"]))
>>> replay_phh(loads_phh(text)).stacks == h.stacks
True
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple

from straights.cards import Card, parse_cards
from straights.errors import HandHistoryError, StraightsError
from straights.game.config import TableConfig
from straights.game.events import (
    Acted,
    HoleDealt,
    KeyDealt,
    KeyTurned,
    ShowdownRevealed,
    TableCardDealt,
)
from straights.game.hand import Hand
from straights.game.wording import seat_label
from straights.poker.phh_text import dumps_phh, dumps_phhs, phhs_entry

__all__ = [
    "VARIANT",
    "StrSetup",
    "dumps_phh",
    "dumps_phhs",
    "format_phh_cards",
    "hand_to_phh",
    "loads_phh",
    "loads_phhs",
    "parse_phh_cards",
    "phhs_entry",
    "replay_phh",
    "str_setup",
]

#: The ``variant`` code of a Straights history (not one of PokerKit's variants).
VARIANT: Final = "STR"
KEY_COMMENT: Final = "# key"
_CARD_RE: Final = re.compile(r"[2-9TJQKA][cdhs]|[STR]|\?\?")


def format_phh_cards(cards: Iterable[Card | None]) -> str:
    """PHH card string: cards run together, ``??`` for an unknown card.

    >>> format_phh_cards(parse_cards('Ts S 8h')) + format_phh_cards([None])
    'TsS8h??'
    """
    return "".join("??" if c is None else c.ascii() for c in cards)


def parse_phh_cards(text: str) -> list[Card | None]:
    """Read a PHH card string (``'TsS8h'``); ``??`` gives ``None``.

    >>> parse_phh_cards('TsS8h??')
    [Card('Ts'), Card('S'), Card('8h'), None]
    """
    out: list[Card | None] = []
    pos = 0
    while pos < len(text):
        m = _CARD_RE.match(text, pos)
        if m is None:
            raise HandHistoryError(
                f"{text!r} is not a PHH card string at {text[pos:]!r}: cards run together "
                "as rank+suit (Ts, 8h), S, T, R, or ?? for an unknown card"
            )
        token = m.group()
        out.append(None if token == "??" else Card(token))
        pos = m.end()
    return out


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


# -- TOML in -------------------------------------------------------------------------------


def loads_phh(text: str) -> dict[str, Any]:
    """Read one ``.phh`` text; raises :class:`HandHistoryError` for bad TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HandHistoryError(f"not a PHH (TOML) text: {exc}") from exc


def loads_phhs(text: str) -> list[dict[str, Any]]:
    """Read a ``.phhs`` text: every top-level table is one hand, in file order."""
    data = loads_phh(text)
    hands = [v for v in data.values() if isinstance(v, dict)]
    if len(hands) != len(data):
        raise HandHistoryError("a .phhs file holds only tables of hands ([1], [2], …)")
    return hands


def _field(history: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = history.get(name, default)
    # TOML booleans are Python bools, and bool is an int: never accept one for the other.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise HandHistoryError(
            f"hand history field {name!r} is {value!r}: expected a {kind.__name__}"
        )
    return value


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


class StrSetup(NamedTuple):
    """What an ``STR`` history deals: the table's settings, the seats (left of the
    button first), their stacks, the cards in Straights' dealing order (first hole
    card to each player, then the second, then the key card and the four face-up
    cards), the carried pot, the deal's number and its action lines."""

    config: TableConfig
    seats: list[int]
    stacks: list[int]
    deck: list[Card]
    carry: int
    number: int
    actions: list[str]


def str_setup(history: dict[str, Any]) -> StrSetup:
    """Read the deal an ``STR`` history describes (raises :class:`HandHistoryError`).

    >>> setup = str_setup({"starting_stacks": [5, 5], "min_bet": 1, "actions": [
    ...     "d dh p1 AsKd", "d dh p2 2c3c"], "_table_cards": ["9h", "4d", "5s", "6h", "7c"]})
    >>> setup.seats, setup.deck[:4], setup.config.pack
    ([0, 1], [Card('As'), Card('2c'), Card('Kd'), Card('3c')], 55)
    """
    stacks = _field(history, "starting_stacks", list)
    n = len(stacks)
    ante = _field(history, "min_bet", int)
    seats_1 = history.get("seats", list(range(1, n + 1)))
    seats = [s - 1 for s in seats_1]
    config = TableConfig(
        pack=_field(history, "_pack", int, 55),
        ante=ante,
        betting=_field(history, "_betting", str, "limit"),
        seats=_field(history, "seat_count", int, n),
        starting_stack=max(1, max(stacks)),
        penalty=_field(history, "_penalty", int, 1),
        penalty_payers=_field(history, "_penalty_payers", str, "dealt"),
        allow_many_seats=True,
    )
    actions = _field(history, "actions", list)
    holes: dict[int, list[Card]] = {}
    for line in actions:
        parts = str(line).split()
        if parts[:2] == ["d", "dh"] and len(parts) >= 4:
            player = _player(parts[2], n, line)
            cards = parse_phh_cards(parts[3])
            if len(cards) != 2 or None in cards:
                raise HandHistoryError(f"{line!r}: a deal needs both hole cards known")
            holes[player] = [c for c in cards if c is not None]
    if sorted(holes) != list(range(n)):
        raise HandHistoryError(f"hole cards dealt to players {sorted(holes)}, expected all {n}")
    table = [Card(c) for c in _field(history, "_table_cards", list)]
    deck = [holes[i][0] for i in range(n)] + [holes[i][1] for i in range(n)] + table
    carry = _field(history, "_carry_in", int, 0)
    number = _field(history, "hand", int, 1)
    return StrSetup(config, seats, stacks, deck, carry, number, [str(a) for a in actions])


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


def _player(token: str, n: int, line: str) -> int:
    if not (token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= n):
        raise HandHistoryError(f"{line!r}: {token!r} is not a player: use p1 to p{n}")
    return int(token[1:]) - 1


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
