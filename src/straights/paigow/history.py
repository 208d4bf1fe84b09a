"""Pai Gow deals as PHH-style hand histories (variant ``_PAIGOW``), and their replay.

PHH has no banked games, so the variant code and every extra field start with
``_`` as the standard allows for user-defined ones (see docs/games.md):

* ``players``, ``seats`` (1-6), ``starting_stacks``, ``finishing_stacks``;
* ``_bets``, ``_dice`` (when known), ``_commission_percent``, ``_commission``
  (``"exact"``; a history without it was settled by the old ``"rounded-up"`` rule,
  and replays so), ``_foul``, ``_house_way`` (only when not ``"foxwoods"``);
* ``actions``: ``"d dh pN <7 cards>"`` and ``"d dh bank <7 cards>"`` (the deal),
  ``"pN set <2 cards>"`` (the two-card hand; the other five play behind),
  ``"# house way"`` after one the dealer set (``"# foul"`` after a foul the
  dealer then set the house way), ``"bank set <2 cards>"`` last;
* ``_house_result``: the house's chips won (negative: lost) in the deal.

The joker is written ``Jk``.  :func:`replay` deals the recorded cards again,
applies every setting, and checks the bank's house way, the stacks and the
house's result.

>>> from straights.paigow.deal import PaiGowDeal
>>> deal = PaiGowDeal({2: 20}, rng=5)
>>> deal.set_house_way(2)
>>> history = deal_to_history(deal, {2: "Ann"}, {2: 100})
>>> from straights.poker.phh import dumps, loads
>>> replay(loads(dumps(history))[0]).results[2] == deal.results[2]
True
>>> tell_history(history, unicode=False)[-1].startswith("The house")
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from straights.cards import Card
from straights.errors import HandHistoryError, StraightsError
from straights.paigow.deal import Dealt, Fouled, HandSet, PaiGowDeal
from straights.paigow.rules import (
    BANK,
    COMMISSION_RULES,
    FOUL_RULES,
    HOUSE_WAYS,
    PaiGowRules,
    bet_unit,
)

__all__ = [
    "VARIANT",
    "deal_to_history",
    "finishing_stacks",
    "replay",
    "tell_history",
]

#: The variant code of a Pai Gow history.
VARIANT: Final = "_PAIGOW"

_CARDS_RE: Final = re.compile(r"(?:[2-9TJQKA][cdhs]|Jk)+")


def _text(cards: Iterable[Card]) -> str:
    return "".join(c.ascii() for c in cards)


def _who(seat: int, order: Mapping[int, int]) -> str:
    return "bank" if seat == BANK else f"p{order[seat]}"


def deal_to_history(
    deal: PaiGowDeal,
    names: Mapping[int, str],
    starting_stacks: Mapping[int, int],
    number: int | None = None,
) -> dict[str, Any]:
    """A finished (or unfinished) deal as a history dict; ``names`` and
    ``starting_stacks`` by seat."""
    seats = list(deal.bets)
    order = {seat: i for i, seat in enumerate(seats, start=1)}
    out: dict[str, Any] = {"variant": VARIANT}
    if number is not None:
        out["hand"] = number
    out["seats"] = seats
    out["players"] = [names.get(s, f"Seat {s}") for s in seats]
    out["starting_stacks"] = [starting_stacks[s] for s in seats]
    actions: list[str] = []
    # The bank's cards come last in the deal so that p1 … pN read like PHH.
    dealt = [e for e in deal.events if isinstance(e, Dealt)]
    for hand in sorted(dealt, key=lambda hand: hand.seat == BANK):
        actions.append(f"d dh {_who(hand.seat, order)} {_text(hand.cards)}")
    for e in deal.events:
        if isinstance(e, Fouled) and e.consequence == "house-way":
            # The fouled setting is written; replaying it resets the hand the house way.
            actions.append(f"{_who(e.seat, order)} set {_text(e.front)} # foul")
        elif isinstance(e, HandSet) and e.how != "house way after a foul":
            note = "" if e.how == "player" else f" # {e.how}"
            actions.append(f"{_who(e.seat, order)} set {_text(e.front)}{note}")
    out["actions"] = actions
    if deal.finished:
        out["finishing_stacks"] = [starting_stacks[s] + deal.results[s].net for s in seats]
    out["_bets"] = [deal.bets[s] for s in seats]
    if deal.dice is not None:
        out["_dice"] = list(deal.dice)
    out["_commission_percent"] = deal.rules.commission_percent
    out["_commission"] = deal.rules.commission
    out["_foul"] = deal.rules.foul
    if deal.rules.house_way != HOUSE_WAYS[0]:
        out["_house_way"] = deal.rules.house_way
    if deal.finished:
        out["_house_result"] = deal.house
    return out


def _cards(text: str, line: str) -> str:
    if not _CARDS_RE.fullmatch(text):
        raise HandHistoryError(f"{line!r}: {text!r} is not a string of cards like 'AsKdJk'")
    return " ".join(re.findall(r"[2-9TJQKA][cdhs]|Jk", text))


def _field(history: Mapping[str, Any], name: str) -> list[Any]:
    value = history.get(name)
    if not isinstance(value, list):
        raise HandHistoryError(f"the history has no list {name!r}")
    return value


def _choice(
    history: Mapping[str, Any], name: str, choices: tuple[str, ...], default: str = ""
) -> Any:
    """The field ``name``, one of ``choices`` (``default``, else the first, when missing)."""
    value = history.get(name, default or choices[0])
    if value not in choices:
        raise HandHistoryError(f"{name!r} = {value!r} is not one of {', '.join(choices)}")
    return value


def replay(history: Mapping[str, Any]) -> PaiGowDeal:
    """Deal a history again and check it; raises :class:`HandHistoryError` naming the
    first line or field that does not agree with the rules."""
    try:
        return _replay(history)
    except HandHistoryError:
        raise
    except StraightsError as exc:
        raise HandHistoryError(str(exc)) from exc
    except (ValueError, TypeError) as exc:  # a field of the wrong type: "x" for a number
        raise HandHistoryError(f"a field has the wrong type: {exc}") from exc


def _replay(history: Mapping[str, Any]) -> PaiGowDeal:
    if history.get("variant") != VARIANT:
        raise HandHistoryError(f"not a Pai Gow history: variant {history.get('variant')!r}")
    seats = [int(s) for s in _field(history, "seats")]
    bets = [int(b) for b in _field(history, "_bets")]
    stacks = [int(s) for s in _field(history, "starting_stacks")]
    if not len(seats) == len(bets) == len(stacks):
        raise HandHistoryError("'seats', '_bets' and 'starting_stacks' differ in length")
    foul = _choice(history, "_foul", FOUL_RULES)
    # Before 0.2 no history said how the commission was counted: it was rounded up.
    counted = _choice(history, "_commission", COMMISSION_RULES, "rounded-up")
    way = _choice(history, "_house_way", HOUSE_WAYS)
    percent = int(history.get("_commission_percent", 5))
    unit = bet_unit(percent) if counted == "exact" and 0 <= percent < 100 else 1
    rules = PaiGowRules(
        commission_percent=percent,
        min_bet=unit,
        max_bet=-(-max([unit, *bets]) // unit) * unit,  # the largest bet, up to a unit
        foul=foul,
        commission=counted,
        house_way=way,
    )
    by_player = {f"p{i}": seat for i, seat in enumerate(seats, start=1)} | {"bank": BANK}
    hands: dict[int, str] = {}
    settings: list[tuple[str, int, str, str]] = []
    for line in _field(history, "actions"):
        text, _, note = str(line).partition("#")
        words = text.split()
        if len(words) == 4 and words[:2] == ["d", "dh"] and words[2] in by_player:
            hands[by_player[words[2]]] = _cards(words[3], line)
        elif len(words) == 3 and words[1] == "set" and words[0] in by_player:
            settings.append((line, by_player[words[0]], _cards(words[2], line), note.strip()))
        else:
            raise HandHistoryError(f"{line!r} is not a Pai Gow action")
    dice = history.get("_dice")
    deal = PaiGowDeal(dict(zip(seats, bets, strict=True)), rules=rules, hands=hands, dice=dice)
    for line, seat, front, note in settings:
        if seat == BANK:
            bank = deal.settings.get(BANK)
            if bank is None or _text(bank.front) != front.replace(" ", ""):
                raise HandHistoryError(f"{line!r}: the house way sets the bank otherwise")
        elif note.startswith("house way"):
            deal.set_house_way(seat)
        else:
            deal.set(seat, front)
    if "finishing_stacks" in history:
        want = [int(s) for s in _field(history, "finishing_stacks")]
        if not deal.finished:
            raise HandHistoryError("the history has finishing stacks but not every hand is set")
        got = _finishing(deal, seats, stacks)
        if got != want:
            raise HandHistoryError(f"the finishing stacks are {got}, not {want}")
        if int(history.get("_house_result", deal.house)) != deal.house:
            raise HandHistoryError(f"the house's result is {deal.house}, not the one recorded")
    return deal


def finishing_stacks(history: Mapping[str, Any]) -> list[int]:
    """The players' stacks after the deal of ``history``, replayed and checked."""
    return _finishing(replay(history), list(history["seats"]), list(history["starting_stacks"]))


def _finishing(deal: PaiGowDeal, seats: list[int], stacks: list[int]) -> list[int]:
    return [int(stack) + deal.results[int(s)].net for s, stack in zip(seats, stacks, strict=True)]


def tell_history(history: Mapping[str, Any], *, unicode: bool = True) -> list[str]:
    """A history told in words (replayed and checked first), players by their names."""
    from straights.paigow.deal import tell

    deal = replay(history)
    seats = [int(s) for s in _field(history, "seats")]
    names = dict(zip(seats, [str(p) for p in history.get("players", [])], strict=False))
    return tell(deal.events, names.get, unicode=unicode)
