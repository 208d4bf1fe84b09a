"""Issue 19's acceptance, for ``simulate``: every game ``straights games --json`` lists
simulates to a file in its own code, and ``straights history replay`` replays that file."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from clitools import run_main


def test_every_listed_game_simulates_in_its_own_code_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run_main(capsys, "games", "--json")
    assert status == 0
    listed = {row["game"]: row["code"] for row in json.loads(out)}
    assert {"holdem", "razz", "straights", "straights-no-limit", "irish", "courchevel",
            "big-o", "pai-gow"} <= set(listed) and len(listed) >= 30  # fmt: skip
    for game, code in listed.items():
        path = tmp_path / f"{game}.phhs"
        status, out, err = run_main(capsys, "simulate", "--game", game, "--hands", "2",
                                    "--players", "2", "--seed", "5", "--out", str(path),
                                    "--no-progress")  # fmt: skip
        assert status == 0, f"{game}: {out}{err}"
        assert f"wrote 2 hand histories to {path}" in out, game
        written = tomllib.loads(path.read_text(encoding="utf-8"))
        assert sorted(written) == ["1", "2"], game
        histories = [written["1"], written["2"]]
        assert [h["variant"] for h in histories] == [code, code], game
        status, out, err = run_main(capsys, "history", "replay", str(path), "--json")
        assert status == 0, f"{game}: {out}{err}"
        replayed = [json.loads(line) for line in out.splitlines()]
        assert [r["variant"] for r in replayed] == [code, code], game
        assert [r["finishing_stacks"] for r in replayed] == [
            h["finishing_stacks"] for h in histories
        ], game
