"""Lines of code above the engine, per table stack (issue 19: it shrinks by 30 %).

Run ``python benchmarks/stack_lines.py`` from the repository root; it prints one
line per stack (files that no longer exist count 0) and the total.  A stack is the
code that carries a table across deals for a game, from the table to each front
end: the lists below are the issue's, as files.
"""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "straights"

STACKS: dict[str, tuple[str, ...]] = {
    "straights": (
        "game/*.py",  # game/hand.py, table.py, view.py: deleted (tests/oracle/ keeps them)
        "web/straights_game.py",
        "web/straights_move.py",
        "store/recorded.py",
        "store/legacy_straights.py",
        "store/legacy_stored.py",
        "cli/play.py",
        "cli/straights_table.py",
        "cli/straights_legacy.py",
        "cli/simulate.py",
        "bots/arena.py",
    ),
    "catalogue": (
        "poker/ring.py",
        "web/poker_game.py",
        "web/deal_steps.py",
        "store/ring.py",
        "cli/ring_play.py",
        "cli/ring_simulate.py",
        "bots/ring_arena.py",
        "web/static/variants.js",
    ),
    "pai-gow": (
        "paigow/*.py",
        "web/paigow_game.py",
        "store/paigow.py",
        "cli/paigow_*.py",
        "web/static/paigow.js",
    ),
    "one table": (
        "table/*.py",
        "store/table.py",
        "web/tables.py",
        "web/seats.py",
        "cli/table_play.py",
        "cli/table_simulate.py",
    ),
}


def lines(pattern: str) -> int:
    """Lines of the files matching ``pattern`` under ``src/straights``."""
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in SRC.glob(pattern))


def main() -> None:
    total = 0
    for stack, patterns in STACKS.items():
        count = sum(lines(p) for p in patterns)
        total += count
        print(f"{stack:10} {count:6}")
    print(f"{'total':10} {total:6}")


if __name__ == "__main__":
    main()
