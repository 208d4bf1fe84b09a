"""The rule book shipped inside the package (``straights/rules.md``), read by section.

``rules.md`` is the one source of the rules text: ``straights rules`` prints
it, and ``docs/rules.md`` is a copy of it that a test keeps identical
(``straights rules --markdown > docs/rules.md`` refreshes the copy).

The text is cut at its ``## `` headings.  A heading that names rankings in
backticks is that ranking family's section, so ``family("deuce-to-seven")``
finds the low hands; :func:`showdown_rules` reads the numbered rules 1 to 10
that the showdown explanations cite.

>>> family("deuce-to-seven").title
'Ranking family: low hands — ace-to-five, deuce-to-seven, ace-to-six'
>>> rule = showdown_rules()[6]
>>> rule.number, rule.name
(7, 'Priority card')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Final

from straights.errors import RankingError

__all__ = ["Rule", "Section", "family", "family_names", "rules_text", "sections", "showdown_rules"]

#: The package resource holding the text.
RESOURCE: Final = "rules.md"
#: The section holding the numbered showdown rules starts with this title.
SHOWDOWN_TITLE: Final = "The showdown"

_NAME: Final = re.compile(r"`([a-z0-9-]+)`")
_RULE: Final = re.compile(r"(\d+)\. \*\*([^*]+?)\.\*\*\s*(.*)")


@dataclass(frozen=True)
class Section:
    """One ``## `` section: its title (backticks removed), its Markdown, its rankings."""

    title: str
    markdown: str
    rankings: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {"title": self.title, "rankings": list(self.rankings), "markdown": self.markdown}


@dataclass(frozen=True)
class Rule:
    """A numbered showdown rule as the explanations cite it ("rule 7")."""

    number: int
    name: str
    text: str

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {"number": self.number, "name": self.name, "text": self.text}


@cache
def rules_text() -> str:
    """The whole rule book as Markdown, read from the installed package."""
    return files("straights").joinpath(RESOURCE).read_text(encoding="utf-8")


@cache
def sections() -> tuple[Section, ...]:
    """The rule book cut at its ``## `` headings (the part before the first is the title's)."""
    chunks: list[list[str]] = [[]]
    fenced = False
    for line in rules_text().splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        if line.startswith("## ") and not fenced:
            chunks.append([])
        chunks[-1].append(line)
    out = []
    for chunk in chunks:
        heading = chunk[0].lstrip("#").strip()
        out.append(
            Section(
                title=heading.replace("`", ""),
                markdown="".join(chunk).strip() + "\n",
                rankings=tuple(_NAME.findall(heading)),
            )
        )
    return tuple(out)


def family_names() -> list[str]:
    """Every ranking name a family section covers, in the order of the text."""
    return [name for section in sections() for name in section.rankings]


def family(ranking: str) -> Section:
    """The section of the family holding ``ranking``; :class:`RankingError` names the choices."""
    for section in sections():
        if ranking in section.rankings:
            return section
    raise RankingError(
        f"{ranking!r} is not a ranking: choose one of {', '.join(sorted(family_names()))}"
    )


@cache
def showdown_rules() -> tuple[Rule, ...]:
    """The numbered Straights showdown rules, in order (``rules[6]`` is rule 7)."""
    section = next(s for s in sections() if s.title.startswith(SHOWDOWN_TITLE))
    rules: list[tuple[int, str, list[str]]] = []
    for line in section.markdown.splitlines():
        match = _RULE.fullmatch(line)
        if match:
            rules.append((int(match[1]), match[2], [match[3]]))
        elif rules and line.startswith("   ") and line.strip():
            rules[-1][2].append(line.strip())
        elif rules and not line.strip():
            break
    return tuple(Rule(n, name, " ".join(text)) for n, name, text in rules)
