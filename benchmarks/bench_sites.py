"""Hands a second of the site hand-history import and export, on the real files of
``tests/data/sites`` (one core).

    .venv/bin/python benchmarks/bench_sites.py [--rounds 5] [--json]

*import* is everything ``straights history import`` does to a hand: read the site's
text, build the PHH, replay it through the engine and compare with the printed
stacks (a hand that fails also pays for finding the line of its first bad action).
*export* writes every imported hand as PokerStars text, and as OHH where OHH has the
game.  Each figure is the best of ``--rounds`` passes over all the files (the machine
may be shared).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from straights.errors import HandHistoryError
from straights.sites import Failure, read
from straights.sites.export import to_ohh, to_pokerstars

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "sites"


def measure(rounds: int) -> dict[str, Any]:
    """Hands and hands per second of import, PokerStars export and OHH export."""
    files = sorted(p for p in DATA.glob("*/*") if p.is_file())
    best: dict[str, float] = {}
    hands: list[dict[str, Any]] = []
    failures = 0
    for _ in range(rounds):
        start = time.perf_counter()
        got = [item for path in files for item in read(str(path))]
        best["import"] = min(best.get("import", 1e9), time.perf_counter() - start)
        hands = [h for h in got if not isinstance(h, Failure)]
        failures = len(got) - len(hands)
    ohh = 0
    for name, write in (("pokerstars", to_pokerstars), ("ohh", to_ohh)):
        for _ in range(rounds):
            start = time.perf_counter()
            done = 0
            for hand in hands:
                try:
                    write(hand)
                    done += 1
                except HandHistoryError:
                    pass
            best[name] = min(best.get(name, 1e9), time.perf_counter() - start)
        if name == "ohh":
            ohh = done
    total = len(hands) + failures
    return {
        "files": len(files),
        "hands": len(hands),
        "failures": failures,
        "import_hands_per_second": round(total / best["import"]),
        "pokerstars_hands_per_second": round(len(hands) / best["pokerstars"]),
        "ohh_hands": ohh,
        "ohh_hands_per_second": round(ohh / best["ohh"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.rounds)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{figures['files']} files, {figures['hands']} hands imported, "
          f"{figures['failures']} error rows")  # fmt: skip
    print(f"import (read, PHH, replay, check): {figures['import_hands_per_second']:,} hands/s")
    print(f"export to PokerStars text:         {figures['pokerstars_hands_per_second']:,} hands/s")
    print(f"export to OHH ({figures['ohh_hands']} hands):        "
          f"{figures['ohh_hands_per_second']:,} hands/s")  # fmt: skip


if __name__ == "__main__":
    main()
