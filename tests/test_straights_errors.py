"""Bad input to the ranking and the showdown gets a clear StraightsError."""

from __future__ import annotations

import pytest

from straights import showdown
from straights.errors import (
    CardNotationError,
    DuplicateCardError,
    HandSizeError,
    PackError,
    RankingError,
    StraightsError,
)
from straights.rankings.straights import evaluate_straights

TABLE = "5c 4d 3d 2h Jh"


@pytest.mark.parametrize(
    ("hands", "table", "pack", "error", "named"),
    [
        (["Xx 9d", "Qd 3s"], TABLE, 55, CardNotationError, "'Xx'"),
        (["Qs 1h", "Qd 3s"], TABLE, 55, CardNotationError, "'1h'"),
        (["Qs 9d", "Qs 3s"], TABLE, 55, DuplicateCardError, "Qs appears twice"),
        (["Qs 5c", "Qd 3s"], TABLE, 55, DuplicateCardError, "5c appears twice"),
        (["Qs", "Qd 3s"], TABLE, 55, HandSizeError, "player 1's hole cards 'Qs' hold 1 card"),
        (["Qs 9d 8d", "Qd 3s"], TABLE, 55, HandSizeError, "hold 3 cards"),
        (["Qs 9d", "Qd 3s"], "5c 4d 3d 2h", 55, HandSizeError, "holds 4 cards"),
        (["Qs 9d", "Qd 3s"], "5c 4d 3d 2h Jh 7c", 55, HandSizeError, "holds 6 cards"),
        (["Qs S", "Qd 3s"], TABLE, 52, PackError, "S in player 1's hole cards"),
        (["Qs 9d", "Qd 3s"], "5c 4d 3d 2h T", 52, PackError, "T in the table"),
        (["Qs Jk", "Qd 3s"], TABLE, 55, PackError, "Jk in player 1's hole cards"),
        (["Qs 9d", "Qd 3s"], TABLE, 54, PackError, "pack 54"),
        (["", "Qd 3s"], TABLE, 55, CardNotationError, "no cards"),
        (["Qs 9d", "Qd 3s"], "", 55, CardNotationError, "no cards"),
        ([], TABLE, 55, HandSizeError, "at least one"),
        ("Qs 9d", TABLE, 55, HandSizeError, "one string"),
    ],
)
def test_showdown_bad_input(
    hands: list[str], table: str, pack: int, error: type[StraightsError], named: str
) -> None:
    with pytest.raises(error) as info:
        showdown(hands, table, pack=pack)
    assert named in str(info.value)


def test_evaluate_bad_input() -> None:
    with pytest.raises(DuplicateCardError):
        evaluate_straights("5c 9d", TABLE)
    with pytest.raises(HandSizeError):
        evaluate_straights("5s", TABLE)


def test_cross_pack_comparison_raises() -> None:
    a = evaluate_straights("Qs 9d", TABLE, pack=55)
    b = evaluate_straights("Qd 3s", TABLE, pack=52)
    with pytest.raises(RankingError):
        _ = a < b
    with pytest.raises(RankingError):
        _ = a < 3
