"""Every real hand of ``shared/data/phh`` replays through the engine to PokerKit's stacks.

``shared/`` lies beside the repository (``<repo>/../shared``; the environment
variable ``STRAIGHTS_SHARED`` may point elsewhere, e.g. from a git worktree); when
it is missing the test fails rather than skips.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from straights.errors import HandHistoryError
from straights.poker.phh import loads, replay

SHARED = Path(os.environ.get("STRAIGHTS_SHARED") or Path(__file__).resolve().parents[2] / "shared")
PHH = SHARED / "data" / "phh"


def _expected() -> list[dict[str, object]]:
    if not (PHH / "expected.json").is_file():
        pytest.fail(f"the real hand histories are missing: expected {PHH}/expected.json")
    data: list[dict[str, object]] = json.loads(
        (PHH / "expected.json").read_text(encoding="utf-8"), parse_float=Decimal
    )
    return data


def test_every_real_hand_replays_to_pokerkits_stacks() -> None:
    expected = _expected()
    files: dict[str, list[dict[str, object]]] = {}
    agree: Counter[str] = Counter()
    wrong: list[str] = []
    for entry in expected:
        name = str(entry["file"])
        if name not in files:
            files[name] = loads((PHH / name).read_text(encoding="utf-8"))
        hand = files[name][int(str(entry["index"]))]
        assert hand["variant"] == entry["variant"]
        try:
            got = [Decimal(x) for x in replay(hand).finishing_stacks]
        except HandHistoryError as exc:
            wrong.append(f"{name}[{entry['index']}]: {exc}")
            continue
        want = [Decimal(str(x)) for x in entry["finishing_stacks"]]  # type: ignore[attr-defined]
        if got == want:
            agree[str(entry["variant"])] += 1
        else:
            wrong.append(f"{name}[{entry['index']}]: {got} != {want}")
    assert wrong == []
    assert sum(agree.values()) == len(expected) == 287
    assert agree == {"NT": 246, "FT": 4, "NS": 1, "PO": 4, "FO/8": 7, "F7S": 7, "F7S/8": 4,
                     "FR": 5, "N2L1D": 4, "F2L3D": 4, "FB": 1}  # fmt: skip


def test_the_files_own_stacks_differ_only_where_expected_json_says_why() -> None:
    """Where a file records stacks other than PokerKit's, a note explains it (rake, odd chips)."""
    for entry in _expected():
        if "file_finishing_stacks" in entry:
            assert "note" in entry
