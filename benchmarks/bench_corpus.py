"""Replay and statistics at corpus scale: every real hand this machine can reach, many
times over, through ``history stats`` on one core and on all cores, in constant memory,
beside PokerKit's parser and replay on the same hands.

    .venv/bin/python benchmarks/bench_corpus.py [--hands 200000] [--per-file 1000]
        [--workers N] [--handhq] [--json]

The real hands: the 287 of ``shared/data/phh`` (HandHQ, Pluribus, WSOP 2023,
historical) and every hand of ``tests/data/sites`` that imports (seven sites' own text,
read into PHH by ``straights.sites``).  The public PHH corpus (21.6 million hands, 1.8 GB)
cannot be brought here whole, so these hands are written again and again into
``.phhs`` files of ``--per-file`` hands (the HandHQ part of the corpus holds about
1,100 a file) up to ``--hands``.

Each run is a fresh interpreter that counts the files with
:func:`straights.history_stats.count_files` and reports its wall time, the CPU seconds
of itself and its worker processes, and its peak resident memory (``ru_maxrss``; for
the workers, the largest of them).  Runs: ``serial`` on a tenth of the corpus and on all
of it (memory must not grow with the hands), and ``processes`` on all of it.  PokerKit
(the dev extra): ``HandHistory.loads`` and every state of each hand it reads, best of
three, in CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = Path(os.environ.get("STRAIGHTS_SHARED") or ROOT.parent / "shared") / "data" / "phh"

#: The child's program: count the files, then print what it cost.
CHILD = """
import json, os, resource, sys, time
from straights.history_stats import count_files
start, cpu = time.perf_counter(), os.times()
stats = count_files([sys.argv[1]], executor=sys.argv[2], workers=int(sys.argv[3]) or None)
end, done = time.perf_counter(), os.times()
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"hands": stats.hands, "wall": end - start,
                  "cpu": (done.user + done.system + done.children_user + done.children_system)
                  - (cpu.user + cpu.system + cpu.children_user + cpu.children_system),
                  "rss_mb": me.ru_maxrss / 1024, "worker_rss_mb": kids.ru_maxrss / 1024}))
"""


def real_hands(only_handhq: bool = False) -> list[str]:
    """Every reachable real hand as the TOML text of one hand (``only_handhq``: only
    the HandHQ hands, the part the public corpus is nearly all made of)."""
    from straights.history_stats import _pieces, phh_files
    from straights.poker.phh import dumps
    from straights.sites import Failure, read

    out = []
    for path in phh_files([str(SHARED / "handhq" if only_handhq else SHARED)]):
        with open(path, encoding="utf-8") as f:
            for piece in _pieces(f):
                lines = piece.splitlines(keepends=True)
                out.append("".join(x for x in lines if not x.lstrip().startswith("[")))
    sites = [] if only_handhq else sorted((ROOT / "tests" / "data" / "sites").iterdir())
    for site in sites:
        for file in sorted(site.iterdir()):
            for hand in read(str(file)):
                if not isinstance(hand, Failure):
                    out.append(dumps(hand))
    return out


def write_corpus(folder: Path, texts: list[str], hands: int, per_file: int) -> None:
    """``hands`` hands cycling through ``texts``, ``per_file`` to a ``.phhs`` file."""
    made, number = 0, 0
    while made < hands:
        count = min(per_file, hands - made)
        body = "".join(f"[{k + 1}]\n{texts[(made + k) % len(texts)]}\n" for k in range(count))
        (folder / f"part{number:05}.phhs").write_text(body, encoding="utf-8")
        made, number = made + count, number + 1


def count(folder: Path, executor: str, workers: int) -> dict[str, Any]:
    """One fresh interpreter counting ``folder``."""
    env = os.environ | {"PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder), executor, str(workers)],
                          capture_output=True, text=True, env=env, check=True)  # fmt: skip
    result: dict[str, Any] = json.loads(done.stdout)
    result["per_wall_second"] = round(result["hands"] / result["wall"], 1)
    result["per_cpu_second"] = round(result["hands"] / result["cpu"], 1)
    return result


def pokerkit_replay(text: str) -> None:
    """PokerKit's parser and every state of its replay of one hand's text."""
    import pokerkit

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in pokerkit.HandHistory.loads(text):
            pass


def pokerkit_reads(texts: list[str]) -> list[str]:
    """The hands of ``texts`` PokerKit reads (one it does not read is left out)."""
    theirs = []
    for text in texts:
        try:
            pokerkit_replay(text)
            theirs.append(text)
        except Exception:  # a hand PokerKit does not read is left out
            continue
    return theirs


def pokerkit_rate(texts: list[str]) -> tuple[dict[str, Any], list[str]]:
    """PokerKit's parser and replay on the hands it reads: hands per CPU second (and
    those hands)."""
    theirs = pokerkit_reads(texts)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for text in theirs:
            pokerkit_replay(text)
        best = min(best, time.process_time() - start)
    return {"hands": len(theirs), "per_cpu_second": round(len(theirs) / best, 1)}, theirs


def ours_rate(texts: list[str]) -> dict[str, Any]:
    """Our parser, replay and statistics on the same hands, in this process."""
    from straights.history_stats import Stats
    from straights.poker.phh import loads

    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        stats = Stats()
        for text in texts:
            stats.add_history(loads(text)[0])
        best = min(best, time.process_time() - start)
    return {"hands": len(texts), "per_cpu_second": round(len(texts) / best, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--per-file", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=0, help="processes (0: every core)")
    parser.add_argument("--handhq", action="store_true", help="only the HandHQ hands")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    texts = real_hands(args.handhq)
    rows: dict[str, Any] = {"real hands": len(texts), "cores": os.cpu_count(),
                            "load average before": os.getloadavg()[0]}  # fmt: skip
    rows["straights, in process (every real hand)"] = ours_rate(texts)
    theirs, read = pokerkit_rate(texts)
    rows["straights, in process (the hands PokerKit reads)"] = ours_rate(read)
    rows["pokerkit, in process (the hands it reads)"] = theirs
    with tempfile.TemporaryDirectory() as tmp:
        small, large = Path(tmp, "small"), Path(tmp, "large")
        small.mkdir()
        large.mkdir()
        write_corpus(small, texts, args.hands // 10, args.per_file)
        write_corpus(large, texts, args.hands, args.per_file)
        rows[f"serial, {args.hands // 10} hands"] = count(small, "serial", 0)
        rows[f"serial, {args.hands} hands"] = count(large, "serial", 0)
        rows[f"processes, {args.hands} hands"] = count(large, "processes", args.workers)
    rows["load average after"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for key, value in rows.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
