"""PHH hand histories of every variant: replay real files through the engine, export deals.

Reading follows the files PokerKit writes and reads (``shared/data/phh/README.md``):

* money may be decimal (dollars and cents): every amount of a hand is scaled by
  one power of ten to whole chips (``Decimal``, never floats) and scaled back;
* heads-up, ``antes`` and ``blinds_or_straddles`` are listed the other way round
  (``[5, 10]``: ``p1`` posts 10, ``p2`` — the button — posts 5);
* a negative blind is a live "post" of that size;
* ``????`` cards are unknown; a player whose cards stay unknown cannot win;
* ``sm`` may come before later board cards (an all-in showdown), repeatedly;
  a bare ``sm`` mucks; a player who never shows at the final showdown mucks,
  one who never shows at an earlier (all-in) showdown keeps what is known;
* ``# comments`` inside action strings are ignored; burn cards are never written.

Straddles are blinds (``blinds_or_straddles``, as the standard has them).  Where the
standard has no field, a history uses user-defined (underscore) ones:

* ``_bomb_pot = true``: the antes are a bomb pot's, nobody bets before the flop; the
  export still writes each player's check before the flop (``pN cc``), so readers
  that do not know the field (PokerKit) play the same hand;
* ``_runs = N``: the table offered to run the board up to N times; ``pN _runs K``
  is a player's answer, and each further run's board follows the first run's
  (``d db`` lines, after a ``# run 2`` no-op);
* ``_double_board = true``: two boards; each street's ``d db`` line of the first
  board is followed by the second board's.

>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [0.5, 1]
... min_bet = 1
... starting_stacks = [10.25, 20]
... actions = ["d dh p1 AsAd", "d dh p2 KcKd", "p2 cbr 3.5", "p1 cc",
...            "d db 2c3d9h", "p1 cbr 6.75 # all in", "p2 cc", "d db Th", "d db Jh",
...            "p1 sm AsAd", "p2 sm KcKd"]
... '''
>>> replay(loads(text)[0]).finishing_stacks
[Decimal('20.50'), Decimal('9.75')]
"""

from __future__ import annotations

import re
import tomllib
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, Final

from straights.cards import Card, check_unique
from straights.errors import HandHistoryError, StraightsError
from straights.poker.catalogue import get_variant
from straights.poker.engine import Deal, Entry
from straights.poker.house import TABLE_BETTING, HouseRules
from straights.poker.phh_text import dumps_phh
from straights.poker.variant import Stakes, Structure, Variant

__all__ = [
    "Replayed",
    "deal_to_phh",
    "dumps",
    "loads",
    "parse_phh_cards",
    "replay",
]

#: S T R: Straights' cards; ``Jk`` (``Jk2`` …): jokers, which PHH does not define.
_CARD_RE: Final = re.compile(r"[2-9TJQKA][cdhs]|[STR]|\?\?|Jk(?:1[0-6]|[1-9])?(?![cdhs])")
_MONEY_FIELDS: Final = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
                        "min_bet", "starting_stacks")  # fmt: skip


def loads(text: str) -> list[dict[str, Any]]:
    """The hands of a ``.phh`` (one) or ``.phhs`` (tables ``[1]``, ``[2]`` …) text.

    Decimal numbers are read exactly (:class:`~decimal.Decimal`).
    """
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise HandHistoryError(f"not a PHH (TOML) text: {exc}") from exc
    if "variant" in data or "actions" in data:
        return [data]
    hands = [v for v in data.values() if isinstance(v, dict)]
    if not hands or len(hands) != len(data):
        raise HandHistoryError("neither a hand (no 'variant') nor a .phhs file of [n] tables")
    return hands


def parse_phh_cards(text: str, line: str | None = None) -> list[Card | None]:
    """Read a PHH card string (``'TsS8h'``, of action ``line`` if given); ``??`` gives
    ``None``.

    >>> parse_phh_cards('TsS8h??')
    [Card('Ts'), Card('S'), Card('8h'), None]
    """
    out: list[Card | None] = []
    pos = 0
    while pos < len(text):
        m = _CARD_RE.match(text, pos)
        if m is None:
            where = "" if line is None else f"{line!r}: "
            raise HandHistoryError(f"{where}{text!r} is not a PHH card string")
        out.append(None if m.group() == "??" else Card(m.group()))
        pos = m.end()
    return out


class _HistorySource:
    """Hands out the cards a history deals, player by player and board line by line."""

    def __init__(
        self, holes: dict[int, deque[list[Card | None]]], boards: deque[list[Card | None]]
    ):
        self.holes = holes
        self.boards = boards

    @property
    def remaining(self) -> int:
        return 10**6

    def hole(self, player: int, count: int) -> list[Card | None]:
        queue = self.holes.get(player)
        if not queue:
            return [None] * count  # never written down: unknown
        cards = queue.popleft()
        if len(cards) != count:
            raise HandHistoryError(f"p{player + 1} is dealt {len(cards)} cards where the "
                                   f"variant deals {count}")  # fmt: skip
        return cards

    def board(self, count: int) -> list[Card | None]:
        if not self.boards:
            return [None] * count
        cards = self.boards.popleft()
        if len(cards) != count:
            raise HandHistoryError(
                f"{len(cards)} board cards dealt where the variant deals {count}"
            )
        return cards

    def burn(self, count: int) -> list[Card | None]:
        return [None] * count

    def restock(self, cards: Iterable[Card | None]) -> None:
        return None


def _money(value: Any, name: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise HandHistoryError(f"{name} = {value!r} is not an amount of money")
    return Decimal(value)


def _per_player(history: dict[str, Any], name: str, n: int) -> list[Decimal]:
    value = history.get(name, 0)
    if isinstance(value, list):
        values = [_money(v, name) for v in value]
        if len(values) > n:
            raise HandHistoryError(f"{name} has {len(values)} entries for {n} players")
        return values + [Decimal(0)] * (n - len(values))
    return [_money(value, name)] * n


def _amounts(history: dict[str, Any], actions: list[str]) -> list[Decimal]:
    found: list[Decimal] = []
    for name in _MONEY_FIELDS:
        value = history.get(name)
        if isinstance(value, list):
            found += [_money(v, name) for v in value]
        elif value is not None:
            found.append(_money(value, name))
    for line in actions:
        words = line.split("#")[0].split()
        if len(words) == 3 and words[1] == "cbr":
            try:
                found.append(Decimal(words[2]))
            except ArithmeticError:
                raise HandHistoryError(f"{line!r}: {words[2]!r} is not an amount") from None
    return found


def _scale(values: Sequence[Decimal]) -> int:
    """The power of ten that makes every amount whole."""
    places = 0
    for v in values:
        if not v.is_finite():
            raise HandHistoryError(f"the amount {v} is not finite: stacks must be known")
        exponent = v.normalize().as_tuple().exponent
        assert isinstance(exponent, int)
        places = max(places, -exponent)
    return int(10**places)


def _chips(value: Decimal, scale: int, what: str) -> int:
    scaled = value * scale
    if scaled != scaled.to_integral_value():
        raise HandHistoryError(f"{what} {value} is finer than the hand's smallest unit")
    return int(scaled)


@dataclass(frozen=True)
class Replayed:
    """A replayed hand: the engine's deal and the scale of its chips to money."""

    deal: Deal
    scale: int
    variant: Variant

    @property
    def finishing_stacks(self) -> list[int | Decimal]:
        """Finishing stacks in the history's own money (ints when whole)."""
        return [_money_out(s, self.scale) for s in self.deal.stacks]


def _money_out(chips: int, scale: int) -> int | Decimal:
    if scale == 1:
        return chips
    value = Decimal(chips) / scale
    places = len(str(scale)) - 1
    return value.quantize(Decimal(1).scaleb(-places))


def replay(history: dict[str, Any]) -> Replayed:
    """Replay one PHH hand through the engine; raises :class:`HandHistoryError` naming
    the first problem (an unknown variant, an illegal action, bad cards …)."""
    try:
        return _replay(history)
    except HandHistoryError:
        raise
    except StraightsError as exc:
        raise HandHistoryError(str(exc)) from exc


def _replay(history: dict[str, Any]) -> Replayed:
    code = history.get("variant")
    if not isinstance(code, str):
        raise HandHistoryError("the hand has no 'variant'")
    variant = get_variant(code)
    stacks_in = history.get("starting_stacks")
    if not isinstance(stacks_in, list) or len(stacks_in) < 2:
        raise HandHistoryError("starting_stacks must list at least two players")
    n = len(stacks_in)
    actions = [str(a) for a in history.get("actions", [])]
    scale = _scale(_amounts(history, actions))
    antes = [_chips(v, scale, "ante") for v in _per_player(history, "antes", n)]
    blinds = [_chips(v, scale, "blind") for v in _per_player(history, "blinds_or_straddles", n)]
    if n == 2:
        antes.reverse()
        blinds.reverse()

    def one(name: str) -> int:
        return _chips(_money(history.get(name, 0), name), scale, name)

    stakes = Stakes(
        antes=tuple(antes),
        blinds=tuple(blinds),
        bring_in=one("bring_in"),
        small_bet=one("small_bet"),
        big_bet=one("big_bet"),
        min_bet=one("min_bet"),
        trim_antes=bool(history.get("ante_trimming_status", False)),
    )
    stacks = [_chips(_money(s, "starting_stacks"), scale, "stack") for s in stacks_in]
    bomb_pot = history.get("_bomb_pot", False)
    double_board = history.get("_double_board", False)
    runs = history.get("_runs", 1)
    for name, flag in (("_bomb_pot", bomb_pot), ("_double_board", double_board)):
        if not isinstance(flag, bool):
            raise HandHistoryError(f"{name} = {flag!r}: give true or false")
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise HandHistoryError(f"_runs = {runs!r}: give the most runs of the board, 1 or more")
    holes: dict[int, deque[list[Card | None]]] = {}
    boards: deque[list[Card | None]] = deque()
    moves: list[tuple[str, list[str], int]] = []
    for line in actions:
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                player = _player(words[2], n, line)
                holes.setdefault(player, deque()).append(parse_phh_cards(words[3], line))
            elif len(words) == 3 and words[1] == "db":
                boards.append(parse_phh_cards(words[2], line))
            else:
                raise HandHistoryError(f"{line!r}: the dealer deals hole (dh) or board (db) cards")
        elif bomb_pot and not boards and words[1:] == ["cc"]:
            continue  # a bomb pot's checks before the flop, for readers without _bomb_pot
        else:
            moves.append((line, words, len(boards) + sum(len(q) for q in holes.values())))
    _check_dealt_once(actions)
    # A show is final when no card is dealt after it (PokerKit: on the last street).
    dealt = len(boards) + sum(len(q) for q in holes.values())
    moves = [(line, words, int(before == dealt)) for line, words, before in moves]
    deal = Deal(variant, stakes, stacks, _HistorySource(holes, boards), auto_showdown=False,
                needless_folds=True, bomb_pot=bomb_pot, runs=runs, double_board=double_board,
                house=_house(history))  # fmt: skip
    for line, words, final in moves:
        _apply(deal, line, words, n, scale, final)
    if deal.phase == "showdown":
        early = deal.showdown_street is not None and deal.showdown_street < len(variant.streets) - 1
        for i in list(deal.to_show):
            deal.show(i, forget=not early)
        deal.settle()
    if not deal.finished:
        raise HandHistoryError(
            f"the history stops in the {deal.street_name} ({deal.phase}) before the deal ends"
        )
    left = sum(len(q) for q in holes.values()) + len(boards)
    if left:
        raise HandHistoryError(f"{left} dealing lines deal cards the deal never reaches")
    return Replayed(deal, scale, variant)


def _house(history: dict[str, Any]) -> HouseRules | None:
    """The house rules a history was played under: its ``_``-fields named after
    :class:`HouseRules`' (``_raise_cap = 3``, ``_sevens_rule = false``); ``None``: none
    written, the rule book's."""
    changes = {f.name: history[f"_{f.name}"] for f in fields(HouseRules)
               if f"_{f.name}" in history and f.name not in TABLE_BETTING}  # fmt: skip
    return HouseRules.from_changes(changes) if changes else None


def _check_dealt_once(actions: Sequence[str]) -> None:
    """Refuse a history that deals a card while it is still out: dealt and neither
    discarded nor folded since (a draw game's new stock may deal such a card again;
    where discards are hidden, a card may come back while hidden discards remain).

    >>> from straights.errors import DuplicateCardError
    >>> try:
    ...     _check_dealt_once(["d dh p1 7c8d", "d dh p2 7c9s"])
    ... except DuplicateCardError as exc:
    ...     print(exc)
    7c appears twice among the cards the history deals: every card is unique
    >>> _check_dealt_once(["d dh p1 7c8d", "d dh p2 9s9h", "d dh p3 2s3s", "p1 sd 7c",
    ...                    "d dh p1 2c", "p3 f", "p2 sd 9s2s", "d dh p2 7c3s"])
    """
    owner: dict[Card, str] = {}
    hidden = 0
    for line in actions:
        words = line.split("#")[0].split()
        if len(words) >= 3 and words[0] == "d" and words[1] in ("dh", "db"):
            for card in parse_phh_cards(words[-1], line):
                if card is None:
                    continue
                if card in owner:
                    if not hidden:
                        check_unique([card, card], "among the cards the history deals")
                    hidden -= 1
                owner[card] = words[2] if words[1] == "dh" else "board"
        elif len(words) == 3 and words[1] == "sd":
            for card in parse_phh_cards(words[2], line):
                if card is None:
                    hidden += 1
                else:
                    owner.pop(card, None)
        elif len(words) == 2 and words[1] == "f":
            for card in [c for c, who in owner.items() if who == words[0]]:
                del owner[card]


def _player(token: str, n: int, line: str) -> int:
    if not (token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= n):
        raise HandHistoryError(f"{line!r}: {token!r} is not a player: use p1 to p{n}")
    return int(token[1:]) - 1


def _apply(deal: Deal, line: str, words: list[str], n: int, scale: int, final: int) -> None:
    i = _player(words[0], n, line)
    op = words[1] if len(words) > 1 else ""
    if op == "sm":
        if deal.finished:
            return  # shown after winning uncontested, or after the pot was decided
        if len(words) == 2:
            deal.muck(i)
        elif words[2] == "-":
            deal.show(i)
        else:
            deal.show(i, parse_phh_cards(words[2], line), forget=bool(final))
        return
    if deal.actor != i:
        who = "nobody" if deal.actor is None else f"p{deal.actor + 1}"
        raise HandHistoryError(f"{line!r}: it is {who}'s turn ({deal.street_name}, {deal.phase})")
    if op == "sd":
        deal.discard(parse_phh_cards(words[2], line) if len(words) == 3 else [])
    elif op == "_up" and len(words) == 3:
        deal.expose(parse_phh_cards(words[2], line))
    elif op == "_runs" and len(words) == 3 and words[2].isdigit():
        deal.choose_runs(int(words[2]))
    elif op == "f" and len(words) == 2:
        deal.act("fold")
    elif op == "cc" and len(words) == 2:
        deal.act(_one_of(deal, ("check", "call")))
    elif op == "pb" and len(words) == 2:
        deal.act("bring-in")
    elif op == "cbr" and len(words) == 3:
        kind = _one_of(deal, ("bet", "raise", "complete"))
        to = _chips(_amount(words[2], line), scale, "amount")
        legal = next((a for a in deal.legal_actions() if a.kind == kind), None)
        if legal is not None and not legal.low <= to <= legal.high and scale != 1:
            low, high = (_money_out(x, scale) for x in (legal.low, legal.high))  # in money
            raise HandHistoryError(f"{line!r}: p{i + 1} cannot {kind} to {words[2]}: the range "
                                   f"now is {low} to {high}")  # fmt: skip
        deal.act(kind, to)
    else:
        raise HandHistoryError(
            f"{line!r} is not a PHH action (f, cc, cbr X, pb, sd, sm, _up, _runs N)"
        )


def _one_of(deal: Deal, kinds: tuple[str, ...]) -> str:
    """The one of ``kinds`` that is legal now (PHH's ``cc`` and ``cbr`` cover several)."""
    legal = {a.kind for a in deal.legal_actions()}
    return next((k for k in kinds if k in legal), kinds[-1])


def _amount(text: str, line: str) -> Decimal:
    try:
        return Decimal(text)
    except ArithmeticError:
        raise HandHistoryError(f"{line!r}: {text!r} is not an amount") from None


# -- export ----------------------------------------------------------------------------------


def _text(cards: Iterable[Card | None]) -> str:
    return "".join("??" if c is None else c.ascii() for c in cards)


def deal_to_phh(deal: Deal) -> dict[str, Any]:
    """A deal as a PHH dict (integer chips), readable by :func:`replay` and PokerKit."""
    out = _phh_stakes(deal)
    out["starting_stacks"] = list(deal.starting_stacks)
    out.update({f"_{k}": v for k, v in deal.house.changes().items() if k not in TABLE_BETTING})
    if deal.bomb_pot:
        out["_bomb_pot"] = True
    if deal.most_runs > 1:
        out["_runs"] = deal.most_runs
    if deal.double_board:
        out["_double_board"] = True
    lines: list[str] = []
    flop_dealt = False
    # A draw's replacements, dealt to each player as he draws, are written after the
    # last player drew, as the standard (and PokerKit) deals them.
    held: list[str] = []
    for k, e in enumerate(deal.log):
        drawing = e.kind in ("discard", "fold") or (e.kind == "hole" and held)
        if held and not drawing:
            lines.extend(held)
            held = []
        if e.kind == "no betting" and deal.bomb_pot and not flop_dealt:
            lines.extend(_bomb_checks(deal))
            flop_dealt = True
        elif (line := _action_line(e)) is None:
            continue
        elif e.kind == "hole" and (held or (k and deal.replaced(k - 1))):
            held.append(line)
        else:
            lines.append(line)
    lines.extend(held)
    out["actions"] = lines
    if deal.finished:
        out["finishing_stacks"] = list(deal.stacks)
    return out


def _phh_stakes(deal: Deal) -> dict[str, Any]:
    """The variant and stakes fields of ``deal``'s PHH dict."""
    v, st = deal.variant, deal.stakes
    antes, blinds = list(st.antes), list(st.blinds)
    if deal.n == 2:
        antes.reverse()
        blinds.reverse()
    out: dict[str, Any] = {"variant": v.code, "ante_trimming_status": st.trim_antes,
                           "antes": antes}  # fmt: skip
    if v.blinds:
        out["blinds_or_straddles"] = blinds
    if v.bring_in:
        out["bring_in"] = st.bring_in
    if v.structure is Structure.FIXED_LIMIT:
        out["small_bet"], out["big_bet"] = st.small_bet, st.big_bet
    else:
        out["min_bet"] = st.min_bet
    return out


#: Log entries written as one fixed PHH action of the player.
_PLAIN: Final = {"fold": "f", "check": "cc", "call": "cc", "bring-in": "pb", "muck": "sm"}


def _action_line(e: Entry) -> str | None:
    """The PHH action line of one log entry (``None``: the entry writes none)."""
    p = f"p{(e.player or 0) + 1}"
    kind = e.kind
    if kind in _PLAIN:
        return f"{p} {_PLAIN[kind]}"
    if kind == "hole":
        return f"d dh {p} {_text(e.cards)}"
    if kind in ("board", "runout"):
        return f"d db {_text(e.cards)}"
    if kind == "runs":
        return f"{p} _runs {e.amount}"
    if kind == "run":
        return f"# run {e.amount}"
    if kind in ("bet", "raise", "complete"):
        return f"{p} cbr {e.amount}"
    if kind == "discard":
        return f"{p} sd {_text(e.cards)}".rstrip()
    if kind == "expose":
        return f"{p} _up {_text(e.cards)}"
    if kind == "show":
        return f"{p} sm {_text(e.cards)}"
    return None


def _bomb_checks(deal: Deal) -> list[str]:
    """A bomb pot's silence before the flop as standard readers (PokerKit) play it: every
    player with chips after the antes checks, when two or more have chips."""
    behind = [i for i in range(deal.n) if deal.starting_stacks[i] > deal.stakes.antes[i]]
    return [f"p{i + 1} cc" for i in behind] if len(behind) > 1 else []


def dumps(history: dict[str, Any]) -> str:
    """One PHH dict as TOML text."""
    return dumps_phh(history)
