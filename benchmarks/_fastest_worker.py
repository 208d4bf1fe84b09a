"""Runs inside benchmarks/.fast-peers-venv: pkrbot (one hand per call) and OMPEval (batch).

Started once by bench_fastest.py as ``python _fastest_worker.py HANDS_DIR``; then
answers one command a line on stdin with one JSON line on stdout, so that the
two sides of every ratio take turns:

* ``one N`` — CPU seconds for pkrbot's ``evaluate`` on every N-card hand of
  ``hands-N.bin`` (pre-built ``pkrbot.Card`` lists, one call per hand), the
  quickest of :data:`PASSES` passes after an untimed one;
* ``batch N`` — CPU seconds (best of three) for pokerfast's OMPEval ``pf_evaluate`` over the
  7-card rows of ``batch-N.bin`` (pre-encoded bytes, one native call);
* ``keys N`` — OMPEval's values for the first N rows of ``batch-*.bin`` (to check
  both sides ordered the same hands the same way), written to ``omp-keys.bin``.

Card ids are this project's: (rank - 2) * 4 + suit, suits c d h s.
"""

from __future__ import annotations

import ctypes
import json
import sys
import time
from pathlib import Path

import pkrbot
from pokerfast import equity

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
#: Timed passes over the one-hand work, the quickest counted (as bench_fastest.py does).
PASSES = 3
#: This project's suit (c d h s) to OMPEval's card code as pokerfast writes it.
OMP_SUIT = (2, 3, 1, 0)


def omp_bytes(raw: bytes) -> bytes:
    table = bytes(4 * (i >> 2) + OMP_SUIT[i & 3] for i in range(52))
    return raw.translate(table + bytes(204))


def main() -> None:
    folder = Path(sys.argv[1])
    cards = [pkrbot.Card(n) for n in NAMES]
    evaluate = pkrbot.evaluate
    hands: dict[int, list[list[object]]] = {}
    batches: dict[int, bytes] = {}
    lib = equity._load()
    for line in sys.stdin:
        command, arg = line.split()
        n = int(arg)
        answer: dict[str, object] = {}
        if command == "one":
            if n not in hands:
                raw = (folder / f"hands-{n}.bin").read_bytes()
                hands[n] = [[cards[c] for c in raw[i : i + n]] for i in range(0, len(raw), n)]
            work = hands[n]
            for h in work:
                evaluate(h)
            best = float("inf")
            for _ in range(PASSES):  # the quickest pass, as the other side
                start = time.process_time()
                for h in work:
                    evaluate(h)
                best = min(best, time.process_time() - start)
            answer = {"cpu": best, "count": len(work)}
        elif command == "batch":
            if n not in batches:
                batches[n] = omp_bytes((folder / f"batch-{n}.bin").read_bytes())
            buf = batches[n]
            out = (ctypes.c_uint16 * n)()
            lib.pf_evaluate(buf, n, 7, out)  # warm
            best = float("inf")
            for _ in range(3):  # best of three, as the other side
                start = time.process_time()
                lib.pf_evaluate(buf, n, 7, out)
                best = min(best, time.process_time() - start)
            answer = {"cpu": best, "count": n}
        elif command == "keys":
            raw = (folder / "keys.bin").read_bytes()
            out = (ctypes.c_uint16 * n)()
            lib.pf_evaluate(omp_bytes(raw), n, 7, out)
            (folder / "omp-keys.bin").write_bytes(bytes(out))
            answer = {"count": n}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
