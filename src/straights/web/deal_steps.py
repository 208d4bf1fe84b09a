"""The replayer's steps of a one-table deal, one per card dealt (any game).

The engine deals a street's cards at once (hole cards, then a face-down key card,
then the board); the replayer shows each as its own step. :func:`split_at_cards`
cuts a stretch of the deal's log before each told line that deals cards, and
:func:`frame_before` draws the table as it stood after such a stretch's part: the
state after the whole stretch, with the cards not yet dealt (or not yet turned)
taken back, and the results held back until the log tells them. Nothing is
recomputed from the rules: the log says which cards came when.

>>> from straights.cards import make_deck
>>> from straights.poker import Deal, get_variant
>>> from straights.table import straights_stakes
>>> deal = Deal(get_variant("_STR55L"), straights_stakes(get_variant("_STR55L"), 2,
...             ante=1), [50, 50], make_deck("straights"))
>>> [deal.log[k].kind for k in range(len(deal.log))]
['ante', 'ante', 'hole', 'hole', 'board', 'board', 'betting']
>>> split_at_cards(deal.log, 0, [k >= 2 for k in range(7)])
[(0, 3), (3, 4), (4, 5), (5, 7)]
>>> down_positions(get_variant("_STR55L")), down_positions(get_variant("NT"))
([0], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from straights.poker.engine import Entry
from straights.poker.variant import Variant

#: Log lines that put cards on the table or in a hand (a step of their own).
DEALING: Final = frozenset({"hole", "board", "turn", "runout"})
#: Log lines that tell how the deal ended (a frame before them is not over yet).
ENDING: Final = frozenset({"show", "muck", "win", "penalty"})


def down_positions(variant: Variant) -> list[int]:
    """The board positions ``variant`` deals face down (Straights' key card: 0), from
    its streets (each street's face-down cards come before its face-up ones)."""
    out: list[int] = []
    at = 0
    for street in variant.streets:
        out.extend(range(at, at + street.board_down))
        at += street.board_down + street.board
    return out


def split_at_cards(log: Sequence[Entry], start: int, told: Sequence[bool]) -> list[tuple[int, int]]:
    """Cut ``log[start:]`` into ``(begin, end)`` stretches, a new one at each line that
    deals cards and is told (``told[k]`` for line ``start + k``), unless nothing told
    came before it in the stretch."""
    parts: list[tuple[int, int]] = []
    begin, said = start, False
    for k in range(start, len(log)):
        if not told[k - start]:
            continue
        if said and log[k].kind in DEALING:
            parts.append((begin, k))
            begin, said = k, False
        said = True
    parts.append((begin, len(log)))
    return parts


def frame_before(
    frame: dict[str, Any], log: Sequence[Entry], end: int, seats: Sequence[int], viewer: int | None
) -> dict[str, Any]:
    """``frame`` (the table after the whole log, as player index ``viewer`` sees it)
    as it stood after ``log[:end]``: the board, each hand and the boards of further
    runs cut to the cards dealt by then, a card turned later face down again, and no
    result before the log tells one."""
    before = log[:end]
    up: list[bool] = []
    holes = [0] * len(seats)
    runs: dict[int, int] = {}
    drew: set[int | None] = set()
    for e in before:
        if e.kind == "board":
            up.extend(e.up)
        elif e.kind == "turn":
            for k in [k for k, u in enumerate(up) if not u][: len(e.cards)]:
                up[k] = True
        elif e.kind == "hole" and e.player is not None:
            holes[e.player] += len(e.cards)
        elif e.kind == "runout":
            runs[e.amount] = runs.get(e.amount, 0) + len(e.cards)
        elif e.kind == "discard":
            drew.add(e.player)
    out = dict(frame)
    out["board"] = [c if u else None for c, u in zip(frame["board"], up, strict=False)]
    out["second_board"] = frame["second_board"][: runs.get(2, 0)]
    out["run_boards"] = [b[: runs.get(k + 2, 0)] for k, b in enumerate(frame["run_boards"])]
    over = not frame["finished"] or any(e.kind in ENDING for e in before)
    players = []
    for p in frame["players"]:
        i = seats.index(p["seat"])
        p = dict(p) if over else dict(p, won=0, shown="")
        if i not in drew:  # after a draw the hand is whole: only first deals are cut
            p["cards"], p["up"] = p["cards"][: holes[i]], p["up"][: holes[i]]
        players.append(p)
    out["players"] = players
    if viewer is not None and viewer not in drew:
        mine = holes[viewer]
        out["hole"], out["hole_up"] = frame["hole"][:mine], frame["hole_up"][:mine]
    if not over:
        out["finished"], out["results"], out["awards"] = False, [], []
    return out
