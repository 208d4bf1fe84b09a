"""The lean core: the CLI without the extras, and one clear line when an extra is missing.

The extras are hidden, not uninstalled: each case runs in a subprocess whose
import system refuses their modules (a second virtual environment would cost
minutes).  ``pyproject.toml`` and :data:`straights.extras.EXTRAS` must agree.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from straights.errors import ConfigurationError, MissingExtraError
from straights.extras import EXTRAS, available, require

ROOT = Path(__file__).resolve().parent.parent
HEAVY = (
    "numpy",
    "numba",
    "llvmlite",
    "starlette",
    "uvicorn",
    "websockets",
    "grapheme",
    "icu",
    "matplotlib",
    "ray",
    "pettingzoo",
    "gymnasium",
)

# Runs the CLI with ``hidden`` (a comma-separated list) unimportable.
HIDING_MAIN = textwrap.dedent(
    """
    import importlib.abc, sys
    hidden = set(sys.argv[1].split(","))

    class Hide(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in hidden:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    for name in list(sys.modules):  # nothing may be imported before the hook
        assert name.partition(".")[0] not in hidden, name
    sys.meta_path.insert(0, Hide())
    from straights.cli.main import main
    main(sys.argv[2:])
    """
)


def run_without(
    hidden: tuple[str, ...], *args: str, stdin: str = "", tmp: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if tmp is not None:
        env["XDG_DATA_HOME"] = str(tmp / "data")
    return subprocess.run(
        [sys.executable, "-c", HIDING_MAIN, ",".join(hidden), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        input=stdin,
        env=env,
        timeout=300,
    )


# Distributions whose import name differs from their name on the package index.
MODULE_OF = {"graphemeu": "grapheme", "icukit-pyicu": "icu"}


def _requirement_names(specs: list[str]) -> set[str]:
    names = set()
    for spec in specs:
        name = spec.split(";")[0]
        for stop in "<>=![ ":
            name = name.split(stop)[0]
        names.add(MODULE_OF.get(name.lower(), name.lower()))
    return names


def test_pyproject_extras_match_the_modules_the_code_checks() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        assert _requirement_names(extras[extra]) == set(modules), extra
    assert extras["all"] == ["straights[fast,web,plot,rl]"]  # one machine: no Ray, no tools
    assert "straights[all,ray]" in extras["dev"]
    core = _requirement_names(project["dependencies"])
    assert core == {"typer", "rich", "sqlalchemy", "alembic", "platformdirs"}
    assert not core & {m for modules in EXTRAS.values() for m in modules}


def test_core_commands_run_without_any_extra(tmp_path: Path) -> None:
    out = run_without(HEAVY, "rank", "As Ks Qs Js Ts")
    assert out.returncode == 0, out.stderr
    assert "royal flush" in out.stdout.lower()
    out = run_without(HEAVY, "showdown", "--table", "5c 4d 3d 2h Jh", "Qs 9d", "Qd 3s")
    assert out.returncode == 0, out.stderr
    out = run_without(HEAVY, "stats", "--cards", "3", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["total"] == 22_100  # C(52, 3)
    # Without the fast extra the seven-card tables are counted by the readable path.
    out = run_without(HEAVY, "distribution", "seven-card-low", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["categories"]["5-high"] == 781_824  # Wikipedia, 7-card lowball
    out = run_without(HEAVY, "deal", "--seed", "3")
    assert out.returncode == 0, out.stderr
    out = run_without(HEAVY, "play", "--seed", "1", stdin="c\nq\n", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Final chips" in out.stdout
    out = run_without(HEAVY, "rules", "--ranking", "deuce-to-seven")
    assert out.returncode == 0, out.stderr
    out = run_without(HEAVY, "--help")
    assert out.returncode == 0 and "warm-up" in out.stdout


@pytest.mark.parametrize(
    ("hidden", "args", "extra"),
    [
        (("numpy", "numba"), ("odds", "--table", "5c 4d 3d ? ?", "Qs 9d", "Qd 3s"), "fast"),
        (("numba",), ("odds", "--json", "--game", "holdem", "Ah Kh", "Qs Qd"), "fast"),
        (("numpy", "numba"), ("warm-up",), "fast"),
        (("starlette", "uvicorn"), ("serve", "--port", "8765"), "web"),
        (("matplotlib",), ("distribution", "straights", "--plot", "x.png"), "plot"),
    ],
)
def test_a_missing_extra_is_one_line_naming_the_install(
    hidden: tuple[str, ...], args: tuple[str, ...], extra: str
) -> None:
    out = run_without(hidden, *args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: "), out.stderr
    assert f"pip install 'straights[{extra}]'" in out.stderr
    assert "counted in" not in out.stdout  # --plot is checked before the count


def test_require_names_a_broken_install_and_is_an_import_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "brokenmod.py").write_text("raise ImportError('needs libfoo 2')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(EXTRAS, "fast", ("brokenmod",))
    with pytest.raises(MissingExtraError, match=r"does not import \(needs libfoo 2\)") as caught:
        require("fast", "straights odds")
    assert isinstance(caught.value, ImportError) and isinstance(caught.value, ConfigurationError)
    assert not available("fast")
    monkeypatch.setitem(EXTRAS, "fast", ("surely_no_such_module_here",))
    with pytest.raises(MissingExtraError, match=r"is not installed: pip install"):
        require("fast", "straights odds")


def test_ray_executor_names_the_ray_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from straights.scale import RayExecutor

    monkeypatch.setitem(EXTRAS, "ray", ("surely_no_such_module_here",))
    with pytest.raises(MissingExtraError, match=r"RayExecutor needs .*straights\[ray\]"):
        RayExecutor()


def written_version() -> str:
    """The version as written in the one place it is kept, straights/__init__.py."""
    text = (ROOT / "src" / "straights" / "__init__.py").read_text()
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    assert found is not None
    return found.group(1)


def test_version_is_written_once_and_reported() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    out = subprocess.run(
        [sys.executable, "-m", "straights.cli.main", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["straights", written_version()]
    assert importlib.metadata.version("straights") == written_version()
