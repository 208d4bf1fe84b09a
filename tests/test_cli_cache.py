"""An unwritable cache folder is said once, with the folder, not suffered in silence."""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import run

pytest.importorskip("numba")


def test_odds_names_an_unwritable_cache_folder_once(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    cache = blocker / "cache"  # below a file: no one can create it, root included
    done = run(
        "odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s", env={"STRAIGHTS_CACHE": str(cache)}
    )
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1
    assert f"cannot write the kernel cache in {cache}/kernels-" in notes[0]
    assert "Not a directory" in notes[0] and "set STRAIGHTS_CACHE" in notes[0]
    assert "89.362%" in done.stdout  # and the odds are still right


def test_a_writable_cache_folder_is_no_trouble(tmp_path: Path) -> None:
    from straights.fast import cache_trouble

    assert cache_trouble() is None
