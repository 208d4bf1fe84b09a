"""What used to end in a traceback ends in one clear line (``error: …``, status 2)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from clitools import run, run_main


def test_a_data_folder_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    home = blocker / "home"  # below a file: no one can create it, root included
    env = {"HOME": str(home), "XDG_DATA_HOME": ""}
    done = run("play", "--bots", "random", "--hands", "1", "--script", "-", stdin="", env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"error: cannot create the data folder {home}/.local/share/straights: Not a directory; "
        "give --db FILE, or set XDG_DATA_HOME to a folder you can write\n"
    )


def test_a_read_only_home_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    code, _, err = run_main(capsys, "history", "list")
    assert code == 2
    assert err.startswith("error: cannot create the data folder ")
    assert ": Permission denied; give --db FILE" in err and err.count("\n") == 1
