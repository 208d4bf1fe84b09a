"""``STR`` hand histories written and replayed by Straights' own engine of releases up to
0.x (:mod:`oracle.straights_hand`): the oracle that writes the histories earlier releases
archived, to check that :func:`straights.store.legacy_straights.replay_str` reads them.

It reads and writes an ``STR`` history on its own, from ``docs/hand-history.md`` (fields,
actions) and ``/work/shared/rules/straights.md`` (card notation): none of the package's
history, table or notation code is used, only the plain value types the old engine takes,
:class:`~straights.cards.Card` (made from its id, the layout ``straights.cards`` documents)
and :class:`~straights.game.config.TableConfig`.

>>> from straights.game.config import TableConfig
>>> from oracle.straights_table import Table
>>> t = Table(TableConfig(seats=2), ["ann", "bob"], seed=4)
>>> h = t.start_hand()
>>> while not h.finished:
...     _ = t.act(h.actor, "check" if h.can_check(h.actor) else "call")
>>> history = hand_to_phh(h, names=["ann", "bob"])
>>> replay_phh(history).stacks == h.stacks
True
>>> read_cards("TsSTR8h??")  # ten of spades, S, T, R, eight of hearts, an unknown card
[Card('Ts'), Card('S'), Card('T'), Card('R'), Card('8h'), None]
>>> card_text(Card(53)), card_text(Card(34))
('T', 'Th')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from oracle.events import (
    Acted,
    HoleDealt,
    KeyDealt,
    KeyTurned,
    ShowdownRevealed,
    TableCardDealt,
)
from oracle.straights_hand import Hand
from straights.cards import Card
from straights.errors import HandHistoryError, StraightsError
from straights.game.config import TableConfig

__all__ = ["VARIANT", "card_text", "hand_to_phh", "read_cards", "replay_phh"]

#: The ``variant`` code of a Straights history.
VARIANT: Final = "STR"
#: The comment on the key card's lines of an ``STR`` history.
KEY_COMMENT: Final = "# key"

# Card notation (rules, "Cards and notation"): a rank then a lower-case suit, or one of the
# capital letters S, T, R alone; PHH's ``??`` is an unknown card.  Card ids: ranked cards
# ``(rank - 2) * 4 + suit`` (suits c d h s), then S, T, R as 52, 53, 54.
_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"
_SPECIALS: Final = "STR"
_FIRST_SPECIAL: Final = 52
_TABLE_CARDS: Final = 5


def card_text(card: Card) -> str:
    """A Straights card in PHH's notation: ``'Qs'``, ``'Th'`` (ten), ``'S'``, ``'T'``, ``'R'``.

    >>> card_text(Card(0)), card_text(Card(51)), card_text(Card(52))
    ('2c', 'As', 'S')
    """
    i = card.id
    if i < _FIRST_SPECIAL:
        return _RANKS[i // 4] + _SUITS[i % 4]
    if i < _FIRST_SPECIAL + len(_SPECIALS):
        return _SPECIALS[i - _FIRST_SPECIAL]
    raise HandHistoryError(f"card id {i} is not a card of Straights")


def read_cards(text: str, line: str | None = None) -> list[Card | None]:
    """Read a PHH card string of Straights (cards run together; ``??`` gives ``None``).

    >>> read_cards("TS??")  # T then S (suits are lower case), then an unknown card
    [Card('T'), Card('S'), None]
    >>> read_cards("Tx")
    Traceback (most recent call last):
    ...
    straights.errors.HandHistoryError: 'Tx' is not a PHH card string of Straights
    """
    out: list[Card | None] = []
    pos = 0
    while pos < len(text):
        pair = text[pos : pos + 2]
        if pair == "??":
            out.append(None)
            pos += 2
        elif len(pair) == 2 and pair[0] in _RANKS and pair[1] in _SUITS:
            out.append(Card(_RANKS.index(pair[0]) * 4 + _SUITS.index(pair[1])))
            pos += 2
        elif text[pos] in _SPECIALS:
            out.append(Card(_FIRST_SPECIAL + _SPECIALS.index(text[pos])))
            pos += 1
        else:
            where = "" if line is None else f"{line!r}: "
            raise HandHistoryError(f"{where}{text!r} is not a PHH card string of Straights")
    return out


def format_phh_cards(cards: Iterable[Card | None]) -> str:
    """PHH card string: cards run together, ``??`` for an unknown card."""
    return "".join("??" if c is None else card_text(c) for c in cards)


def hand_to_phh(hand: Hand, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The finished (or running) deal as a PHH dict; ``names`` per player, left of the button
    first (default ``seat N``, counted from 1)."""
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
            actions.append(f"d db {card_text(e.card)}")
        elif isinstance(e, KeyTurned):
            actions.append(f"d db {card_text(e.card)} {KEY_COMMENT}")
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
        "players": list(names) if names is not None else [f"seat {s + 1}" for s in hand.seats],
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
            "_table_cards": [card_text(c) for c in hand.table_cards],
        }
    )
    if hand.finished:
        out["_carry_out"] = hand.carry_out
    return out


def replay_phh(history: Mapping[str, Any]) -> Hand:
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


def _field(history: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    """A field of the history of type ``kind`` (``default`` when absent; never a bool for
    a number: TOML's ``true`` is not a chip count)."""
    value = history.get(name, default)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise HandHistoryError(
            f"hand history field {name!r} is {value!r}: expected a {kind.__name__}"
        )
    return value


def _ints(history: Mapping[str, Any], name: str, n: int, default: Any = None) -> list[int]:
    """A field that is a list of ``n`` whole numbers."""
    values = _field(history, name, list, default)
    if len(values) != n or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise HandHistoryError(f"hand history field {name!r} is {values!r}: expected {n} numbers")
    return list(values)


def _player(token: str, n: int, line: str) -> int:
    """The player index of ``pN`` (1 to ``n``)."""
    digits = token[1:]
    if not (token[:1] == "p" and digits.isdigit() and 1 <= int(digits) <= n):
        raise HandHistoryError(f"{line!r}: {token!r} is not a player: use p1 to p{n}")
    return int(digits) - 1


def _config(history: Mapping[str, Any], stacks: list[int]) -> TableConfig:
    ante = _field(history, "min_bet", int)
    antes = history.get("antes")
    if antes is not None and antes != [ante] * len(stacks):
        raise HandHistoryError(f"antes {antes!r}: every player antes min_bet = {ante}")
    return TableConfig(
        pack=_field(history, "_pack", int, 55),
        ante=ante,
        betting=_field(history, "_betting", str, "limit"),
        seats=_field(history, "seat_count", int, len(stacks)),
        starting_stack=max([1, *stacks]),
        penalty=_field(history, "_penalty", int, 1),
        penalty_payers=_field(history, "_penalty_payers", str, "dealt"),
        allow_many_seats=True,
    )


def _deck(actions: list[str], table_cards: list[Any], n: int) -> list[Card]:
    """The cards in the old table's dealing order: every player's first hole card (from
    the left of the button), then every second one, then the key card and the four
    face-up cards."""
    holes: dict[int, list[Card]] = {}
    for line in actions:
        parts = line.split()
        if parts[:2] != ["d", "dh"]:
            continue
        i = _player(parts[2] if len(parts) > 2 else "", n, line)
        cards = read_cards(parts[3], line) if len(parts) == 4 else []
        if len(cards) != 2 or None in cards:
            raise HandHistoryError(f"{line!r}: a deal needs both hole cards known")
        if i in holes:
            raise HandHistoryError(f"{line!r}: p{i + 1} was dealt his hole cards already")
        holes[i] = [c for c in cards if c is not None]
    if len(holes) != n:
        raise HandHistoryError(f"hole cards dealt to players {sorted(holes)}, expected all {n}")
    if len(table_cards) != _TABLE_CARDS:
        raise HandHistoryError(f"_table_cards {table_cards!r}: a deal has {_TABLE_CARDS}")
    table: list[Card] = []
    for text in table_cards:
        cards = read_cards(text) if isinstance(text, str) else []
        if len(cards) != 1 or cards[0] is None:
            raise HandHistoryError(f"_table_cards {table_cards!r}: {text!r} is not one card")
        table.append(cards[0])
    return [holes[i][0] for i in range(n)] + [holes[i][1] for i in range(n)] + table


def _replay(history: Mapping[str, Any]) -> Hand:
    stacks = _field(history, "starting_stacks", list)
    n = len(stacks)
    stacks = _ints(history, "starting_stacks", n)
    config = _config(history, stacks)
    actions = [str(a) for a in _field(history, "actions", list)]
    deck = _deck(actions, _field(history, "_table_cards", list), n)
    seats = [s - 1 for s in _ints(history, "seats", n, list(range(1, n + 1)))]
    if not all(0 <= s < config.seats for s in seats):
        raise HandHistoryError(f"seats {[s + 1 for s in seats]}: the table has {config.seats}")
    carry = _field(history, "_carry_in", int, 0)
    number = _field(history, "hand", int, 1)
    hand = Hand(config, seats, stacks, deck, carry=carry, number=number)
    board: list[Card | None] = []
    for line in actions:
        _apply_line(hand, line, n, board)
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
            _check_board(hand, read_cards(parts[2], line), comment.strip() == "key", line, board)
        elif parts[1:2] != ["dh"]:
            raise HandHistoryError(f"{line!r}: the dealer only deals hole (dh) and table (db)")
        return
    i = _player(parts[0], n, line)
    seat = hand.seats[i]
    op = parts[1] if len(parts) > 1 else ""
    if op == "f" and len(parts) == 2:
        hand.fold_or_forfeit(seat)  # a player who left the table forfeits
    elif op == "cc" and len(parts) == 2:
        hand.act(seat, "check" if hand.can_check(seat) else "call")
    elif op == "cbr" and len(parts) == 3 and parts[2].isdigit():
        hand.act(seat, "bet" if hand.level < 0 else "raise", int(parts[2]))
    elif op == "sm" and len(parts) == 3:
        if list(hand.holes[i]) != read_cards(parts[2], line):
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
    return ("??" if card is None else card_text(card)) + (f" {KEY_COMMENT}" if key else "")
