"""Hand histories per second: parsing and replaying PHH, and player statistics, beside
PokerKit's parser and replay on the same hands.

    .venv/bin/python benchmarks/bench_history_stats.py [--data ../shared/data/phh]
        [--copies 40] [--json]

The hands are every hand of ``--data`` (the shared real hands: HandHQ, Pluribus,
WSOP 2023, historical), each cut out as its own TOML text.  On one core, in CPU
seconds of this process (steadier than wall time on a shared machine), best of three:

* ``straights replay``: :func:`straights.poker.phh.loads` then
  :func:`~straights.poker.phh.replay` of each hand;
* ``straights stats``: the same plus the statistics
  (:meth:`straights.history_stats.Stats.add_history`);
* ``pokerkit replay``: ``pokerkit.HandHistory.loads`` then every state of the hand
  (PokerKit's own replay; it is a dev extra), on the hands it reads.

On all cores, in wall seconds: ``straights history stats`` through
:func:`straights.history_stats.count_files` over ``--copies`` copies of the hands
written as ``.phhs`` files, serial against ``--executor processes``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_corpus import pokerkit_reads
from bench_corpus import pokerkit_replay as pokerkit_one

from straights.history_stats import Stats, _pieces, count_files, phh_files
from straights.poker.phh import loads, replay

HERE = Path(__file__).resolve().parent
DATA = Path(os.environ.get("STRAIGHTS_SHARED") or HERE.parent.parent / "shared") / "data" / "phh"


def hand_texts(data: Path) -> list[str]:
    """Every hand of the folder as the TOML of one hand (a ``.phhs`` table's header cut)."""
    out = []
    for path in phh_files([str(data)]):
        with open(path, encoding="utf-8") as f:
            for piece in _pieces(f):
                lines = piece.splitlines(keepends=True)
                body = [x for x in lines if not x.lstrip().startswith("[")]
                out.append("".join(body))
    return out


def cpu_best(fn: Any, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--copies", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    texts = hand_texts(args.data)
    theirs = pokerkit_reads(texts)

    def ours_replay(hands: list[str]) -> None:
        for text in hands:
            replay(loads(text)[0])

    def ours_stats(hands: list[str]) -> None:
        stats = Stats()
        for text in hands:
            stats.add_history(loads(text)[0])

    def pokerkit_replay(hands: list[str]) -> None:
        for text in hands:
            pokerkit_one(text)

    rows: dict[str, Any] = {"hands": len(texts), "pokerkit_reads": len(theirs)}
    for name, fn, hands in (
        ("straights replay", ours_replay, texts),
        ("straights replay (hands PokerKit reads)", ours_replay, theirs),
        ("straights stats", ours_stats, texts),
        ("pokerkit replay (hands it reads)", pokerkit_replay, theirs),
    ):
        seconds = cpu_best(lambda fn=fn, hands=hands: fn(hands))
        rows[name] = round(len(hands) / seconds, 1)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = [f"[{i}]\n{t}\n" for i, t in enumerate(texts, 1)]
        for k in range(args.copies):
            Path(tmp, f"copy{k:03}.phhs").write_text("".join(corpus), encoding="utf-8")
        total = len(texts) * args.copies
        for executor in ("serial", "processes"):
            start = time.perf_counter()
            got = count_files([tmp], executor=executor)
            seconds = time.perf_counter() - start
            assert got.hands == total, (got.hands, total)
            rows[f"stats {executor} ({os.cpu_count()} cores), {total} hands"] = round(
                total / seconds, 1
            )
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for key, value in rows.items():
        unit = "" if key in ("hands", "pokerkit_reads") else " hands/s"
        print(f"{key:>55}: {value:,}{unit}")


if __name__ == "__main__":
    sys.exit(main())
