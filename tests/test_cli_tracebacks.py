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


def test_odds_refuses_more_samples_than_it_can_count(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba")
    code, out, err = run_main(
        capsys, "odds", "Qs 9d", "Qd 3s", "--samples", "99999999999999999999999"
    )
    assert (code, out) == (2, "")
    assert err == (
        "error: samples=99,999,999,999,999,999,999,999: draw at most 1,000,000,000,000 "
        "(that is already days of work)\n"
    )


@pytest.mark.parametrize("game", ["straights", "holdem", "pai-gow"])
def test_play_refuses_a_script_that_is_not_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    script = tmp_path / "answers.bin"
    script.write_bytes(b"c\n\xff\xfe\x00\x81 binary\n")
    code, out, err = run_main(
        capsys, "play", "--game", game, "--script", str(script), "--db", str(tmp_path / "s.db")
    )
    assert (code, out) == (2, "")
    assert err == (
        f"error: --script {str(script)!r} is not UTF-8 text; "
        "give a text file with one answer per line\n"
    )
