"""The shipped rule book: ``straights.rulebook`` and the ``straights rules`` command."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from rich.console import Console
from rich.markdown import Markdown
from typer.testing import CliRunner

from straights import rulebook
from straights.cli.app import app
from straights.cli.main import main
from straights.cli.rules import TerminalPage
from straights.errors import RankingError
from straights.showdowns import showdown

ROOT = Path(__file__).resolve().parents[1]


def shipped_ranking_names() -> list[str]:
    """The registry's names in a fresh interpreter (other tests register extra ones)."""
    code = "from straights.rankings.base import ranking_names; print(*ranking_names())"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["rules", *args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


# --- one text, shipped ------------------------------------------------------------


def test_docs_rules_is_the_shipped_text() -> None:
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert docs == rulebook.rules_text(), (
        "docs/rules.md differs from src/straights/rules.md (the source): "
        "run `straights rules --markdown > docs/rules.md`"
    )


def test_the_text_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert rulebook.RESOURCE in config["tool"]["setuptools"]["package-data"]["straights"]
    assert (ROOT / "src" / "straights" / rulebook.RESOURCE).is_file()


# --- the structure the command relies on --------------------------------------------


def test_every_registered_ranking_has_exactly_one_family_section() -> None:
    documented = rulebook.family_names()
    assert len(documented) == len(set(documented)), "a ranking named in two headings"
    names = shipped_ranking_names()
    assert "deuce-to-seven" in names
    assert sorted(documented) == sorted(names)


def test_family_lookup() -> None:
    low = rulebook.family("deuce-to-seven")
    assert low.rankings == ("ace-to-five", "deuce-to-seven", "ace-to-six")
    assert low.markdown.startswith("## Ranking family: low hands")
    assert "Kansas City" in low.markdown and "Priority card" not in low.markdown
    assert "**Priority card.**" in rulebook.family("straights").markdown
    with pytest.raises(RankingError, match="'guts' is not a ranking: choose one of ace-to-five"):
        rulebook.family("guts")


def test_sections_are_cut_at_level_two_headings_only() -> None:
    titles = [s.title for s in rulebook.sections()]
    assert titles[0] == "The rules of Straights, and every hand ranking"
    assert "Wild cards" not in titles  # a ### heading stays inside the high family
    assert "### Wild cards" in rulebook.family("high").markdown
    assert "".join(s.markdown for s in rulebook.sections()).count("```") % 2 == 0


# --- the rules the explanations cite -------------------------------------------------


def test_showdown_rules_are_numbered_1_to_10() -> None:
    rules = rulebook.showdown_rules()
    assert [r.number for r in rules] == list(range(1, 11))
    assert rules[6].name == "Priority card"
    assert rules[9].text.startswith("If S, T, R and an 8 all lie on the table")


# One showdown per rule the engine cites, with the rule worked out by hand.
CITED = [
    (["Qs Js", "Kc 2c"], "5h 7d Tc 9s 3c", 3),  # four cards against two
    (["4c 3c", "4d 3h"], "6c 5c Kh 9s Jd", 4),  # 6-5-4-3 in clubs against mixed
    (["As 5d", "Kh Qc"], "9c 6s 2d Jh 4h", 5),  # K-Q-J against 6-5-4
    (["9h 8s", "9d 8c"], "7d 6h 2c Kc Js", 6),  # 9-8-7-6 topped by 9♥ against 9♦
    (["Qs 9d", "Qd 3s"], "5c 4d 3d 2h Jh", 7),  # the source's priority-card example
    (["Kh 2c", "Kd Qd"], "Ts 9s 8h 7s 4d", 8),  # the source's highest-card example
    (["8h 2c", "Kd Qd"], "S T R 8d 4c", 9),  # 8♥ in hand over the 8♦ on the table
    (["8d 2c", "Kd Qd"], "S T R 8h 4d", 10),  # nothing beats the 8♥ on the table
]


@pytest.mark.parametrize(("hands", "table", "rule"), CITED)
def test_every_cited_rule_is_in_the_book_under_its_name(
    hands: list[str], table: str, rule: int
) -> None:
    result = showdown(hands, table)
    assert result.rule == rule
    assert f"(rule {rule})" in result.reason
    book = rulebook.showdown_rules()[rule - 1]
    assert book.number == rule
    # the explanation uses the rule's own name, so a reader finds it in the book
    assert book.name.lower() in result.reason.lower()


# --- the command ----------------------------------------------------------------------


def test_rules_prints_the_whole_book() -> None:
    code, out = invoke()
    assert code == 0
    for text in ("Priority card", "S-T-R-8", "Decisions about the showdown", "Wild cards"):
        assert text in out
    assert "Ranking family: three-card hands" in out and "High-low split pots" in out
    assert "♥" in out and "K♥" in out  # suit symbols where the terminal has them


def test_rules_for_one_family() -> None:
    code, out = invoke("--ranking", "deuce-to-seven")
    assert code == 0
    assert "Kansas City" in out and "must-pair" in out
    assert "Priority card" not in out and "Manila" not in out
    code, out = invoke("-r", "straights")
    assert code == 0 and "Priority card" in out and "Kansas City" not in out


def test_unknown_ranking_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["rules", "--ranking", "deuce-to-eight"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: 'deuce-to-eight' is not a ranking")
    for name in shipped_ranking_names():
        assert name in err


def test_rules_json() -> None:
    code, out = invoke("--json")
    assert code == 0
    data = json.loads(out)
    assert [r["number"] for r in data["showdown_rules"]] == list(range(1, 11))
    assert data["showdown_rules"][7]["name"] == "Highest card in hand"
    titles = [s["title"] for s in data["sections"]]
    assert "Ranking family: low hands — ace-to-five, deuce-to-seven, ace-to-six" in titles
    code, out = invoke("--ranking", "manila", "--json")
    one = json.loads(out)
    assert set(one) == {"title", "rankings", "markdown"}
    assert "manila" in one["rankings"] and one["markdown"].startswith("## Ranking family: high")


def test_rules_markdown_is_the_source() -> None:
    code, out = invoke("--markdown")
    assert code == 0 and out == rulebook.rules_text()
    code, out = invoke("--markdown", "-r", "ace-to-four")
    assert out == rulebook.family("ace-to-four").markdown


def test_hearts_and_diamonds_are_red() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=60)
    console.print(TerminalPage(Markdown("K♥ beats K♦, not Q♠")))
    out = buffer.getvalue()
    assert "\x1b[1;31mK♥\x1b[0m" in out and "\x1b[1;31mK♦\x1b[0m" in out
    assert "\x1b[1;31mQ♠" not in out


def test_a_terminal_without_unicode_gets_suit_letters() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run(
        [sys.executable, "-m", "straights.cli.main", "rules", "-r", "straights"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    text = out.stdout.decode("ascii")  # raises if anything but ASCII was written
    assert "priority card 3s (rule 7)" in text
    assert "Kh outranks Kd by suit" in " ".join(text.split()).replace("|", "")
